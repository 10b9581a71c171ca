"""The game as the umpire runs it: the state read into views, and journaled edits.

:class:`GameService` is what the desktop app (and scripts) hold for an open game. It reads
the state into the frozen views of :mod:`eote_ref.referee.views` (:class:`GameView` →
:class:`SideView` → :class:`DivisionView` → :class:`UnitView`; the reading half is
:class:`eote_ref.referee.game_reading.GameReading`), words its changes with
:mod:`eote_ref.referee.wording`, and every change it makes — a marker edited on
the dashboard, the next phase, an adjudication — goes through
:func:`eote_ref.store.apply` as one journal event in one transaction, so undo reverts it.
Widgets hold a service and never open sessions themselves.
"""

from __future__ import annotations

import contextlib
import functools
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, ParamSpec, TypeVar

from eote_ref.packs.eote.rules.core import Reveals
from eote_ref.packs.eote.rules.orders import OrderType
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import FORMATIONS_BY_ARM, CombatArm
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game_reading import DIVISION_LEVELS as DIVISION_LEVELS
from eote_ref.referee.game_reading import GameReading
from eote_ref.referee.game_rules import eote_rules
from eote_ref.referee.journal_line import LINE_KEY, ORDERS_CHANGED, Line, Piece
from eote_ref.referee.markers import (
    BLOWN_CAVALRY_ONLY,
    COUNTER_LIMITS,
    EDITABLE_FLAGS,
    carries_blown,
    unit_change,
    unit_value,
)
from eote_ref.referee.phases import Phase, next_phase
from eote_ref.referee.views import (
    GameView,
    UnitView,
)
from eote_ref.store.changes import Change, SetField
from eote_ref.store.errors import ServerGoneError, StaleGameError

