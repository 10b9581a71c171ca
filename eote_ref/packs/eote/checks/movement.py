"""Movement phase checks: formation and limber, pinning, skirmishers, passing through, charges.

Sections: movement allowances and costs (EotE 5.1-5.3), formation changes (EotE 5.2, 5.13),
artillery limbering (EotE 5.2.3), moving through other units (EotE 5.3.5), skirmishers
(EotE 5.4), pinning (EotE 5.7) and cavalry charges through terrain (EotE 5.8.1). Square is
:class:`~eote_ref.packs.eote.checks.unit.SquareCheck` (EotE 5.6). :func:`movement_table` is what
the movement reference panel shows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from eote_ref.packs.eote.checks import Adjudication, Choice, Question, register, set_unit, unit_row
from eote_ref.packs.eote.rules.cavalry import ChargeSituation, Terrain
from eote_ref.packs.eote.rules.core import Outcome, RulesError
from eote_ref.packs.eote.rules.movement import (
    MovementSituation,
    Mover,
    Pinner,
    PinningSituation,
)
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.packs.eote.rules.results import result_code
from eote_ref.packs.eote.rules.skirmish import SkirmishAction, SkirmishersSituation
from eote_ref.packs.eote.rules.units import Formation, Weight
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.facts import CHARGE, fact
from eote_ref.referee.game import GameService
from eote_ref.referee.views import GameView, UnitView
from eote_ref.referee.wording import hits_text
from eote_ref.store import Change


def _mover(arm: str) -> Mover:
    return Mover.INFANTRY if arm == "engineers" else Mover(arm)


def movement_situation(
    view: GameView, u: UnitView, formation: str | None = None
) -> MovementSituation:
    """The rules situation of a unit's move this phase (its formation, or ``formation``)."""
    arm = _mover(u.arm)
    form = formation or u.formation
    if form is None:
        form = {"artillery": "limbered" if u.limbered else "unlimbered"}.get(u.arm, "line")
    weight = None
    if arm is Mover.ARTILLERY and u.weight:
        weight = Weight(u.weight)
    side = next(s.position for s in view.sides if any(x.id == u.id for x in s.units))
    return MovementSituation(
        arm=arm,
        formation=Formation(form),
        weight=weight,
        horse_artillery=u.arm == "artillery" and u.type == "horse",
        has_initiative=view.initiative is None or view.initiative == side,
        routed=u.routed,
        figure_scale=view.figure_scale,
    )


@dataclass(frozen=True)
class MovementRow:
    """One unit's line of the movement reference (EotE 5.1-5.3)."""

    side: str
    division: str
    unit_id: int
    name: str
    arm: str
    formation: str
    full_in: float
    allowance_in: float
    change: str
    status: str
    provisional: bool


def formation_words(value: str) -> str:
    """A formation as the umpire says it: "assault column", not the key "french_assault_column"."""
    return "assault column" if value == "french_assault_column" else value.replace("_", " ")


def movement_table(game: GameService, view: GameView | None = None) -> list[MovementRow]:
    """Every unit on the table with its allowance this phase and its formation-change cost."""
    view = view or game.view()
    out: list[MovementRow] = []
    for s in view.sides:
        for d in s.divisions:
            for u in d.units:
                if u.off_table:
                    continue
                try:
                    sit = movement_situation(view, u)
                    o = PROCEDURES["movement"].run(sit, game.ruleset, None)  # type: ignore[arg-type]
                except (RulesError, ValueError) as e:
                    out.append(
                        MovementRow(
                            s.name,
                            d.title,
                            u.id,
                            u.coded_name,
                            u.arm,
                            u.formation or "",
                            0,
                            0,
                            "",
                            str(e),
                            False,
                        )
                    )
                    continue
                det = o.details
                if "limber_in" in det:
                    change = f'limber/unlimber {det["limber_in"]:g}"'
                elif u.arm == "cavalry":
                    change = "formation change free (5.2.2)"
                else:
                    change = f'formation change {det.get("formation_change_in", 0):g}"'
                status = []
                if u.routed:
                    status.append("routed: rout move")
                if u.pinned:
                    status.append("pinned")
                if sit.has_initiative is False and not u.routed:
                    status.append("half (no initiative)")
                out.append(
                    MovementRow(
                        side=s.name,
                        division=d.title,
                        unit_id=u.id,
                        name=u.coded_name,
                        arm=u.arm,
                        formation=formation_words(sit.formation.value if sit.formation else ""),
                        full_in=float(det["full_allowance_in"]),
                        allowance_in=float(det["allowance_in"]),
                        change=change,
                        status=", ".join(status),
                        provisional=any(m.source.value != "text" for m in o.modifiers)
                        or str(det.get("allowance_source", "text")).lower().endswith("provisional"),
                    )
                )
    return out


