"""The game state in the rules' terms: units as the rules engine sees them, effects as changes.

Every check (:mod:`eote_ref.packs.eote.checks`) builds its rules situation from these, so a unit
row reads the same way in every procedure; the one adjudication loop lives in ``checks``.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.command_control import in_command
from eote_ref.packs.eote.rules.core import Effect
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, Weight
from eote_ref.referee.markers import unit_change
from eote_ref.referee.views import UnitView
from eote_ref.store import Change, GameUnit

#: Formation a unit is taken to be in when the umpire has not recorded one.
DEFAULT_FORMATION = {
    "infantry": Formation.LINE,
    "cavalry": Formation.LINE,
    "artillery": Formation.UNLIMBERED,
}


def rules_unit(
    row: GameUnit | UnitView,
    *,
    commander_id: int | None,
    supported: bool = True,
    leader_attached: bool | None = None,
) -> Unit:
    """The rules engine's view of a game unit (engineers fight as infantry).

    ``row`` is the unit's row or its :class:`UnitView` (a check reads the view it opened on
    rather than the rows again: one read per step). ``commander_id`` is the leader its
    division's radius is measured from: the unit's command is read as every check reads it
    (:mod:`eote_ref.packs.eote.command_control`). ``leader_attached`` is any attached
    leader's bonus, whoever he is (3.5.1).
    """
    arm = CombatArm.INFANTRY if row.arm == "engineers" else CombatArm(row.arm)
    if row.formation:
        formation = Formation(row.formation)
    elif arm is CombatArm.ARTILLERY and row.limbered:
        formation = Formation.LIMBERED
    else:
        formation = DEFAULT_FORMATION[arm.value]
    weight = None
    if arm is CombatArm.ARTILLERY and row.weight:
        weight = Weight(row.weight)
    elif arm is CombatArm.CAVALRY and row.type in {w.value for w in Weight}:
        weight = Weight(row.type)
    return Unit(
        arm=arm,
        ce=row.ce,
        formation=formation,
        hits=row.hits,
        disordered=row.disordered,
        blown=row.blown if arm is CombatArm.CAVALRY else 0,
        routed=row.routed,
        nation=row.nation,
        leader_attached=_leader_attached(row) if leader_attached is None else leader_attached,
        in_command=in_command(row, commander_id),
        weight=weight,
        changed_formation=row.changed_formation,
        supported=supported,
    )


def _leader_attached(row: GameUnit | UnitView) -> bool:
    if isinstance(row, UnitView):
        return row.attached_leader is not None
    return row.attached_leader_id is not None


def effect_changes(
    row: GameUnit | UnitView, effect: Effect, *, from_morale: bool = False
) -> list[Change]:
    """The unit-state changes an effect calls for (hits, disorder, rout, guns, blown).

    ``row`` may be the unit's view; a marker the view does not carry is written.
    """
    assert row.id is not None
    out: list[Change] = []

    def put(field: str, value: Any) -> None:
        if getattr(row, field, None) != value:
            out.append(unit_change(row.id, field, value))  # type: ignore[arg-type]

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


class PreviewDice:
    """Dice for a preview: every roll reads 1; a preview shows only what no roll changes."""

    def d10(self, name: str = "roll") -> int:
        return 1

    def percentile(self, name: str = "percentile") -> int:
        return 1