if TYPE_CHECKING:  # the ORM is imported by the first command, not for the first window
    from eote_ref.store import (
        Database,
        JournalEvent,
    )
    from eote_ref.store.game_queries import GameQuery
    from eote_ref.store.game_work import GameWork
    from eote_ref.store.journal import Touch
    from eote_ref.store.notify import ChangeWatcher

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: Unit fields the umpire may set directly on the dashboard, with their checks.
#: The yes/no and counted markers the umpire edits by hand, with the counters' caps: the
#: pack's declaration (:data:`eote_ref.packs.eote.markers.UNIT_MARKERS`).
BOOL_FIELDS = EDITABLE_FLAGS
COUNT_FIELDS = COUNTER_LIMITS

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

    For the app's edits (:meth:`GameService` calls) whose failure came past the service's own
    words; ``saved`` says what a lost server means for the work under way (default: nothing
    of the step was saved).
    """
    from eote_ref.store.server_errors import NOT_SAVED, translate

    told = translate(error, saved or NOT_SAVED)
    return None if told is None else str(told)


def _told(method: Callable[_P, _T]) -> Callable[_P, _T]:
    """A service call whose database server refused the account, or went away, says so in words.

    The refusals of the referee and the store (``ValueError``) pass unchanged; a driver's
    error that :func:`_in_words` reads becomes the store's own (a ``ValueError`` too), so the
    app's edit handlers and the CLI show a sentence, never a traceback.
    """

    @functools.wraps(method)
    def told(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return method(*args, **kwargs)
        except ValueError:
            raise
        except Exception as error:
            words = _in_words(error)
            if words is None:
                raise
            raise words from error

    return told


class GameService(GameReading):
    """One open game: read views, make journaled edits, undo and redo.

    Args:
        db: the open database.
        game_id: the game to run.
        ruleset: a club's edited EotE ruleset (default: the one the game's ``ruleset``
            column names, through its pack: :mod:`eote_ref.referee.game_rules`).

    Raises:
        NotFoundError: there is no such game.
        OtherPackGame: the game is played with another pack's rules than EotE's; an unknown
            ruleset raises its :class:`~eote_ref.referee.game_rules.RulesetError`.
    """

    def __init__(self, db: Database, game_id: int, ruleset: Ruleset | None = None) -> None:
        self.db = db
        self.game_id = game_id
        game = self._game_row()
        if game is None:
            from eote_ref.store.errors import NotFoundError

            raise NotFoundError(f"there is no game with id {game_id}")
        # The game's own pack, from its ruleset column; its display choices (fog of war,
        # "display_" keys) are not ruleset options.
        self.ruleset = self._eote_rules(game, ruleset)
        self._listeners: list[Callable[[], None]] = []
        #: The game's version this service last showed (a command built from an older view
        #: is refused, so two copies of the app never overwrite each other's commands).
        self.version: int = game.version
        self._watcher: ChangeWatcher | None = None
        #: The last view and the game version it shows: every command raises the version in
        #: its own transaction (journal ``_claim``), so an equal version means nothing changed.
        self._last_view: tuple[int, GameView] | None = None
        #: The rows each of this service's commands changed, by the version it made.
        self._touched: dict[int, tuple[Touch, ...]] = {}
        #: Where the rows of the last view sit (built for the first patch, kept by patches).
        self._where: tuple[GameView, Any] | None = None

    def _eote_rules(self, game: Any, base: Ruleset | None) -> Ruleset:
        """The game's EotE ruleset; another pack's game is refused (:class:`OtherPackGame`).

        A service of a pack with declared play (:mod:`eote_ref.referee.pack_play`) overrides
        this: its journal, undo and redo are this class's, its rules are its pack's own.
        """
        return eote_rules(game.ruleset, game.options, base, f"game {self.game_id}")

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
            told = _in_words(error)
            if told is None:
                raise
            raise told from error

    # ------------------------------------------------------------------ writing
    @_told
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
        """Apply ``changes`` as one journal event (the only way this service writes).

        The facts the changes imply (:func:`eote_ref.referee.facts.implied`) are written with
        them, in the same event. A ``summary`` given as a :class:`Line` is kept in pieces too,
        in ``inputs["line"]``, each saying what it reveals, for the players' display (fog of
        war); a plain-text summary reveals nothing.
        """
        if isinstance(summary, Line):
            inputs = {**(inputs or {}), LINE_KEY: summary.to_json()}
            summary = summary.text

        with self._writing() as w:
            if any(
                isinstance(c, SetField) and c.field in turn_facts.IMPLYING_FIELDS for c in changes
            ):
                changes = [*changes, *turn_facts.implied(changes, w.turn())]
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
                told = _in_words(error)
                if told is None:
                    raise
                raise told from error
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

    @_told
    def set_unit(self, unit_id: int, field: str, value: Any) -> JournalEvent | None:
        """Set one marker of a unit (hits, disorder, blown, formation...) as an undoable step.

        Returns None when the value is unchanged (nothing is journaled). An unchanged value in
        a view another copy has changed since is refused (:class:`StaleGameError`) like any
        stale edit: compared with the game as it is, it would undo the other copy's step.
        """
        return self._edit_unit(unit_id, field, lambda _before: value)

    def _edit_unit(
        self, unit_id: int, field: str, new_value: Callable[[Any], Any]
    ) -> JournalEvent | None:
        """Set ``field`` of a unit to ``new_value(its value now)``: at most one read, one command.

        The unit is taken from the last view when that shows the version this service's next
        command is built on (a command on a game changed since is refused as stale anyway).
        """
        row: Any = self._viewed_unit(unit_id)
        if row is None:
            from eote_ref.store import GameUnit
            from eote_ref.store.games import game_rows_by_id

            rows = self.read(game_rows_by_id, GameUnit, [unit_id])
            if not rows:
                raise RefereeError(f"there is no unit {unit_id} in this game")
            row = rows[0]
        name, arm, before = row.name, row.arm, unit_value(row, field)
        value = self._check(field, new_value(before), arm)
        if before == value:  # no change to what this copy shows: is that the game as it is?
            with self._writing() as w:
                w.check_version(self.version)
            return None
        from eote_ref.referee.wording import describe_field

        summary = f"{name}: {describe_field(field, before, value)}"
        # A formation set by hand carries no -2 (EotE 1.8.3): only a change inside tactical
        # combat range does, which the formation check asks or the umpire marks.
        changes: list[Change] = [unit_change(unit_id, field, value)]
        return self.record(
            "marker",
            summary,
            changes,
            inputs={"unit_id": unit_id, "field": field, "value": value},
        )

    def _viewed_unit(self, unit_id: int) -> UnitView | None:
        """The unit as the last view shows it, if that view is of the current version."""
        if self._last_view is None or self._last_view[0] != self.version:
            return None
        view = self._last_view[1]
        if self._where is not None and self._where[0] is view:
            place: tuple[int, int, int] | None = self._where[1].unit.get(unit_id)
            if place is None:
                return None
            si, di, ui = place
            return view.sides[si].divisions[di].units[ui]
        side = view.side_by_unit.get(unit_id)
        if side is None:
            return None
        return next(u for u in side.units if u.id == unit_id)

    def _shown_view(self) -> GameView:
        """The game as this copy last showed it, for a command built on what the umpire saw.

        Not read again: :meth:`view` would take in another copy's step and so make a command
        pressed on a stale screen (a second "next phase", an initiative over the other
        copy's) current; built on the view shown, it is refused as stale instead. Read when
        this copy has shown nothing yet, or only its own commands came since.
        """
        if self._last_view is not None and self._last_view[0] == self.version:
            return self._last_view[1]
        return self.view()

    @_told
    def adjust_unit(self, unit_id: int, field: str, delta: int) -> JournalEvent | None:
        """Add ``delta`` to a counted marker (hits or blown), never below 0."""
        if field not in COUNT_FIELDS:
            raise RefereeError(f"{field} is not a counted marker")
        top = COUNT_FIELDS[field]
        return self._edit_unit(unit_id, field, lambda now: max(0, min(top, int(now) + delta)))

    @_told
    def toggle_unit(self, unit_id: int, field: str) -> JournalEvent | None:
        """Flip a yes/no marker (disordered, routed, pinned...)."""
        if field not in BOOL_FIELDS:
            raise RefereeError(f"{field} is not a yes/no marker")
        return self._edit_unit(unit_id, field, lambda now: not bool(now))

    @staticmethod
    def _check(field: str, value: Any, arm: str) -> Any:
        if field in COUNT_FIELDS:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RefereeError(f"{field} must be a whole number")
            if not 0 <= value <= COUNT_FIELDS[field]:
                raise RefereeError(f"{field} must be 0..{COUNT_FIELDS[field]}")
            if field == "blown" and not carries_blown(arm) and value:
                raise RefereeError(BLOWN_CAVALRY_ONLY)
            return value
        if field in BOOL_FIELDS:
            if not isinstance(value, bool):
                raise RefereeError(f"{field} is yes or no")
            return value
        if field == "formation":
            try:
                allowed = {f.value for f in FORMATIONS_BY_ARM[CombatArm(arm)]}
            except ValueError:
                allowed = {"line", "column"}
            if value not in allowed:
                raise RefereeError(f"{arm} cannot be in {value} (use {', '.join(sorted(allowed))})")
            return value
        raise RefereeError(f"{field} cannot be edited here")

    @_told
    def set_division(self, division_id: int, field: str, value: Any) -> JournalEvent | None:
        """Set a division's state (order, in town, objective lost...) as an undoable step."""
        allowed = {
            "current_order": str,
            "in_town": bool,
            "objective_lost": bool,
            "falling_back": bool,
            "routed": bool,
        }
        if field not in allowed or not isinstance(value, allowed[field]):
            raise RefereeError(f"{field} cannot be set to {value!r}")
        if field == "current_order":
            orders = {o.value for o in OrderType}
            value = str(value).strip().upper()
            if value not in orders:
                raise RefereeError(
                    f"{value} is not an order (EotE 3.2: {', '.join(sorted(orders))})"
                )
        from eote_ref.referee.wording import describe_field
        from eote_ref.store import GameCommand
        from eote_ref.store.games import game_rows_by_id

        found = self.read(game_rows_by_id, GameCommand, [division_id])
        if not found:
            raise RefereeError(f"there is no division {division_id} in this game")
        before, name = getattr(found[0], field), found[0].name
        if before == value:
            return None
        said = f"{name}: {describe_field(field, before, value)}"
        return self.record(
            "division",
            Line.of(Piece(said, Reveals.ORDER, veiled=ORDERS_CHANGED))
            if field == "current_order"
            else said,
            [SetField("game_command", division_id, field, value)],
            inputs={"division_id": division_id, "field": field, "value": value},
        )

    @_told
    def set_initiative(self, position: int | None) -> JournalEvent | None:
        """Record which side holds the initiative (by side position)."""
        view = self._shown_view()
        if position is not None and position not in {s.position for s in view.sides}:
            raise RefereeError(f"there is no side {position}")
        if view.initiative == position:
            return None
        name = next((s.name for s in view.sides if s.position == position), "nobody")
        return self.record(
            "initiative",
            f"initiative: {name}",
            [SetField("game", self.game_id, "initiative", position)],
        )

    @_told
    def advance_phase(self) -> JournalEvent:
        """Move to the next phase of EotE 2.0; after divisional integrity, the next turn."""
        view = self._shown_view()
        phase, new_turn = next_phase(view.phase)
        changes: list[Change] = [SetField("game", self.game_id, "phase", phase.value)]
        turn = view.turn + 1 if new_turn else view.turn
        summary = f"turn {turn}: {phase.label}" if new_turn else f"{phase.label} phase"
        if new_turn:
            changes.append(SetField("game", self.game_id, "turn", turn))
            from eote_ref.referee.turn import carry_over
            from eote_ref.store.game_work import turn_rows

            carried = carry_over(self.read(turn_rows), turn, self.ruleset)
            changes.extend(carried.changes)
            return self.record(
                "phase", Line.of(summary, *(Line.of("; ", ln) for ln in carried.lines)), changes
            )
        if phase is Phase.MOVEMENT:
            # What held as movement began is state of the turn (EotE 5.6, 5.7).
            pinned = (u.id for s in view.sides for u in s.units if u.pinned)
            changes.append(turn_facts.movement_began(view, pinned))
        return self.record("phase", summary, changes)

    def describe_change(self, change: Change) -> str:
        """A change in the umpire's words (see :func:`eote_ref.referee.wording.describe_change`)."""
        from eote_ref.referee.wording import describe_change

        return describe_change(self.db, self.game_id, change)

    # ------------------------------------------------------------------ undo / redo
    @_told
    def undo(self, steps: int = 1) -> list[str]:
        """Undo ``steps`` events; returns their summaries."""
        with self._writing() as w:
            events = w.undo(steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    @_told
    def redo(self, steps: int = 1) -> list[str]:
        """Redo ``steps`` undone events; returns their summaries."""
        with self._writing() as w:
            events = w.redo(steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    @_told
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


__all__ = ["COUNT_FIELDS", "GameService"]
