"""The game as the umpire runs it: the state read into views, and journaled edits.

:class:`GameService` is what the desktop app (and scripts) hold for an open game. It reads
the state into the frozen views of :mod:`eote_ref.referee.views` (:class:`GameView` →
:class:`SideView` → :class:`DivisionView` → :class:`UnitView`), words its changes with
:mod:`eote_ref.referee.wording`, and every change it makes — a marker edited on
the dashboard, the next phase, an adjudication — goes through
:func:`eote_ref.store.apply` as one journal event in one transaction, so undo reverts it.
Widgets hold a service and never open sessions themselves.
"""

from __future__ import annotations

import bisect
import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any, Concatenate, ParamSpec, TypeVar

from sqlmodel import Session, col, select

from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError as RefereeError
from eote_ref.referee.phases import PHASES, next_phase
from eote_ref.referee.turn import carry_over
from eote_ref.referee.view_read import (
    ViewCache,
    current_leader,
    division_view,
    leader_view,
    patch_game,
    read_game,
)
from eote_ref.referee.view_read import facts as read_facts
from eote_ref.referee.views import (
    CommanderView,
    DivisionView,
    FactView,
    GameView,
    JournalEntry,
    LeaderView,
    LinkView,
    SideView,
    UnitView,
)
from eote_ref.referee.wording import describe_change, describe_field
from eote_ref.rules.orders import OrderType
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rules.units import FORMATIONS_BY_ARM, CombatArm, Formation
from eote_ref.rulesets import load_default
from eote_ref.store import (
    Change,
    Database,
    Game,
    GameCommand,
    GameLeader,
    GameSide,
    GameUnit,
    JournalEvent,
    SetField,
    StaleGameError,
    apply,
    counts,
    history,
    load_division,
    load_game,
    redo,
    undo,
)
from eote_ref.store.games import game_row, game_rows_by_id
from eote_ref.store.journal import (
    Touch,
    journal_after,
    journal_last_done,
    touched_after,
    version_after,
)
from eote_ref.store.models import DONE
from eote_ref.store.notify import ChangeWatcher

_P = ParamSpec("_P")
_T = TypeVar("_T")

#: Unit fields the umpire may set directly on the dashboard, with their checks.
BOOL_FIELDS = (
    "disordered",
    "routed",
    "off_table",
    "pinned",
    "out_of_command",
    "limbered",
    "guns_abandoned",
    "skirmishers_out",
    "changed_formation",
)
COUNT_FIELDS = {"hits": 20, "blown": 5, "skirmish_hits": 5}

#: How many commands' changed rows a service keeps while no view is read (a script applying
#: a long batch); past that the next view reads the whole game.
TOUCHED_KEPT = 500


