"""A game's turn, as its pack declares it; and the phases of EotE 2.0 its checks name.

A game's phases, their order and the phase after each are those of its pack's turn
(``Pack.turn``, read through the registry's lazy line:
:func:`~eote_ref.packs.registry.get_turn`): :func:`game_turn` gives it from the ``ruleset``
the game records and :func:`next_key` steps through it, as the game service's "next phase"
does. :class:`Phase` keeps the names the referee's own EotE code uses (``Phase.ASSAULT``):
the default pack's turn (EotE 2.0, seven phases, one turn being 30 minutes), whose labels,
sections and steps are read from its declaration; its values are the declaration's keys, in
the declaration's order (``tests/unit/packs/test_turn.py`` checks that they agree).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable

from eote_ref.packs.registry import DEFAULT_PACK, game_pack, get_turn
from eote_ref.packs.state_specs import PhaseSpec, TurnSpec


def turn_of(pack_id: str) -> TurnSpec:
    """The turn pack ``pack_id`` declares; LookupError if it declares none, KeyError if unknown."""
    turn = get_turn(pack_id)
    if turn is None:
        raise LookupError(f"pack '{pack_id}' declares no turn")
    return turn


def game_turn(ruleset: str | None, what: str = "the game") -> TurnSpec:
    """The turn of a game: that of the pack its ``ruleset`` names (``registry.game_pack``)."""
    return turn_of(game_pack(ruleset, what))


def next_key(turn: TurnSpec, key: str | None) -> tuple[str, bool]:
    """The phase after the one stored as ``key`` (empty: the first), and whether a turn starts.

    The unit-row game service keeps no round: the last phase leads to the next turn.
    """
    after, _round, new_turn = turn.after(turn.phase(key).key, turn.rounds)
    return after, new_turn


#: The turn of the default pack (EotE 2.0), whose phases the referee's own checks name.
TURN: TurnSpec = turn_of(DEFAULT_PACK)


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
