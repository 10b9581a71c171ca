"""The new-game wizard's choice of ruleset pack: its lists only, its options, its pages."""

from __future__ import annotations

import pathlib

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QWizard
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.setup import SetupService, shipped_army_lists_dir
from eote_ref.store import Database, game_rows
from eote_ref.ui.new_game_wizard.lists_page import ListsPage
from eote_ref.ui.new_game_wizard.names_page import NamesPage
from eote_ref.ui.new_game_wizard.options_page import OptionsPage
from eote_ref.ui.new_game_wizard.summary_page import SummaryPage
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from tests.avle_games import play_a_round
from tests.games import game_state

AVLE_FRENCH = "quatre-bras-1815-french.yaml"
AVLE_ALLIED = "quatre-bras-1815-allied.yaml"


def _wizard(qtbot: QtBot, db: Database) -> NewGameWizard:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    return w


def choose_pack(qtbot: QtBot, w: NewGameWizard, title: str) -> None:
    """Pick the pack by keyboard in the first page's Ruleset box."""
    names = w.currentPage()
    assert isinstance(names, NamesPage)
    combo = names.packCombo
    combo.setFocus()
    while combo.currentText() != title:
        before = combo.currentIndex()
        qtbot.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, f"no pack titled {title}"


def test_the_default_is_eote_and_its_pages_are_unchanged(qtbot: QtBot, db: Database) -> None:
    w = _wizard(qtbot, db)
    names = w.currentPage()
    assert isinstance(names, NamesPage)
    assert names.packCombo.currentText() == "Eagles Over the Empire 6.2"
    assert w.shown_page_ids() == w.page_ids()
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    assert {s.pack for s in lists.rows} == {"eote"}
    assert AVLE_FRENCH not in {s.path.name for s in lists.rows}


def test_avle_offers_its_own_lists_options_and_skips_eote_pages(qtbot: QtBot, db: Database) -> None:
    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    assert w.draft.pack == "avle"
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    assert {AVLE_ALLIED, AVLE_FRENCH, "ligny-text-french.yaml"} <= {s.path.name for s in lists.rows}
    assert not lists.scenarios.isVisibleTo(lists)  # scenarios are EotE's
    header = lists.ui.listsTable.horizontalHeaderItem(6)
    assert header is not None
    assert header.text() == "Make-up"
    w.select_lists([AVLE_FRENCH], [AVLE_ALLIED])
    assert "13 units, 3 Generals" in lists.ui.firstSummary.text()
    w.next()
    options = w.currentPage()
    assert isinstance(options, OptionsPage)  # the commands page is skipped
    assert not options.ui.scaleBox.isVisibleTo(options)
    assert "morale_rule" in options.option_rows
    assert "morale_hit_threshold" not in options.option_rows
    assert options.scenarioBox.isVisibleTo(options)  # the pack's own scenarios
    scenario = options.scenarioCombo
    # Only the scenarios the Quatre Bras lists fit; the others named with why (13.1, 14.0).
    offered = [scenario.itemData(i) for i in range(scenario.count())]
    assert offered == [None, "quatre_bras"]
    note = options.scenarioNote.text()
    assert options.scenarioNote.isVisibleTo(options)
    assert "Waterloo: needs a Prussian army list" in note
    assert "Hypothetical battle: the lists are drawn for Quatre Bras" in note
    scenario.setFocus()
    qtbot.keyClick(scenario, Qt.Key.Key_Down)
    assert w.draft.pack_scenario == "quatre_bras"
    combo = options.option_rows["morale_rule"].combo
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Down)
    assert w.draft.options == {"morale_rule": True}
    w.next()
    summary = w.currentPage()
    assert isinstance(summary, SummaryPage)  # the initiative page is skipped
    text = summary.ui.summaryText.toPlainText()
    for expected in (
        "Advanced Vive l'Empereur 1.2",
        "Scenario: Quatre Bras — historical lists, 16 June 1815, with 13.2's victory",
        "Morale rule: yes",
        "Rules options: 1 changed, the rest as default.",
        "13 units, 3 Generals",
    ):
        assert expected in text
    w.accept()  # Start the game: the scenario's victory conditions come with it
    assert w.game_id is not None
    state = PackGameService(db, w.game_id).state()
    assert state.pack_state["scenario"] == "quatre_bras"
    assert state.options["morale_rule"] is True


def test_a_list_of_the_other_pack_is_refused_with_a_message(qtbot: QtBot, db: Database) -> None:
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    folder = shipped_army_lists_dir()
    assert folder is not None
    assert lists.add_file(pathlib.Path(folder / "avle" / AVLE_FRENCH)) is None
    problems = lists.problems()
    assert "a list for Advanced Vive l'Empereur 1.2" in problems
    assert "choose that ruleset on the first page" in problems
    assert not w.draft.lists[0]


