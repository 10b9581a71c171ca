"""The service core every pack's game is run by: the journal step, undo, redo, listening.

:class:`GameCore` names no pack. It opens a game, reads the store's game queries in their own
sessions (:meth:`GameCore.read`), writes every change as **one** journal event in one
transaction (:meth:`GameCore.record`, through :func:`eote_ref.store.apply`), undoes and
redoes them, tells its listeners after each, follows another copy's changes
(:meth:`GameCore.changed_elsewhere`) and reads the journal as :class:`JournalEntry` lines.

Each pack's service subclasses it and adds its own state, checks and edits: EotE's
:class:`eote_ref.referee.game.GameService` (its ruleset, views, markers, divisions,
initiative, phases), and :class:`eote_ref.referee.pack_play.PackGameService` for every pack
that declares its play (:mod:`eote_ref.packs.play`). Which one opens a game is the pack's
registry line (:func:`eote_ref.referee.game_open.open_service`).
"""

from __future__ import annotations

import bisect
import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from eote_ref.referee.journal_line import LINE_KEY, Line
from eote_ref.referee.journal_record import record_result
from eote_ref.referee.views import JournalEntry
from eote_ref.store.errors import ServerGoneError, StaleGameError

if TYPE_CHECKING:  # the ORM is imported by the first command, not for the first window
    from eote_ref.store import Database, JournalEvent
    from eote_ref.store.changes import Change
    from eote_ref.store.game_queries import GameQuery
    from eote_ref.store.game_work import GameWork
    from eote_ref.store.journal import Touch
    from eote_ref.store.notify import ChangeWatcher
    from eote_ref.store.rows import RowReader

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: How many commands' changed rows a service keeps while no view is read (a script applying
#: a long batch); past that the next view reads the whole game.
TOUCHED_KEPT = 500


def _in_words(error: Exception) -> Exception | None:
    """The store's words for ``error`` when a server refused the account or went away.

    A server that stops answering before a command's commit saved nothing of it (a lost
    commit is told by :func:`eote_ref.store.apply` itself, after reading the journal again).
    """
    from eote_ref.store.server_errors import translate

    return translate(error)


def explain_failure(error: BaseException, saved: str | None = None) -> str | None:
    """A sentence for the umpire about a database server's refusal or silence, else None.

    For the app's edits (service calls) whose failure came past the service's own words;
    ``saved`` says what a lost server means for the work under way (default: nothing of the
    step was saved).
    """
    from eote_ref.store.server_errors import NOT_SAVED, translate

    told = translate(error, saved or NOT_SAVED)
    return None if told is None else str(told)


