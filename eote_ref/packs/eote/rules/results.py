"""The results of each procedure as enums: their codes, how each reads for each party, labels.

Every procedure with a closed set of results has a :class:`ResultCode` enum here, registered
in :data:`RESULTS` under the procedure's name. A member *is* its code (a ``str`` enum), so the
JSON of ``eote-ref rule`` and the journal keep their exact strings; it also carries how the
result reads for the party the procedure tests (:class:`Tone`), from which the other party's
reading follows, and its label in words.

The parties (:class:`Party`): the *subject* is the unit, division or leader the procedure tests
(the target of fire, the attacker of an assault); the *opponent* is the other side at the table.

Open results (the side that won the initiative, the number of turns an order takes) have no
enum: they read neutral. A no-roll procedure names the value it computes (a move allowance, a
command radius...) with a :class:`ValueName` on its outcome.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass


class Tone(enum.Enum):
    """How a result reads for one party."""

    GOOD = "good"
    BAD = "bad"
    NEUTRAL = "neutral"

    def flipped(self) -> Tone:
        """The same result as the other side reads it."""
        if self is Tone.GOOD:
            return Tone.BAD
        if self is Tone.BAD:
            return Tone.GOOD
        return Tone.NEUTRAL


class Party(enum.Enum):
    """Who reads a result: the one tested (or fired at, or attacking), or the other side."""

    SUBJECT = "subject"
    OPPONENT = "opponent"


class ResultCode(enum.StrEnum):
    """A procedure's result: the code, its tone for the subject, and its label.

    Members are declared ``NAME = code, tone[, label]``.
    """

    def __new__(cls, code: str, tone: Tone = Tone.NEUTRAL, label: str = "") -> ResultCode:
        obj = str.__new__(cls, code)
        obj._value_ = code
        _META[(cls.__name__, code)] = (tone, label or code.replace("_", " "))
        return obj

    def tone(self, party: Party = Party.SUBJECT) -> Tone:
        """How the result reads for ``party``."""
        mine = _META[(type(self).__name__, self.value)][0]
        return mine if party is Party.SUBJECT else mine.flipped()

    @property
    def label(self) -> str:
        """The result in words."""
        return _META[(type(self).__name__, self.value)][1]

    @classmethod
    def two_sided(cls) -> bool:
        """Whether both parties are at the table (fire, assault, burning).

        The umpire reads such a result for neither side, so a check shows it neutral.
        """
        return cls.__name__ in _TWO_SIDED


#: (enum name, code) → (tone for the subject, label), filled as the members are made.
_META: dict[tuple[str, str], tuple[Tone, str]] = {}
#: Results with both parties at the table.
_TWO_SIDED = frozenset({"FireResult", "AssaultSideResult", "BurningResult"})


class SquareResult(ResultCode):
    """Forming square (EotE 5.6)."""

    FORMED = "formed", Tone.GOOD
    FAILED = "failed", Tone.BAD
    NOT_ALLOWED = "not_allowed", Tone.BAD, "not allowed"


class MoraleResult(ResultCode):
    """A morale check (EotE 7.5)."""

    PASS = "pass", Tone.GOOD
    FALL_BACK = "fall_back", Tone.BAD, "fall back"
    ROUT = "rout", Tone.BAD


class FireResult(ResultCode):
    """One fire on the fire table (EotE 6.x); the subject is the target."""

    NONE = "none", Tone.GOOD, "no effect"
    DISORDER = "D", Tone.BAD, "disorder"
    ONE_HIT = "1", Tone.BAD, "1 hit"
    TWO_HITS = "2", Tone.BAD, "2 hits"


class AssaultSideResult(ResultCode):
    """What an assault does to one side (EotE 7.6, 7.9): the halves of ``attacker/defender``."""

    NO_EFFECT = "./.", Tone.NEUTRAL, "no decision"
    DISORDER = "D", Tone.BAD, "disorder"
    FALL_BACK = "F", Tone.BAD, "fall back"
    ONE_HIT = "1", Tone.BAD, "1 hit"
    TWO_HITS = "2", Tone.BAD, "2 hits"
    ROUT = "R", Tone.BAD, "rout"


class IntegrityResult(ResultCode):
    """A division's integrity check (EotE 9.0)."""

    PASS = "pass", Tone.GOOD, "holds"
    FALL_BACK = "fall_back", Tone.BAD, "falls back"
    ROUT = "rout", Tone.BAD, "routs"
    EXEMPT = "exempt", Tone.NEUTRAL, "exempt: holds a town"


