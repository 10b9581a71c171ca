"""An assault on infantry does not ask what an assaulted battery does (EotE 7.10).

Found in an umpire's trial (Telnitz at 6mm): hussars charging a battalion in line were asked
"An assaulted battery, before the roll" and whether "the gunners can reach an adjacent
infantry square", two questions of 7.10 that concern only a defending battery.
"""

from __future__ import annotations

from eote_ref.referee.game import GameService
from tests.unit.referee.checks.test_assault import (
    BRIT_28,
    FR_54_1,
    FRENCH,
    SINCLAIR,
    assault,
)

BATTERY = frozenset({"battery_choice", "square_adjacent"})


def test_the_batterys_questions_are_asked_only_when_a_defender_is_a_battery(
    waterloo: GameService,
) -> None:
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_28,))
    assert check.unasked() >= BATTERY
    check.set("defenders", (BRIT_28, SINCLAIR))
    assert not check.unasked() & BATTERY
    check.set("battery_choice", "abandon")
    check.set("defenders", (BRIT_28,))
    # A choice made for a battery stays in sight: its refusal is the umpire's to read.
    assert not check.unasked() & {"battery_choice"}
