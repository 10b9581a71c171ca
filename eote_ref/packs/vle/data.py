"""VlE's tables as data, each cell with its source (``text``, ``provisional`` or ``house``).

- The loss grid (X.4) is legible and ships as the text gives it.
- The Fire Table (VII.3) and the Melee Table (VIII.8) cannot be read in the copy the project
  holds: their structure (columns, rows, result codes) is legible and ships; every cell is a
  ``provisional`` project value until a club types its printed play aid's (a house table
  file). The one Melee Table cell the text states in prose (the VIII.6 example: 4/1 and a die
  of 1 gives 1/1*) is ``text``.
- The charge costs (IX.2), the random events (XXII.3) and the other small numbers are the
  text's. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from eote_ref.packs.tables import Grid

#: Sources of a cell.
TEXT, PROVISIONAL, HOUSE = "text", "provisional", "house"


@dataclass(frozen=True)
class Cell:
    """One cell of a table and where its value comes from."""

    value: str
    source: str = TEXT

    def cell(self) -> str:
        """What the quick reference prints: a provisional value marked †, a club's ‡."""
        shown = self.value or "-"
        return {PROVISIONAL: f"{shown}†", HOUSE: f"{shown}‡"}.get(self.source, shown)


# --- the loss grid (X.4) -------------------------------------------------------------------

LOSS_COLUMNS = ("7+", "6", "5", "4", "3", "2", "1")
#: Original strength -> the malus at each current strength (None: the cell cannot arise).
_LOSS: dict[int, tuple[int | None, ...]] = {
    9: (0, -1, -1, -1, -2, -2, -2),
    8: (0, 0, -1, -1, -1, -2, -2),
    7: (None, 0, 0, -1, -1, -2, -2),
    6: (None, None, 0, 0, -1, -1, -1),
    5: (None, None, None, 0, 0, -1, -1),
    4: (None, None, None, None, 0, -1, -1),
}


def loss_grid() -> Grid[Cell]:
    """The loss grid as a table of the pack (X.4)."""
    rows = {
        str(orig): {
            col: Cell("" if v is None else ("-" if v == 0 else str(v)))
            for col, v in zip(LOSS_COLUMNS, values, strict=True)
        }
        for orig, values in _LOSS.items()
    }
    return Grid("loss_malus", LOSS_COLUMNS, rows)


def loss_malus(original: int, current: int) -> int:
    """The morale malus of a unit of ``original`` steps now at ``current`` (row 4..9)."""
    row = _LOSS[min(original, 9)]
    col = 0 if current >= 7 else 7 - current
    value = row[col]
    return 0 if value is None else value


# --- the Fire Table (VII.3) ----------------------------------------------------------------

FIRE_COLUMNS = ("1", "2", "3", "4", "5", "6", "7+")
#: The rows of the modified die the pack ships (the printed range cannot be read).
FIRE_ROWS = tuple(str(r) for r in range(0, 10))
#: The fire results: no effect, a morale check only, or 1-3 steps lost (each with a check).
FIRE_RESULTS = ("", "*", "1", "2", "3")


def _provisional_fire(value: int, die: int) -> str:
    s = value + die
    if s <= 6:
        return ""
    if s <= 8:
        return "*"
    if s <= 10:
        return "1"
    if s <= 12:
        return "2"
    return "3"


def fire_table(house: dict[tuple[str, str], str] | None = None) -> Grid[Cell]:
    """Rows the modified die, columns the modified fire value; house cells over provisional."""
    house = house or {}
    rows = {
        r: {
            c: Cell(house[(r, c)], HOUSE)
            if (r, c) in house
            else Cell(_provisional_fire(int(c.rstrip("+")), int(r)), PROVISIONAL)
            for c in FIRE_COLUMNS
        }
        for r in FIRE_ROWS
    }
    return Grid("fire", FIRE_COLUMNS, rows)


_FIRE_RANK = {"": 0, "*": 1, "1": 2, "2": 3, "3": 4}