class GameService:
    """One open game: read views, make journaled edits, undo and redo.

    Args:
        db: the open database.
        game_id: the game to run.
        ruleset: the ruleset data (the shipped EotE 6.2 by default).
    """

    def __init__(self, db: Database, game_id: int, ruleset: Ruleset | None = None) -> None:
        self.db = db
        self.game_id = game_id
        base = ruleset or load_default()
        with self.db.session() as s:
            game = load_game(s, game_id, units=False).game
            # Keys starting "display_" are display choices (fog of war), not ruleset options.
            options = {
                k: v for k, v in (game.options or {}).items() if not k.startswith("display_")
            }
        self.ruleset = base.with_options(options)
        self._listeners: list[Callable[[], None]] = []
        #: The game's version this service last showed (a command built from an older view
        #: is refused, so two copies of the app never overwrite each other's commands).
        self.version: int = game.version
        self._watcher: ChangeWatcher | None = None
        #: The last view and the game version it shows: every command raises the version in
        #: its own transaction (journal ``_claim``), so an equal version means nothing changed.
        self._last_view: ViewCache | None = None
        #: The rows each of this service's commands changed, by the version it made.
        self._touched: dict[int, tuple[Touch, ...]] = {}

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
            self._watcher = ChangeWatcher(self.db.engine)
            with self.db.session() as s:
                game = s.get(Game, self.game_id)
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

    # ------------------------------------------------------------------ reading
    def view(self) -> GameView:
        """The whole game as plain views, read again only as far as the game changed.

        An unchanged version returns the last view. After this service's own commands (whose
        changed rows the journal hands back) only those rows are read again; after anything
        else (another copy of the app, a change to the order of battle) the whole game is.
        """
        threshold = self.morale_threshold
        provisional = self.ruleset.uses_provisional
        with self.db.session() as s:
            cache = self._last_view
            if cache is not None:
                game = game_row(s, self.game_id)
                current = game.version if game is not None else None
                if current == cache.version:
                    self.version = current
                    return cache.view
                touches = self._touches_since(cache.version, current)
                patched = (
                    patch_game(s, cache, game, touches, threshold, provisional)
                    if game is not None and touches is not None
                    else None
                )
                if patched is not None:
                    self._keep(patched)
                    return patched.view
            version, view = read_game(s, self.game_id, threshold, provisional)
        self._keep(ViewCache(version, view))
        return view

    def _touches_since(self, old: int, new: int | None) -> list[Touch] | None:
        """Every row this service's commands changed from version ``old`` to ``new``.

        None when a version in between was made elsewhere (nobody here knows what it changed).
        """
        if new is None or new < old:
            return None
        out: list[Touch] = []
        for v in range(old + 1, new + 1):
            if v not in self._touched:
                return None
            out.extend(self._touched[v])
        return out

    def _keep(self, cache: ViewCache) -> None:
        self._last_view = cache
        self.version = cache.version
        self._touched = {v: t for v, t in self._touched.items() if v > cache.version}

    def _facts(self, s: Session, kind: str | None = None) -> tuple[FactView, ...]:
        return read_facts(s, self.game_id, kind)

    def facts(self, kind: str | None = None) -> tuple[FactView, ...]:
        """The facts of the turn as stored now (of ``kind``, or all), oldest first."""
        with self.db.session() as s:
            return self._facts(s, kind)

    def division_view(self, division_id: int) -> DivisionView:
        """One division, read on its own (a wizard on one unit never loads the whole game)."""
        with self.db.session() as s:
            cmd = s.get(GameCommand, division_id)
            if cmd is None or cmd.game_id != self.game_id:
                raise RefereeError(f"there is no division {division_id} in this game")
            state = load_division(s, division_id)
            parent = s.get(GameCommand, cmd.parent_id) if cmd.parent_id else None
            side = s.get(GameSide, cmd.side_id)
            attached = {u.attached_leader_id for u in state.units if u.attached_leader_id}
            names: dict[int | None, str] = {}
            if attached:
                rows = s.exec(select(GameLeader).where(col(GameLeader.id).in_(attached))).all()
                names = {lead.id: lead.name for lead in rows}
            chief = current_leader(state.leaders)
            return division_view(
                state.command,
                side.position if side else 0,
                parent.name if parent else None,
                leader_view(chief) if chief else None,
                state.units,
                names,
                self.morale_threshold,
            )

    def unit_view(self, unit_id: int) -> UnitView:
        """One unit with its markers, read on its own."""
        with self.db.session() as s:
            division_id = self._unit(s, unit_id).command_id
        return next(u for u in self.division_view(division_id).units if u.id == unit_id)

    @property
    def turn(self) -> int:
        """The current turn (one row read; the whole view is not needed for it)."""
        with self.db.session() as s:
            game = s.get(Game, self.game_id)
            return game.turn if game is not None else 1

    @property
    def figure_scale(self) -> str:
        """The game's figure scale (distances shift with it)."""
        with self.db.session() as s:
            game = s.get(Game, self.game_id)
            return game.figure_scale if game is not None else "15mm"

    @property
    def morale_threshold(self) -> int:
        """Hits at which a unit checks morale, and at every hit after (EotE 7.5, 6.8)."""
        return int(self.ruleset.option("morale_hit_threshold"))

    @staticmethod
    def formations(arm: str) -> tuple[str, ...]:
        """The formations a unit of ``arm`` may take, in the rules' order (EotE 1.0.2)."""
        try:
            allowed = FORMATIONS_BY_ARM[CombatArm(arm)]
        except ValueError:
            return ("line", "column")
        return tuple(f.value for f in Formation if f in allowed)

    def journal(self, *, limit: int | None = None, newest_first: bool = True) -> list[JournalEntry]:
        """The journal, newest first by default (undone events included, marked)."""
        with self.db.session() as s:
            events = history(s, self.game_id, limit=limit, newest_first=newest_first)
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
        while done and asc[done - 1].status != DONE:
            done -= 1
        with self.db.session() as s:
            upto = journal_last_done(s, self.game_id, at_most=asc[done - 1].seq) if done else 0
            kept = bisect.bisect_right(asc, upto, hi=done, key=lambda e: e.seq)
            tail = journal_after(s, self.game_id, upto)
            fresh = [self._entry(e) for e in tail]
        return [*reversed(fresh), *reversed(asc[:kept])], kept

    @staticmethod
    def _entry(e: JournalEvent) -> JournalEntry:
        assert e.id is not None
        outcome = e.outcome if isinstance(e.outcome, dict) else {}
        result = outcome.get("result")
        return JournalEntry(
            id=e.id,
            seq=e.seq,
            turn=e.turn,
            phase=e.phase,
            kind=e.kind,
            summary=e.summary,
            status=e.status,
            rolls=list(e.rolls or []),
            result=str(result) if result is not None else None,
            created_at=e.created_at,
        )

    def read(
        self,
        query: Callable[Concatenate[Session, int, _P], _T],
        *args: _P.args,
        **kwargs: _P.kwargs,
    ) -> _T:
        """One of the store's game reads (:mod:`eote_ref.store.game_rows`), in its own session.

        The checks read rows the view does not carry through this, never a session of theirs.
        """
        with self.db.session() as s:
            return query(s, self.game_id, *args, **kwargs)

    # ------------------------------------------------------------------ writing
    def record(
        self,
        kind: str,
        summary: str,
        changes: Sequence[Change],
        *,
        inputs: Any = None,
        rolls: Any = None,
        outcome: Any = None,
    ) -> JournalEvent:
        """Apply ``changes`` as one journal event (the only way this service writes).

        The facts the changes imply (:func:`eote_ref.referee.facts.implied`) are written with
        them, in the same event.
        """
        with self._writing() as s:
            if any(
                isinstance(c, SetField) and c.field in turn_facts.IMPLYING_FIELDS for c in changes
            ):
                game = s.get(Game, self.game_id)
                turn = game.turn if game is not None else 1
                changes = [*changes, *turn_facts.implied(changes, turn)]
            event = apply(
                s,
                self.game_id,
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
    def _writing(self) -> Iterator[Session]:
        """A session for one command, keeping :attr:`version` up to date.

        On a :class:`StaleGameError` (another copy changed the game) the listeners are told
        to reload before the error goes on to the caller.
        """
        with self.db.session() as s:
            try:
                yield s
            except StaleGameError:
                s.rollback()
                self._changed()
                raise
            after = version_after(s, self.game_id)
            if after is not None:
                self.version = after
                if len(self._touched) > TOUCHED_KEPT:  # nobody read a view for a long while
                    self._touched.clear()  # (the next one reads the whole game)
                self._touched.update(touched_after(s, self.game_id))

    def _unit(self, s: Session, unit_id: int) -> GameUnit:
        unit = s.get(GameUnit, unit_id)
        if unit is None or unit.game_id != self.game_id:
            raise RefereeError(f"there is no unit {unit_id} in this game")
        return unit

    def set_unit(self, unit_id: int, field: str, value: Any) -> JournalEvent | None:
        """Set one marker of a unit (hits, disorder, blown, formation...) as an undoable step.

        Returns None when the value is unchanged (nothing is journaled).
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
            with self.db.session() as s:
                rows = game_rows_by_id(s, self.game_id, GameUnit, [unit_id])
            if not rows:
                raise RefereeError(f"there is no unit {unit_id} in this game")
            row = rows[0]
        name, arm, before = row.name, row.arm, getattr(row, field, None)
        value = self._check(field, new_value(before), arm)
        if before == value:
            return None
        summary = f"{name}: {describe_field(field, before, value)}"
        # A formation set by hand carries no -2 (EotE 1.8.3): only a change inside tactical
        # combat range does, which the formation check asks or the umpire marks.
        changes: list[Change] = [SetField("game_unit", unit_id, field, value)]
        return self.record(
            "marker",
            summary,
            changes,
            inputs={"unit_id": unit_id, "field": field, "value": value},
        )

    def _viewed_unit(self, unit_id: int) -> UnitView | None:
        """The unit as the last view shows it, if that view is of the current version."""
        cache = self._last_view
        if cache is None or cache.version != self.version:
            return None
        place = cache.where.unit.get(unit_id)
        if place is None:
            return None
        si, di, ui = place
        return cache.view.sides[si].divisions[di].units[ui]

    def adjust_unit(self, unit_id: int, field: str, delta: int) -> JournalEvent | None:
        """Add ``delta`` to a counted marker (hits or blown), never below 0."""
        if field not in COUNT_FIELDS:
            raise RefereeError(f"{field} is not a counted marker")
        top = COUNT_FIELDS[field]
        return self._edit_unit(unit_id, field, lambda now: max(0, min(top, int(now) + delta)))

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
            if field == "blown" and arm != "cavalry" and value:
                raise RefereeError("only cavalry carries blown markers (EotE 5.10)")
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
        with self.db.session() as s:
            cmd = s.get(GameCommand, division_id)
            if cmd is None or cmd.game_id != self.game_id:
                raise RefereeError(f"there is no division {division_id} in this game")
            before, name = getattr(cmd, field), cmd.name
        if before == value:
            return None
        return self.record(
            "division",
            f"{name}: {describe_field(field, before, value)}",
            [SetField("game_command", division_id, field, value)],
            inputs={"division_id": division_id, "field": field, "value": value},
        )

    def set_initiative(self, position: int | None) -> JournalEvent | None:
        """Record which side holds the initiative (by side position)."""
        view = self.view()
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

    def advance_phase(self) -> JournalEvent:
        """Move to the next phase of EotE 2.0; after divisional integrity, the next turn."""
        view = self.view()
        phase, new_turn = next_phase(view.phase)
        changes: list[Change] = [SetField("game", self.game_id, "phase", phase.value)]
        turn = view.turn + 1 if new_turn else view.turn
        summary = f"turn {turn}: {phase.label}" if new_turn else f"{phase.label} phase"
        if new_turn:
            changes.append(SetField("game", self.game_id, "turn", turn))
            with self.db.session() as s:
                carried = carry_over(s, self.game_id, turn, self.ruleset)
            changes.extend(carried.changes)
            summary += "".join(f"; {line}" for line in carried.lines)
        return self.record("phase", summary, changes)

    def describe_change(self, change: Change) -> str:
        """A change in the umpire's words (see :func:`eote_ref.referee.wording.describe_change`)."""
        return describe_change(self.db, self.game_id, change)

    # ------------------------------------------------------------------ undo / redo
    def undo(self, steps: int = 1) -> list[str]:
        """Undo ``steps`` events; returns their summaries."""
        with self._writing() as s:
            events = undo(s, self.game_id, steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    def redo(self, steps: int = 1) -> list[str]:
        """Redo ``steps`` undone events; returns their summaries."""
        with self._writing() as s:
            events = redo(s, self.game_id, steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    def undo_to(self, seq: int) -> list[str]:
        """Undo every event after ``seq`` (the log's "undo back to here")."""
        with self.db.session() as s:
            done = [e for e in history(s, self.game_id) if e.status == "done" and e.seq > seq]
        return self.undo(len(done)) if done else []

    def undo_counts(self) -> tuple[int, int]:
        """How many steps can be undone and redone."""
        with self.db.session() as s:
            c = counts(s, self.game_id)
        return c.undoable, c.redoable


__all__ = [
    "PHASES",
    "CommanderView",
    "DivisionView",
    "GameService",
    "GameView",
    "JournalEntry",
    "LeaderView",
    "LinkView",
    "RefereeError",
    "SideView",
    "UnitView",
]
