"""Typed model of a scenario: the battle on the table, drawn from army lists (format version 1).

A scenario names, for each side, its army lists and the commands in play (whole corps,
divisions, brigades or single units such as a battery); the commander whose rating counts
for the initiative when the army commander is not on the table (EotE 4.0: the highest
commander present); starting formations; a set-up text; reinforcements; and the end of the
battle (a turn limit, objectives and breakpoints giving a victory level). The format is
documented in ``docs/scenario-format.md``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from eote_ref.armylists.model import StartingFormations
from eote_ref.yamlio.typed import meta

#: The scenario format version this module reads and writes.
FORMAT_VERSION = 1

#: A path between command names in a reference: ``IV Corps / 1st Division``.
PATH_SEPARATOR = " / "

#: Victory levels, best first (the campaign's words: ``eote_ref.referee.campaign``).
DECISIVE = "decisive"
MARGINAL = "marginal"
DRAW = "draw"


@dataclass(frozen=True, kw_only=True)
class ScenarioSide:
    """One side: its army lists and what of them is on the table at the start."""

    name: str
    lists: tuple[str, ...]
    #: References to commands (``I Corps``, ``I Corps / 2nd Division``) or single units
    #: (``Artillery Reserve / Bull's Troop RHA``) of the side's lists; empty: every command.
    commands: tuple[str, ...] = ()
    #: The command whose leader commands the side on the table (an ancestor of the commands
    #: in play, or one of them); None: the highest commander present (EotE 4.0).
    commander: str | None = None
    formations: StartingFormations | None = None


@dataclass(frozen=True, kw_only=True)
class ArrivalEvent:
    """What brings a reinforcement on: exactly one of these happening (docs/scenario-format.md).

    ``broken``: a side or command (as a breakpoint names it) at its breakpoint;
    ``demoralised``: a side or command whose army morale track is demoralised; ``objective``:
    an objective taken (held by ``by``, or by a side other than its first holder);
    ``routed``: a unit (a reference, ``Division / unit``) lost (routed, disintegrated or off).
    """

    broken: str | None = None
    demoralised: str | None = None
    objective: str | None = None
    by: str | None = None
    routed: str | None = None


@dataclass(frozen=True, kw_only=True)
class Reinforcement:
    """Commands arriving: on ``turn``, from ``from_turn`` on a d10 roll, or on an ``event``.

    On an event, ``from_turn`` (if given) is the earliest turn they may come.
    """

    side: str
    commands: tuple[str, ...]
    turn: int | None = field(default=None, metadata=meta(min=1, max=99, help="arrival turn"))
    from_turn: int | None = field(
        default=None, metadata=meta(min=1, max=99, help="first turn they may arrive")
    )
    roll: int | None = field(
        default=None, metadata=meta(min=1, max=10, help="d10 of this or more to arrive")
    )
    enters: str | None = None
    event: ArrivalEvent | None = None


@dataclass(frozen=True, kw_only=True)
class Objective:
    """A named place worth points to the side holding it at the end."""

    name: str
    points: int = field(default=1, metadata=meta(min=0, max=100, help="victory points"))
    held_by: str | None = None
    notes: str | None = None


@dataclass(frozen=True, kw_only=True)
class Effects:
    """What being demoralised (or broken) does in play: a house rule of the scenario.

    EotE has no army morale; a scenario chooses among these, and the checks show the
    modifiers with the scenario as their source (``source: house``).
    """

    #: Added to each unit morale check of the side or command (EotE 7.5 check).
    morale: int = field(default=0, metadata=meta(min=-5, max=5, help="morale check modifier"))
    #: Added to each divisional integrity check of the side or command (EotE 9.0 check).
    integrity: int = field(default=0, metadata=meta(min=-5, max=5, help="integrity check modifier"))
    no_charges: bool = False
    no_advance: bool = False
    ends_battle: bool = False

    def any(self) -> bool:
        """Whether the effects do anything."""
        return self != Effects()


@dataclass(frozen=True, kw_only=True)
class MoraleCosts:
    """What costs army morale points (each a number of points)."""

    unit_lost: int = field(default=0, metadata=meta(min=0, max=100, help="per unit lost"))
    hit: int = field(default=0, metadata=meta(min=0, max=100, help="per hit on a unit"))
    command_broken: int = field(
        default=0, metadata=meta(min=0, max=100, help="per own command at its breakpoint")
    )


@dataclass(frozen=True, kw_only=True)
class MoraleRestores:
    """What gives army morale points back (each a number of points)."""

    quiet_turn: int = field(
        default=0, metadata=meta(min=0, max=100, help="per turn without a unit lost")
    )
    night: int = field(default=0, metadata=meta(min=0, max=100, help="per night turn passed"))
    reinforcement: int = field(
        default=0, metadata=meta(min=0, max=100, help="per reinforcement arrived")
    )


@dataclass(frozen=True, kw_only=True)
class MoraleEvent:
    """An event the umpire records (the Guard committed): ``points`` lost (or, above 0, won)."""

    name: str
    points: int = field(metadata=meta(min=-100, max=100, help="points (below 0: a cost)"))


@dataclass(frozen=True, kw_only=True)
class SecretThreshold:
    """A demoralisation level kept hidden: rolled when the track first comes ``within`` of it.

    The real level is ``demoralised_at`` plus a roll of a ``die``-sided die less half the die
    (rounded up): with a d6, from 2 below to 3 above.
    """

    within: int = field(default=3, metadata=meta(min=0, max=100, help="points above the level"))
    die: int = field(default=6, metadata=meta(min=2, max=20, help="sides of the die"))


@dataclass(frozen=True, kw_only=True)
class ArmyMorale:
    """A side's (or a named command's) morale track: points lost and won, demoralised at a level."""

    side: str
    command: str | None = None
    start: int = field(metadata=meta(min=1, max=500, help="starting value"))
    demoralised_at: int = field(
        metadata=meta(min=0, max=500, help="demoralised at this value or below")
    )
    costs: MoraleCosts = MoraleCosts()
    restores: MoraleRestores = MoraleRestores()
    night_turns: tuple[int, ...] = ()
    events: tuple[MoraleEvent, ...] = ()
    effects: Effects = Effects()
    secret: SecretThreshold | None = None
    #: Victory points to the enemy while demoralised.
    points: int = field(default=0, metadata=meta(min=0, max=100, help="points to the enemy"))


@dataclass(frozen=True, kw_only=True)
class Breakpoint:
    """A share of a side's (or a command's) units lost that breaks it.

    Units count as lost when routed, disintegrated or off the table. A side at its
    breakpoint loses the battle; a command at its breakpoint gives ``points`` to the enemy.
    """

    side: str
    command: str | None = None
    share: int = field(metadata=meta(min=1, max=100, help="percentage of units lost"))
    points: int = field(default=0, metadata=meta(min=0, max=100, help="points to the enemy"))
    #: What being broken does in play besides scoring (docs/scenario-format.md).
    effects: Effects = Effects()


@dataclass(frozen=True, kw_only=True)
class AutomaticVictory:
    """A condition that wins the battle for ``side`` outright, whatever the points (house rule).

    Exactly one of: ``leader_lost`` (an enemy leader, by name, killed or captured);
    ``objective`` held by ``side`` from turn ``turn`` on; ``demoralised`` (an enemy side or
    command whose army morale track is demoralised).
    """

    side: str
    leader_lost: str | None = None
    objective: str | None = None
    turn: int | None = field(default=None, metadata=meta(min=1, max=99, help="held from turn"))
    demoralised: str | None = None


@dataclass(frozen=True, kw_only=True)
class LossRatio:
    """Levels by the ratio of units lost: the enemy's losses over the side's own."""

    marginal: float = field(metadata=meta(min=1, max=100, help="ratio for a marginal victory"))
    decisive: float = field(metadata=meta(min=1, max=100, help="ratio for a decisive victory"))


@dataclass(frozen=True, kw_only=True)
class End:
    """How the battle ends and who won."""

    turns: int | None = field(default=None, metadata=meta(min=1, max=99, help="turn limit"))
    objectives: tuple[Objective, ...] = ()
    breakpoints: tuple[Breakpoint, ...] = ()
    decisive_margin: int = field(
        default=4, metadata=meta(min=1, max=100, help="points ahead for a decisive victory")
    )
    #: Points to a side for each enemy unit lost (the loss term of the ledger).
    loss_points: int = field(
        default=0, metadata=meta(min=0, max=100, help="points per enemy unit lost")
    )
    #: Decisive by ratio instead of margin: the winner's points at least this many times the
    #: loser's (None: by ``decisive_margin``).
    decisive_ratio: float | None = field(
        default=None, metadata=meta(min=1, max=100, help="points ratio for a decisive victory")
    )
    automatic: tuple[AutomaticVictory, ...] = ()
    #: Levels by the ratio of losses (after automatic victories and breakpoints, before
    #: the points): None leaves the points to decide.
    loss_ratio: LossRatio | None = None


@dataclass(frozen=True, kw_only=True)
class Briefing:
    """Text for one side's eyes only: its order sheet and its own screen, from ``turn`` on."""

    side: str
    text: str
    turn: int | None = field(default=None, metadata=meta(min=1, max=99, help="released on"))


@dataclass(frozen=True, kw_only=True)
class Scenario:
    """A scenario as read from a scenario file."""

    format: int
    name: str
    battle: str | None = None
    sources: tuple[str, ...] = ()
    notes: str | None = None
    setup: str | None = None
    figure_scale: str | None = None
    #: A side's name, ``roll``, or None to decide at the table.
    initiative: str | None = None
    sides: tuple[ScenarioSide, ...]
    reinforcements: tuple[Reinforcement, ...] = ()
    end: End = End()
    army_morale: tuple[ArmyMorale, ...] = ()
    briefings: tuple[Briefing, ...] = ()
    movement_minutes: int | None = field(
        default=None, metadata=meta(min=1, max=60, help="movement phase time limit")
    )
    #: What befalls the side still moving when the timer runs out (a house rule, after the
    #: timed turns of other rules), shown when time is up.
    movement_penalty: str | None = None

    def side(self, name: str) -> ScenarioSide | None:
        """The side called ``name`` (None when there is none)."""
        for s in self.sides:
            if s.name == name:
                return s
        return None
