"""One question type for every pack (issue 32, "one check vocabulary").

EotE's checks (``Adjudication.questions``) and AVlE's declared ones (``PackCheck.facts``)
ask with the boundary's one :class:`~eote_ref.packs.questions.Question`, their choices
:class:`~eote_ref.packs.questions.Choice` pairs; and a question of either pack shows the
same in the shared wizard (``fact_widget``) and in the pack check dialog.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import QCheckBox, QComboBox, QSpinBox, QWidget
from pytestqt.qtbot import QtBot

from eote_ref.packs import play
from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.questions import Choice, Question
from eote_ref.referee import wizard_check
from eote_ref.referee.game import GameService
from eote_ref.store import Database
from eote_ref.ui.pack_game.check_dialog import _Question
from eote_ref.ui.wizards.base import fact_widget
from tests.avle_games import quatre_bras, unit_id

LANCERS = "Piré's lancers (Hubert)"
#: The kinds both dialogs show.
SHARED_KINDS = ("bool", "int", "choice")


def both_families(db: Database, demo: GameService) -> tuple[list[Question], list[Question]]:
    """An EotE morale check's and infantry fire's questions; an AVlE shock's and hand's."""
    foot = next(u for u in demo.view().sides[0].units if u.arm == "infantry")
    eote = open_check(demo, "morale", unit_id=foot.id).questions()
    eote += open_check(demo, "infantry_fire", unit_id=foot.id).questions()
    avle_game = quatre_bras(db)
    state = avle_game.state()
    avle = avle_game.open_check("shock", unit_id=unit_id(avle_game, LANCERS)).facts()
    avle += avle_game.open_check("hand", side_id=state.sides[0].id).facts()
    return eote, avle


def test_the_old_names_are_gone() -> None:
    assert not hasattr(play, "Ask")
    assert not hasattr(wizard_check, "Question")
    assert not hasattr(wizard_check, "Choice")


def test_both_packs_ask_with_the_one_question_type(db: Database, demo: GameService) -> None:
    eote, avle = both_families(db, demo)
    assert eote
    assert avle
    assert {type(q) for q in eote} == {type(q) for q in avle} == {Question}
    choices = [c for q in (*eote, *avle) for c in q.choices]
    assert choices
    assert {type(c) for c in choices} == {Choice}
    # Each family's kinds, and the ones they share.
    assert {"bool", "int", "choice"} <= {q.kind for q in eote} & {q.kind for q in avle}
    assert "choices" in {q.kind for q in avle}  # a hand of cards
    value, label = avle[0].choices[0]  # a choice unpacks as the (value, label) it was
    assert (value, label) == (avle[0].choices[0].value, avle[0].choices[0].label)


def shown(w: QWidget) -> tuple[str, Any]:
    """What a question's widget shows: its kind and its value (a list: its choices too)."""
    if isinstance(w, QCheckBox):
        return "bool", w.isChecked()
    if isinstance(w, QSpinBox):
        return "int", (w.value(), w.minimum(), w.maximum())
    assert isinstance(w, QComboBox)
    items = [(w.itemData(i), w.itemText(i)) for i in range(w.count())]
    return "choice", (w.currentData(), items)


def test_a_question_of_either_pack_shows_the_same_in_both_dialogs(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    eote, avle = both_families(db, demo)
    asked = [q for q in (*eote, *avle) if q.kind in SHARED_KINDS]
    assert {q.kind for q in asked} == set(SHARED_KINDS)
    for q in asked:
        wizard = fact_widget(q, q.default, lambda _v: None)
        pack = _Question(q, lambda _k, _v: None).widget
        qtbot.addWidget(wizard)
        qtbot.addWidget(pack)
        assert shown(wizard) == shown(pack), q.key
        assert shown(wizard)[0] == q.kind
