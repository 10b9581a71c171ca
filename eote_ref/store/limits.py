"""The limits of every text eote-ref writes, checked in one place, the same on both back ends.

PostgreSQL refuses a NUL character in text and a value longer than its column; SQLite stores
both. Neither driver can encode a lone surrogate (text decoded from a broken file name, say).
So that a name accepted by a club's SQLite file is never refused by its server (nor a
``db copy`` from one to the other half done), every ``INSERT`` and ``UPDATE`` any engine runs
is checked here first, whichever path it comes from (army-list import, the app's edits, the
journal, the campaign, ``db copy``): a name is at most :data:`MAX_NAME` characters, a column
of declared length at most that length, and no text holds NUL or a lone surrogate.

A refused value raises :class:`~eote_ref.store.errors.TextLimitError` before the statement
runs; the command's transaction is rolled back by its caller, so nothing is written.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import String, event
from sqlalchemy.engine import Engine

from eote_ref.store.errors import TextLimitError
from eote_ref.yamlio.text import MAX_NAME, too_long  # one number for a file's check and every write

#: The most characters of notes (a campaign's, a battle's): a campaign CSV cell holds them.
MAX_NOTES = 10_000
#: Columns that are names without being called so.
_NAMED = frozenset({"scenario", "table_size"})

#: What a table's rows are, in the words of a message.
_TABLE_WORDS = {
    "roster": "army list",
    "roster_command": "command of the army list",
    "roster_unit": "unit of the army list",
    "game": "game",
    "game_side": "side",
    "game_command": "command",
    "game_leader": "leader",
    "game_unit": "unit",
    "campaign": "campaign",
    "campaign_member": "campaign member",
    "campaign_army": "campaign army",
    "campaign_unit": "campaign unit",
    "campaign_battle": "campaign battle",
}


def is_name(column: str) -> bool:
    """Whether a column holds a name (and so gets :data:`MAX_NAME`)."""
    return column == "name" or column.endswith("_name") or column in _NAMED


def _own_limit(column: str) -> int | None:
    if is_name(column):
        return MAX_NAME
    return MAX_NOTES if column == "notes" else None


def text_problem(value: str, max_length: int | None = None) -> str | None:
    """What is wrong with ``value`` as stored text, or None when it may be written."""
    if max_length is not None and (long := too_long(value, max_length)):
        return long
    if "\x00" in value:
        return "holds a NUL character, which a database server cannot store"
    if not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            bad = value[exc.start]
            return f"holds a broken character (a lone surrogate, U+{ord(bad):04X}), not text"
    return None


def check_text(value: str, what: str, max_length: int | None = None) -> None:
    """Raise :class:`TextLimitError` naming ``what`` when ``value`` cannot be stored."""
    problem = text_problem(value, max_length)
    if problem is not None:
        shown = value[:40].encode("utf-8", "backslashreplace").decode("utf-8")
        shown = shown.replace("\x00", "\\0") + ("…" if len(value) > 40 else "")
        raise TextLimitError(f"{what} {problem} ({shown!r}); nothing was written.")


def column_limit(table: Any, key: str) -> int | None:
    """The most characters column ``key`` of ``table`` may hold (None: any number)."""
    column = table.c.get(key) if hasattr(table, "c") else None
    if column is None:
        return _own_limit(key)
    length = getattr(column.type, "length", None) if isinstance(column.type, String) else None
    own = _own_limit(column.name)
    limits = [int(n) for n in (length, own) if n]
    return min(limits) if limits else None


def _what(table: Any, key: str) -> str:
    field = key.replace("_", " ")
    name = str(getattr(table, "name", "") or "")
    if not name:
        return f"The {field} given"
    return f"The {_TABLE_WORDS.get(name, name.replace('_', ' '))}'s {field}"


def _check_statement(
    _conn: Any,
    _cursor: Any,
    _statement: str,
    _parameters: Any,
    context: Any,
    _executemany: bool,
) -> None:
    """``before_cursor_execute``: check the text values a statement carries.

    Lengths are checked in an INSERT or UPDATE; NUL and lone surrogates in any statement
    (a search by a name holding one fails on the server, or in the driver, too).
    """
    if context is None or context.compiled is None:
        return
    if getattr(context, "_eote_texts_checked", False):  # one check per statement, not per batch
        return
    writes = bool(context.isinsert or context.isupdate)
    table = getattr(context.compiled.statement, "table", None) if writes else None
    limits: dict[str, int | None] = {}
    for params in context.compiled_parameters or ():
        for key, value in params.items():
            if not isinstance(value, str):
                continue
            if key not in limits:
                limits[key] = column_limit(table, key) if writes else None
            if text_problem(value, limits[key]) is not None:  # the message only on failure
                what = _what(table, key) if writes else _what(None, key.rstrip("_0123456789"))
                check_text(value, what, limits[key])
    context._eote_texts_checked = True


def install() -> None:
    """Check every engine's writes (idempotent; done when the models are imported)."""
    if not event.contains(Engine, "before_cursor_execute", _check_statement):
        event.listen(Engine, "before_cursor_execute", _check_statement)


__all__ = [
    "MAX_NAME",
    "MAX_NOTES",
    "check_text",
    "column_limit",
    "install",
    "is_name",
    "text_problem",
]
