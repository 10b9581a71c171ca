"""The campaign service's reads: the views of a campaign and its battles, and following changes."""

from __future__ import annotations

import dataclasses

from eote_ref.armylists.loader import load_army_list_text
from eote_ref.armylists.model import ArmyList
from eote_ref.referee.campaign import carried, pack_battles
from eote_ref.referee.campaign.base import CampaignError, battle_row, campaign_row
from eote_ref.referee.campaign.battle_view import BattleView
from eote_ref.referee.campaign.views import CampaignInfo, CampaignView, build_view, info_of
from eote_ref.referee.game import GameService
from eote_ref.referee.session import GameSummary, list_games
from eote_ref.referee.summary import battle_summary
from eote_ref.store import Database
from eote_ref.store.campaign_models import CampaignMember
from eote_ref.store.campaigns import CampaignWork, campaign_work
from eote_ref.store.errors import NotFoundError
from eote_ref.store.notify import ChangeWatcher


class CampaignReads:
    """Campaigns in one database, read: the views, a battle, a game's battle; and following.

    Args:
        db: the open database.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        #: Game units the last :meth:`carry_losses` could not match by name to a campaign unit.
        self.unmatched: list[str] = []
        self._watcher: ChangeWatcher | None = None

    # ------------------------------------------------------------------ following
    def changed_elsewhere(self) -> bool:
        """Whether a campaign may have changed since the last call (another copy's write).

        The first call starts watching (and says no). Cheap enough for a timer: a notification
        check on PostgreSQL, one pragma on SQLite, where any commit made through another
        connection counts, so the caller compares what it reads with what it shows.
        """
        if self._watcher is None:
            self._watcher = ChangeWatcher(self.db.engine, campaigns=True)
            return False
        return self._watcher.campaigns_changed()

    def stop_watching(self) -> None:
        """Release the connection :meth:`changed_elsewhere` keeps open."""
        if self._watcher is not None:
            self._watcher.close()
            self._watcher = None

    # ------------------------------------------------------------------ reading
    def list_campaigns(self) -> list[CampaignInfo]:
        """Every campaign, by name, with its number of battles."""
        with campaign_work(self.db) as w:
            out = []
            for c in w.campaigns():
                assert c.id is not None
                n = w.battle_count(c.id)
                out.append(dataclasses.replace(info_of(c), battles=n))
            return out

    def find(self, name: str) -> int:
        """The id of the campaign called ``name`` (CampaignError if none)."""
        with campaign_work(self.db) as w:
            try:
                c = w.find_campaign(name)
            except NotFoundError as exc:
                raise CampaignError(str(exc)) from exc
            assert c.id is not None
            return c.id

    def view(self, campaign_id: int) -> CampaignView:
        """The whole campaign: members, armies, battles, the league tables and points series."""
        with campaign_work(self.db) as w:
            try:
                rows = w.load(campaign_id)
            except NotFoundError as exc:
                raise CampaignError(str(exc)) from exc
        return build_view(rows)

    def battle(self, battle_id: int) -> BattleView:
        """One battle."""
        with campaign_work(self.db) as w:
            b = w.battle(battle_id)
            if b is None:
                raise CampaignError(f"there is no battle {battle_id}")
            campaign_id = b.campaign_id
        for v in self.view(campaign_id).battles:
            if v.id == battle_id:
                return v
        raise CampaignError(f"there is no battle {battle_id}")  # pragma: no cover

    def next_battle(self, campaign_id: int) -> BattleView | None:
        """The first battle, in date order, not yet decided nor run in eote-ref."""
        for b in self.view(campaign_id).battles:
            if b.game_id is None and not b.decided:
                return b
        return None

    def losses_per_turn(self, battle_id: int) -> dict[int, dict[int, int]]:
        """For a battle run in eote-ref, the hits each side took per turn (from its journal)."""
        b = self.battle(battle_id)
        if b.game_id is None:
            return {}
        pack = self._pack_of_battle(battle_id)
        if pack_battles.campaign_play(pack) is not None:
            return pack_battles.losses_per_turn(self.db, pack, b.game_id)
        return battle_summary(GameService(self.db, b.game_id)).losses_per_turn

    def _pack_of_battle(self, battle_id: int) -> str:
        with campaign_work(self.db) as w:
            return campaign_row(w, battle_row(w, battle_id).campaign_id).pack

    def games(self) -> list[GameSummary]:
        """Every game in the database (to link a battle run in eote-ref), latest first."""
        return list_games(self.db)

    def army_list(self, army_id: int) -> ArmyList:
        """The campaign copy of an army, as a typed army list (every unit, destroyed or not).

        An army of a pack with a campaign reading is its pack's typed list.
        """
        with campaign_work(self.db) as w:
            row = w.army(army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            pack = campaign_row(w, row.campaign_id).pack
            if pack_battles.campaign_play(pack) is not None:
                army: ArmyList = pack_battles.load_list(pack, row.army_list_yaml, row.name)
                return army
            return load_army_list_text(row.army_list_yaml, row.name).army_list

    def battle_of_game(self, game_id: int) -> tuple[int, BattleView] | None:
        """The campaign battle the game is linked to, as (campaign id, battle), if any.

        A game set up with :meth:`start_game` is linked from the start; a battle entered by
        hand may link it too. A game belongs to one battle at most: a second link is refused
        (:func:`battle_checks.linked_elsewhere`, and the schema's unique index).
        """
        with campaign_work(self.db) as w:
            row = w.battle_of_game(game_id)
            if row is None or row.id is None:
                return None
            campaign_id, battle_id = row.campaign_id, row.id
        return campaign_id, self.battle(battle_id)

    def game_army_lists(self, game_id: int) -> tuple[list[str], list[str]]:
        """The names of the army lists each side of a game was set up from (none: empty)."""
        with campaign_work(self.db) as w:
            return carried.game_army_lists(w, game_id)

    @staticmethod
    def _member(w: CampaignWork, campaign_id: int, name: str) -> CampaignMember:
        m = w.member_named(campaign_id, name)
        if m is None:
            raise CampaignError(f"{name!r} is not a member of this campaign")
        return m
