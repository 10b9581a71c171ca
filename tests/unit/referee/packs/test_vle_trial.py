"""Defects the trial of a VlE game (Saalfeld) met, each on a real game file."""

from __future__ import annotations

import pytest

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from tests.avle_games import SAALFELD, mark, saalfeld


def _game(db: Database) -> PackGameService:
    return saalfeld(db)


def _unit_id(game: PackGameService, name: str) -> int:
    return next(u.id for u in game.state().units if u.name == name)


def test_a_morale_check_takes_no_leader_bonus_unless_the_umpire_gives_it(db: Database) -> None:
    """A leader's morale bonus is for a unit he is stacked with (XIV.4).

    The game does not know the stacks: the check offered the corps leader's bonus to every
    unit of his corps (IR 49 Müffling checked at 8 + 2), so a 9 passed where it fails.
    """
    game = _game(db)
    check = game.open_check("morale", unit_id=_unit_id(game, "IR 49 Müffling"))
    ask = next(a for a in check.facts() if a.key == "leader_morale")
    assert ask.default == 0
    assert not ask.derived  # the umpire's answer, not the game's
    # Each leader's bonus for this unit is in the help: the prince his 2 (his corps, and the
    # army commander), Bevilaqua of the Saxon corps +1 at most.
    assert "Prince Louis Ferdinand +2" in ask.help
    assert "Bevilaqua +1" in ask.help
    outcome = check.apply({"dice": [5, 4]})
    assert outcome is not None
    assert (outcome.result, outcome.modified) == ("disorganized", 8)
    # With the prince in the hex the umpire gives his 2: the same 9 passes.
    game.undo()
    check = game.open_check("morale", unit_id=_unit_id(game, "IR 49 Müffling"))
    check.set("leader_morale", 2)
    outcome = check.apply({"dice": [5, 4]})
    assert outcome is not None
    assert (outcome.result, outcome.modified) == ("passed", 10)


def test_what_a_fire_will_do_reads_as_words_not_as_stored_keys(db: Database) -> None:
    """Found in the trial: the fire dialog's Changes line was the stored keys.

    A fire of 5 with a 6 on 17e Léger read ``steps 5; French: losses 2; Game: pending
    [{'check': 'morale', ...}]``, and its morale check's failure ``disorganized 1``.
    """
    game = _game(db)
    assert game.open_check("next_phase").trial({}).changes == ["on to the movement phase"]
    leger = _unit_id(game, "17e Léger")
    fire = game.open_check("fire", unit_id=leger)
    fire.set("fire_value", 5)
    trial = fire.trial({"roll": 6})  # the provisional cell: 2 steps and a check (VII.3)
    assert trial.changes == [
        "17e Léger: 7 → 5 steps",
        "French: 2 steps lost in all",
        "due: 17e Léger: morale check after fire (VII.9)",
    ]
    fire.apply({"roll": 6})
    morale = game.open_check("morale", unit_id=leger)
    assert morale.trial({"dice": [6, 5]}).changes == ["17e Léger: disorganized (marker of turn 1)"]


def test_a_direction_no_choice_names_is_refused_not_read_as_the_rear(db: Database) -> None:
    """Found in the trial: ``game check ... morale --answer direction=sideways`` was applied.

    The word matched no choice of X.4 and was read as a rear (-3): IR Prinz Xaver checked at
    5 and was disorganized by a 7. It is now refused, naming the field, and nothing written.
    """
    game = _game(db)
    check = game.open_check("morale", unit_id=_unit_id(game, "IR Prinz Xaver"))
    check.set("direction", "sideways")
    with pytest.raises(RefereeError, match="direction: expected one of 'front' .* 'sideways'"):
        check.apply({"dice": [3, 4]})
    assert game.journal() == []


def test_a_battery_s_losses_to_artillery_read_as_words(db: Database) -> None:
    """Found in the screen's trial: the result read ``battery 1``, its stored code (XVI.2)."""
    game = _game(db)
    said = {r.code: r.text for r in game.pack.procedure("artillery_losses").results}
    assert said == {
        "battery_0": "the battery loses no step",
        "battery_1": "the battery loses 1 step",
        "battery_2": "the battery loses 2 steps",
        "battery_3": "the battery loses 3 steps",
    }


def test_a_battery_s_fire_note_names_the_check_in_words_and_when_it_applies(
    db: Database,
) -> None:
    """Found in the screen's trial: the fire's note read ``see artillery_losses``.

    A stored key, and said of a battery the umpire said was not fired on by artillery (XVI.2).
    """
    spec = NewPackGame("Saalfeld", "vle", SAALFELD, {"artillery_losses": "system_a"})
    game = PackGameService(db, new_pack_game(db, spec))
    check = game.open_check("fire", unit_id=_unit_id(game, "Saxon foot batteries"))
    check.set("fire_value", 12)
    check.set("by_artillery", False)  # infantry's fire: full losses
    trial = check.trial({"roll": 6})
    outcome = trial.outcome
    assert outcome is not None, trial
    assert outcome.details["steps_lost"] >= 1
    said = " ".join(outcome.notes)
    assert "artillery_losses " not in said, said
    assert "see artillery" not in said, said
    assert (
        "a battery fired on by artillery giving half the fire value or more takes its "
        "losses by the artillery losses check (option artillery_losses=system_a, XVI.2)"
    ) in outcome.notes


def test_a_battery_gone_at_its_one_step_has_the_infantry_below_check_morale(
    db: Database,
) -> None:
    """Found in the screen's trial: the infantry below checked only when it took steps.

    A battery at one step, half a step marked, loses the other half (XVI.2 A): it goes, and
    the fire called for a check: the infantry under it checks (VII.9), though it lost nothing.
    """
    spec = NewPackGame("Saalfeld", "vle", SAALFELD, {"artillery_losses": "system_a"})
    game = PackGameService(db, new_pack_game(db, spec))
    battery = _unit_id(game, "Saxon foot batteries")
    below = _unit_id(game, "IR Kurfürst")
    steps = game.state().unit(below).markers["steps"]

    mark(game, ("game_unit", battery, "markers.steps", 1),
         ("game_unit", battery, "markers.half_loss", True))  # fmt: skip
    check = game.open_check("artillery_losses", unit_id=battery)
    check.set("stacked_on_infantry", True)
    check.set("infantry_below", below)
    outcome = check.apply()
    assert outcome is not None
    state = game.state()
    assert state.unit(battery).markers["eliminated"]
    assert state.unit(below).markers["steps"] == steps  # no step of the infantry's
    due = [(d.check, d.target.get("unit_id")) for d in game.due()]
    assert ("morale", below) in due, due