def fire_warnings(
    table: str, cells: dict[tuple[str, str], str] | Any
) -> list[tuple[tuple[str, str], str]]:
    """Fire cells whose effect falls as the die or the value rises (shown, not refused)."""
    if table != "fire":
        return []
    full = fire_table(dict(cells))
    out: list[tuple[tuple[str, str], str]] = []
    for (r, c), v in dict(cells).items():
        ri, ci = FIRE_ROWS.index(r), FIRE_COLUMNS.index(c)
        rank = _FIRE_RANK[v]
        if ri + 1 < len(FIRE_ROWS):
            above = full.lookup(FIRE_ROWS[ri + 1], c).value
            if _FIRE_RANK[above] < rank:
                out.append(((r, c), f"the die {FIRE_ROWS[ri + 1]} gives less ({above or '-'})"))
        if ci + 1 < len(FIRE_COLUMNS):
            right = full.lookup(r, FIRE_COLUMNS[ci + 1]).value
            if _FIRE_RANK[right] < rank:
                out.append(
                    ((r, c), f"the value {FIRE_COLUMNS[ci + 1]} gives less ({right or '-'})")
                )
    return out


# --- the Melee Table (VIII.8) --------------------------------------------------------------

MELEE_COLUMNS = ("1/2-", "2/3", "1/1", "3/2", "2/1", "3/1", "4/1+")
#: Each column's ratio; a ratio reads the largest column not above it, below 2/3 the first.
MELEE_RATIOS = (
    Fraction(0),
    Fraction(2, 3),
    Fraction(1),
    Fraction(3, 2),
    Fraction(2),
    Fraction(3),
    Fraction(4),
)
MELEE_ROWS = tuple(str(r) for r in range(0, 8))
#: Every result a side may get (D2 only through the charge add-on, IX.6).
MELEE_RESULTS = ("0", "1", "*", "1*", "D", "D1", "D2", "E")

_SIDE = ("0", "1", "*", "1*", "D", "D1", "E")
#: Every cell a club may type in the Melee Table: the attacker's result / the defender's.
MELEE_CELLS = tuple(f"{a}/{d}" for a in _SIDE for d in _SIDE)

_ATT = ("D", "1*", "1*", "1", "1", "*", "*", "0", "0", "0", "0", "0", "0", "0")
_DEF = ("0", "0", "0", "*", "*", "1", "1", "1*", "D", "D", "D1", "D1", "E", "E")
#: The cell the text states (VIII.6 example): ratio 4/1, die 1: attacker 1, defender 1*.
TEXT_MELEE = {("1", "4/1+"): "1/1*"}


def melee_table(house: dict[tuple[str, str], str] | None = None) -> Grid[Cell]:
    """Rows the modified die 0-7, columns the ratio; each cell ``attacker/defender``."""
    house = house or {}
    rows: dict[str, dict[str, Cell]] = {}
    for r in MELEE_ROWS:
        rows[r] = {}
        for i, c in enumerate(MELEE_COLUMNS):
            if (r, c) in house:
                rows[r][c] = Cell(house[(r, c)], HOUSE)
            elif (r, c) in TEXT_MELEE:
                rows[r][c] = Cell(TEXT_MELEE[(r, c)], TEXT)
            else:
                k = i + int(r)
                rows[r][c] = Cell(f"{_ATT[k]}/{_DEF[k]}", PROVISIONAL)
    return Grid("melee", MELEE_COLUMNS, rows)


def melee_column(attack: int, defence: int) -> int:
    """The column of ``attack`` to ``defence``, rounded for the defender (VIII.8)."""
    if defence <= 0:
        return len(MELEE_COLUMNS) - 1
    ratio = Fraction(attack, defence)
    best = 0
    for i, r in enumerate(MELEE_RATIOS):
        if r <= ratio:
            best = i
    return best


# --- charge movement (IX.2) and movement (VI) ----------------------------------------------

#: MP to enter a hex during a charge (IX.2); other terrain costs are the battle's chart.
CHARGE_HEX_COST = {"village": 6, "town": 6, "wood": 6, "brush": 4, "difficult": 2, "farm": 2}
#: MP to cross a hexside during a charge (IX.2).
CHARGE_HEXSIDE_COST = {"stream": 6, "ridge_up": 2, "ridge_down": 2}
#: Terrain a charge may not enter or cross (IX.2).
CHARGE_FORBIDDEN = ("gully", "marsh", "castle", "walls")
#: Facing changes a charge allows by cavalry class (IX.2; XVI.4 with its rule).
CHARGE_TURNS = {"light": 3, "line": 2, "heavy": 1}


def cavalry_class(movement: int) -> str:
    """Light at 10 MP or more, line at 9, heavy at 8 or less (XVI.4)."""
    return "light" if movement >= 10 else "line" if movement == 9 else "heavy"


# --- command (XVII) ------------------------------------------------------------------------

ORDERS_PER_TURN = {"french": 3, "russian": 1, "austrian": 1, "british": 2}


