"""Printing to PDF with Qt: record sheets, the quick reference and the after-action report.

The sheets' content is HTML built by the packs, reached through their declarations
(``Pack.printed_sheets``, ``Pack.game_sheets``, the army list's schema), and by
:mod:`eote_ref.referee.sheets`; this module names no pack. It lays the HTML out with
:class:`QTextDocument` and writes it through :class:`QPdfWriter`, on a page size taken from
the locale (US Letter where the locale's country uses it, A4 elsewhere), and draws the
report's losses-per-turn chart with :class:`QPainter`.
"""

from __future__ import annotations

import base64
import pathlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QIODevice,
    QLocale,
    QMarginsF,
    QRectF,
    QSize,
    QSizeF,
    Qt,
    QUrl,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QGuiApplication,
    QImage,
    QPageLayout,
    QPageSize,
    QPainter,
    QPdfWriter,
    QPen,
    QTextDocument,
)
from PySide6.QtWidgets import QApplication

# The layout's resolution and the page margins are declared beside the print menus, which the
# first window makes without this module.
from eote_ref.ui.print_layout import LAYOUT_DPI, MARGIN_MM

if TYPE_CHECKING:  # the sheets' content is imported when a sheet is printed, not at start
    from eote_ref.armylists.model import ArmyList
    from eote_ref.packs.declaration import PagedHtml, PrintedSheets
    from eote_ref.referee.game import GameService
    from eote_ref.referee.summary import BattleSummary

#: Countries whose paper is US Letter (ISO 216 A4 everywhere else).
LETTER_TERRITORIES = frozenset(
    {
        QLocale.Country.UnitedStates,
        QLocale.Country.Canada,
        QLocale.Country.Mexico,
        QLocale.Country.Philippines,
        QLocale.Country.Chile,
        QLocale.Country.Colombia,
        QLocale.Country.Venezuela,
        QLocale.Country.PuertoRico,
        QLocale.Country.CostaRica,
        QLocale.Country.Guatemala,
    }
)

#: Paper names accepted by :func:`page_size` (``--paper`` on the command line).
PAPERS = {"a4": QPageSize.PageSizeId.A4, "letter": QPageSize.PageSizeId.Letter}

#: Side colours of the losses chart (first side, second side, more).
CHART_COLOURS = ("#2f5d9e", "#b5442f", "#5b8c3a", "#8a5aa8")


def page_size(paper: str | None = None, locale: QLocale | None = None) -> QPageSize:
    """The page size: ``paper`` ("a4" or "letter") if given, else from the locale's country."""
    if paper:
        try:
            return QPageSize(PAPERS[paper.lower()])
        except KeyError:
            raise ValueError(f"paper must be one of {', '.join(PAPERS)}") from None
    loc = locale if locale is not None else QLocale()
    letter = loc.territory() in LETTER_TERRITORIES
    return QPageSize(QPageSize.PageSizeId.Letter if letter else QPageSize.PageSizeId.A4)


def ensure_gui_app() -> QGuiApplication:
    """The running Qt application, or a new offscreen one for headless printing."""
    import os

    app = QGuiApplication.instance()
    if app is not None:
        return app  # type: ignore[return-value]
    if not any(os.environ.get(k) for k in ("DISPLAY", "WAYLAND_DISPLAY")):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    # A QApplication (a QGuiApplication that also runs widgets), so that widgets made later in
    # the same process (tests, the app itself) find the application they need.
    return QApplication([])


