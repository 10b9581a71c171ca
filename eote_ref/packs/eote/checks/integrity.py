"""Divisional integrity (EotE 9.0): the check, and a falling-back division reaching safety.

:class:`IntegrityCheck` asks its second roll only on a failure; :class:`FallingBackEnded`
records a falling-back division that is clear of the enemy or in cover.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    register,
    scenario_effect,
    set_unit,
)
from eote_ref.packs.eote.checks.common import (
    RecordAction,
    check_division,
    set_if_changed,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.integrity import IntegritySituation
from eote_ref.packs.eote.rules.orders import OrderType
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.journal_line import Line, roll_line
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.store import (
    Change,
)

#: Integrity results that count as a check taken (the no-roll record actions do not).
INTEGRITY_RESULTS = ("pass", "fall_back", "rout")

#: The arms a falling-back division's units are disordered in (EotE 9.0 names these two).
FALL_BACK_DISORDERED = ("infantry", "artillery")


def _ce_units(div: DivisionView) -> list[UnitView]:
    return [u for u in div.units if u.arm in ("infantry", "cavalry") and not u.off_table]


def _battered(check: Adjudication, div: DivisionView) -> int:
    """Units with the battered number of hits or more (EotE 9.0).

    Whether routed units count among them is a named option (``di_battered_counts_routed``):
    9.0 does not say, and a routed unit already takes its own -3.
    """
    rs = check.game.ruleset
    hits = int(rs.quantity("battered_hits").value)
    routed_count = rs.opts.di_battered_counts_routed
    if routed_count:  # every unit of the division, routed ones off the table included
        return sum(1 for u in div.units if u.hits >= hits)
    return sum(1 for u in div.units if u.hits >= hits and not u.off_table and not u.routed)


@register
class IntegrityCheck(Adjudication):
    """A division's integrity check (EotE 9.0); a failure rolls a second d10: fall back or rout."""

    procedure = "integrity"
    title = "Divisional integrity"
    rule = "9.0"
    dice_labels = {"roll": "d10", "second_roll": "second d10 (fall back or rout)"}

    def subject(self) -> str:
        """The division checking."""
        return check_division(self).name

    def facts(self) -> list[Question]:
        """The CE base units and every modifier, read from the state."""
        d = check_division(self)
        ce_units = _ce_units(d)
        routed = sum(1 for u in d.units if u.routed)
        routed_now = sum(1 for u in d.units if u.routed_this_turn)
        battered = _battered(self, d)
        has_leader = d.leader is not None and not d.leader.killed
        return [
            Question(
                "ce_units",
                "CE base units",
                "units",
                tuple(u.id for u in ce_units),
                rule="9.0",
                choices=tuple(
                    Choice(u.id, f"{u.name} (CE {u.ce})")
                    for u in d.units
                    if u.arm in ("infantry", "cavalry")
                ),
                derived=True,
                help="The infantry and attached cavalry whose CE makes the base.",
            ),
            Question(
                "routed_units",
                "Routed units (this turn's included)",
                "int",
                routed,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
            ),
            Question(
                "routed_this_turn",
                "Units routed this turn",
                "int",
                routed_now,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
            ),
            Question(
                "has_leader", "The division has a leader", "bool", has_leader, "9.0", derived=True
            ),
            Question(
                "objective_lost",
                "The division has lost its objective",
                "bool",
                d.objective_lost,
                rule="9.0",
                help=_objective_help(self, d.id),
            ),
            Question(
                "units_with_3plus_hits",
                "Units with 3 or more hits",
                "int",
                battered,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
                help=(
                    "Every unit of the division, routed ones included (option "
                    "di_battered_counts_routed; 9.0 does not say)."
                    if self.game.ruleset.opts.di_battered_counts_routed
                    else "Units on the table, not routed: a routed unit counts in the routed "
                    "modifiers instead (option di_battered_counts_routed; 9.0 does not say)."
                ),
            ),
            Question(
                "in_town", "The division occupies a town", "bool", d.in_town, "7.12", derived=True
            ),
        ]

    def situation(self) -> IntegritySituation:
        """The division as read and confirmed."""
        d = check_division(self)
        ce = {u.id: u.ce for u in d.units}
        v = self.values
        return IntegritySituation(
            unit_ces=[ce[i] for i in v["ce_units"] if i in ce],
            routed_units=int(v["routed_units"]),
            routed_this_turn=int(v["routed_this_turn"]),
            has_leader=bool(v["has_leader"]),
            objective_lost=bool(v["objective_lost"]),
            units_with_3plus_hits=int(v["units_with_3plus_hits"]),
            in_town=bool(v["in_town"]),
            figure_scale=self.view.figure_scale,
            **scenario_effect(self, d.id, "integrity"),
        )

    def result_text(self, outcome: Outcome) -> str:
        """Holds, falls back disordered, routs, or exempt."""
        return {
            "pass": "holds",
            "fall_back": "falls back disordered, then on DEFEND",
            "rout": "the division routs",
            "exempt": "exempt: holds a town",
        }.get(outcome.result, super().result_text(outcome))

    def changes(self, outcome: Outcome) -> list[Change]:
        """Rout: the division and its units rout; fall back: disordered, falling back, DEFEND."""
        d = check_division(self)
        out: list[Change] = []
        if outcome.result == "rout":
            out += set_if_changed("game_command", d.id, "routed", True, d.routed)
            # Units already gone (off the table) are not routed again (9.0). Those routing now
            # are marked routed this turn, as a rout by morale or assault marks them (9.0's
            # per-unit modifier and the display read it).
            out += [
                change
                for u in d.units
                if not u.routed and not u.off_table
                for change in (
                    set_unit(u.id, "routed", True),
                    set_unit(u.id, "routed_this_turn", True),
                )
            ]
        elif outcome.result == "fall_back":
            out += set_if_changed("game_command", d.id, "falling_back", True, d.falling_back)
            out += set_if_changed(
                "game_command", d.id, "current_order", OrderType.DEFEND.value, d.current_order
            )
            # The text disorders the division's infantry and artillery (9.0): cavalry with it
            # falls back in order.
            out += [
                set_unit(u.id, "disordered", True)
                for u in d.units
                if u.arm in FALL_BACK_DISORDERED
                and not u.disordered
                and not u.routed
                and not u.off_table
            ]
        if outcome.result in INTEGRITY_RESULTS:
            # One check taken: the turn guide asks the next cause's, if any (9.0).
            out.append(
                turn_facts.division_fact(
                    turn_facts.INTEGRITY_CHECKED, self.view.turn, d.id, result=outcome.result
                )
            )
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2nd Division: integrity falls back disordered (rolled 9 against 7, then 6)``."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; its target number is built on the average CE (EotE 9.0)."""
        name = check_division(self).name
        return Line.of(f"{name}: integrity {self.result_text(outcome)}", roll_line(outcome))