def test_changing_the_pack_drops_the_other_packs_lists_and_options(
    qtbot: QtBot, db: Database
) -> None:
    w = _wizard(qtbot, db)
    w.select_lists(["waterloo-1815-french.yaml"], ["waterloo-1815-anglo-allied.yaml"])
    w.draft.options["morale_hit_threshold"] = 4
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    assert w.draft.lists == [[], []]
    assert w.draft.options == {}
    w.next()
    assert w.button(QWizard.WizardButton.NextButton).isEnabled() is False


def test_an_eote_list_is_refused_in_an_avle_game(qtbot: QtBot, db: Database) -> None:
    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    folder = shipped_army_lists_dir()
    assert folder is not None
    assert lists.add_file(folder / "waterloo-1815-french.yaml") is None
    assert "a list for Eagles Over the Empire 6.2" in lists.problems()
    assert w.draft.lists == [[], []]


def test_the_avle_options_page_speaks_of_its_own_ruleset(qtbot: QtBot, db: Database) -> None:
    """Found in a player's trial: EotE's heading, and choices read as raw keys ("as 9 0")."""
    from PySide6.QtWidgets import QLabel

    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    w.select_lists([AVLE_FRENCH], [AVLE_ALLIED])
    w.next()
    options = w.currentPage()
    assert isinstance(options, OptionsPage)
    assert "EotE" not in options.subTitle()
    assert "Advanced Vive l'Empereur 1.2" in options.subTitle()
    assert "Figure scale" not in options.title()
    # EotE's option rows are gone from the screen at once, not only once Qt deletes them.
    shown = [
        label.text()
        for label in options.findChildren(QLabel)
        if label.isVisibleTo(options) and "Morale hit threshold" in label.text()
    ]
    assert shown == []
    # A section number in a choice's key reads as the section: as_9_0 is "as 9.0".
    combo = options.option_rows["low_and_high_rolls"].combo
    assert combo.itemText(0) == "as 9.0 (default)"


def _start_battle(qtbot: QtBot, db: Database, key: str) -> tuple[NewGameWizard, str]:
    """Walk the wizard from the AVlE pack to a ready battle's game; the summary's text."""
    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    assert lists.battles.isVisibleTo(lists)
    combo = lists.battles.combo
    combo.setFocus()
    while (data := combo.currentData()) is None or data.key != key:
        before = combo.currentIndex()
        qtbot.keyClick(combo, Qt.Key.Key_Down)
        assert combo.currentIndex() != before, f"no battle {key}"
    assert not lists.ui.listsTable.isEnabled()  # the battle's lists, ticked for it
    assert w.button(QWizard.WizardButton.NextButton).isEnabled()
    w.next()
    options = w.currentPage()
    assert isinstance(options, OptionsPage)
    assert options.scenarioCombo.currentData() == w.draft.pack_scenario
    w.next()
    summary = w.currentPage()
    assert isinstance(summary, SummaryPage)
    text = summary.ui.summaryText.toPlainText()
    w.accept()
    assert w.game_id is not None
    return w, text


@pytest.mark.parametrize(
    ("key", "sides", "words"),
    [
        ("waterloo", ["French", "Allies"], "Waterloo — the text's scenario (13.1)"),
        ("quatre_bras", ["French", "Allies"], "Quatre Bras — the text's scenario (13.2)"),
        ("quatre_bras_historical", ["French", "Allies"], "Quatre Bras — historical lists"),
        ("ligny", ["French", "Prussians"], "Ligny — the text's scenario (13.3)"),
        ("hypothetical", ["French", "Allies"], "Hypothetical battle — the text's forces (14.0)"),
    ],
)
def test_each_ready_battle_starts_from_the_wizard_saying_whose_set_up_it_is(
    qtbot: QtBot, db: Database, key: str, sides: list[str], words: str
) -> None:
    w, text = _start_battle(qtbot, db, key)
    assert f"Scenario: {words}" in text
    game = PackGameService(db, w.game_id)
    state = game.state()
    assert [s.name for s in state.sides] == sides
    assert state.pack_state["scenario"] == w.draft.pack_scenario
    # Started through its shipped scenario file (issue 33), kept for `scenario export`.
    with db.session() as s:
        data = game_rows.pack_scenario(s, w.game_id)
    assert data["file"] == f"avle-{key.replace('_', '-')}.yaml"
    # A round of play from the game the wizard made, undone back to its set-up.
    start = game_state(game)
    steps = play_a_round(game)
    game.undo(steps)
    assert game_state(game) == start


def test_the_battle_combo_names_the_text_s_and_the_historical_quatre_bras(
    qtbot: QtBot, db: Database
) -> None:
    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    combo = lists.battles.combo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert texts[0].startswith("Army lists ticked below")
    assert sum("[the text's scenario]" in t for t in texts) == 4
    assert [t for t in texts if "[historical lists]" in t] == [
        "Quatre Bras — historical lists, 16 June 1815, with 13.2's victory (not the text's "
        "set-up) [historical lists]"
    ]
    # Back to lists ticked by hand: the table is free again, the battle's lists kept.
    lists.battles.choose("ligny")
    assert not lists.ui.listsTable.isEnabled()
    lists.battles.choose(None)
    assert lists.ui.listsTable.isEnabled()
    assert [s.path.name for s in w.draft.lists[1]] == ["ligny-text-prussian.yaml"]


