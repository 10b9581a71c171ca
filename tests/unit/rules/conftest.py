"""Fixtures for the rules-engine tests: the shipped ruleset and entered dice."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.rules.dice import EnteredDice
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rulesets import load_default


@pytest.fixture
def rs() -> Ruleset:
    return load_default()


def dice(roll: int, **more: int) -> EnteredDice:
    """Entered dice: ``roll`` plus any named extra rolls."""
    return EnteredDice({"roll": roll, **more})
