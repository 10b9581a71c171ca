"""A new game of another pack than the default, from the new-game wizard's draft (issue 26)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from eote_ref.referee.setup import SetupError

if TYPE_CHECKING:
    from eote_ref.referee.new_game_draft import NewGameDraft
    from eote_ref.store import Database


def create_pack_game(db: Database, draft: NewGameDraft) -> int:
    """Create the game ``draft`` sets up under its pack; the new game's id."""
    raise SetupError(f"games of pack '{draft.pack}' cannot be created yet")
