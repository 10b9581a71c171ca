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
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, TypeVar

from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.phases import Phase, next_phase
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
from eote_ref.rules.command import Level
from eote_ref.rules.orders import OrderType
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rules.units import FORMATIONS_BY_ARM, CombatArm, Formation
from eote_ref.rulesets import load_default
from eote_ref.store.changes import Change, SetField
from eote_ref.store.errors import StaleGameError

if TYPE_CHECKING:  # the ORM is imported by the first command, not for the first window
    from sqlmodel import Session

    from eote_ref.store import (
        Database,
        GameCommand,
        GameLeader,
        GameUnit,
        JournalEvent,
    )
    from eote_ref.store.journal import Touch
    from eote_ref.store.notify import ChangeWatcher
    from eote_ref.store.rows import RowReader

#: Command levels that are divisions in the rules' sense (EotE 1.0.1) and carry division state
#: (as :data:`eote_ref.store.games.DIVISION_LEVELS`).
DIVISION_LEVELS = frozenset(lv.value for lv in Level if lv.is_manoeuvre)

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


def _leader_view(row: GameLeader) -> LeaderView:
    assert row.id is not None
    return LeaderView(
        id=row.id,
        name=row.name,
        level=row.level,
        rating=row.rating,
        killed=row.killed,
        no_rally_next_turn=row.no_rally_next_turn,
        replacement=row.replacement,
        replacement_due_turn=row.replacement_due_turn,
        no_rally_turn=row.no_rally_turn,
    )


def _link_view(row: Any) -> LinkView:
    data = dict(row.data or {})
    return LinkView(row.id or 0, row.kind, row.turn, row.unit_id, row.other_id, data)


def _fact_view(row: Any) -> FactView:
    data, command = dict(row.data or {}), row.command_id
    return FactView(row.id or 0, row.kind, row.turn, row.unit_id, row.other_id, data, command)


def _tree_order(commands: Sequence[GameCommand]) -> list[GameCommand]:
    """Commands in order-of-battle order: each command, then its subordinates, by position."""
    children: dict[int | None, list[GameCommand]] = {}
    for c in commands:
        children.setdefault(c.parent_id, []).append(c)
    for group in children.values():
        group.sort(key=lambda c: (c.position, c.id or 0))
    out: list[GameCommand] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        c = stack.pop()
        out.append(c)
        stack.extend(reversed(children.get(c.id, [])))
    return out


