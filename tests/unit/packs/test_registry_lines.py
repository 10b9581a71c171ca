"""The registry's lines that let shared code reach a pack's own modules without importing them.

EotE's rule calculator and its checks are named by module path on its registry line (issue
32): ``eote-ref rule`` and the referee's wizards and headless games ask the registry, so no
shared module imports the pack's folder for them.
"""

from __future__ import annotations

import pytest

from eote_ref.packs import registry
from eote_ref.packs.eote import calculator, checks


def test_eotes_calculator_and_checks_come_through_its_registry_line() -> None:
    assert registry.get_calculator("eote") is calculator
    assert registry.get_checks("eote") is checks
    assert callable(registry.get_checks("eote").open_check)


def test_a_pack_answered_on_its_declaration_has_no_calculator_nor_referee_checks() -> None:
    assert registry.get_calculator("avle") is None
    assert registry.get_calculator("no-such-pack") is None
    with pytest.raises(registry.UnknownRuleset, match="no checks"):
        registry.get_checks("avle")


def test_a_registered_pack_brings_its_lines_and_takes_them_away() -> None:
    line = registry.Shipped(
        "lines",
        "eote_ref.packs.eote.pack",
        "A pack of lines",
        "lines-1",
        None,
        "Lines",
        calculator="eote_ref.packs.eote.calculator",
        checks="eote_ref.packs.eote.checks",
    )
    registry.register(line)
    try:
        assert registry.get_calculator("lines") is calculator
        assert registry.get_checks("lines") is checks
    finally:
        registry.unregister("lines")
    assert registry.get_calculator("lines") is None
    with pytest.raises(registry.UnknownRuleset):
        registry.get_checks("lines")
