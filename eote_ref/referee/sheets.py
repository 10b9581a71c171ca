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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from eote_ref.armylists.model import ArmyList, Command
from eote_ref.armylists.model import Unit as ListUnit
from eote_ref.referee.game import GameService, JournalEntry, LeaderView, UnitView
from eote_ref.referee.phases import PHASES, Phase
from eote_ref.referee.report_corrections import CorrectionLine, corrections_html, corrections_of
from eote_ref.referee.summary import BattleSummary, battle_summary
from eote_ref.rules.command import Level, radius_in
from eote_ref.rules.core import Source
from eote_ref.rules.dice import EnteredDice
from eote_ref.rules.movement import MovementSituation, Mover, movement
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rules.skirmish import skirmish_rating
from eote_ref.rules.units import FORMATIONS_BY_ARM, Arm, Formation, Weight
from eote_ref.store import StoreError, get_roster, history, load_game

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
MAX_HIT_BOXES = 11
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


#: A parenthesised remark about the transcription of the rules text in a ruleset label.
_TRANSCRIPT_REMARK = re.compile(r"\s*\([^()]*\btranscri[^()]*\)")


def clean_label(text: str) -> tuple[str, bool]:
    """A ruleset label without its transcription remarks, and whether it had any.

    ``"cavalry in line (transcript possibly damaged)"`` → ``("cavalry in line", True)``: the
    sheet prints the clean label and marks the value provisional.
    """
    clean = _TRANSCRIPT_REMARK.sub("", text)
    return " ".join(clean.split()), clean != text


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
    with game.db.session() as s:
        for e in history(s, game.game_id, newest_first=False):
            outcome = e.outcome if isinstance(e.outcome, dict) else {}
            if e.kind != "integrity" or e.status != "done":
                continue
            if outcome.get("result") not in ("pass", "fall_back", "rout"):
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
        f"<b>{_e(lead.name)}</b>{dead}, rating {signed(lead.rating)}, command radius "
        f'<b>{num(lead.radius_in)}"</b> at {_e(scale)}'
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
    items = [f"{_e(k)}&nbsp;{_e(v)}" for k, v in u.movement]
    move = "<br>".join(" · ".join(items[i : i + 2]) for i in range(0, len(items), 2))
    brigade = f'<br><span class="small">{_e(u.brigade)}</span>' if u.brigade else ""
    dead = " <b>ROUTED</b>" if u.routed else ""
    differs = _formation_note(u, usual)
    form = f'<br><span class="small">{_e(differs)}</span>' if differs else ""
    # more hits than boxes: the count goes beside the name
    more = f' <span class="small">({u.hits} hits)</span>' if u.hits > u.hit_boxes else ""
    boxes = _boxes(u.hit_boxes, u.hits, threshold)
    # the hit strip sits in a table of its own with room to spare on its right, so that a
    # long strip never runs into the next column's border
    hits = (
        '<table cellspacing="0" cellpadding="0"><tr>'
        f'<td>{boxes}</td><td width="4"></td></tr></table>'
    )
    return (
        "<tr>"
        f"<td><b>{_e(u.name)}</b>{dead}{more}{brigade}</td>"
        f"<td>{_e(u.arm)} {_e(_type_text(u))}{form}</td>"
        f'<td class="num"><b>{u.ce}</b></td>'
        f'<td class="num">{u.stands}</td>'
        f'<td class="small">{_e(u.skirmish).replace(" · ", "<br>")}</td>'
        f'<td class="small">{move}</td>'
        f"<td>{hits}</td>"
        f"<td>{_boxes(1, int(u.disordered))}</td>"
        f"<td>{_boxes(u.blown_boxes, u.blown)}</td>"
        f"<td>{_boxes(1, int(u.routed))}</td>"
        "</tr>"
    )


