"""Argument types the sub-commands share: ids and counts as ASCII digits within SQLite's range.

``int`` alone reads ``١`` (an Arabic-Indic one) as 1 and takes numbers SQLite cannot store
(2**63 and more raise ``OverflowError`` deep inside a query): these refuse both at the command
line, as argparse refuses any bad argument (exit code 2, nothing opened).
"""

from __future__ import annotations

import argparse

#: The largest id SQLite (and PostgreSQL's bigint) can hold.
MAX_ID = 2**63 - 1


def whole_number(text: str) -> int:
    """A whole number of ASCII digits, 0 to :data:`MAX_ID` (an argparse ``type``)."""
    if not (text.isascii() and text.isdigit()):
        raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number (digits 0-9 only)")
    if len(text.lstrip("0")) > len(str(MAX_ID)) or int(text) > MAX_ID:
        raise argparse.ArgumentTypeError(f"{text[:40]} is too large (the most is {MAX_ID})")
    return int(text)


def game_id(text: str) -> int:
    """A game's id: :func:`whole_number`."""
    return whole_number(text)


def count(text: str) -> int:
    """How many (steps...): :func:`whole_number`, at least 1."""
    value = whole_number(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not at least 1")
    return value
