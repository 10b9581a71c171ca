"""Abandoned guns: gunners re-occupy their battery in the movement phase (EotE 7.5, 7.7).

A battery that routs or falls back leaves its guns (7.5, 7.7); so does one that abandons them
before an assault (7.10). On a later turn its gunners may go back to the guns during the
movement phase (7.5; 7.7 says the guns may be re-manned on the next movement), but the battery
may not fire in that turn's tactical combat phase. :class:`RemanGunsCheck` records the return
with no roll: ``guns_abandoned`` cleared and a ``remanned`` link for this turn, which the fire
and assault checks read to leave the battery out of this turn's fire and support.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.checks import Adjudication, Question, link, register, set_unit
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.results import ResultCode, Tone
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.phases import Phase
from eote_ref.referee.views import GameView
from eote_ref.store import Change

#: The link kind of a battery whose gunners went back to their guns this turn.
REMANNED = "remanned"


def remanned_ids(view: GameView) -> set[int]:
    """Batteries re-manned in ``view``'s turn: they do not fire this turn (EotE 7.5)."""
    return {ln.unit_id for ln in view.links if ln.kind == REMANNED and ln.turn == view.turn}


class RemanResult(ResultCode):
    """Gunners going back to their guns (EotE 7.5): the one result of a no-roll action."""

    REMANNED = "remanned", Tone.GOOD, "gunners back at the guns"


@register
class RemanGunsCheck(Adjudication):
    """A battery's gunners go back to their abandoned guns (EotE 7.5, 7.7); nothing is rolled.

    Target key: ``unit_id`` (the battery). Refused for a unit that is not artillery, has its
    guns, is routed or off the table; the umpire confirms the guns were left in an earlier turn
    (from this turn's ``guns_abandoned`` facts) and that the gunners can reach them.
    """

    procedure = "movement"  # a movement-phase action (7.5); nothing is rolled
    key = "reman_guns"
    title = "Re-man abandoned guns"
    rule = "7.5"
    own_results = RemanResult

    def subject(self) -> str:
        """The battery."""
        return self.unit().name

    def facts(self) -> list[Question]:
        """When the guns were left (this turn's facts) and whether the gunners reach them."""
        u = self.unit()
        if u.arm != "artillery":
            raise RefereeError(f"{u.name} is not artillery: only gunners re-man guns (7.5)")
        if not u.guns_abandoned:
            raise RefereeError(f"{u.name} has not abandoned its guns")
        if u.off_table:
            raise RefereeError(f"{u.name} is off the table")
        earlier = not turn_facts.guns_abandoned_this_turn(self.view, u.id)
        return [
            Question(
                "abandoned_earlier",
                "The guns were abandoned in an earlier turn",
                "bool",
                earlier,
                rule="7.5",
                derived=True,
                help="Gunners go back to their guns on the turn after they left them",
            ),
            Question(
                "guns_reachable",
                "The gunners can reach their guns (no enemy unit holds them)",
                "bool",
                True,
                rule="7.7",
                help="Enemy cavalry milling among the guns (7.7) keeps the gunners away",
            ),
        ]

    def situation(self) -> dict[str, Any]:
        """The battery's state and the two answers."""
        u = self.unit()
        return {
            "unit_id": u.id,
            "guns_abandoned": u.guns_abandoned,
            "routed": u.routed,
            "phase": self._phase().value,
            "abandoned_earlier": bool(self.values["abandoned_earlier"]),
            "guns_reachable": bool(self.values["guns_reachable"]),
        }

    def _phase(self) -> Phase:
        """The game's phase."""
        return self.view.phase

    def run(self, dice: Any) -> Outcome:
        """No roll: the gunners are back at the guns, or the situation is refused."""
        u = self.unit()
        if self._phase() is not Phase.MOVEMENT:
            raise RefereeError("gunners go back to their guns in the movement phase (7.5)")
        if u.routed:
            raise RefereeError(f"{u.name} is routed: it must rally before re-manning (7.4, 9.1)")
        if not self.values["abandoned_earlier"]:
            raise RefereeError(
                "guns left this turn are re-manned in the next turn's movement phase (7.5)"
            )
        if not self.values["guns_reachable"]:
            raise RefereeError("the gunners must reach their guns to re-man them (7.7)")
        note = f"{u.name} may not fire in this turn's tactical combat phase (7.5)"
        return Outcome.decided("reman_guns", "7.5", "remanned", notes=(note,))

    def result_text(self, outcome: Outcome) -> str:
        """The gunners are back, without fire this turn."""
        return "gunners back at the guns: no fire this turn"

    def changes(self, outcome: Outcome) -> list[Change]:
        """Guns no longer abandoned; a ``remanned`` link keeps the battery silent this turn."""
        u = self.unit()
        return [
            set_unit(u.id, "guns_abandoned", False),
            link(REMANNED, self.game.turn, u.id, u.id),
        ]

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``Sinclair's Battery RA: re-mans its guns (no fire this turn, EotE 7.5)``."""
        return f"{self.unit().name}: re-mans its guns (no fire this turn, EotE 7.5)"


__all__ = [
    "REMANNED",
    "RemanGunsCheck",
    "remanned_ids",
]
