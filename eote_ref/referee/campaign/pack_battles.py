"""Campaign battles played with a pack that declares its campaign reading (names no pack).

A pack whose play (:mod:`eote_ref.packs.play`) declares a
:class:`~eote_ref.packs.play.CampaignPlay` (AVlE does) has its campaign's battles run here:

* an army joining the campaign is a list of the campaign's pack, its pieces (units and
  leaders) stored as campaign units from the pack's ``roster`` (``ce`` holds the pack's
  strength, ``division`` the piece's group, a leader's ``arm`` the pack's word);
* :func:`start_game` sets the battle's game up from the campaign copies through the pack's
  ``for_battle`` (pieces lost for good left out, losses kept put on) and the shared
  :func:`~eote_ref.referee.pack_play.new_pack_game_of_lists`, then maps each game unit and
  leader to its campaign piece by side and name (``unit:ID`` and ``leader:ID`` keys);
* the result (:func:`game_result`) and each piece's losses (:func:`game_losses`,
  :func:`carry`) are read from the game's state through the pack's ``result`` and ``losses``.

The carried state is then :func:`eote_ref.referee.campaign.carried.replay`'s, the same for
every pack: ``hits`` of a campaign unit is the losses it keeps in the pack's measure (an AVlE
unit's elements lost), less the campaign's recovery.

A pack without a campaign reading (EotE: its games are run by its own service) keeps
:mod:`eote_ref.referee.campaign.carried`'s reading of hits, routs and disintegrations.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from eote_ref.packs.play import CampaignPlay, Carried, PlayState
from eote_ref.referee.campaign.base import (
    DRAW,
    VICTORY_LEVELS,
    CampaignError,
    battle_row,
    campaign_row,
    unlinked_game_dropped,
)
from eote_ref.store.campaigns import CampaignWork, campaign_work

if TYPE_CHECKING:
    from eote_ref.referee.campaign.battle_view import BattleView
    from eote_ref.store import Database

#: The key of a leader in a battle's unit map (units are ``unit:ID``).
UNIT, LEADER = "unit", "leader"


def campaign_play(pack: str) -> CampaignPlay | None:
    """The pack's campaign reading, or None for a pack whose games run on EotE's service.

    Kept by the pack's id and its play module as the registry has them now, so a pack taken
    out and registered again with another play is read anew.
    """
    from eote_ref.packs.registry import PLAYS

    return _campaign_play(pack, PLAYS.get(pack))


@functools.cache
def _campaign_play(pack: str, play_module: str | None) -> CampaignPlay | None:
    from eote_ref.packs.registry import get_play

    play = get_play(pack) if play_module is not None else None
    return None if play is None else play.campaign


def takes_campaigns(pack: str) -> bool:
    """Whether games of ``pack`` can be a campaign's battles.

    A pack the referee runs with its own checks (EotE) can; a pack with declared play only
    when the play says how (:attr:`~eote_ref.packs.play.Play.campaign`).
    """
    from eote_ref.packs.registry import PLAYS

    return pack not in PLAYS or campaign_play(pack) is not None


def measure(pack: str) -> tuple[str, str]:
    """The words of one and of several of the losses a campaign unit keeps (EotE: hits)."""
    cp = campaign_play(pack)
    return ("hit", "hits") if cp is None else cp.measure


def losses_words(pack: str) -> tuple[str, str]:
    """A side's losses in a battle: as a column heading and as a phrase (EotE: hits taken)."""
    cp = campaign_play(pack)
    return ("Hits", "hits taken") if cp is None else (cp.column, cp.taken)


def headings(pack: str) -> tuple[str, str]:
    """The headings of a campaign unit's group and strength (EotE: division, CE)."""
    cp = campaign_play(pack)
    return ("Division", "CE") if cp is None else (cp.group, cp.strength)


def victory_levels(pack: str) -> tuple[tuple[str, ...], str]:
    """The levels a battle of the pack may be decided at, and the one with no winner."""
    cp = campaign_play(pack)
    if cp is None:
        return VICTORY_LEVELS, DRAW
    return cp.victory_levels, cp.draw


