"""The questions a check of any pack asks the umpire: one type for every pack and dialog.

A check declares what it asks as questions (:class:`Question`), pre-filled from the state for the
subject in hand (``derived``): EotE's checks (``Adjudication.questions``) as AVlE's and VlE's
declared ones (``CheckSpec.questions``, :mod:`eote_ref.packs.play`). The shared check wizard
(``ui/wizards/base.py``), the pack check dialog (``ui/pack_game/check_dialog.py``) and
``eote-ref game check`` read them; a choice is a :class:`Choice`, a ``(value, label)`` pair
that unpacks as one.

Plain data, the standard library only: part of the pack boundary, which names no pack.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

#: The kinds of question: a yes/no, a whole number, a measure (``suffix`` its unit), one of
#: ``choices``, several of them (a hand of cards), or a set of unit ids picked from them.
KINDS = ("bool", "int", "float", "choice", "choices", "units")


class Choice(NamedTuple):
    """One option of a question: the value stored and what the umpire reads."""

    value: Any
    label: str


@dataclass(frozen=True)
class Question:
    """A question for the umpire, or a value read from the state (``derived``) to confirm.

    ``kind`` is one of :data:`KINDS`: ``bool``, ``int``, ``float`` (shown with ``suffix``,
    ``"`` for inches), ``choice`` (one of ``choices``), ``choices`` (a list of them, as a hand
    of cards) or ``units`` (a set of unit ids picked from ``choices``). ``minimum`` and
    ``maximum`` bound a number. ``derived`` marks a value read from the game state: the
    dialogs show it pre-filled and editable, for the table always wins.
    """

    key: str
    label: str
    kind: str
    default: Any
    rule: str = ""
    help: str = ""
    choices: tuple[Choice, ...] = ()
    minimum: float = 0
    maximum: float = 99
    derived: bool = False
    suffix: str = ""
