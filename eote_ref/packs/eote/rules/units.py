"""How the engine sees a unit on the table: arm, formation, CE and its markers (EotE 1.3, 1.4)."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from eote_ref.packs.eote.rules.core import Modifier, RulesError
from eote_ref.packs.eote.rules.ruleset import Ruleset

#: Entries of the ruleset's skirmish table that are not nations (its years and hit counts,
#: EotE 5.4, 5.5.1): here, beside the nations, so the calculator checks a situation's nation
#: without importing the skirmish procedure.
NOT_NATIONS = frozenset(
    {
        "others_from_1812",
        "others_before_1812",
        "cutoff_year",
        "detach_hits",
        "ineffective_hits",
    }
)

#: Nation keys eote-ref knows (one vocabulary for army lists and the rules calculator): an army
#: list's other well-formed key loads with a warning, the calculator refuses it (a likely typo,
#: and the skirmish rating of EotE 5.5.1 depends on the nation).
KNOWN_NATIONS = frozenset(
    {
        "austrian",
        "baden",
        "bavarian",
        "british",
        "brunswick",
        "danish",
        "dutch",
        "dutch-belgian",
        "french",
        "hanoverian",
        "hessian",
        "italian",
        "kgl",  # the King's German Legion
        "nassau",
        "neapolitan",
        "ottoman",
        "polish",
        "portuguese",
        "prussian",
        "russian",
        "saxon",
        "spanish",
        "swedish",
        "swiss",
        "westphalian",
        "wurttemberg",
    }
)


class Arm(enum.StrEnum):
    """The arm of service of a unit: the one vocabulary (army lists, store, referee)."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"
    ENGINEERS = "engineers"


class CombatArm(enum.Enum):
    """The arms the combat procedures distinguish: every :class:`Arm` but the engineers."""

    INFANTRY = "infantry"
    CAVALRY = "cavalry"
    ARTILLERY = "artillery"


class Formation(enum.StrEnum):
    """Formations the rules distinguish (EotE 1.0.2, 5.3.6, 5.4, 5.2.3): the one vocabulary.

    Army lists, the store and the referee write a formation as its value.
    """

    LINE = "line"
    COLUMN = "column"
    FRENCH_ASSAULT_COLUMN = "french_assault_column"
    SQUARE = "square"
    SKIRMISH = "skirmish"
    LIMBERED = "limbered"
    UNLIMBERED = "unlimbered"

    @property
    def is_column(self) -> bool:
        """Any column, the French assault column included."""
        return self in (Formation.COLUMN, Formation.FRENCH_ASSAULT_COLUMN)


class Weight(enum.StrEnum):
    """Battery weight or cavalry class: the one vocabulary (army lists, store and rules)."""

    LIGHT = "light"
    MEDIUM = "medium"
    HEAVY = "heavy"


INFANTRY_FORMATIONS = {
    Formation.LINE,
    Formation.COLUMN,
    Formation.FRENCH_ASSAULT_COLUMN,
    Formation.SQUARE,
    Formation.SKIRMISH,
}
CAVALRY_FORMATIONS = {Formation.LINE, Formation.COLUMN, Formation.SKIRMISH}
ARTILLERY_FORMATIONS = {Formation.LIMBERED, Formation.UNLIMBERED}
FORMATIONS_BY_ARM = {
    CombatArm.INFANTRY: INFANTRY_FORMATIONS,
    CombatArm.CAVALRY: CAVALRY_FORMATIONS,
    CombatArm.ARTILLERY: ARTILLERY_FORMATIONS,
}


def starting_formation(
    own: str | None, default: str | None, nation: str, list_nation: str
) -> str | None:
    """The formation a unit starts the game in: its own, else its arm's default.

    A default French assault column (EotE 5.3.6, a French formation that a list of another
    nation may also claim) becomes a plain column for a unit whose nation differs from its
    list's (an allied contingent). Returns None when neither is given.
    """
    if own:
        return own
    if default == Formation.FRENCH_ASSAULT_COLUMN.value and nation != list_nation:
        return Formation.COLUMN.value
    return default or None


