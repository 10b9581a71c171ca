"""Reading a game into views: the whole game once, then only the rows each command changed.

:class:`GameReading` is the reading half of :class:`eote_ref.referee.game.GameService`: the
frozen views of :mod:`eote_ref.referee.views` (read through the plain-row reader on an SQLite
file, the ORM on a server), patched after the service's own commands
(:mod:`eote_ref.referee.view_read`). The journal, its steps and undo are the core's, which
every pack shares (:mod:`eote_ref.referee.game_core`); the commands that write are in
:mod:`eote_ref.referee.game`.
"""

from __future__ import annotations

import typing
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic

from eote_ref.packs import registry
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game_core import GameCore
from eote_ref.referee.game_rules import GameRules
from eote_ref.referee.phases import Phase
from eote_ref.referee.view_rows import MoraleDue, current_leader, leader_view, unit_view
from eote_ref.referee.views import (
    CommanderView,
    DivisionView,
    FactView,
    GameView,
    LeaderView,
    LinkView,
    SideView,
    UnitView,
)

if TYPE_CHECKING:  # the ORM is imported by the first command, not for the first window
    from eote_ref.packs.state_specs import RefereeSpec
    from eote_ref.store import (
        GameCommand,
        GameLeader,
        GameUnit,
    )
    from eote_ref.store.journal import Touch

if TYPE_CHECKING:
    from typing_extensions import TypeVar

    #: The rules object of the game's pack (EotE's ``Ruleset``), read here as
    #: :class:`GameRules`; a service named without it gives its pack's code ``Any``.
    RulesT = TypeVar("RulesT", bound=GameRules, default=Any)
else:  # a TypeVar's default (PEP 696) is the type checker's: Python 3.11's takes none
    RulesT = typing.TypeVar("RulesT", bound=GameRules)

#: The formations of a unit whose arm the pack names none for (engineers, in EotE).
UNNAMED_ARM_FORMATIONS = ("line", "column")


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


class GameReading(GameCore, Generic[RulesT]):
    """EotE's game read into views; :class:`GameService` adds the commands.

    The journal, its lines and the rows every pack reads are the core's
    (:class:`~eote_ref.referee.game_core.GameCore`). What only the pack's procedures know
    (the levels of a division, the morale due) is read from the game's pack
    (:attr:`referee`, its :class:`~eote_ref.packs.state_specs.RefereeSpec`).
    """

    ruleset: RulesT
    #: The id of the game's pack and what the service asks of its procedures.
    pack_id: str
    referee: RefereeSpec[RulesT]
    _last_view: tuple[int, GameView] | None
    _where: tuple[GameView, Any] | None

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
        due, levels = self.morale_due, self.division_levels
        divisions: dict[int, list[DivisionView]] = {p: [] for p in side_pos.values()}
        commanders: dict[int, list[CommanderView]] = {p: [] for p in side_pos.values()}
        for c in _tree_order(state.commands):
            assert c.id is not None
            chief = current_leader(leaders_by_command.get(c.id, []))
            lv = leader_view(chief) if chief else None
            pos = side_pos[c.side_id]
            if c.level not in levels:
                commanders[pos].append(CommanderView(c.id, pos, c.name, c.level, lv))
                continue
            parent = commands.get(c.parent_id) if c.parent_id else None
            divisions[pos].append(
                self._division_view(
                    c,
                    pos,
                    parent,
                    lv,
                    units_by_command.get(c.id, []),
                    leader_names,
                    due,
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
        from eote_ref.store.game_queries import game_reads

        assert self._last_view is not None
        cache = ViewCache(*self._last_view)
        if self._where is not None and self._where[0] is cache.view:
            cache._where = self._where[1]
        with game_reads(self.db, self.game_id) as r:
            game = r.game_row()
            if game is None or game.version != version:
                return None  # changed again meanwhile: read whole
            patched = patch_game(
                r, cache, game, touches, self.morale_due, self.ruleset.uses_provisional
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
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            state = r.state()
            undo_ev = r.next_undo()
            redo_ev = r.next_redo()
            links = tuple(_link_view(ln) for ln in r.links())
            facts = tuple(_fact_view(f) for f in r.facts())
        return state, undo_ev, redo_ev, links, facts

    def facts(self, kind: str | None = None) -> tuple[FactView, ...]:
        """The facts of the turn as stored now (of ``kind``, or all), oldest first."""
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            return tuple(_fact_view(f) for f in r.facts(kind))

    def _division_view(
        self,
        c: GameCommand,
        side: int,
        parent: Any,
        leader: LeaderView | None,
        rows: Sequence[GameUnit],
        leader_names: dict[int | None, str],
        due: MoraleDue,
    ) -> DivisionView:
        assert c.id is not None
        units = tuple(
            unit_view(u, c.id, leader_names, due)
            for u in sorted(rows, key=lambda u: (u.position, u.id))
        )
        return DivisionView(
            id=c.id,
            side=side,
            name=c.name,
            level=c.level,
            parent=parent.name if parent is not None else None,
            parent_level=parent.level if parent is not None else None,
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
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            cmd = r.command(division_id)
            if cmd is None:
                raise RefereeError(f"there is no division {division_id} in this game")
            state = r.division(division_id)
            parent = r.command(cmd.parent_id) if cmd.parent_id else None
            side = r.side(cmd.side_id)
            attached = {u.attached_leader_id for u in state.units if u.attached_leader_id}
            names: dict[int | None, str] = {}
            if attached:
                names = r.leader_names(attached)
            chief = current_leader(state.leaders)
            return self._division_view(
                state.command,
                side.position if side else 0,
                parent,
                leader_view(chief) if chief else None,
                state.units,
                names,
                self.morale_due,
            )

    def unit_view(self, unit_id: int) -> UnitView:
        """One unit with its markers, read on its own."""
        from eote_ref.store.game_queries import game_reads

        with game_reads(self.db, self.game_id) as r:
            unit = r.unit(unit_id)
        if unit is None:
            raise RefereeError(f"there is no unit {unit_id} in this game")
        division_id = unit.command_id
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
    def division_levels(self) -> frozenset[str]:
        """Command levels that are divisions in the rules' sense and carry division state.

        The game's pack's (EotE 1.0.1: divisions and brigades), as
        :func:`eote_ref.store.games.division_levels`.
        """
        return self.referee.division_levels

    @property
    def morale_threshold(self) -> int:
        """Hits at which a unit checks morale, and at every hit after (EotE 7.5, 6.8)."""
        return int(self.ruleset.opts.morale_hit_threshold)

    @property
    def morale_due(self) -> MoraleDue:
        """Whether a unit with so many hits (and routed or not) is due a morale check (7.5)."""
        threshold, due = self.morale_threshold, self.referee.morale_due
        return lambda hits, routed: due(hits, threshold, routed)

    def formations(self, arm: str) -> tuple[str, ...]:
        """The formations a unit of ``arm`` may take, in the rules' order (EotE 1.0.2).

        The game's pack's unit model says them (``formations_by_arm``); an arm it names none
        for may stand in line or column.
        """
        model = registry.get_unit_model(self.pack_id)
        allowed = model.formations_by_arm.get(arm) if model is not None else None
        return tuple(allowed) if allowed is not None else UNNAMED_ARM_FORMATIONS
