"""EotE's printed sheets as the pack declares them to the shared printing (``PrintedSheets``).

The pack's declaration reaches :data:`PRINTED` lazily (``Pack.printed_sheets``), so this
module and the sheets it gathers are imported when something is printed, never with the
declaration. Each document comes as its parts (:class:`~eote_ref.packs.declaration.PagedHtml`):
the record sheets a page at a time, the after-action report a block at a time, which the
shared printing (:mod:`eote_ref.ui.printing`) lays out a few pages at once.
"""

from __future__ import annotations

from collections.abc import Sequence

from eote_ref.armylists.model import ArmyList
from eote_ref.packs.declaration import PagedHtml, PrintedReport, PrintedSheets
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.sheets.quick_reference import quick_reference_html
from eote_ref.packs.eote.sheets.record import (
    PAGE_BREAK,
    DivisionSheet,
    record_sheet_pages,
    record_sheets_head,
    sheets_from_army_list,
    sheets_from_game,
)
from eote_ref.packs.eote.sheets.report import (
    REPORT_CSS,
    AfterActionReport,
    after_action_report,
    report_blocks,
    report_title,
)
from eote_ref.referee.game import GameService
from eote_ref.referee.sheets.marks import document


def record_sheets(sheets: Sequence[DivisionSheet], title: str) -> PagedHtml:
    """Division record sheets as a landscape document, a page a block (EotE's packing)."""
    return PagedHtml(
        record_sheets_head(title), record_sheet_pages(sheets), PAGE_BREAK, landscape=True
    )


def list_record_sheets(
    army_list: ArmyList, rules: Ruleset, figure_scale: str, title: str
) -> PagedHtml:
    """The record sheets of an army list: its divisions packed onto landscape pages."""
    return record_sheets(sheets_from_army_list(army_list, rules, figure_scale), title)


def game_record_sheets(game: GameService, title: str) -> PagedHtml:
    """The record sheets of a game's divisions, markers as they stand."""
    return record_sheets(sheets_from_game(game), title)


def report_document(report: AfterActionReport, chart: str | None) -> PagedHtml:
    """The after-action report as its head and blocks, the chart's image at ``chart``."""
    head = document(report_title(report), REPORT_CSS, "").split("<body>", 1)[0]
    return PagedHtml(head, report_blocks(report, chart))


def report(game: GameService) -> PrintedReport:
    """The after-action report of a game, gathered from its journal once."""
    gathered = after_action_report(game)
    return PrintedReport(
        gathered.name, gathered.summary, lambda chart: report_document(gathered, chart)
    )


#: What EotE prints, as the shared printing asks for it.
PRINTED = PrintedSheets(
    list_record_sheets=list_record_sheets,
    game_record_sheets=game_record_sheets,
    quick_reference=quick_reference_html,
    report=report,
)
