"""Cavalry at the end of the turn (EotE 5.10-5.12): blown, disintegrated, returning.

:class:`CavalryEndOfTurnCheck` settles one unit, :class:`AllCavalryEndOfTurn` every unit that
fought in one step, and :class:`CavalryReturns` brings disintegrated cavalry back (5.11).
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    register,
    set_unit,
)
from eote_ref.packs.eote.checks.common import (
    RecordAction,
    game_unit_row,
)
from eote_ref.packs.eote.rules.cavalry import CavalryEndOfTurnSituation
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import COUNT_FIELDS, GameService
from eote_ref.store import (
    Change,
    GameUnit,
    game_rows,
)


def _cavalry_outcome(game: GameService, row: GameUnit, engaged: bool, while_blown: bool) -> Outcome:
    sit = CavalryEndOfTurnSituation(
        blown=row.blown if while_blown else 0,
        engaged_this_turn=engaged,
        figure_scale=game.figure_scale,
    )
    return PROCEDURES["cavalry_end_of_turn"].run(sit, game.ruleset, EnteredDice({}))


def _cavalry_changes(row: GameUnit, outcome: Outcome, turn: int) -> list[Change]:
    """The unit's markers, and a ``cavalry_settled`` fact so the turn guide drops it (5.10)."""
    assert row.id is not None
    out: list[Change] = [turn_facts.fact(turn_facts.CAVALRY_SETTLED, turn, row.id)]
    if outcome.result in ("blown", "disintegrated"):
        blown = min(COUNT_FIELDS["blown"], row.blown + 1)
        if blown != row.blown:
            out.append(set_unit(row.id, "blown", blown))
    if outcome.result == "disintegrated":
        out += [set_unit(row.id, "disintegrated", True)]
        if not row.off_table:
            out.append(set_unit(row.id, "off_table", True))
    return out


