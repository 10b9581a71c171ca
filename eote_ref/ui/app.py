"""Start the desktop application (a placeholder main window until the dashboard lands)."""

from __future__ import annotations

import argparse
import sys


def run_app(args: argparse.Namespace) -> int:
    """Open the main window and run the Qt event loop; returns the exit code."""
    from PySide6.QtWidgets import QApplication, QLabel

    from eote_ref import __version__

    app = QApplication.instance() or QApplication(sys.argv[:1])
    label = QLabel(
        f"eote-ref {__version__}\n\nThe rules engine is ready: try `eote-ref rule --list`.\n"
        "The umpire's dashboard is being built."
    )
    label.setWindowTitle("eote-ref")
    label.resize(480, 200)
    label.show()
    return int(app.exec())
