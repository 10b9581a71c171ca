"""What a pack adds to the main window (its registry line's ``window``); what a fire carries in.

A pack's line may name (``module:NAME``) an object satisfying :class:`PackWindow`: its docks
(EotE's movement dock, EotE 5.0), made with the window before its saved layout is restored
and shown only for that pack's games; its batch dialog; the fire sub-phase each unit fires
in. The main window names no pack's widget (issue 32): it asks here. :func:`selection_target`
gives the units a fire or an assault of the Adjudicate menu carries in from the selection.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from eote_ref.packs import registry

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDialog, QMainWindow, QWidget

    from eote_ref.referee.views import GameView
    from eote_ref.ui.dashboard import Dashboard
    from eote_ref.ui.game_hub import GameHub


class PackDock(Protocol):
    """A dock a pack adds to the main window (EotE's movement dock), made once, hidden between.

    ``make`` makes it (empty, hidden) if the window has none yet; ``attach`` gives it the
    open game's hub (the pack's own dock decides when it shows); ``hide`` hides it.
    """

    def make(self, window: QMainWindow) -> object: ...

    def attach(self, window: QMainWindow, hub: object) -> object: ...

    def hide(self, window: QMainWindow) -> None: ...


class PackWindow(Protocol):
    """What a pack adds to the main window, named by its registry line (``window``)."""

    @property
    def docks(self) -> tuple[PackDock, ...]: ...

    def batch_dialog(self, hub: GameHub, name: str, parent: QWidget | None = None) -> QDialog:
        """A batch of the catalogue (one check over every target due it) in one dialog."""
        ...

    def fire_sub_phase(self, arm: str, formation: str | None) -> str | None:
        """The fire sub-phase a unit of ``arm`` in ``formation`` fires in (None: it fires not)."""
        ...


def pack_window(pack: str) -> PackWindow | None:
    """What pack ``pack`` adds to the main window (None: nothing), read from its registry line."""
    declared: PackWindow | None = registry.get_window(pack)
    return declared


#: The fire sub-phase of each fire check whose firers are carried in from the selection.
_FIRE_SUB_PHASES = {"artillery_fire": "artillery", "infantry_fire": "infantry"}


def _docks(pack: str) -> tuple[PackDock, ...]:
    declared = pack_window(pack)
    return tuple(declared.docks) if declared is not None else ()


def make_pack_docks(window: QMainWindow) -> None:
    """Make the docks every pack declares (empty, hidden): before the saved layout is restored."""
    for pack in list(registry.WINDOWS):
        for dock in _docks(pack):
            dock.make(window)


def show_pack_docks(window: QMainWindow, pack: str | None, hub: object = None) -> None:
    """Give the docks ``pack`` declares the open game's ``hub``; hide every other pack's.

    None: no game is open, every pack's docks hide. A pack's docks are made on first use
    (a pack registered after the window was made).
    """
    for other in list(registry.WINDOWS):
        if other != pack:
            for dock in _docks(other):
                dock.hide(window)
    if pack is not None:
        for dock in _docks(pack):
            dock.attach(window, hub)


def pack_of_view(view: GameView) -> str:
    """The pack of the game ``view`` shows (its ruleset's; an unknown one: the default)."""
    return registry.pack_or_default(view.ruleset)


def selection_target(key: str, dashboard: Dashboard, view: GameView) -> dict[str, object]:
    """A fire's or an assault's units from the dashboard's selection (see run_menu_check)."""
    first, second = dashboard.selection()
    if not first and not second:
        return {}
    if key in _FIRE_SUB_PHASES:
        # Who may fire in the sub-phase is the rules' one answer (EotE 6.2, 6.5, 5.17), asked
        # of the game's pack; a pack that declares none lets every unit selected fire.
        sub_phase = _FIRE_SUB_PHASES[key]
        declared = pack_window(pack_of_view(view))
        firers = [
            u.id
            for u in first
            if declared is None or declared.fire_sub_phase(u.arm, u.formation) == sub_phase
        ]
        target: dict[str, object] = {}
        if firers:
            target["firers"] = tuple(firers)
            target["unit_id"] = firers[0]
        elif first:
            target["unit_id"] = first[0].id
        if second:
            target["target_id"] = second[0].id
        return target
    if key == "assault" and (len(first) + len(second)) > 1:
        sides = {u.id: s.position for s in view.sides for u in s.units}
        attacking = view.initiative if view.initiative is not None else sides[first[0].id]
        units = first + second
        return {
            "attackers": tuple(u.id for u in units if sides[u.id] == attacking),
            "defenders": tuple(u.id for u in units if sides[u.id] != attacking),
        }
    return {"unit_id": first[0].id} if first else {"unit_id": second[0].id}
