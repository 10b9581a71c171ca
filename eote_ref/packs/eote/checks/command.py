"""Command control phase checks: radius, rally from disorder, rested cavalry, routed units.

Each class is an :class:`~eote_ref.packs.eote.checks.Adjudication` (see that module): facts
pre-filled from the state, the rules outcome, and one journal event. Sections: command radius
and control (EotE 3.6), rally from disorder (EotE 3.6, 5.7, 8.0), blown cavalry resting
(EotE 5.12) and routed units leaving the table (EotE 7.5, option ``routed_units_leave_table``).
The helpers reading the chain of command are shared with :mod:`.orders` and :mod:`.attach`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    link,
    register,
    set_unit,
    unit_row,
)
from eote_ref.packs.eote.command_control import (
    attached_elsewhere,
    commander_attached,
    in_command,
)
from eote_ref.packs.eote.rules.cavalry import CavalryEndOfTurnSituation
from eote_ref.packs.eote.rules.command import (
    CommandRadiusSituation,
    Level,
    RadiusColumn,
    column_inches,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.orders import IssuerLevel
from eote_ref.packs.eote.rules.rally import DisorderRallySituation
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.markers import BLOWN_CAVALRY_ONLY, carries_blown
from eote_ref.referee.views import DivisionView, GameView, UnitView
from eote_ref.store import Change, GameCommand, GameLeader, GameUnit, game_rows

#: Levels of the leaders who issue orders and may attach to a division (EotE 3.1, 3.5.2).
COMMANDER_LEVELS = ("army", "wing", "corps")


def _rows_of(check: Adjudication, name: str, read: Callable[[], Any]) -> Any:
    """``read()``, once per check and game version.

    A check asks for the chain of command several times while its facts, odds and notes are
    worked out.
    """
    cache: dict[str, tuple[int, Any]] = check.__dict__.setdefault("_rows_cache", {})
    version = check.game.version
    hit = cache.get(name)
    if hit is None or hit[0] != version:
        hit = cache[name] = (version, read())
    return hit[1]


def commands(check: Adjudication) -> dict[int, GameCommand]:
    """Every command of the game by id."""
    return _rows_of(  # type: ignore[no-any-return]
        check,
        "commands",
        lambda: {r.id: r for r in check.game.read(game_rows.commands) if r.id is not None},
    )


def leaders(check: Adjudication) -> list[GameLeader]:
    """Every leader of the game, in id order."""
    return _rows_of(check, "leaders", lambda: check.game.read(game_rows.leaders))  # type: ignore[no-any-return]


def division(check: Adjudication, division_id: int | None = None) -> DivisionView:
    """The target division as of the check's view."""
    did = check.target.get("division_id") if division_id is None else division_id
    if did is None:
        raise RefereeError("select a unit of the division first")
    for side in check.view.sides:
        for d in side.divisions:
            if d.id == int(did):
                return d
    raise RefereeError(f"there is no division {did} in this game")


def division_leader(check: Adjudication, div: DivisionView) -> GameLeader | None:
    """The division's living leader (a replacement once arrived), if any."""
    return _living_leader(check, div.id)


def _living_leader(check: Adjudication, division_id: int) -> GameLeader | None:
    alive = [x for x in leaders(check) if x.command_id == division_id and not x.killed]
    return alive[-1] if alive else None


def superiors(check: Adjudication, division_id: int) -> list[GameLeader]:
    """Living army, wing and corps leaders above the division, nearest first (EotE 3.5.2)."""
    cmds = commands(check)
    chain: list[int] = []
    parent = cmds[division_id].parent_id if division_id in cmds else None
    while parent is not None and parent in cmds:
        chain.append(parent)
        parent = cmds[parent].parent_id
    rows = leaders(check)
    out: list[GameLeader] = []
    for cid in chain:
        alive = [x for x in rows if x.command_id == cid and not x.killed]
        if alive and alive[-1].level in COMMANDER_LEVELS:
            out.append(alive[-1])
    return out


def attached_commander(check: Adjudication, division_id: int) -> GameLeader | None:
    """The army, wing or corps leader attached to the division (EotE 3.5.2), if any."""
    for lead in leaders(check):
        if lead.attached_command_id == division_id and not lead.killed:
            return lead
    return None


