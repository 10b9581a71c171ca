"""The quick-reference sheet: the ruleset's tables and modifiers on two pages, as HTML."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from eote_ref.packs.eote.rules.core import Source
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.sheets.options import option_words
from eote_ref.referee.sheets.marks import (
    HOUSE_MARK,
    PROVISIONAL_MARK,
    clean_label,
    document,
    esc,
    mark,
    num,
    signed,
)

_QRS_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 5.5pt;
       color: #111; }
p.title { font-size: 11pt; font-weight: bold; margin: 0; }
p.h { font-size: 7pt; font-weight: bold; color: #1f3c66; margin-top: 4px; margin-bottom: 1px; }
table.t { border-collapse: collapse; border-color: #888; }
table.t th { font-size: 5.5pt; background-color: #eef1f4; }
table.t td { font-size: 5.5pt; }
td.c, th.c { text-align: center; }
p { margin-top: 1px; margin-bottom: 1px; }
p.note { font-size: 5.5pt; color: #333; }
p.key { font-size: 6pt; margin-top: 2px; }
"""


#: Headings of the modifier groups on the quick reference, in print order.
MODIFIER_GROUPS = {
    "combat": "Combat (fire and assault)",
    "fire": "Fire",
    "assault": "Assault",
    "morale": "Morale",
    "square": "Square",
    "integrity": "Divisional integrity",
    "leader_casualty": "Leader casualty",
    "rally": "Rally",
    "initiative": "Initiative",
    "oac": "Order activation",
}


def _rng(r: Sequence[int | None] | None) -> str:
    """A d10 or CE range: ``3–4``, ``5``, ``≤0``, ``18+``, or ``—`` for none."""
    if not r:
        return "—"
    lo, hi = r[0], r[1]
    if lo is None:
        return f"≤{num(hi)}" if hi is not None else "any"
    if hi is None:
        return f"{num(lo)}+"
    return num(lo) if lo == hi else f"{num(lo)}–{num(hi)}"


def _table(head: Sequence[str], rows: Iterable[Sequence[str]], width: str = "100%") -> str:
    h = "".join(f'<th class="c">{x}</th>' for x in head)
    body = "".join(
        "<tr>" + "".join(f'<td class="c">{c}</td>' for c in row) + "</tr>" for row in rows
    )
    return (
        f'<table class="t" width="{width}" border="1" cellspacing="0" cellpadding="1">'
        f"<tr>{h}</tr>{body}</table>"
    )


def _label(v: object) -> str:
    """A ruleset value's label as printed: escaped, transcription remarks left out."""
    return esc(clean_label(str(getattr(v, "reason", "")))[0])


def _mark_of(v: object) -> str:
    """A value's mark; a value whose label doubts the transcript is printed provisional."""
    m = mark(getattr(v, "source", Source.TEXT))
    if not m and clean_label(str(getattr(v, "reason", "")))[1]:
        return PROVISIONAL_MARK
    return m


def _mod_list(rs: Ruleset, group: str) -> str:
    rows = []
    for v in rs.modifiers[group].values():
        rows.append(
            f"<tr><td>{_label(v)}</td>"
            f'<td class="c"><b>{signed(v.value)}</b>{_mark_of(v)}</td>'
            f'<td class="c">{esc(v.rule)}</td></tr>'
        )
    return (
        '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="1">'
        + "".join(rows)
        + "</table>"
    )


def _val(v: object) -> str:
    value = getattr(v, "value", 0)
    source = getattr(v, "source", Source.TEXT)
    return f"{num(value)}{mark(source)}"


def _assault_cell(cell: str) -> str:
    """An assault-table cell with room around its slash: ``./R`` → ``. / R``."""
    return " / ".join(cell.split("/"))


