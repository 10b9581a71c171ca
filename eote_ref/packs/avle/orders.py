"""A round's orders (AVlE 3.0-3.2, 5.1) and the Prussian arrivals at Waterloo (AVlE 13.1).

An order card rolls the black command dice: each face is one order, for a unit of the arm it
shows in the card's sector, any unit there (a flag) or a General anywhere (a General). An
automatic card rolls nothing. The first order goes to the automatic card, else to the side
with more units able to act, else to the French. From turn 4 at Waterloo a white die's
Prussian flag brings a unit whose arm a command die picks; a d6 picks its entry hex.
Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from eote_ref.packs.avle.model import FACE_ARM, AvleRules
from eote_ref.packs.avle.victory import Card
from eote_ref.packs.dice import D6, Pool, Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"
SECTOR_CARDS = ("left", "centre", "right")
AUTOMATIC = ("infantry_manoeuvre", "cavalry_grand_charge", "bombardment")
#: What each command-die face orders (5.1; the trooper is cavalry, the cannon all artillery).
FACE_ORDERS = {
    "flag": "any unit in the card's sector",
    "general": "a General, or a unit with a General attached, anywhere",
    "trooper": "a cavalry unit in the sector",
    "cannon": "an artillery unit in the sector",
    "infantry": "an infantry unit in the sector",
}


@dataclass(frozen=True)
class SideCard:
    """One side's card this round and the units able to carry out its orders."""

    card: Card
    units_able: int = 0
    last_card: Card | None = None
    dice: list[str] | None = None


@dataclass(frozen=True)
class OrdersSituation:
    """The two cards played this round (``french`` and the allied side)."""

    sides: dict[str, SideCard]
    french: str = "french"


def dice_for(rules: AvleRules, card: str) -> int:
    """The black command dice a card rolls (5.1, 3.1; the coordinated attack by option)."""
    if card in AUTOMATIC:
        return 0
    if card == "coordinated_attack":
        return int(rules.opt("coordinated_attack_dice"))
    return 5


