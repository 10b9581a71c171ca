"""Printed sheets any pack shares: its reference sheet from its tables, and the HTML pieces.

:func:`reference_sheet_html` lays out every table a pack declares through that table kind's
own quick-reference renderer (``render()`` in :mod:`eote_ref.packs.tables`), with the pack's
dice and options, so a pack gets a reference sheet without writing one. The pieces (tick
boxes, a table of text rows, a whole page) serve the packs' own record sheets and trackers.
The HTML is laid out and written to PDF by the shared printing machinery
(:func:`eote_ref.ui.printing.write_pdf`). Names no pack; standard library only.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from eote_ref.packs.declaration import Pack
from eote_ref.packs.dice import Die, Pool, Sum
from eote_ref.packs.tables import Table, kind_of

CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 7pt;
       color: #111; }
p.title { font-size: 12pt; font-weight: bold; margin: 0; }
p.sub { font-size: 7.5pt; color: #333; margin-top: 0; margin-bottom: 3px; }
p.h { font-size: 8pt; font-weight: bold; color: #1f3c66; margin-top: 5px; margin-bottom: 1px; }
table.t { border-collapse: collapse; border-color: #888; }
table.t th { font-size: 6.5pt; background-color: #eef1f4; white-space: nowrap; }
table.t td { font-size: 6.5pt; }
td.c, th.c { text-align: center; }
td.lab { background-color: #eef1f4; white-space: nowrap; }
table.boxes { border-collapse: collapse; border-color: #222; }
table.boxes td { font-size: 10pt; }
p { margin-top: 1px; margin-bottom: 1px; }
p.note, span.note { font-size: 6.5pt; color: #333; }
"""

#: The page break between the pages of one document.
PAGE_BREAK = ' style="page-break-before: always"'


def esc(text: object) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))


def page(title: str, body: str, css: str = CSS) -> str:
    """A whole HTML page: ``title``, its style sheet and ``body``."""
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{css}</style></head><body>{body}</body></html>"
    )


def boxes(count: int, shaded_from: int | None = None, width: int = 19, ticked: int = 0) -> str:
    """A row of ``count`` tick boxes, those from ``shaded_from`` (1-based) shaded.

    The first ``ticked`` boxes are ticked (a game in progress: the losses marked so far).
    """
    if count <= 0:
        return "—"
    shade = [
        "#c9c9c9" if shaded_from and i >= shaded_from else "#ffffff" for i in range(1, count + 1)
    ]
    mark = [
        '<span style="font-size: 7pt">&#x2717;</span>' if i <= ticked else "&nbsp;&nbsp;&nbsp;"
        for i in range(1, count + 1)
    ]
    cells = "".join(
        f'<td width="{width}" bgcolor="{c}" align="center">{m}</td>'
        for c, m in zip(shade, mark, strict=True)
    )
    return (
        f'<table class="boxes" border="1" cellspacing="0" cellpadding="0"><tr>{cells}</tr></table>'
    )


def rows_table(rows: Sequence[Sequence[str]], heading: bool = True, width: str = "") -> str:
    """Text rows as a bordered table; the first row is the heading when ``heading``."""
    out = []
    for i, row in enumerate(rows):
        tag = "th" if heading and i == 0 else "td"
        cells = "".join(
            f'<{tag} class="{"lab" if j == 0 and tag == "td" else "c"}">{cell}</{tag}>'
            for j, cell in enumerate(row)
        )
        out.append(f"<tr>{cells}</tr>")
    w = f' width="{width}"' if width else ""
    return f'<table class="t" border="1" cellspacing="0" cellpadding="2"{w}>{"".join(out)}</table>'


def table_html(table: Table) -> str:
    """One table of a pack as its kind's quick-reference renderer gives it."""
    return rows_table([[esc(c) for c in row] for row in table.render()])


def _die_line(name: str, die: Die | Sum | Pool) -> str:
    if isinstance(die, Pool):
        return f"<b>{esc(name)}</b>: a pool of {die.n} × {esc(die.die.title)}"
    if isinstance(die, Sum):
        return f"<b>{esc(name)}</b>: {esc(die.id)}, the sum of {die.n} dice"
    dist = die.distribution()
    if die.numbered:
        values = [int(f) for f in dist]
        return (
            f"<b>{esc(die.title)}</b> ({esc(name)}): {min(values)}–{max(values)}, "
            f"each {next(iter(dist.values()))}"
        )
    faces = ", ".join(f"{esc(face)} {p}" for face, p in dist.items())
    return f"<b>{esc(die.title)}</b> ({esc(name)}): {faces}"


def _balanced(blocks: list[str], weights: list[int], n: int) -> list[str]:
    """``blocks`` in order over ``n`` columns of about equal ``weights``."""
    target = sum(weights) / n
    columns: list[list[str]] = [[]]
    used = 0
    for block, weight in zip(blocks, weights, strict=True):
        if columns[-1] and len(columns) < n and used + weight / 2 > target:
            columns.append([])
            used = 0
        columns[-1].append(block)
        used += weight
    return ["".join(c) for c in columns]


def reference_sheet_html(pack: Pack, titles: dict[str, str] | None = None) -> str:
    """A pack's reference sheet: each table by its kind's renderer, its dice and its options.

    Args:
        pack: the declaration (from :func:`eote_ref.packs.registry.get_pack`).
        titles: headings by table id (the table's own id otherwise).
    """
    titles = titles or {}
    blocks: list[str] = []
    weights: list[int] = []  # rows each block takes, to balance the two columns
    for name, table in pack.tables.items():
        heading = titles.get(name) or getattr(table, "name", name)
        blocks.append(
            f'<p class="h">{esc(heading)} <span class="note">({esc(kind_of(table))})</span></p>'
            + table_html(table)
        )
        weights.append(len(table.render()) + 2)
    dice = "".join(f"<p>{_die_line(n, d)}</p>" for n, d in pack.dice.items())
    blocks.append(f'<p class="h">Dice</p>{dice}')
    weights.append(len(pack.dice) + 2)
    columns = _balanced(blocks, weights, 3)
    rows = [[esc(o.name), esc(str(o.default).lower()), esc(o.rule)] for o in pack.options.values()]
    head = ["option", "default", "section"]
    halves = (rows[: (len(rows) + 1) // 2], rows[(len(rows) + 1) // 2 :])
    options = (
        '<table width="100%" cellspacing="0" cellpadding="4"><tr>'
        + "".join(f'<td width="50%" valign="top">{rows_table([head, *h])}</td>' for h in halves)
        + "</tr></table>"
    )
    notes = "".join(f'<p class="note">{esc(n)}</p>' for n in pack.reference_notes)
    body = (
        f'<p class="title">{esc(pack.title)} — reference sheet</p>'
        f'<p class="sub">Generated from the pack\'s tables ({len(pack.tables)}), '
        "each laid out by its kind; every value is the pack's data as shipped.</p>"
        '<table width="100%" cellspacing="0" cellpadding="4"><tr>'
        + "".join(f'<td width="33%" valign="top">{c}</td>' for c in columns)
        + "</tr></table>"
        f'<p class="h"{PAGE_BREAK}>Options (the text\'s gaps, each with its default)</p>'
        f"{options}{notes}"
    )
    return page(f"{pack.title} reference sheet", body)
