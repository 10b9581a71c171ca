"""End-of-turn checks: leader casualties, divisional integrity, rallies, cavalry and engineering.

The adjudications of the last two phases of the turn (EotE 2.0) and the bookkeeping around
them, on the framework of :mod:`eote_ref.referee.checks`:

* :class:`LeaderCasualtyCheck` (EotE 8.0) for every leader near this turn's combat, found by
  :func:`leaders_within_reach` from the units that fought or were fired at (the facts of the
  turn); the check writes a ``leader_rolled`` fact, so the leader leaves the list until undone;
* :class:`IntegrityCheck` (EotE 9.0), the second roll asked only on a failure, and
  :class:`FallingBackEnded` when a falling-back division reaches safety;
* :class:`RallyRoutedCheck` (EotE 9.1), once per unit per game;
* :class:`CavalryEndOfTurnCheck` and :class:`AllCavalryEndOfTurn` (EotE 5.10-5.11), and
  :class:`CavalryReturns` for disintegrated cavalry coming back (5.11);
* :class:`PontoonCheck`, :class:`DemolitionCheck` (EotE 10.0) and :class:`BurningCheck` (7.12).

Multi-turn engineering tasks keep their progress in a :class:`~eote_ref.store.GameLink` row
(``kind`` ``pontoon`` or ``demolition``, the engineer unit on both ends, the progress in
``data``): it is game state, so one undo reverts a turn's progress with the event that made it,
and the next turn's check reads it back without scanning the journal.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlmodel import col, select

from eote_ref.referee import facts as turn_facts
from eote_ref.referee.checks import (
    Adjudication,
    Choice,
    Fact,
    ModifierLine,
    link,
    register,
    set_unit,
)
from eote_ref.referee.game import (
    COUNT_FIELDS,
    DivisionView,
    GameService,
    GameView,
    RefereeError,
    UnitView,
)
from eote_ref.rules.cavalry import CavalryEndOfTurnSituation
from eote_ref.rules.core import Outcome
from eote_ref.rules.dice import EnteredDice
from eote_ref.rules.engineering import (
    Building,
    BurningSituation,
    DemolitionSituation,
    PontoonSituation,
)
from eote_ref.rules.integrity import IntegritySituation
from eote_ref.rules.leader_casualty import LeaderCasualtySituation, replacement
from eote_ref.rules.orders import OrderType
from eote_ref.rules.procedures import PROCEDURES
from eote_ref.rules.rally import RallySituation
from eote_ref.rules.ruleset import Ruleset
from eote_ref.store import (
    Change,
    GameLeader,
    GameLink,
    GameUnit,
    JournalEvent,
    SetField,
)
from eote_ref.store.models import DONE

#: Integrity results that count as a check taken (the no-roll record actions do not).
INTEGRITY_RESULTS = ("pass", "fall_back", "rout")


# ====================================================================== state queries
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


def combat_units_this_turn(game: GameService, view: GameView | None = None) -> set[int]:
    """Units engaged in tactical combat this turn (EotE 8.0), from the facts of the turn.

    Units that fired, were fired on or fought an assault (the checks wrote them when they
    were applied), and units the umpire marked as having fought this turn.
    """
    view = view or game.view()
    ids = turn_facts.units_in_combat(view)
    ids.update(u.id for s in view.sides for u in s.units if u.fought_this_turn)
    return ids


class _UnitRow(NamedTuple):
    id: int | None
    attached_leader_id: int | None
    fought_this_turn: bool


@dataclass(frozen=True)
class LeaderInReach:
    """A leader within reach of this turn's combat, and where he stands."""

    leader_id: int
    name: str
    division_id: int
    side: int
    unit_id: int | None = None
    attached_to_assaulting_unit: bool = False


