"""Victory (AVlE 4.2, 9.4.3, 14.0 with 15.0) and the hand of command cards (AVlE 3.0, 4.1).

Victory is checked for the end of a round: decisive when a side holds no unit in one of the
three sectors, substantial when a side has lost the units its enemy must eliminate (20% fewer
with the optional morale rule), and after the sixth turn marginal (fewer units lost) or moral
(more elements left). No dice. Standard library only.
"""

from __future__ import annotations

import dataclasses
import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Literal

from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, Source, certain
from eote_ref.packs.outcome import whole_total as total
from eote_ref.packs.play import possessive

PACK = "avle"
SECTORS = ("left", "centre", "right")


@dataclass(frozen=True)
class SideState:
    """One side at the check."""

    wins_at: int | None = None
    units_lost: int = 0
    generals_lost: int = 0
    setup_garrisons_lost: int = 0
    withdrawn: int = 0
    units_by_sector: dict[str, int] | None = None
    generals_by_sector: dict[str, int] = field(default_factory=dict)
    elements_left: int = 0
    generals_left: int = 0
    units_lost_by_nation: dict[str, int] = field(default_factory=dict)
    generals_lost_by_nation: dict[str, int] = field(default_factory=dict)
    setup_garrisons_lost_by_nation: dict[str, int] = field(default_factory=dict)
    withdrawn_by_nation: dict[str, int] = field(default_factory=dict)
    wins_at_by_nation: dict[str, int] = field(default_factory=dict)


NATIONS = ("french", "english", "prussian")


@dataclass(frozen=True)
class VictorySituation:
    """Both sides after a complete round (``turn``, ``round``)."""

    sides: dict[str, SideState]
    turn: int = 1
    round: int = 6


def _lost(rules: AvleRules, name: str, side: SideState) -> tuple[int, list[Modifier]]:
    mods: list[Modifier] = []
    if side.generals_lost:
        mods.append(
            Modifier(
                side.generals_lost, f"{name}: Generals killed or captured", "9.4.3", Source.TEXT
            )
        )
    if side.setup_garrisons_lost and rules.opt("setup_garrisons") == "counted":
        mods.append(
            Modifier(
                side.setup_garrisons_lost,
                f"{name}: set-up garrisons ({rules.option_note('setup_garrisons')})",
                "6.0",
                Source.PROVISIONAL,
            )
        )
    if side.withdrawn and rules.opt("withdrawn_units") == "lost":
        mods.append(
            Modifier(
                side.withdrawn,
                f"{name}: units withdrawn ({rules.option_note('withdrawn_units')})",
                "15.0",
                Source.PROVISIONAL,
            )
        )
    return side.units_lost, mods


def _counted(rules: AvleRules, side: SideState) -> dict[str, int]:
    """A side's losses counted for victory, by kind (4.2, 9.4.3; 6.0 and 15.0 by option)."""
    out = {"units": side.units_lost, "generals": side.generals_lost}
    if rules.opt("setup_garrisons") == "counted":
        out["setup_garrisons"] = side.setup_garrisons_lost
    if rules.opt("withdrawn_units") == "lost":
        out["withdrawn"] = side.withdrawn
    return out


def threshold(rules: AvleRules, wins_at: int | None) -> tuple[int, list[str]]:
    """The enemy units a side must eliminate, after the 14.0 reduction under 15.0."""
    v = rules.data.victory
    count = wins_at if wins_at is not None else v["hypothetical_units"].value
    notes = [] if wins_at is not None else [f"hypothetical battle: {count} units (14.0)"]
    if rules.opt("morale_rule"):
        exact = count * (100 - v["morale_reduction_percent"].value) / 100
        down = rules.opt("victory_reduction_rounding") == "down"
        reduced = math.floor(exact) if down else math.ceil(exact)
        notes.append(
            f"with 15.0 {count} becomes {exact:g}, so {reduced} "
            f"(14.0; {rules.option_note('victory_reduction_rounding')})"
        )
        count = reduced
    return count, notes


