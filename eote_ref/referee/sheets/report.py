"""The after-action report: the journal turn by turn, losses and leaders lost, as HTML."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import PHASES, Phase
from eote_ref.referee.report_corrections import CorrectionLine, corrections_html, corrections_of
from eote_ref.referee.sheets.marks import document, esc, option_words
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


def report_html(report: AfterActionReport, chart_src: str | None = None) -> str:
    """The after-action report as HTML; ``chart_src`` is the losses chart's image URL, if any."""
    s = report.summary
    side_names = {x.position: x.name for x in s.sides}
    parts = [
        f"<h1>{esc(report.name)}</h1>",
        f'<p class="sub">After-action report · {" against ".join(esc(x) for x in report.sides)}'
        f" · {s.turns_played} turn{'s' if s.turns_played != 1 else ''} · figure scale "
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
    for t in report.turns:
        hits = ", ".join(f"{side_names.get(p, p)} {n}" for p, n in sorted(t.hits.items()))
        parts.append(
            f"<h3>Turn {t.turn}</h3>"
            + (f'<p class="sub">Hits taken: {esc(hits)}</p>' if hits else "")
        )
        if not t.phases:
            parts.append("<p>Nothing was recorded.</p>")
        for ph in t.phases:
            rows = [
                (
                    f"<td>{esc(ln.kind)}</td><td>{esc(ln.summary)}</td>"
                    f'<td><span class="dice">{esc(ln.dice)}</span></td><td>{esc(ln.result)}</td>'
                )
                for ln in ph.lines
            ]
            parts.append(
                f"<p><b>{esc(ph.phase)}</b></p>"
                '<table class="t" width="100%" border="1" cellspacing="0" cellpadding="2">'
                '<tr><th width="17%">Step</th><th width="58%">What happened</th>'
                '<th width="10%">Dice</th><th width="15%">Result</th></tr>'
                + "".join(f"<tr>{r}</tr>" for r in rows)
                + "</table>"
            )
    if report.option_words:
        opts = "; ".join(report.option_words)
        parts.append(f'<h3>Options chosen</h3><p class="sub">{esc(opts)}.</p>')
    return document(f"{report.name} — after-action report", _REPORT_CSS, "".join(parts))
