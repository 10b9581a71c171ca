"""The umpire's side of the phones: publish each change, accept or send back a request.

:class:`Publisher` runs on the thread that owns the game's service (the app's, or the
headless command's loop): :meth:`Publisher.refresh` builds the pages of the game as it is now
and hands them to the server. A player's request is written to the game only by
:meth:`Publisher.accept`, through the referee's own services, as one journal step:

* an EotE order (EotE 3.1-3.4) runs the order check (``open_check(game, "order", ...)``)
  with the umpire's issuer, distance and Activating Orders die: the order is in force at
  once or in transit for the turns the chart gives, exactly as if the umpire had entered it;
* a pack's check (an AVlE hand of cards, 4.1) runs that check with the side's answers.

:meth:`Publisher.send_back` answers a request with a word and writes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.players_view import Fog
from eote_ref.web.inbox import Request, RequestRefused
from eote_ref.web.server import PhoneServer
from eote_ref.web.snapshot import snapshot


class Publisher:
    """The game of ``service`` served by ``server``; :meth:`refresh` after every change."""

    def __init__(self, service: GameService, server: PhoneServer) -> None:
        self.service = service
        self.server = server
        #: The fog of war the players' display holds, when the app keeps it (None: the
        #: game's own choice).
        self.fog: Fog | None = None

    def refresh(self) -> None:
        """Build every page from the game as it is now and publish them."""
        self.server.publish(snapshot(self.service, fog=self.fog))

    def follow(self) -> None:
        """Refresh after every change the service makes (apply, undo, redo)."""
        self.service.subscribe(self.refresh)

    def send_back(self, rid: int, word: str) -> Request:
        """Return request ``rid`` to its side with ``word``; the game is not touched."""
        return self.server.inbox.answer(rid, "returned", word.strip() or "sent back")

    def accept(self, rid: int, facts: Mapping[str, Any] | None = None, rolls: Any = None) -> Any:
        """Write request ``rid`` to the game as one journal step; its event.

        For an EotE order ``facts`` are the order check's (``issuer``, ``distance_in``,
        ``dominating_terrain``...) and ``rolls`` its die (``{"roll": 4}``; none needed on the
        first turn or from an attached leader, 3.1). A refusal of the referee (no issuer in
        range, a hand that breaks 4.1) leaves the request waiting and is raised.
        """
        request = self.server.inbox.get(rid)
        if request is None or request.status != "pending":
            raise RequestRefused(f"request {rid} is not waiting")
        check = self.check_for(request)
        for key, value in (facts or {}).items():
            check.set(key, value)
        event = check.apply(rolls) if request.kind == "pack" else check.apply(dict(rolls or {}))
        self.server.inbox.answer(rid, "accepted")
        return event

    def check_for(self, request: Request) -> Any:
        """The referee's check that writes ``request``, its answers set (not applied)."""
        if request.kind == "order":
            from eote_ref.packs import registry

            # The referee's own service plays the default pack (EotE): its order check.
            checks = registry.get_checks(registry.DEFAULT_PACK)
            check = checks.open_check(
                self.service, "order", division_id=request.data["division_id"]
            )
            check.set("order", request.data["order"])
            return check
        if request.kind == "pack":
            opener = getattr(self.service, "open_check", None)
            if opener is None:
                raise RefereeError("this game takes no pack check")
            check = opener(request.data["check"], **request.data["target"])
            for key, value in request.data["answers"].items():
                check.set(key, value)
            return check
        raise RefereeError(f"no such request: {request.kind}")
