"""The campaign service and a battle's game: the hand-off, the set-up, the losses carried back."""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping

from eote_ref.referee.campaign import carried, pack_battles
from eote_ref.referee.campaign.base import CampaignError, battle_row, campaign_row
from eote_ref.referee.campaign.battle_edits import BattleEdits
from eote_ref.referee.campaign.views import NewBattle
from eote_ref.store.campaigns import campaign_work
from eote_ref.store.errors import NotPermittedError
from eote_ref.store.server_errors import ROLES_HINT


class BattleGames(BattleEdits):
    """A battle from a game, a game from a battle, and the losses carried back to the armies."""

    # ------------------------------------------------------------------ a game's hand-off
    def battle_for_game(
        self, campaign_id: int, game_id: int, date: datetime.date | None = None
    ) -> NewBattle:
        """A new battle of ``campaign_id`` pre-filled from a game, to record its result.

        The scenario is the game's name, the figure scale and side names are the game's, the
        game is linked (its losses come from its journal) and each campaign army whose name,
        or whose army list's name, is one of a side's army lists is put on that side. A game
        made from a scenario gives its victory level and winner (the umpire may change them).
        """
        with campaign_work(self.db) as w:
            battle = carried.battle_for_game(w, campaign_id, game_id, date)
            pack = campaign_row(w, campaign_id).pack
        if pack_battles.campaign_play(pack) is not None:
            won = pack_battles.game_result(self.db, pack, game_id)
            if won is None:
                return battle
            return dataclasses.replace(battle, victory=won[0], winner=won[1])
        from eote_ref.referee.scenario_play import victory_in

        result = victory_in(self.db, game_id)
        if result is None:
            return battle
        victory, names = result
        notes = "; ".join((victory.text(names), *victory.reasons))
        return dataclasses.replace(
            battle, victory=victory.level, winner=victory.winner, notes=notes
        )

    def decide_from_game(self, battle_id: int, notes: str | None = None) -> tuple[str, int | None]:
        """Record the result the battle's game reached, read through the campaign's pack.

        A pack with a campaign reading gives its victory check's level and winner (AVlE 4.2);
        the losses are read from the game as :meth:`set_result` does. Refused while the game
        is not decided, for a battle without a game, and for a pack whose result the umpire
        gives (EotE). Returns the level and the winning side's position (None: a draw).
        """
        b = self.battle(battle_id)
        if b.game_id is None:
            raise CampaignError("this battle has no game to read its result from")
        pack = self._pack_of_battle(battle_id)
        if pack_battles.campaign_play(pack) is None:
            raise CampaignError("the umpire gives this battle's result")
        won = pack_battles.game_result(self.db, pack, b.game_id)
        if won is None:
            raise CampaignError("the battle's game has no victory yet")
        self.set_result(battle_id, won[0], won[1], notes=notes)
        return won

    def can_carry_losses(self, battle_id: int) -> bool:
        """Whether the battle's game was set up from the campaign copies and not yet carried."""
        with campaign_work(self.db) as w:
            battle = battle_row(w, battle_id)
            if battle.carried or battle.game_id is None:
                return False
            armies = w.battle_armies(battle_id)
            # set up from the campaign copies, or matched by name when carried
            return bool(armies)

    # ------------------------------------------------------------------ games and carried losses
    def start_game(
        self,
        battle_id: int,
        *,
        options: Mapping[str, str | int | bool] | None = None,
        initiative: int | None = None,
    ) -> int:
        """Set up the battle's game from the campaign copies of its armies; returns the game id.

        Destroyed units stay off the table; each surviving unit starts with the hits it carries,
        put on as one journal event right after set-up (:func:`carried.start_game`).
        """
        b = self.battle(battle_id)
        pack = self._pack_of_battle(battle_id)
        self._may_start_a_game()
        if pack_battles.campaign_play(pack) is not None:
            if b.game_id is not None:
                raise CampaignError("this battle already has a game")
            return pack_battles.start_game(self.db, b, pack, dict(options or {}))
        return carried.start_game(self.db, b, options=options, initiative=initiative)

    def _may_start_a_game(self) -> None:
        """Refuse, before anything is written, an account that may not write both halves.

        Starting a battle's game writes a game (the umpire's right on a server) and links it
        to the battle (the organiser's): an account with one right only had the game written
        and then the link refused, a game of the battle's units left linked to no battle.
        """
        missing = [
            what
            for what, may in (
                ("play games", self.db.can_play),
                ("keep campaigns", self.db.can_organise),
            )
            if not may
        ]
        if missing:
            raise NotPermittedError(
                "this account may not start a battle's game on this server: that sets up a "
                "game and links it to the battle, and this account may not "
                f"{' nor '.join(missing)}. Nothing was written; {ROLES_HINT}."
            )

    def carry_losses(self, battle_id: int) -> int:
        """Write the battle's losses back to the campaign copies; returns how many units changed.

        Each surviving unit keeps its final hits less the campaign's recovery; disintegrated
        units, and units that routed off the table, are marked destroyed. A game set up from the
        campaign copies (:meth:`start_game`) knows which unit is which; any other game's units
        are matched by name to the units of the campaign armies on their side, and those that
        match none are listed in :attr:`unmatched`. Only once per battle.
        """
        self.unmatched = []
        with campaign_work(self.db) as w:
            battle = battle_row(w, battle_id)
            pack = campaign_row(w, battle.campaign_id).pack
            if pack_battles.campaign_play(pack) is None:
                changed, self.unmatched = carried.carry(w, battle_id)
            else:
                if battle.carried:
                    raise CampaignError("this battle's losses have already been carried")
                if battle.game_id is None:
                    raise CampaignError("only a battle run in eote-ref can carry its losses")
                pack_battles.carry(w, pack, battle_id)
                battle.carried = True
                w.add(battle)
                w.flush()
                changed = carried.replay(w, battle.campaign_id)
            w.commit()
        return changed