class LeaderCasualtyResult(ResultCode):
    """A leader's casualty check (EotE 8.0)."""

    KILLED = "killed", Tone.BAD
    NO_RALLY = "no_rally", Tone.BAD, "cannot rally troops next turn"
    NO_EFFECT = "no_effect", Tone.GOOD, "unhurt"


class RallyResult(ResultCode):
    """A routed unit's one rally (EotE 9.1)."""

    RALLIED = "rallied", Tone.GOOD
    FAILED = "failed", Tone.BAD


class DisorderRallyResult(ResultCode):
    """Rallying from disorder in the command phase (EotE 3.6)."""

    RALLIED = "rallied", Tone.GOOD
    CANNOT = "cannot", Tone.BAD, "cannot rally"


class CavalryEndOfTurnResult(ResultCode):
    """Cavalry at the end of the turn (EotE 5.10-5.12)."""

    BLOWN = "blown", Tone.NEUTRAL
    DISINTEGRATED = "disintegrated", Tone.BAD
    RESTED = "rested", Tone.GOOD
    NO_CHANGE = "no_change", Tone.NEUTRAL, "no change"


class BreakthroughResult(ResultCode):
    """British cavalry and its breakthrough (EotE 5.151)."""

    TAKEN = "taken", Tone.NEUTRAL
    DECLINED = "declined", Tone.NEUTRAL
    MUST_TAKE = "must_take", Tone.NEUTRAL, "must take it"


class ChargeResult(ResultCode):
    """Whether a cavalry charge may go in (EotE 5.8.1, 7.12)."""

    ALLOWED = "allowed", Tone.GOOD
    ALLOWED_DISORDERED = "allowed_disordered", Tone.NEUTRAL, "allowed, disordered"
    NOT_ALLOWED = "not_allowed", Tone.BAD, "not allowed"


class PinningResult(ResultCode):
    """Whether a unit pins another (EotE 5.7)."""

    PINNED = "pinned", Tone.NEUTRAL
    NOT_PINNED = "not_pinned", Tone.NEUTRAL, "not pinned"


class SkirmishersResult(ResultCode):
    """A skirmish stand sent out or taken back (EotE 5.4)."""

    DONE = "done", Tone.NEUTRAL
    INEFFECTIVE = "ineffective", Tone.BAD


class RangeResult(ResultCode):
    """Whether a division is within tactical combat range (EotE 1.9)."""

    IN_RANGE = "in_range", Tone.NEUTRAL, "in range"
    OUT_OF_RANGE = "out_of_range", Tone.NEUTRAL, "out of range"


class ComputedResult(ResultCode):
    """A value the rules compute without a roll (a radius, an allowance, a CE)."""

    COMPUTED = "computed", Tone.NEUTRAL


class PontoonResult(ResultCode):
    """A turn of bridging (EotE 10.0)."""

    COUNTS = "counts", Tone.GOOD
    NO_PROGRESS = "no_progress", Tone.BAD, "no progress"
    COMPLETE = "complete", Tone.GOOD


class DemolitionResult(ResultCode):
    """A bridge demolition (EotE 10.0)."""

    CHARGE_SET = "charge_set", Tone.NEUTRAL, "charge set"
    DESTROYED = "destroyed", Tone.GOOD
    RESET = "reset", Tone.BAD


class BurningResult(ResultCode):
    """Howitzers firing at a town block (EotE 7.12); the subject is the firing side."""

    BURNING = "burning", Tone.GOOD
    NOT_BURNING = "not_burning", Tone.BAD, "not burning"


