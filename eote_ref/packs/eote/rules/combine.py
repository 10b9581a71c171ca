"""Combining several units into one combat value (EotE 7.9, also 5.5 and 6.3)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from eote_ref.packs.eote.rules.core import Modifier, Reveals, Source
from eote_ref.packs.eote.rules.ruleset import Ruleset


def floor_at_zero(value: float, rs: Ruleset) -> Modifier | None:
    """The house ruling that a modified CE never drops below 0 (a routed unit's CE is 0, 7.4)."""
    if value >= 0:
        return None
    v = rs.mod("combat", "floor_zero")
    return Modifier(-value, v.reason, v.rule, v.source, Reveals.CE)


def halve(value: float, rs: Ruleset) -> float:
    """Half a modified CE, rounded as option ``multi_unit_half_rounding`` says (EotE 7.9)."""
    how = rs.opts.multi_unit_half_rounding
    part = value * rs.quantity("multi_unit_fraction").value
    if how == "down":
        return float(math.floor(part))
    if how == "nearest":
        return float(math.floor(part + 0.5))  # not a rule number: rounding to nearest
    return part


def combine(values: Sequence[float], rs: Ruleset, who: str) -> tuple[float, Modifier | None]:
    """Combined value of several units' modified CEs and the modifier that records the halving.

    The strongest counts in full; the weaker add half (EotE 7.9). With three or more, option
    ``multi_unit_three_or_more`` says whether each weaker unit adds half or only the second.
    """
    if len(values) < 2:  # not a rule number: one unit has nothing to combine
        return (values[0] if values else 0.0), None
    ordered = sorted(values, reverse=True)
    rest = ordered[1:]
    if rs.opts.multi_unit_three_or_more == "strongest_plus_half_next_only":
        counted = [halve(rest[0], rs)]
    else:
        counted = [halve(v, rs) for v in rest]
    combined = ordered[0] + sum(counted)
    reduction = combined - sum(values)
    mod = Modifier(
        reduction,
        f"{who}: {len(values)} units, strongest in full, the others at half",
        "7.9",
        Source.TEXT,
        Reveals.CE,
    )
    return combined, mod
