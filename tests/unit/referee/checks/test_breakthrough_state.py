"""A cavalry breakthrough carried as state of the turn (EotE 5.15, 5.6, 7.7.1; issue 30).

A cavalry unit that wins its combat with a hit or a rout takes one 10" breakthrough move and
may fight one more combat on it (5.15); infantry it comes within pinning distance of may try
square against it at -5 (5.6). The breakthrough is a fact of the turn, so the assault it
attacks in and the squares tried against it default their "on breakthrough" boxes from it,
however the umpire opens them (not only through the wizard's hand-off), until its one
breakthrough combat is fought.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from tests.unit.referee.checks.test_assault import (
    BRIT_28,
    BRIT_30,
    BRIT_32,
    CHASSEURS_3,
    FRENCH,
    HUSSARDS_7,
    assault,
)


def test_the_follow_up_and_the_squares_read_the_breakthrough(waterloo: GameService) -> None:
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    won = assault(waterloo, (HUSSARDS_7,), (BRIT_30,)).apply({"roll": 10})  # ./2: breaks through
    assert won.details["breakthrough_taken"]

    # A square tried against it, opened from the menu: the -5 of breakthrough cavalry (5.6).
    square = open_check(waterloo, "square", unit_id=BRIT_28)
    assert square.values["on_breakthrough"]
    assert any(m.rule == "5.6" and m.value == -5 for m in square.preview().modifiers)

    # Its follow-up combat against another battalion, opened afresh (not handed on).
    follow = open_check(waterloo, "assault", attackers=(HUSSARDS_7,), defenders=(BRIT_32,))
    assert follow.values["breakthrough"]
    # Another attacker chosen instead: no breakthrough; the breakthrough cavalry again: on it.
    follow.set("attackers", (CHASSEURS_3,))
    assert not follow.values["breakthrough"]
    follow.set("attackers", (HUSSARDS_7,))
    assert follow.values["breakthrough"]
    follow.apply({"roll": 5})

    # Its one breakthrough combat is fought (5.15): nothing is on breakthrough any more.
    assert not open_check(waterloo, "square", unit_id=BRIT_28).values["on_breakthrough"]
    later = open_check(waterloo, "assault", attackers=(CHASSEURS_3,), defenders=(BRIT_28,))
    assert not later.values["breakthrough"]


def test_no_breakthrough_no_box_ticked(waterloo: GameService) -> None:
    waterloo.set_initiative(FRENCH)
    assert not open_check(waterloo, "square", unit_id=BRIT_28).values["on_breakthrough"]
    fresh = open_check(waterloo, "assault", attackers=(HUSSARDS_7,), defenders=(BRIT_32,))
    assert not fresh.values["breakthrough"]