def victory(s: VictorySituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Who, if anyone, has won at the end of this round (4.2)."""
    del roller  # no dice
    if len(s.sides) != 2:
        raise PackError("give exactly two sides", "sides")
    turns, rounds = rules.data.victory["turns"].value, rules.data.victory["rounds"].value
    if not 1 <= s.turn <= turns:
        raise PackError(f"turn is 1..{turns}", "turn")
    if not 1 <= s.round <= rounds:
        raise PackError(f"round is 1..{rounds}", "round")
    names = list(s.sides)
    sides = {name: _by_nation_totals(name, side) for name, side in s.sides.items()}
    s = VictorySituation(sides, s.turn, s.round)
    for name, side in s.sides.items():
        for key in (
            "units_lost",
            "generals_lost",
            "setup_garrisons_lost",
            "withdrawn",
            "elements_left",
            "generals_left",
        ):
            if getattr(side, key) < 0:
                raise PackError(f"{key} is 0 or more", f"sides.{name}.{key}")
    notes: list[str] = []
    mods: list[Modifier] = []
    report: dict[str, dict[str, Any]] = {}
    lost: dict[str, int] = {}
    for name, side in s.sides.items():
        base, m = _lost(rules, name, side)
        mods += m
        lost[name] = total(base, m)
        other = names[1] if name == names[0] else names[0]
        need, t_notes = threshold(rules, s.sides[other].wins_at)
        notes += [f"{other}: {n}" for n in t_notes]
        wins_at = s.sides[other].wins_at
        report[name] = {
            "units_lost": lost[name],
            "enemy_needs": need,
            # What the count is made of, and the enemy's count before 15.0's reduction.
            "counted": _counted(rules, side),
            "enemy_count": (
                wins_at if wins_at is not None else rules.data.victory["hypothetical_units"].value
            ),
        }
    by_nation = {n: _nation_defeat(rules, n, s, report, notes) for n in names}
    result, winner = "none", None
    empty = {n: _empty_sectors(rules, n, side) for n, side in s.sides.items()}
    for n, e in empty.items():
        report[n]["empty_sectors"] = e
    beaten = [n for n in names if empty[n]]
    if beaten:
        result = "decisive" if len(beaten) == 1 else "drawn"
        winner = [n for n in names if n not in beaten][0] if len(beaten) == 1 else None
        if len(beaten) == 2:
            notes.append("both sides hold no unit in a sector; 4.2 does not say (drawn)")
    elif _substantial_due(rules, s):
        defeated = [n for n in names if lost[n] >= report[n]["enemy_needs"] or by_nation[n]]
        if len(defeated) == 1:
            result, winner = "substantial", names[1 - names.index(defeated[0])]
        elif len(defeated) == 2:
            result, winner = _both(rules, names, lost, report, notes)
    if result == "none" and s.turn == turns and s.round == rounds:
        result, winner = _end_of_battle(rules, s, names, lost, notes)
    return Outcome.of_pack(
        pack=PACK,
        procedure="victory",
        rule="4.2",
        base=0,
        modifiers=tuple(mods),
        modified=sum(m.value for m in mods),
        rolls={},
        result=result,
        probabilities=certain(result),
        details={"winner": winner, "sides": report},
        notes=tuple(notes),
    )


def _by_nation_totals(name: str, side: SideState) -> SideState:
    """The side with its totals of losses made the sums of its nations'.

    The totals: ``units_lost``, ``generals_lost``, ``setup_garrisons_lost`` and
    ``withdrawn``. Without losses by nation the side is as given (the single count of 4.2).
    With them, a total given as well must be 0 (taken as the sum) or the sum itself.
    """
    out = side
    for total_key, key in (
        ("units_lost", "units_lost_by_nation"),
        ("generals_lost", "generals_lost_by_nation"),
        ("setup_garrisons_lost", "setup_garrisons_lost_by_nation"),
        ("withdrawn", "withdrawn_by_nation"),
    ):
        by: dict[str, int] = getattr(side, key)
        field_name = f"sides.{name}.{key}"
        bad = sorted(set(by) - set(NATIONS))
        if bad:
            raise PackError(
                f"unknown nation '{bad[0]}' (nations: {', '.join(NATIONS)})", field_name
            )
        if any(v < 0 for v in by.values()):
            raise PackError("each nation's count is 0 or more", field_name)
        if not by:
            continue
        given, summed = getattr(side, total_key), sum(by.values())
        if given not in (0, summed):
            raise PackError(
                f"{total_key} {given} is not the sum of {key} ({summed}): give one, or both alike",
                f"sides.{name}.{total_key}",
            )
        if total_key == "units_lost":
            out = dataclasses.replace(out, units_lost=summed)
        elif total_key == "generals_lost":
            out = dataclasses.replace(out, generals_lost=summed)
        elif total_key == "withdrawn":
            out = dataclasses.replace(out, withdrawn=summed)
        else:
            out = dataclasses.replace(out, setup_garrisons_lost=summed)
    bad = sorted(set(side.wins_at_by_nation) - set(NATIONS))
    if bad or any(v < 1 for v in side.wins_at_by_nation.values()):
        raise PackError(
            f"wins_at_by_nation: nations ({', '.join(NATIONS)}) each with a count of 1 or more",
            f"sides.{name}.wins_at_by_nation",
        )
    return out


def _nation_defeat(
    rules: AvleRules,
    name: str,
    s: VictorySituation,
    report: dict[str, dict[str, Any]],
    notes: list[str],
) -> str | None:
    """The enemy nation whose own count this side's losses of it reached (13.1), or None."""
    other = [n for n in s.sides if n != name][0]
    counts = s.sides[other].wins_at_by_nation
    side = s.sides[name]
    if not counts:
        return None
    if not side.units_lost_by_nation:
        raise PackError(
            f"{other} wins on the losses of one nation: give {possessive(name)} "
            "units_lost_by_nation (13.1)",
            f"sides.{name}.units_lost_by_nation",
            "13.1",
        )
    # Set-up garrisons (6.0) and units withdrawn (15.0) count with their nation's units when
    # their option counts them: then they must be given by nation too.
    garrisons = rules.opt("setup_garrisons") == "counted" and side.setup_garrisons_lost > 0
    withdrawn = rules.opt("withdrawn_units") == "lost" and side.withdrawn > 0
    for counted, by_nation, key, words, option in (
        (garrisons, side.setup_garrisons_lost_by_nation, "setup_garrisons_lost_by_nation",
         "set-up garrisons", "setup_garrisons"),
        (withdrawn, side.withdrawn_by_nation, "withdrawn_by_nation", "units withdrawn",
         "withdrawn_units"),
    ):  # fmt: skip
        if counted and not by_nation:
            raise PackError(
                f"{other} wins on the losses of one nation and {words} count "
                f"({rules.option_note(option)}): give {possessive(name)} {key} (13.1)",
                f"sides.{name}.{key}",
                "13.1",
            )
    needs: dict[str, int] = {}
    lost: dict[str, int] = {}
    hit: str | None = None
    for nation, count in counts.items():
        need, t_notes = threshold(rules, count)
        notes.extend(f"{other} against {nation}: {n}" for n in t_notes)
        needs[nation] = need
        lost[nation] = (
            side.units_lost_by_nation.get(nation, 0)
            + side.generals_lost_by_nation.get(nation, 0)
            + (side.setup_garrisons_lost_by_nation.get(nation, 0) if garrisons else 0)
            + (side.withdrawn_by_nation.get(nation, 0) if withdrawn else 0)
        )
        if lost[nation] >= need and hit is None:
            hit = nation
    report[name]["lost_by_nation"] = lost
    report[name]["enemy_needs_by_nation"] = needs
    report[name]["defeated_by_nation"] = hit
    if hit:
        notes.append(
            f"{name} lost {lost[hit]} {hit} units and Generals, {possessive(other)} count of "
            f"that nation alone is {needs[hit]} (13.1)"
        )
    return hit


def _empty_sectors(rules: AvleRules, name: str, side: SideState) -> list[str]:
    if side.units_by_sector is None:
        return []
    bad = sorted(set(side.units_by_sector) - set(SECTORS))
    if bad:
        raise PackError(
            f"unknown sector '{bad[0]}' (sectors: left, centre, right)",
            f"sides.{name}.units_by_sector",
        )
    with_generals = bool(rules.opt("generals_hold_sector"))
    out = []
    for sector in SECTORS:
        n = side.units_by_sector.get(sector, 0)
        if with_generals:
            n += side.generals_by_sector.get(sector, 0)
        if n <= 0:
            out.append(sector)
    return out


def _substantial_due(rules: AvleRules, s: VictorySituation) -> bool:
    if rules.opt("substantial_check") == "turn":
        return s.round == rules.data.victory["rounds"].value
    return True


def _both(
    rules: AvleRules,
    names: list[str],
    lost: dict[str, int],
    report: dict[str, dict[str, Any]],
    notes: list[str],
) -> tuple[str, str | None]:
    notes.append(f"both sides reached their count ({rules.option_note('both_defeated')})")
    if rules.opt("both_defeated") == "more_eliminated":
        over = {n: lost[n] - report[n]["enemy_needs"] for n in names}
        a, b = names
        if over[a] != over[b]:  # the side whose enemy lost more beyond its count wins
            return "substantial", b if over[a] > over[b] else a
    return "drawn", None


def _end_of_battle(
    rules: AvleRules,
    s: VictorySituation,
    names: list[str],
    lost: dict[str, int],
    notes: list[str],
) -> tuple[str, str | None]:
    a, b = names
    if lost[a] != lost[b]:
        return "marginal", a if lost[a] < lost[b] else b
    counted = rules.opt("moral_victory_generals") == "counted"
    left = {
        n: s.sides[n].elements_left + (s.sides[n].generals_left if counted else 0) for n in names
    }
    notes.append(
        f"equal losses: elements left decide ({rules.option_note('moral_victory_generals')})"
    )
    if left[a] != left[b]:
        return "moral", a if left[a] > left[b] else b
    notes.append("still equal: 4.2 names no winner (drawn)")
    return "drawn", None


# ----------------------------------------------------------------------- the hand of cards
Card = Literal[
    "left", "centre", "right", "coordinated_attack",
    "infantry_manoeuvre", "cavalry_grand_charge", "bombardment",
]  # fmt: skip


@dataclass(frozen=True)
class HandSituation:
    """A hand chosen for ``turn``; ``last_hand`` is the previous turn's (all of it played)."""

    turn: int
    hand: list[Card]
    last_hand: list[Card] = field(default_factory=list)


def hand(s: HandSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Is this a lawful hand (4.1, 3.0)?"""
    del roller
    deck = Counter(rules.data.cards.deck)
    size = rules.data.cards.hand.value
    keep = rules.data.cards.kept_unplayed.value
    turns = rules.data.victory["turns"].value
    if not 1 <= s.turn <= turns:
        raise PackError(f"turn is 1..{turns}", "turn")
    problems: list[str] = []
    chosen: Counter[str] = Counter(s.hand)
    last: Counter[str] = Counter(s.last_hand)
    if len(s.hand) != size:
        problems.append(f"a hand is {size} cards, not {len(s.hand)} (4.1)")
    for name, where in ((chosen, "hand"), (last, "last_hand")):
        over = name - deck
        if over:
            problems.append(f"{where} holds more {', '.join(sorted(over))} than the deck (3.0)")
    rule = "4.1"
    if s.turn > 1 and rules.opt("next_hand") == "four_unplayed_plus_two":
        if len(s.last_hand) != size:
            raise PackError(f"give last turn's {size} cards", "last_hand", "4.1")
        unplayed = deck - last
        missing = unplayed - chosen
        if missing:
            problems.append(
                f"the {keep} cards not played last turn must be kept; missing "
                f"{', '.join(sorted(missing.elements()))} (4.1)"
            )
        extra = (chosen - unplayed) - last
        if extra:
            problems.append(
                f"the other {size - keep} cards come from those played last turn, "
                f"not {', '.join(sorted(extra.elements()))} (4.1)"
            )
    result = "invalid" if problems else "valid"
    return Outcome.without_value(
        pack=PACK,
        procedure="hand",
        rule=rule,
        rolls={},
        result=result,
        probabilities=certain(result),
        details={"problems": problems},
        notes=(rules.option_note("next_hand"),),
    )
