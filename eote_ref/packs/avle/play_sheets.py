"""AVlE's printed sheets of a game in progress: record sheets as it stands, card trackers.

Each side of the game is read back as an AVlE list (its units, sectors, Generals and their
attachments, :mod:`.armylist`'s shape) and printed by :mod:`.printed` with the game's marks:
the elements lost, the morale tests passed, the Generals killed or captured, the units lost
(4.2, 9.4.3, 15.0). The app prints them from the pack's play (``Play.sheets``).
"""

from __future__ import annotations

from eote_ref.packs.avle.armylist import AvleArmyList, AvleGeneral, AvleUnit
from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.avle.play_state import LOG, RULESET, sector_of
from eote_ref.packs.avle.printed import (
    CardMarks,
    GameMarks,
    card_tracker_html,
    record_sheets_html,
)
from eote_ref.packs.play import PlayState, SideState
from eote_ref.packs.printed import PAGE_BREAK


def side_list(state: PlayState, side: SideState) -> AvleArmyList:
    """Side ``side`` of the game as an AVlE list, its units at their starting strength."""
    flag = str(side.pack_state.get("flag") or "french")
    units = []
    for u in state.units_of(side.id):
        m = u.markers
        start = int(m.get("start", m.get("elements", 1)))
        units.append(
            AvleUnit(
                name=u.name,
                type=u.type,
                sector=sector_of(state, u),  # type: ignore[arg-type]
                elements=start,
                arrives=int(m.get("arrives", 1)),
                hex=m.get("hex"),
                flag=m.get("flag") if m.get("flag") != flag else None,
                nation=u.nation,
            )
        )
    attached = {u.attached_leader_id: u.name for u in state.units_of(side.id)}
    generals = [
        AvleGeneral(
            name=g.name,
            sector=state.command(g.command_id).name.lower(),  # type: ignore[arg-type]
            attached=attached.get(g.id),
            arrives=int(g.markers.get("arrives", 1)),
            hex=g.markers.get("hex"),
        )
        for g in state.leaders_of(side.id)
    ]
    nation = units[0].nation if units and units[0].nation else "unknown"
    return AvleArmyList(
        format=1,
        ruleset=RULESET,
        name=side.name,
        nation=nation,
        year=0,
        flag=flag,  # type: ignore[arg-type]
        battle=state.name,
        generals=generals,
        units=units,
    )


def side_marks(state: PlayState, side: SideState, when: str) -> GameMarks:
    """What the game has marked on side ``side``'s record sheet so far."""
    units = state.units_of(side.id)
    leaders = state.leaders_of(side.id)
    lost = int(side.pack_state.get("units_lost") or 0) + int(
        side.pack_state.get("generals_lost") or 0
    )
    return GameMarks(
        when=when,
        elements={u.name: int(u.markers.get("elements", 0)) for u in units},
        passed_morale=frozenset(u.name for u in units if u.markers.get("passed_morale")),
        eliminated=frozenset(u.name for u in units if u.markers.get("eliminated")),
        killed=frozenset(g.name for g in leaders if g.markers.get("killed")),
        captured=frozenset(g.name for g in leaders if g.markers.get("captured")),
        units_lost=lost,
    )


def side_cards(state: PlayState, side: SideState) -> CardMarks:
    """Side ``side``'s hands and rounds so far (4.1, 5.1, 4.2), from the game's state.

    The hands: this turn's and the cards played of it, and last turn's (all of it played,
    in the order its round record gives). The rounds: each round the side's record holds
    (``play_state.LOG``: the card, the dice, the orders given, the victory check).
    """
    log = [e for e in side.pack_state.get(LOG) or [] if isinstance(e, dict)]
    rounds = {(int(e["turn"]), int(e["round"])): e for e in log if "turn" in e and "round" in e}
    hands: dict[int, tuple[list[str], list[str]]] = {}
    last = side.pack_state.get("last_hand")
    if isinstance(last, list) and state.turn > 1:
        played = [str(rounds[k]["card"]) for k in sorted(rounds) if k[0] == state.turn - 1]
        hands[state.turn - 1] = (list(last), played or list(last))
    hand = side.pack_state.get("hand")
    if isinstance(hand, list):
        hands[state.turn] = (list(hand), list(side.pack_state.get("played") or []))
    return CardMarks(hands, rounds)


def _joined(pages: list[str]) -> str:
    """Whole HTML pages as one document, each from a new page."""
    head, _, _ = pages[0].partition("<body>")
    bodies = [p.partition("<body>")[2].rpartition("</body>")[0] for p in pages]
    brk = f'<p{PAGE_BREAK[:-1]}; margin: 0"></p>'
    return head + "<body>" + brk.join(bodies) + "</body></html>"


def game_record_sheets_html(state: PlayState, rules: AvleRules, when: str) -> str:
    """The record sheets of every side of the game as it stands (``when``: its turn)."""
    return _joined(
        [
            record_sheets_html(side_list(state, s), rules, side_marks(state, s, when))
            for s in state.sides
        ]
    )


def game_card_trackers_html(state: PlayState, rules: AvleRules, when: str) -> str:
    """A card tracker for the player of each side (3.0, 4.1, 5.1)."""
    return _joined(
        [card_tracker_html(side_list(state, s), rules, side_cards(state, s)) for s in state.sides]
    )
