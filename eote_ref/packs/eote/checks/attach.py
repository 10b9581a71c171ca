"""Attaching leaders (EotE 3.5): a division's leader to a unit, a commander to a division."""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    register,
    set_unit,
    unit_row,
)
from eote_ref.packs.eote.checks.command import (
    attached_commander,
    commander_id,
    division,
    division_leader,
    leaders,
    superiors,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.referee.errors import RefereeError
from eote_ref.store import Change, GameLeader, SetField, game_rows


@register
class AttachLeaderCheck(Adjudication):
    """A leader attaches to (or detaches from) one unit of his division (EotE 3.5.1)."""

    procedure = "command_radius"  # the command-control family (3.5-3.6); nothing is rolled
    key = "attach_leader"
    title = "Attach a leader to a unit"
    rule = "3.5.1"

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def _candidates(self) -> list[GameLeader]:
        u = self.unit()
        div = division(self, u.division_id)
        out = []
        lead = division_leader(self, div)
        if lead is not None:
            out.append(lead)
        out += [x for x in leaders(self) if x.attached_command_id == div.id and not x.killed]
        row = unit_row(self)
        if row.attached_leader_id is not None and all(x.id != row.attached_leader_id for x in out):
            out += [x for x in leaders(self) if x.id == row.attached_leader_id]
        return out

    def facts(self) -> list[Question]:
        """Which leader, attach or detach."""
        row = unit_row(self)
        cands = self._candidates()
        default = row.attached_leader_id or (cands[0].id if cands else None)
        return [
            Question(
                "leader",
                "Leader",
                "choice",
                default,
                rule="3.5.1",
                choices=tuple(Choice(x.id, f"{x.name} ({x.level})") for x in cands),
                help="The division's leader, or an army or corps leader attached to the division.",
            ),
            Question(
                "action",
                "Action",
                "choice",
                "detach" if row.attached_leader_id else "attach",
                rule="3.5.1",
                choices=(Choice("attach", "attach"), Choice("detach", "detach")),
            ),
        ]

    def situation(self) -> dict[str, Any]:
        """The unit, the leader and the action."""
        return {
            "unit_id": self.unit().id,
            "leader_id": self.values["leader"],
            "action": self.values["action"],
        }

    def _leader(self) -> GameLeader:
        for x in self._candidates():
            if x.id == self.values["leader"]:
                return x
        raise RefereeError("no leader of this division can attach here (3.5.1)")

    def run(self, dice: Any) -> Outcome:
        """No roll: refused outside the limits of 3.5.1, else attached or detached."""
        row = unit_row(self)
        lead = self._leader()
        notes: list[str] = []
        if self.values["action"] == "detach":
            if row.attached_leader_id != lead.id:
                raise RefereeError(f"{lead.name} is not attached to {row.name}")
            if self.view.phase.value != "movement":
                notes.append("leaders detach by moving away in the movement phase (3.5.1)")
            notes.append("he may not attach to another unit this turn (3.5.1)")
            return Outcome.decided("attach_leader", "3.5.1", "detached", notes=tuple(notes))
        if lead.killed:
            raise RefereeError(f"{lead.name} is dead")
        if row.attached_leader_id == lead.id:
            raise RefereeError(f"{lead.name} is already attached to {row.name}")
        if row.attached_leader_id is not None:
            raise RefereeError(f"{row.name} already has a leader attached: detach him first")
        carriers = self.game.read(game_rows.units_carrying, lead.id) if lead.id else []
        other_name = carriers[0].name if carriers else None
        if other_name is not None:
            raise RefereeError(
                f"{lead.name} is attached to {other_name}: he detaches in the movement phase "
                "and may not attach elsewhere the same turn (3.5.1)"
            )
        if self.view.phase.value != "command":
            notes.append("leaders attach to a unit in the command phase (3.5.1)")
        notes.append(
            "the unit gains the attached-leader bonus in combat; he rallies no other unit "
            "while attached (3.5.1)"
        )
        return Outcome.decided("attach_leader", "3.5.1", "attached", notes=tuple(notes))

    def changes(self, outcome: Outcome) -> list[Change]:
        """The unit's ``attached_leader_id``; its commander attached, it is in command.

        The commander its radius is measured from stands with the unit he attaches to, so it
        is within his radius: an ``out_of_command`` mark on it is taken off (3.5.1, 3.6). An
        army or corps leader attached to a unit of a division with its own leader is not
        that commander: the mark stays.
        """
        u = self.unit()
        value = self.values["leader"] if outcome.result == "attached" else None
        out: list[Change] = [set_unit(u.id, "attached_leader_id", value)]
        if value is not None and u.out_of_command and value == commander_id(self, u):
            out.append(set_unit(u.id, "out_of_command", False))
        return out

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``Picton attached to 1/28th Foot``."""
        verb = "attached to" if outcome.result == "attached" else "detached from"
        return f"{self._leader().name} {verb} {self.unit().name}"


@register
class AttachCommanderCheck(Adjudication):
    """An army, wing or corps leader attaches to (or leaves) a division (EotE 3.5.2)."""

    procedure = "command_radius"  # the command-control family (3.5-3.6); nothing is rolled
    key = "attach_commander"
    title = "Attach a commander to a division"
    rule = "3.5.2"

    def subject(self) -> str:
        """The division."""
        return division(self).name

    def facts(self) -> list[Question]:
        """Which commander (only those above the division, 3.5.2), attach or detach."""
        div = division(self)
        cands = superiors(self, div.id)
        here = attached_commander(self, div.id)
        default = here.id if here is not None else (cands[0].id if cands else None)
        return [
            Question(
                "leader",
                "Commander",
                "choice",
                default,
                rule="3.5.2",
                choices=tuple(
                    Choice(x.id, f"{x.name} ({x.level}, rating {x.rating:+d})") for x in cands
                ),
            ),
            Question(
                "action",
                "Action",
                "choice",
                "detach" if here is not None else "attach",
                rule="3.5.2",
                choices=(Choice("attach", "attach"), Choice("detach", "detach")),
            ),
        ]

    def situation(self) -> dict[str, Any]:
        """The division, the commander and the action."""
        return {
            "division_id": division(self).id,
            "leader_id": self.values["leader"],
            "action": self.values["action"],
        }

    def _leader(self) -> GameLeader:
        for x in superiors(self, division(self).id):
            if x.id == self.values["leader"]:
                return x
        raise RefereeError("only a commander above this division may attach to it (3.5.2)")

    def run(self, dice: Any) -> Outcome:
        """No roll: refused outside the limits of 3.5.2, else attached or detached."""
        div = division(self)
        lead = self._leader()
        notes: list[str] = []
        if self.view.phase.value != "movement":
            notes.append("commanders attach and detach by moving in the movement phase (3.5.2)")
        if self.values["action"] == "detach":
            if lead.attached_command_id != div.id:
                raise RefereeError(f"{lead.name} is not attached to {div.name}")
            notes.append("he may not attach to another division this turn (3.5.2)")
            return Outcome.decided("attach_commander", "3.5.2", "detached", notes=tuple(notes))
        if lead.attached_command_id == div.id:
            raise RefereeError(f"{lead.name} is already attached to {div.name}")
        if lead.attached_command_id is not None:
            raise RefereeError(
                f"{lead.name} is attached to another division: detach him first, "
                "and not in the same turn (3.5.2)"
            )
        notes.append(
            "his orders reach this division next turn without a roll; he orders no other "
            "division while attached (3.1, 3.5.2)"
        )
        if division_leader(self, div) is None:
            # The text's 12" at 15mm, in the game's inches as every distance a check says.
            reach = self.game.ruleset.distance("commander_takes_division")
            notes.append(
                "the division has no leader: he takes command once within "
                f"{self.inches('commander_takes_division')} of its farthest unit "
                f"({reach.rule}, {reach.source.value})"
            )
        return Outcome.decided("attach_commander", "3.5.2", "attached", notes=tuple(notes))

    def changes(self, outcome: Outcome) -> list[Change]:
        """The leader's ``attached_command_id``."""
        lead = self._leader()
        assert lead.id is not None
        value = division(self).id if outcome.result == "attached" else None
        return [SetField("game_leader", lead.id, "attached_command_id", value)]

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``Ney attached to 1st Division``."""
        verb = "attached to" if outcome.result == "attached" else "detached from"
        return f"{self._leader().name} {verb} {division(self).name}"