def quick_reference_html(rs: Ruleset, figure_scale: str = "15mm") -> str:
    """The one-page quick reference sheet of a ruleset and its chosen options."""
    sc = figure_scale
    cols: list[list[str]] = [[], [], [], []]

    def h(text: str) -> str:
        return f'<p class="h">{text}</p>'

    # --- column 1: fire, artillery range, assault, support, distances
    fire_rows = [
        (f"{_rng(r.ce)}{mark(r.source)}", _rng(r.disorder), _rng(r.one_hit), _rng(r.two_hits))
        for r in rs.fire_table
    ]
    cols[0].append(
        h("Tactical fire table (EotE 6.6)")
        + "<p>d10 on the firer's modified-CE row; any other roll: no effect.</p>"
        + _table(("Modified CE", "Disorder", "1 hit", "2 hits"), fire_rows)
    )
    art_rows = [
        (f'≤{num(rs.scaled(b.max_in, sc))}"', _label(b), f"{signed(b.value)}{_mark_of(b)}")
        for b in rs.artillery_range
    ]
    cols[0].append(
        h(f"Artillery range at {esc(sc)} (EotE 6.1)")
        + _table(("Range", "Band", "Modifier"), art_rows)
    )
    assault = rs.assault_table
    head = ["d10", *(f"{_rng(c.attack_value)}{mark(c.source)}" for c in assault)]
    a_rows = [[str(i + 1), *(_assault_cell(c.cells[i]) for c in assault)] for i in range(10)]
    cols[0].append(
        h("Tactical assault table (EotE 7.6)")
        + "<p>Column: attack value (the attacker's total less the defender's). For a negative "
        "value −k read column +k at roll 11−d10 with the sides swapped.</p>"
        + _table(head, a_rows)
        + '<p class="key">Each cell: <b>attacker / defender</b>. <b>.</b> = no effect, '
        "<b>D</b> = disorder, <b>F</b> = fall back, <b>1</b> / <b>2</b> = hits, "
        "<b>R</b> = rout.</p>"
    )
    cols[0].append(
        h("Assault support (EotE 7.2)")
        + _table(
            ("Supporter", "Adds"),
            [(_label(v), f"{num(v.value)}{_mark_of(v)}") for v in rs.support.values()],
        )
        + f'<p class="note">A supporter on the attacker\'s rear counts '
        f"×{esc(rs.opts.support_rear_factor)} (a chosen option).</p>"
    )

    # --- column 2: combat, fire and assault modifiers, morale modifiers
    for group in ("combat", "fire", "assault", "morale"):
        cols[1].append(h(f"{MODIFIER_GROUPS[group]} modifiers") + _mod_list(rs, group))

    # --- column 3: morale, square, integrity, leader casualty, rally
    threshold = rs.opts.morale_hit_threshold
    reading = rs.opts.morale_result_reading
    passes, fails = ("above", "under") if reading == "table" else ("under", "above")
    fb = rs.distance("morale_fall_back")
    cols[2].append(
        h("Morale (EotE 7.5)")
        + f"<p>Check on reaching <b>{esc(threshold)} hits</b> and on every hit after. d10 "
        f"against the modified CE: <b>{passes}</b> passes; <b>equal</b> falls back "
        f'{num(rs.scaled(fb.value, sc))}" disordered, +1 hit; <b>{fails}</b> routs '
        f"(+{_rout_hits(rs)} hit).</p>"
    )
    pin = rs.distance("pinning_cavalry")
    cols[2].append(
        h("Square (EotE 5.6)")
        + f'<p>Infantry within {num(rs.scaled(pin.value, sc))}" of cavalry forms square on a '
        "d10 <b>under</b> its modified CE, else it stays in formation, pinned; farther away no "
        "roll is needed.</p>" + _mod_list(rs, "square")
    )
    di_head = ("Average CE", *(f"{_rng(r.ce)}{mark(r.source)}" for r in rs.di_base))
    di_row = ("Base", *(str(r.base) for r in rs.di_base))
    fail = ", ".join(f"{_rng(b)} {k.replace('_', ' ')}" for k, b in rs.di_fail.bands.items())
    cols[2].append(
        h("Divisional integrity (EotE 9.0)")
        + f"<p>Average CE (rounded {esc(rs.opts.di_average_rounding)}) gives the base; "
        "pass on a d10 <b>at or under</b> base + modifiers; on a failure roll again: "
        f"{fail}{mark(rs.di_fail.source)}.</p>"
        + _table(di_head, [di_row])
        + _mod_list(rs, "integrity")
    )
    lc = ", ".join(f"{_rng(b)} {k.replace('_', ' ')}" for k, b in rs.leader_casualty.bands.items())
    reach = rs.distance("leader_casualty_reach")
    cols[2].append(
        h("Leader casualty (EotE 8.0)")
        + f'<p>Leaders within {num(rs.scaled(reach.value, sc))}" of a combat roll d10: '
        f"{lc}{mark(rs.leader_casualty.source)}.</p>" + _mod_list(rs, "leader_casualty")
    )
    cols[2].append(h("Rally modifiers (EotE 9.1)") + _mod_list(rs, "rally"))

    # --- column 4: command radius, orders, movement, initiative, distances
    cr_rows = [
        (
            f"{signed(r.rating)}{mark(r.source)}",
            f'{num(rs.scaled(r.division, sc))}"',
            f'{num(rs.scaled(r.corps, sc))}"',
            f'{num(rs.scaled(r.army, sc))}"',
        )
        for r in rs.command_radius
    ]
    cols[2].append(
        h(f"Command radius at {esc(sc)} (EotE 3.6)")
        + _table(("Rating", "Division", "Corps / wing", "Army"), cr_rows)
    )
    oac_rows = [
        (
            f"{signed(r.rating)}{mark(r.source)}",
            *(f"≤{t}" for t in r.thresholds),
            f">{r.thresholds[-1]}",
        )
        for r in rs.oac
    ]
    cols[3].append(
        h("Activating orders (EotE 3.1)")
        + _table(("Rating", "1 turn", "2 turns", "3 turns", "4 turns"), oac_rows)
        + _mod_list(rs, "oac")
    )
    mv = rs.movement

    def move(key: str) -> tuple[str, str]:
        v = mv[key]
        if key == "horse_artillery":
            return _label(v), f'{signed(v.value)}"{_mark_of(v)}'
        return _label(v), f'{num(rs.scaled(v.value, sc))}"{_mark_of(v)}'

    # foot and horse on the left, the guns on the right, routers and leaders last
    move_pairs = [
        (move(a), move(b))
        for a, b in (
            ("infantry_line", "artillery_light"),
            ("infantry_column", "artillery_medium"),
            ("infantry_skirmish", "artillery_heavy"),
            ("infantry_square", "horse_artillery"),
            ("cavalry_line", "artillery_prolong"),
            ("cavalry_column", "rout"),
        )
    ]
    move_pairs.append((move("leader"), ("", "")))
    cols[3].append(
        h(f"Movement allowances at {esc(sc)} (EotE 5.1)")
        + _pair_rows(move_pairs)
        + f'<p class="note">Without the initiative ×{_val(mv["non_initiative_fraction"])}; '
        f"formation change: infantry ×{_val(mv['infantry_formation_change_fraction'])}, "
        f'cavalry {_val(mv["cavalry_formation_change"])}"; limber '
        f'{_val(mv["artillery_limber"])}"; wheel {_val(mv["wheel_infantry_artillery"])}" '
        f'(cavalry {_val(mv["wheel_cavalry"])}"); about-face ×{_val(mv["about_face_fraction"])}.'
        "</p>"
    )
    cols[0].append(h("Initiative modifiers (EotE 4.0)") + _mod_list(rs, "initiative"))
    cols[3].append(
        h(f"Distances at {esc(sc)}")
        + _pairs(
            [
                (_label(v), f'{num(rs.scaled(v.value, sc))}"{_mark_of(v)}')
                for v in rs.distances.values()
            ]
        )
    )

    values = list(rs.all_values())
    provisional = sum(1 for v in values if _mark_of(v) == PROVISIONAL_MARK)
    house = sum(1 for v in values if v.source is Source.HOUSE)
    counts = [
        f"{PROVISIONAL_MARK} {provisional} provisional value{'s' if provisional != 1 else ''}"
    ]
    if house:
        counts.append(f"{HOUSE_MARK} {house} club (house) value{'s' if house != 1 else ''}")
    if not provisional:
        counts.pop(0)
    header = (
        '<table width="100%" cellspacing="0" cellpadding="0"><tr>'
        f'<td><p class="title">{esc(rs.title)} — quick reference</p></td>'
        f'<td align="right">Figure scale {esc(sc)}'
        + "".join(f" · {c}" for c in counts)
        + "</td></tr></table>"
    )
    widths = (26, 24, 25, 25)
    body = (
        '<table width="100%" cellspacing="0" cellpadding="2"><tr>'
        + "".join(
            f'<td width="{w}%" valign="top">{"".join(c)}</td>'
            for w, c in zip(widths, cols, strict=True)
        )
        + "</tr></table>"
    )
    marks = []
    if provisional:
        marks.append(
            f"{PROVISIONAL_MARK} provisional: the rules text refers to a chart it does not "
            "contain, or its copy of the value is in doubt, so eote-ref supplies one; replace "
            "it with your club's own" + (f" (printed {HOUSE_MARK})." if house else ".")
        )
    if house:
        marks.append(f"{HOUSE_MARK} your club's own value.")
    foot = (
        f'<p class="note">{" ".join(marks)} The last column of a modifier list is the rules '
        f"section. Options chosen: {esc('; '.join(option_words(rs)))}.</p>"
    )
    return document(f"{rs.title} — quick reference", _QRS_CSS, header + body + foot)


def _pair_rows(pairs: Sequence[tuple[tuple[str, str], tuple[str, str]]]) -> str:
    """Label/value pairs, two to a line, in the order given."""
    lines = [
        f'<tr><td>{a[0]}</td><td class="c"><b>{a[1]}</b></td>'
        f'<td>{b[0]}</td><td class="c"><b>{b[1]}</b></td></tr>'
        for a, b in pairs
    ]
    return (
        '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="1">'
        + "".join(lines)
        + "</table>"
    )


def _pairs(rows: Sequence[tuple[str, str]]) -> str:
    """Label/value rows in a compact two-pair-per-line table."""
    half = -(-len(rows) // 2)
    lines = []
    for i in range(half):
        a = rows[i]
        b = rows[i + half] if i + half < len(rows) else ("", "")
        lines.append(
            f'<tr><td>{a[0]}</td><td class="c"><b>{a[1]}</b></td>'
            f'<td>{b[0]}</td><td class="c"><b>{b[1]}</b></td></tr>'
        )
    return (
        '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="1">'
        + "".join(lines)
        + "</table>"
    )


def _rout_hits(rs: Ruleset) -> int:
    choice = rs.opts.rout_hits
    return 2 if choice == "always_2" else 1