#: Procedure name → the enum of its results (procedures with open results are absent).
RESULTS: Mapping[str, type[ResultCode]] = {
    "square": SquareResult,
    "morale": MoraleResult,
    "fire": FireResult,
    "assault": AssaultSideResult,
    "integrity": IntegrityResult,
    "leader_casualty": LeaderCasualtyResult,
    "rally": RallyResult,
    "disorder_rally": DisorderRallyResult,
    "cavalry_end_of_turn": CavalryEndOfTurnResult,
    "british_cavalry_breakthrough": BreakthroughResult,
    "charge": ChargeResult,
    "pinning": PinningResult,
    "skirmishers": SkirmishersResult,
    "tactical_combat_range": RangeResult,
    "command_radius": ComputedResult,
    "movement": ComputedResult,
    "skirmish": ComputedResult,
    "pontoon": PontoonResult,
    "demolition": DemolitionResult,
    "burning": BurningResult,
}


def result_code(procedure: str, result: str) -> ResultCode | None:
    """The member for ``result`` of ``procedure``, or None for an open or unknown result."""
    if isinstance(result, ResultCode) and RESULTS.get(procedure) is type(result):
        return result
    kind = RESULTS.get(procedure)
    if kind is None:
        return None
    try:
        return kind(result)
    except ValueError:
        return None


def tone_of(procedure: str, result: str, party: Party = Party.SUBJECT) -> Tone:
    """How ``result`` of ``procedure`` reads for ``party`` (neutral for an open result).

    An assault's ``attacker/defender`` reads for the subject (the attacker) as the attacker's
    half against the defender's: the side that suffers the worse result lost.
    """
    if procedure == "assault" and "/" in result.replace("./.", ""):
        return _assault_tone(result, party)
    code = result_code(procedure, result)
    return code.tone(party) if code is not None else Tone.NEUTRAL


#: An assault half with no effect (it holds its own slash).
NO_EFFECT = "./."


def assault_halves(result: str) -> tuple[str, str]:
    """The attacker's and the defender's result of an assault's ``attacker/defender`` code."""
    if result.startswith(NO_EFFECT):
        return NO_EFFECT, result[len(NO_EFFECT) + len("/") :]
    attacker, _, defender = result.partition("/")
    return attacker, defender


def assault_half_label(code: str) -> str:
    """One side's half of an assault result in words (``D`` reads "disorder").

    A side left untouched reads as the table's no-effect result, whether written ``.`` (one
    half of ``./2``) or ``./.``.
    """
    if code in (".", NO_EFFECT):
        return AssaultSideResult.NO_EFFECT.label
    member = result_code("assault", code)
    return member.label if member is not None else code


class _ResultWords:
    """EotE's result codes in words, as the boundary's ``ResultWords`` (the registry's line)."""

    def label(self, procedure: str, code: str) -> str | None:
        member = result_code(procedure, code)
        return member.label if member is not None else None

    def parts(self, procedure: str, result: str) -> tuple[str, ...]:
        """An assault's ``attacker/defender`` halves (7.3), a side left untouched as ``./.``."""
        if procedure != "assault" or "/" not in result.replace(NO_EFFECT, ""):
            return ()
        return tuple(NO_EFFECT if h == "." else h for h in assault_halves(result))


#: EotE's result words, read by the journal and the players' display through the registry.
RESULT_WORDS = _ResultWords()


def _assault_tone(result: str, party: Party) -> Tone:
    attacker, defender = (result_code("assault", h) for h in assault_halves(result))
    hurt_a = attacker is not None and attacker.tone() is Tone.BAD
    hurt_d = defender is not None and defender.tone() is Tone.BAD
    if hurt_a == hurt_d:
        return Tone.NEUTRAL
    mine = Tone.BAD if hurt_a else Tone.GOOD
    return mine if party is Party.SUBJECT else mine.flipped()


@dataclass(frozen=True)
class ValueName:
    """What the value a no-roll procedure computes is called, and its unit ("" for a count)."""

    name: str
    unit: str = ""


#: The values the no-roll procedures compute; each procedure names its own on its outcome.
MOVE_ALLOWANCE = ValueName("Move allowance", '"')
PINNING_DISTANCE = ValueName("Pinning distance", '"')
COMMAND_RADIUS = ValueName("Command radius", '"')
TURNS_OF_WORK = ValueName("Turns of work done")
BLOWN_MARKERS = ValueName("Blown markers")
PARENT_HITS = ValueName("Hits on the parent")
#: An outcome that names no value.
ANY_VALUE = ValueName("Value")
