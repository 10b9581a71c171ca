"""An answer typed for a check's question (``eote-ref game check --answer KEY=VALUE``), checked.

The check dialog only offers what a question takes (a check box, a number within its
bounds, one of its choices); the command line takes any text, which a pack's situation
would read as it comes (``int("bogus")``; an EotE yes-or-no question took the word
``bogus`` as yes). :func:`answer_value` reads one answer against its question's kind (the
boundary's :class:`~eote_ref.packs.questions.Question`, every pack's) and refuses anything
else with a sentence naming the field and the values it takes, before anything is written::

    units = unit_names(state.units)                          # (id, name, code) of each unit
    value = answer_value(ask, "Bijlandt's brigade (militia)", units)   # the unit's id
    answer_value(ask, "bogus", units)   # HeadlessInputError: --answer: target_unit takes ...

Names no pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from eote_ref.referee.errors import HeadlessInputError

if TYPE_CHECKING:
    from eote_ref.packs.questions import Question

#: A unit as an answer may name it: its id, its name and its code.
UnitName = tuple[int, str, str]

#: The words a yes-or-no question takes besides JSON's ``true`` and ``false``.
_YES_NO = {"yes": True, "no": False, "true": True, "false": False}

#: How many of a question's choices a refusal names before saying how many more there are.
_SHOWN = 12


def unit_names(units: Iterable[Any]) -> list[UnitName]:
    """Each unit's id, name and code, as :func:`answer_value` finds a unit named."""
    return [(int(u.id), str(u.name), str(getattr(u, "code", "") or "")) for u in units]


def answer_value(ask: Question, value: Any, units: Sequence[UnitName] = ()) -> Any:
    """``value`` as question ``ask`` takes it; refused in words naming the field.

    ``bool``: true or false (yes, no); ``int``: a whole number within the question's bounds;
    ``float``: a number within them; ``choice``: one of its choices, by its value or its
    label (a unit also by its name or code, among ``units``); ``choices`` and ``units``: a
    list of them. A question of another kind takes ``value`` as it is.

    Raises:
        HeadlessInputError: ``--answer`` with the field, what it takes and what was given.
    """
    kind = getattr(ask, "kind", "")
    key = ask.key
    if kind == "bool":
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().casefold() in _YES_NO:
            return _YES_NO[value.strip().casefold()]
        raise _refused(key, "true or false", value)
    if kind == "int":
        lo, hi = int(ask.minimum), int(ask.maximum)
        if isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi:
            return value
        raise _refused(key, f"a whole number from {lo} to {hi}", value)
    if kind == "float":
        lo_f, hi_f = float(ask.minimum), float(ask.maximum)
        number = isinstance(value, int | float) and not isinstance(value, bool)
        if number and lo_f <= value <= hi_f:
            return value
        raise _refused(key, f"a number from {lo_f:g} to {hi_f:g}", value)
    if kind == "choice":
        return _choice(ask, value, units, value)
    if kind in ("choices", "units"):
        if not isinstance(value, list):
            raise _refused(key, f"a list of {_takes(ask)}, as [a, b]", value)
        return [_choice(ask, v, units, value) for v in value]
    return value


def _pairs(ask: Any) -> list[tuple[Any, str]]:
    """A question's choices as (value, label): a pack's pairs, or EotE's ``Choice`` rows."""
    out = []
    for c in tuple(getattr(ask, "choices", ()) or ()):
        if hasattr(c, "value") and hasattr(c, "label"):
            out.append((c.value, str(c.label)))
        else:
            v, label = c
            out.append((v, str(label)))
    return out


def _choice(ask: Any, value: Any, units: Sequence[UnitName], given: Any) -> Any:
    choices = _pairs(ask)
    if not choices:  # the check lists none: its situation reads the answer
        return value
    values = [v for v, _label in choices]
    if value in values and not isinstance(value, bool):
        return value
    if not isinstance(value, bool | list | dict) and value is not None:
        typed = str(value).strip().casefold()
        for v, label in choices:
            if typed in (str(v).casefold(), str(label).casefold()):
                return v
        # A unit by its name or code, where the choices are units' ids.
        for unit_id, name, code in units:
            if typed in (name.casefold(), code.casefold()) and unit_id in values:
                return unit_id
    raise _refused(ask.key, _takes(ask), given)


def _takes(ask: Any) -> str:
    shown = []
    pairs = _pairs(ask)
    for v, text in pairs[:_SHOWN]:
        shown.append(text if str(v) == text else f"{v} ({text})")
    more = len(pairs) - _SHOWN
    return "one of: " + ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _refused(key: str, takes: str, given: Any) -> HeadlessInputError:
    return HeadlessInputError("--answer", f"{key} takes {takes}, not {given!r}")
