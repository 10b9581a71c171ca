"""Campaign CSV files as they travel through spreadsheets: encodings, formula cells, limits.

Kept apart from the campaign service so the rules of the file format sit in one place:

* :func:`decode` reads UTF-8 (with or without the byte-order mark Excel's "CSV UTF-8" writes),
  UTF-16 with a byte-order mark, and cp1252 (Excel's "CSV" on Western Windows, which also
  reads Latin-1 text); anything else is refused with a message.
* :func:`safe_cell` / :func:`unsafe_cell`: a cell a spreadsheet would run as a formula (it
  starts with ``=``, ``+``, ``-``, ``@``, a tab or a carriage return) is written with a leading
  apostrophe, which spreadsheets show as text; the import takes it off again, so every value
  round-trips exactly.
* :func:`join_names` / :func:`split_names`: several army names in one cell, joined by ``; ``,
  with a ``;`` or a backslash inside a name escaped by a backslash.
* Limits (checked before any row is read): :data:`MAX_BYTES`, :data:`MAX_ROWS`,
  :data:`MAX_CELL_CHARS`, and whole numbers up to :data:`MAX_NUMBER`.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Iterator

from eote_ref.referee.errors import RefereeError
from eote_ref.store.limits import MAX_NAME, MAX_NOTES

#: Largest CSV file the import reads.
MAX_BYTES = 16 * 2**20
#: Most data rows in one file.
MAX_ROWS = 100_000
#: Most armies on one side of a battle (the campaign service refuses more).
MAX_ARMIES_PER_SIDE = 20
#: Longest cell: the longest the app can export, so every export imports back. Notes of
#: :data:`~eote_ref.store.limits.MAX_NOTES` characters with a formula's apostrophe, or a side's
#: armies, each name of at most :data:`~eote_ref.store.limits.MAX_NAME` characters with every
#: one escaped, joined by ``; ``.
MAX_CELL_CHARS = max(MAX_NOTES + 1, MAX_ARMIES_PER_SIDE * (2 * MAX_NAME + 2))
#: Largest whole number in a cell (losses, game ids): far beyond any real campaign.
MAX_NUMBER = 1_000_000

#: First characters that make a spreadsheet treat a cell as a formula.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_ESCAPED = (*FORMULA_STARTS, "'")


class CsvFormatError(RefereeError):
    """The file cannot be read as a campaign CSV; ``problems`` are ``line N: ...`` texts."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = problems


def decode(raw: bytes) -> str:
    """The text of a CSV file in one of the encodings spreadsheets write; CsvFormatError else."""
    if len(raw) > MAX_BYTES:
        raise CsvFormatError([f"line 1: the file is larger than {MAX_BYTES // 2**20} MiB"])
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        try:
            return raw.decode("utf-16")
        except UnicodeDecodeError as exc:
            raise CsvFormatError([f"line 1: not valid UTF-16 text ({exc.reason})"]) from exc
    if b"\x00" in raw:
        line = raw.count(b"\n", 0, raw.index(b"\x00")) + 1
        raise CsvFormatError(
            [
                f"line {line}: the file holds NUL bytes: save it as 'CSV UTF-8' "
                "(UTF-16 files need their byte-order mark)"
            ]
        )
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        pass
    try:
        return raw.decode("cp1252")
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise CsvFormatError(
            [
                f"line {line}: byte 0x{raw[exc.start]:02X} is neither UTF-8 nor Windows-1252 "
                "text: save the file as 'CSV UTF-8'"
            ]
        ) from exc


def safe_cell(value: object) -> str:
    """A cell as written: text a spreadsheet would run as a formula gets a leading apostrophe."""
    text = str(value)
    if text.startswith(FORMULA_STARTS) or (text[:1] == "'" and text[1:2] in _ESCAPED and text[1:2]):
        return "'" + text
    return text


def unsafe_cell(text: str) -> str:
    """A cell as read: the apostrophe :func:`safe_cell` added is taken off."""
    if text[:1] == "'" and text[1:2] and text[1:2] in _ESCAPED:
        return text[1:]
    return text


def join_names(names: Iterable[str]) -> str:
    """Army names in one cell: ``A; B``, with ``;`` and backslashes inside a name escaped."""
    return "; ".join(n.replace("\\", "\\\\").replace(";", "\\;") for n in names)


def split_names(text: str) -> list[str]:
    """The names of a cell written by :func:`join_names` (or by hand: ``A;B``), blanks dropped."""
    names: list[str] = []
    current: list[str] = []
    chars = iter(text)
    for ch in chars:
        if ch == "\\":
            current.append(next(chars, "\\"))
        elif ch == ";":
            names.append("".join(current))
            current = []
        else:
            current.append(ch)
    names.append("".join(current))
    return [n.strip() for n in names if n.strip()]


def write_rows(rows: Iterable[Iterable[object]]) -> str:
    """CSV text with every cell made safe for spreadsheets."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in rows:
        writer.writerow([safe_cell(c) for c in row])
    return out.getvalue()


def read_rows(text: str, columns: tuple[str, ...]) -> Iterator[tuple[int, dict[str, str]]]:
    """``(line, {column: cell})`` for each data row, cells as :func:`unsafe_cell` gives them.

    Raises:
        CsvFormatError: a duplicated, missing-name or unknown column, a cell or a file over
            the limits, or text the CSV reader cannot split into cells.
    """
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        header = [h.strip() for h in next(reader, [])]
        header = [h.removeprefix("\ufeff") for h in header]
        seen: set[str] = set()
        for name in header:
            if name in seen:
                raise CsvFormatError([f"line 1: column {name!r} appears twice"])
            seen.add(name)
        unknown = [c for c in header if c not in columns]
        if unknown:
            raise CsvFormatError([f"line 1: unknown column(s) {', '.join(unknown)}"])
        count = 0
        for cells in reader:
            count += 1
            if count > MAX_ROWS:
                raise CsvFormatError([f"line {reader.line_num}: more than {MAX_ROWS} rows"])
            if not any(c.strip() for c in cells):
                continue
            for i, cell in enumerate(cells):
                if len(cell) > MAX_CELL_CHARS:
                    name = header[i] if i < len(header) else f"cell {i + 1}"
                    raise CsvFormatError(
                        [f"line {reader.line_num}: {name}: longer than {MAX_CELL_CHARS} characters"]
                    )
            if len(cells) > len(header):
                raise CsvFormatError(
                    [f"line {reader.line_num}: {len(cells)} cells, the header has {len(header)}"]
                )
            yield reader.line_num, {h: unsafe_cell(c) for h, c in zip(header, cells, strict=False)}
    except csv.Error as exc:
        if "field larger than field limit" in str(exc):
            message = f"a cell is longer than {MAX_CELL_CHARS} characters"
        else:
            message = f"cannot split into cells ({exc})"
        raise CsvFormatError([f"line {reader.line_num}: {message}"]) from exc


def header_of(text: str) -> list[str]:
    """The column names of a CSV text (first line)."""
    reader = csv.reader(io.StringIO(text, newline=""))
    try:
        return [h.strip().removeprefix("\ufeff") for h in next(reader, [])]
    except csv.Error:
        return []


def whole_number(text: str) -> int | None:
    """A whole number 0..MAX_NUMBER written in a cell, or None when it is not one."""
    text = text.strip()
    # ASCII digits only: str.isdigit() and int() also read Arabic-Indic, Devanagari or
    # superscript digits, which a spreadsheet would never write as a number.
    if not (text.isascii() and text.isdigit()) or len(text) > len(str(MAX_NUMBER)):
        return None
    value = int(text)
    return value if value <= MAX_NUMBER else None
