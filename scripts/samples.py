"""Write the sample printouts to docs/samples/ and their pages as PNGs to docs/screenshots/.

Run with ``.venv/bin/python scripts/samples.py``: record sheets of the shipped French Waterloo
list, the quick reference of the shipped ruleset, and the after-action report (PDF and HTML)
of the scripted sample game (:func:`eote_ref.packs.eote.sample_game.play_sample_game`), and
that game's record sheets and base labels with the units' codes (first pages only).
"""

from __future__ import annotations

import os
import pathlib
import sys
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtGui import QPageSize  # noqa: E402

from eote_ref.armylists.loader import load_army_list  # noqa: E402
from eote_ref.packs.eote.rulesets import load_default  # noqa: E402
from eote_ref.packs.eote.sample_game import play_sample_game  # noqa: E402
from eote_ref.store import open_database  # noqa: E402
from eote_ref.ui import printing  # noqa: E402

SAMPLES = ROOT / "docs" / "samples"
SHOTS = ROOT / "docs" / "screenshots"
ARMY_LIST = ROOT / "army_lists" / "waterloo-1815-french.yaml"

#: The page images this script writes: the record sheets, the quick reference, the report.
PREFIXES = ("print-record-sheets", "print-quick-reference", "print-report")
#: The first page of a game's record sheets and of its base labels, with the units' codes.
CODED = ("print-game-record-sheets", "print-base-labels")


def coded_samples(game: object, a4: QPageSize) -> None:
    """A game's record sheets and base labels (each unit's code): PDFs, first pages as PNGs."""
    sheets = SAMPLES / "record-sheets-game.pdf"
    labels = SAMPLES / "base-labels.pdf"
    printing.print_record_sheets_for_game(game, sheets, size=a4)  # type: ignore[arg-type]
    printing.print_unit_labels(game, labels, size=a4)  # type: ignore[arg-type]
    for pdf, prefix in zip((sheets, labels), CODED, strict=True):
        for old in SHOTS.glob(f"{prefix}-*.png"):
            old.unlink()
        first, *rest = printing.render_pdf_pages(pdf, SHOTS, prefix)
        for extra in rest:
            extra.unlink()
        print(first.relative_to(ROOT))


def main() -> int:
    """Write every sample; returns 0."""
    printing.ensure_gui_app()
    SAMPLES.mkdir(parents=True, exist_ok=True)
    a4 = QPageSize(QPageSize.PageSizeId.A4)
    for prefix in PREFIXES:  # pages of an earlier, longer sample (not others' shots)
        for old in SHOTS.glob(f"{prefix}-*.png"):
            old.unlink()

    roster = SAMPLES / "record-sheets-waterloo-french.pdf"
    army = load_army_list(ARMY_LIST).army_list
    pages = printing.print_record_sheets_for_list(army, load_default(), roster, size=a4)
    print(f"{roster.relative_to(ROOT)}: {pages} pages")

    qrs = SAMPLES / "quick-reference.pdf"
    pages = printing.print_quick_reference(load_default(), qrs, size=a4)
    print(f"{qrs.relative_to(ROOT)}: {pages} page")

    with tempfile.TemporaryDirectory() as tmp:
        db = open_database(pathlib.Path(tmp) / "sample.sqlite")
        try:
            game = play_sample_game(db)
            report = SAMPLES / "after-action-report.pdf"
            pages = printing.print_report(game, report, size=a4)
            printing.write_report_html(game, SAMPLES / "after-action-report.html")
            print(f"{report.relative_to(ROOT)}: {pages} pages (and .html)")
            coded_samples(game, a4)
        finally:
            db.close()

    for pdf, prefix in zip((roster, qrs, report), PREFIXES, strict=True):
        for png in printing.render_pdf_pages(pdf, SHOTS, prefix):
            print(png.relative_to(ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
