"""What EotE adds to the main window for its games, named by its registry line (``window``).

The main window reads :data:`WINDOW` when it is made, for every pack that has such a line
(:func:`eote_ref.packs.registry.get_window`): the movement dock (EotE 5.0) is made then,
empty and hidden, before the saved layout is restored; it is given an EotE game when one
opens and hidden for any other pack's. The batch dialog (:mod:`.batch_dialog`) and the rules'
fire sub-phases are imported when first asked for, not with the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eote_ref.packs.eote.ui.movement_dock import (  # its panel: when first shown
    attach_movement_dock,
    hide_movement_dock,
    movement_dock,
)

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

    from eote_ref.ui.game_hub import GameHub


class MovementDock:
    """The *Movement* dock (EotE 5.0) as the main window asks for a pack's docks."""

    @staticmethod
    def make(window: QMainWindow) -> object:
        return movement_dock(window)

    @staticmethod
    def attach(window: QMainWindow, hub: GameHub) -> object:
        return attach_movement_dock(window, hub)

    @staticmethod
    def hide(window: QMainWindow) -> None:
        hide_movement_dock(window)


class EoteWindow:
    """EotE's docks, its batch dialog, and who may fire in which fire sub-phase."""

    docks = (MovementDock(),)

    @staticmethod
    def batch_dialog(hub: GameHub, name: str, parent: QWidget | None = None) -> QDialog:
        """The batch ``name`` of the catalogue (EotE's batches) in one dialog, one step."""
        from eote_ref.packs.eote.ui.batch_dialog import BatchDialog

        return BatchDialog(hub, name, parent)

    @staticmethod
    def fire_sub_phase(arm: str, formation: str | None) -> str | None:
        """The fire sub-phase a unit fires in, if any (the rules' one answer: EotE 6.2, 6.5)."""
        from eote_ref.packs.eote.rules.units import fire_sub_phase

        return fire_sub_phase(arm, formation)


#: The declaration the registry's line names.
WINDOW = EoteWindow()
