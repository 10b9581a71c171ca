"""An open campaign window follows what another copy of the app writes to the campaigns.

The other copy has a database connection of its own: on PostgreSQL a second
:func:`open_database` on the server (another machine, as far as the server can tell), on
SQLite a second engine on the same file (the app's single-instance lock keeps a second *app*
off a file; the window must still see commits made through any other connection). Nothing is
done in the window: its timer finds the change (LISTEN/NOTIFY, ``PRAGMA data_version``).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QTableWidget
from pytestqt.qtbot import QtBot

from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.store import Database
from eote_ref.ui.campaign_window import CampaignWindow
from tests.backends import DbTarget

LISTS = {p.name: p for p in shipped_army_lists()}

#: How long the window may take to show a change made elsewhere: it looks once a second, but
#: on a loaded machine a notification and the reading may take a while (generous: a change
#: never shown still fails, after this long).
FOLLOWED_WITHIN_MS = 30_000


def _cells(table: QTableWidget, column: int) -> list[str]:
    return [table.item(r, column).text() for r in range(table.rowCount())]


@pytest.fixture
def two_copies(db_target: DbTarget) -> Iterator[tuple[Database, Database]]:
    """The window's database and the other copy's, on the same file or server."""
    here = db_target.open()
    if db_target.backend == "postgres":
        there = db_target.open()
    else:
        there = Database(engine=db_target.engine(), path=db_target.path)
    yield here, there
    there.engine.dispose()


def test_the_window_follows_another_copy(
    qtbot: QtBot, two_copies: tuple[Database, Database]
) -> None:
    here, there = two_copies
    other = CampaignService(there)
    cid = other.create_campaign("Hundred Days")
    for name in ("Alice", "Bob"):
        other.add_member(cid, name)
    other.add_member(cid, "Ursula", "umpire")
    other.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="French")
    other.add_army(cid, "Bob", LISTS["waterloo-1815-prussian.yaml"], name="Prussians")
    wavre = other.add_battle(
        cid,
        NewBattle(datetime.date(2026, 3, 8), "Wavre", (["Prussians"], ["French"])),
    )

    window = CampaignWindow(CampaignService(here))
    qtbot.addWidget(window)
    window.show()
    assert window.campaign_combo.currentText() == "Hundred Days"
    assert _cells(window.battles, 1) == ["Wavre"]
    assert not window.follow()  # nothing written since the window read the campaign

    # The organiser picks Bob, Wavre and a Prussian unit.
    window.members.setCurrentCell(1, 0)
    window.battles.setCurrentCell(0, 1)
    window.tabs.setCurrentIndex(1)
    prussians = window.armies.topLevelItem(1)
    assert prussians.text(0) == "Prussians"
    division = prussians.child(0)
    division.setExpanded(True)
    window.armies.setCurrentItem(division.child(0))
    unit_name = division.child(0).text(0)

    # Another copy records an earlier battle, run in a game, and carries its losses.
    ligny = other.add_battle(
        cid,
        NewBattle(datetime.date(2026, 3, 1), "Ligny", (["French"], ["Prussians"]), umpire="Ursula"),
    )
    game = GameService(there, other.start_game(ligny))
    prussian_unit = game.view().sides[1].units[0]
    game.set_unit(prussian_unit.id, "hits", 3)
    other.set_result(ligny, "decisive", 0)
    other.carry_losses(ligny)

    qtbot.waitUntil(lambda: window.battles.rowCount() == 2, timeout=FOLLOWED_WITHIN_MS)
    qtbot.waitUntil(
        lambda: window.view is not None and window.view.battles[0].carried,
        timeout=FOLLOWED_WITHIN_MS,
    )
    assert _cells(window.battles, 1) == ["Ligny", "Wavre"]  # by date: the new one above
    assert window.statusBar().currentMessage() == CampaignWindow.CHANGED_ELSEWHERE
    # the selections stayed on what was picked, not on the row it used to be
    selected = window.selected_battle()
    assert selected is not None
    assert selected.id == wavre
    member = window.selected_member()
    assert member is not None
    assert member.name == "Bob"
    current = window.armies.currentItem()
    assert current is not None
    assert current.text(0) == unit_name
    assert current.parent() is not None
    assert current.parent().isExpanded()
    # what the other copy wrote shows: the result in the league, the hits carried
    assert _cells(window.league, 1)[0] == "Alice"
    prussian_state = window.view.armies[1]
    assert prussian_state.hits_carried > 0
    assert f"{prussian_state.hits_carried} hits carried" in window.armies.topLevelItem(1).text(4)

    # A new campaign elsewhere joins the chooser; the one shown stays.
    other.create_campaign("Peninsula")
    qtbot.waitUntil(lambda: window.campaign_combo.count() == 2, timeout=FOLLOWED_WITHIN_MS)
    assert window.campaign_combo.currentText() == "Hundred Days"
    assert window.campaign_id == cid

    # The campaign shown deleted elsewhere: the window moves to the one left.
    other.delete_campaign(cid)
    qtbot.waitUntil(lambda: window.campaign_combo.count() == 1, timeout=FOLLOWED_WITHIN_MS)
    assert window.campaign_combo.currentText() == "Peninsula"
    assert window.battles.rowCount() == 0

    # A closed window stops following (the main window keeps it until the database changes).
    window.close()
    other.create_campaign("Elba")
    qtbot.wait(2 * CampaignWindow.FOLLOW_MS + 500)
    assert window.campaign_combo.count() == 1