def _blank(value: object | None) -> str:
    return _e(value) if value not in (None, "") else "&nbsp;"


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
    where = _e(sh.level) + (f" · {_e(chain)}" if chain else "")
    lead = f"Leader {_leader_html(sh.leader, sh.figure_scale)}" if sh.leader else "<i>no leader</i>"
    sup = "".join(
        f' · <span class="small">superior {_e(s.name)} ({_e(s.command)}), rating '
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
        f'<p class="div"><span class="divname">{_e(sh.division)}</span> '
        f'<span class="small">({where})</span>{routed} — {lead}{sup}</p>'
        + _strip_html(sh)
        + f'<table class="units" width="100%" border="1" cellspacing="0" '
        f'cellpadding="1"><tr>{head}</tr>{rows}</table>'
    )


def _formations_legend(usual: dict[str, tuple[str, ...]], differs: bool) -> str:
    parts = [f"{_e(arm)}: {_e(', '.join(forms))}" for arm, forms in usual.items()]
    text = "Formations (EotE 1.0.2, 5.3.6): " + "; ".join(parts) + "."
    if differs:
        text += (
            ' A unit whose formations differ shows "+ formation" (it may also take it) or '
            '"no formation" under its type.'
        )
    return text


def record_sheets_html(sheets: Sequence[DivisionSheet], title: str = "Record sheets") -> str:
    """The record sheets as one HTML document: divisions packed onto pages, never split.

    Every page names the side and carries "page N of M"; its foot explains the formations
    of each arm on the page, the skirmish column, the shaded hit boxes and only those value
    marks that appear on the page.
    """
    pages = pack_pages(sheets)
    out = []
    for n, group in enumerate(pages, start=1):
        first = group[0]
        brk = ' style="page-break-before: always"' if n > 1 else ""
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
        foot += [_e(x) for x in first.footnotes]
        if PROVISIONAL_MARK in body + " ".join(first.footnotes):
            foot.append(
                f"{PROVISIONAL_MARK} provisional: the rules text lost this value, eote-ref "
                "supplies one."
            )
        if HOUSE_MARK in body + " ".join(first.footnotes):
            foot.append(f"{HOUSE_MARK} your club's own value.")
        foot.append(f"{_e(first.ruleset_title)}.")
        state = f" · <b>{_e(first.state_note)}</b>" if first.state_note else ""
        out.append(
            f'<div{brk}><table width="100%" cellspacing="0" cellpadding="0"><tr>'
            f'<td><p class="page"><b>{_e(first.army)}</b> — {_e(first.side)}{state}</p></td>'
            f'<td align="right"><p class="page">Record sheets · page {n} of {len(pages)}</p>'
            "</td></tr></table>" + body + f'<p class="foot">{" ".join(foot)}</p></div>'
        )
    return _document(title, _SHEET_CSS, "".join(out))


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