def _side_of(view: GameView, unit_id: int) -> int:
    return view.side_by_unit[unit_id].position


# ----------------------------------------------------------------------------- formation


def in_combat_range_fact(game: GameService) -> Question:
    """Whether a formation change is made inside tactical combat range (EotE 1.8.3, 1.9).

    Only such a change costs the -2 in combat this turn; the umpire measures it (no default
    from the state: the app does not know where the enemy stands).
    """
    reach = game.ruleset.scaled(
        game.ruleset.distance("tactical_combat_range").value, game.figure_scale
    )
    return Question(
        "in_combat_range",
        f'Changed inside tactical combat range (an enemy within {reach:g}")',
        "bool",
        False,
        rule="1.8.3",
        help="Only a change inside tactical combat range gives -2 in combat this turn",
    )


@register
class FormationCheck(Adjudication):
    """A unit changes formation (EotE 5.2): its cost, and the changed-formation flag."""

    procedure = "movement"
    key = "formation"
    title = "Change formation"
    rule = "5.2"

    def subject(self) -> str:
        """The unit and its formation."""
        u = self.unit()
        return f"{u.name} ({(u.formation or 'no formation').replace('_', ' ')})"

    def _choices(self) -> tuple[Choice, ...]:
        u = self.unit()
        return tuple(
            Choice(f, formation_words(f)) for f in self.game.formations(u.arm) if f != "square"
        )

    def facts(self) -> list[Question]:
        """The new formation; pinned and initiative from the state."""
        u = self.unit()
        choices = self._choices()
        current = u.formation or ("limbered" if u.limbered else None)
        default = next((c.value for c in choices if c.value != current), None)
        has_init = self.view.initiative is None or self.view.initiative == _side_of(self.view, u.id)
        return [
            Question(
                "formation",
                "New formation",
                "choice",
                default,
                rule="5.2",
                choices=choices,
                help="Square is its own wizard (Ctrl+Shift+S), EotE 5.6.",
            ),
            Question("pinned", "The unit is pinned", "bool", u.pinned, rule="5.7", derived=True),
            Question(
                "has_initiative",
                "Its side has the initiative",
                "bool",
                has_init,
                rule="4.0",
                derived=True,
            ),
            in_combat_range_fact(self.game),
        ]

    def situation(self) -> MovementSituation:
        """The move in the unit's current formation (whose allowance prices the change)."""
        u = self.unit()
        if self.values["pinned"]:
            if u.arm == "cavalry":
                raise RefereeError("pinned cavalry may not change formation (5.7)")
            if not self.values["has_initiative"]:
                raise RefereeError(
                    "pinned units change formation only with the initiative (5.7); "
                    "infantry may still try square (5.6)"
                )
        if self.values["formation"] is None:
            raise RefereeError("this unit has no other formation")
        sit = movement_situation(self.view, u)
        return MovementSituation(
            arm=sit.arm,
            formation=sit.formation,
            weight=sit.weight,
            horse_artillery=sit.horse_artillery,
            has_initiative=bool(self.values["has_initiative"]),
            routed=sit.routed,
            figure_scale=sit.figure_scale,
        )

    def result_label(self, code: str) -> str:
        """No roll: the change is recorded."""
        return "no roll" if code == "computed" else super().result_label(code)

    def result_text(self, outcome: Outcome) -> str:
        """The new formation and what it costs."""
        new = formation_words(str(self.values["formation"]))
        return f"into {new}: {self._cost(outcome)}"

    def _cost(self, outcome: Outcome) -> str:
        det = outcome.details
        if "limber_in" in det:
            return f'costs {det["limber_in"]:g}" of movement (5.2.3)'
        if self.unit().arm == "cavalry":
            return "no movement cost (5.2.2, 5.13)"
        return f'costs {det.get("formation_change_in", 0):g}" of movement (5.2.1)'

    def changes(self, outcome: Outcome) -> list[Change]:
        """Formation, ``changed_formation`` and (artillery) ``limbered``."""
        row = unit_row(self)
        assert row.id is not None
        new = str(self.values["formation"])
        out: list[Change] = []
        if row.formation != new:
            out.append(set_unit(row.id, "formation", new))
        if self.values["in_combat_range"] and not row.changed_formation:
            out.append(set_unit(row.id, "changed_formation", True))
        if row.arm == "artillery" and row.limbered != (new == "limbered"):
            out.append(set_unit(row.id, "limbered", new == "limbered"))
        return out

    def notes(self, outcome: Outcome) -> list[str]:
        """Where a change may be made, and its combat penalty."""
        notes = [n for n in super().notes(outcome) if "cavalry rows" not in n]
        notes.append(
            "changes are made outside pinning distance, at the start or end of the move (5.2)"
        )
        if self.values["in_combat_range"]:
            notes.append(
                "changed formation inside tactical combat range: -2 in combat this turn (1.8.3)"
            )
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1/28th Foot: into column: costs 3" of movement (5.2.1)``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


