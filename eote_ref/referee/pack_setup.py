"""A new game of another pack than the default, from the new-game wizard's draft (issue 26)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from eote_ref.referee.new_game_draft import NewGameDraft
    from eote_ref.store import Database


def create_pack_game(db: Database, draft: NewGameDraft) -> int:
    """Create the game ``draft`` sets up under its pack (its lists, names and options); its id.

    Raises:
        PackPlayError: the pack refuses the set-up (a list of another pack, a bad option).
    """
    from eote_ref.referee.pack_play import NewPackGame, new_pack_game

    spec = NewPackGame(
        name=draft.game_name(),
        pack=draft.pack,
        sides={draft.side_name(i): [s.path for s in draft.lists[i]] for i in (0, 1)},
        options=dict(draft.options),
        scenario=draft.pack_scenario,
    )
    return new_pack_game(db, spec)
