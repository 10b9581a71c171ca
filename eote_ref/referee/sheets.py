"""Printed sheets as HTML: division record sheets, the quick reference and the after-action report.

Everything here is plain Python: it gathers what a sheet shows from an army list, a game, the
ruleset and the journal, and writes HTML that both Qt's rich-text engine (for the PDF, see
:mod:`eote_ref.ui.printing`) and a web browser (the HTML report) can lay out. Ruleset values
that eote-ref supplies because the rules text lost its chart are marked ``†`` wherever they
are printed, a club's own values (``source: house``) ``‡``, so an edited ruleset prints its own
sheet honestly.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from eote_ref.armylists.model import ArmyList, Command
from eote_ref.armylists.model import Unit as ListUnit
from eote_ref.referee.game import DivisionView, GameService, JournalEntry, LeaderView, UnitView
from eote_ref.referee.phases import PHASES, Phase
from eote_ref.referee.summary import BattleSummary, battle_summary
from eote_ref.rules.command import Level, radius_in
from eote_ref.rules.core import Source
from eote_ref.rules.dice import EnteredDice
from eote_ref.rules.movement import MovementSituation, Mover, movement
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rules.skirmish import skirmish_rating
from eote_ref.rules.units import FORMATIONS_BY_ARM, Arm, Formation, Weight
from eote_ref.store import StoreError, get_roster, load_game

#: The mark printed after a provisional value, and after a club's (house) value.
PROVISIONAL_MARK = "†"
HOUSE_MARK = "‡"

#: Short names of the formations on a record sheet.
FORMATION_NAMES = {
    Formation.LINE: "line",
    Formation.COLUMN: "column",
    Formation.FRENCH_ASSAULT_COLUMN: "assault column",
    Formation.SQUARE: "square",
    Formation.SKIRMISH: "skirmish order",
    Formation.LIMBERED: "limbered",
    Formation.UNLIMBERED: "unlimbered",
}

#: Most hit boxes a record-sheet row carries.
MAX_HIT_BOXES = 12
#: A division with more units than this is printed with tighter rows (to stay on one page).
DENSE_FROM = 12
#: Blown-marker boxes for a cavalry unit (EotE 5.10).
BLOWN_BOXES = 3


def mark(source: Source) -> str:
    """The mark a value of ``source`` carries on a printed sheet (empty for the rules text)."""
    if source is Source.PROVISIONAL:
        return PROVISIONAL_MARK
    if source is Source.HOUSE:
        return HOUSE_MARK
    return ""


def num(x: float) -> str:
    """A number as a sheet prints it: ``6``, ``0.5`` → ``½``, ``-2`` → ``−2``."""
    text = f"{x:g}".replace("-", "−")
    return text.replace(".5", "½").replace("0½", "½")


def signed(x: float) -> str:
    """A modifier with its sign: ``+2``, ``−1``, ``0``."""
    return ("+" if x > 0 else "") + num(x)


def _e(text: object) -> str:
    return html.escape(str(text))


# ====================================================================== record sheets


@dataclass(frozen=True)
class LeaderLine:
    """A leader as a record sheet shows him: rating and command radius at the figure scale."""

    name: str
    level: str
    command: str
    rating: int
    radius_in: float
    killed: bool = False


@dataclass(frozen=True)
class UnitLine:
    """One unit row of a record sheet; the marker fields hold a game's current state."""

    name: str
    arm: str
    type: str
    weight: str | None
    brigade: str | None
    ce: int
    stands: int
    formations: tuple[str, ...]
    skirmish: str
    movement: tuple[tuple[str, str], ...]
    hit_boxes: int
    blown_boxes: int
    hits: int = 0
    disordered: bool = False
    blown: int = 0
    routed: bool = False
    notes: str | None = None


@dataclass(frozen=True)
class DivisionSheet:
    """One page: a division (or independent brigade) with its leader and units."""

    army: str
    side: str
    division: str
    level: str
    chain: tuple[str, ...]
    leader: LeaderLine | None
    superiors: tuple[LeaderLine, ...]
    units: tuple[UnitLine, ...]
    figure_scale: str
    threshold: int
    ruleset_title: str
    footnotes: tuple[str, ...] = ()
    state_note: str | None = None


def _mover(arm: str) -> Mover:
    return {
        "cavalry": Mover.CAVALRY,
        "artillery": Mover.ARTILLERY,
    }.get(arm, Mover.INFANTRY)


def _rules_arm(arm: str) -> Arm:
    return {"cavalry": Arm.CAVALRY, "artillery": Arm.ARTILLERY}.get(arm, Arm.INFANTRY)