@register
class CavalryEndOfTurnCheck(Adjudication):
    """A cavalry unit at the end of the turn: blown if it fought, gone if it fought blown (5.10)."""

    procedure = "cavalry_end_of_turn"
    title = "Cavalry end of turn"
    rule = "5.10"

    def facts(self) -> list[Question]:
        """Fought this turn, and already blown when it did."""
        r = game_unit_row(self.game, int(self.target["unit_id"]))
        if r.arm != "cavalry":
            raise RefereeError(f"{r.name} is not cavalry")
        return [
            Question(
                "engaged",
                "Fought in a combat this turn (breakthroughs included)",
                "bool",
                r.fought_this_turn,
                rule="5.10",
                derived=r.fought_this_turn,
            ),
            Question(
                "while_blown",
                "It was already blown when it fought",
                "bool",
                r.fought_while_blown,
                rule="5.11",
                derived=r.fought_while_blown,
            ),
        ]

    def subject(self) -> str:
        """The unit and its blown markers."""
        u = self.unit()
        return f"{u.name} ({u.blown} blown)"

    def situation(self) -> CavalryEndOfTurnSituation:
        """The unit's blown markers count only when it fought blown."""
        r = game_unit_row(self.game, int(self.target["unit_id"]))
        return CavalryEndOfTurnSituation(
            blown=r.blown if self.values["while_blown"] else 0,
            engaged_this_turn=bool(self.values["engaged"]),
            figure_scale=self.view.figure_scale,
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """One more blown marker; disintegrated and off the table if it fought blown."""
        row = game_unit_row(self.game, int(self.target["unit_id"]))
        return _cavalry_changes(row, outcome, self.view.turn)

    def notes(self, outcome: Outcome) -> list[str]:
        """The rules' notes, the return of disintegrated cavalry said with its timing (5.11)."""
        out = [n for n in super().notes(outcome) if not n.startswith("removed; returns")]
        if outcome.result == "disintegrated":
            out.insert(0, _return_note(self.unit().name, self.inches("disintegrated_return")))
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2nd Dragoons: blown``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


def _return_note(name: str, clear: str) -> str:
    """When and where disintegrated cavalry comes back (EotE 5.11), ``clear`` in inches."""
    return (
        f"{name} disintegrates: Apply removes it from the table now; bring it back with "
        f'"Disintegrated cavalry returns" (5.11), near its starting position or {clear} or '
        "more from any enemy, keeping its hits and blown markers"
    )


def _cavalry_label(r: GameUnit) -> str:
    """``1st Life Guards (blown, fought blown)``: short enough for the list."""
    if r.fought_while_blown:
        return f"{r.name} (fought blown: disintegrates)"
    if r.blown:
        return f"{r.name} ({r.blown} blown)"
    return r.name


@register
class AllCavalryEndOfTurn(RecordAction):
    """Every cavalry unit that fought this turn, in one step (EotE 5.10-5.11; no roll)."""

    procedure = "cavalry_end_of_turn"
    key = "cavalry_end_of_turn_all"
    title = "All cavalry: end of turn"
    rule = "5.10"

    def _rows(self) -> list[GameUnit]:
        done = turn_facts.cavalry_settled(self.view)
        rows = self.game.read(game_rows.cavalry_that_fought)
        side = self.target.get("side")
        if side is not None:
            mine = {u.id for s in self.view.sides if s.position == side for u in s.units}
            rows = [r for r in rows if r.id in mine]
        return [r for r in rows if r.id not in done and not r.off_table]

    def facts(self) -> list[Question]:
        """The cavalry that fought (untick any that did not)."""
        rows = self._rows()
        return [
            Question(
                "unit_ids",
                "Cavalry that fought this turn",
                "units",
                tuple(r.id for r in rows),
                rule="5.10",
                choices=tuple(Choice(r.id, _cavalry_label(r)) for r in rows),
                derived=True,
            )
        ]

    def _each(self) -> list[tuple[GameUnit, Outcome]]:
        chosen = set(self.values["unit_ids"])
        return [
            (r, _cavalry_outcome(self.game, r, True, r.fought_while_blown))
            for r in self._rows()
            if r.id in chosen
        ]

    def decide(self) -> Outcome:
        """``n blown, m disintegrated`` with each unit's result in the details."""
        each = self._each()
        gone = [r.name for r, o in each if o.result == "disintegrated"]
        blown = [r.name for r, o in each if o.result == "blown"]
        clear = self.inches("disintegrated_return")
        notes = [_return_note(name, clear) for name in gone]
        return Outcome.decided(
            "cavalry_end_of_turn",
            "5.10",
            f"{len(blown)} blown, {len(gone)} disintegrated",
            details={"units": {str(r.id): o.result for r, o in each}},
            notes=tuple(notes),
        )

    def inputs(self) -> dict[str, Any]:
        """The units settled (so the to-do list drops them)."""
        return {**super().inputs(), "unit_ids": list(self.values["unit_ids"])}

    def changes(self, outcome: Outcome) -> list[Change]:
        """Every unit's blown marker and disintegration."""
        out: list[Change] = []
        for r, o in self._each():
            out += _cavalry_changes(r, o, self.view.turn)
        return out

    def summary(self, outcome: Outcome) -> str:
        """``cavalry end of turn: 2 blown, 1 disintegrated``."""
        return f"cavalry end of turn: {outcome.result}"


@register
class CavalryReturns(RecordAction):
    """Disintegrated cavalry placed back near its start, 18" or more from the enemy (5.11)."""

    procedure = "cavalry_end_of_turn"
    key = "cavalry_returns"
    title = "Disintegrated cavalry returns"
    rule = "5.11"

    def facts(self) -> list[Question]:
        """Where it is placed (the umpire confirms)."""
        r = game_unit_row(self.game, int(self.target["unit_id"]))
        if not (r.disintegrated and r.off_table):
            raise RefereeError(f"{r.name} has not disintegrated")
        return [
            Question(
                "placed",
                f"Placed near its starting point or {self.inches('disintegrated_return')} or "
                "more from any enemy",
                "bool",
                True,
                rule="5.11",
            )
        ]

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def decide(self) -> Outcome:
        """``returned`` once placed."""
        result = "returned" if self.values["placed"] else "not_placed"
        return Outcome.decided(
            "cavalry_end_of_turn",
            "5.11",
            result,
            notes=("keeps its hits and blown markers; rests to recover (5.12)",),
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """Back on the table."""
        if outcome.result != "returned":
            return []
        return [set_unit(int(self.target["unit_id"]), "off_table", False)]

    def summary(self, outcome: Outcome) -> str:
        """``2nd Dragoons: back on the table (5.11)``."""
        return f"{self.unit().name}: back on the table near its start (5.11)"
