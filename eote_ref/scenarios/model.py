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
class Reinforcement:
    """Commands arriving during the battle: on ``turn``, or from ``from_turn`` on a d10 roll."""

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


@dataclass(frozen=True, kw_only=True)
class Objective:
    """A named place worth points to the side holding it at the end."""

    name: str
    points: int = field(default=1, metadata=meta(min=0, max=100, help="victory points"))
    held_by: str | None = None
    notes: str | None = None


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


@dataclass(frozen=True, kw_only=True)
class End:
    """How the battle ends and who won."""

    turns: int | None = field(default=None, metadata=meta(min=1, max=99, help="turn limit"))
    objectives: tuple[Objective, ...] = ()
    breakpoints: tuple[Breakpoint, ...] = ()
    decisive_margin: int = field(
        default=4, metadata=meta(min=1, max=100, help="points ahead for a decisive victory")
    )


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
    movement_minutes: int | None = field(
        default=None, metadata=meta(min=1, max=60, help="movement phase time limit")
    )

    def side(self, name: str) -> ScenarioSide | None:
        """The side called ``name`` (None when there is none)."""
        for s in self.sides:
            if s.name == name:
                return s
        return None
