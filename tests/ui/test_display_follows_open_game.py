"""``eote-ref display`` without ``--game`` follows the game the umpire's app has open (issue 30).

It used to pick the game played last when it started and keep to it: the umpire opening
another game left the projector on the old one.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.referee.follow import game_to_follow, open_read_only
from eote_ref.referee.game import GameService
from eote_ref.referee.players_view import Fog
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database
from eote_ref.ui.display_app import DatabaseFollower
from eote_ref.ui.players_display import PlayersDisplay
from tests.ui.helpers import settle, shown_window


def test_the_display_moves_to_the_game_the_umpire_opens(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    path = next(p for p in shipped_scenarios() if p.stem == "waterloo-hougoumont")
    other = GameService(db, create_scenario_game(db, load(path)))
    other.advance_phase()  # the game played last
    assert db.path is not None
    ro = open_read_only(db.path)
    try:
        window = shown_window(qtbot, db, other.game_id)
        assert window.hub is not None
        window.hub.follow()  # the app's tick records the game it has open
        assert game_to_follow(ro) == other.game_id
        follower = DatabaseFollower(ro, game_to_follow(ro), follow_open=True)
        display = PlayersDisplay(follower)
        qtbot.addWidget(display)
        display.show()
        settle(qtbot, display)
        assert "Hougoumont" in display.windowTitle()
        # The umpire opens the demo, older and not played since: the display moves to it.
        window.open_game(demo.game_id)
        window.hub.follow()
        assert game_to_follow(ro) == demo.game_id
        assert follower.poll()
        settle(qtbot, display)
        assert follower.service.game_id == demo.game_id
        assert demo.view().name in display.windowTitle()
        assert not follower.poll()  # and stays there
        # The umpire's fog of war (a view setting, no journal step) reaches it too.
        window.display_menu.fog_actions[Fog.BOTH].trigger()
        assert follower.poll()
        settle(qtbot, display)
        assert display.fog_label.text() == "Fog of war: CE hidden"
        # A display given --game keeps to it.
        fixed = DatabaseFollower(ro, other.game_id)
        assert not fixed.poll()
        assert fixed.service.game_id == other.game_id
        follower.stop()
        fixed.stop()
    finally:
        ro.close()
