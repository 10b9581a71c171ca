"""Rallying routed units (EotE 9.1): each unit's one attempt per game."""

from __future__ import annotations

import dataclasses

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    ModifierLine,
    Question,
    register,
    set_unit,
)
from eote_ref.packs.eote.checks.common import (
    check_division,
    game_unit_row,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.rally import RallySituation
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.facts import FELL_BACK_CLEAR, of_turn
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line, roll_line
from eote_ref.referee.views import GameView, UnitView
from eote_ref.referee.wording import hits_text
from eote_ref.store import (
    Change,
    GameUnit,
    game_rows,
)


def routed_units_to_rally(
    game: GameService, view: GameView | None = None
) -> list[tuple[int, int, int, str]]:
    """Routed units that still have their one rally attempt (9.1): (side, division, unit, name).

    Units of routed divisions are left out: the whole division is leaving the field.
    """
    view = view or game.view()
    spent = game.read(game_rows.rallied_once)
    return [
        (side.position, d.id, u.id, u.name)
        for side in view.sides
        for d in side.divisions
        if not d.routed
        for u in d.units
        if u.routed and u.id not in spent
    ]


@register
class RallyRoutedCheck(Adjudication):
    """A routed unit of a division out of tactical combat range tries its one rally (EotE 9.1)."""

    procedure = "rally"
    title = "Rally routed unit"
    rule = "9.1"
    subject_keys = frozenset({"unit_id"})

    def _routed(self) -> list[UnitView]:
        return [u for u in check_division(self).units if u.routed]

    def facts(self) -> list[Question]:
        """Which unit, out of range confirmed, the commander's rating and the unit's state."""
        d = check_division(self)
        routed = self._routed()
        if not routed:
            raise RefereeError(f"{d.name} has no routed unit to rally")
        uid = self.target.get("unit_id")
        default = next((u.id for u in routed if u.id == uid), routed[0].id)
        chosen = self.__dict__.get("values", {}).get("unit_id", default)
        row = game_unit_row(self.game, int(chosen))
        rating, source = self.commander()
        # Stopped falling back this turn clear of the enemy (9.0): out of combat range (1.9).
        clear = any(
            f.kind == FELL_BACK_CLEAR and f.command_id == d.id
            for f in of_turn(self.view, FELL_BACK_CLEAR)
        )
        return [
            Question(
                "unit_id",
                "Routed unit",
                "choice",
                default,
                rule="9.1",
                choices=tuple(Choice(u.id, f"{u.name} ({hits_text(u.hits)})") for u in routed),
            ),
            Question(
                "out_of_tcr",
                "The division is out of tactical combat range "
                f"({self.inches('tactical_combat_range')} clear)",
                "bool",
                clear,
                rule="1.9",
                derived=clear,
                help="Confirm on the table: no enemy division or cavalry brigade within "
                f"{self.inches('tactical_combat_range')}; ticked when the division stopped "
                "falling back clear of the enemy this turn (9.0).",
            ),
            Question(
                "leader_rating",
                f"Commander's rating ({source})",
                "int",
                rating,
                rule="9.1",
                minimum=-1,
                maximum=4,
                derived=True,
                help="The division's commander as the state has him this turn (a replacement "
                "counts from the turn he arrives, EotE 8.0)",
            ),
            Question(
                "routed_by_morale",
                "The unit routed from a morale check",
                "bool",
                row.routed_by_morale,
                rule="9.1",
                derived=True,
            ),
        ]

    def commander(self) -> tuple[int, str]:
        """The division's commander's rating this turn (9.1) and where it comes from, in words.

        A killed leader's replacement is rated -1 from the turn he arrives, not before (EotE
        8.0): until then the division has no commander, so no rating is added (the text
        gives none to add; its -1 is the replacement's, who is not there yet).
        """
        d = check_division(self)
        rows = [lead for lead in self.game.read(game_rows.leaders) if lead.command_id == d.id]
        living = [lead for lead in rows if not lead.killed]
        if living:
            lead = living[-1]
            if not lead.replacement:
                return lead.rating, lead.name
            arrived = max(
                (
                    x.replacement_due_turn
                    for x in rows
                    if x.killed
                    and x.replacement_due_turn is not None
                    and x.replacement_due_turn <= self.view.turn
                ),
                default=None,
            )
            when = f", arrived turn {arrived}" if arrived is not None else ""
            return lead.rating, f"{lead.name}{when} (EotE 8.0)"
        fallen = [lead for lead in rows if lead.killed]
        if not fallen:
            return 0, "no commander"
        last = fallen[-1]
        due = (
            f"; his replacement arrives turn {last.replacement_due_turn}"
            if last.replacement_due_turn is not None
            else ""
        )
        return 0, f"no commander, {last.name} was killed{due} (EotE 8.0)"

    def modifiers(self, outcome: Outcome | None = None) -> list[ModifierLine]:
        """The commander's rating names its commander (and a replacement's arrival, 8.0)."""
        lines = super().modifiers(outcome)
        reason = self.game.ruleset.mod("rally", "commander_rating").reason
        source = self.commander()[1]
        return [
            dataclasses.replace(m, reason=f"{m.reason}: {source}")
            if m.reason.startswith(reason)
            else m
            for m in lines
        ]

    def row(self) -> GameUnit:
        """The unit trying to rally."""
        return game_unit_row(self.game, int(self.values["unit_id"]))

    def subject(self) -> str:
        """The unit and its hits."""
        r = self.row()
        return f"{r.name} ({hits_text(r.hits)})"

    def situation(self) -> RallySituation:
        """The unit's CE, hits and the once-per-game flag from the state."""
        r = self.row()
        return RallySituation(
            ce=r.ce,
            leader_rating=int(self.values["leader_rating"]),
            hits=r.hits,
            routed_by_morale=bool(self.values["routed_by_morale"]),
            already_attempted=r.rallied_once,
            division_out_of_tcr=bool(self.values["out_of_tcr"]),
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """The attempt is spent; success: back on the table, not routed, half the hits off."""
        r = self.row()
        assert r.id is not None
        out: list[Change] = [set_unit(r.id, "rallied_once", True)]
        if outcome.result == "rallied":
            after = int(outcome.details.get("hits_after", r.hits))
            out += [set_unit(r.id, "routed", False)]
            if r.hits != after:
                out.append(set_unit(r.id, "hits", after))
            for flag in ("off_table", "routed_by_morale"):
                if getattr(r, flag):
                    out.append(set_unit(r.id, flag, False))
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2/3rd Ligne: rally rallied (rolled 2 against 4)``."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; its target number is built on the unit's CE (EotE 9.1)."""
        return Line.of(f"{self.row().name}: rally {outcome.result}", roll_line(outcome))
