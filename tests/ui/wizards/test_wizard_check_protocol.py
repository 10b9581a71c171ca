"""The shared wizard shows a check of no pack it knows: only what ``WizardCheck`` names.

A toy check (a d10 shot, 3 or more hits, one less at long range), written here against the
boundary's ``Outcome`` and ``Modifier`` alone, goes through the generic wizard's pages: its
subject named, its question, its modifier with its section cited the toy's way, the exact
odds, the die asked for, the changes in words, and Apply.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from PySide6.QtWidgets import QCheckBox
from pytestqt.qtbot import QtBot

from eote_ref.packs.outcome import Modifier, Outcome, Source, total
from eote_ref.packs.questions import Question
from eote_ref.referee.wizard_check import DieSpec, ModifierLine, Trial, WizardCheck
from eote_ref.ui.wizards.base import CheckWizard, FactsPage, ResultPage, RollPage


class ToyShot:
    """A d10 shot (Toy 3): 3 or more hits, one less at long range."""

    procedure = "toy_shot"
    title = "Toy shot"
    rule = "3"
    cite = "Toy"
    view = None

    def __init__(self) -> None:
        self.values: dict[str, Any] = {"long_range": False}
        self.target: dict[str, Any] = {"unit_id": 1}
        self.applied: list[Outcome] = []

    def questions(self) -> list[Question]:
        return [Question("long_range", "At long range", "bool", False, rule="3")]

    def unasked(self) -> frozenset[str]:
        return frozenset()

    def settled(self) -> dict[str, tuple[Any, str]]:
        return {}

    def set(self, key: str, value: Any) -> None:
        self.values[key] = value

    def subject(self) -> str:
        return "the Blue skirmishers"

    def _run(self, roll: int | None) -> Outcome:
        mods = (Modifier(-1, "long range", "3", Source.TEXT),) if self.values["long_range"] else ()
        modified = total(0, mods)

        def read(face: int) -> str:
            return "hit" if face + modified >= 3 else "miss"

        odds: dict[str, Fraction] = {}
        for face in range(1, 11):
            odds[read(face)] = odds.get(read(face), Fraction(0)) + Fraction(1, 10)
        result = read(roll) if roll is not None else "miss"
        return Outcome.of_pack(
            "toy", "toy_shot", "3", 0, mods, modified, {"roll": roll}, result, odds
        )

    def preview(self) -> Outcome:
        return self._run(None)

    def needs_roll(self) -> bool:
        return True

    def modifiers(self, outcome: Outcome | None = None) -> list[ModifierLine]:
        return [ModifierLine.of(m) for m in (outcome or self.preview()).modifiers]

    def odds(self, outcome: Outcome | None = None) -> list[tuple[str, float]]:
        o = outcome or self.preview()
        return sorted(((k, float(p)) for k, p in o.probabilities.items()), key=lambda kv: -kv[1])

    def value_label(self, outcome: Outcome) -> tuple[str, str]:
        return "Value", ""

    def roll_heading(self, outcome: Outcome) -> str | None:
        return None

    def result_text(self, outcome: Outcome) -> str:
        return outcome.result

    def result_tone(self, code: str) -> str:
        return "bad" if code == "hit" else "good"

    def trial(self, rolls: Mapping[str, int]) -> Trial[Outcome]:
        if "roll" not in rolls:
            return Trial(needed=DieSpec("roll", "d10"))
        roll = rolls["roll"] or 10
        outcome = self._run(roll)
        changes = ["Blue skirmishers: 1 hit"] if outcome.result == "hit" else []
        return Trial(outcome=outcome, changes=changes)

    def apply(self, rolls: Mapping[str, int]) -> Outcome:
        outcome = self.trial(rolls).outcome
        assert outcome is not None
        self.applied.append(outcome)
        return outcome

    def summary(self, outcome: Outcome) -> str:
        return f"Toy shot at the Blue skirmishers: {outcome.result}"


def test_a_toy_check_satisfies_the_protocol() -> None:
    check: WizardCheck[Outcome] = ToyShot()  # mypy checks the structure; this the names
    assert check.cite == "Toy"


def test_the_generic_wizard_shows_and_applies_a_check_of_no_known_pack(qtbot: QtBot) -> None:
    toy = ToyShot()
    wizard = CheckWizard(None, toy)  # type: ignore[arg-type]  # a toy check needs no game
    qtbot.addWidget(wizard)
    wizard.show()
    assert wizard.windowTitle() == "Toy shot: the Blue skirmishers (Toy 3)"
    facts = wizard.page_of(FactsPage)
    assert facts.panel.odds.text() == "hit 80%\nmiss 20%"
    box = facts.widgets["long_range"]
    assert isinstance(box, QCheckBox)
    assert "(Toy 3)" in box.toolTip()
    box.setChecked(True)  # long range: -1, cited the toy's way
    assert "long range" in facts.panel.modifiers.text()
    assert "Toy 3" in facts.panel.modifiers.text()
    assert "EotE" not in facts.panel.modifiers.text()
    assert facts.panel.odds.text() == "hit 70%\nmiss 30%"
    wizard.next()
    roll = wizard.page_of(RollPage)
    assert "the Blue skirmishers" in roll.target.text()
    assert [e.die.name for e in roll.edits] == ["roll"]
    roll.edits[0].setText("5")
    assert "Blue skirmishers: 1 hit" in roll.result.text()
    wizard.next()
    assert [o.result for o in toy.applied] == ["hit"]
    done = wizard.page_of(ResultPage)
    assert "Toy shot at the Blue skirmishers: hit" in done.label.text()
