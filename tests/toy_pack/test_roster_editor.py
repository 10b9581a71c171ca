"""The roster editor on a list of a pack that keeps no YAML writer (``ArmyListSchema.dump``).

Such a pack's lists are not stored nor edited: opening one is refused in words, and the
roster editor goes on (before, the pack list window raised on it).
"""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.packs.registry import get_pack
from eote_ref.referee.roster_service import RosterService
from eote_ref.store import Database
from eote_ref.ui.roster_editor.window import RosterEditorWindow
from tests.toy_pack.conftest import RED

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("toy_pack")]


def test_a_list_its_pack_cannot_write_back_is_refused_in_words(
    qtbot: QtBot, db: Database, monkeypatch: pytest.MonkeyPatch
) -> None:
    schema = get_pack("toy").army_list
    assert schema is not None
    assert schema.dump is None
    told: list[str] = []
    window = RosterEditorWindow(RosterService(db))
    qtbot.addWidget(window)
    monkeypatch.setattr(window, "_inform", lambda title, text, icon: told.append(text))
    window.show()
    assert not window.open_file(RED)
    assert told == ["red.yaml: lists of pack toy cannot be written back"]
    assert window.pack_editors == []


def test_a_list_of_a_pack_that_declares_no_form_is_laid_out_from_its_data() -> None:
    """The toy declares no ``form``: its list's facts and its ``units`` table, from the list."""
    from eote_ref.ui.roster_editor.pack_editor import form_of
    from eote_ref.yamlio.loader import load_text

    assert get_pack("toy").army_list.form is None  # type: ignore[union-attr]
    form = form_of("toy", load_text(RED.read_text("utf-8"), str(RED)).data)
    assert form.facts == ("name", "nation", "year")
    [units] = form.tables
    assert (units.key, units.columns, units.row_word) == (
        "units",
        ("name", "strength", "group"),
        "unit",
    )
    assert units.new == {"name": "New unit {n}"}
    assert form.numbers == {"year", "strength"}