def told(method: Callable[_P, _T]) -> Callable[_P, _T]:
    """A service call whose database server refused the account, or went away, says so in words.

    The refusals of the referee and the store (``ValueError``) pass unchanged; a driver's
    error that :func:`_in_words` reads becomes the store's own (a ``ValueError`` too), so the
    app's edit handlers and the CLI show a sentence, never a traceback.
    """

    @functools.wraps(method)
    def in_words(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return method(*args, **kwargs)
        except ValueError:
            raise
        except Exception as error:
            words = _in_words(error)
            if words is None:
                raise
            raise words from error

    return in_words


class GameCore:
    """One open game of any pack: reads, journaled steps, undo and redo, listeners.

    Args:
        db: the open database.
        game_id: the game to run.

    Raises:
        NotFoundError: there is no such game. A subclass refuses a game its pack does not
            play in :meth:`_take_rules`.
    """

    def __init__(self, db: Database, game_id: int) -> None:
        self.db = db
        self.game_id = game_id
        game = self._game_row()
        if game is None:
            from eote_ref.store.errors import NotFoundError

            raise NotFoundError(f"there is no game with id {game_id}")
        self._take_rules(game)
        self._listeners: list[Callable[[], None]] = []
        #: The game's version this service last showed (a command built from an older view
        #: is refused, so two copies of the app never overwrite each other's commands).
        self.version: int = game.version
        self._watcher: ChangeWatcher | None = None
        #: The rows each of this service's commands changed, by the version it made.
        self._touched: dict[int, tuple[Touch, ...]] = {}

    def _take_rules(self, game: Any) -> None:
        """Read the game's rules from its row (its ``ruleset`` and ``options``): each pack's.

        The core keeps none; a game the subclass's pack does not play is refused here.
        """

    def _implied(self, changes: Sequence[Change], work: GameWork) -> Sequence[Change]:
        """``changes`` with what they imply written in the same step (the core: nothing)."""
        return changes

    # ------------------------------------------------------------------ reading rows
    def _reader(self) -> RowReader | None:
        """The plain-row reader on an SQLite file, else None (a server: reads use the ORM).

        Views and the journal are read through it (``sqlite3``, no ORM objects), so the app's
        first window needs no SQLAlchemy; every write goes through the ORM and the journal.
        """
        return self.db.rows()

    def _game_row(self) -> Any:
        """The game's row (an ORM object or a plain row), or None."""
        reader = self._reader()
        if reader is not None:
            return reader.game(self.game_id)
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            return r.game()

    def _version(self) -> int | None:
        """The game's version as stored now (one value read)."""
        reader = self._reader()
        if reader is not None:
            value = reader.scalar("SELECT version FROM game WHERE id = ?", (self.game_id,))
            return None if value is None else int(value)
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            return r.version()

    def read(
        self,
        query: GameQuery[_P, _T],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> _T:
        """One of the store's game reads (:mod:`eote_ref.store.game_rows`), in its own session.

        The checks read rows the view does not carry through this, never a session of theirs.
        """
        from eote_ref.store.game_queries import read_game

        try:
            return read_game(self.db, self.game_id, query, *args, **kwargs)
        except Exception as error:
            words = _in_words(error)
            if words is None:
                raise
            raise words from error

    # ------------------------------------------------------------------ listening
    def subscribe(self, callback: Callable[[], None]) -> None:
        """Call ``callback`` after every change (edit, undo, redo)."""
        self._listeners.append(callback)

    def _changed(self) -> None:
        for cb in list(self._listeners):
            cb()

    def changed_elsewhere(self) -> bool:
        """Whether another window or machine changed this game since this service last read it.

        Cheap enough for a timer (a notification check on PostgreSQL, one pragma on SQLite).
        """
        if self._watcher is None:  # the first call starts watching and reads the version
            from eote_ref.store.notify import ChangeWatcher

            self._watcher = ChangeWatcher(self.db.engine)
            game = self._game_row()
            return game is None or game.version != self.version
        changed = self._watcher.poll()
        return changed.get(self.game_id, self.version) != self.version

    @property
    def read_only(self) -> bool:
        """Whether this account may only look at the game (a viewer's role on a server)."""
        return not self.db.can_play

    def stop_watching(self) -> None:
        """Release the connection :meth:`changed_elsewhere` keeps open."""
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None

    # ------------------------------------------------------------------ writing
    @told
    def record(
        self,
        kind: str,
        summary: str | Line,
        changes: Sequence[Change],
        *,
        inputs: Any = None,
        rolls: Any = None,
        outcome: Any = None,
    ) -> JournalEvent:
        """Apply ``changes`` as one journal event (the only way a service writes).

        What the changes imply (:meth:`_implied`: EotE's facts of the turn) is written with
        them, in the same event. A ``summary`` given as a :class:`Line` is kept in pieces too,
        in ``inputs["line"]``, each saying what it reveals, for the players' display (fog of
        war); a plain-text summary reveals nothing.
        """
        if isinstance(summary, Line):
            inputs = {**(inputs or {}), LINE_KEY: summary.to_json()}
            summary = summary.text

        with self._writing() as w:
            changes = self._implied(changes, w)
            event = w.apply(
                kind,
                changes=changes,
                inputs=inputs,
                rolls=rolls,
                outcome=outcome,
                summary=summary,
                expected_version=self.version,
            )
        self._changed()
        return event

    @contextlib.contextmanager
    def _writing(self) -> Iterator[GameWork]:
        """The store's unit of work for one command, keeping :attr:`version` up to date.

        On a :class:`StaleGameError` (another copy changed the game) the listeners are told
        to reload before the error goes on to the caller.
        """
        from eote_ref.store.game_work import game_work

        with game_work(self.db, self.game_id) as w:
            try:
                yield w
            except StaleGameError:
                w.rollback()
                self._changed()
                raise
            except ServerGoneError as gone:
                if gone.saved:  # the server answered again: show the step it kept
                    with contextlib.suppress(Exception):
                        self._changed()
                raise
            except Exception as error:
                words = _in_words(error)
                if words is None:
                    raise
                raise words from error
            after = w.version_after()
            if after is not None:
                self.version = after
                if len(self._touched) > TOUCHED_KEPT:  # nobody read a view for a long while
                    self._touched.clear()  # (the next one reads the whole game)
                self._touched.update(w.touched_after())

    def announce_open(self) -> None:
        """Record this game as the one the umpire's app has open (followed by a display)."""
        from eote_ref.store.display_settings import record_open_game

        record_open_game(self.db, self.game_id)

    def set_display_option(self, key: str, value: Any) -> None:
        """Set (``None``: clear) one display choice of the game, no journal step.

        What the players' display shows (fog of war) is not a step of the battle: Ctrl+Z never
        takes it back. It is written in the game's options all the same, so a display
        following the database from another computer honours it
        (:mod:`eote_ref.store.display_settings`).
        """
        with self._writing() as w:
            w.set_display_option(key, value, expected_version=self.version)
        self._changed()

    # ------------------------------------------------------------------ undo / redo
    @told
    def undo(self, steps: int = 1) -> list[str]:
        """Undo ``steps`` events; returns their summaries."""
        with self._writing() as w:
            events = w.undo(steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    @told
    def redo(self, steps: int = 1) -> list[str]:
        """Redo ``steps`` undone events; returns their summaries."""
        with self._writing() as w:
            events = w.redo(steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    @told
    def undo_to(self, seq: int) -> list[str]:
        """Undo every event after ``seq`` (the log's "undo back to here")."""
        from eote_ref.store.journal import done_after

        done = self.read(done_after, seq)
        return self.undo(done) if done else []

    def undo_counts(self) -> tuple[int, int]:
        """How many steps can be undone and redone."""
        from eote_ref.store import counts

        c = self.read(counts)
        return c.undoable, c.redoable

    # ------------------------------------------------------------------ the journal
    def journal(self, *, limit: int | None = None, newest_first: bool = True) -> list[JournalEntry]:
        """The journal, newest first by default (undone events included, marked)."""
        reader = self._reader()
        if reader is not None:
            rows = reader.iter_history(self.game_id, limit=limit, newest_first=newest_first)
            return [self._entry(e) for e in rows]
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            events = r.journal(limit=limit, newest_first=newest_first)
            return [self._entry(e) for e in events]

    def journal_since(self, known: Sequence[JournalEntry]) -> tuple[list[JournalEntry], int]:
        """The journal as :meth:`journal` gives it now, reading only what may have changed.

        ``known`` is a list :meth:`journal` (or this method) returned earlier, newest first.
        Returns the journal now and how many of ``known``'s oldest entries it ends with
        unchanged (the same objects), so a log need only replace the newest rows.

        The journal is a stack: the steps not discarded are done, then undone, by number; an
        undo takes the newest done, a new step discards every undone one and is numbered after
        every step there is. So take the last step done now among those known done: every
        step up to it is as it was (an undo since would have taken that step with it, and a
        step discarded since was undone first). Only the steps after it are read.
        """
        asc = list(reversed(known))
        done = len(asc)
        while done and asc[done - 1].status != "done":
            done -= 1
        if not done:  # nothing known done: the whole journal (without the ORM on a file)
            return self.journal(), 0
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            upto = r.journal_last_done(at_most=asc[done - 1].seq)
            kept = bisect.bisect_right(asc, upto, hi=done, key=lambda e: e.seq)
            fresh = [self._entry(e) for e in r.journal_after(upto)]
        return [*reversed(fresh), *reversed(asc[:kept])], kept

    @staticmethod
    def _entry(e: JournalEvent | Any) -> JournalEntry:
        assert e.id is not None
        result = record_result(e.outcome)
        return JournalEntry(
            id=e.id,
            seq=e.seq,
            turn=e.turn,
            phase=e.phase,
            kind=e.kind,
            summary=e.summary,
            status=e.status,
            rolls=list(e.rolls or []),
            result=result,
            created_at=e.created_at,
        )


__all__ = ["TOUCHED_KEPT", "GameCore", "explain_failure", "told"]
