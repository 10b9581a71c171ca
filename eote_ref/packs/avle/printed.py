"""AVlE's printed sheets: record sheets with element boxes, and a card tracker per player.

Both are HTML pages built from an AVlE army list (:mod:`.armylist`) and the pack's data, laid
out and written to PDF by the shared printing machinery. The reference sheet is the shared
one (:func:`eote_ref.packs.printed.reference_sheet_html`) over the pack's tables.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.avle.armylist import GENERAL_ELEMENTS, SECTORS, AvleArmyList, AvleUnit
from eote_ref.packs.avle.data import load_default
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.printed import PAGE_BREAK, boxes, esc, page, rows_table

#: How each card of the deck (3.0) reads on the tracker, in deck order.
#: Each card's kind and section (3.1, 3.2); its name is the pack's (``cards.names``).
CARD_KINDS = {
    "left": "order card, 3.1",
    "centre": "order card, 3.1",
    "right": "order card, 3.1",
    "coordinated_attack": "order card, 3.1",
    "infantry_manoeuvre": "automatic, 3.2",
    "cavalry_grand_charge": "automatic, 3.2",
    "bombardment": "automatic, 3.2",
}

_FLAG = {"french": "French", "english": "English", "prussian": "Prussian"}


@dataclass(frozen=True)
class GameMarks:
    """A game in progress as its record sheet marks it, by unit and General name."""

    #: Where the game is ("turn 2, round 3 of 6").
    when: str
    #: The elements each unit has left.
    elements: Mapping[str, int] = field(default_factory=dict)
    passed_morale: frozenset[str] = frozenset()
    eliminated: frozenset[str] = frozenset()
    killed: frozenset[str] = frozenset()
    captured: frozenset[str] = frozenset()
    #: The units (and Generals) the side has lost for victory (4.2, 9.4.3).
    units_lost: int = 0


def _when(army: AvleArmyList) -> str:
    """The battle and its year (once; a game's sheet may know no year)."""
    battle = army.battle or ""
    if not army.year or str(army.year) in battle:
        return esc(battle)
    return esc(f"{battle} {army.year}".strip())


def _range_values(values: list[int | None] | None) -> str:
    if not values:
        return "—"
    return " / ".join("—" if v is None else str(v) for v in values)


def _unit_row(
    army: AvleArmyList, unit: AvleUnit, rules: AvleRules, marks: GameMarks | None = None
) -> str:
    kind = army.unit_type(unit, rules)
    start = army.start_elements(unit, rules)
    general = army.general_of(unit)
    fire = _range_values(kind.fire)
    if kind.moving_fire:
        fire += f"<br/>moved: {_range_values(kind.moving_fire)}"
    name = f"<b>{esc(unit.name)}</b>"
    if unit.historical:
        name += f'<br/><span class="note">{esc(unit.historical)}</span>'
    arrives = "start" if unit.arrives == 1 else f"turn {unit.arrives}"
    if unit.hex:  # a scenario's set-up (or entry) hex, 13.1-13.3
        arrives += f", {esc(unit.hex)}"
    # Boxes beyond the starting elements are shaded: the unit lost them before the battle.
    shaded = start + 1 if start < kind.elements else None
    lost, morale = 0, 0
    if marks is not None:  # the losses so far ticked, an eliminated unit struck through
        gone = unit.name in marks.eliminated
        lost = start if gone else max(0, start - marks.elements.get(unit.name, start))
        morale = 1 if unit.name in marks.passed_morale else 0
        if gone:
            name = f"<s>{name}</s> (eliminated)"
    cells = [
        name,
        esc(kind.title),
        str(kind.elements),
        fire,
        str(kind.fires_after_move),
        str(kind.rally_dice) if kind.rally_dice else "—",
        _FLAG[army.flag_of(unit)],
        esc(general.name) if general else "",
        arrives,
        boxes(kind.elements, shaded, ticked=lost),
        boxes(1, ticked=morale),
    ]
    return "<tr>" + "".join(f"<td>{c}</td>" for c in cells) + "</tr>"


#: Unit rows a landscape page holds (A4 or Letter); the title and Generals block costs
#: :data:`HEADER_ROWS` plus one a General, a sector's heading and table head
#: :data:`SECTOR_ROWS`.
PAGE_ROWS = 30
HEADER_ROWS = 4
SECTOR_ROWS = 2

#: Column widths (per cent) of the unit table: the name and its formation get the room.
_WIDTHS = (27, 9, 4, 12, 7, 5, 5, 10, 5, 10, 6)

_UNIT_HEAD = (
    "unit",
    "type",
    "elem.",
    "fire 1/2/3/4/5 hexes",
    "fires after move",
    "rally dice",
    "flag",
    "General",
    "on map",
    "elements",
    "morale test",
)


def record_sheets_html(
    army: AvleArmyList, rules: AvleRules | None = None, marks: GameMarks | None = None
) -> str:
    """Record sheets of an AVlE list: one section a sector, a box for every element.

    Each unit's row carries its type's stats from the pack (elements, fire values by range,
    the move after which it may still fire, its rally dice), its flag and attached General,
    one box per element (those it starts without shaded) and a box for a passed morale test.
    The Generals come first, with boxes for killed and captured (9.4), beside a tally of the
    side's losses for victory (4.2, 9.4.3). With ``marks`` (a game in progress) what has
    happened so far is ticked: the elements lost, a morale test passed, a General killed or
    captured, the units lost.
    """
    rules = rules or load_default()
    head = "".join(
        f'<th width="{w}%">{esc(h)}</th>' for h, w in zip(_UNIT_HEAD, _WIDTHS, strict=True)
    )
    parts = [
        f'<p class="title">{esc(army.name)} — record sheet</p>'
        f'<p class="sub">{_when(army)} · {_FLAG[army.flag]} flag · '
        + (f"as it stands, {esc(marks.when)} · " if marks is not None else "")
        + "Advanced Vive l'Empereur 1.2 · stats from the pack's Reference Sheet data · fire "
        "values by range in hexes (9.0), rally dice (12.0), flag of the white dice (9.3), a box "
        "an element (tick each loss), a passed morale test (15.0)</p>"
    ]
    generals = [
        [
            f"<b>{esc(g.name)}</b>",
            esc(g.sector),
            esc(g.attached or "—"),
            ("start" if g.arrives == 1 else f"turn {g.arrives}")
            + (f", {esc(g.hex)}" if g.hex else ""),
            boxes(1, ticked=int(marks is not None and g.name in marks.killed)),
            boxes(1, ticked=int(marks is not None and g.name in marks.captured)),
        ]
        for g in army.generals
    ]
    lost = len(army.units) + len(army.generals)
    # Generals and the tally of losses go first: a short block that never splits over pages.
    parts.append(
        '<table width="100%" cellspacing="0" cellpadding="0"><tr><td valign="top">'
        f'<p class="h">Generals ({GENERAL_ELEMENTS} element each, 6.3; killed or captured, '
        "9.4)</p>"
        + rows_table(
            [["General", "sector", "attached to", "on map", "killed", "captured"], *generals]
        )
        + '</td><td width="12"></td><td valign="top">'
        f'<p class="h">Units lost ({lost} boxes; a killed or captured General counts as '
        "one, 9.4.3; victory, 4.2)</p>"
        + boxes(lost, ticked=marks.units_lost if marks is not None else 0)
        + "</td></tr></table>"
    )
    used = HEADER_ROWS + len(army.generals)
    for sector in SECTORS:
        units = army.in_sector(sector)
        if not units:
            continue
        rows = "".join(_unit_row(army, u, rules, marks) for u in units)
        cost = SECTOR_ROWS + len(units)
        brk = ""
        if used + cost > PAGE_ROWS:  # a sector is never split when a new page can hold it
            brk = PAGE_BREAK
            parts.append(f'<p class="sub"{brk}>{esc(army.name)} — record sheet, continued</p>')
            used = 1
        used += cost
        parts.append(
            f'<p class="h">{esc(sector.capitalize())} sector ({len(units)} units)</p>'
            '<table class="t" border="1" cellspacing="0" cellpadding="1" width="100%">'
            f"<tr>{head}</tr>{rows}</table>"
        )
    return page(f"{army.name} record sheet", "".join(parts))


@dataclass(frozen=True)
class CardMarks:
    """What a game in progress has played of a side's cards, by turn.

    ``hands`` maps a turn to its hand and the cards played so far, in round order (the
    first card played is round 1's).
    """

    hands: Mapping[int, tuple[Sequence[str], Sequence[str]]] = field(default_factory=dict)
    #: Each round played, by ``(turn, round)``: its ``card``, ``rolled`` (the command dice
    #: by face, or ``automatic``: the orders an automatic card gives), ``ordered`` and, once
    #: checked, ``victory`` (the result, ``none`` when nobody won).
    rounds: Mapping[tuple[int, int], Mapping[str, Any]] = field(default_factory=dict)


def _hand_cell(key: str, copy: int, hand: Sequence[str], played: Sequence[str]) -> str:
    """A deck card's cell for a turn the game has played: in hand, and the round played."""
    if list(hand).count(key) < copy:
        return "—"
    rounds = [r for r, card in enumerate(played, 1) if card == key]
    if len(rounds) >= copy:
        return f"☑ in hand &nbsp; round <b>{rounds[copy - 1]}</b>"
    return "☑ in hand &nbsp; round ____"


def _round_cell(cards: Any, mark: Mapping[str, Any]) -> str:
    """A round the game has played: its card, dice, orders given and victory check."""
    rolled = dict(mark.get("rolled") or {})
    if "automatic" in rolled:
        dice = f"automatic: {rolled['automatic']} order(s)"
    else:
        dice = ", ".join(f"{n} {str(f).replace('_', ' ')}" for f, n in rolled.items() if n)
    victory = mark.get("victory")
    checked = (
        "☐ victory checked"
        if victory is None
        else "☑ victory checked: " + ("none" if victory == "none" else f"{victory} victory")
    )
    return (
        f"card {esc(cards.name(str(mark.get('card'))))}<br/>dice: {esc(dice or 'none')}"
        f"<br/>ordered {int(mark.get('ordered') or 0)} &nbsp; {esc(checked)}"
    )


def card_tracker_html(
    army: AvleArmyList, rules: AvleRules | None = None, marks: CardMarks | None = None
) -> str:
    """A card tracker for the player of ``army``: the hand of each turn and each round's play.

    The first table has a row per card of the deck (3.0) and a column per turn: tick the six
    cards chosen for the hand (4.1) and write the round each is played. The second has a row
    per turn and a column per round: the card played, the command dice rolled and the units
    ordered (5.1), and whether victory was checked (4.2). With ``marks`` (a game in progress)
    the hands and the cards played so far are filled in.
    """
    rules = rules or load_default()
    hands = marks.hands if marks is not None else {}
    cards = rules.data.cards
    turns = rules.data.victory["turns"].value
    rounds = rules.data.victory["rounds"].value
    hand, kept = cards.hand.value, cards.kept_unplayed.value
    deck = [(k, i) for k, n in cards.deck.items() for i in range(1, n + 1)]
    cell = "☐ in hand &nbsp; round ____"
    hand_rows = [["card", *(f"turn {t}" for t in range(1, turns + 1))]]
    for key, i in deck:
        kind = CARD_KINDS.get(key)
        title = cards.name(key) + (f" ({kind})" if kind else "")
        label = f"{esc(title)}{f' #{i}' if cards.deck[key] > 1 else ''}"
        hand_rows.append(
            [
                label,
                *(
                    _hand_cell(key, i, *hands[t]) if t in hands else cell
                    for t in range(1, turns + 1)
                ),
            ]
        )
    dice_cell = (
        "card ____________<br/>dice: flag _ Gen _ cav _ art _ inf _"
        "<br/>ordered ___ &nbsp; ☐ victory checked"
    )
    played = marks.rounds if marks is not None else {}
    round_rows = [["turn", *(f"round {r}" for r in range(1, rounds + 1))]]
    round_rows += [
        [
            f"<b>{t}</b>",
            *(
                _round_cell(cards, played[(t, r)]) if (t, r) in played else dice_cell
                for r in range(1, rounds + 1)
            ),
        ]
        for t in range(1, turns + 1)
    ]
    body = (
        f'<p class="title">{esc(army.name)} — command cards</p>'
        f'<p class="sub">{_when(army)} · player: ____________________ · '
        f"{len(deck)} cards (3.0); a hand of {hand} a turn, the {kept} not played carried "
        f"into the next turn with {hand - kept} chosen from those played (4.1); "
        f"{turns} turns of {rounds} rounds (4.1, 5.0)</p>"
        '<p class="h">Hands: tick the cards in each turn\'s hand, write the round it was '
        "played</p>"
        + rows_table(hand_rows, width="100%")
        + '<p class="h">Rounds: the card played, the command dice rolled '
        "(5.1), the units ordered</p>" + rows_table(round_rows, width="100%")
    )
    return page(f"{army.name} card tracker", body)
