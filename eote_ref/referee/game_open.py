"""Opening a game with the service its pack declares, naming no pack.

The game's ``ruleset`` column names its pack (:func:`eote_ref.referee.pack_view.game_pack`);
the pack's registry line names the service that runs its games
(:attr:`eote_ref.packs.registry.Shipped.service`: EotE's
:class:`~eote_ref.referee.game.GameService`), and a pack that declares its play and no
service of its own is run by the shared :class:`~eote_ref.referee.pack_play.PackGameService`.
Every service is a :class:`~eote_ref.referee.game_core.GameCore`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry
from eote_ref.referee.game_rules import RulesetError

if TYPE_CHECKING:
    from eote_ref.referee.game_core import GameCore
    from eote_ref.store import Database


def service_class(pack_id: str) -> Callable[[Database, int], GameCore]:
    """What opens a game of pack ``pack_id``: ``service_class(pack)(db, game_id)``.

    Raises:
        RulesetError: the pack declares neither a service nor its play.
    """
    declared: Any = registry.get_service(pack_id)
    if declared is not None:
        opener: Callable[[Database, int], GameCore] = declared
        return opener
    if pack_id in registry.PLAYS:
        from eote_ref.referee.pack_play import PackGameService

        return PackGameService
    raise RulesetError(f"pack {pack_id} declares no service and no play: its games cannot open")


def open_service(db: Database, game_id: int) -> GameCore:
    """Game ``game_id`` opened with its pack's service (refused in words as that service does)."""
    from eote_ref.referee.pack_view import game_pack

    return service_class(game_pack(db, game_id))(db, game_id)
