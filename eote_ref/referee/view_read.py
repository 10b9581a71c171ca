"""Bringing a game's view up to date by reading only what its commands changed.

:meth:`GameService.view <eote_ref.referee.game.GameService.view>` reads the whole game the
first time; :func:`patch_game` brings a view up to date after commands whose changed rows are known
(:class:`~eote_ref.store.journal.Touch`, recorded by the journal as it writes): it re-reads
only those rows and rebuilds the divisions and sides that hold them, keeping every other view
object as it was. A change to the order of battle itself (a unit or command added, removed or
moved, a side or a name changed), or one touching many units, is read whole instead; the
result is the view a whole read would give (``tests/unit/referee/test_view_patch.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from eote_ref.referee.phases import Phase
from eote_ref.referee.view_rows import MoraleDue, current_leader, leader_view, unit_view
from eote_ref.referee.views import (
    FactView,
    GameView,
    LinkView,
    UnitView,
)
from eote_ref.store import GameCommand, GameLeader, GameUnit
from eote_ref.store.game_queries import GameReads
from eote_ref.store.journal import Touch
from eote_ref.store.models import UPDATE

#: More changed units than this and the whole game is read again (a new turn clearing flags).
PATCH_UNITS_MAX = 200

#: Fields whose change moves rows in the order of battle or renames what others show.
_STRUCTURE = {
    "game_unit": frozenset({"command_id", "position", "game_id"}),
    "game_command": frozenset({"parent_id", "position", "side_id", "level", "name"}),
    "game_leader": frozenset({"command_id", "name"}),
}


def _division_fields(c: Any) -> dict[str, Any]:
    """The division state a command row carries (what a command's own change alters)."""
    return {
        "current_order": c.current_order,
        "pending_order": c.pending_order,
        "pending_order_turns": c.pending_order_turns,
        "falling_back": c.falling_back,
        "routed": c.routed,
        "in_town": c.in_town,
        "objective_lost": c.objective_lost,
    }


def links(r: GameReads) -> tuple[LinkView, ...]:
    """The game's unit links, oldest first."""
    return tuple(
        LinkView(ln.id or 0, ln.kind, ln.turn, ln.unit_id, ln.other_id, dict(ln.data or {}))
        for ln in r.links()
    )


def facts(r: GameReads, kind: str | None = None) -> tuple[FactView, ...]:
    """The facts of the turn as stored (of ``kind``, or all), oldest first."""
    return tuple(
        FactView(f.id or 0, f.kind, f.turn, f.unit_id, f.other_id, dict(f.data or {}), f.command_id)
        for f in r.facts(kind)
    )


def _game_fields(r: GameReads, game: Any, provisional: bool) -> dict[str, Any]:
    """The view's fields read from the game row and the journal's next undo and redo."""
    can_undo, can_redo = r.next_steps()
    return {
        "name": game.name,
        "turn": game.turn,
        "phase": Phase.parse(game.phase),
        "initiative": game.initiative,
        "figure_scale": game.figure_scale,
        "ruleset": f"{game.ruleset}",
        "options": dict(game.options or {}),
        "provisional": provisional,
        "can_undo": can_undo,
        "can_redo": can_redo,
    }


@dataclass
class _Where:
    """Where each unit, division and commander sits in a view's sides (built once per view)."""

    unit: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    division: dict[int, tuple[int, int]] = field(default_factory=dict)
    commander: dict[int, tuple[int, int]] = field(default_factory=dict)


def _where(view: GameView) -> _Where:
    w = _Where()
    for si, side in enumerate(view.sides):
        for ci, cv in enumerate(side.commanders):
            w.commander[cv.id] = (si, ci)
        for di, d in enumerate(side.divisions):
            w.division[d.id] = (si, di)
            for ui, u in enumerate(d.units):
                w.unit[u.id] = (si, di, ui)
    return w


class ViewCache:
    """A game view with the places of its rows, so a patch finds them without a scan."""

    def __init__(self, version: int, view: GameView) -> None:
        self.version = version
        self.view = view
        self._where: _Where | None = None

    @property
    def where(self) -> _Where:
        if self._where is None:
            self._where = _where(self.view)
        return self._where


def patch_game(
    reads: GameReads,
    cache: ViewCache,
    game: Any,
    touches: Iterable[Touch],
    morale_due: MoraleDue,
    provisional: bool,
) -> ViewCache | None:
    """``cache``'s view brought to the version of ``game`` (the game row, just read).

    ``touches`` must be every row changed between the cached version and the game's (the
    journal records them as it writes); only those rows are read again. Returns None when
    the whole game must be read.
    """
    units: set[int] = set()
    commands: set[int] = set()
    leaders: set[int] = set()
    read_links = read_facts = False
    for t in touches:
        if t.entity == "game":
            continue  # the game row is read every time
        if t.entity == "game_link":
            read_links = True
            continue
        if t.entity == "game_fact":
            read_facts = True
            continue
        if t.op != UPDATE or t.entity not in _STRUCTURE or t.field in _STRUCTURE[t.entity]:
            return None  # the order of battle changed shape
        {"game_unit": units, "game_command": commands, "game_leader": leaders}[t.entity].add(
            t.row_id
        )
    if len(units) > PATCH_UNITS_MAX:
        return None
    view = cache.view
    where = cache.where
    sides = [list(side.divisions) for side in view.sides]
    chiefs = [list(side.commanders) for side in view.sides]
    # Leaders: the current leader of each command they belong to is chosen again.
    if leaders:
        rows = reads.rows_by_id(GameLeader, list(leaders))
        touched_commands = {r.command_id for r in rows}
        by_command: dict[int, list[Any]] = {c: [] for c in touched_commands}
        for r in reads.rows_by_id(GameLeader, list(touched_commands), key="command_id"):
            by_command[r.command_id].append(r)
        for command_id, group in by_command.items():
            chief = current_leader(group)
            lv = leader_view(chief) if chief else None
            if command_id in where.division:
                si, di = where.division[command_id]
                sides[si][di] = dataclasses.replace(sides[si][di], leader=lv)
            elif command_id in where.commander:
                si, ci = where.commander[command_id]
                chiefs[si][ci] = dataclasses.replace(chiefs[si][ci], leader=lv)
            else:
                return None
    # Commands: a division's own state (orders, integrity); commanders show none of it.
    for c in reads.rows_by_id(GameCommand, list(commands)) if commands else ():
        if c.id in where.division:
            si, di = where.division[c.id]
            sides[si][di] = dataclasses.replace(sides[si][di], **_division_fields(c))
        elif c.id not in where.commander:
            return None
    # Units: each row read again into its division.
    if units:
        rows = reads.rows_by_id(GameUnit, list(units))
        if len(rows) != len(units):
            return None
        attached = {r.attached_leader_id for r in rows if r.attached_leader_id}
        names: dict[int | None, str] = {}
        if attached:
            names = {r.id: r.name for r in reads.rows_by_id(GameLeader, list(attached))}
        by_division: dict[tuple[int, int], dict[int, UnitView]] = {}
        for r in rows:
            if r.id not in where.unit:
                return None
            si, di, ui = where.unit[r.id]
            by_division.setdefault((si, di), {})[ui] = unit_view(
                r, sides[si][di].id, names, morale_due
            )
        for (si, di), changed in by_division.items():
            d = sides[si][di]
            new_units = tuple(changed.get(i, u) for i, u in enumerate(d.units))
            sides[si][di] = dataclasses.replace(d, units=new_units)
    new_sides = tuple(
        side
        if all(a is b for a, b in zip(side.divisions, sides[si], strict=True))
        and all(a is b for a, b in zip(side.commanders, chiefs[si], strict=True))
        else dataclasses.replace(side, divisions=tuple(sides[si]), commanders=tuple(chiefs[si]))
        for si, side in enumerate(view.sides)
    )
    patched = dataclasses.replace(
        view,
        sides=new_sides,
        links=links(reads) if read_links else view.links,
        facts=facts(reads) if read_facts else view.facts,
        **_game_fields(reads, game, provisional),
    )
    out = ViewCache(game.version, patched)
    out._where = where  # the same rows in the same places
    return out