def leaders_within_reach(
    game: GameService, *, pending_only: bool = True, view: GameView | None = None
) -> list[LeaderInReach]:
    """Leaders of the divisions in combat this turn and leaders attached to their units (8.0).

    A leader attached to a unit is listed with that unit; the -2 applies when the unit fought
    an assault this turn. With ``pending_only`` leaders already rolled for this turn are left
    out.
    """
    view = view or game.view()
    in_combat = combat_units_this_turn(game, view)
    fought = turn_facts.units_that_fought(view)
    done = turn_facts.leaders_rolled(view) if pending_only else set()
    with game.db.session() as s:
        leaders = list(s.exec(select(GameLeader).where(GameLeader.game_id == game.game_id)).all())
        # Three columns, not whole rows: this runs on every refresh of the turn guide.
        units = [
            _UnitRow(*row)
            for row in s.exec(
                select(GameUnit.id, GameUnit.attached_leader_id, GameUnit.fought_this_turn).where(
                    GameUnit.game_id == game.game_id
                )
            ).all()
        ]
    attached_to = {u.attached_leader_id: u for u in units if u.attached_leader_id}
    rows_by_id = {u.id: u for u in units}
    out: list[LeaderInReach] = []
    seen: set[int] = set()

    def add(lead_id: int, name: str, div: DivisionView, side: int) -> None:
        if lead_id in seen or lead_id in done:
            return
        seen.add(lead_id)
        unit = attached_to.get(lead_id)
        out.append(
            LeaderInReach(
                lead_id,
                name,
                div.id,
                side,
                unit.id if unit else None,
                bool(unit and (unit.fought_this_turn or unit.id in fought)),
            )
        )

    by_id = {lead.id: lead for lead in leaders}
    for s_ in view.sides:
        for d in s_.divisions:
            touched = [u for u in d.units if u.id in in_combat]
            if not touched:
                continue
            if d.leader is not None and not d.leader.killed:
                add(d.leader.id, d.leader.name, d, s_.position)
            for u in touched:
                row = rows_by_id.get(u.id)
                lead = by_id.get(row.attached_leader_id) if row else None
                if lead is not None and lead.id is not None and not lead.killed:
                    add(lead.id, lead.name, d, s_.position)
            for lead in leaders:
                if lead.attached_command_id == d.id and lead.id is not None and not lead.killed:
                    add(lead.id, lead.name, d, s_.position)
    return out


def integrity_checks_taken(game: GameService, division_id: int) -> int:
    """How many integrity checks ``division_id`` has taken this turn."""
    return sum(
        1
        for e in events_this_turn(game, "integrity")
        if (e.outcome or {}).get("result") in INTEGRITY_RESULTS
        and ((e.inputs or {}).get("target") or {}).get("division_id") == division_id
    )


def killed_this_turn(turn: int, due: int | None, ruleset: Ruleset) -> bool:
    """Whether a killed leader with replacement due on ``due`` fell in ``turn``.

    The replacement's delay is the game's ruleset's (EotE 8.0). A leader marked killed by hand
    has no replacement scheduled (``due`` None): he counts as fallen this turn, so the
    integrity check is still offered.
    """
    return due is None or due == turn + replacement(ruleset)[0]


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


def routed_units_to_rally(
    game: GameService, view: GameView | None = None
) -> list[tuple[int, int, int, str]]:
    """Routed units that still have their one rally attempt (9.1): (side, division, unit, name).

    Units of routed divisions are left out: the whole division is leaving the field.
    """
    view = view or game.view()
    with game.db.session() as s:
        spent = set(
            s.exec(
                select(GameUnit.id).where(
                    GameUnit.game_id == game.game_id, col(GameUnit.rallied_once)
                )
            ).all()
        )
    return [
        (side.position, d.id, u.id, u.name)
        for side in view.sides
        for d in side.divisions
        if not d.routed
        for u in d.units
        if u.routed and u.id not in spent
    ]


# ====================================================================== small helpers
def _division(check: Adjudication, division_id: int | None = None) -> DivisionView:
    did = check.target.get("division_id") if division_id is None else division_id
    if did is None and check.target.get("unit_id") is not None:
        did = check.unit().division_id
    for s in check.view.sides:
        for d in s.divisions:
            if d.id == did:
                return d
    raise RefereeError(f"there is no division {did} in this game")


def _unit_row(game: GameService, unit_id: int) -> GameUnit:
    with game.db.session() as s:
        row = s.get(GameUnit, unit_id)
        if row is None or row.game_id != game.game_id:
            raise RefereeError(f"there is no unit {unit_id} in this game")
        s.expunge(row)
        return row


def _leader_row(game: GameService, leader_id: int) -> GameLeader:
    with game.db.session() as s:
        row = s.get(GameLeader, leader_id)
        if row is None or row.game_id != game.game_id:
            raise RefereeError(f"there is no leader {leader_id} in this game")
        s.expunge(row)
        return row


def _roll_text(o: Outcome) -> str:
    if o.roll is None:
        return ""
    text = f" (rolled {o.roll} against {o.modified:g}"
    if o.second_roll is not None:
        text += f", then {o.second_roll}"
    return text + ")"


def _modified_roll_text(o: Outcome, lines: Sequence[ModifierLine] | None = None) -> str:
    """A die the modifiers add to: ``(rolled 3)`` or ``(rolled 3, −2 for ... = 1)``."""
    if o.roll is None:
        return ""
    shown = [ModifierLine.of(m) for m in o.modifiers] if lines is None else list(lines)
    if not shown:
        return f" (rolled {o.roll})"
    mods = ", ".join(f"{m.value:+g} {m.reason}".replace("-", "−", 1) for m in shown)
    return f" (rolled {o.roll}, {mods} = {o.modified:g})"


