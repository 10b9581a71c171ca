"""A unit's order-of-battle fields are declared once (``UNIT_FIELDS``, store/specs.py).

The army list's ``Unit``, the roster's and the game's unit rows and the referee's
``UnitView`` each declare them again (a dataclass, two tables, a view); this keeps the five
in step, so a field added to one and forgotten in another fails here, not in a game.
"""

from __future__ import annotations

import dataclasses

from eote_ref.armylists.model import Unit, unit_model
from eote_ref.packs.eote.markers import UNIT_DEFAULTS
from eote_ref.packs.eote.rules.units import Arm
from eote_ref.referee.views import UnitView
from eote_ref.store.models import GameUnit, RosterUnit
from eote_ref.store.specs import UNIT_FIELDS, UnitSpec

#: Fields of the order of battle the dashboard's view leaves out (kept in the game's row;
#: the record sheets and the rules read them from there).
NOT_IN_VIEW = {"howitzers", "notes"}


def _names(cls: type) -> set[str]:
    if dataclasses.is_dataclass(cls):
        return {f.name for f in dataclasses.fields(cls)}
    return set(cls.model_fields)  # type: ignore[attr-defined]


def test_the_army_lists_unit_has_exactly_the_order_of_battle_fields() -> None:
    assert tuple(f.name for f in dataclasses.fields(Unit)) == UNIT_FIELDS


def test_the_roster_and_game_rows_carry_every_field() -> None:
    assert set(UNIT_FIELDS) <= _names(RosterUnit)
    # The game's row keeps the starting formation as the marker it becomes (issue 26).
    assert set(UNIT_FIELDS) - _names(GameUnit) == {"formation"}
    assert "formation" in UNIT_DEFAULTS


def test_the_view_shows_every_field_but_those_it_leaves_out_on_purpose() -> None:
    assert set(UNIT_FIELDS) - _names(UnitView) == NOT_IN_VIEW


def test_the_arm_is_one_vocabulary_the_rules_arm() -> None:
    """The army list, the store and the view keep an arm as its word: EotE's are the rules' ``Arm``.

    None of them names a pack (issue 32): the list's words are those of the unit model its
    pack declares, EotE's the values of its ``Arm`` (a string enum, compared and printed equal).
    """
    unit = {f.name: f for f in dataclasses.fields(Unit)}
    assert unit["arm"].type in (str, "str")
    assert unit_model().arms == tuple(a.value for a in Arm)
    assert {f.name: f.type for f in dataclasses.fields(UnitView)}["arm"] in (str, "str")
    assert {f.name: f.type for f in dataclasses.fields(UnitSpec)}["arm"] in (str, "str")
    assert {a.value for a in Arm} == {"infantry", "cavalry", "artillery", "engineers"}
