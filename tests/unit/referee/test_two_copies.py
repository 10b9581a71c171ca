"""Two copies of the app on one game (the umpire's laptop and an assistant's tablet).

Each copy is a :class:`GameService` with its own sessions; on PostgreSQL each has its own
connection pool as two machines would. The second writer is refused, told what changed and
reloaded; nothing it wrote from its stale view reaches the game.
"""

from __future__ import annotations

import pytest

from eote_ref.referee.game import GameService
from eote_ref.store import StaleGameError
from tests.backends import DbTarget

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
    assert tablet.changed_elsewhere()
    with pytest.raises(StaleGameError, match="changed by another copy"):
        tablet.set_unit(unit, "hits", 1)
    assert reloads  # the tablet was told to reload
    assert tablet.unit_view(unit).hits == 2  # its stale command wrote nothing
    assert [e.summary for e in laptop.journal()][0].endswith("2")
    assert len(laptop.journal()) == 1

    tablet.set_unit(unit, "hits", 3)  # after reloading it writes normally
    assert laptop.changed_elsewhere()
    with pytest.raises(StaleGameError):
        laptop.undo()
    laptop.view()
    laptop.undo()
    assert tablet.unit_view(unit).hits == 2
    tablet.stop_watching()
    laptop.stop_watching()
