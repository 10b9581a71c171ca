"""The turn sequence of EotE 2.0: seven phases, in order, one turn being 30 minutes."""

from __future__ import annotations

import enum
import re
from collections.abc import Callable


class Phase(enum.Enum):
    """A phase of the turn (EotE 2.0), with its label and governing section."""

    COMMAND = "command"
    INITIATIVE = "initiative"
    MOVEMENT = "movement"
    FIRE = "fire"
    ASSAULT = "assault"
    LEADER_CASUALTY = "leader_casualty"
    INTEGRITY = "integrity"

    @property
    def label(self) -> str:
        """The phase's name as the umpire says it."""
        return _LABELS[self][0]

    @property
    def rule(self) -> str:
        """The rules section that governs the phase."""
        return _LABELS[self][1]

    @property
    def steps(self) -> tuple[str, ...]:
        """What happens in the phase, in the project's words (EotE 2.0)."""
        return _LABELS[self][2]

    @property
    def number(self) -> int:
        """1..7 in the turn."""
        return PHASES.index(self) + 1

    @classmethod
    def parse(cls, text: str | None) -> Phase:
        """The phase stored as ``text`` (an empty value is the first phase)."""
        if not text:
            return cls.COMMAND
        return cls(text)


_LABELS: dict[Phase, tuple[str, str, tuple[str, ...]]] = {
    Phase.COMMAND: (
        "Command control",
        "3.0",
        (
            "both sides together: which units are within their commander's radius (3.6)",
            "disordered units in command and not pinned rally (3.6, 5.7)",
            "blown cavalry that rested a full turn becomes disordered instead (5.12)",
            "orders are issued or changed on the Activating Orders Chart (3.1-3.4)",
            "routed units from last turn leave the table (7.5)",
        ),
    ),
    Phase.INITIATIVE: (
        "Initiative",
        "4.0",
        ("each side rolls a d10 plus its modifiers; the higher wins, ties roll again",),
    ),
    Phase.MOVEMENT: (
        "Movement",
        "5.0",
        (
            "the side with the initiative moves first, at full allowance (5.3.1)",
            "then the other side moves unpinned units at half, or changes formation (4.0)",
            "square attempts as cavalry closes to pinning distance (5.6)",
        ),
    ),
    Phase.FIRE: (
        "Tactical fire",
        "6.0",
        (
            "artillery not being assaulted fires, all at once; then morale checks (6.2)",
            'infantry within 5" and not assaulted fires, all at once; then morale checks (6.5)',
        ),
    ),
    Phase.ASSAULT: (
        "Tactical assault",
        "7.0",
        (
            "every combat involving cavalry first, with its breakthrough combats (7.7)",
            'then infantry against infantry or artillery within 3" (7.6)',
            "morale checks as results call for them (7.5)",
        ),
    ),
    Phase.LEADER_CASUALTY: (
        "Leader casualty",
        "8.0",
        ('a roll for each leader within 3" of combat or artillery fire (8.0)',),
    ),
    Phase.INTEGRITY: (
        "Divisional integrity",
        "9.0",
        (
            "divisions whose infantry routed or whose commander was killed check (9.0)",
            "divisions out of tactical combat range may rally routed units (9.1)",
            "cavalry that fought becomes blown; blown cavalry that fought disintegrates (5.10)",
        ),
    ),
}

#: The phases in turn order.
PHASES: tuple[Phase, ...] = tuple(Phase)

_INCHES = re.compile(r'(\d+(?:\.\d+)?)"')


def steps_at_scale(phase: Phase, scaled: Callable[[float], float]) -> tuple[str, ...]:
    """``phase.steps`` with each distance as ``scaled`` gives it at the game's figure scale.

    The steps name the listed (15mm) distances; at 6mm "infantry within 5"" is 3" and at
    25mm 7" (introduction), as the checks' arithmetic and questions already say.
    """
    return tuple(
        _INCHES.sub(lambda m: f'{scaled(float(m.group(1))):g}"', step) for step in phase.steps
    )


def next_phase(phase: Phase) -> tuple[Phase, bool]:
    """The phase after ``phase`` and whether it starts a new turn."""
    i = PHASES.index(phase)
    if i + 1 < len(PHASES):
        return PHASES[i + 1], False
    return PHASES[0], True
