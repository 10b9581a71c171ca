"""The shared army-list format's words are the pack's unit model, not EotE's (issue 32).

A made-up pack registered from this module declares a unit model of its own (foot, horse and
guns; a host of wings of bands) and no army-list format of its own, so its lists are read in
the shared format (format 1). The loader, the tree and the roster conversion must take every
word from that model: before issue 32 they took EotE's enums and refused these lists.
"""

from __future__ import annotations

import json
import pathlib
import subprocess
import sys
from collections.abc import Iterator

import pytest

from eote_ref.armylists.loader import check_document, load_army_list_text, validate_text
from eote_ref.armylists.tree import allowed_levels, build_tree, can_hold, child_level
from eote_ref.packs.declaration import Pack, UnitModelSpec
from eote_ref.packs.registry import Shipped
from eote_ref.referee.rosters import from_spec, to_spec
from eote_ref.yamlio.loader import load_text
from tests.registered import bare_pack, registered

ROOT = pathlib.Path(__file__).parents[3]

#: The made-up pack's words.
WORDS = UnitModelSpec(
    arms=("foot", "horse", "guns"),
    levels=("host", "wing", "band"),
    manoeuvre_levels=frozenset({"band"}),
    weights=("small", "big"),
    formations=("block", "open", "limbered"),
    start_formations_by_arm={"foot": ("block", "open"), "horse": ("open",), "guns": ("limbered",)},
    not_a_default=frozenset({"open"}),
    types_by_arm={"foot": ("levy", "veteran"), "horse": ("riders",), "guns": ("cannon",)},
    nations=frozenset({"freeland"}),
    gun_arms=frozenset({"guns"}),
)

LINE = Shipped(
    "words", __name__, "Words (a test pack)", "words-1", None, "W", unit_model=f"{__name__}:WORDS"
)


def declare() -> Pack:
    """The made-up pack: nothing but its unit model (its lists are in the shared format)."""
    return bare_pack(LINE, unit_model=WORDS)


@pytest.fixture
def words_pack() -> Iterator[None]:
    with registered(LINE):
        yield


LIST = """\
format: 1
name: The Freeland host
nation: freeland
year: 1800
ruleset: words-1
army:
  name: Host
  level: host
  leader: {name: Anna, rating: 2}
  commands:
    - name: Left
      level: wing
      leader: {name: Bert, rating: 1}
      commands:
        - name: First band
          level: band
          leader: {name: Carl, rating: 1}
          units:
            - {name: Levy 1, arm: foot, type: levy, ce: 4, stands: 4, formation: block}
            - {name: Riders 1, arm: horse, type: riders, ce: 5, stands: 3}
            - {name: Cannon 1, arm: guns, type: cannon, weight: big, ce: 3, stands: 2}
"""


def errors(text: str) -> list[str]:
    return [str(p) for p in validate_text(text, "w.yaml") if p.severity == "error"]


def test_a_list_in_the_packs_words_loads(words_pack: None) -> None:
    army_list = load_army_list_text(LIST).army_list
    assert [c.name for c in army_list.divisions()] == ["First band"]
    assert [u.arm for u in army_list.units()] == ["foot", "horse", "guns"]
    assert army_list.unit_formation(army_list.units()[0]) == "block"
    assert army_list.unit_formation(army_list.units()[1]) is None


def test_a_word_of_another_pack_is_refused_with_the_packs_words(words_pack: None) -> None:
    text = LIST.replace("arm: foot", "arm: infantry").replace("level: wing", "level: corps")
    assert errors(text) == [
        "w.yaml:12:14: error: army.commands[0].level: expected one of 'host' | 'wing' | 'band', "
        "found 'corps'",
        "w.yaml:19:35: error: army.commands[0].commands[0].units[0].arm: expected one of "
        "'foot' | 'horse' | 'guns', found 'infantry'",
    ]


def test_the_packs_rules_of_the_tree_and_its_guns(words_pack: None) -> None:
    text = LIST.replace(", weight: big", "").replace("formation: block", "formation: limbered")
    text = text.replace("level: band", "level: wing")
    outside = "unit outside any division: units belong to a division or brigade, not to a wing"
    band = "army.commands[0].commands[0]"
    assert errors(text) == [
        f"w.yaml:16:18: error: {band}.level: a wing cannot serve under a wing: each level must "
        "be lower than its parent's (host > wing > band)",
        f"w.yaml:19:15: error: {band}.units[0]: {outside}",
        f"w.yaml:19:82: error: {band}.units[0].formation: foot cannot start in 'limbered' "
        "(foot formations: block, open)",
        f"w.yaml:20:15: error: {band}.units[1]: {outside}",
        f"w.yaml:21:15: error: {band}.units[2]: {outside}",
        f"w.yaml:21:15: error: {band}.units[2]: missing key 'weight': guns needs its battery "
        "weight ('small' or 'big')",
    ]


def test_the_tree_takes_the_levels_of_the_lists_pack(words_pack: None) -> None:
    root = build_tree(load_army_list_text(LIST).army_list)
    (wing,) = root.children
    (band,) = wing.children
    assert band.holds_units
    assert not wing.holds_units
    assert allowed_levels(wing) == ["wing"]
    assert allowed_levels(band) == ["band"]
    assert child_level("host", WORDS) == "wing"
    assert child_level("wing", WORDS) == "band"
    assert can_hold(wing, band)
    assert not can_hold(band, wing)


def test_the_roster_conversion_keeps_the_packs_words(words_pack: None) -> None:
    army_list = load_army_list_text(LIST).army_list
    spec = to_spec(army_list)
    assert [(u.arm, u.type, u.weight) for u in spec.army.commands[0].commands[0].units] == [
        ("foot", "levy", None),
        ("horse", "riders", None),
        ("guns", "cannon", "big"),
    ]
    assert from_spec(spec) == army_list


def test_reading_eotes_words_loads_no_eote_ruleset() -> None:
    """The loader reads EotE's unit model by its registry line: no ruleset, no declaration."""
    code = (
        "import json, sys\n"
        "from eote_ref.armylists.loader import load_army_list_text\n"
        "from tests.unit.armylists.samples import VALID\n"
        "load_army_list_text(VALID)\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('eote_ref.packs'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, cwd=ROOT
    ).stdout
    loaded = set(json.loads(out))
    assert "eote_ref.packs.eote.unit_model" in loaded
    assert not loaded & {
        "eote_ref.packs.eote.pack",
        "eote_ref.packs.eote.rulesets",
        "eote_ref.packs.eote.rules.procedures",
    }


def test_a_list_of_no_ruleset_reads_eotes_words(words_pack: None) -> None:
    doc = load_text(LIST.replace("ruleset: words-1\n", ""), "e.yaml")
    assert any(
        "level: expected one of 'army' | 'wing' | 'corps' | 'division' | 'brigade', found 'host'"
        in str(p)
        for p in check_document(doc)[1]
    )