def orders_per_turn(nation: str, year: int) -> int:
    """The army commander's new orders a turn (XVII.3); Prussia 1 to 1807, then 2."""
    if nation == "prussian":
        return 1 if year <= 1807 else 2
    return ORDERS_PER_TURN[nation]


# --- random events (XXII.3) ----------------------------------------------------------------


@dataclass(frozen=True)
class Event:
    """One random event: who may play it and what it does, in the project's words."""

    number: int
    name: str
    arms: tuple[str, ...] = ()
    side: str = ""  # "" any, "french" the French only
    from_turn: int = 1
    advanced: bool = False
    enemy_turn: bool = False
    needs_demoralized_enemy: bool = False
    effect: str = ""
    #: What it changes, as (what, value): morale target, fire die, melee die, fire value...
    changes: tuple[tuple[str, int], ...] = ()


EVENTS: tuple[Event, ...] = (
    Event(1, "Elan", ("infantry", "cavalry"), effect="+1 melee value",
          changes=(("melee_value", 1),)),
    Event(2, "Fire Volley", ("infantry",), effect="+1 fire value", changes=(("fire_value", 1),)),
    Event(3, "Rolling Fire", ("artillery",), effect="+2 to the fire die",
          changes=(("fire_die", 2),)),
    Event(4, "Military Feat", effect="a failed morale check may be taken again"),
    Event(5, "Fatigue", from_turn=6, enemy_turn=True,
          effect="an enemy unit: -1 MP in line, -2 in column"),
    Event(6, "Telescope", effect="learn the real units under a corps or army reserve counter"),
    Event(7, "Decoy", effect="receive all the side's decoys"),
    Event(8, "Light Charge", ("cavalry",),
          effect="enemy (not guard) -1 to form square, or light cavalry +2 MP charging"),
    Event(9, "Heavy Charge", ("cavalry",),
          effect="enemy (not guard) -1 to form square, or heavy cavalry immune to negatives "
          "charging a square"),
    Event(10, "Forced March", effect="+1 MP in line, +2 in column"),
    Event(11, "Interarm", ("infantry", "cavalry"),
          effect="+1 die for fire or melee when another arm attacks the enemy, +2 with all three"),
    Event(12, "Reaction", enemy_turn=True, effect="a unit attacked in flank or rear faces about"),
    Event(13, "Staff Officer", advanced=True,
          effect="a general +1 to obedience, or a unit acts free of its order"),
    Event(14, "Maneuver", effect="change facing and formation for 1 MP"),
    Event(15, "Bravery", effect="+1 to a morale check", changes=(("morale", 1),)),
    Event(16, "Rally", effect="a rally check at +2 with no negative, at any moment",
          changes=(("morale", 2),)),
    Event(17, "Fright", effect="an enemy unit (not guard) -1 to a morale check",
          changes=(("morale", -1),)),
    Event(18, "Initiative", advanced=True,
          effect="a general +1 to initiative, or two corps activated in a row"),
    Event(19, "Pursuit", ("cavalry",), needs_demoralized_enemy=True,
          effect="light cavalry +2 to the melee die, heavy +1"),
    Event(20, "Intuition", enemy_turn=True,
          effect="a unit within 3 hexes of the enemy moves 2 hexes (not an unlimbered battery)"),
    Event(21, "Counterattack", enemy_turn=True,
          effect="a unit attacked counterattacks at +1 to the die, without defensive fire"),
    Event(22, "Tactics", ("infantry", "cavalry"), effect="+1 die for fire or melee",
          changes=(("fire_die", 1), ("melee_die", 1))),
    Event(23, "Guard", effect="2 units near an undisordered guard +1 morale (+2 if it attacked)",
          changes=(("morale", 1),)),
    Event(24, "Vive l'Empereur!", side="french", effect="play any event available"),
    Event(25, "Surprise",
          effect="from cover, an adjacent enemy checks at -1; failed: melee die -2/+2"),
    Event(26, "Incompetence", enemy_turn=True,
          effect="an enemy checks at -1; failed: melee and fire -1 (at least 1)"),
    Event(27, "Strategy", advanced=True,
          effect="an enemy corps's order revealed, or an extra 1-point battle option"),
    Event(28, "Ford", effect="a ford on a river hex more than 3 hexes from a bridge"),
    Event(29, "Shadow of the Emperor", side="french",
          effect="2 enemy units seeing Napoleon within 6 hexes check at -2 (not guard)"),
    Event(30, "Void", effect="cancels an event the enemy plays"),
)  # fmt: skip