def formations_of(arm: str, nation: str, skirmish: str) -> tuple[str, ...]:
    """The formations a unit may take (EotE 1.0.2, 5.3.6, 5.4): in the rules' order.

    Skirmish order needs full skirmish ability (5.4); the assault column is French (5.3.6).
    """
    allowed = FORMATIONS_BY_ARM[_rules_arm(arm)]
    out = []
    for f in Formation:
        if f not in allowed:
            continue
        if f is Formation.SKIRMISH and skirmish != "full":
            continue
        if f is Formation.FRENCH_ASSAULT_COLUMN and nation.strip().lower() != "french":
            continue
        out.append(FORMATION_NAMES[f])
    return tuple(out)


def movement_allowances(
    rs: Ruleset, arm: str, weight: str | None, unit_type: str, figure_scale: str
) -> tuple[tuple[str, str], ...]:
    """Full movement allowances in inches per formation at the figure scale (EotE 5.1).

    Each value is computed by the movement procedure and carries the provisional mark of its
    ruleset entry.
    """
    mover = _mover(arm)
    dice = EnteredDice({})
    rows: list[tuple[str, MovementSituation]] = []
    if mover is Mover.INFANTRY:
        for label, f in (
            ("line", Formation.LINE),
            ("column", Formation.COLUMN),
            ("skirmish", Formation.SKIRMISH),
            ("square", Formation.SQUARE),
        ):
            rows.append((label, MovementSituation(mover, f, figure_scale=figure_scale)))
    elif mover is Mover.CAVALRY:
        for label, f in (("line", Formation.LINE), ("column", Formation.COLUMN)):
            rows.append((label, MovementSituation(mover, f, figure_scale=figure_scale)))
    else:
        w = Weight(weight) if weight in {x.value for x in Weight} else Weight.MEDIUM
        horse = unit_type == "horse"
        rows.append(
            (
                "limbered",
                MovementSituation(
                    mover,
                    Formation.LIMBERED,
                    weight=w,
                    horse_artillery=horse,
                    figure_scale=figure_scale,
                ),
            )
        )
        rows.append(
            ("prolonge", MovementSituation(mover, Formation.UNLIMBERED, figure_scale=figure_scale))
        )
    out = []
    for label, situation in rows:
        outcome = movement(situation, rs, dice)
        inches = float(outcome.details["full_allowance_in"])
        src = outcome.details["allowance_source"]
        m = mark(src) if isinstance(src, Source) else ""
        out.append((label, f'{num(inches)}"{m}'))
    return tuple(out)


def skirmish_text(rs: Ruleset, ability: str, nation: str, year: int | None) -> str:
    """A unit's skirmish ability with its rating per stand (EotE 5.4, 5.5.1)."""
    if ability == "none":
        return "—"
    word = "full" if ability == "full" else "detach"
    if year is None:
        return word
    v = skirmish_rating(rs, nation, year)
    return f"{word} · {num(v.value)}/stand{mark(v.source)}"


def _hit_boxes(ce: int, threshold: int) -> int:
    return max(threshold + 1, min(MAX_HIT_BOXES, ce))


def _leader_line(
    rs: Ruleset, lead: tuple[str, int], level: str, command: str, scale: str
) -> LeaderLine:
    name, rating = lead
    column = {"army": Level.ARMY, "wing": Level.CORPS, "corps": Level.CORPS}.get(
        level, Level.DIVISION
    )
    return LeaderLine(name, level, command, rating, radius_in(rs, rating, column, scale))


def _common_footnotes(rs: Ruleset, figure_scale: str) -> tuple[str, ...]:
    rout = rs.movement["rout"]
    leader = rs.movement["leader"]
    half = rs.movement["non_initiative_fraction"]
    scale = rs.scale_modifier(figure_scale)
    scale_text = (
        f'distances at {figure_scale} ({signed(scale.value)}" on the listed 15mm values)'
        if scale
        else f"distances at {figure_scale} as listed"
    )
    return (
        f"Full allowances; the side without the initiative moves ×{num(half.value)} "
        f"(EotE {half.rule}). Routed units "
        f'{num(rs.scaled(rout.value, figure_scale))}"{mark(rout.source)}, leaders '
        f'{num(rs.scaled(leader.value, figure_scale))}"{mark(leader.source)} (EotE 5.1); '
        f"{scale_text}.",
    )


