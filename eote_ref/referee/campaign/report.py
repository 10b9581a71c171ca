"""A campaign's self-contained HTML report: league tables, battle list and inline SVG charts."""

from __future__ import annotations

import datetime
import html
from collections.abc import Mapping, Sequence

from eote_ref.referee.campaign.battle_view import BattleView
from eote_ref.referee.campaign.league import LeagueRow
from eote_ref.referee.campaign.service import CampaignService
from eote_ref.referee.campaign.views import CampaignInfo, CampaignView, nation_name

#: Series colours (colour-blind safe, Okabe-Ito), side A then side B first.
PALETTE = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#F0E442", "#000")

_W, _H = 640, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 48, 150, 20, 70

#: What the battle list's columns mean (the window's header tooltips say the same).
BATTLE_TIPS = {
    "Hits A": "Hits side A's units took in the battle",
    "Hits B": "Hits side B's units took in the battle",
    "Units lost": "Units each side lost in the battle (routed, disintegrated or removed): A / B",
    "Carried": (
        "Yes when the battle's losses have been written back to the armies: their units "
        "start the next battle with the hits they kept"
    ),
}


def _e(value: object) -> str:
    return html.escape(str(value), quote=True)


def settings_text(info: CampaignInfo) -> str:
    """The campaign's points and recovery in words, e.g. ``3 points a win, 1 a draw...``."""
    p = info.points

    def pts(n: int) -> str:
        return f"{n} point{'s' if n != 1 else ''}"

    kept = info.measure[1]  # the pack's: EotE's hits, AVlE's elements lost
    recovery = {0: f"no {kept}", 50: f"half their {kept}", 100: f"all their {kept}"}.get(
        info.recovery_percent, f"{info.recovery_percent}% of their {kept} (rounded down)"
    )
    return (
        f"{pts(p.win)} a win, {p.draw} a draw, {p.loss} a loss; "
        f"units recover {recovery} between battles"
    )


def chart_labels(battles: Sequence[BattleView]) -> list[str]:
    """The battles' names for a chart axis: the scenario, with its date when it repeats."""
    counts: dict[str, int] = {}
    for b in battles:
        counts[b.scenario] = counts.get(b.scenario, 0) + 1
    return [
        b.scenario if counts[b.scenario] == 1 else f"{b.scenario} ({b.date.isoformat()})"
        for b in battles
    ]


