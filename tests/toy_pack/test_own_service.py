"""A pack's registry line may name the service that runs its games (issue 32).

None named: the shared service of declared play runs them (``PackGameService``); a line's
``service`` (``module:name``) is what opens them (``referee/game_open.py``), as EotE's names
its own ``GameService``.
"""

from __future__ import annotations

from eote_ref.packs import registry
from eote_ref.referee.game_open import service_class
from eote_ref.referee.pack_play import PackGameService
from tests.toy_pack import LINE


class ToyService(PackGameService):
    """A pack's own service, named by its registry line."""


def test_a_registered_pack_may_name_its_own_service() -> None:
    registry.register(LINE._replace(service=f"{__name__}:ToyService"))
    try:
        assert service_class(LINE.id) is ToyService
    finally:
        registry.unregister(LINE.id)
    registry.register(LINE)
    try:
        assert service_class(LINE.id) is PackGameService  # none named: the shared one
    finally:
        registry.unregister(LINE.id)
    assert LINE.id not in registry.SERVICES
