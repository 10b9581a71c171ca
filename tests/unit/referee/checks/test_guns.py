"""Re-manning abandoned guns (EotE 7.5, 7.7) on a real Waterloo game file, and its fire ban."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import REGISTRY, open_check
from eote_ref.packs.eote.checks.guns import RemanGunsCheck, remanned_ids
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.games import game_state, unit

SINCLAIR = 41  # British foot battery CE 6
BRIT_30 = 48
FR_54_1 = 229
FRENCH_BATTERY = 237  # 20/6 Foot Battery
BRITISH, FRENCH = 0, 1


def to(game: GameService, turn: int, phase: Phase) -> None:
    while (game.view().turn, game.view().phase) != (turn, phase):
        game.advance_phase()


def done(game: GameService) -> int:
    return sum(1 for e in game.journal() if e.status == "done")


def reman(game: GameService, uid: int = SINCLAIR) -> RemanGunsCheck:
    check = open_check(game, "reman_guns", unit_id=uid)
    assert isinstance(check, RemanGunsCheck)
    return check


def test_registered_under_a_rules_procedure() -> None:
    """The framework resolves the key; the journal kind is a known procedure."""
    from eote_ref.packs.eote.checks import load_checks

    load_checks()
    assert REGISTRY["reman_guns"] is RemanGunsCheck
    assert RemanGunsCheck.procedure in PROCEDURES


def test_gunners_return_next_turn_and_the_battery_does_not_fire(waterloo: GameService) -> None:
    """EotE 7.5/7.7: guns left in turn 1 are re-manned in turn 2's movement; no fire in turn 2."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(SINCLAIR, "guns_abandoned", True)
    # The umpire's marker is a fact of the turn, as an assault's abandonment would be.
    assert [(f.kind, f.unit_id) for f in waterloo.view().facts] == [("guns_abandoned", SINCLAIR)]
    to(waterloo, 1, Phase.MOVEMENT)
    listed = [c for c in checks_due(waterloo.view()) if c.procedure == "reman_guns"]
    assert [(c.unit_id, c.title, c.rule) for c in listed] == [
        (
            SINCLAIR,
            f"{waterloo.unit_view(SINCLAIR).code} Sinclair's Battery RA: guns abandoned, "
            "may re-man them",
            "7.5",
        )
    ]
    # Left this turn (a fact of the turn says so): not before the next turn's movement phase.
    early = reman(waterloo)
    assert early.values["abandoned_earlier"] is False
    assert "next turn" in (early.trial({}).error or "")

    to(waterloo, 2, Phase.MOVEMENT)
    waterloo.set_initiative(FRENCH)
    before, steps_before = game_state(waterloo), done(waterloo)
    check = reman(waterloo)
    assert check.values == {"abandoned_earlier": True, "guns_reachable": True}
    assert not check.needs_roll()
    trial = check.trial({})
    assert trial.outcome is not None
    assert trial.outcome.result == "remanned"
    assert check.result_tone("remanned") == "good"
    assert trial.changes == [
        "Sinclair's Battery RA: guns manned again",
        "Sinclair's Battery RA: gunners back at the guns, no fire this turn (EotE 7.5)",
    ]
    assert trial.notes == [
        "Sinclair's Battery RA may not fire in this turn's tactical combat phase (7.5)"
    ]
    check.apply({})
    assert not unit(waterloo, SINCLAIR).guns_abandoned
    view = waterloo.view()
    assert [(ln.kind, ln.turn, ln.unit_id) for ln in view.links] == [("remanned", 2, SINCLAIR)]
    assert remanned_ids(view) == {SINCLAIR}
    entry = waterloo.journal(limit=1)[0]
    assert (entry.kind, entry.turn, entry.phase) == ("movement", 2, "movement")
    assert entry.summary == "Sinclair's Battery RA: re-mans its guns (no fire this turn, EotE 7.5)"
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "reman_guns"]

    # The fire phase of the same turn: left out of the batteries, refused if picked.
    to(waterloo, 2, Phase.FIRE)
    fire = open_check(waterloo, "artillery_fire", firers=(SINCLAIR,), target_id=FR_54_1)
    assert SINCLAIR not in [c.value for c in fire.facts()[0].choices]
    assert "re-manned its guns this turn" in (fire.trial({"roll": 3}).error or "")
    # The next turn it fires again.
    to(waterloo, 3, Phase.FIRE)
    assert remanned_ids(waterloo.view()) == set()
    again = open_check(waterloo, "artillery_fire", firers=(SINCLAIR,), target_id=FR_54_1)
    assert again.trial({"roll": 3}).outcome is not None

    waterloo.undo(done(waterloo) - steps_before)
    assert game_state(waterloo) == before


def test_reman_refusals(waterloo: GameService) -> None:
    """Only a battery with abandoned guns; in the movement phase; not routed; guns reached."""
    with pytest.raises(RefereeError, match="not artillery"):
        reman(waterloo, BRIT_30)
    with pytest.raises(RefereeError, match="has not abandoned"):
        reman(waterloo)
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(SINCLAIR, "guns_abandoned", True)
    to(waterloo, 2, Phase.COMMAND)
    assert "movement phase" in (reman(waterloo).trial({}).error or "")
    to(waterloo, 2, Phase.MOVEMENT)
    blocked = reman(waterloo)
    blocked.set("guns_reachable", False)
    assert "reach their guns" in (blocked.trial({}).error or "")
    waterloo.set_unit(SINCLAIR, "routed", True)
    assert "routed" in (reman(waterloo).trial({}).error or "")
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "reman_guns"]


def test_a_remanned_battery_does_not_support_this_turn(waterloo: GameService) -> None:
    """EotE 7.2 support is fire: a battery re-manned this turn, or without guns, gives none."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(SINCLAIR, "guns_abandoned", True)
    to(waterloo, 1, Phase.ASSAULT)
    check = open_check(waterloo, "assault", attackers=(FR_54_1,), defenders=(BRIT_30,))
    choices = next(f for f in check.facts() if f.key == "support_1").choices
    assert SINCLAIR not in [c.value for c in choices]
    check.set("support_1", SINCLAIR)
    assert "no manned guns" in (check.trial({"roll": 5}).error or "")
    to(waterloo, 2, Phase.MOVEMENT)
    reman(waterloo).apply({})
    to(waterloo, 2, Phase.ASSAULT)
    check = open_check(waterloo, "assault", attackers=(FR_54_1,), defenders=(BRIT_30,))
    check.set("support_1", SINCLAIR)
    assert "no manned guns" in (check.trial({"roll": 5}).error or "")