def test_avle_lists_stored_in_the_database_are_offered_to_avle_games_only(
    qtbot: QtBot, db: Database
) -> None:
    from eote_ref.referee.roster_service import RosterService

    folder = shipped_army_lists_dir()
    assert folder is not None
    RosterService(db).import_file(folder / "avle" / "ligny-text-prussian.yaml")
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    assert "Prussian army (Ligny, the text's scenario)" not in {s.name for s in lists.rows}
    w.back()
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    table = lists.ui.listsTable
    names = [table.item(r, 2).text() for r in range(table.rowCount())]  # type: ignore[union-attr]
    battles = [table.item(r, 5).text() for r in range(table.rowCount())]  # type: ignore[union-attr]
    stored = [b for b in battles if b.endswith("(in this database)")]
    assert stored == ["Ligny, the text's scenario (AVlE 13.3) (in this database)"]
    assert names.count("Prussian army (Ligny, the text's scenario)") == 2  # shipped and stored


def test_the_scenario_chooser_offers_every_pack_s_scenarios_naming_the_pack(
    qtbot: QtBot, db: Database
) -> None:
    """Issue 33: the default pack's chooser lists every pack's scenarios, each pack named.

    Choosing another pack's plays that pack, from its shipped file.
    """
    w = _wizard(qtbot, db)
    w.next()
    lists = w.currentPage()
    assert isinstance(lists, ListsPage)
    combo = lists.scenarios.combo
    texts = [combo.itemText(i) for i in range(combo.count())]
    assert any(t.startswith("[EotE] Hougoumont") for t in texts)
    assert "[AVlE] Ligny — the text's scenario (13.3): its set-up [the text's scenario]" in texts
    assert any(t.startswith("[AVlE] Quatre Bras — historical") and t.endswith(
        "[historical lists]") for t in texts)  # fmt: skip
    assert any(t.startswith("[VlE] Saalfeld") for t in texts)
    lists.scenarios.choose_battle("avle", "ligny")
    assert w.draft.pack == "avle"
    assert lists.battles.isVisibleTo(lists)
    assert not lists.scenarios.isVisibleTo(lists)
    assert lists.battles.combo.currentData().key == "ligny"
    assert not lists.ui.listsTable.isEnabled()
    while w.currentPage() is not None and not isinstance(w.currentPage(), SummaryPage):
        w.next()
    w.accept()
    assert w.game_id is not None
    state = PackGameService(db, w.game_id).state()
    assert [s.name for s in state.sides] == ["French", "Prussians"]
    with db.session() as s:
        assert game_rows.pack_scenario(s, w.game_id)["file"] == "avle-ligny.yaml"


def test_each_alt_key_of_the_lists_page_reaches_one_thing(qtbot: QtBot, db: Database) -> None:
    """Found in the trial: on an AVlE game's lists page Alt+B was both *Battle* and *Back*.

    Pressed once it put the keyboard on the Back button, not in the battle's box (Qt gives
    an ambiguous mnemonic to each in turn). Every Alt key shown on the page is now one.
    """
    from PySide6.QtGui import QKeySequence
    from PySide6.QtWidgets import QAbstractButton, QLabel

    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Advanced Vive l'Empereur 1.2")
    w.next()
    assert isinstance(w.currentPage(), ListsPage)
    keys: list[str] = []
    for widget in [*w.findChildren(QLabel), *w.findChildren(QAbstractButton)]:
        if not widget.isVisible() or (isinstance(widget, QLabel) and widget.buddy() is None):
            continue
        key = QKeySequence.mnemonic(widget.text()).toString()
        if key:
            keys.append(key)
    assert "Alt+T" in keys  # the battle's box
    assert len(keys) == len(set(keys)), sorted(keys)


def test_a_pack_s_options_page_gives_the_keyboard_to_a_box_it_shows(
    qtbot: QtBot, db: Database
) -> None:
    """Found in the trial of Saalfeld: VlE's options page opened with the keyboard nowhere seen.

    It was on EotE's hidden 6mm figure-scale button, so the arrow keys changed a scale the
    page does not show; it now starts in the options' list (Tab: the first option's box).
    """
    w = _wizard(qtbot, db)
    choose_pack(qtbot, w, "Vive l'Empereur! 3rd edition")
    w.next()
    w.select_lists(["saalfeld-1806-french.yaml"], ["saalfeld-1806-prussian.yaml"])
    w.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is w)
    w.next()
    options = w.currentPage()
    assert isinstance(options, OptionsPage)
    focused = QApplication.focusWidget()
    assert focused is not None
    assert focused.isVisible(), focused.objectName()
    assert options.isAncestorOf(focused)
