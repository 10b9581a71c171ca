"""The new game as the wizard fills it in: automatic names, initiative, the set-up it becomes."""

from __future__ import annotations

from eote_ref.referee.new_game_draft import ROLL, NewGameDraft
from eote_ref.referee.setup import SetupService

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
