"""A club's house table file: the cells of a pack's tables typed from its printed play aid.

Any pack whose declaration offers :class:`~eote_ref.packs.declaration.HouseTablesSpec` takes
one. The file is YAML, read by the one YAML loader and checked like a ruleset file: every
problem at once, placed as ``file:line:column: severity: key.path: message``::

    format: 1
    pack: vle
    name: Our club's play aid
    source: house
    tables:
      fire:            # a table of the pack (a grid of named rows by named columns)
        "6": {"5": "2", "7+": "3"}    # row "6", columns "5" and "7+"

Every cell given is the club's (``house``) and stands in for the shipped one; a cell not
given keeps the pack's own, with its own source (``text`` or ``provisional``).
:func:`table_view` gives any pack's tables cell by cell with their sources, for the app's
*Rules → Tables*, the quick reference and the calculator's notes.
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.declaration import HouseCells, Pack
from eote_ref.packs.tables import Bands, Grid, Rows, Table, _cell
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import load_file, load_text
from eote_ref.yamlio.problems import Path, Problem, YamlError

FORMAT_VERSION = 1
KEYS = ("format", "pack", "name", "source", "notes", "tables")


@dataclass(frozen=True)
class HouseTables:
    """A loaded house table file: its pack, its name and its cells by table."""

    pack: str
    name: str
    cells: HouseCells = field(default_factory=dict)
    file: str = ""

    def to_json(self) -> dict[str, Any]:
        """As a game keeps it: ``{name, tables: {table: [[row, column, value], ...]}}``."""
        return {
            "name": self.name,
            "tables": {
                t: [[r, c, v] for (r, c), v in cells.items()] for t, cells in self.cells.items()
            },
        }

    @classmethod
    def from_json(cls, pack: str, data: Mapping[str, Any]) -> HouseTables:
        tables = data.get("tables") or {}
        cells = {t: {(str(r), str(c)): str(v) for r, c, v in rows} for t, rows in tables.items()}
        return cls(pack, str(data.get("name", "")), cells)


def _problem(doc: Document, path: Path, message: str, severity: str = "error") -> Problem:
    return Problem(doc.mark(path), path, message, severity)


def check_document(doc: Document, pack: Pack) -> tuple[HouseTables | None, list[Problem]]:
    """Check a house table file against ``pack``: the tables (None on any error), problems."""
    data = doc.data
    out: list[Problem] = []
    if not isinstance(data, dict):
        return None, [_problem(doc, (), "a house table file is a mapping of keys")]
    for key in data:
        if key not in KEYS:
            out.append(_problem(doc, (key,), f"unknown key (known keys: {', '.join(KEYS)})"))
    if data.get("format") != FORMAT_VERSION:
        out.append(_problem(doc, ("format",), f"format must be {FORMAT_VERSION}"))
    if data.get("pack") != pack.id:
        out.append(_problem(doc, ("pack",), f"this file is for pack '{data.get('pack')}', "
                            f"not '{pack.id}'"))  # fmt: skip
    if data.get("source", "house") != "house":
        out.append(_problem(doc, ("source",), "a club's values are 'house'"))
    name = data.get("name")
    if not isinstance(name, str) or not name.strip():
        out.append(_problem(doc, ("name",), "give the file a name (the club's play aid)"))
    spec = pack.house_tables
    tables = data.get("tables")
    cells: dict[str, dict[tuple[str, str], str]] = {}
    if spec is None:
        out.append(_problem(doc, (), f"pack {pack.id} takes no house tables"))
    elif not isinstance(tables, dict) or not tables:
        out.append(_problem(doc, ("tables",), "give at least one table"))
    else:
        for t, rows in tables.items():
            out += _check_table(doc, pack, str(t), rows, cells)
    for t, got in cells.items():
        if spec is not None:
            for (r, c), msg in spec.warn(t, got):
                out.append(_problem(doc, ("tables", t, r, c), msg, "warning"))
    out.sort(key=lambda p: (p.mark.line, p.mark.column) if p.mark else (0, 0))
    if any(p.severity == "error" for p in out):
        return None, out
    return HouseTables(pack.id, str(name), cells, doc.file), out


def _check_table(
    doc: Document, pack: Pack, t: str, rows: Any, cells: dict[str, dict[tuple[str, str], str]]
) -> list[Problem]:
    spec = pack.house_tables
    assert spec is not None
    where: Path = ("tables", t)
    table = pack.tables.get(t)
    if t not in spec.values or not isinstance(table, Grid):
        known = ", ".join(spec.values)
        return [_problem(doc, where, f"no table '{t}' a club may type (pack {pack.id}: {known})")]
    if not isinstance(rows, dict):
        return [_problem(doc, where, "a table is a mapping of rows, each a mapping of columns")]
    out: list[Problem] = []
    allowed = spec.values[t]
    got = cells.setdefault(t, {})
    for r, cols in rows.items():
        r_text = str(r)
        if r_text not in table.rows:
            out.append(_problem(doc, (*where, r), f"no row '{r_text}' (rows: "
                                f"{', '.join(table.rows)})"))  # fmt: skip
            continue
        if not isinstance(cols, dict):
            out.append(_problem(doc, (*where, r), "a row is a mapping of columns to values"))
            continue
        for c, v in cols.items():
            c_text = str(c)
            path = (*where, r, c)
            if c_text not in table.columns:
                out.append(_problem(doc, path, f"no column '{c_text}' (columns: "
                                    f"{', '.join(table.columns)})"))  # fmt: skip
                continue
            v_text = "" if v is None else str(v)
            if allowed and v_text not in allowed:
                shown = ", ".join(a if a else repr(a) for a in allowed)
                out.append(_problem(doc, path, f"{v_text!r} is not a result of this table "
                                    f"({shown})"))  # fmt: skip
                continue
            got[(r_text, c_text)] = v_text
    return out


def load_house_tables(path: str | pathlib.Path, pack: Pack) -> HouseTables:
    """Read and check a house table file; :class:`YamlError` lists every error."""
    doc = load_file(path)
    tables, problems = check_document(doc, pack)
    if tables is None:
        raise YamlError([p for p in problems if p.severity == "error"] or problems)
    return tables


def house_text(
    text: str, pack: Pack, file: str = "<house>"
) -> tuple[HouseTables | None, list[Problem]]:
    """Check a house table file given as text (the app's editor)."""
    return check_document(load_text(text, file), pack)


def dump(house: HouseTables) -> str:
    """A house table file as YAML text (the app's export), every value quoted."""
    lines = [f"format: {FORMAT_VERSION}", f"pack: {house.pack}", f'name: "{_q(house.name)}"',
             "source: house", "tables:"]  # fmt: skip
    for t, cells in house.cells.items():
        lines.append(f"  {t}:")
        rows: dict[str, list[tuple[str, str]]] = {}
        for (r, c), v in cells.items():
            rows.setdefault(r, []).append((c, v))
        for r, cols in rows.items():
            inner = ", ".join(f'"{_q(c)}": "{_q(v)}"' for c, v in cols)
            lines.append(f'    "{_q(r)}": {{{inner}}}')
    return "\n".join(lines) + "\n"


def _q(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"')


@dataclass(frozen=True)
class CellView:
    """One cell as *Rules → Tables* shows it: its text and where the value comes from."""

    text: str
    source: str


@dataclass(frozen=True)
class TableView:
    """One table of a pack: its kind's rows as text, each cell with its source."""

    name: str
    rows: list[list[CellView]]
    editable: bool


def _source_of(value: Any, default: str) -> str:
    src = getattr(value, "source", None)
    if src is None:
        return default
    return str(getattr(src, "value", src))


def table_view(pack: Pack, name: str, table: Table, default: str = "text") -> TableView:
    """A table of ``pack`` cell by cell with each cell's source (``text`` unless it says)."""
    editable = pack.house_tables is not None and name in pack.house_tables.values
    if isinstance(table, Grid):
        head = [CellView("", "")] + [CellView(c, "") for c in table.columns]
        body = [
            [CellView(r, "")]
            + [
                CellView(_plain(cells.get(c)), _source_of(cells.get(c), default))
                for c in table.columns
            ]
            for r, cells in table.rows.items()
        ]
        return TableView(name, [head, *body], editable)
    rendered = table.render()
    # A band's or a row's result may say where it comes from (EotE's chart rows do).
    results: list[Any] = []
    if isinstance(table, Bands):
        results = [b.result for b in table.bands]
    elif isinstance(table, Rows):
        results = list(table.rows)
    sources = [_source_of(r, default) for r in results]

    def source(i: int, j: int) -> str:
        if i == 0 or j == 0:
            return ""
        return sources[i - 1] if i - 1 < len(sources) else default

    return TableView(
        name,
        [[CellView(x, source(i, j)) for j, x in enumerate(row)] for i, row in enumerate(rendered)],
        editable,
    )


def _plain(value: Any) -> str:
    v = getattr(value, "value", None)
    if isinstance(v, str):
        return v or "-"
    return _cell(value)


def tables_view(pack: Pack, rules: Any = None) -> list[TableView]:
    """Every table of ``pack``, with a game's house cells in place (``rules.tables()``)."""
    tables = dict(pack.tables)
    own = getattr(rules, "tables", None)
    if callable(own):
        tables |= own()
    return [table_view(pack, n, t) for n, t in tables.items()]
