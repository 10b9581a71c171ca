"""Orders (EotE 3.1-3.4, 3.6): a new order's activation on the Activating Orders Chart, reserves."""

from __future__ import annotations

import dataclasses
from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    register,
)
from eote_ref.packs.eote.checks.command import attached_commander, division, issuer_level, superiors
from eote_ref.packs.eote.rules.core import Outcome, Reveals
from eote_ref.packs.eote.rules.orders import (
    OrderActivationSituation,
    OrderType,
    attached_beyond_radius,
)
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.journal_line import ORDER_SENT, Line, Piece
from eote_ref.store import Change, GameLeader, SetField

#: The distance fact's value until the umpire has measured it.
NOT_MEASURED = -1.0


def _turns_text(turns: int, now: int) -> str:
    """``turns`` from turn ``now``: "takes effect now" or "takes effect on turn 4"."""
    if turns == 0:
        return "takes effect now"
    return f"takes effect on turn {now + turns}"


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
        return f"{div.title} ({now}{pending})"

    def order_choices(self) -> tuple[Choice, ...]:
        """The order types offered."""
        return tuple(Choice(o.value, o.value) for o in OrderType)

    def default_order(self) -> str:
        """The order pre-selected."""
        div = division(self)
        return div.current_order or OrderType.DEFEND.value

    def facts(self) -> list[Question]:
        """Order, issuer, distance, dominating terrain; attached and first turn from the state."""
        div = division(self)
        issuers = superiors(self, div.id)
        attached = attached_commander(self, div.id)
        default = attached if attached is not None else (issuers[0] if issuers else None)
        first_turn = self.view.turn == 1
        return [
            Question(
                "order",
                "The new order",
                "choice",
                self.default_order(),
                rule="3.2",
                choices=self.order_choices(),
            ),
            Question(
                "issuer",
                "Issued by",
                "choice",
                default.id if default is not None else None,
                rule="3.1",
                choices=tuple(
                    Choice(x.id, f"{x.name} ({x.level}, rating {x.rating:+d})") for x in issuers
                ),
            ),
            Question(
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
            Question(
                "dominating_terrain",
                "The issuing leader stands on a dominating terrain feature",
                "bool",
                False,
                rule="3.6",
            ),
            Question(
                "attached",
                "The issuing leader is attached to this division",
                "bool",
                attached is not None,
                rule="3.1, 3.5.2",
                derived=attached is not None,
            ),
            Question(
                "first_turn",
                "First turn of the battle (orders act at once)",
                "bool",
                first_turn,
                rule="3.1",
                derived=first_turn,
            ),
        ]

    def settled(self) -> dict[str, tuple[Any, str]]:
        """Attached to the division, the leader is with it: no distance to measure (3.5.2)."""
        if not self.values["attached"]:
            return {}
        when = "at once (first turn)" if self.values["first_turn"] else "next turn without a roll"
        return {
            "distance_in": (
                NOT_MEASURED,
                "the issuing leader is attached to the division and stands with it, so no "
                f"distance is measured: the order acts {when} (3.1, 3.5.2)",
            )
        }

    def contradiction(self, key: str, value: Any) -> str | None:
        """An attached commander's distance: moot within his radius, refused beyond it.

        Beyond it, the attachment is contradicted (3.5.2), as ``order_activation`` refuses
        it; on the first turn no distance is read at all (3.1). Other answers as settled.
        """
        if key != "distance_in" or not self.values["attached"]:
            return super().contradiction(key, value)
        distance = float(value)
        if distance < 0:
            return None  # not measured
        s = dataclasses.replace(self.situation(), distance_in=distance)
        radius = attached_beyond_radius(s, self.game.ruleset)
        if radius is None:
            return None
        return (
            f"{self._issuer().name} is attached to the division and stands with it, so he "
            f'cannot be {distance:g}" away, beyond his {radius:g}" radius (3.5.2, 3.6)'
        )

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
            level=issuer_level(lead.level),
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
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The summary as one piece revealing the order (EotE 3.1).

        Its words, sender and countdown are the umpire's and the issuing side's, never the
        players' display's.
        """
        lead = self._issuer()
        rolled = f", rolled {outcome.roll}" if outcome.roll is not None else ""
        text = f"{division(self).name}: {self.result_text(outcome)} ({lead.name}{rolled})"
        return Line.of(Piece(text, Reveals.ORDER, veiled=ORDER_SENT))


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

    def facts(self) -> list[Question]:
        """As for an order, the first turn's box aside (option ``reserve_first_turn``).

        By default a reserve's activation is rolled in turn 1 too (3.3); ``at_once`` reads
        3.1's first turn as covering reserves.
        """
        facts = super().facts()
        if self.game.ruleset.opts.reserve_first_turn == "at_once":
            return facts
        out = []
        for f in facts:
            if f.key == "first_turn":
                f = Question(
                    "first_turn",
                    "Acts at once as an order of the first turn (3.1)",
                    "bool",
                    False,
                    rule="3.1, 3.3",
                    help="A reserve's activation is rolled on the OAC in turn 1 too (3.3; option "
                    "reserve_first_turn=oac_roll). Tick only if your table reads 3.1 otherwise.",
                )
            out.append(f)
        return out

    def situation(self) -> OrderActivationSituation:
        """As for any order, once the division is on RESERVE."""
        div = division(self)
        if div.current_order != OrderType.RESERVE.value:
            raise RefereeError(f"{div.name} is not in RESERVE (its order: {div.current_order})")
        return super().situation()
