"""An EotE game as the umpire runs it: the state read into views, and journaled edits.

:class:`GameService` is what the desktop app (and scripts) hold for an open EotE game: the
service core every pack shares (:class:`eote_ref.referee.game_core.GameCore`: the journal
step, undo, redo, listening) with EotE's ruleset and edits. It reads
the state into the frozen views of :mod:`eote_ref.referee.views` (:class:`GameView` →
:class:`SideView` → :class:`DivisionView` → :class:`UnitView`; the reading half is
:class:`eote_ref.referee.game_reading.GameReading`), words its changes with
:mod:`eote_ref.referee.wording`, and every change it makes — a marker edited on
the dashboard, the next phase, an adjudication — goes through
:func:`eote_ref.store.apply` as one journal event in one transaction, so undo reverts it.
Widgets hold a service and never open sessions themselves.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from eote_ref.packs.outcome import Reveals
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game_core import TOUCHED_KEPT as TOUCHED_KEPT
from eote_ref.referee.game_core import explain_failure as explain_failure
from eote_ref.referee.game_core import told as _told
from eote_ref.referee.game_reading import GameReading, RulesT
from eote_ref.referee.game_rules import eote_rules, pack_of, referee_spec
from eote_ref.referee.journal_line import ORDERS_CHANGED, Line, Piece
from eote_ref.referee.markers import (
    BLOWN_CAVALRY_ONLY,
    COUNTER_LIMITS,
    PackMarkers,
    game_markers,
)
from eote_ref.referee.phases import Phase, game_turn, next_key
from eote_ref.referee.views import (
    GameView,
    UnitView,
)
from eote_ref.store.changes import Change, SetField

if TYPE_CHECKING:  # the ORM is imported by the first command, not for the first window
    from eote_ref.packs.state_specs import TurnSpec
    from eote_ref.store import (
        Database,
        JournalEvent,
    )
    from eote_ref.store.game_work import GameWork

#: The counted markers' caps, as EotE's checks read them: the default pack's declaration
#: (:data:`eote_ref.packs.eote.markers.UNIT_MARKERS`); a game's are its own pack's
#: (:attr:`GameService.markers`).
COUNT_FIELDS = COUNTER_LIMITS


class GameService(GameReading[RulesT]):
    """One open EotE game: read views, make journaled edits; undo and redo are the core's.

    What only the pack's procedures know (the orders, a leader's replacement, the morale due)
    is asked of the game's pack through its declaration (:attr:`referee`).

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

    def __init__(self, db: Database, game_id: int, ruleset: RulesT | None = None) -> None:
        #: A club's edited ruleset, read with the game's options by :meth:`_take_rules`.
        self._base_ruleset = ruleset
        #: The last view and the game version it shows: every command raises the version in
        #: its own transaction (journal ``_claim``), so an equal version means nothing changed.
        self._last_view: tuple[int, GameView] | None = None
        #: Where the rows of the last view sit (built for the first patch, kept by patches).
        self._where: tuple[GameView, Any] | None = None
        super().__init__(db, game_id)

    def _take_rules(self, game: Any) -> None:
        """The game's EotE ruleset; another pack's game is refused (:class:`OtherPackGame`).

        Its display choices (fog of war, "display_" keys) are not ruleset options.
        """
        whose = f"game {self.game_id}"
        self.ruleset = eote_rules(game.ruleset, game.options, self._base_ruleset, whose)
        self.pack_id = pack_of(game.ruleset, whose)
        self.referee = referee_spec(self.pack_id)
        self._take_pack(game)

    def _take_pack(self, game: Any) -> None:
        """The markers a unit of the game carries and its turn: its pack's (its ``ruleset``)."""
        whose = f"game {self.game_id}"
        self.markers: PackMarkers = game_markers(game.ruleset, whose)
        self.turn_spec: TurnSpec = game_turn(game.ruleset, whose)

    def _implied(self, changes: Sequence[Change], work: GameWork) -> Sequence[Change]:
        """``changes`` with the facts of the turn they imply (:func:`turn_facts.implied`)."""
        if any(isinstance(c, SetField) and c.field in turn_facts.IMPLYING_FIELDS for c in changes):
            return [*changes, *turn_facts.implied(changes, work.turn())]
        return changes

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
        name, arm, before = row.name, row.arm, self.markers.unit_value(row, field)
        value = self._check(field, new_value(before), arm)
        if before == value:  # no change to what this copy shows: is that the game as it is?
            with self._writing() as w:
                w.check_version(self.version)
            return None
        from eote_ref.referee.wording import describe_field

        summary = f"{name}: {describe_field(field, before, value)}"
        # A formation set by hand carries no -2 (EotE 1.8.3): only a change inside tactical
        # combat range does, which the formation check asks or the umpire marks.
        changes: list[Change] = [self.markers.unit_change(unit_id, field, value)]
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
        if field not in self.markers.counter_limits:
            raise RefereeError(f"{field} is not a counted marker")
        top = self.markers.counter_limits[field]
        return self._edit_unit(unit_id, field, lambda now: max(0, min(top, int(now) + delta)))

    @_told
    def toggle_unit(self, unit_id: int, field: str) -> JournalEvent | None:
        """Flip a yes/no marker (disordered, routed, pinned...)."""
        if field not in self.markers.editable_flags:
            raise RefereeError(f"{field} is not a yes/no marker")
        return self._edit_unit(unit_id, field, lambda now: not bool(now))

    def _check(self, field: str, value: Any, arm: str) -> Any:
        counters, flags = self.markers.counter_limits, self.markers.editable_flags
        if field in counters:
            if isinstance(value, bool) or not isinstance(value, int):
                raise RefereeError(f"{field} must be a whole number")
            if not 0 <= value <= counters[field]:
                raise RefereeError(f"{field} must be 0..{counters[field]}")
            if value and not self.markers.carries(field, arm):
                raise RefereeError(
                    BLOWN_CAVALRY_ONLY if field == "blown" else f"{arm} carries no {field}"
                )
            return value
        if field in flags:
            if not isinstance(value, bool):
                raise RefereeError(f"{field} is yes or no")
            return value
        if field == "formation":
            allowed = set(self.formations(arm))
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
            orders = set(self.referee.orders())
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
        """Move to the game's pack's next phase (EotE 2.0); after its last, the next turn."""
        view = self._shown_view()
        key, new_turn = next_key(self.turn_spec, view.phase.value)
        changes: list[Change] = [SetField("game", self.game_id, "phase", key)]
        turn = view.turn + 1 if new_turn else view.turn
        label = self.turn_spec.phase(key).label
        summary = f"turn {turn}: {label}" if new_turn else f"{label} phase"
        if new_turn:
            changes.append(SetField("game", self.game_id, "turn", turn))
            from eote_ref.referee.turn import carry_over
            from eote_ref.store.game_work import turn_rows

            rating = self.referee.replacement_rating(self.ruleset)
            carried = carry_over(self.read(turn_rows), turn, rating)
            changes.extend(carried.changes)
            return self.record(
                "phase", Line.of(summary, *(Line.of("; ", ln) for ln in carried.lines)), changes
            )
        if key == Phase.MOVEMENT.value:
            # What held as movement began is state of the turn (EotE 5.6, 5.7).
            pinned = (u.id for s in view.sides for u in s.units if u.pinned)
            changes.append(turn_facts.movement_began(view, pinned))
        return self.record("phase", summary, changes)

    def describe_change(self, change: Change) -> str:
        """A change in the umpire's words (see :func:`eote_ref.referee.wording.describe_change`)."""
        from eote_ref.referee.wording import describe_change

        return describe_change(self.db, self.game_id, change, markers=self.markers)


__all__ = ["COUNT_FIELDS", "GameService"]