@register
class FallingBackEnded(RecordAction):
    """A falling-back division is 18" clear of the enemy or in cover (EotE 9.0): it stops."""

    procedure = "integrity"
    key = "falling_back_ended"
    title = "Falling back ended"
    rule = "9.0"

    def facts(self) -> list[Question]:
        """Why it stops (either condition of 9.0)."""
        d = check_division(self)
        if not d.falling_back:
            raise RefereeError(f"{d.name} is not falling back")
        return [
            Question(
                "reason",
                "The division stops falling back because it is",
                "choice",
                "clear",
                rule="9.0",
                choices=(
                    Choice(
                        "clear", f"{self.inches('division_safe')} or more from every enemy unit"
                    ),
                    Choice("cover", "in a town, woods or other cover"),
                ),
            )
        ]

    def subject(self) -> str:
        """The division."""
        return check_division(self).name

    def decide(self) -> Outcome:
        """Always stops; it stays on DEFEND until a new order arrives."""
        return Outcome.decided(
            "integrity",
            "9.0",
            "falling_back_ended",
            notes=("stays on DEFEND until the highest-ranking commander sends a new order",),
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """Falling back off (the DEFEND order stays)."""
        d = check_division(self)
        out = set_if_changed("game_command", d.id, "falling_back", False, d.falling_back)
        if self.values["reason"] == "clear":  # out of tactical combat range: rallies read it
            out.append(turn_facts.division_fact(turn_facts.FELL_BACK_CLEAR, self.view.turn, d.id))
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2nd Division: no longer falling back (in cover)``."""
        clear = f"{self.inches('division_safe')} clear of the enemy"
        why = "in cover" if self.values["reason"] == "cover" else clear
        return f"{check_division(self).name}: no longer falling back ({why})"


def _objective_help(check: Adjudication, division_id: int) -> str:
    """The question, with the scenario's objectives the division's side lost this turn (9.0).

    Not ticked from them: a scenario's objectives belong to a side, not to a division, so
    whether one was this division's objective stays the umpire's answer.
    """
    from eote_ref.referee.scenario_play import ScenarioService

    side = next(
        s.position for s in check.view.sides if any(d.id == division_id for d in s.divisions)
    )
    lost = ScenarioService(check.game).lost_in_turn(side, check.view.turn)
    ask = "Read the table: was the division's objective taken from it?"
    if not lost:
        return ask
    return (
        f"{ask} Its side lost {', '.join(lost)} this turn; the scenario does not say which "
        "division held it, so tick it for that division only."
    )
