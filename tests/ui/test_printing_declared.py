"""The shared printing reaches a pack's sheets through its declaration (issue 32).

``ui.printing`` names no pack: the record sheets of a list or a game, the quick reference and
the after-action report are the ones the list's or the game's pack declares
(``Pack.printed_sheets``). A pack of this module, registered for the test, declares its own;
EotE's, reached the same way, are the very documents its sheets write.
"""

from __future__ import annotations

import dataclasses
import json
import pathlib
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.armylists.loader import load_army_list
from eote_ref.packs import registry
from eote_ref.packs.declaration import Pack, PagedHtml, PrintedReport, PrintedSheets
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.ui.printing import (
    game_record_sheets_html,
    losses_chart,
    pdf_text,
    png_data_uri,
    print_quick_reference,
    print_record_sheets_for_list,
    quick_reference_html,
    write_report_html,
)
from tests.registered import bare_pack, registered

LINE = registry.Shipped("papers", __name__, "Papers (a test pack)", "papers-1", None, "Papers")

HEAD = '<!DOCTYPE html><html><head><meta charset="utf-8"><title>papers</title></head>'
BREAK = ' style="page-break-before: always"'


def _list_sheets(army_list: Any, rules: Any, figure_scale: str, title: str) -> PagedHtml:
    blocks = (f"<p>Paper sheet {n} of {army_list.name} at {figure_scale}</p>" for n in (1, 2, 3))
    return PagedHtml(HEAD, blocks, BREAK, landscape=True)


def _unused(*args: Any) -> Any:
    raise AssertionError("not asked for in this test")


def _sheets() -> PrintedSheets:
    return PrintedSheets(
        list_record_sheets=_list_sheets,
        game_record_sheets=_unused,
        quick_reference=lambda rules, scale: f"{HEAD}<body><p>Paper card {scale}</p></body></html>",
        report=_unused,
    )


def declare() -> Pack:
    return bare_pack(LINE, printed_sheets=_sheets)


@pytest.fixture
def papers_pack() -> Iterator[str]:
    with registered(LINE):
        yield LINE.id


@dataclasses.dataclass(frozen=True)
class _Rules:
    title: str = "Papers"


def test_a_list_s_record_sheets_are_its_pack_s(
    qtbot: QtBot, papers_pack: str, tmp_path: pathlib.Path
) -> None:
    """A list of the pack prints the pages its pack declares, each on its own sheet."""
    army = load_army_list(shipped_army_lists()[0]).army_list
    army = dataclasses.replace(army, ruleset=LINE.ruleset)
    out = tmp_path / "sheets.pdf"
    assert print_record_sheets_for_list(army, _Rules(), out, figure_scale="25mm") == 3
    texts = [" ".join(t.split()) for t in pdf_text(out)]
    assert texts == [f"Paper sheet {n} of {army.name} at 25mm" for n in (1, 2, 3)]


def test_the_quick_reference_is_the_pack_s(
    qtbot: QtBot, papers_pack: str, tmp_path: pathlib.Path
) -> None:
    out = tmp_path / "qrs.pdf"
    assert print_quick_reference(_Rules(), out, figure_scale="6mm", pack=papers_pack) == 1
    assert [" ".join(t.split()) for t in pdf_text(out)] == ["Paper card 6mm"]


def test_a_pack_that_declares_no_sheets_is_refused_in_words() -> None:
    with pytest.raises(ValueError, match="Advanced Vive l'Empereur 1.2 declares no record"):
        quick_reference_html(_Rules(), pack="avle")


def test_eote_s_documents_are_those_its_sheets_write(
    qtbot: QtBot, sample_game: GameService, tmp_path: pathlib.Path
) -> None:
    """Through the declaration, EotE's sheets, report and quick reference are unchanged."""
    from eote_ref.packs.eote.sheets.quick_reference import quick_reference_html as eote_qrs
    from eote_ref.packs.eote.sheets.record import record_sheets_html, sheets_from_game
    from eote_ref.packs.eote.sheets.report import after_action_report, report_html

    game = sample_game
    title = "Sample — record sheets"
    assert game_record_sheets_html(game, title) == record_sheets_html(sheets_from_game(game), title)
    assert quick_reference_html(game.ruleset, "25mm") == eote_qrs(game.ruleset, "25mm")
    out = tmp_path / "report.html"
    write_report_html(game, out)
    report = after_action_report(game)
    expected = report_html(report, png_data_uri(losses_chart(report)))
    assert out.read_text(encoding="utf-8") == expected
    printed = registry.get_pack("eote").printed_sheets
    assert printed is not None
    declared = printed().report(game)
    assert isinstance(declared, PrintedReport)
    assert declared.document(None).html() == report_html(report)


#: Declares EotE's pack and prints whether any of its sheets was imported with it.
DECLARE = """
import json, sys
from eote_ref.packs import registry
pack = registry.get_pack("eote")
assert pack.printed_sheets is not None
print(json.dumps(sorted(m for m in sys.modules if m.startswith("eote_ref.packs.eote.sheets"))))
"""


def test_eote_s_declaration_imports_none_of_its_sheets() -> None:
    """The sheets are imported when something is printed, never with the declaration."""
    done = subprocess.run(
        [sys.executable, "-c", DECLARE], capture_output=True, text=True, check=True
    )
    assert json.loads(done.stdout.splitlines()[-1]) == []
