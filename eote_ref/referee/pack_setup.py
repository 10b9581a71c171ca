"""A new game of another pack than the default, from the new-game wizard's draft (issue 26)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from eote_ref.referee.setup import ListSummary
    from eote_ref.store import Database


class PackDraft(Protocol):
    """What a pack's game is set up from: the wizard's draft (``new_game_draft.NewGameDraft``)."""

    pack: str
    pack_scenario: str | None
    lists: list[list[ListSummary]]
    options: dict[str, str | int | bool]

    def game_name(self) -> str:
        """The game's name."""
        ...

    def side_name(self, side: int) -> str:
        """Side ``side``'s name."""
        ...


def create_pack_game(db: Database, draft: PackDraft) -> int:
    """Create the game ``draft`` sets up under its pack (its lists, names and options); its id.

    Raises:
        PackPlayError: the pack refuses the set-up (a list of another pack, a bad option).
    """
    from eote_ref.referee.pack_play import NewPackGame, new_pack_game

    loaded = _battle_file(draft)
    if loaded is not None:  # a shipped scenario file, its lists as it gives them
        from eote_ref.referee.pack_play import new_pack_game_of_scenario

        names = [draft.side_name(i) for i in (0, 1)]
        return new_pack_game_of_scenario(
            db, draft.game_name(), loaded, dict(draft.options), side_names=names
        )
    spec = NewPackGame(
        name=draft.game_name(),
        pack=draft.pack,
        sides={draft.side_name(i): [s.path for s in draft.lists[i]] for i in (0, 1)},
        options=dict(draft.options),
        scenario=draft.pack_scenario,
    )
    return new_pack_game(db, spec)


def _battle_file(draft: PackDraft) -> Any:
    """The scenario file of the draft's ready battle, when its lists and scenario are its.

    None: lists chosen by hand, or a battle declared in the pack's play.
    """
    from eote_ref.referee.pack_lists import battle_of_lists, pack_scenario_file

    battle = getattr(draft, "pack_battle", None)
    if battle is None or battle.file is None or draft.pack_scenario != battle.scenario:
        return None
    lists = [[s.path for s in draft.lists[i]] for i in (0, 1)]
    if battle_of_lists(draft.pack, battle.scenario, lists) != battle:
        return None
    return pack_scenario_file(draft.pack, str(battle.file))