@register
class LimberCheck(FormationCheck):
    """Artillery limbers or unlimbers (EotE 5.2.3), at a cost in inches of its movement."""

    key = "limber"
    title = "Limber / unlimber"
    rule = "5.2.3"

    def situation(self) -> MovementSituation:
        """Only artillery limbers."""
        if self.unit().arm != "artillery":
            raise RefereeError(f"{self.unit().name} is not artillery")
        return super().situation()

    def result_text(self, outcome: Outcome) -> str:
        """``limbers: costs 2" of movement (5.2.3)`` (or ``unlimbers``)."""
        verb = "limbers" if self.values["formation"] == "limbered" else "unlimbers"
        return f"{verb}: {self._cost(outcome)}"


# ----------------------------------------------------------------------------- pinning


@register
class PinningCheck(Adjudication):
    """Is a unit pinned by an enemy close by, in its arc (EotE 5.7)."""

    procedure = "pinning"
    title = "Pinning"
    rule = "5.7"

    def subject(self) -> str:
        """The unit."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """The enemy's arm, distance and arc."""
        u = self.unit()
        return [
            Question(
                "enemy_arm",
                "The enemy unit is",
                "choice",
                "cavalry" if u.arm == "cavalry" else "infantry",
                rule="5.7",
                choices=tuple(Choice(p.value, p.value) for p in Pinner),
            ),
            Question(
                "distance_in",
                "Distance to it",
                "float",
                # Inside infantry's pinning reach at the game's scale (3" at 15mm, 1" at 6mm).
                self.game.ruleset.scaled(3.0, self.view.figure_scale),
                rule="5.7",
                suffix='"',
            ),
            Question("in_arc", "The unit is inside its arc of attack", "bool", True, rule="1.6"),
            Question(
                "busy",
                "The enemy cavalry is in contact or combat with cavalry",
                "bool",
                False,
                rule="5.7",
            ),
        ]

    def situation(self) -> PinningSituation:
        """The answers."""
        return PinningSituation(
            arm=_mover(self.unit().arm),
            enemy_arm=Pinner(self.values["enemy_arm"]),
            distance_in=float(self.values["distance_in"]),
            in_enemy_arc=bool(self.values["in_arc"]),
            enemy_cavalry_engaged_with_cavalry=bool(self.values["busy"]),
            figure_scale=self.view.figure_scale,
        )

    def result_text(self, outcome: Outcome) -> str:
        """Pinned or not, with the distance."""
        limit = outcome.details.get("pinning_distance_in", 0)
        within = f' (pinning distance {limit:g}")' if limit else ""
        return ("pinned" if outcome.result == "pinned" else "not pinned") + within

    def changes(self, outcome: Outcome) -> list[Change]:
        """``pinned`` on when pinned."""
        u = self.unit()
        return (
            [set_unit(u.id, "pinned", True)] if outcome.result == "pinned" and not u.pinned else []
        )

    def notes(self, outcome: Outcome) -> list[str]:
        """What pinning stops."""
        notes = super().notes(outcome)
        if outcome.result == "pinned":
            notes.append(
                "it stops; no rally from disorder; it moves away only with the initiative (5.7)"
            )
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1/28th Foot: pinned (pinning distance 6")``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


# ----------------------------------------------------------------------------- skirmishers


@register
class SkirmishersCheck(Adjudication):
    """Skirmishers detach, reform, take hits or a unit leaves full skirmish order (EotE 5.4)."""

    procedure = "skirmishers"
    title = "Skirmishers"
    rule = "5.4"

    def subject(self) -> str:
        """The parent unit (and its stand's hits)."""
        u = self.unit()
        out = f", skirmishers out with {_hits(u.skirmish_hits)}" if u.skirmishers_out else ""
        return f"{u.name} ({hits_text(u.hits)}{out})"

    def facts(self) -> list[Question]:
        """What happens; the stand's hits come from the state (the umpire may correct them).

        The target may carry ``action`` (the turn guide opens an ineffective stand on
        ``reform``).
        """
        u = self.unit()
        if u.formation == "skirmish":
            default = "full_reform"
        elif u.skirmishers_out:
            default = "reform"
        else:
            default = "detach"
        default = str(self.target.get("action", default))
        facts = [
            Question(
                "action",
                "What the skirmishers do",
                "choice",
                default,
                rule="5.4",
                choices=(
                    Choice("detach", "detach a skirmish stand (one hit on the parent)"),
                    Choice("reform", "stand rejoins the parent (half its hits come back)"),
                    Choice("hit", "the skirmish stand takes hits"),
                    Choice("full_reform", "the unit leaves full skirmish order"),
                ),
            ),
        ]
        # Ask only what the unit's state can use: stand hits with a stand out, the new
        # formation when it is in full skirmish order.
        if u.skirmishers_out:
            facts += [
                Question(
                    "skirmish_hits",
                    "Hits on the skirmish stand",
                    "int",
                    u.skirmish_hits,
                    rule="5.4",
                    maximum=5,
                    derived=True,
                    help="Kept by the app; correct it if the markers on the table differ",
                ),
                Question("hits_taken", "Hits the stand takes now", "int", 1, rule="5.4", maximum=5),
            ]
        if u.formation == "skirmish":
            facts.append(
                Question(
                    "reform_into",
                    "Leaving full skirmish order, it forms",
                    "choice",
                    "line",
                    rule="5.4",
                    choices=(Choice("line", "line"), Choice("column", "column")),
                )
            )
            facts.append(in_combat_range_fact(self.game))
        return facts

    def situation(self) -> SkirmishersSituation:
        """The parent's hits and the stand's, with the action."""
        u = self.unit()
        action = SkirmishAction(self.values["action"])
        if action is SkirmishAction.DETACH:
            if u.skirmish == "none":
                raise RefereeError(f"{u.name} is not skirmish capable (5.4)")
            if u.skirmishers_out:
                raise RefereeError(f"{u.name} has its skirmishers out already")
        if action in (SkirmishAction.REFORM, SkirmishAction.HIT) and not u.skirmishers_out:
            raise RefereeError(f"{u.name} has no skirmishers out")
        if action is SkirmishAction.FULL_REFORM and u.formation != "skirmish":
            raise RefereeError(f"{u.name} is not in full skirmish order")
        return SkirmishersSituation(
            action=action,
            parent_hits=u.hits,
            skirmish_hits=int(self.values.get("skirmish_hits", 0)),
            hits_taken=int(self.values.get("hits_taken", 0)) if action is SkirmishAction.HIT else 0,
        )

    def result_text(self, outcome: Outcome) -> str:
        """What happened, the parent's hits after (and the stand's)."""
        det = outcome.details
        action = str(self.values["action"])
        into = self.values.get("reform_into", "line")
        done = {
            "detach": "a skirmish stand detaches",
            "reform": "the skirmish stand rejoins",
            "hit": "the skirmish stand is hit",
            "full_reform": f"leaves full skirmish order in {into}",
        }.get(action, action)
        text = f"{done}: the parent now has {_hits(int(det['parent_hits_after']))}"
        if self.values["action"] == "hit":
            text += f", the stand {_hits(int(det['skirmish_hits_after']))}"
            if det["skirmish_ineffective"]:
                text += ": ineffective, back to reform"
        return text

    def changes(self, outcome: Outcome) -> list[Change]:
        """Parent and stand hits, skirmishers out/in, formation after full skirmish order."""
        row = unit_row(self)
        assert row.id is not None
        action = self.values["action"]
        out: list[Change] = []
        after = int(outcome.details["parent_hits_after"])
        if after != row.hits:
            out.append(set_unit(row.id, "hits", after))
        stand = int(outcome.details["skirmish_hits_after"])
        if action != "full_reform" and stand != row.skirmish_hits:
            out.append(set_unit(row.id, "skirmish_hits", stand))
        if action == "detach":
            out.append(set_unit(row.id, "skirmishers_out", True))
        elif action == "reform":
            out.append(set_unit(row.id, "skirmishers_out", False))
        elif action == "full_reform":
            out.append(set_unit(row.id, "formation", self.values.get("reform_into", "line")))
            if self.values.get("in_combat_range") and not row.changed_formation:
                out.append(set_unit(row.id, "changed_formation", True))
        return out

    def notes(self, outcome: Outcome) -> list[str]:
        """Reform an ineffective stand in the movement phase; full skirmish order takes a phase."""
        notes = super().notes(outcome)
        if self.values["action"] == "hit" and outcome.details["skirmish_ineffective"]:
            notes.append("reform the stand in the movement phase: the turn guide lists it (5.4)")
        if self.values["action"] == "full_reform":
            notes.append(
                "reforming from full skirmish order takes the whole movement phase (5.2.1)"
            )
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1/95th Rifles: a skirmish stand detaches: the parent now has 1 hit``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


def _hits(n: int) -> str:
    """``no hits``, ``1 hit``, ``3 hits``."""
    return "no hits" if n == 0 else f"{n} hit{'s' if n != 1 else ''}"


# ----------------------------------------------------------------------------- pass through


def _formed(u: UnitView) -> bool:
    """Skirmishers and unlimbered artillery are unformed (EotE 5.3.5)."""
    if u.formation == "skirmish":
        return False
    return not (u.arm == "artillery" and (u.formation == "unlimbered" or not u.limbered))


@register
class PassThroughCheck(Adjudication):
    """A unit moves through another: formed through formed disorders both (EotE 5.3.5)."""

    procedure = "movement"  # moving through units is part of movement (5.3); no roll
    key = "pass_through"
    title = "Move through a unit"
    rule = "5.3.5"

    def subject(self) -> str:
        """The moving unit."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """The unit moved through (friends of the same side)."""
        u = self.unit()
        side = _side_of(self.view, u.id)
        others = [
            x
            for s in self.view.sides
            if s.position == side
            for x in s.units
            if x.id != u.id and not x.off_table
        ]
        return [
            Question(
                "other",
                "The unit it passes through",
                "choice",
                others[0].id if others else None,
                rule="5.3.5",
                choices=tuple(Choice(x.id, x.name) for x in others),
            )
        ]

    def situation(self) -> dict[str, Any]:
        """Both units and whether each is formed."""
        if self.values["other"] is None:
            raise RefereeError("there is no other unit to pass through")
        u, o = self.unit(), self.unit(int(self.values["other"]))
        return {"unit": u.id, "other": o.id, "unit_formed": _formed(u), "other_formed": _formed(o)}

    def run(self, dice: Any) -> Outcome:
        """No roll: ``both_disordered`` when both are formed, else ``no_effect``."""
        sit = self.situation()
        notes: list[str] = []
        other = self.unit(sit["other"])
        if other.arm == "artillery" and other.formation != "limbered" and other.limbered is False:
            notes.append(
                f"{other.name} may not fire this turn: formed troops passed through (5.3.5)"
            )
        if sit["unit_formed"] and sit["other_formed"]:
            return Outcome.decided("pass_through", "5.3.5", "both_disordered", notes=tuple(notes))
        notes.append(
            "one of them is unformed (skirmishers or unlimbered guns): no disorder (5.3.5)"
        )
        return Outcome.decided("pass_through", "5.3.5", "no_effect", notes=tuple(notes))

    def notes(self, outcome: Outcome) -> list[str]:
        """The rules' notes; a unit already disordered is named (Apply changes only the other)."""
        notes = super().notes(outcome)
        if outcome.result == "both_disordered":
            units = (self.unit(), self.unit(int(self.values["other"])))
            notes += [f"{x.name} already disordered" for x in units if x.disordered]
        return notes

    def result_text(self, outcome: Outcome) -> str:
        """Both disordered, or no effect."""
        return "both disordered" if outcome.result == "both_disordered" else "no disorder"

    def changes(self, outcome: Outcome) -> list[Change]:
        """Disorder on both (one event)."""
        if outcome.result != "both_disordered":
            return []
        units = (self.unit(), self.unit(int(self.values["other"])))
        return [set_unit(x.id, "disordered", True) for x in units if not x.disordered]

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``1/28th Foot through 1/32nd Foot: both disordered``."""
        other = self.unit(int(self.values["other"]))
        return f"{self.unit().name} through {other.name}: {self.result_text(outcome)}"


# ----------------------------------------------------------------------------- charges


@register
class ChargeCheck(Adjudication):
    """Cavalry charges (EotE 5.8): terrain crossed (5.8.1) and the contact made."""

    procedure = "charge"
    title = "Cavalry charge"
    rule = "5.8"

    def subject(self) -> str:
        """The charging unit."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """Target, terrain, interception."""
        u = self.unit()
        side = _side_of(self.view, u.id)
        enemies = [
            x for s in self.view.sides if s.position != side for x in s.units if not x.off_table
        ]
        enemy_cav = [x for x in enemies if x.arm == "cavalry"]
        # The unit the umpire selected as the target (Ctrl+click), never the list's first.
        chosen = self.target.get("target_id")
        target = next((x.id for x in enemies if x.id == chosen), None)
        return [
            Question(
                "target",
                "Charging",
                "choice",
                target,
                rule="5.8",
                choices=tuple(Choice(x.id, f"{x.name} ({x.arm})") for x in enemies),
            ),
            Question(
                "terrain",
                "Crossing",
                "choice",
                "open",
                rule="5.8.1",
                choices=tuple(Choice(t.value, t.value) for t in Terrain),
            ),
            Question(
                "in_column",
                "The unit is in column",
                "bool",
                u.formation == "column",
                rule="7.12",
                derived=True,
            ),
            Question(
                "intercepted_by",
                "Intercepted by enemy cavalry within "
                f"{self.inches('cavalry_interception')} (contact is with it instead)",
                "choice",
                0,
                rule="5.9",
                choices=(Choice(0, "no interception"),)
                + tuple(Choice(x.id, x.name) for x in enemy_cav),
            ),
        ]

    def situation(self) -> ChargeSituation:
        """Terrain and column (only cavalry charges)."""
        u = self.unit()
        if u.arm != "cavalry":
            raise RefereeError(f"{u.name} is not cavalry")
        if self.values["target"] is None:
            raise RefereeError("choose the unit charged")
        return ChargeSituation(
            Terrain(self.values["terrain"]),
            bool(self.values["in_column"]),
            figure_scale=self.view.figure_scale,
        )

    def _contact(self) -> UnitView:
        other = int(self.values["intercepted_by"] or 0) or int(self.values["target"])
        return self.unit(other)

    def result_text(self, outcome: Outcome) -> str:
        """Contact (disordered or not), or refused."""
        if outcome.result == "not_allowed":
            return "may not charge over that"
        dis = ", disordered" if outcome.result == "allowed_disordered" else ""
        return f"contact with {self._contact().name}{dis}"

    def result_label(self, code: str) -> str:
        """The rules' label of the charge result ("allowed, disordered")."""
        member = result_code("charge", code)
        return member.label if member is not None else code.replace("_", " ")

    def changes(self, outcome: Outcome) -> list[Change]:
        """A ``charge`` fact naming the unit contacted; disorder over streams, walls, hedges."""
        if outcome.result == "not_allowed":
            return []
        u = self.unit()
        data = {"terrain": self.values["terrain"], "target": int(self.values["target"])}
        if self.values["intercepted_by"]:
            data["intercepted"] = True
        out: list[Change] = [fact(CHARGE, self.view.turn, u.id, self._contact().id, **data)]
        if outcome.result == "allowed_disordered" and not u.disordered:
            out.append(set_unit(u.id, "disordered", True))
        return out

    def notes(self, outcome: Outcome) -> list[str]:
        """Counter-charge and interception reminders; charged infantry may form square (5.6)."""
        notes = super().notes(outcome)
        if outcome.result != "not_allowed":
            notes.append(
                (
                    "enemy cavalry may counter-charge and meet it halfway (5.8); "
                    if self._enemy_cavalry()
                    else ""
                )
                + "the combat is fought in the assault phase (7.0)"
            )
            contact = self._contact()
            if contact.arm == "infantry":
                notes.append(
                    f"{contact.name} (infantry, charged) may try to form square now: "
                    "Form square (5.6)"
                )
        return notes

    def _enemy_cavalry(self) -> bool:
        """Whether the charger's enemy has formed cavalry on the table to counter-charge (5.8)."""
        mine = _side_of(self.view, self.unit().id)
        return any(
            u.arm == "cavalry" and not u.off_table and not u.routed and u.formation != "skirmish"
            for s in self.view.sides
            if s.position != mine
            for u in s.units
        )

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``Scots Greys charge: contact with 1/45e Ligne, disordered``."""
        return f"{self.unit().name} charges: {self.result_text(outcome)}"
