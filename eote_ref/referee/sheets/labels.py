"""Base labels: one small label per unit, its code large, to stick under (or beside) the figures.

The umpire types a unit's code (``F12``) to find it in any list; the players read it off the
table. Each label gives the code, the unit's name and its command (an EotE division with its
corps, batteries carrying their leader as in the lists; another pack's command, an AVlE
sector), side by side in rows to cut apart; each side starts on a page of its own. Units not
on the table yet have their labels too, with their codes and when they come ("arrives turn
3"), so one sheet printed before the battle serves the whole game.

The labels are the engine's, for every pack: :func:`play_labels` reads any pack's game
(:class:`~eote_ref.packs.play.PlayState` and the pack's declared markers), :func:`unit_labels`
an EotE game's view. Nothing here names a pack.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eote_ref.packs.play import PlayState
    from eote_ref.packs.state_specs import MarkerSpec
    from eote_ref.referee.views import GameView

#: Labels across a portrait page (each about 45 mm wide on A4 or Letter).
LABELS_ACROSS = 4


@dataclass(frozen=True)
class UnitLabel:
    """What one base label shows."""

    code: str
    name: str
    #: The unit's command: an EotE division with its corps, an AVlE sector.
    command: str
    side: str
    arm: str
    #: For a unit not on the table yet: when it comes ("arrives turn 3").
    arrives: str = ""


def unit_labels(view: GameView, *, on_table_only: bool = False) -> list[UnitLabel]:
    """A label per unit of an EotE game, both sides in order of battle (codes ascending)."""
    out = []
    for s in view.sides:
        for d in s.divisions:
            for u in d.units:
                if on_table_only and u.off_table:
                    continue
                out.append(UnitLabel(u.code, view.unit_title(u), d.title, s.name, u.arm))
    return out


def play_labels(state: PlayState, markers: Sequence[MarkerSpec] = ()) -> list[UnitLabel]:
    """A label per unit of any pack's game: each side's commands in order, their units.

    ``markers`` are the pack's declared unit markers: a unit they keep off the map now (not
    yet arrived, held back) says why in their words (``arrives turn 3``), as the players'
    display words it.
    """
    off = [m for m in markers if m.off_map]
    out = []
    for side in sorted(state.sides, key=lambda s: s.position):
        for command in (c for c in state.commands if c.side_id == side.id):
            for u in (u for u in state.units if u.command_id == command.id):
                values = [(m, u.markers.get(m.name, m.default)) for m in off]
                why = [m.words(v) or m.text for m, v in values if m.keeps_off_map(v, state.turn)]
                label = UnitLabel(u.code, u.name, command.name, side.name, u.arm, "; ".join(why))
                out.append(label)
    return out


def _label_cell(lab: UnitLabel) -> str:
    return (
        '<td class="label" width="25%">'
        f'<p class="code">{esc(lab.code or "—")}</p>'
        f'<p class="name">{esc(lab.name)}</p>'
        f'<p class="div">{esc(lab.command)}</p>'
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
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{esc(title)}</title><style>{_LABEL_CSS}</style></head>"
        f"<body>{''.join(parts)}</body></html>"
    )


def esc(text: object) -> str:
    """``text`` escaped for HTML."""
    return html.escape(str(text))


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
