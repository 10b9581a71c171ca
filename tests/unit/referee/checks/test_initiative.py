"""The initiative check (EotE 4.0): factors from the state, a die per side, ties rolled again."""

from __future__ import annotations

from fractions import Fraction

import pytest

from eote_ref.packs.dice import D10
from eote_ref.packs.eote.checks import DieSpec, open_check
from eote_ref.packs.eote.checks.initiative import side_factors
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.store import GameCommand, GameLeader, SetField
from tests.games import game_state


def to_initiative(game: GameService) -> None:
    while game.view().phase is not Phase.INITIATIVE:
        game.advance_phase()


def test_factors_come_from_the_state(waterloo: GameService) -> None:
    view = waterloo.view()
    allied, french = view.sides
    d = allied.divisions[0]
    assert d.leader is not None
    waterloo.record(
        "test",
        "set up",
        [
            SetField(GameLeader, d.leader.id, "killed", True),
            SetField(GameCommand, allied.divisions[1].id, "current_order", "ATTACK"),
            SetField("game", waterloo.game_id, "initiative_last_turn", 0),
        ],
    )
    to_initiative(waterloo)
    check = open_check(waterloo, "initiative", side=-1)
    v = check.values
    assert v["0.divisions_without_leader"] == 1
    assert v["0.divisions_on_attack_orders"] == 1
    assert v["0.had_initiative_last_turn"] is True
    assert v["1.had_initiative_last_turn"] is False
    # Highest-ranking commander: the army commander's rating (Wellington 4, Napoleon 4).
    assert v["0.highest_commander_rating"] == allied.commanders[0].leader.rating  # type: ignore[union-attr]
    cav = {s.position: sum(1 for u in s.units if u.arm == "cavalry") for s in view.sides}
    assert (v["0.cavalry_regiments"], v["1.cavalry_regiments"]) == (cav[0], cav[1])
    assert side_factors(french, None).divisions_without_leader == 0


def test_rolls_per_side_and_the_winner_is_one_undoable_step(waterloo: GameService) -> None:
    to_initiative(waterloo)
    allied, french = (s.name for s in waterloo.view().sides)
    before = game_state(waterloo)
    check = open_check(waterloo, "initiative", side=-1)
    preview = check.preview()
    assert Fraction(sum(preview.probabilities.values())) == 1
    assert check.trial({}).needed == DieSpec(f"{allied}.roll", f"{allied} d10", D10)
    assert check.trial({f"{allied}.roll": 5}).needed == DieSpec(
        f"{french}.roll", f"{french} d10", D10
    )
    # Allied 9 against French 1: whatever the modifiers (at most a few points), Allied win.
    check.set("0.cavalry_regiments", 0)
    check.set("1.cavalry_regiments", 0)
    for side in (0, 1):
        check.set(f"{side}.highest_commander_rating", 0)
        check.set(f"{side}.divisions_without_leader", 0)
    outcome = check.apply({f"{allied}.roll": 9, f"{french}.roll": 1})
    assert outcome.result == allied
    assert waterloo.view().initiative == 0
    entry = waterloo.journal(limit=1)[0]
    assert entry.kind == "initiative"
    assert checks_due(waterloo.view()) == []  # decided: nothing due any more
    waterloo.undo()
    assert game_state(waterloo) == before


def test_a_tie_asks_both_sides_again(waterloo: GameService) -> None:
    to_initiative(waterloo)
    allied, french = (s.name for s in waterloo.view().sides)
    check = open_check(waterloo, "initiative", side=-1)
    for side in (0, 1):
        for k in ("cavalry_regiments", "highest_commander_rating", "divisions_without_leader"):
            check.set(f"{side}.{k}", 0)
    tie = {f"{allied}.roll": 4, f"{french}.roll": 4}
    trial = check.trial(tie)
    assert trial.outcome is None
    assert trial.needed == DieSpec(f"{allied}.reroll1", f"{allied} re-roll 1", D10)
    rolls = {**tie, f"{allied}.reroll1": 2, f"{french}.reroll1": 7}
    outcome = check.apply(rolls)
    assert outcome.result == french
    assert outcome.details["rerolls"] == 1
    assert "after 1 tie" in check.result_text(outcome)
    assert waterloo.view().initiative == 1
    assert len(waterloo.journal(limit=1)[0].rolls) == 4


@pytest.mark.parametrize("last", [0, 1])
def test_last_turns_initiative_is_a_modifier(waterloo: GameService, last: int) -> None:
    waterloo.record(
        "test", "set up", [SetField("game", waterloo.game_id, "initiative_last_turn", last)]
    )
    check = open_check(waterloo, "initiative", side=-1)
    reasons = [m.reason for m in check.modifiers()]
    name = waterloo.view().sides[last].name
    assert any(r.startswith(name) and "last turn" in r for r in reasons)


def test_each_sides_modifiers_and_total_are_shown(waterloo: GameService) -> None:
    """EotE 4.0: the odds name each side's modifier total; the result each side's sum."""
    to_initiative(waterloo)
    allied, french = (s.name for s in waterloo.view().sides)
    check = open_check(waterloo, "initiative", side=-1)
    mods = check.side_modifier_totals()
    preview = check.preview()
    # The net shown as "Modified" is the first side's total less the second's.
    assert mods[allied] - mods[french] == preview.modified
    labels = {label for label, _p in check.odds()}
    assert f"{allied} ({mods[allied]:+g} to its d10) wins" in labels
    assert f"{french} ({mods[french]:+g} to its d10) wins" in labels
    out = check.trial({f"{allied}.roll": 3, f"{french}.roll": 9}).outcome
    assert out is not None
    text = check.result_text(out)
    a_total, f_total = 3 + mods[allied], 9 + mods[french]
    assert f"{allied} {a_total:g} (rolled 3, {mods[allied]:+g})" in text
    assert f"{french} {f_total:g} (rolled 9, {mods[french]:+g})" in text


def test_the_commanders_rating_reads_as_a_rating_under_each_side(waterloo: GameService) -> None:
    """EotE 4.0: "French: highest-ranking commander's rating of +4", not "(×4)"."""
    to_initiative(waterloo)
    names = [s.name for s in waterloo.view().sides]
    check = open_check(waterloo, "initiative", side=-1)
    lines = check.modifiers()
    assert all(any(m.reason.startswith(f"{n}: ") for n in names) for m in lines)
    assert not any("×" in m.reason for m in lines if "rating" in m.reason)
    rated = [m for m in lines if "commander's rating" in m.reason]
    assert rated
    for m in rated:
        side = m.reason.split(":", 1)[0]
        rating = check.values[f"{names.index(side)}.highest_commander_rating"]
        signed = f"{rating:+d}".replace("-", "\u2212")
        assert m.reason == f"{side}: highest-ranking commander's rating of {signed}"