def _set(entity: str, row_id: int, field: str, value: Any, before: Any) -> list[Change]:
    return [] if before == value else [SetField(entity, row_id, field, value)]


class _RecordAction(Adjudication):
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


# ====================================================================== 8.0 leader casualty
#: The leader casualty check's results in the umpire's words (EotE 8.0).
_LEADER_RESULTS = {
    "killed": "killed",
    "no_rally": "cannot rally troops next turn (8.0)",
    "no_effect": "unhurt",
}
#: The rules' modifier reasons as the leader casualty check words them.
_LEADER_REASONS = {"attached to a unit in tactical assault": "attached to an assaulting unit"}


@register
class LeaderCasualtyCheck(Adjudication):
    """One d10 for a leader within 3" of combat or artillery fire this turn (EotE 8.0)."""

    procedure = "leader_casualty"
    title = "Leader casualty"
    rule = "8.0"

    def _candidates(self) -> list[tuple[int, str, int, UnitView | None]]:
        """(leader id, name, division id, unit attached to) for the target's division."""
        div = _division(self)
        with self.game.db.session() as s:
            leaders = list(
                s.exec(select(GameLeader).where(GameLeader.game_id == self.game.game_id)).all()
            )
            units = list(s.exec(select(GameUnit).where(GameUnit.command_id == div.id)).all())
        on_unit = {u.attached_leader_id: u.id for u in units if u.attached_leader_id}
        out: list[tuple[int, str, int, UnitView | None]] = []
        for lead in leaders:
            if lead.id is None or lead.killed:
                continue
            mine = (
                lead.command_id == div.id
                or lead.attached_command_id == div.id
                or lead.id in on_unit
                or lead.id == self.target.get("leader_id")
            )
            if mine:
                uid = on_unit.get(lead.id)
                out.append((lead.id, lead.name, div.id, self.unit(uid) if uid else None))
        return out

    def _default_leader(self, cands: list[tuple[int, str, int, UnitView | None]]) -> int | None:
        if isinstance(self.target.get("leader_id"), int):
            return int(self.target["leader_id"])
        uid = self.target.get("unit_id")
        for lid, _name, _div, unit in cands:
            if unit is not None and unit.id == uid:
                return lid
        div = _division(self)
        if div.leader is not None and not div.leader.killed:
            return div.leader.id
        return cands[0][0] if cands else None

    def facts(self) -> list[Fact]:
        """Which leader, and whether he is attached to a unit in an assault."""
        cands = self._candidates()
        if not cands:
            raise RefereeError(f"{_division(self).name} has no living leader to roll for")
        lid = self._default_leader(cands)
        unit = next((u for c, _n, _d, u in cands if c == lid), None)
        assaulting = bool(unit and unit.fought_this_turn)
        return [
            Fact(
                "leader_id",
                "Leader",
                "choice",
                lid,
                rule="8.0",
                choices=tuple(
                    Choice(c, f"{n}" + (f" (with {u.name})" if u else "")) for c, n, _d, u in cands
                ),
                help='Every leader within 3" of a unit in combat or under artillery fire rolls.',
            ),
            Fact(
                "attached_to_assaulting_unit",
                "Attached to a unit in a tactical assault this turn",
                "bool",
                assaulting,
                rule="8.0",
                derived=assaulting,
            ),
        ]

    def leader(self) -> GameLeader:
        """The leader rolling."""
        return _leader_row(self.game, int(self.values["leader_id"]))

    def subject(self) -> str:
        """The leader and his division."""
        return f"{self.leader().name} ({_division(self).name})"

    def preview(self) -> Outcome:
        """Before the die: the die is the base, so show 0 + the modifiers (what the roll gets)."""
        o = super().preview()
        return dataclasses.replace(o, base=0.0, modified=o.modified - o.base)

    def situation(self) -> LeaderCasualtySituation:
        """The -2 when attached to an assaulting unit."""
        return LeaderCasualtySituation(bool(self.values["attached_to_assaulting_unit"]))

    def inputs(self) -> dict[str, Any]:
        """The leader rolled for (the journal's record; the to-do list reads the fact)."""
        return {**super().inputs(), "leader_id": int(self.values["leader_id"])}

    def _fact_unit(self, leader_id: int) -> int | None:
        """The unit whose combat brought the leader within reach, for his ``leader_rolled`` fact.

        The unit he is attached to, else a unit of the division in combat this turn, else the
        target unit or the division's first unit.
        """
        div = _division(self)
        with self.game.db.session() as s:
            carrier = s.exec(
                select(GameUnit.id).where(
                    GameUnit.game_id == self.game.game_id,
                    GameUnit.attached_leader_id == leader_id,
                )
            ).first()
        if carrier is not None:
            return int(carrier)
        in_combat = combat_units_this_turn(self.game, self.view)
        touched = [u.id for u in div.units if u.id in in_combat]
        if touched:
            return touched[0]
        uid = self.target.get("unit_id")
        if isinstance(uid, int):
            return uid
        return div.units[0].id if div.units else None

    #: Killed and no-rally read badly for the leader; no effect well.
    good_results = frozenset({"no_effect"})
    bad_results = frozenset({"killed", "no_rally"})

    def modifiers(self, outcome: Outcome | None = None) -> list[ModifierLine]:
        """The -2 reads "attached to an assaulting unit" (8.0)."""
        return [
            dataclasses.replace(m, reason=_LEADER_REASONS.get(m.reason, m.reason))
            for m in super().modifiers(outcome)
        ]

    def result_label(self, code: str) -> str:
        """The odds read as the result does."""
        return _LEADER_RESULTS.get(code, super().result_label(code))

    def result_text(self, outcome: Outcome) -> str:
        """Killed, cannot rally next turn, or unhurt."""
        return _LEADER_RESULTS.get(outcome.result, super().result_text(outcome))

    def changes(self, outcome: Outcome) -> list[Change]:
        """Killed: replacement due in two turns, detached; no rally: flagged for next turn."""
        lead = self.leader()
        assert lead.id is not None
        out: list[Change] = []
        fact_unit = self._fact_unit(lead.id)
        if fact_unit is not None:
            out.append(
                turn_facts.fact(
                    turn_facts.LEADER_ROLLED, self.view.turn, fact_unit, leader_id=lead.id
                )
            )
        if outcome.result == "killed":
            out += _set("game_leader", lead.id, "killed", True, lead.killed)
            due = self.view.turn + replacement(self.game.ruleset)[0]
            out += _set("game_leader", lead.id, "replacement_due_turn", due, None)
            out += _set(
                "game_leader", lead.id, "attached_command_id", None, lead.attached_command_id
            )
            with self.game.db.session() as s:
                carrying = s.exec(
                    select(GameUnit.id).where(GameUnit.attached_leader_id == lead.id)
                ).all()
            out += [set_unit(int(uid), "attached_leader_id", None) for uid in carrying if uid]
        elif outcome.result == "no_rally":
            out += _set("game_leader", lead.id, "no_rally_next_turn", True, lead.no_rally_next_turn)
        return out

    def notes(self, outcome: Outcome) -> list[str]:
        """The rules' notes, the replacement's turn named once, where the integrity check lands."""
        out = []
        for note in super().notes(outcome):
            if note.startswith("a replacement rated"):
                turns, rating = replacement(self.game.ruleset)
                note = (
                    f"a replacement rated {rating:+d} arrives on turn "
                    f"{self.game.turn + turns} (8.0)"
                )
            elif note.startswith("the division takes an extra divisional integrity check"):
                note += " (the integrity phase lists it)"
            out.append(note)
        return out

    def summary(self, outcome: Outcome) -> str:
        """``Picton: killed (rolled 3, −2 attached to an assaulting unit = 1)``."""
        rolled = _modified_roll_text(outcome, self.modifiers(outcome))
        return f"{self.leader().name}: {self.result_text(outcome)}{rolled}"


