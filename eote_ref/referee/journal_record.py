"""The one shape of the journal's record of checks, and its one reader.

Every apply that adjudicates writes the same record in the journal event's ``outcome``::

    {"checks": [<outcome>, ...], "result": <code>, ...extras}

- ``checks``: the JSON of each rules outcome (the ``eote-ref rule`` contract's object), one
  element for a single check, one per fire for the fire queue, one per item for a batch;
- ``result``: the record's own result code, written only by a single check (a queue or a
  batch has one result per check, and the journal shows none for the whole);
- extras the writer adds beside them (the fire queue's ``totals`` and ``morale_due``).

Journals written before this shape hold one of three others, which :func:`check_results`
and :func:`record_result` still read: a single outcome at the top level, ``{"fires": [...],
...}`` (the fire queue), ``{"batch": [...]}`` (a batch). Nothing else reads the outcome JSON
for checks: readers call these functions.
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from eote_ref.packs.outcome import Outcome, ResultWords
from eote_ref.packs.registry import DEFAULT_PACK, get_result_words

#: The record's list of check results.
CHECKS = "checks"
#: The record's own result (a single check's).
RESULT = "result"
#: The lists of outcomes of the older shapes: the fire queue's, a batch's.
_OLD_LISTS = ("fires", "batch")


def check_record(
    outcomes: Iterable[Outcome], *, single: bool = False, **extras: Any
) -> dict[str, Any]:
    """The record of ``outcomes`` for the journal; ``single``: one check, its result the record's.

    Raises:
        ValueError: ``single`` with other than one outcome.
    """
    checks = [o.to_json() for o in outcomes]
    record: dict[str, Any] = {CHECKS: checks}
    if single:
        if len(checks) != 1:
            raise ValueError(f"a single check's record holds one outcome, not {len(checks)}")
        record[RESULT] = checks[0]["result"]
    record.update(extras)
    return record


def check_results(outcome: Mapping[str, Any] | None) -> list[Mapping[str, Any]]:
    """The rules outcomes (JSON) a journal event's ``outcome`` records, in order ([] for none)."""
    if not isinstance(outcome, Mapping):
        return []
    if isinstance(outcome.get(CHECKS), Sequence):
        return _outcomes(outcome[CHECKS])
    if _is_outcome(outcome):  # an old single check
        return [outcome]
    for key in _OLD_LISTS:  # an old fire queue or batch
        if isinstance(outcome.get(key), Sequence):
            return _outcomes(outcome[key])
    return []


def record_result(outcome: Mapping[str, Any] | None) -> str | None:
    """The result a journal event's ``outcome`` records as a whole (a single check's), or None."""
    if not isinstance(outcome, Mapping):
        return None
    result = outcome.get(RESULT)
    return str(result) if result is not None else None


def _is_outcome(value: Any) -> bool:
    return isinstance(value, Mapping) and "procedure" in value and "modifiers" in value


def _outcomes(values: Any) -> list[Mapping[str, Any]]:
    if isinstance(values, str | bytes):
        return []
    return [v for v in values if isinstance(v, Mapping) and "procedure" in v]


def result_words(kind: str, result: str | None) -> str:
    """A journal event's result in words (``fall_back`` reads "fall back"); "" for none.

    ``kind`` is the event's (a check's procedure); an assault's ``attacker/defender`` reads
    as both halves' words (EotE 7.3); an open result (an order's turns, a value) is itself.
    """
    if not result:
        return ""
    words = result_words_of_pack()
    parts = words.parts(kind, result)
    if parts:
        return " / ".join(words.label(kind, p) or p for p in parts)
    return words.label(kind, result) or result


@functools.cache
def result_words_of_pack(pack: str = DEFAULT_PACK) -> ResultWords:
    """How ``pack``'s result codes read in words (the referee's own checks: the default pack's)."""
    return get_result_words(pack)