def _pdf_writer(
    path: str | pathlib.Path, size: QPageSize | None, landscape: bool, title: str
) -> tuple[QPdfWriter, QRectF]:
    """A PDF writer at 300 dpi with its page layout, and the text area in layout pixels.

    The pixels are at :data:`LAYOUT_DPI`.
    """
    writer = QPdfWriter(str(path))
    writer.setTitle(title)
    writer.setCreator("eote-ref")
    writer.setResolution(300)
    orientation = (
        QPageLayout.Orientation.Landscape if landscape else QPageLayout.Orientation.Portrait
    )
    layout = QPageLayout(
        size or page_size(),
        orientation,
        QMarginsF(MARGIN_MM, MARGIN_MM, MARGIN_MM, MARGIN_MM),
        QPageLayout.Unit.Millimeter,
    )
    writer.setPageLayout(layout)
    return writer, QRectF(layout.paintRectPixels(LAYOUT_DPI))


def _document(html: str, page: QRectF, images: dict[str, QImage] | None) -> QTextDocument:
    doc = QTextDocument()
    doc.setDocumentMargin(0)
    doc.setDefaultFont(QFont("DejaVu Sans", 8))
    for name, image in (images or {}).items():
        doc.addResource(QTextDocument.ResourceType.ImageResource, QUrl(name), image)
    doc.setHtml(html)
    doc.setPageSize(QSizeF(page.width(), page.height()))
    return doc


def write_pdf(
    html: str,
    path: str | pathlib.Path,
    *,
    size: QPageSize | None = None,
    landscape: bool = False,
    title: str = "",
    images: dict[str, QImage] | None = None,
) -> int:
    """Lay ``html`` out on pages and write them as a PDF; returns the page count.

    ``images`` are resources the HTML names in ``<img src=...>`` (the report's chart).
    """
    writer, page = _pdf_writer(path, size, landscape, title)
    doc = _document(html, page, images)
    pages = doc.pageCount()
    doc.print_(writer)
    return pages


#: How much HTML (characters) :func:`write_pdf_blocks` lays out at once: about fifteen pages
#: of the report's tables.
CHUNK_CHARS = 120_000


@dataclass(frozen=True)
class PdfWritten:
    """What :func:`write_pdf_blocks` wrote: pages, and the most pages laid out at once."""

    pages: int
    largest_layout: int


def write_pdf_blocks(
    head: str,
    blocks: Iterable[str],
    path: str | pathlib.Path,
    *,
    size: QPageSize | None = None,
    title: str = "",
    images: dict[str, QImage] | None = None,
    chunk_chars: int = CHUNK_CHARS,
    landscape: bool = False,
    page_break: str | None = None,
) -> PdfWritten:
    """Write a long document a few pages at a time, in memory that does not grow with it.

    ``head`` is the HTML before the body (``<html><head>...<style>...</style></head>``);
    ``blocks`` are the body's pieces, each kept whole. Blocks are gathered up to about
    ``chunk_chars`` characters, laid out as one document, painted page by page onto the PDF
    and let go before the next; each layout starts on a new page. One document of 900 pages
    took 800 MB and 50 s; laid out fifteen pages at a time, the memory stays that of one
    chunk. With ``page_break`` (the attributes of a ``<div>`` that starts a new page), each
    block is a page of its own: it goes in a ``<div>``, with the break unless it is the first
    of its layout.
    """
    writer, page = _pdf_writer(path, size, landscape, title)
    scale = writer.resolution() / LAYOUT_DPI
    painter = QPainter()
    pages = largest = 0
    chunk: list[str] = []
    length = 0

    def flush() -> None:
        nonlocal pages, largest, length
        if page_break is None:
            body = "".join(chunk)
        else:
            body = "".join(
                f"<div{page_break if i else ''}>{block}</div>" for i, block in enumerate(chunk)
            )
        doc = _document(f"{head}<body>{body}</body></html>", page, images)
        count = doc.pageCount()
        largest = max(largest, count)
        for i in range(count):
            if pages:
                writer.newPage()
            elif not painter.begin(writer):
                raise OSError(f"cannot write {path}")
            painter.save()
            painter.scale(scale, scale)
            painter.translate(0, -i * page.height())
            doc.drawContents(painter, QRectF(0, i * page.height(), page.width(), page.height()))
            painter.restore()
            pages += 1
        chunk.clear()
        length = 0

    try:
        for block in blocks:
            if chunk and length + len(block) > chunk_chars:
                flush()
            chunk.append(block)
            length += len(block)
        if chunk or not pages:
            flush()
    finally:
        if painter.isActive():
            painter.end()
    return PdfWritten(pages, largest)


