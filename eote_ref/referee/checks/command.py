"""Command control phase checks: radius, rally from disorder, rested cavalry, routed units, orders.

Each class is an :class:`~eote_ref.referee.checks.Adjudication` (see that module): facts
pre-filled from the state, the rules outcome, and one journal event. Sections: command radius
and control (EotE 3.6), attaching leaders (EotE 3.5), orders and the Activating Orders Chart
(EotE 3.1-3.4, 3.6), rally from disorder (EotE 3.6, 5.7, 8.0), blown cavalry resting (EotE 5.12)
and routed units leaving the table (EotE 7.5, option ``routed_units_leave_table``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlmodel import col, select

from eote_ref.referee.checks import (
    Adjudication,
    Choice,
    Fact,
    link,
    register,
    set_unit,
    unit_row,
)
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.rules.cavalry import CavalryEndOfTurnSituation
from eote_ref.rules.command import CommandRadiusSituation, Level
from eote_ref.rules.core import Outcome
from eote_ref.rules.orders import IssuerLevel, OrderActivationSituation, OrderType
from eote_ref.rules.rally import DisorderRallySituation
from eote_ref.store import Change, GameCommand, GameLeader, GameUnit, JournalEvent, SetField
from eote_ref.store.models import DONE

#: Levels of the leaders who issue orders and may attach to a division (EotE 3.1, 3.5.2).
COMMANDER_LEVELS = ("army", "wing", "corps")


# ----------------------------------------------------------------------------- state helpers


def commands(check: Adjudication) -> dict[int, GameCommand]:
    """Every command of the game by id."""
    with check.game.db.session() as s:
        rows = list(s.exec(select(GameCommand).where(GameCommand.game_id == check.game.game_id)))
        for r in rows:
            s.expunge(r)
    return {r.id: r for r in rows if r.id is not None}


def leaders(check: Adjudication) -> list[GameLeader]:
    """Every leader of the game, in id order."""
    with check.game.db.session() as s:
        rows = list(
            s.exec(
                select(GameLeader)
                .where(GameLeader.game_id == check.game.game_id)
                .order_by(GameLeader.id)  # type: ignore[arg-type]
            )
        )
        for r in rows:
            s.expunge(r)
    return rows


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
    alive = [lead for lead in leaders(check) if lead.command_id == div.id and not lead.killed]
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


def leader_blocked(check: Adjudication, lead: GameLeader) -> str | None:
    """Why ``lead`` cannot rally anyone this turn, or None (EotE 8.0, 3.5.1)."""
    if lead.no_rally_turn == check.view.turn:
        return f"{lead.name} cannot rally this turn (8.0)"
    with check.game.db.session() as s:
        attached = s.exec(select(GameUnit).where(GameUnit.attached_leader_id == lead.id)).first()
        name = attached.name if attached else None
    if name is not None:
        return f"{lead.name} is attached to {name} and rallies no other unit (3.5.1)"
    return None


def _issuer_level(level: str) -> IssuerLevel:
    return {"army": IssuerLevel.ARMY, "wing": IssuerLevel.WING}.get(level, IssuerLevel.CORPS)


def on_table(div: DivisionView) -> list[UnitView]:
    """The division's units still on the table."""
    return [u for u in div.units if not u.off_table]


# ----------------------------------------------------------------------------- command radius