#: Each option's chosen value in words (EotE section in brackets): value → phrase.
_OPTION_WORDS: dict[str, dict[object, str]] = {
    "scale_adjusts": {
        "all_distances": 'the 2" shift for 6mm and 25mm figures applies to every distance '
        "(introduction)",
        "none": "every distance is played as listed at any figure scale",
    },
    "morale_result_reading": {
        "prose": "a morale roll under the modified CE passes, as the prose of 7.5 reads",
        "table": "a morale roll over the modified CE passes, as the results table of 7.5 reads",
    },
    "di_routed_this_turn_stacks": {
        True: "a unit routed this turn takes both −3s in an integrity check (EotE 9.0)",
        False: "a unit routed this turn counts once in an integrity check (EotE 9.0)",
    },
    "multi_unit_half_rounding": {
        "down": "a halved CE is rounded down (EotE 7.9)",
        "nearest": "a halved CE is rounded to the nearest whole number (EotE 7.9)",
        "none": "a halved CE keeps its half (EotE 7.9)",
    },
    "multi_unit_three_or_more": {
        "strongest_plus_half_each": "three or more units combine as the strongest plus half of "
        "each other (EotE 7.9)",
        "strongest_plus_half_next_only": "three or more units combine as the strongest plus "
        "half of the next strongest (EotE 7.9)",
    },
    "routed_units_leave_table": {
        "next_command_phase_rally_eligible": "routed units leave the table at the next command "
        "phase and may still be rallied once (EotE 7.5, 9.1)",
        "next_command_phase_final": "routed units leave the table for good at the next command "
        "phase (EotE 7.5)",
        "stay_until_rallied": "routed units stay on the table until rallied (EotE 9.1)",
    },
    "rout_hits": {
        "assault_2_morale_1": "a rout marks 2 hits in an assault, 1 from a morale check "
        "(EotE 7.3–7.5)",
        "always_2": "a rout always marks 2 hits (EotE 7.3–7.5)",
        "always_1": "a rout always marks 1 hit (EotE 7.3–7.5)",
    },
    "skirmish_1812_rating": {
        "after": "skirmishers of 1812 are rated as after 1812 (EotE 5.5.1)",
        "before": "skirmishers of 1812 are rated as before 1812 (EotE 5.5.1)",
    },
    "multi_battery_target_modifiers": {
        "once": "several batteries firing together take the target's modifiers once (EotE 6.3)",
        "each": "several batteries firing together take the target's modifiers for each "
        "battery (EotE 6.3)",
    },
}


def option_words(rs: Ruleset) -> list[str]:
    """The ruleset's options as chosen, each in words, e.g. "morale check from 3 hits (EotE 7.5)".

    An option eote-ref has no words for (a newer ruleset) is written as its name and value.
    """
    out = []
    for name in rs.options:
        value = rs.option(name)
        spec = rs.options[name]
        if name == "inches_per_1500_yards":
            out.append(f'1500 yards are {value}" on the table (EotE {spec.rule})')
        elif name == "morale_hit_threshold":
            out.append(f"morale check from {value} hits (EotE 7.5)")
        elif name == "di_average_rounding":
            out.append(f"a division's average CE is rounded {value} (EotE 9.0)")
        elif name == "support_rear_factor":
            out.append(f"a supporter on the attacker's rear counts ×{value} (EotE 7.2)")
        elif value in _OPTION_WORDS.get(name, {}):
            out.append(_OPTION_WORDS[name][value])
        else:
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            title = name.replace("_", " ")
            out.append(f"{title}: {shown.replace('_', ' ')} (EotE {spec.rule})")
    return out


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
    return _e(clean_label(str(getattr(v, "reason", "")))[0])


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
        h(f"Artillery range at {_e(sc)} (EotE 6.1)")
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
        f"×{_e(rs.option('support_rear_factor'))} (a chosen option).</p>"
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
        + f"<p>Check on reaching <b>{_e(threshold)} hits</b> and on every hit after. d10 "
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
    cols[2].append(
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
        h(f"Movement allowances at {_e(sc)} (EotE 5.1)")
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
        h(f"Distances at {_e(sc)}")
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
        f'<td><p class="title">{_e(rs.title)} — quick reference</p></td>'
        f'<td align="right">Figure scale {_e(sc)}'
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
        f"section. Options chosen: {_e('; '.join(option_words(rs)))}.</p>"
    )
    return _document(f"{rs.title} — quick reference", _QRS_CSS, header + body + foot)


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
    option_words: tuple[str, ...] = ()
    corrections: tuple[CorrectionLine, ...] = ()


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
    "correction": "Umpire's correction",
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
        if e.kind in ("phase", "marker", "division", "correction"):
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
        option_words=tuple(option_words(game.ruleset)),
        corrections=corrections_of(game),
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
                "Off the table",
                "Leaders killed",
                "Divisions routed",
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
    parts.append(corrections_html(report.corrections))
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
    if report.option_words:
        opts = "; ".join(report.option_words)
        parts.append(f'<h3>Options chosen</h3><p class="sub">{_e(opts)}.</p>')
    return _document(f"{report.name} — after-action report", _REPORT_CSS, "".join(parts))
