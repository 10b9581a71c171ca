"""The umpire's corrections as the after-action report lists them, apart from the checks.

A correction (:mod:`eote_ref.referee.corrections`) changes the order of battle during the
game: a wrong CE, a leader's real name, a late arrival. The report tells the battle turn by
turn with every step, corrections included; this section gathers them in one place, with the
turn and phase each was made in, so a reader sees at once what the umpire changed by hand
and that it was not a result of the dice. Undone corrections are left out.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from eote_ref.referee.corrections import KIND, PREFIX
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.views import JournalEntry


@dataclass(frozen=True)
class CorrectionLine:
    """One correction: when it was made and what it changed."""

    seq: int
    turn: int
    phase: str
    what: str


def corrections_of(
    game: GameService, entries: Iterable[JournalEntry] | None = None
) -> tuple[CorrectionLine, ...]:
    """Every correction still in force (done, not undone), oldest first.

    ``entries``: the game's journal, oldest first, when the caller has read it already (the
    after-action report reads it once for all its sections).
    """
    out = []
    for e in game.journal(newest_first=False) if entries is None else entries:
        if e.kind != KIND or e.status != "done":
            continue
        what = e.summary[len(PREFIX) :] if e.summary.startswith(PREFIX) else e.summary
        try:
            phase = Phase.parse(e.phase).label
        except ValueError:
            phase = e.phase
        out.append(CorrectionLine(e.seq, e.turn, phase, what))
    return tuple(out)


def corrections_html(lines: Sequence[CorrectionLine]) -> str:
    """The report's section: a table of the corrections, or a line saying there were none."""
    head = "<h3>Umpire's corrections</h3>"
    if not lines:
        return head + "<p>The umpire corrected nothing during the game.</p>"
    rows = "".join(
        f'<tr><td class="n">{c.turn}</td><td>{html.escape(c.phase)}</td>'
        f"<td>{html.escape(c.what)}</td></tr>"
        for c in lines
    )
    return (
        head + '<p class="sub">Changes to the order of battle made by hand during the game, not '
        "results of the dice.</p>"
        '<table class="t" border="1" cellspacing="0" cellpadding="3">'
        "<tr><th>Turn</th><th>Phase</th><th>What was corrected</th></tr>"
        f"{rows}</table>"
    )