def _current_leader(leaders: Sequence[GameLeader]) -> GameLeader | None:
    """The command's living leader: its replacement when one has arrived, else the original."""
    alive = [lead for lead in leaders if not lead.killed]
    return alive[-1] if alive else (leaders[0] if leaders else None)


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
        game = self._game_row()
        if game is None:
            from eote_ref.store.errors import NotFoundError

            raise NotFoundError(f"there is no game with id {game_id}")
        # Keys starting "display_" are display choices (fog of war), not ruleset options.
        options = {k: v for k, v in (game.options or {}).items() if not k.startswith("display_")}
        self.ruleset = base.with_options(options)
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
        from eote_ref.store import Game

        with self.db.session() as s:
            return s.get(Game, self.game_id)

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

    # ------------------------------------------------------------------ reading
    def view(self) -> GameView:
        """The whole game as plain views, read again only as far as the game changed.

        An unchanged version returns the last view. After this service's own commands (whose
        changed rows the journal hands back) only those rows are read again
        (:func:`eote_ref.referee.view_read.patch_game`); after anything else (another copy
        of the app, a change to the order of battle) the whole game is.
        """
        if self._last_view is not None:
            current = self._version()
            if current == self._last_view[0]:
                self.version = current
                return self._last_view[1]
            touches = self._touches_since(self._last_view[0], current)
            if current is not None and touches is not None:
                patched = self._patch(current, touches)
                if patched is not None:
                    return patched
        state, undo_ev, redo_ev, links, facts = self._read_view_rows()
        self.version = state.game.version
        game = state.game
        leaders_by_command: dict[int, list[GameLeader]] = {}
        for lead in state.leaders:
            leaders_by_command.setdefault(lead.command_id, []).append(lead)
        leader_names = {lead.id: lead.name for lead in state.leaders}
        units_by_command: dict[int, list[GameUnit]] = {}
        for u in state.units:
            units_by_command.setdefault(u.command_id, []).append(u)
        commands = {c.id: c for c in state.commands}
        side_pos = {s.id: s.position for s in state.sides}
        threshold = int(self.ruleset.option("morale_hit_threshold"))
        divisions: dict[int, list[DivisionView]] = {p: [] for p in side_pos.values()}
        commanders: dict[int, list[CommanderView]] = {p: [] for p in side_pos.values()}
        for c in _tree_order(state.commands):
            assert c.id is not None
            chief = _current_leader(leaders_by_command.get(c.id, []))
            lv = _leader_view(chief) if chief else None
            pos = side_pos[c.side_id]
            if c.level not in DIVISION_LEVELS:
                commanders[pos].append(CommanderView(c.id, pos, c.name, c.level, lv))
                continue
            parent = commands.get(c.parent_id) if c.parent_id else None
            divisions[pos].append(
                self._division_view(
                    c,
                    pos,
                    parent.name if parent else None,
                    lv,
                    units_by_command.get(c.id, []),
                    leader_names,
                    threshold,
                )
            )
        sides = tuple(
            SideView(
                position=side.position,
                name=side.name,
                army_lists=tuple(side.army_lists),
                commanders=tuple(commanders[side.position]),
                divisions=tuple(divisions[side.position]),
            )
            for side in state.sides
        )
        assert game.id is not None
        view = GameView(
            id=game.id,
            name=game.name,
            turn=game.turn,
            phase=Phase.parse(game.phase),
            initiative=game.initiative,
            figure_scale=game.figure_scale,
            ruleset=f"{game.ruleset}",
            options=dict(game.options or {}),
            provisional=self.ruleset.uses_provisional,
            sides=sides,
            can_undo=undo_ev.summary or undo_ev.kind if undo_ev else None,
            can_redo=redo_ev.summary or redo_ev.kind if redo_ev else None,
            links=links,
            facts=facts,
        )
        self._keep(game.version, view)
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

    def _patch(self, version: int, touches: list[Touch]) -> GameView | None:
        """The last view brought to ``version`` by reading only the rows in ``touches``.

        None when the whole game must be read. Runs only after a command of this service,
        which has loaded the ORM already.
        """
        from eote_ref.referee.view_read import ViewCache, patch_game
        from eote_ref.store.games import game_row

        assert self._last_view is not None
        cache = ViewCache(*self._last_view)
        if self._where is not None and self._where[0] is cache.view:
            cache._where = self._where[1]
        with self.db.session() as s:
            game = game_row(s, self.game_id)
            if game is None or game.version != version:
                return None  # changed again meanwhile: read whole
            patched = patch_game(
                s, cache, game, touches, self.morale_threshold, self.ruleset.uses_provisional
            )
        if patched is None:
            return None
        self._keep(patched.version, patched.view)
        self._where = (patched.view, patched.where)
        return patched.view

    def _keep(self, version: int, view: GameView) -> None:
        self._last_view = (version, view)
        self.version = version
        self._touched = {v: t for v, t in self._touched.items() if v > version}

    def _version(self) -> int | None:
        """The game's version as stored now (one value read)."""
        reader = self._reader()
        if reader is not None:
            value = reader.scalar("SELECT version FROM game WHERE id = ?", (self.game_id,))
            return None if value is None else int(value)
        from sqlmodel import select

        from eote_ref.store import Game

        with self.db.session() as s:
            return s.exec(select(Game.version).where(Game.id == self.game_id)).first()

    def _read_view_rows(self) -> tuple[Any, Any, Any, tuple[LinkView, ...], tuple[FactView, ...]]:
        """The rows a view is built from: the game's state, next undo and redo, links, facts.

        Through the plain-row reader while the ORM is not loaded, else through the ORM.
        """
        reader = self._reader()
        if reader is not None:
            with reader.snapshot():
                rows = reader.game_rows(self.game_id)
                if rows is None:
                    raise RefereeError(f"there is no game {self.game_id}")
                undo_ev, redo_ev = reader.next_undo(self.game_id), reader.next_redo(self.game_id)
            links = tuple(_link_view(ln) for ln in rows.links)
            facts = tuple(_fact_view(f) for f in rows.facts)
            return rows, undo_ev, redo_ev, links, facts
        from sqlmodel import col, select

        from eote_ref.store import GameLink, next_redo, next_undo
        from eote_ref.store.games import load_game_rows

        with self.db.session() as s:
            state = load_game_rows(s, self.game_id)
            undo_ev = next_undo(s, self.game_id)
            redo_ev = next_redo(s, self.game_id)
            links = tuple(
                _link_view(ln)
                for ln in s.exec(
                    select(GameLink)
                    .where(GameLink.game_id == self.game_id)
                    .order_by(col(GameLink.id))
                )
            )
            facts = self._facts(s)
        return state, undo_ev, redo_ev, links, facts

    def _facts(self, s: Session, kind: str | None = None) -> tuple[FactView, ...]:
        from sqlmodel import col, select

        from eote_ref.store import GameFact

        query = select(GameFact).where(GameFact.game_id == self.game_id)
        if kind is not None:
            query = query.where(GameFact.kind == kind)
        return tuple(_fact_view(f) for f in s.exec(query.order_by(col(GameFact.id))))

    def facts(self, kind: str | None = None) -> tuple[FactView, ...]:
        """The facts of the turn as stored now (of ``kind``, or all), oldest first."""
        with self.db.session() as s:
            return self._facts(s, kind)

    def _division_view(
        self,
        c: GameCommand,
        side: int,
        parent: str | None,
        leader: LeaderView | None,
        rows: Sequence[GameUnit],
        leader_names: dict[int | None, str],
        threshold: int,
    ) -> DivisionView:
        assert c.id is not None
        units = tuple(
            self._unit_view(u, c.id, leader_names, threshold)
            for u in sorted(rows, key=lambda u: (u.position, u.id))
        )
        return DivisionView(
            id=c.id,
            side=side,
            name=c.name,
            level=c.level,
            parent=parent,
            leader=leader,
            current_order=c.current_order,
            pending_order=c.pending_order,
            pending_order_turns=c.pending_order_turns,
            falling_back=c.falling_back,
            routed=c.routed,
            in_town=c.in_town,
            objective_lost=c.objective_lost,
            units=units,
        )

    def division_view(self, division_id: int) -> DivisionView:
        """One division, read on its own (a wizard on one unit never loads the whole game)."""
        from sqlmodel import col, select

        from eote_ref.store import GameCommand, GameLeader, GameSide, load_division

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
            chief = _current_leader(state.leaders)
            return self._division_view(
                state.command,
                side.position if side else 0,
                parent.name if parent else None,
                _leader_view(chief) if chief else None,
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
        game = self._game_row()
        return game.turn if game is not None else 1

    @property
    def figure_scale(self) -> str:
        """The game's figure scale (distances shift with it)."""
        game = self._game_row()
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

    @staticmethod
    def _unit_view(
        u: GameUnit, division_id: int, leader_names: dict[int | None, str], threshold: int
    ) -> UnitView:
        assert u.id is not None
        return UnitView(
            id=u.id,
            division_id=division_id,
            name=u.name,
            arm=u.arm,
            type=u.type,
            nation=u.nation,
            ce=u.ce,
            stands=u.stands,
            weight=u.weight,
            skirmish=u.skirmish,
            brigade=u.brigade,
            hits=u.hits,
            disordered=u.disordered,
            blown=u.blown,
            routed=u.routed,
            off_table=u.off_table,
            formation=u.formation,
            limbered=u.limbered,
            guns_abandoned=u.guns_abandoned,
            pinned=u.pinned,
            out_of_command=u.out_of_command,
            skirmishers_out=u.skirmishers_out,
            changed_formation=u.changed_formation,
            fought_this_turn=u.fought_this_turn,
            routed_this_turn=u.routed_this_turn,
            attached_leader=leader_names.get(u.attached_leader_id)
            if u.attached_leader_id
            else None,
            morale_due=not u.routed and u.hits >= threshold,
            fought_last_turn=u.fought_last_turn,
            skirmish_hits=u.skirmish_hits,
        )

    def journal(self, *, limit: int | None = None, newest_first: bool = True) -> list[JournalEntry]:
        """The journal, newest first by default (undone events included, marked)."""
        reader = self._reader()
        if reader is not None:
            rows = reader.history(self.game_id, limit=limit, newest_first=newest_first)
            return [self._entry(e) for e in rows]
        from eote_ref.store import history

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
        while done and asc[done - 1].status != "done":
            done -= 1
        if not done:  # nothing known done: the whole journal (without the ORM on a file)
            return self.journal(), 0
        from eote_ref.store.journal import journal_after, journal_last_done

        with self.db.session() as s:
            upto = journal_last_done(s, self.game_id, at_most=asc[done - 1].seq)
            kept = bisect.bisect_right(asc, upto, hi=done, key=lambda e: e.seq)
            fresh = [self._entry(e) for e in journal_after(s, self.game_id, upto)]
        return [*reversed(fresh), *reversed(asc[:kept])], kept

    @staticmethod
    def _entry(e: JournalEvent | Any) -> JournalEntry:
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
        from eote_ref.store import Game, apply

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
        from eote_ref.store.journal import touched_after, version_after

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
        from eote_ref.store import GameUnit

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
            from eote_ref.store import GameUnit
            from eote_ref.store.games import game_rows_by_id

            with self.db.session() as s:
                rows = game_rows_by_id(s, self.game_id, GameUnit, [unit_id])
            if not rows:
                raise RefereeError(f"there is no unit {unit_id} in this game")
            row = rows[0]
        name, arm, before = row.name, row.arm, getattr(row, field, None)
        value = self._check(field, new_value(before), arm)
        if before == value:
            return None
        from eote_ref.referee.wording import describe_field

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
        from eote_ref.referee.wording import describe_field
        from eote_ref.store import GameCommand

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
            from eote_ref.referee.turn import carry_over

            with self.db.session() as s:
                carried = carry_over(s, self.game_id, turn, self.ruleset)
            changes.extend(carried.changes)
            summary += "".join(f"; {line}" for line in carried.lines)
        return self.record("phase", summary, changes)

    def describe_change(self, change: Change) -> str:
        """A change in the umpire's words (see :func:`eote_ref.referee.wording.describe_change`)."""
        from eote_ref.referee.wording import describe_change

        return describe_change(self.db, self.game_id, change)

    # ------------------------------------------------------------------ undo / redo
    def undo(self, steps: int = 1) -> list[str]:
        """Undo ``steps`` events; returns their summaries."""
        from eote_ref.store import undo

        with self._writing() as s:
            events = undo(s, self.game_id, steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    def redo(self, steps: int = 1) -> list[str]:
        """Redo ``steps`` undone events; returns their summaries."""
        from eote_ref.store import redo

        with self._writing() as s:
            events = redo(s, self.game_id, steps, expected_version=self.version)
            out = [e.summary or e.kind for e in events]
        self._changed()
        return out

    def undo_to(self, seq: int) -> list[str]:
        """Undo every event after ``seq`` (the log's "undo back to here")."""
        from eote_ref.store import history

        with self.db.session() as s:
            done = [e for e in history(s, self.game_id) if e.status == "done" and e.seq > seq]
        return self.undo(len(done)) if done else []

    def undo_counts(self) -> tuple[int, int]:
        """How many steps can be undone and redone."""
        from eote_ref.store import counts

        with self.db.session() as s:
            c = counts(s, self.game_id)
        return c.undoable, c.redoable


__all__ = ["COUNT_FIELDS", "GameService"]