# ---------------------------------------------------------------- the three documents
#
# A pack whose games the referee's own service runs declares its record sheets, quick
# reference and report (``Pack.printed_sheets``, EotE's); this module reaches them through
# the registry, as the other packs' sheets are reached (``Pack.game_sheets``, the army list's
# schema), and lays out what they give.


class _Rules(Protocol):
    """A pack's rules object as the printing reads it: its title."""

    @property
    def title(self) -> str: ...


def _sheets(pack_id: str) -> PrintedSheets:
    """The printed sheets pack ``pack_id`` declares; ValueError if it declares none."""
    from eote_ref.packs import registry

    pack = registry.get_pack(pack_id)
    if pack.printed_sheets is None:
        raise ValueError(f"{pack.title} declares no record sheets, quick reference or report")
    return pack.printed_sheets()


def _game_sheets(game: GameService) -> PrintedSheets:
    """The printed sheets of a game's pack (the pack its ``ruleset`` names)."""
    from eote_ref.packs import registry

    return _sheets(registry.pack_for(game.view().ruleset, "the game's ruleset"))


def write_document(
    doc: PagedHtml,
    path: str | pathlib.Path,
    title: str,
    *,
    size: QPageSize | None = None,
    images: dict[str, QImage] | None = None,
) -> PdfWritten:
    """Write a pack's document (its head and blocks) as a PDF titled ``title``.

    It is laid out a few pages at a time (:func:`write_pdf_blocks`): the record sheets of a
    2,000-unit game (100 pages) laid out as one document peaked at 316 MB.
    """
    return write_pdf_blocks(
        doc.head,
        doc.blocks,
        path,
        size=size,
        title=title,
        images=images,
        landscape=doc.landscape,
        page_break=doc.page_break,
    )


def print_record_sheets_for_list(
    army_list: ArmyList,
    ruleset: object,
    path: str | pathlib.Path,
    *,
    figure_scale: str = "15mm",
    size: QPageSize | None = None,
) -> int:
    """Record sheets of an army list (divisions packed onto landscape pages); returns the pages.

    ``ruleset`` is the rules of the list's pack (EotE's, a club's edited copy) with which
    its pack works its sheets out.
    """
    from eote_ref.packs import registry

    sheets = _sheets(registry.pack_for(army_list.ruleset, "the army list's ruleset"))
    name = army_list.name
    doc = sheets.list_record_sheets(army_list, ruleset, figure_scale, f"{name} — record sheets")
    return write_document(doc, path, f"{name} record sheets", size=size).pages


def print_record_sheets_for_game(
    game: GameService, path: str | pathlib.Path, *, size: QPageSize | None = None
) -> int:
    """Record sheets of a game's divisions, markers as they stand; returns the pages."""
    name = game.view().name
    doc = _game_sheets(game).game_record_sheets(game, f"{name} — record sheets")
    return write_document(doc, path, f"{name} record sheets", size=size).pages


def print_unit_labels(
    game: GameService, path: str | pathlib.Path, *, size: QPageSize | None = None
) -> int:
    """The base labels of a game's units (code, name, division), a side per page.

    A scenario's reinforcements are on it too, with their reserved codes and when they come.
    """
    from eote_ref.referee.scenario_play import coming_labels
    from eote_ref.referee.sheets.labels import labels_html, unit_labels

    name = game.view().name
    labels = unit_labels(game.view()) + coming_labels(game)
    html = labels_html(labels, f"{name} — base labels")
    return write_pdf(html, path, size=size, title=f"{name} base labels")