def radius_commander(
    check: Adjudication, division_id: int
) -> tuple[GameLeader | None, RadiusColumn]:
    """Who the division's command radius is measured from, and his column (EotE 3.6).

    Its living leader; without one, an army, wing or corps leader attached to the division
    who has taken command (3.5.2, 8.0); else nobody (every unit out of command).
    """
    lead = _living_leader(check, division_id)
    if lead is not None:
        return lead, RadiusColumn.DIVISION
    chief = attached_commander(check, division_id)
    if chief is not None:
        return chief, Level(chief.level).radius_column
    return None, RadiusColumn.DIVISION


def commander_id(check: Adjudication, unit: UnitView | GameUnit) -> int | None:
    """The id of the leader ``unit``'s radius is measured from (:func:`radius_commander`)."""
    did = unit.division_id if isinstance(unit, UnitView) else unit.command_id
    lead, _column = radius_commander(check, did)
    return lead.id if lead is not None else None


def unit_commander_id(check: Adjudication, unit: UnitView | GameUnit) -> int | None:
    """:func:`commander_id` as far as the unit's command goes, reading nothing it need not.

    Whoever the commander is, a unit not marked out of command, or with no leader attached,
    is in command or out of it the same (``command_control.in_command``): None then, and no
    leader read. For the units a check hands the rules engine (``rules_unit``): a fire or an
    assault reads no leader so (one read per step).
    """
    if unit.attached_leader_id is None or not unit.out_of_command:
        return None
    return commander_id(check, unit)


def leader_blocked(check: Adjudication, lead: GameLeader, unit_id: int | None = None) -> str | None:
    """Why ``lead`` cannot rally anyone (or unit ``unit_id``) this turn, or None.

    EotE 8.0: not in the turn he was wounded; 3.5.1: attached to a unit, he rallies no
    *other* unit (the one he stands with he still may).
    """
    if lead.no_rally_turn == check.view.turn:
        return f"{lead.name} cannot rally this turn (8.0)"
    carriers = check.game.read(game_rows.units_carrying, lead.id) if lead.id is not None else []
    carrier = attached_elsewhere(carriers, unit_id)
    if carrier is not None:
        return f"{lead.name} is attached to {carrier.name} and rallies no other unit (3.5.1)"
    return None


def issuer_level(level: str) -> IssuerLevel:
    """The order issuer's level of a leader's ``level`` (EotE 3.1)."""
    return {"army": IssuerLevel.ARMY, "wing": IssuerLevel.WING}.get(level, IssuerLevel.CORPS)


def on_table(div: DivisionView) -> list[UnitView]:
    """The division's units still on the table."""
    return [u for u in div.units if not u.off_table]


