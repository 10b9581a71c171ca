"""Division record sheets: what each division's sheet shows, and the sheets as HTML.

The lines are gathered from an army list (:func:`sheets_from_army_list`, blank sheets for a
game to come) or from a game (:func:`sheets_from_game`, the markers as they stand), then packed
onto landscape pages and written as HTML (:func:`record_sheets_html`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from eote_ref.armylists.model import ArmyList, Command
from eote_ref.armylists.model import Unit as ListUnit
from eote_ref.packs.eote.rules.command import Level, RadiusColumn, radius_in
from eote_ref.packs.eote.rules.core import Source
from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.movement import MovementSituation, Mover, movement
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.skirmish import skirmish_rating
from eote_ref.packs.eote.rules.units import FORMATIONS_BY_ARM, CombatArm, Formation, Weight
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_record import record_result
from eote_ref.referee.markers import carries_blown
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
from eote_ref.referee.views import LeaderView, UnitView
from eote_ref.store import history
from eote_ref.store.game_queries import roster_years

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
MAX_HIT_BOXES = 11


#: Blown-marker boxes for a cavalry unit (EotE 5.10).
BLOWN_BOXES = 3


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
    #: The unit's code in a game (``F12``), as on its base label; empty for an army list.
    code: str = ""


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
    order: str | None = None
    pending_order: str | None = None
    pending_turn: int | None = None
    falling_back: bool = False
    routed: bool = False
    integrity_checks: int = 0
    replacement_turn: int | None = None


def _mover(arm: str) -> Mover:
    return {
        "cavalry": Mover.CAVALRY,
        "artillery": Mover.ARTILLERY,
    }.get(arm, Mover.INFANTRY)


def _rules_arm(arm: str) -> CombatArm:
    return {"cavalry": CombatArm.CAVALRY, "artillery": CombatArm.ARTILLERY}.get(
        arm, CombatArm.INFANTRY
    )


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
        entry = rs.movement.get(f"{mover.value}_{label}")
        if not m and entry is not None and clean_label(entry.reason)[1]:
            m = PROVISIONAL_MARK
        out.append((label, f'{num(inches)}"{m}'))
    return tuple(out)


def skirmish_text(rs: Ruleset, ability: str, nation: str, year: int | None) -> str:
    """A unit's skirmish ability in words, with the CE of each skirmish stand (EotE 5.4, 5.5.1).

    ``can detach`` sends out skirmish stands; ``full skirmish`` may also take skirmish order.
    """
    if ability == "none":
        return "—"
    word = "full skirmish" if ability == "full" else "can detach"
    if year is None:
        return word
    v = skirmish_rating(rs, nation, year)
    return f"{word} · CE {num(v.value)}{mark(v.source)} per stand"


def _hit_boxes(ce: int, threshold: int) -> int:
    return max(threshold + 1, min(MAX_HIT_BOXES, ce))


def _leader_line(
    rs: Ruleset, lead: tuple[str, int], level: str, command: str, scale: str
) -> LeaderLine:
    name, rating = lead
    known = level in {lv.value for lv in Level}
    column = Level(level).radius_column if known else RadiusColumn.DIVISION
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
    threshold = int(rs.opts.morale_hit_threshold)
    out = []

    def visit(cmd: Command, parents: tuple[Command, ...]) -> None:
        if Level(cmd.level).is_manoeuvre:
            units = tuple(_list_unit(army_list, u, rs, figure_scale, threshold) for u in cmd.units)
            superiors = tuple(
                _leader_line(
                    rs, (p.leader.name, p.leader.rating), str(p.level), p.name, figure_scale
                )
                for p in reversed(parents)
                if str(p.level) in ("corps", "wing")
            )[:1]
            out.append(
                DivisionSheet(
                    army=army_list.name,
                    side=army_list.battle or f"{army_list.nation.title()}, {army_list.year}",
                    division=cmd.name,
                    level=str(cmd.level),
                    chain=tuple(p.name for p in reversed(parents) if str(p.level) != "army"),
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
    arm = str(u.arm)
    weight = str(u.weight) if u.weight else None
    return UnitLine(
        name=u.name,
        arm=arm,
        type=str(u.type),
        weight=weight,
        brigade=u.brigade,
        ce=u.ce,
        stands=u.stands,
        formations=formations_of(arm, nation, u.skirmish.value),
        skirmish=skirmish_text(rs, u.skirmish.value, nation, army_list.year),
        movement=movement_allowances(rs, arm, weight, str(u.type), figure_scale),
        hit_boxes=_hit_boxes(u.ce, threshold),
        blown_boxes=BLOWN_BOXES if carries_blown(arm) else 0,
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
    checks = _integrity_checks(game)
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
                    state_note=state,
                    order=d.current_order,
                    pending_order=d.pending_order,
                    pending_turn=view.turn + d.pending_order_turns
                    if d.pending_order and d.pending_order_turns is not None
                    else None,
                    falling_back=d.falling_back,
                    routed=d.routed,
                    integrity_checks=checks.get(d.id, 0),
                    replacement_turn=d.leader.replacement_due_turn
                    if d.leader and d.leader.killed
                    else None,
                )
            )
    return out


def _integrity_checks(game: GameService) -> dict[int, int]:
    """How many divisional integrity checks each division has taken in the battle (EotE 9.0)."""
    out: dict[int, int] = {}
    # the integrity checks done only: reading the whole journal (50,000 steps) took 200 MB
    for e in game.read(history, kind="integrity", status="done"):
        if record_result(e.outcome) not in ("pass", "fall_back", "rout"):
            continue
        inputs = e.inputs if isinstance(e.inputs, dict) else {}
        target = inputs.get("target")
        # the check wizard names its target; an event written directly names the division
        division = (
            target.get("division_id") if isinstance(target, dict) else inputs.get("division_id")
        )
        if isinstance(division, int):
            out[division] = out.get(division, 0) + 1
    return out


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
        hit_boxes=max(_hit_boxes(u.ce, threshold), min(u.hits, MAX_HIT_BOXES)),
        blown_boxes=BLOWN_BOXES if carries_blown(u.arm) else 0,
        hits=u.hits,
        disordered=u.disordered,
        blown=u.blown,
        routed=u.routed,
        code=u.code,
    )


def _list_years(game: GameService, names: Iterable[str]) -> dict[str, int]:
    """The year of each army list a game came from, where the list is stored (else unknown)."""
    return roster_years(game.db, list(names))


RECORD_SHEETS_CSS = """
body { font-family: 'DejaVu Sans', 'Liberation Sans', Arial, sans-serif; font-size: 8.5pt;
       color: #111; }
p.page { font-size: 8pt; color: #333; margin: 0; }
p.div { font-size: 8.5pt; margin-top: 6px; margin-bottom: 1px; }
span.divname { font-size: 11pt; font-weight: bold; }
span.small, td.small { font-size: 7pt; color: #333; }
table.units { border-collapse: collapse; border-color: #555; }
table.units th { background-color: #dde3ea; font-size: 7pt; text-align: left;
                 white-space: nowrap; }
table.units td { font-size: 7.5pt; vertical-align: middle; }
td.num { text-align: center; }
table.strip { border-collapse: collapse; border-color: #555; margin-bottom: 2px; }
table.strip td { font-size: 7.5pt; vertical-align: middle; }
td.lab { background-color: #eef1f4; color: #222; white-space: nowrap; }
table.boxes { border-collapse: collapse; border-color: #222; }
table.boxes td { font-size: 10pt; }
p.foot { font-size: 7.5pt; color: #333; margin-top: 3px; margin-bottom: 0; }
span.code { font-weight: bold; background-color: #e8e8e8; }
"""


#: Row budget of one record-sheet page (landscape A4 or US Letter): a unit row costs one.
PAGE_ROWS = 22


#: What a division's heading, tracking strip and table header cost in rows.
DIVISION_ROWS = 2.5


#: Integrity-check boxes on a division's tracking strip (EotE 9.0).
INTEGRITY_BOXES = 6


#: A unit name longer than this wraps in its cell: the row is half as tall again.
LONG_NAME = 30


def division_rows(sheet: DivisionSheet) -> float:
    """The rows a division takes on a record-sheet page: its units plus its heading."""
    return DIVISION_ROWS + sum(1.5 if len(u.name) > LONG_NAME else 1.0 for u in sheet.units)


def pack_pages(sheets: Sequence[DivisionSheet]) -> list[list[DivisionSheet]]:
    """Divisions packed onto pages in order, never split, one side (army) to a page.

    A division goes on the current page while the page's rows stay within
    :data:`PAGE_ROWS`, else it starts a new page (a division too large for any page gets one
    of its own, printed with tighter rows).
    """
    pages: list[list[DivisionSheet]] = []
    used = 0.0
    for sh in sheets:
        cost = division_rows(sh)
        last = pages[-1] if pages else None
        if (
            last is None
            or used + cost > PAGE_ROWS
            or (last[0].army, last[0].side) != (sh.army, sh.side)
        ):
            pages.append([sh])
            used = cost
        else:
            last.append(sh)
            used += cost
    return pages


def _boxes(count: int, ticked: int = 0, shaded_from: int | None = None) -> str:
    """A row of ~5 mm tick boxes: ``ticked`` filled, from ``shaded_from`` (1-based) shaded."""
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
        cells.append(f'<td width="19" bgcolor="{colour}">&nbsp;&nbsp;&nbsp;</td>')
    return (
        '<table class="boxes" border="1" cellspacing="0" cellpadding="0"><tr>'
        + "".join(cells)
        + "</tr></table>"
    )


def _leader_html(lead: LeaderLine, scale: str) -> str:
    dead = " (killed)" if lead.killed else ""
    return (
        f"<b>{esc(lead.name)}</b>{dead}, rating {signed(lead.rating)}, command radius "
        f'<b>{num(lead.radius_in)}"</b> at {esc(scale)}'
    )


def _type_text(u: UnitLine) -> str:
    bits = [u.type]
    if u.weight:
        bits.append(u.weight)
    return " ".join(bits)


def usual_formations(units: Iterable[UnitLine]) -> dict[str, tuple[str, ...]]:
    """Each arm's usual formations among ``units``: the set most of its units share."""
    counts: dict[str, dict[tuple[str, ...], int]] = {}
    for u in units:
        by_arm = counts.setdefault(u.arm, {})
        by_arm[u.formations] = by_arm.get(u.formations, 0) + 1
    return {arm: max(sets, key=lambda f: (sets[f], len(f))) for arm, sets in sorted(counts.items())}


def _formation_note(u: UnitLine, usual: tuple[str, ...]) -> str:
    """How a unit's formations differ from its arm's usual set: "+ skirmish order"."""
    extra = [f for f in u.formations if f not in usual]
    missing = [f for f in usual if f not in u.formations]
    bits = [f"+ {f}" for f in extra] + [f"no {f}" for f in missing]
    return ", ".join(bits)


_UNIT_COLUMNS = (
    ("Unit", 20),
    ("Arm / type", 9),
    ("CE", 3),
    ("Stands", 5),
    ("Skirmish", 9),
    ("Move (full allowance)", 15),
    ("Hits (shaded: morale check)", 23),
    ("Disorder", 5),
    ("Blown", 7),
    ("Rout", 4),
)


def _unit_row(u: UnitLine, threshold: int, usual: tuple[str, ...]) -> str:
    items = [f"{esc(k)}&nbsp;{esc(v)}" for k, v in u.movement]
    move = "<br>".join(" · ".join(items[i : i + 2]) for i in range(0, len(items), 2))
    brigade = f'<br><span class="small">{esc(u.brigade)}</span>' if u.brigade else ""
    dead = " <b>ROUTED</b>" if u.routed else ""
    differs = _formation_note(u, usual)
    form = f'<br><span class="small">{esc(differs)}</span>' if differs else ""
    # more hits than boxes: the count goes beside the name
    more = f' <span class="small">({u.hits} hits)</span>' if u.hits > u.hit_boxes else ""
    boxes = _boxes(u.hit_boxes, u.hits, threshold)
    # the code first, as on the unit's base label
    code = f'<span class="code">{esc(u.code)}</span>&nbsp;' if u.code else ""
    # the hit strip sits in a table of its own with room to spare on its right, so that a
    # long strip never runs into the next column's border
    hits = (
        '<table cellspacing="0" cellpadding="0"><tr>'
        f'<td>{boxes}</td><td width="4"></td></tr></table>'
    )
    return (
        "<tr>"
        f"<td>{code}<b>{esc(u.name)}</b>{dead}{more}{brigade}</td>"
        f"<td>{esc(u.arm)} {esc(_type_text(u))}{form}</td>"
        f'<td class="num"><b>{u.ce}</b></td>'
        f'<td class="num">{u.stands}</td>'
        f'<td class="small">{esc(u.skirmish).replace(" · ", "<br>")}</td>'
        f'<td class="small">{move}</td>'
        f"<td>{hits}</td>"
        f"<td>{_boxes(1, int(u.disordered))}</td>"
        f"<td>{_boxes(u.blown_boxes, u.blown)}</td>"
        f"<td>{_boxes(1, int(u.routed))}</td>"
        "</tr>"
    )


def _blank(value: object | None) -> str:
    return esc(value) if value not in (None, "") else "&nbsp;"


def _strip_html(sh: DivisionSheet) -> str:
    """A division's tracking strip: orders, falling back, integrity checks, leader, notes."""
    killed = bool(sh.leader and sh.leader.killed)
    order = sh.order.upper() if sh.order else None
    pending = sh.pending_order.upper() if sh.pending_order else None
    cells = (  # label, its width, value, its width (per cent of the strip)
        ("Order", 4, _blank(order), 9),
        ("Pending order", 7, _blank(pending), 9),
        ("from turn", 5, _blank(sh.pending_turn), 3),
        ("Falling back", 6, _boxes(1, int(sh.falling_back)), 2),
        (
            "Integrity checks",
            7,
            _boxes(max(INTEGRITY_BOXES, sh.integrity_checks), sh.integrity_checks),
            10,
        ),
        ("Leader killed", 6, _boxes(1, int(killed)), 2),
        ("new leader turn", 7, _blank(sh.replacement_turn), 3),
        ("Notes", 4, "&nbsp;", 16),
    )
    tds = "".join(
        f'<td class="lab" width="{lw}%">{label}</td><td width="{vw}%">{value}</td>'
        for label, lw, value, vw in cells
    )
    return (
        '<table class="strip" width="100%" border="1" cellspacing="0" cellpadding="2">'
        f"<tr>{tds}</tr></table>"
    )


def _division_html(sh: DivisionSheet, usual: dict[str, tuple[str, ...]]) -> str:
    chain = " · ".join(sh.chain)
    where = esc(sh.level) + (f" · {esc(chain)}" if chain else "")
    lead = f"Leader {_leader_html(sh.leader, sh.figure_scale)}" if sh.leader else "<i>no leader</i>"
    sup = "".join(
        f' · <span class="small">superior {esc(s.name)} ({esc(s.command)}), rating '
        f'{signed(s.rating)}, radius {num(s.radius_in)}"</span>'
        for s in sh.superiors
    )
    routed = (
        " — <b>DIVISION ROUTED</b>"
        if sh.routed
        else (" — <b>falling back</b>" if sh.falling_back else "")
    )
    head = "".join(f'<th width="{w}%">{h}</th>' for h, w in _UNIT_COLUMNS)
    rows = "".join(_unit_row(u, sh.threshold, usual.get(u.arm, ())) for u in sh.units)
    return (
        f'<p class="div"><span class="divname">{esc(sh.division)}</span> '
        f'<span class="small">({where})</span>{routed} — {lead}{sup}</p>'
        + _strip_html(sh)
        + f'<table class="units" width="100%" border="1" cellspacing="0" '
        f'cellpadding="1"><tr>{head}</tr>{rows}</table>'
    )


def _formations_legend(usual: dict[str, tuple[str, ...]], differs: bool) -> str:
    parts = [f"{esc(arm)}: {esc(', '.join(forms))}" for arm, forms in usual.items()]
    text = "Formations (EotE 1.0.2, 5.3.6): " + "; ".join(parts) + "."
    if differs:
        text += (
            ' A unit whose formations differ shows "+ formation" (it may also take it) or '
            '"no formation" under its type.'
        )
    return text


#: The attribute of a page's ``<div>`` that starts it on a new sheet of paper.
PAGE_BREAK = ' style="page-break-before: always"'


def record_sheets_html(sheets: Sequence[DivisionSheet], title: str = "Record sheets") -> str:
    """The record sheets as one HTML document: divisions packed onto pages, never split.

    Every page names the side and carries "page N of M"; its foot explains the formations
    of each arm on the page, the skirmish column, the shaded hit boxes and only those value
    marks that appear on the page. For a PDF, :func:`record_sheet_pages` gives the same pages
    one at a time (a 2,000-unit game laid out as one document peaked past 300 MB).
    """
    body = "".join(
        f"<div{PAGE_BREAK if n > 1 else ''}>{page}</div>"
        for n, page in enumerate(record_sheet_pages(sheets), start=1)
    )
    return document(title, RECORD_SHEETS_CSS, body)


def record_sheets_head(title: str) -> str:
    """The HTML before the body of the record sheets (their title and style sheet)."""
    return document(title, RECORD_SHEETS_CSS, "").split("<body>", 1)[0]


def record_sheet_pages(sheets: Sequence[DivisionSheet]) -> Iterator[str]:
    """Each page of the record sheets as HTML, made as it is asked for, in order.

    A page is what :func:`record_sheets_html` puts in one ``<div>``; printing takes them a
    few at a time (:func:`eote_ref.ui.printing.write_pdf_blocks`), so the memory of a long
    game's sheets does not grow with its pages.
    """
    pages = pack_pages(sheets)
    for n, group in enumerate(pages, start=1):
        yield _page_html(group, n, len(pages))


def _page_html(group: Sequence[DivisionSheet], n: int, total: int) -> str:
    """Page ``n`` of ``total``: the side's heading, its divisions and the foot's notes."""
    first = group[0]
    units = [u for sh in group for u in sh.units]
    usual = usual_formations(units)
    body = "".join(_division_html(sh, usual) for sh in group)
    threshold = first.threshold
    foot = [
        f"Shaded boxes: morale check from {threshold} hits, and again on every hit after "
        "(EotE 7.5). Effective CE is the CE less one per hit.",
        _formations_legend(usual, any(_formation_note(u, usual.get(u.arm, ())) for u in units)),
    ]
    if any(u.skirmish != "—" for u in units):
        foot.append(
            'Skirmish: "can detach" sends out skirmish stands (EotE 5.4); "full skirmish" '
            "may also take skirmish order; CE per stand is what each skirmish stand counts "
            "in skirmish fire (EotE 5.5)."
        )
    foot += [esc(x) for x in first.footnotes]
    if PROVISIONAL_MARK in body + " ".join(first.footnotes):
        foot.append(
            f"{PROVISIONAL_MARK} provisional: the rules text lost this value, eote-ref "
            "supplies one."
        )
    if HOUSE_MARK in body + " ".join(first.footnotes):
        foot.append(f"{HOUSE_MARK} your club's own value.")
    foot.append(f"{esc(first.ruleset_title)}.")
    state = f" · <b>{esc(first.state_note)}</b>" if first.state_note else ""
    return (
        '<table width="100%" cellspacing="0" cellpadding="0"><tr>'
        f'<td><p class="page"><b>{esc(first.army)}</b> — {esc(first.side)}{state}</p></td>'
        f'<td align="right"><p class="page">Record sheets · page {n} of {total}</p>'
        "</td></tr></table>" + body + f'<p class="foot">{" ".join(foot)}</p>'
    )