def pack_of_game(ruleset: str | None) -> str | None:
    """The pack of a game's ``ruleset`` column (None for a ruleset no pack has)."""
    from eote_ref.referee.game_rules import RulesetError, pack_of

    try:
        return pack_of(ruleset)
    except RulesetError:
        return None


def _rules(pack: str) -> Any:
    from eote_ref.packs.registry import ruleset_of
    from eote_ref.referee.game_rules import rules_of

    return rules_of(ruleset_of(pack), {})


def load_list(pack: str, text: str, name: str) -> Any:
    """A campaign copy's list, refused when it is not one of the campaign's pack."""
    from eote_ref.armylists.loader import load_any_army_list_text

    loaded = load_any_army_list_text(text, name)
    if loaded.pack != pack:
        raise CampaignError(
            f"{name} is an army list of pack {loaded.pack}; this campaign plays {pack}"
        )
    return loaded.army_list


def roster(pack: str, army: Any) -> list[tuple[str, str, str, int]]:
    """The campaign units of an army list: name, group, arm, strength, in the list's order."""
    cp = campaign_play(pack)
    assert cp is not None
    return [(e.name, e.group, e.arm, e.strength) for e in cp.roster(army, _rules(pack))]


def _leaders(pack: str, army: Any) -> set[str]:
    cp = campaign_play(pack)
    assert cp is not None
    return {e.name for e in cp.roster(army, _rules(pack)) if e.leader}


def start_game(
    db: Database, b: BattleView, pack: str, options: Mapping[str, str | int | bool]
) -> int:
    """Set up the battle's game of ``pack`` from the campaign copies; returns the game's id."""
    from eote_ref.referee.pack_play import PackPlayError, new_pack_game_of_lists

    cp = campaign_play(pack)
    assert cp is not None
    rules = _rules(pack)
    with campaign_work(db) as w:
        campaign = campaign_row(w, battle_row(w, b.id).campaign_id)
        sides: dict[str, list[tuple[str, Any]]] = {b.side_names[0]: [], b.side_names[1]: []}
        pieces: list[dict[tuple[str, str], tuple[int, int]]] = [{}, {}]
        for a in b.armies:
            row = w.army(a.army_id)
            assert row is not None
            army = load_list(pack, row.army_list_yaml, row.name)
            units = w.army_units(a.army_id)
            carried = {u.name: Carried(u.hits, u.destroyed) for u in units}
            sides[b.side_names[a.side]].append((row.name, cp.for_battle(army, carried, rules)))
            leaders = _leaders(pack, army)
            for u in units:
                assert u.id is not None
                kind = LEADER if u.name in leaders else UNIT
                pieces[a.side][(kind, u.name.casefold())] = (a.army_id, u.id)
        name = f"{campaign.name}: {b.scenario}"
    if b.side_names[0] == b.side_names[1]:
        raise CampaignError("the two sides need different names to start a game")
    try:
        game_id = new_pack_game_of_lists(db, name, pack, sides, options=options)
    except (PackPlayError, ValueError) as error:
        raise CampaignError(str(error)) from None
    with unlinked_game_dropped(db, game_id), campaign_work(db) as w:
        state = w.play_state(game_id)
        maps = _maps(state, pieces)
        battle = battle_row(w, b.id)
        battle.game_id = game_id
        w.add(battle)
        for link in w.battle_armies(b.id):
            link.unit_map = maps.get(link.army_id, {})
            w.add(link)
        w.commit()
    return game_id


def _maps(
    state: PlayState, pieces: list[dict[tuple[str, str], tuple[int, int]]]
) -> dict[int, dict[str, int]]:
    """``{army id: {"unit:ID" or "leader:ID": campaign unit id}}`` by side and name."""
    position = {s.id: s.position for s in state.sides}
    maps: dict[int, dict[str, int]] = {}
    rows = [(UNIT, u.id, u.side_id, u.name) for u in state.units]
    rows += [(LEADER, g.id, g.side_id, g.name) for g in state.leaders]
    for kind, row_id, side_id, name in rows:
        found = pieces[position[side_id]].get((kind, name.casefold()))
        if found is not None:
            army_id, cid = found
            maps.setdefault(army_id, {})[f"{kind}:{row_id}"] = cid
    return maps


