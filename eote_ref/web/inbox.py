"""What the players send from their phones, waiting for the umpire: pending requests, Ready.

Both live in the memory of the app that serves the pages, never in the database: a request
is not game state until the umpire accepts it (then it is written by the referee's own
services, one journal step, as if the umpire had entered it), and a ready flag is a word
across the table for one phase. Losing them when the app closes loses nothing of the game;
keeping them out of the database keeps them out of the journal, undo and redo, out of a
read-only display process (which cannot write) and out of the schema.

Thread-safe: the server's threads add and read, the umpire's thread accepts and sends back.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from eote_ref.referee.errors import RefereeError

#: Requests a side may have waiting at once (a phone cannot flood the umpire's list).
MAX_PENDING = 12

#: Longest note a player or the umpire may write.
MAX_TEXT = 300


#: Answered requests kept (each side's page shows its last ten).
KEPT_ANSWERED = 200


class RequestRefused(RefereeError):
    """A request refused in words (the player, or the umpire, reads them)."""


@dataclass(frozen=True)
class Request:
    """One request from a side's phone: an EotE order, or a pack's check with its answers.

    ``status`` is ``pending``, ``accepted`` or ``returned`` (with the umpire's ``reply``).
    """

    id: int
    side: int
    side_name: str
    kind: str
    #: EotE: ``division_id``, ``division``, ``order``, ``objective``; a pack: ``check``,
    #: ``label``, ``target``, ``answers``.
    data: dict[str, Any]
    summary: str
    status: str = "pending"
    reply: str = ""

    def public(self) -> dict[str, Any]:
        """As the side's own page shows it."""
        return {
            "id": self.id,
            "summary": self.summary,
            "status": self.status,
            "reply": self.reply,
        }


@dataclass
class Inbox:
    """The requests and ready flags of one served game."""

    _lock: threading.Lock = field(default_factory=threading.Lock)
    _ids: itertools.count[int] = field(default_factory=lambda: itertools.count(1))
    _requests: dict[int, Request] = field(default_factory=dict)
    _ready: set[int] = field(default_factory=set)
    _phase: tuple[int, str] = (0, "")
    #: Called (on the server's thread) after every change: the app marshals it to its own.
    listeners: list[Callable[[], None]] = field(default_factory=list)

    def _told(self) -> None:
        for cb in list(self.listeners):
            cb()

    def add(self, side: int, side_name: str, kind: str, data: dict[str, Any], summary: str) -> int:
        """A new pending request; its id. Refused past :data:`MAX_PENDING` waiting."""
        with self._lock:
            waiting = sum(
                1 for r in self._requests.values() if r.side == side and r.status == "pending"
            )
            if waiting >= MAX_PENDING:
                raise RequestRefused(
                    f"{waiting} requests are already waiting for the umpire: wait for his answer"
                )
            rid = next(self._ids)
            self._requests[rid] = Request(rid, side, side_name, kind, data, summary)
            answered = [k for k, r in self._requests.items() if r.status != "pending"]
            for k in answered[: max(0, len(answered) - KEPT_ANSWERED)]:
                del self._requests[k]  # the oldest answers go: a long game stays small
        self._told()
        return rid

    def get(self, rid: int) -> Request | None:
        with self._lock:
            return self._requests.get(rid)

    def pending(self) -> list[Request]:
        """Every request waiting for the umpire, oldest first."""
        with self._lock:
            return [r for r in self._requests.values() if r.status == "pending"]

    def of_side(self, side: int) -> list[dict[str, Any]]:
        """Side ``side``'s requests as its page shows them, newest first (the last ten)."""
        with self._lock:
            mine = [r.public() for r in self._requests.values() if r.side == side]
        return mine[::-1][:10]

    def answer(self, rid: int, status: str, reply: str = "") -> Request:
        """The umpire's answer: ``accepted`` or ``returned`` with a word."""
        if status not in ("accepted", "returned"):
            raise RequestRefused(f"no such answer: {status}")
        with self._lock:
            r = self._requests.get(rid)
            if r is None or r.status != "pending":
                raise RequestRefused(f"request {rid} is not waiting")
            r = replace(r, status=status, reply=reply[:MAX_TEXT])
            self._requests[rid] = r
        self._told()
        return r

    # ------------------------------------------------------------------ ready
    def set_phase(self, key: tuple[int, str]) -> None:
        """The game is in phase ``key`` now: a new phase clears every ready flag."""
        with self._lock:
            if key == self._phase:
                return
            self._phase = key
            had = bool(self._ready)
            self._ready.clear()
        if had:
            self._told()

    def set_ready(self, side: int, ready: bool, phase: tuple[Any, ...] | None = None) -> None:
        """Side ``side`` is ready (or not) for the phase; refused if ``phase`` is gone by.

        ``phase`` is the phase the side's page showed when Ready was pressed (its
        ``phase_key``): pressed as the umpire moved on, it would count for a phase the side
        has not read yet, so it is refused in words and the page reads the new one.
        """
        with self._lock:
            if phase is not None and phase != self._phase:
                raise RequestRefused(
                    "the game has moved on to another phase: read it, then press Ready"
                )
            if ready:
                self._ready.add(side)
            else:
                self._ready.discard(side)
        self._told()

    def ready(self) -> frozenset[int]:
        """The sides that pressed Ready in this phase."""
        with self._lock:
            return frozenset(self._ready)
