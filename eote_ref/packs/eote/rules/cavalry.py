"""Cavalry: charges through terrain (5.8), end of turn (5.10-5.12), British breakthrough (5.151)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import (
    Effect,
    Modifier,
    Outcome,
    RulesError,
    Source,
    certain,
    d10_distribution,
)
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.results import BLOWN_MARKERS
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import counts_as_british


@dataclass(frozen=True)
class CavalryEndOfTurnSituation:
    """A cavalry unit at the end of the turn (after any breakthrough combat)."""

    blown: int = 0
    engaged_this_turn: bool = False
    rested_this_turn: bool = False
    figure_scale: str = "15mm"


def cavalry_end_of_turn(s: CavalryEndOfTurnSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """No roll: ``blown``, ``disintegrated``, ``rested`` or ``no_change``.

    Engaged cavalry gains a blown marker; engaged while blown it disintegrates, keeping the
    markers it has and gaining none (5.10, 5.11, 7.7). A rested
    blown unit swaps one blown marker for disorder in the next command phase (5.12).
    """
    if s.blown < 0:
        raise RulesError("blown cannot be negative", field="blown", rule="5.10")
    rs.scale_modifier(s.figure_scale)  # refuses an unknown figure scale
    if s.engaged_this_turn and s.rested_this_turn:
        raise RulesError("a unit that fought did not rest", "rested_this_turn", "5.12")
    blown, disordered, gone = s.blown, False, False
    notes: list[str] = []
    if s.engaged_this_turn:
        gone = s.blown > 0
        blown = s.blown if gone else s.blown + 1
        if gone:
            back = rs.scaled(rs.distance("disintegrated_return").value, s.figure_scale)
            notes.append(
                f'removed; returns near its starting point at least {back:g}" from the enemy, '
                "keeping its hits and blown markers (5.11)"
            )
        result = "disintegrated" if gone else "blown"
    elif s.rested_this_turn and s.blown:
        blown, disordered = s.blown - 1, True
        notes.append("a blown marker becomes disorder in the command phase (5.12)")
        result = "rested"
    else:
        result = "no_change"
    # modified = base plus modifiers (RULE-CLI contract): the change of the blown markers
    mods: tuple[Modifier, ...] = ()
    if blown > s.blown:
        mods = (Modifier(blown - s.blown, "engaged this turn: blown marker", "5.10", Source.TEXT),)
    elif blown < s.blown:
        mods = (Modifier(blown - s.blown, "rested: blown marker to disorder", "5.12", Source.TEXT),)
    return Outcome(
        procedure="cavalry_end_of_turn",
        rule="5.10",
        base=s.blown,
        modifiers=mods,
        modified=blown,
        roll=None,
        result=result,
        probabilities=certain(result),
        effects={"unit": Effect(blown_markers=blown - s.blown, disorder=disordered)},
        details={"blown_after": blown, "disordered_after": disordered, "disintegrated": gone},
        value_name=BLOWN_MARKERS,
        notes=tuple(notes),
    )


@dataclass(frozen=True)
class BritishBreakthroughSituation:
    """Cavalry that won a breakthrough; ``takes_breakthrough`` is the player's wish."""

    nation: str = "british"
    takes_breakthrough: bool = False
    figure_scale: str = "15mm"


def british_cavalry_breakthrough(
    s: BritishBreakthroughSituation, rs: Ruleset, dice: Dice
) -> Outcome:
    """``taken``, ``declined`` or ``must_take`` (British cavalry declining roll: even forces it)."""
    rs.scale_modifier(s.figure_scale)  # refuses an unknown figure scale
    british = counts_as_british(s.nation, rs)
    kgl = s.nation.strip().lower() == "kgl"
    option = f" (KGL: option kgl_counts_as_british={rs.opts.kgl_counts_as_british})"
    if s.takes_breakthrough or not british:
        result = "taken" if s.takes_breakthrough else "declined"
        note = "only British cavalry must roll (5.151)" + (option if kgl else "")
        return Outcome.decided(
            "british_cavalry_breakthrough",
            "5.151",
            result,
            notes=() if british else (note,),
        )

    def result_of(roll: int) -> str:
        return "must_take" if roll % 2 == 0 else "declined"  # not a rule number: even faces

    roll = dice.d10()
    result = result_of(roll)
    reach = rs.scaled(rs.distance("breakthrough").value, s.figure_scale)
    notes = [f"rolls as British{option}"] if kgl else []
    if result == "must_take":
        notes.insert(0, f'breakthrough: {reach:g}", one only, the unit disordered (5.15)')
    return Outcome(
        procedure="british_cavalry_breakthrough",
        rule="5.151",
        base=roll,
        modifiers=(),
        modified=roll,
        roll=roll,
        result=result,
        probabilities=d10_distribution(result_of),
        effects={
            "unit": Effect(breakthrough=result == "must_take", disorder=result == "must_take")
        },
        notes=tuple(notes),
    )


class Terrain(enum.Enum):
    """Terrain crossed by a cavalry charge (5.8.1)."""

    OPEN = "open"
    STREAM = "stream"
    BRIDGE = "bridge"
    WALL = "wall"
    HEDGE = "hedge"
    WOODS = "woods"
    TOWN = "town"
    ROCKY = "rocky"
    RIVER = "river"
    HEAVY = "heavy"


@dataclass(frozen=True)
class ChargeSituation:
    """A cavalry charge and what it crosses; ``in_column`` matters in town streets (7.12)."""

    terrain: Terrain = Terrain.OPEN
    in_column: bool = True
    figure_scale: str = "15mm"


def charge(s: ChargeSituation, rs: Ruleset, dice: Dice) -> Outcome:
    """``allowed``, ``allowed_disordered`` or ``not_allowed`` by terrain (5.8.1)."""
    if s.terrain in (Terrain.WOODS, Terrain.ROCKY, Terrain.RIVER, Terrain.HEAVY):
        result, note = "not_allowed", f"cavalry may not charge into {s.terrain.value} (5.8.1)"
    elif s.terrain is Terrain.TOWN:
        if s.in_column:
            result, note = (
                "allowed",
                "in a town cavalry is in the street and charges in column (7.12)",
            )
        else:
            result, note = "not_allowed", "in a town cavalry may only charge in column (7.12)"
    elif s.terrain in (Terrain.STREAM, Terrain.BRIDGE, Terrain.WALL, Terrain.HEDGE):
        result, note = "allowed_disordered", f"charging over a {s.terrain.value} disorders (5.8.1)"
    else:
        result, note = "allowed", ""
    return Outcome.decided(
        "charge",
        "5.8.1",
        result,
        effects={"unit": Effect(disorder=result == "allowed_disordered")},
        details={
            "charge_in": rs.scaled(rs.distance("cavalry_charge").value, s.figure_scale),
            "interception_in": rs.scaled(rs.distance("cavalry_interception").value, s.figure_scale),
        },
        notes=(note,) if note else (),
    )
