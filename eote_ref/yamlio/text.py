"""Text checks shared by loading and parsing: blank and duplicate names, control characters."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

_CONTROL_NAMES = {
    0x00: "NUL", 0x07: "BEL", 0x08: "backspace", 0x0B: "vertical tab", 0x0C: "form feed",
    0x1A: "SUB", 0x1B: "ESC", 0x7F: "DEL",
}  # fmt: skip

#: The most characters of any name (an army, a unit, a leader, a game, a side, a campaign, a
#: player): here, at the bottom of the layers, so a file's check and every database write
#: (:mod:`eote_ref.store.limits`) use one number.
MAX_NAME = 200


def too_long(text: str, most: int = MAX_NAME) -> str | None:
    """``is 201 characters long; the most is 200`` when ``text`` is longer than ``most``."""
    if len(text) > most:
        return f"is {len(text):,} characters long; the most is {most}"
    return None


#: Control characters a text value may not hold even when written as an escape (``"\\e"``);
#: tabs and line breaks are fine.
CONTROL_IN_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def line_column(text: str, index: int) -> tuple[int, int]:
    """1-based line and column of ``text[index]``."""
    line = text.count("\n", 0, index) + 1
    return line, index - text.rfind("\n", 0, index)


def char_name(ch: str) -> str:
    """``U+001B (ESC)``: a character's code point and name, for a problem's message."""
    code = ord(ch)
    name = _CONTROL_NAMES.get(code) or unicodedata.name(ch, "")
    if not name:
        name = "a control character" if code < 0x20 or 0x7F <= code < 0xA0 else "not a character"
    return f"U+{code:04X} ({name})"


#: Unicode categories that show nothing on their own: spaces, separators, controls, format
#: characters (zero-width space and joiners, BOM, direction marks).
_INVISIBLE = frozenset({"Zs", "Zl", "Zp", "Cc", "Cf"})


def is_blank(text: str) -> bool:
    """True when ``text`` shows nothing: empty, spaces, or only invisible characters."""
    return all(ch.isspace() or unicodedata.category(ch) in _INVISIBLE for ch in text)


def name_problem(text: str, most: int = MAX_NAME) -> str | None:
    """What is wrong with ``text`` as a name typed or read (a game's, a side's), or None.

    A name shows something (not empty, not only spaces or invisible characters such as
    U+200B), holds no control character (a tab or a line break neither: a name is one line),
    and is at most ``most`` characters (:data:`MAX_NAME`, the database's limit).
    """
    if is_blank(text):
        return "shows nothing (it is empty, or holds only spaces or invisible characters)"
    control = next((ch for ch in text if unicodedata.category(ch) == "Cc"), None)
    if control is not None:
        return f"holds a control character, {char_name(control)}"
    return too_long(text, most)


def name_key(name: str) -> str:
    """A name as compared for duplicates: NFC-normalised, case-folded, single-spaced.

    ``1/54e  Ligne`` and ``1/54E Ligne`` match, and so do the composed and decomposed
    spellings of an accented letter (``é`` as one character or as ``e`` plus an accent).
    """
    return " ".join(unicodedata.normalize("NFC", name).casefold().split())


def show(data: Any, limit: int = 60) -> str:
    """``repr(data)`` cut to ``limit`` characters (a bad value may be a whole file's worth)."""
    if isinstance(data, list | dict) and len(data) > limit:
        return f"a {type(data).__name__} of {len(data)} items"
    text = repr(data) if not isinstance(data, int) or abs(data) < 10**30 else "a huge number"
    return text if len(text) <= limit else text[: limit - 3] + "..."