def sheets_from_army_list(
    army_list: ArmyList, rs: Ruleset, figure_scale: str = "15mm"
) -> list[DivisionSheet]:
    """One record sheet per division or brigade of an army list, in file order."""
    threshold = int(rs.option("morale_hit_threshold"))
    out = []

    def visit(cmd: Command, parents: tuple[Command, ...]) -> None:
        if cmd.level.is_manoeuvre:
            units = tuple(_list_unit(army_list, u, rs, figure_scale, threshold) for u in cmd.units)
            superiors = tuple(
                _leader_line(
                    rs, (p.leader.name, p.leader.rating), p.level.value, p.name, figure_scale
                )
                for p in reversed(parents)
                if p.level.value in ("corps", "wing")
            )[:1]
            out.append(
                DivisionSheet(
                    army=army_list.name,
                    side=army_list.battle or f"{army_list.nation.title()}, {army_list.year}",
                    division=cmd.name,
                    level=cmd.level.value,
                    chain=tuple(p.name for p in reversed(parents) if p.level.value != "army"),
                    leader=_leader_line(
                        rs,
                        (cmd.leader.name, cmd.leader.rating),
                        "division",
                        cmd.name,
                        figure_scale,
                    ),
                    superiors=superiors,
                    units=units,
                    figure_scale=figure_scale,
                    threshold=threshold,
                    ruleset_title=rs.title,
                    footnotes=_common_footnotes(rs, figure_scale),
                )
            )
        for child in cmd.commands:
            visit(child, (*parents, cmd))

    visit(army_list.army, ())
    return out


def _list_unit(
    army_list: ArmyList, u: ListUnit, rs: Ruleset, figure_scale: str, threshold: int
) -> UnitLine:
    nation = army_list.unit_nation(u)
    arm = u.arm.value
    weight = u.weight.value if u.weight else None
    return UnitLine(
        name=u.name,
        arm=arm,
        type=u.type.value,
        weight=weight,
        brigade=u.brigade,
        ce=u.ce,
        stands=u.stands,
        formations=formations_of(arm, nation, u.skirmish.value),
        skirmish=skirmish_text(rs, u.skirmish.value, nation, army_list.year),
        movement=movement_allowances(rs, arm, weight, u.type.value, figure_scale),
        hit_boxes=_hit_boxes(u.ce, threshold),
        blown_boxes=BLOWN_BOXES if arm == "cavalry" else 0,
        notes=u.notes,
    )


def sheets_from_game(game: GameService) -> list[DivisionSheet]:
    """One record sheet per division of a game, both sides, with the markers ticked as they are."""
    view = game.view()
    rs = game.ruleset
    scale = view.figure_scale
    threshold = game.morale_threshold
    years = _list_years(game, [name for s in view.sides for name in s.army_lists])
    state = f"State at turn {view.turn}, {view.phase.label.lower()} phase"
    out = []
    for side in view.sides:
        year = next((years[n] for n in side.army_lists if n in years), None)
        commanders = {c.name: c for c in side.commanders}
        for d in side.divisions:
            sup = commanders.get(d.parent or "")
            superiors: tuple[LeaderLine, ...] = ()
            if sup is not None and sup.leader is not None and sup.level != "army":
                superiors = (_game_leader(rs, sup.leader, sup.level, sup.name, scale),)
            out.append(
                DivisionSheet(
                    army=", ".join(side.army_lists) or side.name,
                    side=f"{side.name} — {view.name}",
                    division=d.name,
                    level=d.level,
                    chain=(d.parent,) if d.parent else (),
                    leader=_game_leader(rs, d.leader, "division", d.name, scale)
                    if d.leader
                    else None,
                    superiors=superiors,
                    units=tuple(_game_unit(u, rs, scale, threshold, year) for u in d.units),
                    figure_scale=scale,
                    threshold=threshold,
                    ruleset_title=rs.title,
                    footnotes=_common_footnotes(rs, scale),
                    state_note=state + _division_state(d),
                )
            )
    return out


def _division_state(d: DivisionView) -> str:
    bits = []
    if d.current_order:
        bits.append(f"order {d.current_order.upper()}")
    if d.integrity_state != "steady":
        bits.append(d.integrity_state)
    return f" — {', '.join(bits)}" if bits else ""


def _game_leader(rs: Ruleset, lead: LeaderView, level: str, command: str, scale: str) -> LeaderLine:
    line = _leader_line(rs, (lead.name, lead.rating), level, command, scale)
    return LeaderLine(line.name, line.level, line.command, line.rating, line.radius_in, lead.killed)


