"""Check wizards: one per adjudication, all built on :class:`~eote_ref.ui.wizards.base.CheckWizard`.

:data:`MENU` lists the wizards the *Adjudicate* menu and the turn guide offer, with their keys
and what they need selected, from the catalogue (:mod:`eote_ref.referee.catalogue`);
:func:`wizard_class` gives the wizard subclass the catalogue names when the generic one is not
enough (the fire queue, say). :func:`open_wizard` builds the
adjudication through the referee and shows its wizard.

The wizard classes are imported when the first wizard is built: the main window and the
turn guide need only :data:`MENU` to start.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from PySide6.QtWidgets import QWidget

from eote_ref.referee.catalogue import BY_KEY, CATALOGUE
from eote_ref.ui.game_hub import GameHub

if TYPE_CHECKING:
    from eote_ref.ui.wizards.base import CheckWizard


@dataclass(frozen=True)
class MenuCheck:
    """An *Adjudicate* menu entry: a check's key and its catalogue menu item.

    ``needs`` is ``unit`` (the selected unit), ``division`` (the selected unit's division),
    ``side`` (the selected unit's side), ``any`` (the selected unit if there is one, as the
    wizard's first pick) or ``game`` (nothing); ``phases`` are the phase values
    in which the turn guide offers it (empty: always).
    """

    key: str
    label: str
    shortcut: str
    needs: str
    tip: str
    phases: tuple[str, ...] = ()


#: The Adjudicate menu, in turn order: the catalogue's entries with a menu item.
MENU: list[MenuCheck] = [
    MenuCheck(e.key, e.menu.label, e.menu.shortcut, e.menu.needs, e.menu.tip, e.menu.phases)
    for e in CATALOGUE
    if e.menu is not None
]

#: Check keys whose wizard is a subclass of :class:`CheckWizard` (filled on first use from the
#: catalogue's ``wizard`` names).
WIZARD_CLASSES: dict[str, type[CheckWizard]] = {}


def build_wizard(
    hub: GameHub, key: str, parent: QWidget | None = None, *, dice: Any = None, **target: Any
) -> CheckWizard | None:
    """The wizard of check ``key`` for ``target``; None (with a status message) if refused."""
    from eote_ref.packs import registry

    # The referee's own service plays the default pack (EotE): its checks, loaded with the
    # first wizard, come through the registry.
    checks = registry.get_checks(registry.DEFAULT_PACK)
    check = hub.attempt(lambda: checks.open_check(hub.service, key, **target))
    if check is None:
        return None
    return wizard_class(key)(hub, check, parent, dice=dice)


def open_wizard(
    hub: GameHub, key: str, parent: QWidget | None = None, **target: Any
) -> CheckWizard | None:
    """Build and show (window-modal) the wizard of check ``key``."""
    wizard = build_wizard(hub, key, parent, **target)
    if wizard is not None:
        wizard.open()
    return wizard


def wizard_class(key: str) -> type[CheckWizard]:
    """The wizard class of check ``key``: the catalogue's ``wizard``, else the generic one.

    The subclass's module is imported by name on first use (the catalogue is data), so this
    package imports none of the wizards that open others through it: a module of this
    package by its name (``fire``), a pack's own widget by its whole path
    (``eote_ref.packs.eote.ui.assault``).
    """
    from eote_ref.ui.wizards.base import CheckWizard

    if key not in WIZARD_CLASSES:
        entry = BY_KEY.get(key)
        if entry is None or not entry.wizard:
            return CheckWizard
        module, _, name = entry.wizard.partition(":")
        path = module if "." in module else f"{__name__}.{module}"  # a pack's ui/: its path
        cls = getattr(importlib.import_module(path), name)
        if not (isinstance(cls, type) and issubclass(cls, CheckWizard)):
            raise TypeError(f"{entry.wizard} is not a CheckWizard")
        WIZARD_CLASSES[key] = cls
    return WIZARD_CLASSES[key]


def __getattr__(name: str) -> Any:
    """``CheckWizard`` from :mod:`eote_ref.ui.wizards.base`, imported on first use."""
    if name == "CheckWizard":
        from eote_ref.ui.wizards.base import CheckWizard

        return CheckWizard
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = [
    "MENU",
    "WIZARD_CLASSES",
    "CheckWizard",
    "MenuCheck",
    "build_wizard",
    "open_wizard",
    "wizard_class",
]
