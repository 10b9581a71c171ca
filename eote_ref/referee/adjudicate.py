"""Adjudications on a live game: rules situations built from the state, outcomes journaled.

Every wizard follows one loop: build the situation from the game state plus the facts the
umpire reads off the table, :meth:`Adjudicator.preview` it (modifiers with their sections and
the odds of every result, before any die is rolled), then :meth:`Adjudicator.resolve` it with
the die the umpire entered (or the app's roll). Resolving writes one journal event holding the
inputs, the roll, the rules outcome with its trace, and the state changes its effects call for,
so one undo reverts the whole adjudication.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from eote_ref.referee.game import GameService, RefereeError
from eote_ref.rules.core import Effect, Outcome
from eote_ref.rules.dice import Dice, EnteredDice, RandomDice
from eote_ref.rules.morale import MoraleSituation
from eote_ref.rules.procedures import PROCEDURES
from eote_ref.rules.square import SquareSituation
from eote_ref.rules.units import Arm, Formation, Unit, Weight
from eote_ref.store import Change, GameUnit, SetField, get_game

#: Formation a unit is taken to be in when the umpire has not recorded one.
DEFAULT_FORMATION = {
    "infantry": Formation.LINE,
    "cavalry": Formation.LINE,
    "artillery": Formation.UNLIMBERED,
}


def rules_unit(
    row: GameUnit, *, supported: bool = True, leader_attached: bool | None = None
) -> Unit:
    """The rules engine's view of a game unit (engineers fight as infantry)."""
    arm = Arm.INFANTRY if row.arm == "engineers" else Arm(row.arm)
    if row.formation:
        formation = Formation(row.formation)
    elif arm is Arm.ARTILLERY and row.limbered:
        formation = Formation.LIMBERED
    else:
        formation = DEFAULT_FORMATION[arm.value]
    weight = None
    if arm is Arm.ARTILLERY and row.weight:
        weight = Weight(row.weight)
    elif arm is Arm.CAVALRY and row.type in {w.value for w in Weight}:
        weight = Weight(row.type)
    return Unit(
        arm=arm,
        ce=row.ce,
        formation=formation,
        hits=row.hits,
        disordered=row.disordered,
        blown=row.blown if arm is Arm.CAVALRY else 0,
        routed=row.routed,
        nation=row.nation,
        leader_attached=row.attached_leader_id is not None
        if leader_attached is None
        else leader_attached,
        in_command=not row.out_of_command,
        weight=weight,
        changed_formation=row.changed_formation,
        supported=supported,
    )


def effect_changes(row: GameUnit, effect: Effect, *, from_morale: bool = False) -> list[Change]:
    """The unit-state changes an effect calls for (hits, disorder, rout, guns, blown)."""
    assert row.id is not None
    out: list[Change] = []

    def put(field: str, value: Any) -> None:
        if getattr(row, field) != value:
            out.append(SetField("game_unit", row.id, field, value))  # type: ignore[arg-type]

    if effect.hits:
        put("hits", max(0, row.hits + effect.hits))
    if effect.disorder:
        put("disordered", True)
    if effect.rout:
        put("routed", True)
        put("routed_this_turn", True)
        if from_morale:
            put("routed_by_morale", True)
    if effect.guns_abandoned:
        put("guns_abandoned", True)
    if effect.blown_markers:
        put("blown", max(0, row.blown + effect.blown_markers))
    return out


@dataclass(frozen=True)
class Preview:
    """What the umpire sees before rolling: modifiers, modified value and the odds."""

    outcome: Outcome

    @property
    def probabilities(self) -> dict[str, float]:
        """Each result's probability as a float (for display)."""
        return {k: float(v) for k, v in self.outcome.probabilities.items()}


class PreviewDice:
    """Dice for a preview: every roll reads 1; a preview shows only what no roll changes."""

    def d10(self, name: str = "roll") -> int:
        return 1

    def percentile(self, name: str = "percentile") -> int:
        return 1


def dice_for(rolls: Mapping[str, int] | None, seed: int | None = None) -> Dice:
    """Entered rolls where given (0 reads 10), the app's own roll for the rest."""
    return EnteredDice(dict(rolls or {}), fallback=RandomDice(seed))