def game_record_sheets_html(game: GameService, title: str) -> str:
    """The record sheets of a game's divisions as one HTML document (the print dialog's)."""
    return _game_sheets(game).game_record_sheets(game, title).html()


def quick_reference_html(
    ruleset: object, figure_scale: str = "15mm", *, pack: str | None = None
) -> str:
    """The quick reference of a pack's rules as one HTML document (the print dialog's).

    ``pack``: the pack whose rules ``ruleset`` is (None: the default pack, EotE).
    """
    from eote_ref.packs import registry

    return _sheets(pack or registry.DEFAULT_PACK).quick_reference(ruleset, figure_scale)


def print_quick_reference(
    ruleset: _Rules,
    path: str | pathlib.Path,
    *,
    figure_scale: str = "15mm",
    size: QPageSize | None = None,
    pack: str | None = None,
) -> int:
    """The one-page quick reference of a ruleset (landscape); returns the pages (1).

    ``pack``: the pack whose rules ``ruleset`` is (None: the default pack, EotE).
    """
    html = quick_reference_html(ruleset, figure_scale, pack=pack)
    return write_pdf(
        html, path, size=size, landscape=True, title=f"{ruleset.title} quick reference"
    )


class _Reported(Protocol):
    """A report as the losses chart reads it: the battle's summary."""

    @property
    def summary(self) -> BattleSummary: ...


