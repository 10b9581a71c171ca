"""``eote-ref display``: a read-only follower of a shared database sees apply, undo and redo."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.cli import build_parser
from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.follow import game_to_follow, open_read_only
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database
from eote_ref.ui.display_app import DatabaseFollower
from eote_ref.ui.players_display import PlayersDisplay
from tests.cli_runner import run_subprocess
from tests.ui.helpers import settle


def path_of(db: Database) -> pathlib.Path:
    assert db.path is not None
    return db.path


def test_a_second_process_view_follows_the_umpire(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    # The umpire's app holds the file (and its lock); the display opens it read-only beside.
    ro = open_read_only(path_of(db))
    try:
        assert game_to_follow(ro) == demo.game_id
        follower = DatabaseFollower(ro, demo.game_id)
        display = PlayersDisplay(follower)
        qtbot.addWidget(display)
        display.show()
        assert not follower.poll()  # nothing changed yet
        while demo.view().phase is not Phase.FIRE:
            demo.advance_phase()
        assert follower.poll()
        settle(qtbot, display)
        assert "Tactical fire phase" in display.header.text()
        view = demo.view()
        firer = max((u for u in view.sides[1].units if u.arm == "infantry"), key=lambda u: u.ce)
        target = next(u for u in view.sides[0].units if u.arm == "infantry")
        check = open_check(demo, "infantry_fire", unit_id=firer.id, target_id=target.id)
        check.set("range_in", 4.0)
        queue = FireQueue(demo, "infantry")
        queue.add(check, {"roll": 1})
        queue.apply()
        assert follower.poll()
        settle(qtbot, display)
        assert target.name in display.result_labels[0].text()
        demo.undo()
        assert follower.poll()
        settle(qtbot, display)
        assert target.name not in display.result_labels[0].text()
        demo.redo()
        assert follower.poll()
        settle(qtbot, display)
        assert target.name in display.result_labels[0].text()
        assert not follower.poll()
        follower.stop()
    finally:
        ro.close()


def test_a_step_made_while_the_display_starts_is_shown_at_its_first_look(
    db: Database, demo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The umpire's step committed right after the display's first reading is not lost.

    The display read the game, then started watching the file: a step committed in between
    was in neither, and the display showed the game without it until the next step (a slow
    machine widens the gap). Here the step is made at that very moment.
    """
    from eote_ref.ui import display_app

    ro = open_read_only(path_of(db))
    try:
        unit = demo.view().sides[0].units[0]
        reading = display_app.read_view
        stepped: list[bool] = []

        def read_then_the_umpire_steps(service: GameService) -> Any:
            view = reading(service)
            if not stepped:
                stepped.append(True)
                demo.set_unit(unit.id, "hits", unit.hits + 1)
            return view

        monkeypatch.setattr(display_app, "read_view", read_then_the_umpire_steps)
        follower = DatabaseFollower(ro, demo.game_id)
        assert stepped
        assert follower.view.sides[0].units[0].hits == unit.hits  # read before the step
        assert follower.poll()
        assert follower.view.sides[0].units[0].hits == unit.hits + 1
        follower.stop()
    finally:
        ro.close()


def test_the_follower_cannot_write(db: Database, demo: GameService) -> None:
    ro = open_read_only(path_of(db))
    try:
        reader = GameService(ro, demo.game_id)
        with pytest.raises(Exception, match="readonly"):
            reader.set_initiative(1)
        assert demo.view().initiative == 0  # the demo's French initiative, untouched
    finally:
        ro.close()


@pytest.mark.slow  # real processes, each starting Qt
def test_display_sub_command_is_registered_and_runs(
    qtbot: QtBot, db: Database, demo: GameService, tmp_path: pathlib.Path
) -> None:
    args = build_parser().parse_args(["display", "--db", "x.sqlite", "--game", "3", "--window"])
    assert (args.command, args.display_db, args.game, args.window) == (
        "display",
        "x.sqlite",
        3,
        True,
    )
    # in real processes, as a club's second computer runs it (and no window of the command
    # outlives it in this test process)
    db.close()
    ran = run_subprocess("display", "--db", str(path_of(db)), "--window", "--exit-after", "50")
    assert ran.returncode == 0, ran.stderr
    missing = run_subprocess("display", "--db", str(tmp_path / "none.sqlite"), "--window")
    assert missing.returncode == 2
