"""The turn as pack data: EotE's seven phases (EotE 2.0) and AVlE's six rounds (AVlE 4.1-5.1)."""

from __future__ import annotations

import pytest

from eote_ref.packs import registry
from eote_ref.packs.declaration import PhaseSpec, TurnSpec
from eote_ref.packs.eote import pack as eote
from eote_ref.referee.phases import PHASES, Phase, heading, next_phase


def test_eote_phase_enum_and_declaration_agree() -> None:
    # The enum keeps the names code uses; its values are the declaration's keys, in its order.
    assert [p.value for p in PHASES] == list(eote.TURN.keys)
    assert [p.value for p in Phase] == list(eote.TURN.keys)
    assert len(PHASES) == 7
    assert eote.TURN.rounds == 1
    for phase, spec in zip(PHASES, eote.TURN.phases, strict=True):
        assert (phase.label, phase.rule, phase.steps) == (spec.label, spec.rule, spec.steps)
        assert phase.number == eote.TURN.number(phase.value)
    assert registry.get_pack("eote").turn is eote.TURN


def test_eote_phases_as_the_turn_guide_shows_them() -> None:
    # The labels, sections and short names the guide, the dashboard and the turn bar showed.
    assert [(p.label, p.rule) for p in PHASES] == [
        ("Command control", "3.0"),
        ("Initiative", "4.0"),
        ("Movement", "5.0"),
        ("Tactical fire", "6.0"),
        ("Tactical assault", "7.0"),
        ("Leader casualty", "8.0"),
        ("Divisional integrity", "9.0"),
    ]
    assert [p.short_label for p in PHASES] == [
        "Command",
        "Initiative",
        "Movement",
        "Fire",
        "Assault",
        "Leader casualty",
        "Integrity",
    ]
    assert Phase.FIRE.spec.sections == ("6.0", "6.2", "6.5")
    assert heading(3, Phase.FIRE) == "Turn 3 · Tactical fire"
    assert next_phase(Phase.ASSAULT) == (Phase.LEADER_CASUALTY, False)
    assert next_phase(Phase.INTEGRITY) == (Phase.COMMAND, True)


def test_eote_new_turn_is_declared() -> None:
    changes = {c.state: c for c in eote.TURN.new_turn}
    assert changes["initiative"].action == "keep"
    assert changes["initiative"].into == "initiative_last_turn"
    assert changes["initiative"].rule == "4.0"
    assert changes["game_fact"].action == "clear"
    assert changes["game_command.pending_order_turns"].action == "tick"


def test_avle_turn_is_six_rounds_of_four_steps() -> None:
    turn = registry.get_pack("avle").turn
    assert turn is not None
    assert (turn.rounds, turn.turns, turn.rule) == (6, 6, "5.0")
    assert turn.keys == ("card", "command_dice", "orders", "victory")
    assert [p.rule for p in turn.phases] == ["5.1", "5.1", "5.1", "4.2"]
    assert all(p.steps for p in turn.phases)
    assert "9.3" in turn.phase("orders").sections
    assert turn.heading(2, "orders", 3) == "Turn 2, round 3 of 6 · Orders in alternation"
    assert turn.phase("").key == "card"
    resets = {c.state: c for c in turn.new_turn}
    assert (resets["pack_state.round"].action, resets["pack_state.round"].to) == ("reset", 1)
    assert resets["side.pack_state.hand"].rule == "4.1"
    assert {c.state for c in turn.new_round} >= {"side.pack_state.card", "game_fact"}


def test_avle_a_turn_walks_six_rounds_then_starts_the_next() -> None:
    turn = registry.get_pack("avle").turn
    assert turn is not None
    key, round_, seen, new_turns = "card", 1, [], 0
    for _ in range(4 * 6):
        seen.append((round_, key))
        key, round_, new = turn.after(key, round_)
        new_turns += new
    assert (new_turns, key, round_) == (1, "card", 1)
    assert seen[-1] == (6, "victory")
    # The victory check closes every round (AVlE 4.2).
    assert [r for r, k in seen if k == "victory"] == [1, 2, 3, 4, 5, 6]
    assert turn.after("victory", 3) == ("card", 4, False)


def test_a_turn_refuses_a_phase_it_does_not_have_or_twice() -> None:
    with pytest.raises(KeyError, match="known: command, initiative"):
        eote.TURN.phase("marching")
    step = PhaseSpec("a", "A", "1.0", ("x (1.0)",))
    with pytest.raises(ValueError, match="distinct keys"):
        TurnSpec(rule="1.0", phases=(step, step))
    with pytest.raises(ValueError, match="at least one round"):
        TurnSpec(rule="1.0", phases=(step,), rounds=0)
