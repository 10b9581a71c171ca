"""Render the application icon (the scalable SVG) to PNGs and a Windows .ico with Qt's QSvgRenderer.

Usage: QT_QPA_PLATFORM=offscreen python packaging/render_icons.py

Writes ``packaging/icons/hicolor/<n>x<n>/apps/io.github.eote_ref.png`` for every size in
:data:`SIZES` (the freedesktop icon theme layout, ready to copy under ``~/.local/share/icons``)
and ``packaging/icons/eote-ref.ico`` for the Windows build. The PNGs are committed; run this
again after editing the SVG.
"""

from __future__ import annotations

import os
import pathlib
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QGuiApplication, QImage, QPainter  # noqa: E402
from PySide6.QtSvg import QSvgRenderer  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
APP_ID = "io.github.eote_ref"
THEME = HERE / "icons" / "hicolor"
SVG = THEME / "scalable" / "apps" / f"{APP_ID}.svg"
SIZES = (16, 32, 48, 64, 128, 256)


def render(renderer: QSvgRenderer, size: int) -> QImage:
    """The icon at ``size`` × ``size`` pixels on a transparent background."""
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    painter.setRenderHint(QPainter.RenderHint.SmoothPixmapTransform)
    renderer.render(painter)
    painter.end()
    return image


def main() -> int:
    """Render every size; returns the exit status."""
    app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"cannot read {SVG}", file=sys.stderr)
        return 1
    for size in SIZES:
        out = THEME / f"{size}x{size}" / "apps" / f"{APP_ID}.png"
        out.parent.mkdir(parents=True, exist_ok=True)
        if not render(renderer, size).save(str(out), "PNG"):
            print(f"cannot write {out}", file=sys.stderr)
            return 1
        print(f"wrote {out.relative_to(HERE.parent)}")
    ico = HERE / "icons" / "eote-ref.ico"
    if render(renderer, 256).save(str(ico), "ICO"):
        print(f"wrote {ico.relative_to(HERE.parent)}")
    else:
        print("no ICO writer in this Qt (the Windows build falls back to no icon)")
    del app
    return 0


if __name__ == "__main__":
    sys.exit(main())
