"""Leader casualties (EotE 8.0): who is within reach of this turn's combat, and the roll.

:func:`leaders_within_reach` lists the leaders of the divisions whose units fired, were fired
on or fought (the facts of the turn) and the leaders attached to them or to their divisions;
:class:`LeaderCasualtyCheck` rolls for one and writes a ``leader_rolled`` fact, so he leaves
the list until the check is undone.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, NamedTuple

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
    game_leader_row,
    modified_roll_text,
    set_if_changed,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.leader_casualty import LeaderCasualtySituation, replacement
from eote_ref.packs.eote.rules.results import LeaderCasualtyResult
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.views import DivisionView, GameView, UnitView
from eote_ref.store import (
    Change,
    GameLeader,
    game_rows,
)


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
    leaders = game.read(game_rows.leaders)
    # Three columns, not whole rows: this runs on every refresh of the turn guide.
    units = [_UnitRow(*row) for row in game.read(game_rows.unit_attachments)]
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


def killed_this_turn(turn: int, due: int | None, ruleset: Ruleset) -> bool:
    """Whether a killed leader with replacement due on ``due`` fell in ``turn``.

    The replacement's delay is the game's ruleset's (EotE 8.0). A leader marked killed by hand
    has no replacement scheduled (``due`` None): he counts as fallen this turn, so the
    integrity check is still offered.
    """
    return due is None or due == turn + replacement(ruleset)[0]


#: The leader casualty check's results: the rules' labels, "no rally" citing EotE 8.0.
_LEADER_RESULTS = {
    str(r): f"{r.label} (8.0)" if r is LeaderCasualtyResult.NO_RALLY else r.label
    for r in LeaderCasualtyResult
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
        div = check_division(self)
        leaders = self.game.read(game_rows.leaders)
        units = self.game.read(game_rows.division_units, div.id)
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
        div = check_division(self)
        if div.leader is not None and not div.leader.killed:
            return div.leader.id
        return cands[0][0] if cands else None

    def facts(self) -> list[Question]:
        """Which leader, and whether he is attached to a unit in an assault."""
        cands = self._candidates()
        if not cands:
            raise RefereeError(f"{check_division(self).name} has no living leader to roll for")
        lid = self._default_leader(cands)
        unit = next((u for c, _n, _d, u in cands if c == lid), None)
        # The unit he is attached to fought an assault this turn, whatever its arm (8.0).
        fought = turn_facts.units_that_fought(self.view)
        assaulting = bool(unit and (unit.fought_this_turn or unit.id in fought))
        return [
            Question(
                "leader_id",
                "Leader",
                "choice",
                lid,
                rule="8.0",
                choices=tuple(
                    Choice(c, f"{n}" + (f" (with {u.name})" if u else "")) for c, n, _d, u in cands
                ),
                help=f"Every leader within {self.inches('leader_casualty_reach')} of a unit in "
                "combat or under artillery fire rolls.",
            ),
            Question(
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
        return game_leader_row(self.game, int(self.values["leader_id"]))

    def subject(self) -> str:
        """The leader and his division."""
        return f"{self.leader().name} ({check_division(self).name})"

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
        div = check_division(self)
        carriers = self.game.read(game_rows.units_carrying, leader_id)
        if carriers and carriers[0].id is not None:
            return carriers[0].id
        in_combat = combat_units_this_turn(self.game, self.view)
        touched = [u.id for u in div.units if u.id in in_combat]
        if touched:
            return touched[0]
        uid = self.target.get("unit_id")
        if isinstance(uid, int):
            return uid
        return div.units[0].id if div.units else None

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
            out += set_if_changed("game_leader", lead.id, "killed", True, lead.killed)
            due = self.view.turn + replacement(self.game.ruleset)[0]
            out += set_if_changed("game_leader", lead.id, "replacement_due_turn", due, None)
            out += set_if_changed(
                "game_leader", lead.id, "attached_command_id", None, lead.attached_command_id
            )
            carrying = self.game.read(game_rows.units_carrying, lead.id)
            out += [set_unit(u.id, "attached_leader_id", None) for u in carrying if u.id]
        elif outcome.result == "no_rally":
            out += set_if_changed(
                "game_leader", lead.id, "no_rally_next_turn", True, lead.no_rally_next_turn
            )
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
        rolled = modified_roll_text(outcome, self.modifiers(outcome))
        return f"{self.leader().name}: {self.result_text(outcome)}{rolled}"