def _game_unit(u: UnitView, rs: Ruleset, scale: str, threshold: int, year: int | None) -> UnitLine:
    return UnitLine(
        name=u.name,
        arm=u.arm,
        type=u.type,
        weight=u.weight,
        brigade=u.brigade,
        ce=u.ce,
        stands=u.stands,
        formations=formations_of(u.arm, u.nation, u.skirmish),
        skirmish=skirmish_text(rs, u.skirmish, u.nation, year),
        movement=movement_allowances(rs, u.arm, u.weight, u.type, scale),
        hit_boxes=max(_hit_boxes(u.ce, threshold), min(u.hits, 20)),
        blown_boxes=BLOWN_BOXES if u.arm == "cavalry" else 0,
        hits=u.hits,
        disordered=u.disordered,
        blown=u.blown,
        routed=u.routed,
    )


def _list_years(game: GameService, names: Iterable[str]) -> dict[str, int]:
    """The year of each army list a game came from, where the list is stored (else unknown)."""
    out: dict[str, int] = {}
    with game.db.session() as s:
        for name in names:
            try:
                out[name] = get_roster(s, name).year
            except StoreError:
                continue
    return out


_SHEET_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9pt;
       color: #111; }
h1 { font-size: 15pt; margin: 0; }
h2 { font-size: 9pt; font-weight: normal; margin: 0; color: #333; }
p.leader { font-size: 9pt; margin-top: 4px; margin-bottom: 4px; }
table.units { border-collapse: collapse; border-color: #555; }
table.units th { background-color: #dde3ea; font-size: 7.5pt; text-align: left; }
table.units td { font-size: 8.5pt; vertical-align: middle; }
td.num { text-align: center; }
table.dense td { font-size: 7.5pt; }
td.small, span.small { font-size: 7.5pt; color: #333; }
table.boxes { border-collapse: collapse; border-color: #222; }
table.boxes td { font-size: 10pt; }
p.foot { font-size: 8pt; color: #333; margin-top: 4px; }
"""


def _boxes(count: int, ticked: int = 0, shaded_from: int | None = None) -> str:
    """A row of tick boxes: ``ticked`` filled, from ``shaded_from`` (1-based) shaded."""
    if count <= 0:
        return '<span class="small">—</span>'
    cells = []
    for i in range(1, count + 1):
        if i <= ticked:
            colour = "#333333"
        elif shaded_from is not None and i >= shaded_from:
            colour = "#f4c7c3"
        else:
            colour = "#ffffff"
        cells.append(f'<td width="20" bgcolor="{colour}">&nbsp;&nbsp;&nbsp;</td>')
    return (
        '<table class="boxes" border="1" cellspacing="0" cellpadding="0"><tr>'
        + "".join(cells)
        + "</tr></table>"
    )


def _leader_html(lead: LeaderLine, scale: str) -> str:
    dead = " (killed)" if lead.killed else ""
    return (
        f"<b>{_e(lead.name)}</b>{dead} — rating {signed(lead.rating)} — command radius "
        f'<b>{num(lead.radius_in)}"</b> at {_e(scale)}'
    )


def _type_text(u: UnitLine) -> str:
    bits = [u.type]
    if u.weight:
        bits.append(u.weight)
    return " ".join(bits)


def record_sheets_html(sheets: Sequence[DivisionSheet], title: str = "Record sheets") -> str:
    """The record sheets as one HTML document, each division on a page of its own."""
    pages = []
    for i, sh in enumerate(sheets):
        brk = ' style="page-break-before: always"' if i else ""
        chain = " · ".join(sh.chain)
        lead = _leader_html(sh.leader, sh.figure_scale) if sh.leader else "<i>no leader</i>"
        sup = "".join(
            f'<br><span class="small">Superior: {_e(s.command)} — {_e(s.name)}, rating '
            f'{signed(s.rating)}, radius {num(s.radius_in)}" ({_e(s.level)})</span>'
            for s in sh.superiors
        )
        rows = []
        for u in sh.units:
            items = [f"{_e(k)}&nbsp;{_e(v)}" for k, v in u.movement]
            move = "<br>".join(" · ".join(items[i : i + 2]) for i in range(0, len(items), 2))
            brigade = f'<br><span class="small">{_e(u.brigade)}</span>' if u.brigade else ""
            dead = " <b>ROUTED</b>" if u.routed else ""
            rows.append(
                "<tr>"
                f"<td><b>{_e(u.name)}</b>{dead}{brigade}</td>"
                f"<td>{_e(u.arm)}<br>{_e(_type_text(u))}</td>"
                f'<td class="small">{_e(", ".join(u.formations))}</td>'
                f'<td class="num"><b>{u.ce}</b></td>'
                f'<td class="num">{u.stands}</td>'
                f'<td class="small">{_e(u.skirmish).replace(" · ", "<br>")}</td>'
                f'<td class="small">{move}</td>'
                f"<td>{_boxes(u.hit_boxes, u.hits, sh.threshold)}</td>"
                f"<td>{_boxes(1, int(u.disordered))}</td>"
                f"<td>{_boxes(u.blown_boxes, u.blown)}</td>"
                f"<td>{_boxes(1, int(u.routed))}</td>"
                "</tr>"
            )
        head = "".join(
            f'<th width="{w}%">{h}</th>'
            for h, w in (
                ("Unit", 18),
                ("Arm / type", 7),
                ("Formations", 11),
                ("CE", 3),
                ("Stands", 5),
                ("Skirmish", 7),
                ("Move (full allowance)", 15),
                ("Hits (shaded: check morale)", 18),
                ("Disorder", 6),
                ("Blown", 5),
                ("Rout", 5),
            )
        )
        notes = " ".join(_e(n) for n in sh.footnotes)
        dense = len(sh.units) > DENSE_FROM
        table_class = "units dense" if dense else "units"
        state = f'<p class="foot"><b>{_e(sh.state_note)}</b></p>' if sh.state_note else ""
        pages.append(
            f'<div{brk}><table width="100%" cellspacing="0" cellpadding="0"><tr>'
            f"<td><h1>{_e(sh.division)}</h1><h2>{_e(sh.level.title())}"
            f"{' · ' + _e(chain) if chain else ''}</h2></td>"
            f'<td align="right"><h2>{_e(sh.army)}<br>{_e(sh.side)}</h2></td>'
            f'</tr></table><p class="leader">Leader: {lead}{sup}</p>{state}'
            f'<table class="{table_class}" width="100%" border="1" cellspacing="0" '
            f'cellpadding="{1 if dense else 3}">'
            f"<tr>{head}</tr>{''.join(rows)}</table>"
            f'<p class="foot">Morale check on reaching {sh.threshold} hits and on every hit '
            f"after (EotE 7.5; option morale_hit_threshold). Effective CE is CE less one per "
            f"hit. {PROVISIONAL_MARK} provisional value (the rules text lost the chart), "
            f"{HOUSE_MARK} house value. {notes} {_e(sh.ruleset_title)}.</p></div>"
        )
    return _document(title, _SHEET_CSS, "".join(pages))


def _document(title: str, css: str, body: str) -> str:
    return (
        '<!DOCTYPE html><html><head><meta charset="utf-8">'
        f"<title>{_e(title)}</title><style>{css}</style></head><body>{body}</body></html>"
    )


# ====================================================================== quick reference

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


def _mod_list(rs: Ruleset, group: str) -> str:
    rows = []
    for v in rs.modifiers[group].values():
        rows.append(
            f"<tr><td>{_e(v.reason)}</td>"
            f'<td class="c"><b>{signed(v.value)}</b>{mark(v.source)}</td>'
            f'<td class="c">{_e(v.rule)}</td></tr>'
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
        (f'≤{num(rs.scaled(b.max_in, sc))}"', _e(b.reason), f"{signed(b.value)}{mark(b.source)}")
        for b in rs.artillery_range
    ]
    cols[0].append(
        h(f"Artillery range at {_e(sc)} (EotE 6.1)")
        + _table(("Range", "Band", "Modifier"), art_rows)
    )
    assault = rs.assault_table
    head = ["d10", *(f"{_rng(c.attack_value)}{mark(c.source)}" for c in assault)]
    a_rows = [[str(i + 1), *(c.cells[i] for c in assault)] for i in range(10)]
    cols[0].append(
        h("Tactical assault table (EotE 7.6)")
        + "<p>Column: attack value (attacker's total less the defender's). Cells "
        "attacker/defender: D disorder, F fall back, 1 or 2 hits, R rout, . nothing. For a "
        "negative value −k read column +k at roll 11−d10 with the sides swapped.</p>"
        + _table(head, a_rows)
    )
    cols[0].append(
        h("Assault support (EotE 7.2)")
        + _table(("Supporter", "Adds"), [(_e(v.reason), _val(v)) for v in rs.support.values()])
        + f'<p class="note">Rear supporter ×{_e(rs.option("support_rear_factor"))} '
        "(option support_rear_factor).</p>"
    )

    # --- column 2: combat, fire and assault modifiers, morale modifiers
    for group in ("combat", "fire", "assault", "morale"):
        cols[1].append(h(f"{MODIFIER_GROUPS[group]} modifiers") + _mod_list(rs, group))

    # --- column 3: morale, square, integrity, leader casualty, rally
    threshold = rs.option("morale_hit_threshold")
    reading = rs.option("morale_result_reading")
    passes, fails = ("above", "under") if reading == "table" else ("under", "above")
    fb = rs.distance("morale_fall_back")
    cols[2].append(
        h("Morale (EotE 7.5)")
        + f"<p>Check on reaching <b>{_e(threshold)} hits</b> and on every hit after (option "
        "morale_hit_threshold). d10 against the modified CE: "
        f"<b>{passes}</b> passes; <b>equal</b> falls back "
        f'{num(rs.scaled(fb.value, sc))}" disordered, +1 hit; <b>{fails}</b> routs '
        f"(+{_rout_hits(rs)} hit). Option morale_result_reading = {_e(reading)}.</p>"
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
        + f"<p>Average CE (rounded {_e(rs.option('di_average_rounding'))}) gives the base; "
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
    cols[3].append(
        h(f"Command radius at {_e(sc)} (EotE 3.6)")
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
    keys = (
        "infantry_line",
        "infantry_column",
        "infantry_skirmish",
        "infantry_square",
        "cavalry_line",
        "cavalry_column",
        "artillery_light",
        "artillery_medium",
        "artillery_heavy",
        "artillery_prolong",
        "rout",
        "leader",
    )
    move_rows = [
        (_e(mv[k].reason), f'{num(rs.scaled(mv[k].value, sc))}"{mark(mv[k].source)}') for k in keys
    ]
    ha = mv["horse_artillery"]
    move_rows.append((_e(ha.reason), f'{signed(ha.value)}"{mark(ha.source)}'))
    cols[3].append(
        h(f"Movement allowances at {_e(sc)} (EotE 5.1)")
        + _pairs(move_rows)
        + f'<p class="note">Without the initiative ×{_val(mv["non_initiative_fraction"])}; '
        f"formation change: infantry ×{_val(mv['infantry_formation_change_fraction'])}, "
        f'cavalry {_val(mv["cavalry_formation_change"])}"; limber '
        f'{_val(mv["artillery_limber"])}"; wheel {_val(mv["wheel_infantry_artillery"])}" '
        f'(cavalry {_val(mv["wheel_cavalry"])}"); about-face ×{_val(mv["about_face_fraction"])}.'
        "</p>"
    )
    cols[3].append(h("Initiative modifiers (EotE 4.0)") + _mod_list(rs, "initiative"))
    cols[2].append(
        h(f"Distances at {_e(sc)}")
        + _pairs(
            [
                (_e(v.reason), f'{num(rs.scaled(v.value, sc))}"{mark(v.source)}')
                for v in rs.distances.values()
            ]
        )
    )

    provisional = sum(1 for v in rs.all_values() if v.source is Source.PROVISIONAL)
    house = sum(1 for v in rs.all_values() if v.source is Source.HOUSE)
    options = ", ".join(f"{k}={_e(rs.option(k))}" for k in sorted(rs.options))
    header = (
        '<table width="100%" cellspacing="0" cellpadding="0"><tr>'
        f'<td><p class="title">{_e(rs.title)} — quick reference</p></td>'
        f'<td align="right">Figure scale {_e(sc)} · ruleset {_e(rs.name)} {_e(rs.version)} · '
        f"{PROVISIONAL_MARK} provisional ({provisional}) · {HOUSE_MARK} house ({house})</td>"
        "</tr></table>"
    )
    widths = (27, 24, 25, 24)
    body = (
        '<table width="100%" cellspacing="0" cellpadding="2"><tr>'
        + "".join(
            f'<td width="{w}%" valign="top">{"".join(c)}</td>'
            for w, c in zip(widths, cols, strict=True)
        )
        + "</tr></table>"
    )
    foot = (
        f'<p class="note">{PROVISIONAL_MARK} provisional: the rules text refers to a chart it '
        "does not contain, so eote-ref supplies a default; replace it with your club's chart "
        f"(source: house, printed {HOUSE_MARK}). The last column of a modifier list is the "
        f"rules section. Options: {options}.</p>"
    )
    return _document(f"{rs.title} — quick reference", _QRS_CSS, header + body + foot)


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
    choice = rs.option("rout_hits")
    return 2 if choice == "always_2" else 1


# ====================================================================== after-action report


@dataclass(frozen=True)
class ReportLine:
    """One journal step as the report tells it."""

    seq: int
    kind: str
    summary: str
    dice: str
    result: str


@dataclass(frozen=True)
class ReportPhase:
    """The steps of one phase of a turn."""

    phase: str
    lines: tuple[ReportLine, ...]


@dataclass(frozen=True)
class ReportTurn:
    """One turn of the battle, phase by phase."""

    turn: int
    phases: tuple[ReportPhase, ...]
    hits: dict[int, int] = field(default_factory=dict)


@dataclass(frozen=True)
class LeaderLost:
    """A leader killed in the battle."""

    name: str
    command: str
    side: str


@dataclass(frozen=True)
class AfterActionReport:
    """Everything the after-action report prints, gathered from a game and its journal."""

    name: str
    figure_scale: str
    ruleset: str
    options: dict[str, object]
    sides: tuple[str, ...]
    summary: BattleSummary
    turns: tuple[ReportTurn, ...]
    checks: tuple[tuple[str, int, str], ...]
    leaders_lost: tuple[LeaderLost, ...]


#: How the report names the kinds of journal step.
KIND_NAMES = {
    "fire": "Fire",
    "assault": "Assault",
    "morale": "Morale check",
    "square": "Square",
    "integrity": "Integrity check",
    "leader_casualty": "Leader casualty",
    "initiative": "Initiative",
    "order_activation": "Orders",
    "rally": "Rally",
    "disorder_rally": "Rally from disorder",
    "marker": "Marker",
    "division": "Division",
}


#: How results read in the report (fire results are table codes).
RESULT_NAMES = {"1": "1 hit", "2": "2 hits", "D": "disorder", "none": "no effect"}


def _result_text(result: str | None) -> str:
    text = result or ""
    return RESULT_NAMES.get(text, text.replace("_", " "))


def _dice_text(rolls: Sequence[object]) -> str:
    out = []
    for r in rolls:
        if isinstance(r, dict):
            out.append(f"{r.get('name', '')} {r.get('value', r.get('roll', ''))}".strip())
        elif isinstance(r, list | tuple):
            out.append("+".join(str(x) for x in r))
        else:
            out.append(str(r))
    return " ".join(out)


def _phase_label(text: str) -> str:
    try:
        return Phase.parse(text).label
    except ValueError:
        return text


def after_action_report(game: GameService) -> AfterActionReport:
    """Gather the report of a game: its journal turn by turn (done steps only) and its losses."""
    view = game.view()
    summary = battle_summary(game)
    entries = [e for e in game.journal(newest_first=False) if e.status == "done"]
    by_turn: dict[int, dict[str, list[JournalEntry]]] = {}
    for e in entries:
        if e.kind == "phase":
            by_turn.setdefault(e.turn, {})
            continue
        by_turn.setdefault(e.turn, {}).setdefault(e.phase, []).append(e)
    order = {p.value: i for i, p in enumerate(PHASES)}
    turns = []
    for turn in sorted(set(by_turn) | set(summary.losses_per_turn)):
        phases = by_turn.get(turn, {})
        turns.append(
            ReportTurn(
                turn=turn,
                phases=tuple(
                    ReportPhase(
                        _phase_label(p),
                        tuple(
                            ReportLine(
                                e.seq,
                                KIND_NAMES.get(e.kind, e.kind.replace("_", " ").capitalize()),
                                e.summary,
                                _dice_text(e.rolls),
                                _result_text(e.result),
                            )
                            for e in phases[p]
                        ),
                    )
                    for p in sorted(phases, key=lambda p: order.get(p, 99))
                ),
                hits=dict(summary.losses_per_turn.get(turn, {})),
            )
        )
    tally: dict[str, dict[str, int]] = {}
    for e in entries:
        if e.kind in ("phase", "marker", "division"):
            continue
        results = tally.setdefault(e.kind, {})
        key = _result_text(e.result or "done")
        results[key] = results.get(key, 0) + 1
    checks = tuple(
        (
            KIND_NAMES.get(kind, kind.replace("_", " ").capitalize()),
            sum(res.values()),
            ", ".join(f"{k} {n}" for k, n in sorted(res.items())),
        )
        for kind, res in sorted(tally.items())
    )
    return AfterActionReport(
        name=view.name,
        figure_scale=view.figure_scale,
        ruleset=game.ruleset.title,
        options=dict(view.options),
        sides=tuple(s.name for s in view.sides),
        summary=summary,
        turns=tuple(turns),
        checks=checks,
        leaders_lost=_leaders_lost(game),
    )


def _leaders_lost(game: GameService) -> tuple[LeaderLost, ...]:
    with game.db.session() as s:
        state = load_game(s, game.game_id)
    commands = {c.id: c for c in state.commands}
    sides = {side.id: side.name for side in state.sides}
    out = []
    for lead in state.leaders:
        if lead.killed:
            cmd = commands.get(lead.command_id)
            out.append(
                LeaderLost(
                    lead.name,
                    cmd.name if cmd else "",
                    sides.get(cmd.side_id, "") if cmd else "",
                )
            )
    return tuple(out)


_REPORT_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 9pt;
       color: #111; max-width: 60em; }
h1 { font-size: 16pt; margin-bottom: 2px; }
h2 { font-size: 12pt; margin-top: 12px; margin-bottom: 4px; border-bottom: 1px solid #999; }
h3 { font-size: 9.5pt; margin-top: 6px; margin-bottom: 2px; color: #2f4a6e; }
table.t { border-collapse: collapse; border-color: #999; }
table.t th { background-color: #dde3ea; font-size: 8.5pt; text-align: left; }
table.t td { font-size: 8.5pt; vertical-align: top; }
td.n { text-align: right; }
p.sub { color: #444; margin-top: 0; }
span.dice { color: #2f4a6e; }
"""


def _report_table(
    head: Sequence[str], rows: Iterable[Sequence[object]], numeric: int = 1, upto: int = 99
) -> str:
    h = "".join(f"<th>{_e(x)}</th>" for x in head)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{_e(c)}</td>' if numeric <= i < upto else f"<td>{_e(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f'<table class="t" border="1" cellspacing="0" cellpadding="3"><tr>{h}</tr>{body}</table>'


def report_html(report: AfterActionReport, chart_src: str | None = None) -> str:
    """The after-action report as HTML; ``chart_src`` is the losses chart's image URL, if any."""
    s = report.summary
    side_names = {x.position: x.name for x in s.sides}
    parts = [
        f"<h1>{_e(report.name)}</h1>",
        f'<p class="sub">After-action report · {" against ".join(_e(x) for x in report.sides)}'
        f" · {s.turns_played} turn{'s' if s.turns_played != 1 else ''} · figure scale "
        f"{_e(report.figure_scale)} · {_e(report.ruleset)}</p>",
        "<h2>Summary</h2>",
        _report_table(
            (
                "Side",
                "Units",
                "Hits taken",
                "Routed",
                "Disintegrated",
                "Removed",
                "Leaders killed",
                "Divisions broken",
                "Falling back",
            ),
            (
                (
                    x.name,
                    x.units_total,
                    x.hits_taken,
                    x.units_routed,
                    x.units_disintegrated,
                    x.units_removed,
                    x.leaders_killed,
                    x.divisions_broken,
                    x.divisions_falling_back,
                )
                for x in s.sides
            ),
        ),
        "<h3>Hits taken per turn</h3>",
        _report_table(
            ("Turn", *(x.name for x in s.sides), "Total"),
            (
                (
                    t,
                    *(s.losses_per_turn.get(t, {}).get(x.position, 0) for x in s.sides),
                    sum(s.losses_per_turn.get(t, {}).values()),
                )
                for t in range(1, max([s.turns_played, *s.losses_per_turn, 1]) + 1)
            ),
        ),
    ]
    if chart_src:
        parts.append(f'<p><img src="{_e(chart_src)}" width="520" alt="Hits taken per turn"></p>')
    if report.checks:
        parts += [
            "<h3>Checks and combats</h3>",
            _report_table(("What", "Times", "Results"), report.checks, numeric=1, upto=2),
        ]
    parts.append("<h3>Leaders lost</h3>")
    if report.leaders_lost:
        parts.append(
            _report_table(
                ("Leader", "Command", "Side"),
                ((x.name, x.command, x.side) for x in report.leaders_lost),
                numeric=3,
            )
        )
    else:
        parts.append("<p>No leader was lost.</p>")
    parts.append("<h2>The battle, turn by turn</h2>")
    for t in report.turns:
        hits = ", ".join(f"{side_names.get(p, p)} {n}" for p, n in sorted(t.hits.items()))
        parts.append(
            f"<h3>Turn {t.turn}</h3>"
            + (f'<p class="sub">Hits taken: {_e(hits)}</p>' if hits else "")
        )
        if not t.phases:
            parts.append("<p>Nothing was recorded.</p>")
        for ph in t.phases:
            rows = [
                (
                    f"<td>{_e(ln.kind)}</td><td>{_e(ln.summary)}</td>"
                    f'<td><span class="dice">{_e(ln.dice)}</span></td><td>{_e(ln.result)}</td>'
                )
                for ln in ph.lines
            ]
            parts.append(
                f"<p><b>{_e(ph.phase)}</b></p>"
                '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="2">'
                '<tr><th width="17%">Step</th><th width="58%">What happened</th>'
                '<th width="10%">Dice</th><th width="15%">Result</th></tr>'
                + "".join(f"<tr>{r}</tr>" for r in rows)
                + "</table>"
            )
    if report.options:
        opts = ", ".join(f"{k}={v}" for k, v in sorted(report.options.items()))
        parts.append(f'<p class="sub">Options chosen: {_e(opts)}</p>')
    return _document(f"{report.name} — after-action report", _REPORT_CSS, "".join(parts))