def orders(s: OrdersSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """The command dice of each side's card and who gives the first order (5.1)."""
    if len(s.sides) != 2 or s.french not in s.sides:
        raise PackError(f"give exactly two sides, one of them '{s.french}'", "sides")
    notes: list[str] = []
    report: dict[str, dict[str, Any]] = {}
    for name, side in s.sides.items():
        if side.units_able < 0:
            raise PackError("units_able is 0 or more", f"sides.{name}.units_able")
        if side.card in AUTOMATIC and side.last_card == side.card:
            raise PackError(
                f"{name} played {side.card} in the last round: not twice running",
                f"sides.{name}.card",
                "5.1",
            )
        n = dice_for(rules, side.card)
        pool = rules.pool("command", n)
        if side.dice is not None:  # entered from the physical dice
            if not n:
                raise PackError(f"{side.card} rolls no dice", f"sides.{name}.dice", "5.1")
            faces = pool.read(side.dice, f"sides.{name}.dice")
            roller.used[f"{name}_dice"] = list(faces)
        else:
            faces = roller.pool(f"{name}_dice", pool) if n else ()
        counts = {f: sum(1 for x in faces if x == f) for f in FACE_ORDERS}
        report[name] = {
            "card": side.card,
            "dice": n,
            "faces": counts,
            "orders": {FACE_ORDERS[f]: c for f, c in counts.items() if c},
        }
        if side.card == "coordinated_attack":
            notes.append(
                f"{name}: coordinated attack, at most 2 units a sector "
                f"(3.1; {rules.option_note('coordinated_attack_dice')})"
            )
    first, why = _first(s)
    notes.append(why)
    return Outcome.without_value(
        pack=PACK,
        procedure="orders",
        rule="5.1",
        rolls=dict(roller.used),
        result="rolled",
        probabilities=certain("rolled"),
        details={
            "first_order": first,
            "sides": report,
            "face_probabilities": rules.die("command").distribution(),
        },
        notes=tuple(notes),
    )


def _first(s: OrdersSituation) -> tuple[str, str]:
    auto = [n for n, side in s.sides.items() if side.card in AUTOMATIC]
    if len(auto) == 1:
        return auto[0], f"{auto[0]} plays an automatic card and gives the first order (5.1)"
    a, b = list(s.sides)
    able_a, able_b = s.sides[a].units_able, s.sides[b].units_able
    if able_a != able_b:
        first = a if able_a > able_b else b
        return first, f"{first} has more units able to act and gives the first order (5.1)"
    return s.french, f"a tie: {s.french} gives the first order (5.1)"


# ----------------------------------------------------------------------- Prussian arrivals
Arm = Literal["infantry", "cavalry", "artillery", "general"]
#: The command-die face that names each arrival (13.1); a flag lets the player choose.
ARRIVAL_FACES = {**FACE_ARM, "general": "general"}
#: From this turn the player also brings 2 Prussian units of his choice each round (13.1;
#: source: text).
CHOSEN_FROM_TURN = 5
CHOSEN_EACH_ROUND = 2


@dataclass(frozen=True)
class ArrivalSituation:
    """A Waterloo round from turn 4: the Prussian units still to arrive, by arm.

    ``chosen``: the units of the player's choice that come this round as well (13.1: 2 from
    turn 5), each rolling its entry hex; ``available`` counts the others.
    """

    turn: int
    available: dict[str, int] = field(default_factory=dict)
    chosen: int = 0


def prussian_arrival(s: ArrivalSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """Does a Prussian unit arrive this round, which, and where (13.1)?"""
    if not 1 <= s.turn <= rules.data.victory["turns"].value:
        raise PackError("turn is 1..6", "turn")
    bad = sorted(set(s.available) - {"infantry", "cavalry", "artillery", "general"})
    if bad or any(v < 0 for v in s.available.values()):
        raise PackError(
            "available counts infantry, cavalry, artillery, general (0 or more)", "available"
        )
    if not 0 <= s.chosen <= CHOSEN_EACH_ROUND or (s.chosen and s.turn < CHOSEN_FROM_TURN):
        raise PackError(
            f"chosen is 0..{CHOSEN_EACH_ROUND}, and 0 before turn {CHOSEN_FROM_TURN} (13.1)",
            "chosen",
            "13.1",
        )
    chosen_entries: dict[str, Any] = {}
    if s.chosen:  # 13.1: a d6 for each unit's entry hex
        hexes = rules.bands("prussian_entry")
        rolls = roller.pool("chosen_entry_rolls", Pool(D6, s.chosen))
        chosen_entries = {"chosen_entries": [hexes.lookup(int(r)) for r in rolls]}
    if s.turn < 4:
        return Outcome.without_value(
            PACK,
            "prussian_arrival",
            "13.1",
            {},
            "none",
            certain("none"),
            {"arrives": None},
            ("no Prussian roll before turn 4 (13.1)",),
        )
    notes: list[str] = []
    if s.turn >= 5:
        notes.append(
            "from turn 5, 2 Prussian units of the player's choice also arrive each "
            f"round (13.1; {rules.option_note('prussian_flag_roll_after_turn_4')})"
        )
        if rules.opt("prussian_flag_roll_after_turn_4") == "stops":
            return Outcome.without_value(
                PACK,
                "prussian_arrival",
                "13.1",
                {},
                "none",
                certain("none"),
                {"arrives": None, **chosen_entries},
                tuple(notes),
            )
    white, black = rules.die("action"), rules.die("command")
    p_flag = white.p({"prussian"})
    probabilities: dict[str, Fraction] = {"none": 1 - p_flag}
    for face, p in black.distribution().items():
        code = _arrival(str(face), s.available)
        probabilities[code] = probabilities.get(code, Fraction(0)) + p_flag * p
    flag = roller.die("flag_die", white)
    result, entry = "none", None
    if flag == "prussian":
        result = _arrival(str(roller.die("type_die", black)), s.available)
        if result != "none":
            if s.turn == 4 and rules.opt("prussian_turn_4_placement") == "free_v6_v12":
                entry = "V6-V12"
            else:
                entry = rules.bands("prussian_entry").lookup(roller.number("entry_roll", D6))
            notes.append(f"placement ({rules.option_note('prussian_turn_4_placement')})")
    return Outcome.without_value(
        pack=PACK,
        procedure="prussian_arrival",
        rule="13.1",
        rolls=dict(roller.used),
        result=result,
        probabilities={k: v for k, v in probabilities.items() if v},
        details={
            "arrives": None if result == "none" else result,
            "entry_hex": entry,
            **chosen_entries,
        },
        notes=tuple(notes),
    )


def _arrival(face: str, available: dict[str, int]) -> str:
    if face == "flag":
        return "choice" if any(available.values()) else "none"
    arm = ARRIVAL_FACES[face]
    return arm if available.get(arm, 0) > 0 else "none"
