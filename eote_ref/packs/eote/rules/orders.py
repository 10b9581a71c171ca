"""Order activation (EotE 3.1-3.6): turns until a division acts on a new order."""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass

from eote_ref.packs.eote.rules.command import WING_NOTE, RadiusColumn, radius_in
from eote_ref.packs.eote.rules.core import (
    Modifier,
    Outcome,
    RulesError,
    Source,
    d10_distribution,
    require_finite,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import Ruleset


class OrderType(enum.Enum):
    """The broad order types of EotE 3.2."""

    DEFEND = "DEFEND"
    ATTACK = "ATTACK"
    MANEUVER = "MANEUVER"
    RESERVE = "RESERVE"
    WITHDRAW = "WITHDRAW"
    PURSUIT = "PURSUIT"


class IssuerLevel(enum.Enum):
    """Who issues orders: army, wing or corps commanders (3.1); a wing uses the corps radius."""

    CORPS = "corps"
    WING = "wing"
    ARMY = "army"


@dataclass(frozen=True)
class OrderActivationSituation:
    """An army/wing/corps leader sending an order (or activating a reserve) to a division."""

    leader_rating: int
    level: IssuerLevel
    distance_in: float = 0
    dominating_terrain: bool = False
    attached_to_division: bool = False
    first_turn: bool = False
    figure_scale: str = "15mm"


def oac_turns(rs: Ruleset, rating: int, modified_roll: float) -> int:
    """Turns before the order is acted on, from the Activating Orders Chart row of ``rating``."""
    try:
        row = rs.charts.oac.lookup(rating)
    except RulesError:
        raise RulesError(
            f"leader_rating {rating} is not -1..4", field="leader_rating", rule="3.6"
        ) from None
    for turns, threshold in enumerate(row.thresholds, start=1):
        if modified_roll <= threshold:
            return turns
    return len(row.thresholds) + 1


def activation_modifiers(s: OrderActivationSituation, rs: Ruleset) -> list[Modifier]:
    """Distance and terrain modifiers of 3.6 (army and corps leaders)."""
    level = RadiusColumn(s.level.value)
    radius = radius_in(rs, s.leader_rating, level, s.figure_scale)
    mods: list[Modifier] = []
    half = radius * rs.quantity("oac_half_radius").value
    if s.distance_in <= half:
        v = rs.mod("oac", "within_half_radius")
        radius_mod = v.modifier(reason=f'{v.reason} ({s.distance_in:g}" of {radius:g}")')
    else:
        v = rs.mod("oac", "beyond_half_radius")
        where = "within" if s.distance_in <= radius else "beyond"
        reason = f'{v.reason} ({s.distance_in:g}", {where} the {radius:g}" radius)'
        radius_mod = v.modifier(reason=reason)
    if level is RadiusColumn.WING:
        # The radius it is measured against is a reading: 3.6 has no wing column.
        radius_mod = Modifier(
            radius_mod.value, f"{radius_mod.reason}; {WING_NOTE}", v.rule, Source.PROVISIONAL
        )
    mods.append(radius_mod)
    if s.distance_in > radius:
        per = float(rs.opts.inches_per_1500_yards)
        rounding = str(rs.opts.order_distance_rounding)
        parts = (s.distance_in - radius) / per
        steps = math.ceil(parts) if rounding == "up" else math.floor(parts)
        if steps:
            v = rs.mod("oac", "per_1500_yards")
            reason = (
                f'{v.reason}: {s.distance_in - radius:g}" beyond at {per:g}" per 1500 yards '
                f"(option inches_per_1500_yards={per:g}, a ground scale the figure scale "
                "does not change)"
            )
            if parts != int(parts):
                reason += (
                    f", a part step rounded {rounding} (option order_distance_rounding={rounding})"
                )
            mods.append(v.modifier(steps, reason=reason))
    if s.dominating_terrain:
        mods.append(rs.mod("oac", "dominating_terrain").modifier())
    return mods


def attached_beyond_radius(s: OrderActivationSituation, rs: Ruleset) -> float | None:
    """The radius an attached leader's ``distance_in`` lies beyond, or None when it does not.

    A leader attached to the division stands by its commander (3.5.2), so a distance beyond
    his radius contradicts the attachment; within it, the distance plays no part (the order
    acts next turn, 3.1). On the first turn no distance is read at all (orders act at once).
    """
    if not s.attached_to_division or s.first_turn:
        return None
    radius = radius_in(rs, s.leader_rating, RadiusColumn(s.level.value), s.figure_scale)
    return radius if s.distance_in > radius else None


def order_activation(s: OrderActivationSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """Output ``turns`` (0 = at once on the first turn; 1 = next turn when attached)."""
    require_finite(s.distance_in, "distance_in")
    if s.distance_in < 0:
        raise RulesError("distance_in cannot be negative", field="distance_in")
    oac_turns(rs, s.leader_rating, 0)  # validates the rating
    radius = attached_beyond_radius(s, rs)
    if radius is not None:
        raise RulesError(
            f'distance_in {s.distance_in:g}" is beyond the {radius:g}" command radius, '
            "but attached_to_division is true: a leader attached to the division is with "
            "it, so he cannot be out of its radius",
            field="distance_in",
            rule="3.5.2, 3.6",
        )
    if s.first_turn or s.attached_to_division:
        turns = 0 if s.first_turn else 1
        note = (
            "orders given on the first turn take effect at once (3.1)"
            if s.first_turn
            else "an attached army or corps leader's orders act next turn without a roll (3.1)"
        )
        return Outcome.decided(
            "order_activation",
            "3.1",
            str(turns),
            details={"turns": turns},
            notes=(note,),
        )
    mods = activation_modifiers(s, rs)
    shift = sum(m.value for m in mods)

    def result_of(roll: int) -> str:
        return str(oac_turns(rs, s.leader_rating, roll + shift))

    roll = dice.d10()
    result = result_of(roll)
    return Outcome(
        procedure="order_activation",
        rule="3.6",
        base=roll,
        modifiers=tuple(mods),
        modified=roll + shift,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        details={"turns": int(result)},
        notes=("the Activating Orders Chart is provisional: replace it with your chart (3.1)",),
    )
