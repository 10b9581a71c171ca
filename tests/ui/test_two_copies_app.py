"""Two copies of the real app on one game, as two umpires would run them (slow: processes).

Each copy is its own process (tests/ui/app_copy.py: the real start-up and main window,
offscreen), driven by key presses on the focused widget and clicks on unit rows:

* on one SQLite file the second copy is refused at start-up, and its message says how to
  share a game instead (a club server, or the read-only players' display);
* on a PostgreSQL server both copies run: an edit in A shows in B with nothing done in B;
  B's edit from a view left stale is refused, says what changed and shows the new state;
  B's next edit goes through and A follows; A's undo shows in B; the journal holds every
  step once, in order.

``EOTE_REF_SHOTS_DIR`` names a folder for the pictures of B (default: the test's own folder);
docs/screenshots/two-copies-*.png were made so.
"""

from __future__ import annotations

import os
import pathlib

import pytest

from eote_ref.referee.game import GameService
from eote_ref.store import history
from eote_ref.store.models import DONE, UNDONE
from tests.backends import DbTarget
from tests.conftest import waterloo_setup
from tests.ui.two_copies import AppCopy

pytestmark = pytest.mark.slow


@pytest.fixture
def shots(tmp_path: pathlib.Path) -> pathlib.Path:
    folder = pathlib.Path(os.environ.get("EOTE_REF_SHOTS_DIR") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


@pytest.fixture
def game(db_target: DbTarget) -> tuple[DbTarget, int, list[int], str]:
    """Waterloo in the test's database (closed again: the copies open it).

    Also two British battalions' ids and the first one's name.
    """
    db = db_target.open()
    game_id = waterloo_setup(db)
    view = GameService(db, game_id).view()
    infantry = [u for u in view.sides[0].units if u.arm == "infantry"][:2]
    db.close()
    return db_target, game_id, [u.id for u in infantry], infantry[0].name


def _where(target: DbTarget) -> list[str]:
    return target.cli_args


def test_two_copies_of_the_app_on_one_game(
    game: tuple[DbTarget, int, list[int], str], shots: pathlib.Path
) -> None:
    target, game_id, (guards, other_unit), name = game
    a = AppCopy(_where(target), game_id)
    copies = [a]
    try:
        assert a.first["ready"]
        b = AppCopy(_where(target), game_id, refusal_shot=shots / "two-copies-sqlite-refused.png")
        copies.append(b)
        if target.backend == "sqlite":
            # One file, one copy of the app: the second is told why and what to do instead.
            refusal = b.first["refused"]
            assert "already open" in refusal
            assert "club server" in refusal
            assert "eote-ref display" in refusal
            assert (shots / "two-copies-sqlite-refused.png").stat().st_size > 0
            assert a.ask("click_unit", unit=guards)["selected"] == guards
            assert a.ask("key", key="plus")["selected_hits"] == 1  # A carries on alone
            return
        _play_on_the_server(a, b, guards, other_unit, shots)
    finally:
        for copy in copies:
            copy.close()

    with target.open() as db, db.session() as s:
        events = history(s, game_id, include_discarded=True)
    # Every step once, in order: A's +1, A's +1, B's +1 (undone by A); B's refused +1 is not
    # there, and nothing was written twice.
    assert [(e.seq, e.status) for e in events] == [(1, DONE), (2, DONE), (3, UNDONE)]
    assert [e.summary for e in events] == [f"{name}: hits {n} → {n + 1}" for n in range(3)]


def _play_on_the_server(
    a: AppCopy, b: AppCopy, guards: int, other_unit: int, shots: pathlib.Path
) -> None:
    assert b.first["ready"]
    assert a.ask("click_unit", unit=guards)["selected"] == guards
    before = b.ask("click_unit", unit=other_unit)
    assert before["selected"] == other_unit
    b.ask("shot", path=str(shots / "two-copies-0-before.png"))

    # A adds a hit; B follows without a key pressed, keeping its own selection.
    assert a.ask("key", key="plus")["selected_hits"] == 1
    followed = b.wait_for(lambda s: s["version"] == 1)
    assert followed["selected"] == other_unit
    assert followed["status"].startswith("Another copy of eote-ref changed the game: ")
    assert followed["status"].endswith("hits 0 → 1")
    assert followed["undo"].endswith("hits 0 → 1")
    b.ask("shot", path=str(shots / "two-copies-1-followed.png"))

    # B's umpire picks the Guards while B has not yet looked again (its follow timer held),
    # A adds a second hit, B adds one from its stale view: refused, told, shown the new state.
    b.ask("follow", on=False)
    assert b.ask("click_unit", unit=guards)["selected_hits"] == 1
    assert a.ask("key", key="plus")["selected_hits"] == 2
    refused = b.ask("key", key="plus")
    assert refused["status"].startswith("Not written: the game was changed by another copy")
    assert "hits 1 → 2" in refused["status"]
    assert refused["selected"] == guards
    assert refused["selected_hits"] == 2  # the new state, not B's stale one, and nothing added
    assert refused["version"] == 2
    b.ask("shot", path=str(shots / "two-copies-2-refused.png"))
    b.ask("follow", on=True)

    # B enters the step again: it goes through, and A follows.
    assert b.ask("key", key="plus")["selected_hits"] == 3
    assert a.wait_for(lambda s: s["selected_hits"] == 3)["status"].endswith("hits 2 → 3")

    # A undoes B's step (Ctrl+Z on A's focused table): B shows the undo.
    assert a.ask("key", key="z", mods="ctrl")["status"].startswith("Undone: ")
    undone = b.wait_for(lambda s: s["version"] == 4)
    assert undone["selected_hits"] == 2
    assert undone["status"].endswith("undid " + undone["journal"][0][1])
    assert undone["journal"][0][2] == "undone"
    b.ask("shot", path=str(shots / "two-copies-3-undone.png"))