def losses_chart(report: _Reported, width: int = 1040, height: int = 400) -> QImage:
    """A bar chart of the hits each side took per turn, drawn with QPainter.

    ``report`` is a pack's report (:class:`~eote_ref.packs.declaration.PrintedReport`) or
    anything else carrying the battle's summary.
    """
    s = report.summary
    last = max([s.turns_played, *s.losses_per_turn, 1])
    turns = list(range(1, last + 1))
    sides = list(s.sides)
    peak = max([1, *(n for by in s.losses_per_turn.values() for n in by.values())])
    image = QImage(width, height, QImage.Format.Format_RGB32)
    image.fill(QColor("white"))
    p = QPainter(image)
    p.setRenderHint(QPainter.RenderHint.Antialiasing)
    font = QFont("DejaVu Sans")
    font.setPixelSize(22)
    p.setFont(font)
    left, right, top, bottom = 60, 20, 50, 70
    plot = QRectF(left, top, width - left - right, height - top - bottom)
    p.setPen(QColor("#111"))
    p.drawText(QRectF(0, 6, width, 30), Qt.AlignmentFlag.AlignHCenter, "Hits taken per turn")
    # grid and y axis
    step = max(1, -(-peak // 5))
    top_value = step * -(-peak // step)
    p.setPen(QPen(QColor("#ccc"), 1))
    for v in range(0, top_value + 1, step):
        y = plot.bottom() - plot.height() * v / top_value
        p.drawLine(int(plot.left()), int(y), int(plot.right()), int(y))
        p.setPen(QColor("#333"))
        p.drawText(QRectF(0, y - 14, left - 8, 28), Qt.AlignmentFlag.AlignRight, str(v))
        p.setPen(QPen(QColor("#ccc"), 1))
    group = plot.width() / len(turns)
    bar = group * 0.8 / max(1, len(sides))
    for i, t in enumerate(turns):
        x0 = plot.left() + i * group + group * 0.1
        for j, side in enumerate(sides):
            n = s.losses_per_turn.get(t, {}).get(side.position, 0)
            h = plot.height() * n / top_value
            colour = QColor(CHART_COLOURS[j % len(CHART_COLOURS)])
            p.fillRect(QRectF(x0 + j * bar, plot.bottom() - h, bar - 2, h), colour)
            if n:
                p.setPen(QColor("#111"))
                p.drawText(
                    QRectF(x0 + j * bar, plot.bottom() - h - 28, bar - 2, 26),
                    Qt.AlignmentFlag.AlignHCenter,
                    str(n),
                )
        p.setPen(QColor("#111"))
        p.drawText(
            QRectF(plot.left() + i * group, plot.bottom() + 4, group, 28),
            Qt.AlignmentFlag.AlignHCenter,
            f"Turn {t}",
        )
    p.setPen(QPen(QColor("#111"), 2))
    p.drawLine(int(plot.left()), int(plot.bottom()), int(plot.right()), int(plot.bottom()))
    # legend
    x = plot.left()
    for j, side in enumerate(sides):
        colour = QColor(CHART_COLOURS[j % len(CHART_COLOURS)])
        p.fillRect(QRectF(x, height - 26, 18, 18), colour)
        p.setPen(QColor("#111"))
        p.drawText(QRectF(x + 26, height - 32, 400, 28), Qt.AlignmentFlag.AlignLeft, side.name)
        x += 60 + p.fontMetrics().horizontalAdvance(side.name)
    p.end()
    return image


def png_data_uri(image: QImage) -> str:
    """A PNG ``data:`` URI of an image (keeps the HTML report self-contained)."""
    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    image.save(buffer, "PNG")  # type: ignore[call-overload]
    buffer.close()
    return "data:image/png;base64," + base64.b64encode(bytes(data.data())).decode("ascii")


def print_report(
    game: GameService, path: str | pathlib.Path, *, size: QPageSize | None = None
) -> int:
    """The after-action report as PDF, a few blocks at a time; returns the pages."""
    report = _game_sheets(game).report(game)
    written = write_document(
        report.document("chart.png"),
        path,
        f"{report.name} after-action report",
        size=size,
        images={"chart.png": losses_chart(report)},
    )
    return written.pages


def write_report_html(game: GameService, path: str | pathlib.Path) -> None:
    """The after-action report as one self-contained HTML file (the chart inlined)."""
    report = _game_sheets(game).report(game)
    html = report.document(png_data_uri(losses_chart(report))).html()
    pathlib.Path(path).write_text(html, encoding="utf-8")


# ---------------------------------------------------------------- reading PDFs back


def render_pdf_pages(
    pdf: str | pathlib.Path, out_dir: str | pathlib.Path, prefix: str, width: int = 1400
) -> list[pathlib.Path]:
    """Render every page of a PDF to ``out_dir/prefix-N.png`` (for review); returns the files."""
    from PySide6.QtPdf import QPdfDocument

    doc = QPdfDocument()
    doc.load(str(pdf))
    out = []
    folder = pathlib.Path(out_dir)
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(doc.pageCount()):
        points = doc.pagePointSize(i)
        height = round(width * points.height() / points.width())
        image = doc.render(i, QSize(width, height))
        flat = QImage(image.size(), QImage.Format.Format_RGB32)
        flat.fill(QColor("white"))
        p = QPainter(flat)
        p.drawImage(0, 0, image)
        p.end()
        file = folder / f"{prefix}-{i + 1}.png"
        flat.save(str(file))
        out.append(file)
    doc.close()
    return out


def pdf_text(pdf: str | pathlib.Path) -> list[str]:
    """The text of every page of a PDF (QtPdf's extraction)."""
    from PySide6.QtPdf import QPdfDocument

    doc = QPdfDocument()
    doc.load(str(pdf))
    pages = [doc.getAllText(i).text() for i in range(doc.pageCount())]
    doc.close()
    return pages


__all__: Sequence[str] = (
    "LAYOUT_DPI",
    "MARGIN_MM",
    "PAPERS",
    "ensure_gui_app",
    "losses_chart",
    "page_size",
    "pdf_text",
    "png_data_uri",
    "print_quick_reference",
    "print_record_sheets_for_game",
    "print_record_sheets_for_list",
    "print_report",
    "render_pdf_pages",
    "write_pdf",
    "write_document",
    "write_pdf_blocks",
    "write_report_html",
)
