"""One command on a game as one unit of work: the journal's writes and what they leave behind.

:class:`~eote_ref.referee.game.GameService` runs every command (a step applied, undone or
redone, an unchanged edit checked against the game's version) inside :func:`game_work`: the
store opens the session and commits with the journal, the referee decides what to write and
what a failure means. The referee never holds the session itself.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlmodel import Session, col, select

from eote_ref.store import journal
from eote_ref.store.changes import Change
from eote_ref.store.models import Game, GameCommand, GameFact, GameLeader, GameUnit, JournalEvent

if TYPE_CHECKING:
    from eote_ref.store.database import Database


@contextmanager
def game_work(db: Database, game_id: int) -> Iterator[GameWork]:
    """A unit of work on game ``game_id`` (the session closes when the block ends)."""
    with db.session() as s:
        yield GameWork(s, game_id)


class GameWork:
    """The journal's commands on one game inside one transaction (:func:`game_work`)."""

    def __init__(self, session: Session, game_id: int) -> None:
        self._s = session
        self.game_id = game_id

    def turn(self) -> int:
        """The game's turn as it is in this transaction (1 when the game is gone)."""
        game = self._s.get(Game, self.game_id)
        return game.turn if game is not None else 1

    def apply(
        self,
        kind: str,
        *,
        changes: Sequence[Change],
        inputs: Any,
        rolls: Any,
        outcome: Any,
        summary: str,
        expected_version: int | None,
    ) -> JournalEvent:
        """:func:`eote_ref.store.journal.apply`: the changes and their event, committed."""
        return journal.apply(
            self._s,
            self.game_id,
            kind,
            changes=changes,
            inputs=inputs,
            rolls=rolls,
            outcome=outcome,
            summary=summary,
            expected_version=expected_version,
        )

    def undo(self, steps: int, *, expected_version: int | None) -> list[JournalEvent]:
        """:func:`eote_ref.store.journal.undo`, committed."""
        return journal.undo(self._s, self.game_id, steps, expected_version=expected_version)

    def redo(self, steps: int, *, expected_version: int | None) -> list[JournalEvent]:
        """:func:`eote_ref.store.journal.redo`, committed."""
        return journal.redo(self._s, self.game_id, steps, expected_version=expected_version)

    def set_display_option(self, key: str, value: Any, *, expected_version: int | None) -> int:
        """:func:`eote_ref.store.display_settings.set_display_option`, committed: no step."""
        from eote_ref.store.display_settings import set_display_option

        return set_display_option(
            self._s, self.game_id, key, value, expected_version=expected_version
        )

    def check_version(self, expected: int) -> None:
        """:func:`eote_ref.store.journal.check_version` (StaleGameError if changed since)."""
        journal.check_version(self._s, self.game_id, expected)

    def rollback(self) -> None:
        """Drop what this unit of work has not committed."""
        self._s.rollback()

    def version_after(self) -> int | None:
        """The game's version after the last command committed here, if any."""
        return journal.version_after(self._s, self.game_id)

    def touched_after(self) -> dict[int, tuple[journal.Touch, ...]]:
        """The rows each command committed here changed, by the version it made."""
        return journal.touched_after(self._s, self.game_id)


@dataclass(frozen=True)
class TurnRows:
    """What the start of a new turn reads: the game, its units, facts, commands and leaders."""

    game: Game | None
    units: list[GameUnit]
    fact_ids: list[int]
    commands: list[GameCommand]
    leaders: list[GameLeader]


def turn_rows(s: Session, game_id: int) -> TurnRows:
    """The rows :func:`eote_ref.referee.turn.carry_over` works from, each list by id."""
    game = s.get(Game, game_id)
    if game is None:
        return TurnRows(None, [], [], [], [])
    units = s.exec(select(GameUnit).where(GameUnit.game_id == game_id).order_by(col(GameUnit.id)))
    ids = s.exec(select(GameFact.id).where(GameFact.game_id == game_id).order_by(col(GameFact.id)))
    commands = s.exec(
        select(GameCommand).where(GameCommand.game_id == game_id).order_by(col(GameCommand.id))
    )
    leaders = s.exec(
        select(GameLeader).where(GameLeader.game_id == game_id).order_by(col(GameLeader.id))
    )
    return TurnRows(
        game, list(units), [i for i in ids if i is not None], list(commands), list(leaders)
    )
