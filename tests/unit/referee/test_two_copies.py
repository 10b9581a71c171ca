"""Two copies of the app on one game (the umpire's laptop and an assistant's tablet).

Each copy is a :class:`GameService` with its own sessions; on PostgreSQL each has its own
connection pool as two machines would. The second writer is refused, told what changed and
reloaded; nothing it wrote from its stale view reaches the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import pytest

from eote_ref.referee.campaign import CampaignService
from eote_ref.referee.game import GameService
from eote_ref.store import StaleGameError
from eote_ref.store.notify import ChangeWatcher
from tests.backends import DbTarget
from tests.shipped import LISTS

from .conftest import first_unit


def test_the_second_writer_is_refused_then_follows(
    waterloo: GameService, db_target: DbTarget
) -> None:
    laptop = waterloo
    other_db = db_target.open() if db_target.backend == "postgres" else laptop.db
    tablet = GameService(other_db, laptop.game_id)
    reloads: list[int] = []
    tablet.subscribe(lambda: reloads.append(tablet.view().turn))
    unit = first_unit(laptop, 0, "infantry")
    laptop.view()
    tablet.view()
    assert not tablet.changed_elsewhere()

    laptop.set_unit(unit, "hits", 2)
    assert _soon(tablet.changed_elsewhere)
    with pytest.raises(StaleGameError, match="changed by another copy"):
        tablet.set_unit(unit, "hits", 1)
    assert reloads  # the tablet was told to reload
    assert tablet.unit_view(unit).hits == 2  # its stale command wrote nothing
    assert [e.summary for e in laptop.journal()][0].endswith("2")
    assert len(laptop.journal()) == 1

    tablet.set_unit(unit, "hits", 3)  # after reloading it writes normally
    assert _soon(laptop.changed_elsewhere)
    with pytest.raises(StaleGameError):
        laptop.undo()
    laptop.view()
    laptop.undo()
    assert tablet.unit_view(unit).hits == 2
    tablet.stop_watching()
    laptop.stop_watching()


def _soon(check: Callable[[], bool], seconds: float = 30.0) -> bool:
    """Whether ``check`` turns true within ``seconds`` (a notification takes a moment).

    Generous: on a loaded machine the server's listening process may be slow to pass a
    notification on; one that never comes still fails, after this long.
    """
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            return False
        time.sleep(0.02)
    return True


def test_a_campaign_written_elsewhere_is_noticed(
    waterloo: GameService, db_target: DbTarget
) -> None:
    """Campaign writes by another copy, the bulk CSV import included, reach a watcher.

    On PostgreSQL only campaign writes notify the campaign channel (a game command does not);
    on SQLite any commit through another connection counts.
    """
    here = CampaignService(waterloo.db)
    other_db = db_target.open() if db_target.backend == "postgres" else waterloo.db
    there = CampaignService(other_db)
    assert not here.changed_elsewhere()  # starts watching
    cid = there.create_campaign("Hundred Days")
    assert _soon(here.changed_elsewhere)
    assert not here.changed_elsewhere()  # once per batch of commits
    there.add_member(cid, "Alice")
    there.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Nord")
    there.add_army(cid, "Alice", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
    assert _soon(here.changed_elsewhere)
    text = (
        "date,scenario,side_a,side_b,armies_a,armies_b,victory,winner,losses_a,losses_b\n"
        "2026-03-01,Ligny,Prussians,French,Blucher,Nord,decisive,French,3,4\n"
    )
    assert there.import_battles(cid, text) == 1  # one bulk insert, no flush of objects
    assert _soon(here.changed_elsewhere)
    assert [b.scenario for b in here.view(cid).battles] == ["Ligny"]

    if db_target.backend == "sqlite":
        waterloo.set_unit(first_unit(waterloo, 0, "infantry"), "hits", 1)
        assert here.changed_elsewhere()
    else:
        # A game command sends no campaign notification. Watched from now on (so nothing late
        # from the campaign writes above counts), until the game's own notification: the
        # server delivers them in commit order, so any campaign one would have come by then.
        with ChangeWatcher(waterloo.db.engine, campaigns=True) as watcher:
            waterloo.set_unit(first_unit(waterloo, 0, "infantry"), "hits", 1)
            assert _soon(lambda: waterloo.game_id in watcher.poll())
            assert not watcher.campaigns_changed()
    here.stop_watching()
    waterloo.stop_watching()


@pytest.mark.parametrize(
    ("field", "theirs"),
    [("hits", 2), ("formation", "column"), ("disordered", True)],
)
def test_a_stale_edit_to_the_value_still_shown_is_refused(
    waterloo: GameService, db_target: DbTarget, field: str, theirs: object
) -> None:
    """The tablet sets the value its stale screen shows, which the laptop changed meanwhile.

    Compared with its stale view the edit changes nothing; compared with the game as it is, it
    undoes the laptop's step. It is refused like any stale edit, never silently dropped.
    """
    laptop = waterloo
    other_db = db_target.open() if db_target.backend == "postgres" else laptop.db
    tablet = GameService(other_db, laptop.game_id)
    unit = first_unit(laptop, 0, "infantry")
    tablet.view()  # the tablet's screen, before the change
    shown = getattr(tablet.unit_view(unit), field)
    assert shown != theirs
    reloads: list[object] = []
    tablet.subscribe(lambda: reloads.append(tablet.view()))  # as the app's GameHub does
    laptop.set_unit(unit, field, theirs)
    with pytest.raises(StaleGameError, match="Not written: the game was changed by another"):
        tablet.set_unit(unit, field, shown)
    assert reloads  # the tablet was told to reload
    assert getattr(tablet.unit_view(unit), field) == theirs  # the game as the laptop left it
    assert len(laptop.journal()) == 1
    # after reloading, the same edit is written (a real change now)
    assert tablet.set_unit(unit, field, shown) is not None
    assert getattr(laptop.unit_view(unit), field) == shown
    # and an edit that changes nothing in the game as it is stays a no-op
    assert tablet.set_unit(unit, field, shown) is None
    assert len(laptop.journal()) == 2
    tablet.stop_watching()
    laptop.stop_watching()


@pytest.mark.parametrize("edit", ["next phase", "initiative"])
def test_a_game_wide_edit_from_a_stale_screen_is_refused(
    waterloo: GameService, db_target: DbTarget, edit: str
) -> None:
    """'Next phase' or the initiative, pressed on a screen the other copy has changed since.

    Built on the game as it is now, the tablet's "next phase" would advance a second time (the
    laptop already did), its initiative would silently replace the laptop's: both are refused
    as stale, and the game is as the laptop left it.
    """
    laptop = waterloo
    other_db = db_target.open() if db_target.backend == "postgres" else laptop.db
    tablet = GameService(other_db, laptop.game_id)
    shown = tablet.view()  # the tablet's screen, before the laptop's step
    if edit == "next phase":
        laptop.advance_phase()
        after = laptop.view().phase
        with pytest.raises(StaleGameError):
            tablet.advance_phase()
        assert laptop.view().phase == after != shown.phase  # advanced once, not twice
    else:
        laptop.set_initiative(0)
        with pytest.raises(StaleGameError):
            tablet.set_initiative(1)
        assert laptop.view().initiative == 0
    assert len(laptop.journal()) == 1
    tablet.stop_watching()
    laptop.stop_watching()
