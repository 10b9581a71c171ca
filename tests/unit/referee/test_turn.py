"""The carry-over into a new turn (referee/turn.py): flags, initiative, orders, leaders."""

from __future__ import annotations

import dataclasses
import pathlib
import tempfile

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.packs.eote.rules.leader_casualty import replacement
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.referee.game import GameService
from eote_ref.referee.markers import unit_change
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.referee.turn import TURN_FLAGS, replacement_name
from eote_ref.store import GameCommand, GameLeader, GameUnit, SetField, open_database
from tests.budget import budget
from tests.games import game_state
from tests.shipped import LISTS


def to_end_of_turn(game: GameService) -> None:
    while game.view().phase is not Phase.INTEGRITY:
        game.advance_phase()


def set_fields(game: GameService, entity: type, row_id: int, **fields: object) -> None:
    """Set fields of a row; a unit's markers as the referee writes them (``markers.NAME``)."""
    changes = [
        unit_change(row_id, k, v) if entity is GameUnit else SetField(entity, row_id, k, v)
        for k, v in fields.items()
    ]
    game.record("test", "set up", changes)


def unit(game: GameService, unit_id: int) -> GameUnit:
    with game.db.session() as s:
        r = s.get(GameUnit, unit_id)
        assert r is not None
        s.expunge(r)
        return r


def test_new_turn_clears_turn_flags_and_remembers_fighting(waterloo: GameService) -> None:
    units = waterloo.view().sides[1].units
    cav = next(u for u in units if u.arm == "cavalry")
    inf = next(u for u in units if u.arm == "infantry")
    to_end_of_turn(waterloo)
    set_fields(waterloo, GameUnit, cav.id, fought_this_turn=True, blown=1, pinned=True)
    set_fields(waterloo, GameUnit, inf.id, **dict.fromkeys(TURN_FLAGS, True), disordered=True)
    waterloo.advance_phase()
    view = waterloo.view()
    assert (view.turn, view.phase) == (2, Phase.COMMAND)
    c = unit(waterloo, cav.id)
    i = unit(waterloo, inf.id)
    assert c.fought_last_turn
    assert not c.fought_this_turn
    assert not c.pinned
    assert c.blown == 1  # markers stay; only the turn's flags go
    assert not any(getattr(i, flag) for flag in TURN_FLAGS)
    assert i.disordered
    assert i.fought_last_turn
    # The next turn, the cavalry that fought the turn before has rested a whole turn.
    to_end_of_turn(waterloo)
    waterloo.advance_phase()
    assert not unit(waterloo, cav.id).fought_last_turn


def test_initiative_becomes_last_turns(waterloo: GameService) -> None:
    to_end_of_turn(waterloo)
    waterloo.set_initiative(1)
    waterloo.advance_phase()
    view = waterloo.view()
    assert view.initiative is None
    with waterloo.db.session() as s:
        from eote_ref.store import Game

        game = s.get(Game, waterloo.game_id)
        assert game is not None
        assert game.initiative_last_turn == 1


