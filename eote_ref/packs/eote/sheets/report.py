"""The after-action report: the journal turn by turn, losses and leaders lost, as HTML."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field

from eote_ref.packs.eote.sheets.options import option_words
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import PHASES, Phase
from eote_ref.referee.report_corrections import CorrectionLine, corrections_html, corrections_of
from eote_ref.referee.sheets.marks import document, esc
from eote_ref.referee.summary import BattleSummary, battle_summary
from eote_ref.referee.views import JournalEntry
from eote_ref.store.game_queries import game_state


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


#: Journal kinds that are no check or combat: settings and bookkeeping, left out of the tally.
NOT_CHECKS = frozenset({"phase", "marker", "division", "correction", "display"})

#: Results of the attach and detach steps, journaled in the command-control family (3.5).
ATTACH_RESULTS = frozenset({"attached", "detached"})


def _result_text(result: str | None, kind: str = "fire") -> str:
    """A journal step's result in words; its codes are read by the kind of step.

    A fire's ``2`` is two hits, an order's ``2`` the turns until it acts (3.4).
    """
    text = result or ""
    if kind == "order_activation" and text.isdigit():
        turns = int(text)
        return "at once" if turns == 0 else f"in {turns} turn{'s' if turns != 1 else ''}"
    if kind == "assault" and "/" in text:
        from eote_ref.packs.eote.rules.results import assault_half_label, assault_halves

        attacker, defender = assault_halves(text)
        return f"{assault_half_label(attacker)} / {assault_half_label(defender)}"
    if kind == "fire":
        return RESULT_NAMES.get(text, text.replace("_", " "))
    return text.replace("_", " ")


def _kind_name(kind: str, result: str | None) -> str:
    """The report's name of a kind of step (an attach is no radius check)."""
    if kind == "command_radius" and result in ATTACH_RESULTS:
        return "Leader attached or detached"
    return KIND_NAMES.get(kind, kind.replace("_", " ").capitalize())


def _die_name(name: str) -> str:
    """A die's journal name as the report shows it: ``French.roll`` → "French"."""
    who, _, what = name.rpartition(".")
    what = {"roll": "", "second_roll": "then"}.get(what, what.replace("_roll", ""))
    if what.startswith("reroll"):
        what = "re-roll"
    return " ".join(x for x in (who, what.replace("_", " ")) if x)


def _dice_text(rolls: Sequence[object]) -> str:
    """The dice of a step, short enough for the report's narrow column: "French 4, Allies 7"."""
    out = []
    for r in rolls:
        if isinstance(r, dict):
            name = _die_name(str(r.get("name", "")))
            out.append(f"{name} {r.get('value', r.get('roll', ''))}".strip())
        elif isinstance(r, list | tuple):
            out.append("+".join(str(x) for x in r))
        else:
            out.append(str(r))
    return ", ".join(out)


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
                                _kind_name(e.kind, e.result),
                                e.summary,
                                _dice_text(e.rolls),
                                _result_text(e.result, e.kind),
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
        if e.kind in NOT_CHECKS:
            continue
        results = tally.setdefault(_kind_name(e.kind, e.result), {})
        key = _result_text(e.result or "done", e.kind)
        results[key] = results.get(key, 0) + 1
    checks = tuple(
        (name, sum(res.values()), ", ".join(f"{k} {n}" for k, n in sorted(res.items())))
        for name, res in sorted(tally.items())
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
        corrections=corrections_of(game, entries),
    )


def _leaders_lost(game: GameService) -> tuple[LeaderLost, ...]:
    state = game.read(game_state)
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


REPORT_CSS = """
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
    h = "".join(f"<th>{esc(x)}</th>" for x in head)
    body = "".join(
        "<tr>"
        + "".join(
            f'<td class="n">{esc(c)}</td>' if numeric <= i < upto else f"<td>{esc(c)}</td>"
            for i, c in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return f'<table class="t" border="1" cellspacing="0" cellpadding="3"><tr>{h}</tr>{body}</table>'


#: The most rows one phase's table holds before it goes on in a new table (headed again), so
#: that no block of the report is longer than a few pages (the PDF is laid out block by block).
ROWS_PER_TABLE = 150


def report_html(report: AfterActionReport, chart_src: str | None = None) -> str:
    """The after-action report as HTML; ``chart_src`` is the losses chart's image URL, if any."""
    return document(report_title(report), REPORT_CSS, "".join(report_blocks(report, chart_src)))


def report_title(report: AfterActionReport) -> str:
    """The report's document title."""
    return f"{report.name} — after-action report"


def report_blocks(report: AfterActionReport, chart_src: str | None = None) -> Iterator[str]:
    """The report's body as HTML blocks: the head and summary, then turns and phases.

    After the head, each block is a turn's title or up to :data:`ROWS_PER_TABLE` steps of one
    phase.

    A block is never split across two layouts, so a long report can be laid out and printed
    a few blocks at a time (:func:`eote_ref.ui.printing.print_report`).
    """
    s = report.summary
    side_names = {x.position: x.name for x in s.sides}
    parts = [
        f"<h1>{esc(report.name)}</h1>",
        f'<p class="sub">After-action report · {" against ".join(esc(x) for x in report.sides)}'
        f" · {esc(s.turns_text())} · figure scale "
        f"{esc(report.figure_scale)} · {esc(report.ruleset)}</p>",
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
        parts.append(f'<p><img src="{esc(chart_src)}" width="520" alt="Hits taken per turn"></p>')
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
    yield "".join(parts)
    for t in report.turns:
        hits = ", ".join(f"{side_names.get(p, p)} {n}" for p, n in sorted(t.hits.items()))
        yield (
            f"<h3>Turn {t.turn}</h3>"
            + (f'<p class="sub">Hits taken: {esc(hits)}</p>' if hits else "")
            + ("" if t.phases else "<p>Nothing was recorded.</p>")
        )
        for ph in t.phases:
            for start in range(0, max(len(ph.lines), 1), ROWS_PER_TABLE):
                rows = "".join(
                    f"<tr><td>{esc(ln.kind)}</td><td>{esc(ln.summary)}</td>"
                    f'<td><span class="dice">{esc(ln.dice)}</span></td>'
                    f"<td>{esc(ln.result)}</td></tr>"
                    for ln in ph.lines[start : start + ROWS_PER_TABLE]
                )
                title = esc(ph.phase) + (" (continued)" if start else "")
                yield (
                    f"<p><b>{title}</b></p>"
                    '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="2">'
                    '<tr><th width="15%">Step</th><th width="52%">What happened</th>'
                    '<th width="17%">Dice</th><th width="16%">Result</th></tr>'
                    f"{rows}</table>"
                )
    if report.option_words:
        opts = "; ".join(report.option_words)
        yield f'<h3>Options chosen</h3><p class="sub">{esc(opts)}.</p>'
