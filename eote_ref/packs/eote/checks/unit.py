"""Single-unit checks: the square attempt (EotE 5.6) and the morale check (EotE 7.5).

These are the reference :class:`~eote_ref.packs.eote.checks.Adjudication` subclasses: every other
wizard's check follows the same shape.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    link,
    register,
    scenario_effect,
    set_unit,
    unit_row,
)
from eote_ref.packs.eote.checks import sub_phase as sub_phases
from eote_ref.packs.eote.checks.command import unit_commander_id
from eote_ref.packs.eote.checks.situations import effect_changes, rules_unit
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.morale import MoraleSituation
from eote_ref.packs.eote.rules.square import SquareSituation
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.journal_line import Line, roll_line
from eote_ref.referee.phases import Phase
from eote_ref.referee.wording import hits_text
from eote_ref.store import Change, DeleteRow


def _passed_through_fact(check: Adjudication) -> Question:
    """Friendly formed units a falling-back or routing unit may pass through (EotE 7.5)."""
    u = check.unit()
    side = next(s for s in check.view.sides if any(x.id == u.id for x in s.units))
    formed = tuple(
        Choice(x.id, x.name)
        for x in side.units
        if x.id != u.id
        and not (x.routed or x.off_table)
        and x.formation != "skirmish"
        and not (x.arm == "artillery" and not x.limbered)
    )
    return Question(
        "passed_through",
        "Formed friendly units it passes through (fall back: disordered; rout: they test)",
        "units",
        (),
        rule="7.5",
        choices=formed,
    )


def _enemy_breaking_through(check: Adjudication) -> bool:
    """Whether enemy cavalry is on breakthrough movement this turn (EotE 5.6, 5.15).

    Read from the turn's facts: a square tried now is tried against it.
    """
    from eote_ref.referee.facts import cavalry_breaking_through

    u = check.unit()
    side = next(s for s in check.view.sides if any(x.id == u.id for x in s.units))
    enemy = {x.id for s in check.view.sides if s is not side for x in s.units}
    return bool(cavalry_breaking_through(check.view) & enemy)


def _enemy_cavalry_present(check: Adjudication) -> bool:
    """Whether the other side has cavalry on the table, neither routed nor off it (EotE 5.6).

    Without any, the square can only be voluntary: the fact opens unticked.
    """
    u = check.unit()
    return any(
        x.arm == "cavalry" and not (x.routed or x.off_table)
        for side in check.view.sides
        if not any(y.id == u.id for y in side.units)
        for x in side.units
    )


@register
class SquareCheck(Adjudication):
    """Infantry forming square as cavalry closes (EotE 5.6): roll under the modified CE."""

    procedure = "square"
    title = "Form square"
    rule = "5.6"

    def subject(self) -> str:
        """The unit attempting square."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """Pinned as movement began, breakthrough cavalry, or a voluntary square."""
        u = self.unit()
        cavalry = _enemy_cavalry_present(self)
        # As the movement phase began, not now: a failed square or 5.7 pinning during the
        # phase pins the unit too, but does not cost the -4 (EotE 5.6).
        at_start = turn_facts.pinned_at_movement_start(self.view, u.id)
        pinned_at_start = u.pinned if at_start is None else at_start
        return [
            Question(
                "within_cavalry_pinning",
                f"Enemy cavalry is within its pinning distance ({self.inches('pinning_cavalry')})",
                "bool",
                cavalry,
                rule="5.6",
                help="Untick for a voluntary square: no roll, but the unit's move ends."
                + ("" if cavalry else " The enemy has no cavalry on the table."),
            ),
            Question(
                "pinned_at_start",
                "Cavalry was already pinning the unit as the movement phase began",
                "bool",
                pinned_at_start,
                rule="5.6",
                derived=True,
                help="Read from the units pinned when the movement phase began (5.7).",
            ),
            Question(
                "on_breakthrough",
                "The charging cavalry is on a breakthrough",
                "bool",
                _enemy_breaking_through(self),
                rule="5.6",
                derived=_enemy_breaking_through(self),
            ),
        ]

    def situation(self) -> SquareSituation:
        """The unit as stored, with the table facts."""
        row = unit_row(self)
        return SquareSituation(
            rules_unit(row, commander_id=unit_commander_id(self, row)),
            pinned_by_cavalry_at_start=bool(self.values["pinned_at_start"]),
            cavalry_on_breakthrough=bool(self.values["on_breakthrough"]),
            within_cavalry_pinning=bool(self.values["within_cavalry_pinning"]),
        )

    def result_text(self, outcome: Outcome) -> str:
        """Formed square, or stays pinned in its formation."""
        if outcome.result == "not_allowed":
            why = "; ".join(outcome.notes) or "not allowed (5.6)"
            return f"cannot form square: {why}"
        return {
            "formed": "forms square",
            "failed": "fails: stays pinned in its formation",
        }.get(outcome.result, super().result_text(outcome))

    def changes(self, outcome: Outcome) -> list[Change]:
        """Square on success; pinned either way (its movement is over)."""
        row = unit_row(self)
        assert row.id is not None
        out: list[Change] = []
        if outcome.result == "formed" and row.formation != "square":
            out.append(set_unit(row.id, "formation", "square"))
            out.append(set_unit(row.id, "changed_formation", True))
        if outcome.result in ("formed", "failed") and not row.pinned:
            out.append(set_unit(row.id, "pinned", True))
        return out

    def summary(self, outcome: Outcome) -> str:
        """The journal line, e.g. ``1/3rd Ligne: square formed (rolled 4 against 5)``."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; its target number is the unit's CE modified (EotE 5.6)."""
        return Line.of(f"{self.unit().name}: {self.result_text(outcome)}", roll_line(outcome))