def nice_top(max_value: int) -> int:
    """The top of a value axis: ``max_value`` rounded up to four whole steps."""
    step = max(1, -(-max_value // 4))
    return step * 4


def _axis(max_value: int, labels: Sequence[str], title: str) -> list[str]:
    """Frame, horizontal grid with values, and x labels for a chart ``max_value`` tall."""
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    out = [f'<text x="{_LEFT}" y="14" font-size="13" font-weight="bold">{_e(title)}</text>']
    steps = 4
    top = nice_top(max_value)
    for i in range(steps + 1):
        value = top * i / steps
        y = _TOP + plot_h - plot_h * i / steps
        out.append(
            f'<line x1="{_LEFT}" y1="{y:.1f}" x2="{_LEFT + plot_w}" y2="{y:.1f}" '
            'stroke="#ddd" stroke-width="1"/>'
        )
        out.append(
            f'<text x="{_LEFT - 6}" y="{y + 4:.1f}" font-size="11" text-anchor="end">'
            f"{value:.0f}</text>"
        )
    n = max(1, len(labels))
    slanted = any(len(label) > 12 for label in labels)
    for i, label in enumerate(labels):
        x = _LEFT + plot_w * (i + 0.5) / n
        y = _TOP + plot_h + 16
        short = label if len(label) <= 28 else label[:27] + "…"
        if slanted:  # long names run down to the left instead of into each other
            out.append(
                f'<text x="{x:.1f}" y="{y}" font-size="10" text-anchor="end" '
                f'transform="rotate(-20 {x:.1f} {y})"><title>{_e(label)}</title>{_e(short)}</text>'
            )
        else:
            out.append(
                f'<text x="{x:.1f}" y="{y}" font-size="10" text-anchor="middle">{_e(short)}</text>'
            )
    return out


def _legend(names: Sequence[str]) -> list[str]:
    out = []
    for i, name in enumerate(names):
        y = _TOP + 14 + 18 * i
        x = _W - _RIGHT + 12
        colour = PALETTE[i % len(PALETTE)]
        out.append(f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{colour}"/>')
        out.append(f'<text x="{x + 15}" y="{y}" font-size="11">{_e(name[:20])}</text>')
    return out


def _svg(parts: Sequence[str], title: str) -> str:
    body = "\n".join(parts)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_W} {_H}" width="{_W}" '
        f'height="{_H}" role="img" aria-label="{_e(title)}" font-family="sans-serif">\n'
        f"<title>{_e(title)}</title>\n{body}\n</svg>"
    )


def line_chart_svg(title: str, labels: Sequence[str], series: Mapping[str, Sequence[int]]) -> str:
    """A line chart (one line per series, one point per label) as SVG text."""
    top = max((v for values in series.values() for v in values), default=0)
    parts = _axis(top, labels, title)
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    n = max(1, len(labels))
    for i, (name, values) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        points = [
            (_LEFT + plot_w * (j + 0.5) / n, _TOP + plot_h - plot_h * v / nice_top(top))
            for j, v in enumerate(values)
        ]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(
            f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2">'
            f"<title>{_e(name)}</title></polyline>"
        )
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
    parts += _legend(list(series))
    return _svg(parts, title)


def bar_chart_svg(title: str, labels: Sequence[str], series: Mapping[str, Sequence[int]]) -> str:
    """A grouped bar chart (one bar per series in each label's group) as SVG text."""
    top = max((v for values in series.values() for v in values), default=0)
    parts = _axis(top, labels, title)
    plot_w, plot_h = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
    n, k = max(1, len(labels)), max(1, len(series))
    group = plot_w / n
    bar = group * 0.7 / k
    for i, (name, values) in enumerate(series.items()):
        colour = PALETTE[i % len(PALETTE)]
        for j, v in enumerate(values):
            h = plot_h * v / nice_top(top)
            x = _LEFT + group * j + group * 0.15 + bar * i
            parts.append(
                f'<rect x="{x:.1f}" y="{_TOP + plot_h - h:.1f}" width="{bar:.1f}" '
                f'height="{h:.1f}" fill="{colour}"><title>{_e(name)}: {v}</title></rect>'
            )
    parts += _legend(list(series))
    return _svg(parts, title)


def losses_by_battle(view: CampaignView) -> tuple[list[str], dict[str, list[int]]]:
    """Each decided battle's name and the hits each nation's armies took there.

    One series per nation (``French``, ``Prussian``...), so a bar's colour always means the
    same army across battles; a nation that did not fight a battle has 0 there.
    """
    battles = view.decided_battles
    nations: dict[str, list[int]] = {}
    for b in battles:
        for a in b.armies:
            nations.setdefault(nation_name(a.nation), [0] * len(battles))
    for j, b in enumerate(battles):
        for a in b.armies:
            nations[nation_name(a.nation)][j] += a.losses
    return chart_labels(battles), nations


def _table(rows: Sequence[LeagueRow], heading: str) -> str:
    head = "".join(
        f"<th>{h}</th>"
        for h in ("#", heading, "P", "W", "D", "L", "Pts", "Inflicted", "Suffered", "+/-")
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{_e(v)}</td>"
            for v in r.cells(i, name=nation_name(r.name) if heading == "Nation" else None)
        )
        + "</tr>"
        for i, r in enumerate(rows, 1)
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


_CSS = """
body { font-family: sans-serif; margin: 2em auto; max-width: 60em; color: #222; }
h1 { margin-bottom: 0.2em; } h2 { border-bottom: 1px solid #ccc; padding-bottom: 0.2em; }
table { border-collapse: collapse; margin: 0.5em 0 1.5em; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; }
th { background: #f0f0f0; } td:nth-child(n+3) { text-align: right; }
.battles td { text-align: left; } .muted { color: #666; } figure { margin: 1em 0; }
"""


def campaign_report_html(
    service: CampaignService, campaign_id: int, *, generated: datetime.date | None = None
) -> str:
    """The campaign as one self-contained HTML page (no external files; charts inline SVG)."""
    v = service.view(campaign_id)
    when = (generated or datetime.date.today()).isoformat()
    out = [
        "<!DOCTYPE html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{_e(v.info.name)} - campaign report</title><style>{_CSS}</style></head><body>",
        f"<h1>{_e(v.info.name)}</h1>",
        f'<p class="muted">Campaign report made by eote-ref on {when}. '
        f"{_e(settings_text(v.info).capitalize())}.</p>",
    ]
    if v.info.notes:
        out.append(f"<p>{_e(v.info.notes)}</p>")
    out += ["<h2>League table</h2>", _table(v.league, "Player")]
    out += ["<h3>By army</h3>", _table(v.league_by_army, "Army")]
    out += ["<h3>By nation</h3>", _table(v.league_by_nation, "Nation")]
    out.append("<h2>Battles</h2>")
    head = "".join(
        f"<th>{h}</th>"
        for h in (
            "Date",
            "Scenario",
            "Umpire",
            "Side A",
            "Side B",
            "Result",
            f"{_e(v.info.losses_column)} A-B",
        )
    )
    head += f'<th title="{_e(BATTLE_TIPS["Units lost"])}">Units lost A-B</th>'
    head += f'<th title="{_e(BATTLE_TIPS["Carried"])}">Carried</th>'
    rows = []
    for b in v.battles:

        def side(i: int, b: BattleView = b) -> str:
            armies = ", ".join(f"{a.army} ({a.player})" for a in b.side_armies(i))
            return f"<b>{_e(b.side_names[i])}</b>: {_e(armies)}"

        rows.append(
            "<tr>"
            f"<td>{_e(b.date.isoformat())}</td><td>{_e(b.scenario)}</td>"
            f"<td>{_e(b.umpire or '')}</td><td>{side(0)}</td><td>{side(1)}</td>"
            f"<td>{_e(b.result_text)}</td><td>{b.losses(0)}-{b.losses(1)}</td>"
            f"<td>{b.units_lost(0)}-{b.units_lost(1)}</td><td>{'yes' if b.carried else ''}</td>"
            "</tr>"
        )
    out.append(
        f'<table class="battles"><thead><tr>{head}</tr></thead><tbody>{"".join(rows)}'
        "</tbody></table>"
    )
    out.append("<h2>Charts</h2>")
    decided = v.decided_battles
    labels = chart_labels(decided)
    out.append(
        "<figure>"
        + line_chart_svg("Points over the campaign", labels, v.points_series)
        + "</figure>"
    )
    bl, bs = losses_by_battle(v)
    taken = v.info.losses_taken
    out.append("<figure>" + bar_chart_svg(f"{taken.capitalize()} per battle", bl, bs) + "</figure>")
    for b in decided:
        if b.game_id is None:
            continue
        per_turn = service.losses_per_turn(b.id)
        if not per_turn:
            continue
        turns = list(range(1, max(per_turn) + 1))
        series = {b.side_names[i]: [per_turn.get(t, {}).get(i, 0) for t in turns] for i in (0, 1)}
        out.append(
            "<figure>"
            + bar_chart_svg(f"{b.scenario}: {taken} per turn", [f"turn {t}" for t in turns], series)
            + "</figure>"
        )
    out.append("<h2>Armies</h2>")
    for a in v.armies:
        destroyed = ", ".join(u.name for u in a.units if u.destroyed) or "none"
        out.append(
            f"<h3>{_e(a.name)} <span class='muted'>({_e(a.player)}, "
            f"{_e(nation_name(a.nation))})</span></h3>"
            f"<p>{len(a.units) - a.units_destroyed} of {len(a.units)} units remain, carrying "
            f"{_e(v.info.counted(a.hits_carried))}. Destroyed: {_e(destroyed)}.</p>"
        )
    out.append("</body></html>")
    return "\n".join(out) + "\n"