class Adjudicator:
    """Runs rules procedures against a game and journals their outcomes.

    Args:
        game: the open game's service (its ruleset carries the game's options).
    """

    def __init__(self, game: GameService) -> None:
        self.game = game

    # ------------------------------------------------------------------ state
    def unit_row(self, unit_id: int) -> GameUnit:
        """The unit's current row (a detached copy)."""
        with self.game.db.session() as s:
            row = s.get(GameUnit, unit_id)
            if row is None or row.game_id != self.game.game_id:
                raise RefereeError(f"there is no unit {unit_id} in this game")
            s.expunge(row)
            return row

    def figure_scale(self) -> str:
        """The game's figure scale (distances in outcomes follow it)."""
        with self.game.db.session() as s:
            return get_game(s, self.game.game_id).figure_scale

    # ------------------------------------------------------------------ generic
    def preview(self, procedure: str, situation: Any) -> Preview:
        """Run ``procedure`` on ``situation`` without a real roll and without writing."""
        proc = PROCEDURES[procedure]
        return Preview(proc.run(situation, self.game.ruleset, PreviewDice()))

    def resolve(
        self,
        procedure: str,
        situation: Any,
        dice: Dice,
        changes_for: Callable[[Outcome], Sequence[Change]],
        summary_for: Callable[[Outcome], str],
        inputs: Mapping[str, Any] | None = None,
    ) -> Outcome:
        """Roll (or read the entered die), then journal the outcome and its state changes."""
        proc = PROCEDURES[procedure]
        outcome = proc.run(situation, self.game.ruleset, dice)
        rolls = [r for r in (outcome.roll, outcome.second_roll) if r is not None]
        self.game.record(
            procedure,
            summary_for(outcome),
            changes_for(outcome),
            inputs={"situation": dataclasses.asdict(situation), **dict(inputs or {})},
            rolls=rolls,
            outcome=outcome.to_json(),
        )
        return outcome

    # ------------------------------------------------------------------ square (5.6)
    def square_situation(
        self, unit_id: int, *, pinned_at_start: bool = False, on_breakthrough: bool = False
    ) -> SquareSituation:
        """The square attempt of a unit as cavalry closes (EotE 5.6)."""
        return SquareSituation(
            rules_unit(self.unit_row(unit_id)),
            pinned_by_cavalry_at_start=pinned_at_start,
            cavalry_on_breakthrough=on_breakthrough,
        )

    def square(self, unit_id: int, situation: SquareSituation, dice: Dice) -> Outcome:
        """Resolve a square attempt: square on success, pinned in formation on failure."""
        row = self.unit_row(unit_id)

        def changes(o: Outcome) -> list[Change]:
            out: list[Change] = []
            if o.result == "formed" and row.formation != "square":
                out.append(SetField("game_unit", unit_id, "formation", "square"))
            if o.result in ("formed", "failed") and not row.pinned:
                out.append(SetField("game_unit", unit_id, "pinned", True))
            return out

        return self.resolve(
            "square",
            situation,
            dice,
            changes,
            lambda o: f"{row.name}: square {_result_text(o)}",
            {"unit_id": unit_id},
        )

    # ------------------------------------------------------------------ morale (7.5)
    def morale_situation(self, unit_id: int, **flags: bool) -> MoraleSituation:
        """A unit's morale check with the table facts in ``flags`` (EotE 7.5)."""
        row = self.unit_row(unit_id)
        supported = bool(flags.get("artillery_supported", True))
        return MoraleSituation(
            rules_unit(row, supported=supported),
            figure_scale=self.figure_scale(),
            **flags,
        )

    def morale(self, unit_id: int, situation: MoraleSituation, dice: Dice) -> Outcome:
        """Resolve a morale check and apply fall back or rout."""
        row = self.unit_row(unit_id)
        return self.resolve(
            "morale",
            situation,
            dice,
            lambda o: effect_changes(row, o.effects["unit"], from_morale=True),
            lambda o: f"{row.name}: morale {_result_text(o)}",
            {"unit_id": unit_id},
        )


def _result_text(o: Outcome) -> str:
    roll = f" (rolled {o.roll} against {o.modified:g})" if o.roll is not None else ""
    return f"{o.result.replace('_', ' ')}{roll}"
