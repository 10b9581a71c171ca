"""What the end-of-turn checks share: small helpers.

What the checks settled this turn is read from the facts of the turn
(:mod:`eote_ref.referee.facts`), never from the journal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    ModifierLine,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.views import DivisionView
from eote_ref.store import (
    Change,
    GameLeader,
    GameUnit,
    SetField,
    game_rows,
)


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
    row = game.read(game_rows.unit, unit_id)
    if row is None:
        raise RefereeError(f"there is no unit {unit_id} in this game")
    return row


def game_leader_row(game: GameService, leader_id: int) -> GameLeader:
    """A leader's row, detached from its session (refused if not of this game)."""
    row = game.read(game_rows.leader, leader_id)
    if row is None:
        raise RefereeError(f"there is no leader {leader_id} in this game")
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
