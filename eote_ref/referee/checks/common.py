"""What the end-of-turn checks share: this turn's journal, and small helpers.

The journal is read only for what the checks settled this turn and wrote nothing else for
(integrity checks taken, cavalry settled); the facts of the turn are in
:mod:`eote_ref.referee.facts`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import col, select

from eote_ref.referee.checks import (
    Adjudication,
    ModifierLine,
)
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.views import DivisionView
from eote_ref.rules.core import Outcome
from eote_ref.store import (
    Change,
    GameLeader,
    GameUnit,
    JournalEvent,
    SetField,
)
from eote_ref.store.models import DONE


def events_this_turn(game: GameService, kind: str | None = None) -> list[JournalEvent]:
    """The done journal events of the current turn (of ``kind`` if given), oldest first."""
    turn = game.turn
    with game.db.session() as s:
        q = select(JournalEvent).where(
            JournalEvent.game_id == game.game_id,
            JournalEvent.status == DONE,
            JournalEvent.turn == turn,
        )
        if kind is not None:
            q = q.where(JournalEvent.kind == kind)
        rows = list(s.exec(q.order_by(col(JournalEvent.seq))).all())
        for r in rows:
            s.expunge(r)
        return rows


def units_adjudicated_this_turn(game: GameService, kind: str) -> set[int]:
    """Units a done ``kind`` event of this turn concerned (its target or its list of units)."""
    out: set[int] = set()
    for e in events_this_turn(game, kind):
        if (e.outcome or {}).get("result") == "rested":
            continue  # a blown unit resting in the command phase (5.12) is not settled
        inputs = e.inputs or {}
        target = inputs.get("target") or {}
        if isinstance(target.get("unit_id"), int):
            out.add(target["unit_id"])
        out.update(i for i in inputs.get("unit_ids", []) if isinstance(i, int))
    return out


def check_division(check: Adjudication, division_id: int | None = None) -> DivisionView:
    """The division a check concerns: ``division_id``, else its target's division or unit's."""
    did = check.target.get("division_id") if division_id is None else division_id
    if did is None and check.target.get("unit_id") is not None:
        did = check.unit().division_id
    for s in check.view.sides:
        for d in s.divisions:
            if d.id == did:
                return d
    raise RefereeError(f"there is no division {did} in this game")


def game_unit_row(game: GameService, unit_id: int) -> GameUnit:
    """A unit's row, detached from its session (refused if not of this game)."""
    with game.db.session() as s:
        row = s.get(GameUnit, unit_id)
        if row is None or row.game_id != game.game_id:
            raise RefereeError(f"there is no unit {unit_id} in this game")
        s.expunge(row)
        return row


def game_leader_row(game: GameService, leader_id: int) -> GameLeader:
    """A leader's row, detached from its session (refused if not of this game)."""
    with game.db.session() as s:
        row = s.get(GameLeader, leader_id)
        if row is None or row.game_id != game.game_id:
            raise RefereeError(f"there is no leader {leader_id} in this game")
        s.expunge(row)
        return row


def roll_text(o: Outcome) -> str:
    """The die against its target: `` (rolled 9 against 7, then 6)``, or nothing."""
    if o.roll is None:
        return ""
    text = f" (rolled {o.roll} against {o.modified:g}"
    if o.second_roll is not None:
        text += f", then {o.second_roll}"
    return text + ")"


def modified_roll_text(o: Outcome, lines: Sequence[ModifierLine] | None = None) -> str:
    """A die the modifiers add to: ``(rolled 3)`` or ``(rolled 3, −2 for ... = 1)``."""
    if o.roll is None:
        return ""
    shown = [ModifierLine.of(m) for m in o.modifiers] if lines is None else list(lines)
    if not shown:
        return f" (rolled {o.roll})"
    mods = ", ".join(f"{m.value:+g} {m.reason}".replace("-", "−", 1) for m in shown)
    return f" (rolled {o.roll}, {mods} = {o.modified:g})"


def set_if_changed(entity: str, row_id: int, field: str, value: Any, before: Any) -> list[Change]:
    """A field change, or none when the field already holds ``value``."""
    return [] if before == value else [SetField(entity, row_id, field, value)]


class RecordAction(Adjudication):
    """A no-roll action: the outcome is decided by :meth:`decide`, not a rules procedure."""

    def decide(self) -> Outcome:  # pragma: no cover - every subclass overrides
        """The decided outcome."""
        raise NotImplementedError

    def run(self, dice: Any) -> Outcome:
        """No die: the action's outcome."""
        return self.decide()

    def situation(self) -> dict[str, Any]:
        """The answers (there is no rules situation)."""
        return dict(self.values)
