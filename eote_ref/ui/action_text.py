"""Words on actions: a menu-safe label, and an Undo / Redo label cut to fit the menu."""

from __future__ import annotations

#: The longest Undo / Redo label shown (the step's own words are cut with an ellipsis).
UNDO_LABEL_CHARS = 60


def menu_text(text: str) -> str:
    """``text`` safe for a menu label (a literal ``&`` doubled)."""
    return text.replace("&", "&&")


def undo_label(text: str) -> str:
    """An Undo / Redo label: ``text`` cut to :data:`UNDO_LABEL_CHARS` (with …), menu-safe."""
    if len(text) > UNDO_LABEL_CHARS:
        text = text[: UNDO_LABEL_CHARS - 1].rstrip() + "…"
    return menu_text(text)