# ====================================================================== 9.0 integrity
def _ce_units(div: DivisionView) -> list[UnitView]:
    return [u for u in div.units if u.arm in ("infantry", "cavalry") and not u.off_table]


@register
class IntegrityCheck(Adjudication):
    """A division's integrity check (EotE 9.0); a failure rolls a second d10: fall back or rout."""

    procedure = "integrity"
    title = "Divisional integrity"
    rule = "9.0"
    dice_labels = {"roll": "d10", "second_roll": "second d10 (fall back or rout)"}

    def subject(self) -> str:
        """The division checking."""
        return _division(self).name

    def facts(self) -> list[Fact]:
        """The CE base units and every modifier, read from the state."""
        d = _division(self)
        ce_units = _ce_units(d)
        routed = sum(1 for u in d.units if u.routed)
        routed_now = sum(1 for u in d.units if u.routed_this_turn)
        battered = sum(1 for u in d.units if u.hits >= 3 and not u.routed and not u.off_table)
        has_leader = d.leader is not None and not d.leader.killed
        return [
            Fact(
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
            Fact(
                "routed_units",
                "Routed units (this turn's included)",
                "int",
                routed,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
            ),
            Fact(
                "routed_this_turn",
                "Units routed this turn",
                "int",
                routed_now,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
            ),
            Fact(
                "has_leader", "The division has a leader", "bool", has_leader, "9.0", derived=True
            ),
            Fact(
                "objective_lost",
                "The division has lost its objective",
                "bool",
                d.objective_lost,
                rule="9.0",
                help="Read the table: was the division's objective taken from it?",
            ),
            Fact(
                "units_with_3plus_hits",
                "Units with 3 or more hits",
                "int",
                battered,
                rule="9.0",
                derived=True,
                maximum=len(d.units),
            ),
            Fact(
                "in_town", "The division occupies a town", "bool", d.in_town, "7.12", derived=True
            ),
        ]

    def situation(self) -> IntegritySituation:
        """The division as read and confirmed."""
        d = _division(self)
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
        d = _division(self)
        out: list[Change] = []
        if outcome.result == "rout":
            out += _set("game_command", d.id, "routed", True, d.routed)
            # Units already gone (off the table) are not routed again (9.0).
            out += [
                set_unit(u.id, "routed", True) for u in d.units if not u.routed and not u.off_table
            ]
        elif outcome.result == "fall_back":
            out += _set("game_command", d.id, "falling_back", True, d.falling_back)
            out += _set(
                "game_command", d.id, "current_order", OrderType.DEFEND.value, d.current_order
            )
            out += [
                set_unit(u.id, "disordered", True)
                for u in d.units
                if not u.disordered and not u.routed and not u.off_table
            ]
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2nd Division: integrity falls back disordered (rolled 9 against 7, then 6)``."""
        return f"{_division(self).name}: integrity {self.result_text(outcome)}{_roll_text(outcome)}"


@register
class FallingBackEnded(_RecordAction):
    """A falling-back division is 18" clear of the enemy or in cover (EotE 9.0): it stops."""

    procedure = "integrity"
    key = "falling_back_ended"
    title = "Falling back ended"
    rule = "9.0"

    def facts(self) -> list[Fact]:
        """Why it stops (either condition of 9.0)."""
        d = _division(self)
        if not d.falling_back:
            raise RefereeError(f"{d.name} is not falling back")
        return [
            Fact(
                "reason",
                "The division stops falling back because it is",
                "choice",
                "clear",
                rule="9.0",
                choices=(
                    Choice("clear", '18" or more from every enemy unit'),
                    Choice("cover", "in a town, woods or other cover"),
                ),
            )
        ]

    def subject(self) -> str:
        """The division."""
        return _division(self).name

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
        d = _division(self)
        return _set("game_command", d.id, "falling_back", False, d.falling_back)

    def summary(self, outcome: Outcome) -> str:
        """``2nd Division: no longer falling back (in cover)``."""
        why = "in cover" if self.values["reason"] == "cover" else '18" clear of the enemy'
        return f"{_division(self).name}: no longer falling back ({why})"


# ====================================================================== 9.1 rally routed
@register
class RallyRoutedCheck(Adjudication):
    """A routed unit of a division out of tactical combat range tries its one rally (EotE 9.1)."""

    procedure = "rally"
    title = "Rally routed unit"
    rule = "9.1"

    def _routed(self) -> list[UnitView]:
        return [u for u in _division(self).units if u.routed]

    def facts(self) -> list[Fact]:
        """Which unit, out of range confirmed, the commander's rating and the unit's state."""
        d = _division(self)
        routed = self._routed()
        if not routed:
            raise RefereeError(f"{d.name} has no routed unit to rally")
        uid = self.target.get("unit_id")
        default = next((u.id for u in routed if u.id == uid), routed[0].id)
        row = _unit_row(self.game, default)
        rating = d.leader.rating if d.leader is not None and not d.leader.killed else -1
        return [
            Fact(
                "unit_id",
                "Routed unit",
                "choice",
                default,
                rule="9.1",
                choices=tuple(Choice(u.id, f"{u.name} ({u.hits} hits)") for u in routed),
            ),
            Fact(
                "out_of_tcr",
                'The division is out of tactical combat range (18" clear)',
                "bool",
                False,
                rule="1.9",
                help='Confirm on the table: no enemy division or cavalry brigade within 18".',
            ),
            Fact(
                "leader_rating",
                "Commander's rating",
                "int",
                rating,
                rule="9.1",
                minimum=-1,
                maximum=4,
                derived=True,
            ),
            Fact(
                "routed_by_morale",
                "The unit routed from a morale check",
                "bool",
                row.routed_by_morale,
                rule="9.1",
                derived=True,
            ),
        ]

    def row(self) -> GameUnit:
        """The unit trying to rally."""
        return _unit_row(self.game, int(self.values["unit_id"]))

    def subject(self) -> str:
        """The unit and its hits."""
        r = self.row()
        return f"{r.name} ({r.hits} hits)"

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
        return f"{self.row().name}: rally {outcome.result}{_roll_text(outcome)}"


# ====================================================================== 5.10-5.12 cavalry
def _cavalry_outcome(game: GameService, row: GameUnit, engaged: bool, while_blown: bool) -> Outcome:
    sit = CavalryEndOfTurnSituation(
        blown=row.blown if while_blown else 0, engaged_this_turn=engaged
    )
    return PROCEDURES["cavalry_end_of_turn"].run(sit, game.ruleset, EnteredDice({}))


def _cavalry_changes(row: GameUnit, outcome: Outcome) -> list[Change]:
    assert row.id is not None
    out: list[Change] = []
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

    def facts(self) -> list[Fact]:
        """Fought this turn, and already blown when it did."""
        r = _unit_row(self.game, int(self.target["unit_id"]))
        if r.arm != "cavalry":
            raise RefereeError(f"{r.name} is not cavalry")
        return [
            Fact(
                "engaged",
                "Fought in a combat this turn (breakthroughs included)",
                "bool",
                r.fought_this_turn,
                rule="5.10",
                derived=r.fought_this_turn,
            ),
            Fact(
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
        r = _unit_row(self.game, int(self.target["unit_id"]))
        return CavalryEndOfTurnSituation(
            blown=r.blown if self.values["while_blown"] else 0,
            engaged_this_turn=bool(self.values["engaged"]),
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """One more blown marker; disintegrated and off the table if it fought blown."""
        return _cavalry_changes(_unit_row(self.game, int(self.target["unit_id"])), outcome)

    def notes(self, outcome: Outcome) -> list[str]:
        """The rules' notes, the return of disintegrated cavalry said with its timing (5.11)."""
        out = [n for n in super().notes(outcome) if not n.startswith("removed; returns")]
        if outcome.result == "disintegrated":
            out.insert(0, _return_note(self.unit().name))
        return out

    def summary(self, outcome: Outcome) -> str:
        """``2nd Dragoons: blown``."""
        return f"{self.unit().name}: {self.result_text(outcome)}"


def _return_note(name: str) -> str:
    """When and where disintegrated cavalry comes back (EotE 5.11)."""
    return (
        f"{name} disintegrates: Apply removes it from the table now; bring it back with "
        '"Disintegrated cavalry returns" (5.11), near its starting position or 18" or more '
        "from any enemy, keeping its hits and blown markers"
    )


def _cavalry_label(r: GameUnit) -> str:
    """``1st Life Guards (blown, fought blown)``: short enough for the list."""
    if r.fought_while_blown:
        return f"{r.name} (fought blown: disintegrates)"
    if r.blown:
        return f"{r.name} ({r.blown} blown)"
    return r.name


@register
class AllCavalryEndOfTurn(_RecordAction):
    """Every cavalry unit that fought this turn, in one step (EotE 5.10-5.11; no roll)."""

    procedure = "cavalry_end_of_turn"
    key = "cavalry_end_of_turn_all"
    title = "All cavalry: end of turn"
    rule = "5.10"

    def _rows(self) -> list[GameUnit]:
        done = units_adjudicated_this_turn(self.game, "cavalry_end_of_turn")
        with self.game.db.session() as s:
            rows = list(
                s.exec(
                    select(GameUnit)
                    .where(
                        GameUnit.game_id == self.game.game_id,
                        GameUnit.arm == "cavalry",
                        col(GameUnit.fought_this_turn),
                    )
                    .order_by(col(GameUnit.id))
                ).all()
            )
            for r in rows:
                s.expunge(r)
        side = self.target.get("side")
        if side is not None:
            mine = {u.id for s in self.view.sides if s.position == side for u in s.units}
            rows = [r for r in rows if r.id in mine]
        return [r for r in rows if r.id not in done and not r.off_table]

    def facts(self) -> list[Fact]:
        """The cavalry that fought (untick any that did not)."""
        rows = self._rows()
        return [
            Fact(
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
        notes = [_return_note(name) for name in gone]
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
            out += _cavalry_changes(r, o)
        return out

    def summary(self, outcome: Outcome) -> str:
        """``cavalry end of turn: 2 blown, 1 disintegrated``."""
        return f"cavalry end of turn: {outcome.result}"


@register
class CavalryReturns(_RecordAction):
    """Disintegrated cavalry placed back near its start, 18" or more from the enemy (5.11)."""

    procedure = "cavalry_end_of_turn"
    key = "cavalry_returns"
    title = "Disintegrated cavalry returns"
    rule = "5.11"

    def facts(self) -> list[Fact]:
        """Where it is placed (the umpire confirms)."""
        r = _unit_row(self.game, int(self.target["unit_id"]))
        if not (r.disintegrated and r.off_table):
            raise RefereeError(f"{r.name} has not disintegrated")
        return [
            Fact(
                "placed",
                'Placed near its starting point or 18" or more from any enemy',
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


# ====================================================================== 10.0 engineering
def _task(game: GameService, kind: str, unit_id: int) -> GameLink | None:
    with game.db.session() as s:
        row = s.exec(
            select(GameLink)
            .where(
                GameLink.game_id == game.game_id,
                GameLink.kind == kind,
                GameLink.unit_id == unit_id,
            )
            .order_by(col(GameLink.id).desc())
        ).first()
        if row is not None:
            s.expunge(row)
        return row


def open_task(game: GameService, kind: str, unit_id: int) -> GameLink | None:
    """The engineer's unfinished ``pontoon`` or ``demolition`` task, if any."""
    row = _task(game, kind, unit_id)
    if row is None or (row.data or {}).get("finished"):
        return None
    return row


def _task_change(
    game: GameService, kind: str, unit_id: int, task: GameLink | None, data: dict[str, Any]
) -> Change:
    if task is None:
        return link(kind, game.turn, unit_id, unit_id, **data)
    assert task.id is not None
    return SetField("game_link", task.id, "data", data)


@register
class PontoonCheck(Adjudication):
    """A turn of an engineer battalion laying a pontoon bridge (EotE 10.0)."""

    procedure = "pontoon"
    title = "Pontoon bridge"
    rule = "10.0"

    def facts(self) -> list[Fact]:
        """The site, the turns done so far (from the task), fire and assault this turn."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "pontoon", uid)
        data = task.data if task is not None else {}
        needed = int(self.game.ruleset.engineering["pontoon_turns"].value)
        return [
            Fact(
                "turns_done",
                "Turns of work already counted",
                "int",
                int(data.get("turns_done", 0)),
                rule="10.0",
                maximum=needed - 1,
                derived=task is not None,
                help="Read from the engineers' bridge task (the turns recorded so far)."
                if task is not None
                else "No bridge task recorded yet for these engineers: this is the first turn.",
            ),
            Fact(
                "under_fire",
                "Bombarded this turn and took hits or disorder",
                "bool",
                False,
                rule="10.0",
            ),
            Fact("assaulted", "Assaulted this turn", "bool", False, rule="10.0"),
        ]

    def subject(self) -> str:
        """The engineers."""
        return self.unit().name

    def situation(self) -> PontoonSituation:
        """The task's progress and this turn's interference."""
        return PontoonSituation(
            turns_done=int(self.values["turns_done"]),
            under_fire_with_hits_or_disorder=bool(self.values["under_fire"]),
            assaulted_this_turn=bool(self.values["assaulted"]),
        )

    def result_text(self, outcome: Outcome) -> str:
        """``work turn 2 of 4 counted; the bridge is ready after turn 5``."""
        after, needed = (
            int(outcome.details["turns_done_after"]),
            int(outcome.details["turns_needed"]),
        )
        if outcome.result == "complete":
            return f"work turn {after} of {needed} counted: the bridge is ready"
        ready = f"the bridge is ready after turn {self.game.turn + needed - after}"
        if outcome.result == "no_progress":
            return f"no progress ({after} of {needed} work turns counted); {ready} at the earliest"
        return f"work turn {after} of {needed} counted; {ready}"

    def changes(self, outcome: Outcome) -> list[Change]:
        """The task's progress (a new task row on the first turn)."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "pontoon", uid)
        data = {
            "turns_done": int(outcome.details["turns_done_after"]),
            "finished": outcome.result == "complete",
        }
        if task is not None and dict(task.data or {}) == data:
            return []
        return [_task_change(self.game, "pontoon", uid, task, data)]

    def summary(self, outcome: Outcome) -> str:
        """``Engineers: pontoon: work turn 2 of 4 counted; the bridge is ready after turn 5``."""
        return f"{self.unit().name}: pontoon: {self.result_text(outcome)}{_roll_text(outcome)}"


@register
class DemolitionCheck(Adjudication):
    """An engineer battalion setting a bridge charge, then firing it (EotE 10.0)."""

    procedure = "demolition"
    title = "Bridge demolition"
    rule = "10.0"

    def facts(self) -> list[Fact]:
        """Whether the charge is set (from the task)."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "demolition", uid)
        charged = bool(task is not None and (task.data or {}).get("charge_set"))
        return [
            Fact(
                "charge_set",
                "The demolition charge was set on the bridge on an earlier turn (fire it now, "
                "in the artillery fire phase)",
                "bool",
                charged,
                rule="10.0",
                derived=task is not None,
            )
        ]

    def subject(self) -> str:
        """The engineers and what they blow up."""
        return f"{self.unit().name}: demolition charge on a bridge"

    def situation(self) -> DemolitionSituation:
        """Setting or rolling."""
        return DemolitionSituation(charge_set=bool(self.values["charge_set"]))

    def result_text(self, outcome: Outcome) -> str:
        """Charge set, bridge blown up, or the charge to set again."""
        return {
            "charge_set": "demolition charge set on the bridge: fire it in the next artillery "
            "fire phase",
            "destroyed": "the demolition charge goes off: the bridge is blown up",
            "reset": "the demolition charge did not go off: set it again next turn",
        }.get(outcome.result, super().result_text(outcome))

    def changes(self, outcome: Outcome) -> list[Change]:
        """The task: charge set, finished (destroyed) or back to unset."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "demolition", uid)
        data = {
            "charge_set": outcome.result == "charge_set",
            "finished": outcome.result == "destroyed",
        }
        if task is not None and dict(task.data or {}) == data:
            return []
        return [_task_change(self.game, "demolition", uid, task, data)]

    def summary(self, outcome: Outcome) -> str:
        """``Engineers: demolition charge set on the bridge: ...``."""
        return f"{self.unit().name}: {self.result_text(outcome)}{_roll_text(outcome)}"


@register
class BurningCheck(Adjudication):
    """Howitzer batteries trying to set a town block on fire (EotE 7.12): a percentile roll."""

    procedure = "burning"
    title = "Burning buildings"
    rule = "7.12"
    dice_labels = {"percentile": "percentile (1-100)"}

    def _blocks(self) -> tuple[Choice, ...]:
        """The units that may hold the block: those in town first, then the rest on the table."""
        in_town: list[Choice] = []
        others: list[Choice] = []
        for side in self.view.sides:
            for d in side.divisions:
                for u in d.units:
                    if u.off_table or u.arm == "cavalry":
                        continue
                    (in_town if d.in_town else others).append(Choice(u.id, f"held by {u.name}"))
        return (Choice(None, "not held (name it in the journal)"), *in_town, *others)

    def facts(self) -> list[Fact]:
        """The block (by the unit holding it), howitzer batteries firing, the material."""
        held = self.target.get("block_unit_id")
        return [
            Fact(
                "block",
                "The town block",
                "choice",
                int(held) if held is not None else None,
                rule="7.12",
                choices=self._blocks(),
                derived=held is not None,
                help="Name the block by the unit holding it, so the journal says which burned.",
            ),
            Fact(
                "howitzer_batteries",
                "Batteries with howitzers firing at the block",
                "int",
                1,
                rule="7.12",
                minimum=1,
                maximum=10,
            ),
            Fact(
                "building",
                "The block is built of",
                "choice",
                Building.WOOD.value,
                rule="7.12",
                choices=tuple(Choice(b.value, b.value) for b in Building),
            ),
        ]

    def subject(self) -> str:
        """The town block (by the unit holding it), and the firing battery if known."""
        block = "Town block"
        held = self.values.get("block") if hasattr(self, "values") else None
        if held is not None:
            block = f"Town block held by {self.unit(int(held)).name}"
        uid = self.target.get("unit_id")
        return f"{block}, fired on by {self.unit().name}" if uid is not None else block

    def situation(self) -> BurningSituation:
        """Batteries and material."""
        return BurningSituation(
            int(self.values["howitzer_batteries"]), Building(self.values["building"])
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """No marker: the block burns on the table (its unit leaves next movement)."""
        return []

    def summary(self, outcome: Outcome) -> str:
        """``Town block: burning (percentile 7 against 10%)``."""
        pct = outcome.details.get("percentile")
        return (
            f"{self.subject()}: {self.result_text(outcome)} "
            f"(percentile {pct} against {outcome.modified:g}%)"
        )


__all__ = [
    "AllCavalryEndOfTurn",
    "BurningCheck",
    "CavalryEndOfTurnCheck",
    "CavalryReturns",
    "DemolitionCheck",
    "FallingBackEnded",
    "IntegrityCheck",
    "LeaderCasualtyCheck",
    "LeaderInReach",
    "PontoonCheck",
    "RallyRoutedCheck",
    "combat_units_this_turn",
    "events_this_turn",
    "integrity_checks_taken",
    "killed_this_turn",
    "leaders_within_reach",
    "open_task",
    "routed_units_to_rally",
    "units_adjudicated_this_turn",
]