@register
class CommandRadiusCheck(Adjudication):
    """Which units of a division are within their commander's radius (EotE 3.6)."""

    procedure = "command_radius"
    title = "Command radius"
    rule = "3.6"

    def subject(self) -> str:
        """The division."""
        return division(self).name

    def _commander(self) -> tuple[GameLeader | None, RadiusColumn]:
        return radius_commander(self, division(self).id)

    def _with_commander(self) -> list[UnitView]:
        """The units the commander is attached to: within his radius (3.5.1, 3.6)."""
        lead, _level = self._commander()
        cid = lead.id if lead is not None else None
        return [u for u in on_table(division(self)) if commander_attached(u, cid)]

    def facts(self) -> list[Question]:
        """Whether someone commands the division, and the units out of his radius."""
        div = division(self)
        lead, level = self._commander()
        radius = 0.0
        if lead is not None:
            radius = self.game.ruleset.scaled(
                column_inches(_radius_row(self, lead.rating), level),
                self.view.figure_scale,
            )
        who = (
            f'{lead.name} (rating {lead.rating:+d}, {radius:g}" at {self.view.figure_scale})'
            if lead
            else "nobody: the leader is dead and no commander is attached"
        )
        # A unit its commander is attached to has him beside it: never out of radius (3.5.1).
        beside = {u.id for u in self._with_commander()}
        with_leader = [f"{u.name} ({u.attached_leader})" for u in on_table(div) if u.id in beside]
        measured = [u for u in on_table(div) if u.id not in beside]
        within = f"; with the commander attached, so within it: {', '.join(with_leader)}"
        return [
            Question(
                "commanded",
                f"The division has a commander: {who}",
                "bool",
                lead is not None,
                rule="3.6, 8.0",
                derived=True,
                help="Without a living leader (or an attached army or corps leader who has taken "
                "command) every unit is out of command.",
            ),
            Question(
                "out_of_radius",
                (f'Out of the {radius:g}" radius' + (within if with_leader else ""))
                if lead is not None
                else "Out of command (no commander: every unit, whatever is ticked)",
                "units",
                tuple(u.id for u in measured if u.out_of_command),
                rule="3.6, 3.5.1",
                choices=tuple(Choice(u.id, u.name) for u in measured),
                help="Tick the units beyond the radius, measured from the commander to the "
                "closest part of each unit. A unit he is attached to is not listed: he stands "
                "with it, so it is within his radius (3.5.1). Another leader attached to a "
                "unit (an army or corps leader) does not bring it within the radius.",
            ),
        ]

    def situation(self) -> CommandRadiusSituation:
        """The commander's rating and level at the game's figure scale."""
        self._out()  # refuses a unit ticked out of radius with its commander beside it
        lead, level = self._commander()
        rating = lead.rating if lead is not None else -1
        return CommandRadiusSituation(rating, level, self.view.figure_scale)

    def _out(self) -> set[int]:
        if not self.values["commanded"]:
            return {u.id for u in on_table(division(self))}
        out = {int(x) for x in self.values["out_of_radius"] or ()}
        beside = [u for u in self._with_commander() if u.id in out]
        if beside:
            names = ", ".join(u.name for u in beside)
            raise RefereeError(
                f"out_of_radius: {names} cannot be out of the radius: "
                f"{beside[0].attached_leader}, the commander it is measured from, is attached "
                "to it and stands with it (3.5.1, 3.6)"
            )
        return out

    def result_label(self, code: str) -> str:
        """No roll: the radius is measured on the table."""
        return "no roll: measure" if code == "computed" else super().result_label(code)

    def result_text(self, outcome: Outcome) -> str:
        """The radius and the units out of command, by name."""
        out = self._out()
        units = on_table(division(self))
        names = ", ".join(u.name for u in units if u.id in out)
        if not self.values["commanded"]:
            return f"no commander: all {len(units)} units out of command (3.6, 8.0)"
        text = f'radius {outcome.modified:g}": {len(out)} of {len(units)} units out of command'
        return f"{text}: {names}" if names else text

    def changes(self, outcome: Outcome) -> list[Change]:
        """``out_of_command`` on every unit of the division, for the rest of the turn.

        A ``radius_measured`` fact takes the division off the turn guide's list (3.6).
        """
        out = self._out()
        d = division(self)
        marks: list[Change] = [
            set_unit(u.id, "out_of_command", u.id in out)
            for u in on_table(d)
            if u.out_of_command != (u.id in out)
        ]
        return [*marks, turn_facts.division_fact(turn_facts.RADIUS_MEASURED, self.view.turn, d.id)]

    def notes(self, outcome: Outcome) -> list[str]:
        """What being out of command means on the table."""
        notes = super().notes(outcome)
        out = self._out()
        already = [u.name for u in on_table(division(self)) if u.id in out and u.out_of_command]
        if already:
            notes.append(f"already marked out of command: {', '.join(already)}")
        if out:
            notes.append(
                "units out of command: no rally from disorder (3.6), no closing inside pinning "
                "distance (3.6), worse square (5.6) and morale (7.5) checks"
            )
        lead, _level = self._commander()
        if lead is not None:
            blocked = leader_blocked(self, lead)
            if blocked:
                notes.append(blocked)
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1st Division: radius 10": 2 of 6 units out of command``."""
        return f"{division(self).name}: {self.result_text(outcome)}"


def command_control_this_turn(
    game: GameService, view: GameView, division_ids: Sequence[int]
) -> set[int]:
    """Of ``division_ids``, those under an attached commander or measured this turn (3.5.2, 3.6).

    One query for the living army, wing and corps leaders attached to these divisions; the
    divisions measured are the turn's ``radius_measured`` facts.
    """
    wanted = set(division_ids)
    out = turn_facts.divisions_measured(view) & wanted
    return out | game.read(game_rows.commanders_attached, wanted)


