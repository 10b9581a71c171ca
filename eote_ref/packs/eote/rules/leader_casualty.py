"""Leader casualties (EotE 8.0): one d10 for each leader near combat or artillery fire."""

from __future__ import annotations

from dataclasses import dataclass

from eote_ref.packs.eote.rules.charts import named_chart
from eote_ref.packs.eote.rules.core import Effect, Modifier, Outcome, d10_distribution
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import NamedBands, Ruleset

RULE = "8.0"


def replacement(rs: Ruleset) -> tuple[int, int]:
    """(turns until a killed leader's replacement arrives, the replacement's rating) (8.0)."""
    turns = int(rs.quantity("replacement_delay_turns").value)
    return turns, int(rs.quantity("replacement_rating").value)


@dataclass(frozen=True)
class LeaderCasualtySituation:
    """A leader near a unit in combat or under artillery fire this turn (8.0)."""

    attached_to_assaulting_unit: bool = False


def band_of(bands: NamedBands, value: float) -> str:
    """The name of the band that holds ``value`` (open ends catch everything beyond them).

    For a caller holding the chart as the file writes it; a ruling reads ``rs.charts``.
    """
    return named_chart(bands.rule, bands).lookup(value)


def leader_casualty(s: LeaderCasualtySituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``killed``, ``no_rally`` (cannot rally next turn) or ``no_effect``."""
    mods: list[Modifier] = []
    if s.attached_to_assaulting_unit:
        mods.append(rs.mod("leader_casualty", "attached_to_assault").modifier())
    shift = sum(m.value for m in mods)

    def result_of(roll: int) -> str:
        return rs.charts.leader_casualty.lookup(roll + shift)

    roll = dice.d10()
    result = result_of(roll)
    effect = Effect()
    details: dict[str, object] = {}
    if result == "killed":
        turns, rating = replacement(rs)
        effect = Effect(
            checks_due=("divisional_integrity",),
            notes=(
                f"a replacement rated {rating} arrives {turns} turns later",
                "the division's units cannot rally from disorder without a leader",
                "the division takes an extra divisional integrity check",
            ),
        )
        details = {
            "replacement_in_turns": turns,
            "replacement_rating": rating,
        }
    elif result == "no_rally":
        effect = Effect(notes=("cannot rally units next turn",))
    return Outcome(
        procedure="leader_casualty",
        rule=RULE,
        base=roll,
        modifiers=tuple(mods),
        modified=roll + shift,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        effects={"leader": effect},
        details=details,
    )
