"""The turn sequence of EotE 2.0: seven phases, in order, one turn being 30 minutes.

The phases are the EotE pack's declaration (its ``Pack.turn``, read through the registry:
:func:`~eote_ref.packs.registry.get_turn`): their labels,
sections and steps are read from it. :class:`Phase` keeps the names the referee's code uses
(``Phase.ASSAULT``); its values are the declaration's keys, in the declaration's order
(``tests/unit/packs/test_turn.py`` checks that they agree).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable

from eote_ref.packs.registry import DEFAULT_PACK, get_turn
from eote_ref.packs.state_specs import PhaseSpec, TurnSpec


def _turn() -> TurnSpec:
    turn = get_turn(DEFAULT_PACK)
    if turn is None:  # pragma: no cover - the default pack declares its turn
        raise LookupError(f"pack '{DEFAULT_PACK}' declares no turn")
    return turn


#: The turn of the default pack (EotE 2.0), whose phases the referee's own checks name.
TURN: TurnSpec = _turn()


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
    def spec(self) -> PhaseSpec:
        """The phase as the EotE pack declares it."""
        return TURN.phase(self.value)

    @property
    def label(self) -> str:
        """The phase's name as the umpire says it."""
        return self.spec.label

    @property
    def short_label(self) -> str:
        """The phase's name on the turn bar."""
        return self.spec.short_label

    @property
    def rule(self) -> str:
        """The rules section that governs the phase."""
        return self.spec.rule

    @property
    def steps(self) -> tuple[str, ...]:
        """What happens in the phase, in the project's words (EotE 2.0)."""
        return self.spec.steps

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


#: The phases in turn order (the declaration's order).
PHASES: tuple[Phase, ...] = tuple(Phase(key) for key in TURN.keys)

_INCHES = re.compile(r'(\d+(?:\.\d+)?)"')


def steps_at_scale(phase: Phase, scaled: Callable[[float], float]) -> tuple[str, ...]:
    """``phase.steps`` with each distance as ``scaled`` gives it at the game's figure scale.

    The steps name the listed (15mm) distances; at 6mm "infantry within 5"" is 3" and at
    25mm 7" (introduction), as the checks' arithmetic and questions already say.
    """
    return tuple(
        _INCHES.sub(lambda m: f'{scaled(float(m.group(1))):g}"', step) for step in phase.steps
    )


def heading(turn: int, phase: Phase) -> str:
    """Where the game stands, as the turn guide heads it (``Turn 3 · Tactical fire``)."""
    return TURN.heading(turn, phase.value)


def next_phase(phase: Phase) -> tuple[Phase, bool]:
    """The phase after ``phase`` and whether it starts a new turn."""
    key, _round, new_turn = TURN.after(phase.value)
    return Phase(key), new_turn