def _key(key: str) -> tuple[str, int]:
    kind, _, row_id = key.partition(":")
    return kind, int(row_id)


def game_result(db: Database, pack: str, game_id: int) -> tuple[str, int | None] | None:
    """The game's result as the pack reads it: level and winning side's position, or None."""
    cp = campaign_play(pack)
    assert cp is not None
    with campaign_work(db) as w:
        return cp.result(w.play_state(game_id))


def game_losses(
    w: CampaignWork, pack: str, battle_id: int, game_id: int
) -> tuple[dict[str, int], dict[str, int]]:
    """Losses (the pack's measure) and units lost per army of the battle, from the game.

    A game set up from the campaign copies knows each piece's army; any other game of the pack
    gives each side's losses to its first army.
    """
    cp = campaign_play(pack)
    assert cp is not None
    state = w.play_state(game_id)
    results = cp.losses(state)
    links = sorted(w.battle_armies(battle_id), key=lambda x: (x.side, x.id or 0))
    names = {}
    for link in links:
        row = w.army(link.army_id)
        assert row is not None
        names[link.army_id] = row.name
    owner = {_key(k): link.army_id for link in links for k in link.unit_map}
    first_on_side: dict[int, int] = {}
    for link in reversed(links):
        first_on_side[link.side] = link.army_id
    position = {s.id: s.position for s in state.sides}
    side_of = {(UNIT, u.id): position[u.side_id] for u in state.units}
    side_of |= {(LEADER, g.id): position[g.side_id] for g in state.leaders}
    losses = dict.fromkeys(names.values(), 0)
    lost = dict.fromkeys(names.values(), 0)
    for piece, r in results.items():
        army = owner.get(piece) if owner else first_on_side.get(side_of.get(piece, -1))
        if army is None:
            continue
        losses[names[army]] += r.taken
        lost[names[army]] += int(r.counted)
    return losses, lost


def carry(w: CampaignWork, pack: str, battle_id: int) -> None:
    """Record what the battle did to each campaign piece (``unit_results``), not committed.

    Only a game set up from the campaign copies (:func:`start_game`) can carry: its pieces
    are mapped to the campaign's.
    """
    cp = campaign_play(pack)
    assert cp is not None
    battle = battle_row(w, battle_id)
    assert battle.game_id is not None
    links = w.battle_armies(battle_id)
    if not any(link.unit_map for link in links):
        raise CampaignError(
            "only a game started from the campaign can carry its losses in this pack"
        )
    results = cp.losses(w.play_state(battle.game_id))
    for link in links:
        out: dict[str, list[int]] = {}
        for key, cid in link.unit_map.items():
            r = results.get(_key(key))
            if r is not None:
                out[str(cid)] = [r.taken, int(r.destroyed), 0]
        link.unit_results = out
        w.add(link)


def losses_per_turn(db: Database, pack: str, game_id: int) -> dict[int, dict[int, int]]:
    """The losses each side took per turn, from the journal changes of the pack's marker."""
    cp = campaign_play(pack)
    if cp is None or cp.journal_losses is None:
        return {}
    marker, sign = cp.journal_losses
    out: dict[int, dict[int, int]] = {}
    with campaign_work(db) as w:
        for ch in w.hit_changes(game_id, marker):
            if ch.side_position is None:
                continue
            by_side = out.setdefault(ch.turn, {})
            by_side[ch.side_position] = by_side.get(ch.side_position, 0) + sign * (
                ch.after - ch.before
            )
    return {
        t: {s: n for s, n in sides.items() if n} for t, sides in out.items() if any(sides.values())
    }