def _radius_row(check: Adjudication, rating: int) -> Any:
    for row in check.game.ruleset.command_radius:
        if row.rating == rating:
            return row
    raise RefereeError(f"rating {rating} has no command radius (3.6)")


@register
class DisorderRallyCheck(Adjudication):
    """A disordered unit rallies in the command phase when in command and not pinned (EotE 3.6)."""

    procedure = "disorder_rally"
    title = "Rally from disorder"
    rule = "3.6"

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """In command, pinned, a leader able to rally: all read from the state.

        A division falling back after its integrity check rallies only once that has ended
        (EotE 9.0: 18" clear of the enemy or in cover), recorded by *Falling back ended*.
        """
        u = self.unit()
        div = division(self, u.division_id)
        if div.falling_back:
            raise RefereeError(
                f"{div.name} is falling back: its units rally from disorder once it is "
                f"{self.inches('division_safe')} clear of the enemy or in cover (record Falling "
                "back ended first, EotE 9.0)"
            )
        lead = division_leader(self, div)
        blocked = leader_blocked(self, lead, u.id) if lead is not None else None
        engaged = u.id in turn_facts.pinned_by_engagement(self.view)
        cid = commander_id(self, u)
        if commander_attached(u, cid):
            whose = f" ({u.attached_leader} is attached to it)"
        elif u.attached_leader:  # an army or corps leader: not the radius's commander (3.5.1)
            whose = f" ({u.attached_leader}, attached to it, is not the commander measured from)"
        else:
            whose = ""
        return [
            Question(
                "in_command",
                "The unit is within its commander's radius" + whose,
                "bool",
                in_command(u, cid),
                rule="3.6, 3.5.1",
                derived=True,
            ),
            Question(
                "pinned",
                "The unit is pinned" + (" (still engaged with the enemy)" if engaged else ""),
                "bool",
                u.pinned or engaged,
                rule="5.7",
                derived=True,
            ),
            Question(
                "has_leader",
                "The division has a living leader",
                "bool",
                lead is not None,
                rule="8.0",
                derived=True,
            ),
            Question(
                "leader_can_rally",
                "The leader may rally this turn" + (f" (no: {blocked})" if blocked else ""),
                "bool",
                lead is not None and blocked is None,
                rule="8.0, 3.5.1",
                help=""
                if lead is not None
                else "Unticked: with no living leader nobody can rally the unit this turn (8.0).",
                derived=True,
            ),
        ]

    def settled(self) -> dict[str, tuple[Any, str]]:
        """A unit its commander is attached to is within his radius (3.5.1, 3.6).

        Only the commander the radius is measured from: another leader attached to the unit
        (an army or corps leader, 3.5.1) leaves its command to be answered.
        """
        u = self.unit()
        if not commander_attached(u, commander_id(self, u)):
            return {}
        return {
            "in_command": (
                True,
                f"{u.attached_leader}, the commander its radius is measured from, is attached "
                "to the unit and stands with it, so it is within his radius (3.5.1, 3.6)",
            )
        }

    def situation(self) -> DisorderRallySituation:
        """The answers as the rules situation."""
        v = self.values
        return DisorderRallySituation(
            in_command=bool(v["in_command"]),
            pinned=bool(v["pinned"]),
            leader_can_rally=bool(v["leader_can_rally"]),
            has_leader=bool(v["has_leader"]),
        )

    def result_text(self, outcome: Outcome) -> str:
        """Rallied, or why not (each reason with its section)."""
        if outcome.result == "rallied":
            return "rallies: disorder removed"
        why = "; ".join(outcome.notes)
        return "cannot rally" + (f": {why}" if why else "")

    def changes(self, outcome: Outcome) -> list[Change]:
        """Disorder off when rallied."""
        u = self.unit()
        if outcome.result == "rallied" and u.disordered:
            return [set_unit(u.id, "disordered", False)]
        return []

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``2/3rd Ligne: cannot rally: pinned (5.7)``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


