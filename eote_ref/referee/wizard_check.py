"""What a check wizard asks of a check, of any pack: the questions, the preview, the dice.

The shared wizard family (:mod:`eote_ref.ui.wizards`) shows a check through
:class:`WizardCheck` only: its subject named, its questions (the boundary's
:class:`~eote_ref.packs.questions.Question`, every pack's one question type), the
modifiers of its preview with their sections (:class:`ModifierLine`), the exact odds, the die
the rules need next (:class:`DieSpec`), the outcome of the dice entered so far and its changes
in words (:class:`Trial`), and *Apply* as one journal step. A pack's checks satisfy it
structurally (EotE's :class:`~eote_ref.packs.eote.checks.Adjudication`); the wizard names no
pack and reaches a pack's checks only through :func:`eote_ref.packs.registry.get_checks`.

Plain data and a :class:`~typing.Protocol`: no Qt, no database.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from eote_ref.packs.dice import D10, Die
from eote_ref.packs.outcome import Modifier, Outcome, Source

if TYPE_CHECKING:
    from eote_ref.packs.questions import Question

#: The outcome a pack's checks give: the boundary's :class:`~eote_ref.packs.outcome.Outcome`
#: or a pack's own reading of it (EotE's adds its result codes' labels).
OutcomeT = TypeVar("OutcomeT", bound=Outcome)


@dataclass(frozen=True)
class DieSpec:
    """A die the rules read by ``name``: one of the boundary's declared dice.

    ``die`` is a :class:`~eote_ref.packs.dice.Die` of :mod:`eote_ref.packs.dice`, as the pack
    check dialog reads a declared check's: EotE's are :data:`~eote_ref.packs.dice.D10` (0
    reads 10) and :data:`~eote_ref.packs.dice.PERCENTILE` (1..100).
    """

    name: str
    label: str
    die: Die = D10

    def keys(self) -> tuple[int, ...]:
        """The numbers typed for the die's faces, in order (a d10's 0..9).

        A face is typed as itself, or as 0 for the face the die reads 0 as (a d10's 10); a
        die with no numbers has none.
        """
        if not self.die.numbered:
            return ()
        zero = self.die.zero_reads
        return tuple(sorted({0 if f == zero else int(f) for f in self.die.faces}))

    def one_key(self) -> bool:
        """Whether every face is typed with one key (a d6; a d10, 0 reading 10).

        Else up to three digits are typed (the percentile dice).
        """
        keys = self.keys()
        return bool(keys) and all(0 <= k <= 9 for k in keys)

    def typed(self, n: int) -> int | None:
        """The number ``n`` as the die's box holds it, or None if no face is typed so.

        0 is kept where the die reads 0 as a face (:meth:`~eote_ref.packs.dice.Die.read`
        turns it into that face); a d6's 0 or 7, or the percentile dice's 0, is None.
        """
        faces = self.die.faces if not self.one_key() else self.keys()
        return n if n in faces else None

    def face(self, n: int) -> int:
        """The face a typed number reads as: 0 as the die says (a d10's 10), else itself."""
        zero = self.die.zero_reads
        return zero if n == 0 and zero is not None else n


@dataclass(frozen=True)
class ModifierLine:
    """A modifier as the wizard lists it."""

    value: float
    reason: str
    rule: str
    provisional: bool
    #: A club's (house) value, such as a scenario's army morale effect: marked so, not
    #: as provisional.
    house: bool = False

    @classmethod
    def of(cls, m: Modifier) -> ModifierLine:
        """The display line of a rules modifier."""
        return cls(m.value, m.reason, m.rule, m.source is not Source.TEXT, m.source is Source.HOUSE)


@dataclass
class Trial(Generic[OutcomeT]):
    """The outcome of the dice entered so far, or the next die the rules need."""

    outcome: OutcomeT | None = None
    needed: DieSpec | None = None
    error: str | None = None
    changes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class WizardCheck(Protocol[OutcomeT]):
    """One check on a live game, as the shared wizard shows and applies it.

    ``values`` are the answers so far by question key, ``target`` what the check was opened
    on; ``view`` is the game as the check read it (the unit pickers rank its units);
    ``cite`` prefixes its sections (``EotE``, ``AVlE``). ``OutcomeT`` is the pack's outcome.
    """

    values: dict[str, Any]
    target: dict[str, Any]

    @property
    def procedure(self) -> str:
        """The procedure the check runs (the wizard's object name)."""
        ...

    @property
    def title(self) -> str:
        """The check's title."""
        ...

    @property
    def rule(self) -> str:
        """Its governing section."""
        ...

    @property
    def cite(self) -> str:
        """How its sections are cited (``EotE``)."""
        ...

    @property
    def view(self) -> Any:
        """The game as the check read it."""
        ...

    def questions(self) -> list[Question]:
        """The questions, pre-filled from the state for the subject in hand."""
        ...

    def unasked(self) -> frozenset[str]:
        """The questions that do not concern the units in hand now (hidden)."""
        ...

    def settled(self) -> dict[str, tuple[Any, str]]:
        """Answers another answer or the state settles: key -> (value, why); shown, not asked."""
        ...

    def set(self, key: str, value: Any) -> None:
        """Answer one question."""
        ...

    def subject(self) -> str:
        """What the check is about, named."""
        ...

    def preview(self) -> OutcomeT:
        """The outcome before any roll: modifiers, modified value, odds."""
        ...

    def needs_roll(self) -> bool:
        """Whether the check takes a die at all."""
        ...

    def modifiers(self, outcome: OutcomeT | None = None) -> list[ModifierLine]:
        """The modifiers of ``outcome``, for display."""
        ...

    def odds(self, outcome: OutcomeT | None = None) -> list[tuple[str, float]]:
        """Each result in words with its exact probability, most likely first."""
        ...

    def value_label(self, outcome: OutcomeT) -> tuple[str, str]:
        """The name and unit of the value a check decided without a die computed."""
        ...

    def roll_heading(self, outcome: OutcomeT) -> str | None:
        """What the die is rolled against when not one modified value (None: it is)."""
        ...

    def result_text(self, outcome: OutcomeT) -> str:
        """The result in the umpire's words."""
        ...

    def result_tone(self, code: str) -> str:
        """``good``, ``bad`` or ``neutral`` for the party tested."""
        ...

    def trial(self, rolls: Mapping[str, int]) -> Trial[OutcomeT]:
        """The outcome with ``rolls`` and its changes in words, or the die still needed."""
        ...

    def apply(self, rolls: Mapping[str, int]) -> OutcomeT:
        """Resolve with ``rolls`` as one journal step."""
        ...

    def summary(self, outcome: OutcomeT) -> str:
        """The journal line of ``outcome``."""
        ...