@register
class MoraleCheck(Adjudication):
    """A unit at the hit threshold tests morale (EotE 7.5): fall back or rout on a failure."""

    procedure = "morale"
    title = "Morale check"
    rule = "7.5"

    def subject(self) -> str:
        """The unit testing."""
        u = self.unit()
        return f"{u.name} ({hits_text(u.hits)})"

    def facts(self) -> list[Question]:
        """Leader killed, pinned by cavalry, artillery support, in a town."""
        u = self.unit()
        div = self.division(u.division_id)
        from eote_ref.packs.eote.checks.leaders import killed_this_turn

        # Killed this turn (8.0), not a turn earlier while his replacement is on the way.
        lead = div.leader
        leader_killed = (
            lead is not None
            and lead.killed
            and killed_this_turn(self.game.turn, lead.replacement_due_turn, self.game.ruleset)
        )
        facts = [
            Question(
                "leader_killed",
                "The division's leader was killed this turn",
                "bool",
                leader_killed,
                rule="7.5",
                derived=leader_killed,
            ),
            Question(
                "pinned_by_cavalry",
                "Enemy cavalry is pinning the unit",
                "bool",
                u.pinned and u.arm != "cavalry",
                rule="7.5",
            ),
            Question("in_town", "The unit holds a town", "bool", div.in_town, rule="7.12"),
        ]
        if u.arm == "artillery":
            facts.append(
                Question(
                    "artillery_supported",
                    "Friendly infantry or cavalry supports the battery",
                    "bool",
                    True,
                    rule="1.7",
                )
            )
        facts.append(_passed_through_fact(self))
        return facts

    def situation(self) -> MoraleSituation:
        """The unit as stored, with the table facts."""
        flags: dict[str, Any] = dict(self.values)
        flags.pop("passed_through", None)
        supported = bool(flags.pop("artillery_supported", True))
        row = unit_row(self)
        return MoraleSituation(
            rules_unit(row, commander_id=unit_commander_id(self, row), supported=supported),
            leader_killed=bool(flags["leader_killed"]),
            pinned_by_cavalry=bool(flags["pinned_by_cavalry"]),
            artillery_supported=supported,
            in_town=bool(flags["in_town"]),
            figure_scale=self.game.figure_scale,
            **scenario_effect(self, row.command_id, "morale"),
        )

    def result_text(self, outcome: Outcome) -> str:
        """Passes, falls back (with its distance) or routs."""
        text = super().result_text(outcome)
        effect = outcome.effects.get("unit")
        distance = effect.fall_back_in if effect is not None else 0
        if outcome.result == "fall_back" and distance:
            text += f' {distance}"'
        return text

    def changes(self, outcome: Outcome) -> list[Change]:
        """Hits, disorder, rout and guns as the result calls for, and the units it passes.

        The test is remembered (a ``morale_tested`` link with the hits after it) so the turn
        guide does not list the unit again until it takes another hit (7.5). Formed units a
        falling-back unit passes through are disordered; those a routing unit passes through
        must test in turn (``morale_due`` links, 7.5). In the fire phase the morale checks
        follow the sub-phase's fires (6.0): the first one ends them.
        """
        row = unit_row(self)
        assert row.id is not None
        out = effect_changes(row, outcome.effects["unit"], from_morale=True)
        hits_after = row.hits + outcome.effects["unit"].hits
        turn = self.view.turn
        out += [
            DeleteRow("game_link", ln.id)
            for ln in self.view.links
            if ln.kind == "morale_due" and ln.unit_id == row.id
        ]
        out.append(link("morale_tested", turn, row.id, row.id, hits=hits_after))
        passed = [int(i) for i in self.values.get("passed_through", ())]
        if outcome.result == "fall_back":
            out += [set_unit(i, "disordered", True) for i in passed if not self.unit(i).disordered]
        elif outcome.result == "rout":
            tested_now = set(self.target.get("tested_now", ()))  # in the same batch step
            out += [
                link("morale_due", turn, i, row.id, reason="rout passed through")
                for i in passed
                if i not in tested_now
            ]
        if self.view.phase is Phase.FIRE:
            out += sub_phases.close_changes(self.game.view())
        return out

    def summary(self, outcome: Outcome) -> str:
        """The journal line, e.g. ``2/3rd Ligne: morale fall back 8" (rolled 8 against 4)``."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; its target number is the unit's CE modified (EotE 7.5)."""
        head = f"{self.unit().name}: morale {self.result_text(outcome)}"
        return Line.of(head, roll_line(outcome))
