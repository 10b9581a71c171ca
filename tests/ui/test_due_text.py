"""The phase panel's "due now" line: a check with no rule to cite shows no empty brackets."""

from __future__ import annotations

from eote_ref.referee.todo import DueCheck
from eote_ref.ui.dashboard import due_text


def test_a_reinforcement_due_shows_no_empty_citation() -> None:
    text = due_text(
        [
            DueCheck(
                "reinforcement", "Reinforcements: IV Corps Artillery Reserve", "", 0, key="r2"
            ),
            DueCheck("morale", "Morale: F3 1/14e Ligne", "EotE 8.0", 0),
        ],
        "#777",
    )
    assert "()" not in text
    assert "Reinforcements: IV Corps Artillery Reserve;" in text
    assert "(EotE 8.0)" in text
