"""EotE's unit model as words (:class:`~eote_ref.packs.declaration.UnitModelSpec`).

Declared apart from the engine's tables so that the shared army-list layer reads it through
the registry (``Shipped.unit_model``) without loading a ruleset: only the vocabularies of
:mod:`.rules.units` and :mod:`.rules.command` are imported. The words are the engine's own
enums' values (EotE 1.0.1, 1.0.2, 1.3, 5.3.6, 5.4).
"""

from __future__ import annotations

from eote_ref.packs.declaration import UnitModelSpec
from eote_ref.packs.eote.rules.command import MANOEUVRE_LEVELS, Level
from eote_ref.packs.eote.rules.units import (
    FORMATIONS_BY_ARM,
    KNOWN_NATIONS,
    Arm,
    CombatArm,
    Formation,
    Weight,
    starting_formation,
)

#: The unit types each arm allows, in the order the army-list format document lists them.
TYPES_BY_ARM: dict[str, tuple[str, ...]] = {
    Arm.INFANTRY.value: ("line", "light", "grenadier", "guard", "militia"),
    Arm.CAVALRY.value: ("light", "medium", "heavy"),
    Arm.ARTILLERY.value: ("foot", "horse"),
    Arm.ENGINEERS.value: ("sappers", "pontonniers"),
}

#: The formations each combat arm may take in play (:data:`.rules.units.FORMATIONS_BY_ARM`),
#: in :class:`Formation`'s order.
_IN_PLAY: dict[str, tuple[str, ...]] = {
    arm.value: tuple(f.value for f in Formation if f in allowed)
    for arm, allowed in FORMATIONS_BY_ARM.items()
}

#: The formations each arm may start in: for infantry, cavalry and artillery exactly those
#: the rules allow the arm; engineers move as infantry in line or column.
START_FORMATIONS_BY_ARM: dict[str, tuple[str, ...]] = {
    **{arm.value: _IN_PLAY[arm.value] for arm in CombatArm},
    Arm.ENGINEERS.value: (Formation.LINE.value, Formation.COLUMN.value),
}

#: Formations a per-arm default may not name: not every unit of an arm may take them
#: (skirmish order needs full skirmish ability, EotE 5.4), or no army starts a battle in them.
NOT_A_DEFAULT = frozenset({Formation.SKIRMISH.value, Formation.SQUARE.value})

UNIT_MODEL = UnitModelSpec(
    arms=tuple(a.value for a in Arm),
    levels=tuple(lv.value for lv in Level),
    manoeuvre_levels=MANOEUVRE_LEVELS,  # also the referee's division levels (pack.REFEREE)
    weights=tuple(w.value for w in Weight),
    starting_formation=starting_formation,
    formations_by_arm=_IN_PLAY,
    formations=tuple(f.value for f in Formation),
    start_formations_by_arm=START_FORMATIONS_BY_ARM,
    not_a_default=NOT_A_DEFAULT,
    types_by_arm=TYPES_BY_ARM,
    nations=KNOWN_NATIONS,
    gun_arms=frozenset({Arm.ARTILLERY.value}),
)
