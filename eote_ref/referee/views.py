"""Plain, frozen views of a game's state, as :class:`~eote_ref.referee.game.GameService` reads it.

:class:`GameView` → :class:`SideView` → :class:`DivisionView` → :class:`UnitView`, with the
leaders, the links between units and the facts of the turn. The UI, the checks, the turn guide
and the printed sheets read these; none of them touches the database through a view.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass
from typing import Any

from eote_ref.referee.phases import Phase


@dataclass(frozen=True)
class LeaderView:
    """A leader as the dashboard shows it."""

    id: int
    name: str
    level: str
    rating: int
    killed: bool
    no_rally_next_turn: bool
    replacement: bool
    replacement_due_turn: int | None
    no_rally_turn: int | None = None


@dataclass(frozen=True)
class UnitView:
    """A unit and its markers."""

    id: int
    division_id: int
    name: str
    #: The unit's arm of service, as its pack names it (``infantry``; EotE's builder gives its
    #: ``Arm``, a ``StrEnum`` that compares and prints as that value).
    arm: str
    type: str
    nation: str
    ce: int
    stands: int
    weight: str | None
    skirmish: str
    brigade: str | None
    hits: int
    disordered: bool
    blown: int
    routed: bool
    off_table: bool
    formation: str | None
    limbered: bool
    guns_abandoned: bool
    pinned: bool
    out_of_command: bool
    skirmishers_out: bool
    changed_formation: bool
    attached_leader: str | None
    fought_this_turn: bool
    routed_this_turn: bool
    morale_due: bool
    fought_last_turn: bool = False
    #: Hits on the detached skirmish stand (EotE 5.4); meaningful while skirmishers_out.
    skirmish_hits: int = 0
    #: The unit's short code (``F12``): side letter and number, stable for the game.
    code: str = ""
    #: The id of the leader attached to the unit (``attached_leader`` is his name), if any.
    attached_leader_id: int | None = None

    @property
    def coded_name(self) -> str:
        """The name after the code, as lists and labels show it: ``F12 1/54e Ligne``."""
        return f"{self.code} {self.name}" if self.code else self.name

    @property
    def effective_ce(self) -> int:
        """CE less one per hit (the first modifier of every check; 0 when routed, 7.4)."""
        return 0 if self.routed else max(0, self.ce - self.hits)


@dataclass(frozen=True)
class DivisionView:
    """A division or brigade with its leader, orders, state and units."""

    id: int
    side: int
    name: str
    level: str
    parent: str | None
    leader: LeaderView | None
    current_order: str | None
    pending_order: str | None
    pending_order_turns: int | None
    falling_back: bool
    routed: bool
    in_town: bool
    objective_lost: bool
    units: tuple[UnitView, ...]
    #: The level of the command above (``corps``, ``wing``, ``army``), None at the top.
    parent_level: str | None = None

    @property
    def title(self) -> str:
        """The division with its corps (or wing): ``2nd Division, IV Corps``.

        Several corps have a "2nd Division"; the army above a division is left out (it names
        nothing the side does not already).
        """
        if self.parent and self.parent_level not in (None, "army") and self.parent != self.name:
            return f"{self.name}, {self.parent}"
        return self.name

    @property
    def integrity_state(self) -> str:
        """``routed``, ``falling back`` or ``steady`` (EotE 9.0)."""
        if self.routed:
            return "routed"
        return "falling back" if self.falling_back else "steady"


@dataclass(frozen=True)
class CommanderView:
    """An army, wing or corps command and its leader."""

    id: int
    side: int
    name: str
    level: str
    leader: LeaderView | None


@dataclass(frozen=True)
class SideView:
    """One side's order of battle and state."""

    position: int
    name: str
    army_lists: tuple[str, ...]
    commanders: tuple[CommanderView, ...]
    divisions: tuple[DivisionView, ...]

    @property
    def units(self) -> list[UnitView]:
        """Every unit of the side."""
        return [u for d in self.divisions for u in d.units]


@dataclass(frozen=True)
class LinkView:
    """A relation between two units (``game_link``: engaged, fired_at, morale_tested...)."""

    id: int
    kind: str
    turn: int
    unit_id: int
    other_id: int
    data: dict[str, Any]


@dataclass(frozen=True)
class FactView:
    """A fact of the current turn (``game_fact``: charge, fired, fought, breakthrough...).

    A fact is about a unit (``unit_id``) or, for the division facts, about a division
    (``command_id``, ``unit_id`` None).
    """

    id: int
    kind: str
    turn: int
    unit_id: int | None
    other_id: int | None
    data: dict[str, Any]
    command_id: int | None = None


@dataclass(frozen=True)
class GameView:
    """Everything the main screen shows about a game."""

    id: int
    name: str
    turn: int
    phase: Phase
    initiative: int | None
    figure_scale: str
    ruleset: str
    options: dict[str, Any]
    provisional: bool
    sides: tuple[SideView, ...]
    can_undo: str | None
    can_redo: str | None
    #: Unit links (engaged pairs, artillery targets, morale tests...), see :class:`LinkView`.
    links: tuple[LinkView, ...] = ()
    #: The facts of this turn, written by the checks that established them (:mod:`.facts`).
    facts: tuple[FactView, ...] = ()

    @property
    def initiative_side(self) -> str | None:
        """The name of the side holding the initiative, if decided."""
        if self.initiative is None:
            return None
        for s in self.sides:
            if s.position == self.initiative:
                return s.name
        return None

    @functools.cached_property
    def side_by_unit(self) -> dict[int, SideView]:
        """Each unit's side, by unit id (built once per view: pick lists ask it of every unit)."""
        return {u.id: s for s in self.sides for u in s.units}

    @functools.cached_property
    def unit_titles(self) -> dict[int, str]:
        """Each unit's name as lists show it, told apart from its namesakes, by unit id.

        A battery carries its division leader's name (``2nd Division foot battery · Drouet``)
        unless its own name has it already; any other unit whose name another unit of its side
        shares carries its division and corps (``1st Battalion · 2nd Division, IV Corps``).
        """
        out: dict[int, str] = {}
        for s in self.sides:
            seen: dict[str, int] = {}
            for u in s.units:
                seen[u.name] = seen.get(u.name, 0) + 1
            for d in s.divisions:
                leader = d.leader.name if d.leader is not None else ""
                for u in d.units:
                    if u.arm == "artillery" and leader and leader not in u.name:
                        out[u.id] = f"{u.name} · {leader}"
                    elif seen[u.name] > 1:
                        out[u.id] = f"{u.name} · {d.title}"
                    else:
                        out[u.id] = u.name
        return out

    def unit_title(self, unit: UnitView) -> str:
        """:attr:`unit_titles` of ``unit`` (its plain name if it is not in this view)."""
        return self.unit_titles.get(unit.id, unit.name)


@dataclass(frozen=True)
class JournalEntry:
    """One line of the journal log."""

    id: int
    seq: int
    turn: int
    phase: str
    kind: str
    summary: str
    status: str
    rolls: list[Any]
    result: str | None
    created_at: datetime.datetime