def test_the_game_level_carry_over_is_the_declared_one(
    waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """carry_over makes the game's pack's declared new-turn changes: one left out is not made."""
    from eote_ref.packs.eote.turn import TURN
    from eote_ref.referee import turn

    without = dataclasses.replace(
        TURN, new_turn=tuple(c for c in TURN.new_turn if c.state != "initiative")
    )
    monkeypatch.setattr(turn, "game_turn", lambda ruleset, what: without)
    to_end_of_turn(waterloo)
    waterloo.set_initiative(1)
    waterloo.advance_phase()
    assert waterloo.view().turn == 2
    assert waterloo.view().initiative == 1  # not cleared: the declaration no longer says so


def test_pending_orders_count_down_and_take_effect(waterloo: GameService) -> None:
    d1, d2 = waterloo.view().sides[0].divisions[:2]
    set_fields(waterloo, GameCommand, d1.id, pending_order="ATTACK", pending_order_turns=2)
    set_fields(waterloo, GameCommand, d2.id, pending_order="DEFEND", pending_order_turns=1)
    to_end_of_turn(waterloo)
    waterloo.advance_phase()
    a, b = waterloo.view().sides[0].divisions[:2]
    assert (a.pending_order, a.pending_order_turns, a.current_order) == ("ATTACK", 1, None)
    assert (b.pending_order, b.pending_order_turns, b.current_order) == (None, None, "DEFEND")
    assert f"{d2.name}: DEFEND order takes effect" in waterloo.journal(limit=1)[0].summary
    to_end_of_turn(waterloo)
    waterloo.advance_phase()
    a = waterloo.view().sides[0].divisions[0]
    assert (a.pending_order, a.current_order) == (None, "ATTACK")


def test_no_rally_lasts_exactly_the_next_turn(waterloo: GameService) -> None:
    div = waterloo.view().sides[0].divisions[0]
    assert div.leader is not None
    to_end_of_turn(waterloo)
    set_fields(waterloo, GameLeader, div.leader.id, no_rally_next_turn=True)
    waterloo.advance_phase()
    lead = waterloo.view().sides[0].divisions[0].leader
    assert lead is not None
    assert (lead.no_rally_next_turn, lead.no_rally_turn) == (False, 2)
    to_end_of_turn(waterloo)
    waterloo.advance_phase()
    lead = waterloo.view().sides[0].divisions[0].leader
    assert lead is not None
    assert lead.no_rally_turn is None


def test_replacement_leader_arrives_rated_minus_one(waterloo: GameService) -> None:
    div = waterloo.view().sides[1].divisions[0]
    assert div.leader is not None
    to_end_of_turn(waterloo)
    set_fields(waterloo, GameLeader, div.leader.id, killed=True, replacement_due_turn=3)
    waterloo.advance_phase()  # turn 2: not yet
    assert waterloo.view().sides[1].divisions[0].leader.killed  # type: ignore[union-attr]
    to_end_of_turn(waterloo)
    waterloo.advance_phase()  # turn 3: the replacement arrives (EotE 8.0)
    lead = waterloo.view().sides[1].divisions[0].leader
    assert lead is not None
    assert not lead.killed
    assert lead.replacement
    assert (lead.name, lead.rating) == (
        replacement_name(div.leader.name),
        replacement(load_default())[1],
    )
    assert "arrives" in waterloo.journal(limit=1)[0].summary
    waterloo.undo()
    assert waterloo.view().sides[1].divisions[0].leader.killed  # type: ignore[union-attr]


def test_a_phase_within_the_turn_carries_nothing(waterloo: GameService) -> None:
    uid = waterloo.view().sides[0].units[0].id
    set_fields(waterloo, GameUnit, uid, pinned=True)
    waterloo.advance_phase()
    assert unit(waterloo, uid).pinned


FLAG_STATES = st.fixed_dictionaries(
    {
        **{flag: st.booleans() for flag in TURN_FLAGS},
        "fought_last_turn": st.booleans(),
        "blown": st.integers(0, 2),
    }
)


@settings(max_examples=budget(4, 20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    units=st.lists(FLAG_STATES, min_size=1, max_size=4),
    initiative=st.sampled_from([None, 0, 1]),
    order_turns=st.integers(0, 3),
    no_rally=st.booleans(),
    killed_due=st.booleans(),
)
def test_undoing_the_turn_change_restores_the_snapshot(
    units: list[dict[str, object]],
    initiative: int | None,
    order_turns: int,
    no_rally: bool,
    killed_due: bool,
) -> None:
    """Whatever the end-of-turn state, one undo of the new-turn step gives it back."""
    game = _shared_game()
    view = game.view()
    ids = [u.id for u in view.sides[0].units[: len(units)]]
    div = view.sides[1].divisions[1]
    assert div.leader is not None
    changes = [
        unit_change(uid, k, v)
        for uid, flags in zip(ids, units, strict=False)
        for k, v in flags.items()
    ]
    changes += [
        SetField("game", game.game_id, "initiative", initiative),
        SetField(GameCommand, div.id, "pending_order", "ATTACK" if order_turns else None),
        SetField(GameCommand, div.id, "pending_order_turns", order_turns or None),
        SetField(GameLeader, div.leader.id, "no_rally_next_turn", no_rally),
        SetField(GameLeader, div.leader.id, "killed", killed_due),
        SetField(GameLeader, div.leader.id, "replacement_due_turn", view.turn + 1),
    ]
    game.record("test", "end-of-turn state", changes)
    before = game_state(game)
    game.advance_phase()
    assert game.view().turn == view.turn + 1
    game.undo()
    assert game_state(game) == before
    game.undo()  # the set-up step too: the next example starts from the same game


_GAMES: list[GameService] = []


def _shared_game() -> GameService:
    """One game file for every example (each example undoes what it did)."""
    if not _GAMES:
        path = pathlib.Path(tempfile.mkdtemp()) / "turns.sqlite"
        db = open_database(path)
        spec = NewGame(
            "turns",
            {
                "Anglo-Allied": [LISTS["waterloo-1815-anglo-allied.yaml"]],
                "French": [LISTS["waterloo-1815-french.yaml"]],
            },
        )
        game = GameService(db, create_new_game(db, spec))
        to_end_of_turn(game)
        _GAMES.append(game)
    return _GAMES[0]
