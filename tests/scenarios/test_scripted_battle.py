"""The scripted sample battle played twice through the referee: the same after-action report.

Moved from tests/unit/referee/test_sheets.py with the other whole battles (marked slow here).
"""

from __future__ import annotations

import pathlib

from eote_ref.packs.eote.sample_game import play_sample_game
from eote_ref.packs.eote.sheets.report import after_action_report, report_html
from eote_ref.store import open_database
from tests.unit.referee.test_sheets import text_of


def test_the_scripted_battle_played_twice_writes_the_same_report(
    tmp_path: pathlib.Path,
) -> None:
    """The one check loop is deterministic with entered dice: two plays, one report."""
    texts = []
    for n in (1, 2):
        db = open_database(tmp_path / f"play{n}.sqlite")
        try:
            texts.append(text_of(report_html(after_action_report(play_sample_game(db)))))
        finally:
            db.close()
    assert texts[0] == texts[1]
    assert "Fire: Lloyd's Battery RA → 2/54e Ligne at 10\": no effect" in texts[0]
