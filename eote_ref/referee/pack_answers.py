"""An answer typed for a pack's question (``eote-ref game check --answer KEY=VALUE``), checked.

The check dialog only offers what a question takes (a check box, a number within its
bounds, one of its choices); the command line takes any text, which a pack's situation
would read as it comes (``int("bogus")``). :func:`answer_value` reads one answer against its
question's kind and refuses anything else with a sentence naming the field and the values it
takes, before anything is written::

    value = answer_value(ask, "Bijlandt's brigade (militia)", state)   # the unit's id
    answer_value(ask, "bogus", state)   # HeadlessInputError: --answer: target_unit takes ...

Names no pack.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from eote_ref.referee.errors import HeadlessInputError

if TYPE_CHECKING:
    from eote_ref.packs.play import PlayState

#: The words a yes-or-no question takes besides JSON's ``true`` and ``false``.
_YES_NO = {"yes": True, "no": False, "true": True, "false": False}

#: How many of a question's choices a refusal names before saying how many more there are.
_SHOWN = 12


def answer_value(ask: Any, value: Any, state: PlayState) -> Any:
    """``value`` as question ``ask`` takes it; refused in words naming the field.

    ``bool``: true or false (yes, no); ``int``: a whole number within the question's bounds;
    ``choice``: one of its choices, by its value or its label (a unit also by its name or
    code); ``choices``: a list of them. A question of another kind takes ``value`` as it is.

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
    if kind == "choice":
        return _choice(ask, value, state, value)
    if kind == "choices":
        if not isinstance(value, list):
            raise _refused(key, f"a list of {_takes(ask)}, as [a, b]", value)
        return [_choice(ask, v, state, value) for v in value]
    return value


def _choice(ask: Any, value: Any, state: PlayState, given: Any) -> Any:
    choices = tuple(getattr(ask, "choices", ()) or ())
    if not choices:  # the pack lists none: its situation reads the answer
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
        for u in state.units:
            names = (u.name.casefold(), str(getattr(u, "code", "") or "").casefold())
            if typed in names and u.id in values:
                return u.id
    raise _refused(ask.key, _takes(ask), given)


def _takes(ask: Any) -> str:
    shown = []
    for v, label in tuple(ask.choices)[:_SHOWN]:
        text = str(label)
        shown.append(text if str(v) == text else f"{v} ({text})")
    more = len(ask.choices) - _SHOWN
    return "one of: " + ", ".join(shown) + (f" and {more} more" if more > 0 else "")


def _refused(key: str, takes: str, given: Any) -> HeadlessInputError:
    return HeadlessInputError("--answer", f"{key} takes {takes}, not {given!r}")
