"""The die an EotE check asks for next is one of the boundary's declared dice (issue 32).

``DieSpec`` names the die the rules read (``packs/dice.py``'s ``D10`` or ``PERCENTILE``,
faces and how 0 reads, as the pack check dialog reads a declared check's), not a word; the
wizard's die box is drawn from it: one key for a d10 (0 reads 10), up to three digits for
the percentile dice.
"""

from __future__ import annotations

from pytestqt.qtbot import QtBot

from eote_ref.packs.dice import D6, D10, PERCENTILE
from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.wizard_check import DieSpec
from eote_ref.ui.wizards.base import DieEdit, _die_text


def test_a_check_asks_for_a_declared_die_and_the_box_is_drawn_from_it(
    qtbot: QtBot, demo: GameService
) -> None:
    foot = next(u for u in demo.view().sides[0].units if u.arm == "infantry")
    d10 = open_check(demo, "morale", unit_id=foot.id).trial({}).needed
    burning = open_check(demo, "burning")
    burning.set("howitzer_batteries", 2)
    percentile = burning.trial({}).needed
    assert d10 is not None
    assert percentile is not None
    assert d10.die is D10
    assert percentile.die is PERCENTILE
    assert d10.die.faces == tuple(range(1, 11))
    assert d10.die.zero_reads == 10
    assert DieSpec("roll", "d10").die is D10  # the default, as the fire queue's box
    assert d10.one_key()
    assert not percentile.one_key()

    one, three = DieEdit(d10), DieEdit(percentile)
    qtbot.addWidget(one)
    qtbot.addWidget(three)
    assert (one.maxLength(), one.placeholderText()) == (1, "0–9")
    assert (three.maxLength(), three.placeholderText()) == (3, "1–100")
    one.setText("0")
    three.setText("100")
    assert (one.value(), three.value()) == (0, 100)


def test_a_d6_box_takes_its_faces_only_and_reads_no_0_as_10(qtbot: QtBot) -> None:
    """A one-key die other than the d10: its box follows its faces (1..6).

    0 reads as 10 only where the die says so (``D10.zero_reads``); a d6's 0 or 7 is no face.
    """
    d6 = DieSpec("roll", "d6", D6)
    assert d6.one_key()
    edit = DieEdit(d6)
    qtbot.addWidget(edit)
    assert (edit.maxLength(), edit.placeholderText()) == (1, "1–6")
    for typed, read in (("6", 6), ("0", None), ("7", None), ("9", None)):
        edit.setText(typed)
        assert edit.value() == read, typed
    edit.setText("")
    qtbot.keyClick(edit, "0")
    assert edit.text() == ""  # no face: the key is refused
    qtbot.keyClick(edit, "4")
    assert (edit.text(), edit.value(), _die_text(edit)) == ("4", 4, "4")
    d10 = DieEdit(DieSpec("roll", "d10"))
    qtbot.addWidget(d10)
    d10.setText("0")
    assert (d10.value(), _die_text(d10)) == (0, "10")  # the d10's 0 is its 10
    assert d6.keys() == (1, 2, 3, 4, 5, 6)
    assert DieSpec("roll", "d10").keys() == tuple(range(10))
