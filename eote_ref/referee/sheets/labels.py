"""Base labels: one small label per unit, its code large, to stick under (or beside) the figures.

The umpire types a unit's code (``F12``) to find it in any list; the players read it off the
table. Each label gives the code, the unit's name and its division with its corps (batteries
carry their leader, as in the lists), side by side in rows to cut apart; each side starts on
a page of its own. A scenario's reinforcements not yet arrived have their labels too, with
the codes reserved for them and when they come ("arrives turn 3"), so one sheet printed
before the battle serves the whole game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eote_ref.referee.sheets.marks import document, esc
from eote_ref.referee.views import GameView

#: Labels across a portrait page (each about 45 mm wide on A4 or Letter).
LABELS_ACROSS = 4


@dataclass(frozen=True)
class UnitLabel:
    """What one base label shows."""

    code: str
    name: str
    division: str
    side: str
    arm: str
    #: For a reinforcement not yet on the table: when it comes ("arrives turn 3").
    arrives: str = ""


def unit_labels(view: GameView, *, on_table_only: bool = False) -> list[UnitLabel]:
    """A label per unit of the game, both sides in order of battle (codes ascending)."""
    out = []
    for s in view.sides:
        for d in s.divisions:
            for u in d.units:
                if on_table_only and u.off_table:
                    continue
                out.append(UnitLabel(u.code, view.unit_title(u), d.title, s.name, u.arm))
    return out


def _label_cell(lab: UnitLabel) -> str:
    return (
        '<td class="label" width="25%">'
        f'<p class="code">{esc(lab.code or "—")}</p>'
        f'<p class="name">{esc(lab.name)}</p>'
        f'<p class="div">{esc(lab.division)}</p>'
        + (f'<p class="arrives">{esc(lab.arrives)}</p>' if lab.arrives else "")
        + "</td>"
    )


def labels_html(labels: Sequence[UnitLabel], title: str = "Base labels") -> str:
    """The labels as one HTML document: rows of :data:`LABELS_ACROSS`, a side per page."""
    sides: dict[str, list[UnitLabel]] = {}
    for lab in labels:
        sides.setdefault(lab.side, []).append(lab)
    parts = []
    for n, (side, group) in enumerate(sides.items()):
        brk = ' style="page-break-before: always"' if n else ""
        rows = []
        for i in range(0, len(group), LABELS_ACROSS):
            cells = "".join(_label_cell(lab) for lab in group[i : i + LABELS_ACROSS])
            blanks = LABELS_ACROSS - len(group[i : i + LABELS_ACROSS])
            cells += '<td class="blank" width="25%">&nbsp;</td>' * blanks
            rows.append(f"<tr>{cells}</tr>")
        parts.append(
            f'<div{brk}><p class="head"><b>{esc(side)}</b> — {esc(title)} · '
            f"{len(group)} units · cut along the lines</p>"
            '<table class="labels" width="100%" border="1" cellspacing="0" cellpadding="3">'
            + "".join(rows)
            + "</table></div>"
        )
    return document(title, _LABEL_CSS, "".join(parts))


_LABEL_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; color: #111; }
p.head { font-size: 8pt; color: #333; margin-bottom: 4px; }
table.labels { border-collapse: collapse; border-color: #777; }
td.label { vertical-align: top; }
p.code { font-size: 20pt; font-weight: bold; margin: 0; }
p.name { font-size: 8pt; font-weight: bold; margin: 0; }
p.div { font-size: 6.5pt; color: #333; margin: 0; }
p.arrives { font-size: 6.5pt; font-style: italic; margin: 0; }
"""
