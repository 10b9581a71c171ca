"""The page layout every printed document shares: its resolution and margins (no Qt import)."""

from __future__ import annotations

#: Resolution the documents are laid out at (points become pixels at this many per inch).
LAYOUT_DPI = 96
#: Page margins in millimetres.
MARGIN_MM = 10.0
