"""The registry's lines that let shared code reach a pack's own modules without importing them.

EotE's rule calculator and its checks are named by module path on its registry line (issue
32): ``eote-ref rule`` and the referee's wizards and headless games ask the registry, so no
shared module imports the pack's folder for them.
"""

from __future__ import annotations

import subprocess
import sys

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


def test_eotes_turn_markers_and_result_words_come_through_its_line() -> None:
    """Read without the engine: the store's rows, the phases and the journal ask the registry."""
    from eote_ref.packs.eote.markers import UNIT_MARKERS
    from eote_ref.packs.eote.turn import TURN

    assert registry.get_turn("eote") is TURN
    assert registry.get_unit_markers("eote") is UNIT_MARKERS
    words = registry.get_result_words("eote")
    assert words.label("integrity", "fall_back") == "falls back"
    assert words.label("order_activation", "2") is None  # an open result
    assert words.parts("assault", "./2") == ("./.", "2")  # a side left untouched (7.3)
    assert words.parts("assault", "././.") == ("./.", "./.")
    assert words.parts("morale", "fall_back") == ()


def test_a_pack_without_those_lines_is_read_off_its_declaration() -> None:
    pack = registry.get_pack("avle")
    assert registry.get_turn("avle") is pack.turn
    assert registry.get_unit_markers("avle") == pack.unit_markers
    words = registry.get_result_words("avle")
    name, spec = next((n, s) for n, s in pack.procedures.items() if s.results)
    assert words.label(name, spec.results[0].code) == spec.results[0].text
    assert words.label(name, "no such code") is None
    assert words.parts(name, spec.results[0].code) == ()


def test_every_optional_field_of_a_line_has_its_table() -> None:
    """A field added to ``Shipped`` is registered and unregistered with the rest."""
    required = {"id", "module", "title", "ruleset", "play", "cite"}
    assert set(registry.Shipped._fields) - required <= set(registry._BY_FIELD)
    assert set(registry._BY_FIELD) <= set(registry.Shipped._fields)


def test_what_eotes_game_service_asks_of_its_procedures_comes_through_its_line() -> None:
    """The levels of a division (1.0.1), the morale due (7.5), orders (3.2), replacements (8.0)."""
    from eote_ref.packs.eote.pack import REFEREE
    from eote_ref.packs.eote.rules.leader_casualty import replacement
    from eote_ref.packs.eote.rules.orders import OrderType

    spec = registry.get_referee("eote")
    assert spec is REFEREE
    assert spec.division_levels == {"division", "brigade"}
    # Declared once: the unit model's manoeuvre levels (the army lists' word for them).
    assert spec.division_levels is registry.get_unit_model("eote").manoeuvre_levels
    assert spec.morale_due(3, 3, False)
    assert not spec.morale_due(2, 3, False)
    assert not spec.morale_due(9, 3, True)  # a routed unit has no morale left to check
    assert spec.orders() == tuple(o.value for o in OrderType)
    rules = registry.rules_for("eote-6.2")
    assert spec.replacement_rating(rules) == replacement(rules)[1]
    assert spec.load_rules_file(None) == rules
    assert registry.get_referee("avle") is None  # its play declares its checks


def _loaded_after(script: str, modules: set[str]) -> list[str]:
    """Which of ``modules`` a fresh interpreter has loaded once it has run ``script``."""
    script += f"import sys\nprint(*sorted(set({sorted(modules)!r}) & set(sys.modules)))\n"
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    return out.stdout.split()


def test_the_referee_line_is_read_without_the_procedures_or_the_declaration() -> None:
    """The first window reads a game's divisions and morale due through it (issue 32)."""
    script = (
        "from eote_ref.packs import registry\n"
        "spec = registry.get_referee('eote')\n"
        "spec.morale_due(3, 3, False)\n"
    )
    modules = {
        "eote_ref.packs.declaration",
        "eote_ref.packs.eote.rules.orders",
        "eote_ref.packs.eote.rules.leader_casualty",
        "eote_ref.packs.eote.rules.procedures",
    }
    assert _loaded_after(script, modules) == []


def test_a_unit_model_is_read_without_the_procedures_or_the_pack_s_declaration() -> None:
    """Every unit-model read goes through the registry's lazy line (issue 32)."""
    script = (
        "from eote_ref.packs import registry\n"
        "from eote_ref.store.games import division_levels\n"
        "from eote_ref.armylists.model import unit_model\n"
        "from eote_ref.referee.scenario_setup import unit_model as setup_model\n"
        "assert division_levels('eote-6.2') == {'division', 'brigade'}\n"
        "assert unit_model('eote-6.2') is registry.get_unit_model('eote') is setup_model('eote')\n"
    )
    modules = {"eote_ref.packs.eote.pack", "eote_ref.packs.eote.rules.procedures"}
    assert _loaded_after(script, modules) == []


def test_one_lookup_of_a_game_s_pack_strict_and_lenient() -> None:
    assert registry.game_pack(None) == registry.game_pack("") == registry.DEFAULT_PACK
    assert registry.game_pack("avle-1.2") == "avle"
    with pytest.raises(registry.UnknownRuleset, match="game 3's ruleset 'nope' is not one"):
        registry.game_pack("nope", "game 3")
    assert registry.pack_or_default("nope") == registry.pack_or_default(None) == "eote"
    assert registry.pack_or_default("vle-3") == "vle"
