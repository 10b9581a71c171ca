"""The Adjudicate menu and the wizard classes come from the catalogue."""

from __future__ import annotations

from eote_ref.referee.catalogue import CATALOGUE


def test_the_menu_is_the_catalogue_s_menu_items_in_order() -> None:
    from eote_ref.ui.wizards import MENU

    declared = [e for e in CATALOGUE if e.menu is not None]
    assert [m.key for m in MENU] == [e.key for e in declared]
    for entry, item in zip(declared, MENU, strict=True):
        assert entry.menu is not None
        assert (item.label, item.shortcut, item.needs, item.tip, item.phases) == (
            entry.menu.label,
            entry.menu.shortcut,
            entry.menu.needs,
            entry.menu.tip,
            entry.menu.phases,
        )


def test_each_wizard_class_is_the_one_the_catalogue_names() -> None:
    from eote_ref.packs.eote.ui.assault import AssaultWizard
    from eote_ref.packs.eote.ui.fire import FireWizard
    from eote_ref.ui.wizards import wizard_class
    from eote_ref.ui.wizards.base import CheckWizard

    assert wizard_class("artillery_fire") is FireWizard
    assert wizard_class("infantry_fire") is FireWizard
    assert wizard_class("assault") is AssaultWizard
    assert wizard_class("morale") is CheckWizard
    named = {e.key for e in CATALOGUE if e.wizard}
    assert all(wizard_class(k) is not CheckWizard for k in named)