@register
class CommandRadiusCheck(Adjudication):
    """Which units of a division are within their commander's radius (EotE 3.6)."""

    procedure = "command_radius"
    title = "Command radius"
    rule = "3.6"

    def subject(self) -> str:
        """The division."""
        return division(self).name

    def _commander(self) -> tuple[GameLeader | None, Level]:
        div = division(self)
        lead = division_leader(self, div)
        if lead is not None:
            return lead, Level.DIVISION
        chief = attached_commander(self, div.id)
        if chief is not None:
            return chief, Level.ARMY if chief.level == "army" else Level.CORPS
        return None, Level.DIVISION

    def facts(self) -> list[Fact]:
        """Whether someone commands the division, and the units out of his radius."""
        div = division(self)
        lead, level = self._commander()
        radius = 0.0
        if lead is not None:
            radius = self.game.ruleset.scaled(
                float(getattr(_radius_row(self, lead.rating), level.value)),
                self.view.figure_scale,
            )
        who = (
            f'{lead.name} (rating {lead.rating:+d}, {radius:g}" at {self.view.figure_scale})'
            if lead
            else "nobody: the leader is dead and no commander is attached"
        )
        return [
            Fact(
                "commanded",
                f"The division has a commander: {who}",
                "bool",
                lead is not None,
                rule="3.6, 8.0",
                derived=True,
                help="Without a living leader (or an attached army or corps leader who has taken "
                "command) every unit is out of command.",
            ),
            Fact(
                "out_of_radius",
                f'Out of the {radius:g}" radius'
                if lead is not None
                else "Out of command (no commander: every unit, whatever is ticked)",
                "units",
                tuple(u.id for u in on_table(div) if u.out_of_command),
                rule="3.6",
                choices=tuple(Choice(u.id, u.name) for u in on_table(div)),
                help="Tick the units beyond the radius, measured from the commander to the "
                "closest part of each unit.",
            ),
        ]

    def situation(self) -> CommandRadiusSituation:
        """The commander's rating and level at the game's figure scale."""
        lead, level = self._commander()
        rating = lead.rating if lead is not None else -1
        return CommandRadiusSituation(rating, level, self.view.figure_scale)

    def _out(self) -> set[int]:
        div = division(self)
        if not self.values["commanded"]:
            return {u.id for u in on_table(div)}
        return {int(x) for x in self.values["out_of_radius"] or ()}

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
        """``out_of_command`` on every unit of the division, for the rest of the turn."""
        out = self._out()
        return [
            set_unit(u.id, "out_of_command", u.id in out)
            for u in on_table(division(self))
            if u.out_of_command != (u.id in out)
        ]

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
    game: GameService, turn: int, division_ids: Sequence[int]
) -> set[int]:
    """Of ``division_ids``, those under an attached commander or measured this turn (3.5.2, 3.6).

    One session: the living army, wing and corps leaders attached to these divisions, and the
    turn's done ``command_radius`` events (attach and detach share the kind; their outcome
    names another procedure and does not count).
    """
    wanted = set(division_ids)
    out: set[int] = set()
    with game.db.session() as s:
        attached = s.exec(
            select(GameLeader.attached_command_id).where(
                GameLeader.game_id == game.game_id,
                col(GameLeader.attached_command_id).in_(wanted),
                col(GameLeader.killed).is_(False),
            )
        ).all()
        out.update(int(x) for x in attached if x is not None)
        events = s.exec(
            select(JournalEvent.inputs, JournalEvent.outcome).where(
                JournalEvent.game_id == game.game_id,
                JournalEvent.status == DONE,
                JournalEvent.turn == turn,
                JournalEvent.kind == "command_radius",
            )
        ).all()
    for inputs, outcome in events:
        if (outcome or {}).get("procedure", "command_radius") != "command_radius":
            continue
        did = ((inputs or {}).get("target") or {}).get("division_id")
        if isinstance(did, int) and did in wanted:
            out.add(did)
    return out


def _radius_row(check: Adjudication, rating: int) -> Any:
    for row in check.game.ruleset.command_radius:
        if row.rating == rating:
            return row
    raise RefereeError(f"rating {rating} has no command radius (3.6)")


# ----------------------------------------------------------------------------- rally


