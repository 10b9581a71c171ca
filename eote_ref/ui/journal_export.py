"""The journal written to a file: CSV for a spreadsheet, or aligned plain text."""

from __future__ import annotations

import csv
import pathlib
from typing import Any

from eote_ref.referee.journal_record import result_words
from eote_ref.ui.journal_view import dice_text, phase_label, summary_text


def write_journal(hub: Any, path: pathlib.Path) -> None:
    """Write the journal of ``hub``'s game, oldest step first: CSV for ``.csv``, else text.

    ``hub`` is the open game's (EotE's or a pack game's: its own ``phase_text`` words the
    phases).
    """
    entries = hub.service.journal(newest_first=False)
    phase_text = getattr(hub, "phase_text", phase_label)  # a pack game's own phases
    dice_words = getattr(hub, "dice_text", lambda e: dice_text(e.rolls))  # and its dice
    results = getattr(hub, "result_text", lambda e: result_words(e.kind, e.result))  # words
    rows = [
        [
            str(e.seq),
            str(e.turn),
            phase_text(e.phase),
            summary_text(e),
            dice_words(e),
            results(e),
            e.status,
            e.created_at.astimezone().isoformat(timespec="seconds"),
        ]
        for e in entries
    ]
    head = ["step", "turn", "phase", "what happened", "dice", "result", "status", "time"]
    if path.suffix.lower() == ".csv":
        with path.open("w", newline="", encoding="utf-8") as f:
            writer = csv.writer(f)
            writer.writerow(head)
            writer.writerows(rows)
        return
    lines = [f"{hub.view.name} — journal", ""]
    for r in rows:
        mark = "" if r[6] == "done" else "  (undone)"
        extra = "".join(f"  [{x}]" for x in (r[4], r[5]) if x)
        lines.append(f"{r[0]:>4}  turn {r[1]:>2}  {r[2]:<20}  {r[3]}{extra}{mark}")
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