@register
class CavalryRestCheck(Adjudication):
    """Blown cavalry that did nothing for a turn swaps a blown marker for disorder (EotE 5.12)."""

    procedure = "cavalry_end_of_turn"
    key = "cavalry_rest"
    title = "Blown cavalry rests"
    rule = "5.12"

    def subject(self) -> str:
        """The unit and its blown markers."""
        u = self.unit()
        return f"{u.name} ({u.blown} blown)"

    def facts(self) -> list[Question]:
        """Did the unit rest the whole of last turn."""
        u = self.unit()
        if not carries_blown(u.arm):
            raise RefereeError(f"{u.name} is not cavalry: {BLOWN_CAVALRY_ONLY}")
        if not u.blown:
            raise RefereeError(f"{u.name} carries no blown marker: there is nothing to rest")
        return [
            Question(
                "rested",
                "The unit did nothing for the whole of last turn (no move, fire or combat)",
                "bool",
                not u.fought_last_turn,
                rule="5.12",
                derived=u.fought_last_turn,
                help="A unit that fought last turn did not rest.",
            )
        ]

    def situation(self) -> CavalryEndOfTurnSituation:
        """The unit's blown markers; it did not fight this turn (it is the command phase)."""
        return CavalryEndOfTurnSituation(
            blown=unit_row(self).blown,
            engaged_this_turn=False,
            rested_this_turn=bool(self.values["rested"]),
            figure_scale=self.view.figure_scale,
        )

    def result_text(self, outcome: Outcome) -> str:
        """Rested or not."""
        if outcome.result == "rested":
            return "rested: one blown marker becomes disorder"
        return "did not rest: stays blown"

    def changes(self, outcome: Outcome) -> list[Change]:
        """One blown marker off and disorder on (EotE 5.12), and a ``rested`` link."""
        row = unit_row(self)
        assert row.id is not None
        if outcome.result != "rested":
            return []
        out: list[Change] = [set_unit(row.id, "blown", int(outcome.details["blown_after"]))]
        if not row.disordered:
            out.append(set_unit(row.id, "disordered", True))
        # Marks the rest as taken this turn, so the turn guide drops the item.
        out.append(link("rested", self.view.turn, row.id, row.id))
        return out

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``2nd Dragoons: rested: one blown marker becomes disorder``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


@register
class RemoveRoutedCheck(Adjudication):
    """A routed unit leaves the table in the next command phase (EotE 7.5, 9.1; an option)."""

    procedure = "morale"  # the rules procedure closest to it (7.5); nothing is rolled
    key = "remove_routed"
    title = "Routed unit leaves the table"
    rule = "7.5"

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """Nothing to ask: the game's option decides (a unit that is not routed is refused)."""
        if not self.unit().routed:
            raise RefereeError(f"{self.unit().name} is not routed")
        return []

    def situation(self) -> dict[str, Any]:
        """The unit and the game's option."""
        return {
            "unit_id": self.unit().id,
            "routed": self.unit().routed,
            "option": str(self.game.ruleset.opts.routed_units_leave_table),
        }

    def run(self, dice: Any) -> Outcome:
        """No roll: what the option says (off the table, rally eligible or not, or stays)."""
        sit = self.situation()
        if not sit["routed"]:
            raise RefereeError(f"{self.unit().name} is not routed")
        option = sit["option"]
        if option == "stay_until_rallied":
            result, note = "stays", "the game's option keeps routed units on the table (9.1)"
        elif option == "next_command_phase_final":
            result, note = "removed_final", "the game's option: it may not rally later (9.1)"
        else:
            result, note = "removed", "it may still try its one rally under 9.1"
        return Outcome.decided("remove_routed", "7.5", result, notes=(note,))

    def result_text(self, outcome: Outcome) -> str:
        """Leaves the table, or stays."""
        return "stays on the table" if outcome.result == "stays" else "leaves the table"

    def changes(self, outcome: Outcome) -> list[Change]:
        """Off the table; with the final option its rally attempt is spent too."""
        row = unit_row(self)
        assert row.id is not None
        out: list[Change] = []
        if outcome.result in ("removed", "removed_final") and not row.off_table:
            out.append(set_unit(row.id, "off_table", True))
        if outcome.result == "removed_final" and not row.rallied_once:
            out.append(set_unit(row.id, "rallied_once", True))
        return out

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``2/3rd Ligne: routed, leaves the table``."""
        return f"{self.unit().name}: routed, {self.result_text(outcome)}"
