"""One service core for every pack (issue 32): the journal step is shared, the rules are the pack's.

:class:`GameCore` names no pack; EotE's :class:`GameService` and the declared play's
:class:`PackGameService` each subclass it, and the service that opens a game is the one its
pack's registry line declares (:func:`open_service`), not EotE's by default.
"""

from __future__ import annotations

from eote_ref.referee.game import GameService
from eote_ref.referee.game_core import GameCore
from eote_ref.referee.game_open import open_service
from eote_ref.referee.headless import PackHeadless, open_headless
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from tests.avle_games import quatre_bras


def test_the_pack_service_is_the_core_carrying_no_eote_ruleset(db: Database) -> None:
    game = quatre_bras(db)
    assert isinstance(game, GameCore)
    assert not isinstance(game, GameService)  # EotE's views, markers and phases are not its
    assert not hasattr(game, "ruleset")  # only its own pack's rules
    assert game.rules is not None
    assert game.pack_id == "avle"


def test_the_core_journals_undoes_and_redoes_a_pack_game(db: Database) -> None:
    game = quatre_bras(db)
    unit = game.state().units[0]
    before = game.undo_counts()
    game.edit("unit", unit.id, "elements", 2)
    assert game.undo_counts() == (before[0] + 1, 0)
    assert game.journal(limit=1)[0].summary.startswith("By hand:")
    game.undo()
    assert game.state().unit(unit.id).markers == unit.markers
    game.redo()
    assert game.state().unit(unit.id).markers["elements"] == 2


def test_a_game_opens_with_the_service_its_pack_declares(db: Database, demo: GameService) -> None:
    avle = quatre_bras(db)
    assert type(open_service(db, demo.game_id)) is GameService  # EotE's registry line
    assert type(open_service(db, avle.game_id)) is PackGameService  # declared play
    assert isinstance(open_headless(db, avle.game_id), PackHeadless)