@register
class DisorderRallyCheck(Adjudication):
    """A disordered unit rallies in the command phase when in command and not pinned (EotE 3.6)."""

    procedure = "disorder_rally"
    title = "Rally from disorder"
    rule = "3.6"

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def facts(self) -> list[Fact]:
        """In command, pinned, a leader able to rally: all read from the state."""
        u = self.unit()
        div = division(self, u.division_id)
        lead = division_leader(self, div)
        blocked = leader_blocked(self, lead) if lead is not None else None
        return [
            Fact(
                "in_command",
                "The unit is within its commander's radius",
                "bool",
                not u.out_of_command,
                rule="3.6",
                derived=True,
            ),
            Fact("pinned", "The unit is pinned", "bool", u.pinned, rule="5.7", derived=True),
            Fact(
                "has_leader",
                "The division has a living leader",
                "bool",
                lead is not None,
                rule="8.0",
                derived=True,
            ),
            Fact(
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
        """Rallied, or why not."""
        return "rallies: disorder removed" if outcome.result == "rallied" else "cannot rally"

    def changes(self, outcome: Outcome) -> list[Change]:
        """Disorder off when rallied."""
        u = self.unit()
        if outcome.result == "rallied" and u.disordered:
            return [set_unit(u.id, "disordered", False)]
        return []

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``2/3rd Ligne: rallies: disorder removed``."""
        why = "; ".join(outcome.notes)
        return f"{self.unit().name}: {self.result_text(outcome)}" + (f" ({why})" if why else "")


# ----------------------------------------------------------------------------- cavalry rest


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

    def facts(self) -> list[Fact]:
        """Did the unit rest the whole of last turn."""
        u = self.unit()
        if u.arm != "cavalry":
            raise RefereeError(f"{u.name} is not cavalry: only cavalry is blown (EotE 5.10)")
        if not u.blown:
            raise RefereeError(f"{u.name} carries no blown marker: there is nothing to rest")
        return [
            Fact(
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


# ----------------------------------------------------------------------------- routed units


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

    def facts(self) -> list[Fact]:
        """Nothing to ask: the game's option decides (a unit that is not routed is refused)."""
        if not self.unit().routed:
            raise RefereeError(f"{self.unit().name} is not routed")
        return []

    def situation(self) -> dict[str, Any]:
        """The unit and the game's option."""
        return {
            "unit_id": self.unit().id,
            "routed": self.unit().routed,
            "option": str(self.game.ruleset.option("routed_units_leave_table")),
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


# ----------------------------------------------------------------------------- orders


@register
class OrderCheck(Adjudication):
    """An army, wing or corps leader issues or changes a division's order (EotE 3.1-3.6)."""

    procedure = "order_activation"
    key = "order"
    title = "Issue an order"
    rule = "3.1"
    dice_labels = {"roll": "Activating Orders d10"}

    def subject(self) -> str:
        """The division and its current order."""
        div = division(self)
        now = div.current_order or "no order"
        pending = f", {div.pending_order} pending" if div.pending_order else ""
        return f"{div.name} ({now}{pending})"

    def order_choices(self) -> tuple[Choice, ...]:
        """The order types offered."""
        return tuple(Choice(o.value, o.value) for o in OrderType)

    def default_order(self) -> str:
        """The order pre-selected."""
        div = division(self)
        return div.current_order or OrderType.DEFEND.value

    def facts(self) -> list[Fact]:
        """Order, issuer, distance, dominating terrain; attached and first turn from the state."""
        div = division(self)
        issuers = superiors(self, div.id)
        attached = attached_commander(self, div.id)
        default = attached if attached is not None else (issuers[0] if issuers else None)
        first_turn = self.view.turn == 1
        return [
            Fact(
                "order",
                "The new order",
                "choice",
                self.default_order(),
                rule="3.2",
                choices=self.order_choices(),
            ),
            Fact(
                "issuer",
                "Issued by",
                "choice",
                default.id if default is not None else None,
                rule="3.1",
                choices=tuple(
                    Choice(x.id, f"{x.name} ({x.level}, rating {x.rating:+d})") for x in issuers
                ),
            ),
            Fact(
                "distance_in",
                "Distance from the issuing leader to the division",
                "float",
                float(self.target.get("distance_in", NOT_MEASURED)),
                rule="3.6",
                minimum=NOT_MEASURED,
                maximum=200,
                suffix='"',
                help="Measure it on the table: -1 means not measured yet (not needed on the "
                "first turn or from an attached leader).",
            ),
            Fact(
                "dominating_terrain",
                "The issuing leader stands on a dominating terrain feature",
                "bool",
                False,
                rule="3.6",
            ),
            Fact(
                "attached",
                "The issuing leader is attached to this division",
                "bool",
                attached is not None,
                rule="3.1, 3.5.2",
                derived=attached is not None,
            ),
            Fact(
                "first_turn",
                "First turn of the battle (orders act at once)",
                "bool",
                first_turn,
                rule="3.1",
                derived=first_turn,
            ),
        ]

    def _issuer(self) -> GameLeader:
        issuer_id = self.values["issuer"]
        for lead in superiors(self, division(self).id):
            if lead.id == issuer_id:
                return lead
        raise RefereeError("no army, wing or corps leader above this division can order it (3.1)")

    def situation(self) -> OrderActivationSituation:
        """The issuing leader's rating and level, the distance and terrain."""
        lead = self._issuer()
        div = division(self)
        if lead.attached_command_id not in (None, div.id):
            raise RefereeError(
                f"{lead.name} is attached to another division: he must detach before ordering "
                "this one (3.1, 3.5.2)"
            )
        distance = float(self.values["distance_in"])
        first_turn, attached = bool(self.values["first_turn"]), bool(self.values["attached"])
        if distance < 0:
            if not (first_turn or attached):
                raise RefereeError(
                    f"measure the distance from {lead.name} to the division and enter it (3.6)"
                )
            distance = 0.0  # no roll: the distance plays no part (3.1)
        return OrderActivationSituation(
            leader_rating=lead.rating,
            level=_issuer_level(lead.level),
            distance_in=distance,
            dominating_terrain=bool(self.values["dominating_terrain"]),
            attached_to_division=attached,
            first_turn=first_turn,
            figure_scale=self.view.figure_scale,
        )

    def result_label(self, code: str) -> str:
        """``2`` on turn 1 reads "takes effect on turn 3"."""
        return _turns_text(int(code), self.game.turn) if code.isdigit() else code

    def odds(self, outcome: Outcome | None = None) -> list[tuple[str, float]]:
        """Each turn the order may take effect, earliest first (not by probability)."""
        o = outcome or self.preview()
        codes = sorted(
            o.probabilities, key=lambda c: (not c.isdigit(), int(c) if c.isdigit() else 0)
        )
        return [(self.result_label(c), float(o.probabilities[c])) for c in codes]

    def result_text(self, outcome: Outcome) -> str:
        """When the division acts on the order."""
        turns = int(outcome.details["turns"])
        return f"{self.values['order']}: {_turns_text(turns, self.game.turn)}"

    def changes(self, outcome: Outcome) -> list[Change]:
        """Current order at once (0 turns) or a pending order with its countdown."""
        div = division(self)
        order = str(self.values["order"])
        turns = int(outcome.details["turns"])
        target: dict[str, Any] = (
            {"current_order": order, "pending_order": None, "pending_order_turns": None}
            if turns == 0
            else {"pending_order": order, "pending_order_turns": turns}
        )
        now = {
            "current_order": div.current_order,
            "pending_order": div.pending_order,
            "pending_order_turns": div.pending_order_turns,
        }
        return [SetField("game_command", div.id, k, v) for k, v in target.items() if now[k] != v]

    def notes(self, outcome: Outcome) -> list[str]:
        """Withdraw needs the initiative (3.2); write the order down (3.1)."""
        notes = super().notes(outcome)
        current = division(self).current_order
        if current is not None and self.values["order"] == current:
            notes.append(f"the division is already on {current}: this order changes nothing")
        if self.values["order"] == OrderType.WITHDRAW.value:
            notes.append("a WITHDRAW order is carried out only with the initiative (3.2)")
        if int(outcome.details["turns"]):
            notes.append("the turn guide counts the turns down and switches the order when due")
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1st Division: ATTACK order in 2 turns (Uxbridge, rolled 4)``."""
        lead = self._issuer()
        rolled = f", rolled {outcome.roll}" if outcome.roll is not None else ""
        return f"{division(self).name}: {self.result_text(outcome)} ({lead.name}{rolled})"


#: The distance fact's value until the umpire has measured it.
NOT_MEASURED = -1.0


def _turns_text(turns: int, now: int) -> str:
    """``turns`` from turn ``now``: "takes effect now" or "takes effect on turn 4"."""
    if turns == 0:
        return "takes effect now"
    return f"takes effect on turn {now + turns}"


@register
class ReserveActivationCheck(OrderCheck):
    """A division in RESERVE is activated by its own roll on the OAC (EotE 3.3)."""

    key = "reserve"
    title = "Activate a reserve"
    rule = "3.3"

    def order_choices(self) -> tuple[Choice, ...]:
        """What the reserve is activated to do."""
        return tuple(Choice(o.value, o.value) for o in OrderType if o is not OrderType.RESERVE)

    def default_order(self) -> str:
        """Reserves usually go in to attack."""
        return OrderType.ATTACK.value

    def situation(self) -> OrderActivationSituation:
        """As for any order, once the division is on RESERVE."""
        div = division(self)
        if div.current_order != OrderType.RESERVE.value:
            raise RefereeError(f"{div.name} is not in RESERVE (its order: {div.current_order})")
        return super().situation()


# ----------------------------------------------------------------------------- attaching


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

    def facts(self) -> list[Fact]:
        """Which leader, attach or detach."""
        row = unit_row(self)
        cands = self._candidates()
        default = row.attached_leader_id or (cands[0].id if cands else None)
        return [
            Fact(
                "leader",
                "Leader",
                "choice",
                default,
                rule="3.5.1",
                choices=tuple(Choice(x.id, f"{x.name} ({x.level})") for x in cands),
                help="The division's leader, or an army or corps leader attached to the division.",
            ),
            Fact(
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
        with self.game.db.session() as s:
            other = s.exec(select(GameUnit).where(GameUnit.attached_leader_id == lead.id)).first()
            other_name = other.name if other else None
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
        """The unit's ``attached_leader_id``."""
        uid = self.unit().id
        value = self.values["leader"] if outcome.result == "attached" else None
        return [set_unit(uid, "attached_leader_id", value)]

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

    def facts(self) -> list[Fact]:
        """Which commander (only those above the division, 3.5.2), attach or detach."""
        div = division(self)
        cands = superiors(self, div.id)
        here = attached_commander(self, div.id)
        default = here.id if here is not None else (cands[0].id if cands else None)
        return [
            Fact(
                "leader",
                "Commander",
                "choice",
                default,
                rule="3.5.2",
                choices=tuple(
                    Choice(x.id, f"{x.name} ({x.level}, rating {x.rating:+d})") for x in cands
                ),
            ),
            Fact(
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
            notes.append(
                'the division has no leader: he takes command once within 12" of its '
                "farthest unit (3.5.2)"
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
