"""The new game as the wizard fills it in: automatic names, initiative, the set-up it becomes."""

from __future__ import annotations

import pytest

from eote_ref.referee.new_game_draft import ROLL, NewGameDraft
from eote_ref.referee.setup import SetupService
from eote_ref.scenarios.loader import ScenarioError

FRENCH = "waterloo-1815-french.yaml"


def test_automatic_names_never_clash() -> None:
    draft = NewGameDraft()
    assert draft.side_name(0) == "First side"
    setup_lists = {s.path.name: s for s in SetupService(None).shipped_lists()}  # type: ignore[arg-type]
    draft.lists = [[setup_lists[FRENCH]], [setup_lists["austerlitz-1805-french.yaml"]]]
    assert (draft.side_name(0), draft.side_name(1)) == ("French (1)", "French (2)")
    assert draft.game_name() == "French (1) against French (2)"
    assert draft.to_new_game().initiative == ROLL
    draft.initiative = 1
    assert draft.to_new_game().initiative == "French (2)"


def test_a_drafted_scenario_writes_its_formations_as_words_the_loader_checks() -> None:
    """The draft names no pack's formation type: the scenario loader reads them (issue 32).

    A formation no arm may start in is refused as a scenario file's is, in words, and the
    summary says nothing rather than failing.
    """
    lists = {s.path.name: s for s in SetupService(None).shipped_lists()}  # type: ignore[arg-type]
    draft = NewGameDraft()
    draft.lists = [[lists[FRENCH]], [lists["waterloo-1815-anglo-allied.yaml"]]]
    draft.formations = [{"infantry": "column", "cavalry": ""}, {"artillery": "limbered"}]
    assert "formations: {infantry: column}" in draft.drafted_scenario_text()
    loaded = draft.loaded_scenario()
    first, second = (side.formations for side in loaded.scenario.sides)
    assert first is not None
    assert second is not None
    assert (first.for_arm("infantry"), first.for_arm("cavalry")) == ("column", None)
    assert second.for_arm("artillery") == "limbered"

    draft.formations = [{"infantry": "huddle"}, {}]
    with pytest.raises(ScenarioError, match="huddle"):
        draft.loaded_scenario()
    draft.in_play = [["I Corps"], []]
    assert draft.uses_scenario()
    assert draft.scenario_lines() is None
    draft.formations = [{"infantry": "column"}, {}]
    lines = draft.scenario_lines()
    assert lines is not None
    assert [name for name, _units in lines.in_play[0]] == ["I Corps"]