@dataclass(frozen=True)
class Unit:
    """A unit as a procedure needs it.

    ``changed_formation`` is a formation change inside tactical combat range this turn
    (EotE 1.8.3); ``supported`` is artillery support by friends within 2" (EotE 1.7).
    """

    arm: CombatArm
    ce: int
    formation: Formation
    hits: int = 0
    disordered: bool = False
    blown: int = 0
    routed: bool = False
    nation: str = ""
    leader_attached: bool = False
    in_command: bool = True
    weight: Weight | None = None
    changed_formation: bool = False
    supported: bool = True

    def __post_init__(self) -> None:
        if self.ce < 0:
            raise RulesError("ce must be 0 or more", field="ce", rule="1.4")
        if self.hits < 0:
            raise RulesError("hits must be 0 or more", field="hits", rule="1.3")
        if self.blown < 0:
            raise RulesError("blown must be 0 or more", field="blown", rule="5.10")
        if self.formation not in FORMATIONS_BY_ARM[self.arm]:
            allowed = ", ".join(sorted(f.value for f in FORMATIONS_BY_ARM[self.arm]))
            raise RulesError(
                f"{self.arm.value} cannot be in {self.formation.value} (use {allowed})",
                field="formation",
            )
        if self.blown and self.arm is not CombatArm.CAVALRY:
            raise RulesError("only cavalry carries blown markers", field="blown", rule="5.10")

    @property
    def british(self) -> bool:
        """British (the nation key is case-insensitive)."""
        return self.nation.strip().lower() == "british"


def counts_as_british(nation: str, rs: Ruleset) -> bool:
    """Whether a nation takes the rules' British provisions (EotE 5.6, 5.151, 7.11).

    The King's German Legion (``kgl``) does so only under option
    ``kgl_counts_as_british=all_british_rules``; its skirmish rating is the table's own row.
    """
    key = nation.strip().lower()
    if key == "british":
        return True
    return key == "kgl" and rs.opts.kgl_counts_as_british == "all_british_rules"


def combat_modifiers(unit: Unit, rs: Ruleset) -> list[Modifier]:
    """Modifiers of the Tactical Combat Chart that apply to fire and assault alike (EotE 10.0)."""
    out: list[Modifier] = []
    if unit.hits:
        out.append(rs.mod("combat", "per_hit").modifier(unit.hits))
    if unit.disordered:
        out.append(rs.mod("combat", "disordered").modifier())
    if unit.changed_formation:
        out.append(rs.mod("combat", "changed_formation").modifier())
    if unit.blown:
        out.append(rs.mod("combat", "per_blown").modifier(unit.blown))
    return out


def morale_due(hits: int, threshold: int, *, routed: bool = False) -> bool:
    """Whether a unit carrying ``hits`` is due a morale check (EotE 7.5, 6.8).

    A unit checks morale on reaching the threshold (the option ``morale_hit_threshold``) and on
    every hit after; a routed unit has no morale left to check.
    """
    return not routed and hits >= threshold


def morale_check_due(hits_before: int, hits_added: int, rs: Ruleset) -> bool:
    """Whether new hits call for a morale check: some were added and the unit is due (7.5)."""
    threshold = int(rs.opts.morale_hit_threshold)
    return hits_added > 0 and morale_due(hits_before + hits_added, threshold)


def fire_sub_phase(arm: str, formation: str | None) -> str | None:
    """The fire sub-phase in which a unit of ``arm`` in ``formation`` may fire, if any.

    Batteries fire in the artillery sub-phase (EotE 6.2), infantry battalions in the infantry
    sub-phase (6.5), and engineer battalions with them: they are infantry to the combat
    procedures. Mounted cavalry does not fire; cavalry deployed as skirmishers does, with the
    infantry (5.17). ``arm`` and ``formation`` are the values of :class:`Arm` and
    :class:`Formation`. Whether the unit can fire now (routed, guns abandoned, a column) is
    the state's and the procedure's business, not this one's.
    """
    if arm == Arm.ARTILLERY:
        return "artillery"
    if arm in (Arm.INFANTRY, Arm.ENGINEERS):
        return "infantry"
    if arm == Arm.CAVALRY and formation == Formation.SKIRMISH:
        return "infantry"
    return None
