"""The campaign service's edits of battles and their results, one transaction each."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from eote_ref.referee.campaign import battle_checks, carried, pack_battles
from eote_ref.referee.campaign.base import CampaignError, battle_row, campaign_row
from eote_ref.referee.campaign.battle_view import BattleView
from eote_ref.referee.campaign.reads import CampaignReads
from eote_ref.referee.campaign.views import NewBattle
from eote_ref.store.campaign_models import CampaignBattle, CampaignBattleArmy
from eote_ref.store.campaigns import CampaignWork, campaign_work


class BattleEdits(CampaignReads):
    """Enter, change and delete battles, and record their results."""

    def add_battle(self, campaign_id: int, spec: NewBattle) -> int:
        """Enter a battle (with its result when ``spec.victory`` is given); returns its id."""
        with campaign_work(self.db) as w:
            battle = CampaignBattle(campaign_id=campaign_id, date=spec.date, scenario="")
            self._fill(w, battle, campaign_id, spec)
            w.commit()
            assert battle.id is not None
            return battle.id

    def update_battle(self, battle_id: int, spec: NewBattle) -> None:
        """Replace a battle's details, armies and result (the league table follows).

        The carried state is replayed: a new date moves the battle's carried losses in the
        campaign's order, an army taken out of the battle loses what the battle did to it, and
        linking another game (or none) undoes the carry, which the new game may carry again.
        """
        with campaign_work(self.db) as w:
            battle = self._refill(w, battle_id, spec)
            w.flush()
            carried.replay(w, battle.campaign_id)
            w.commit()

    def _refill(self, w: CampaignWork, battle_id: int, spec: NewBattle) -> CampaignBattle:
        """:meth:`update_battle` less the replay and the commit."""
        battle = battle_row(w, battle_id)
        links = w.battle_armies(battle_id)
        if spec.game_id != battle.game_id:
            maps: dict[int, dict[str, int]] = {}
            results: dict[int, dict[str, list[int]]] = {}
            battle.carried = False
        else:
            maps = {ba.army_id: ba.unit_map for ba in links}
            results = {ba.army_id: ba.unit_results for ba in links}
        self._fill(w, battle, battle.campaign_id, spec, unit_maps=maps, unit_results=results)
        return battle

    def delete_battle(self, battle_id: int) -> None:
        """Delete a battle and its result; the league table no longer counts it.

        Losses carried from it are undone (the carried state is replayed from the remaining
        battles); a linked game is kept.
        """
        with campaign_work(self.db) as w:
            battle = battle_row(w, battle_id)
            campaign_id = battle.campaign_id
            w.delete(battle)
            w.flush()
            carried.replay(w, campaign_id)
            w.commit()

    def save_battle(self, campaign_id: int, spec: NewBattle, battle_id: int | None = None) -> int:
        """Add (``battle_id`` None) or replace a battle as the battle dialog gives it.

        A decided battle linked to a game takes its losses from the game's journal; a manual
        entry keeps the losses given. Returns the battle's id. One transaction: a refusal
        leaves the campaign as it was.
        """
        with campaign_work(self.db) as w:
            if battle_id is None:
                battle = CampaignBattle(campaign_id=campaign_id, date=spec.date, scenario="")
                self._fill(w, battle, campaign_id, spec)
                replay = False
            else:
                battle = self._refill(w, battle_id, spec)
                replay = True
            assert battle.id is not None
            if spec.game_id is not None and spec.victory is not None:
                w.flush()
                losses, lost = self._losses_of_game(w, battle.campaign_id, battle.id, spec.game_id)
                spec = dataclasses.replace(spec, losses=losses, units_lost=lost)
                battle = self._refill(w, battle.id, spec)
                replay = True
            if replay:
                w.flush()
                carried.replay(w, battle.campaign_id)
            w.commit()
            assert battle.id is not None
            return battle.id

    def _fill(
        self,
        w: CampaignWork,
        battle: CampaignBattle,
        campaign_id: int,
        spec: NewBattle,
        *,
        unit_maps: Mapping[int, dict[str, int]] | None = None,
        unit_results: Mapping[int, dict[str, list[int]]] | None = None,
    ) -> None:
        problems = battle_checks.check_battle(w, campaign_id, spec, battle_id=battle.id)
        if problems:
            raise CampaignError("; ".join(problems))
        armies = {a.name: a for a in w.armies(campaign_id)}
        umpire_id = self._member(w, campaign_id, spec.umpire).id if spec.umpire else None
        battle.date = spec.date
        battle.scenario = spec.scenario.strip()
        battle.table_size = spec.table_size
        battle.figure_scale = spec.figure_scale
        battle.umpire_id = umpire_id
        battle.side_names = [spec.side_names[0], spec.side_names[1]]
        battle.game_id = spec.game_id
        battle.victory = spec.victory
        draw = pack_battles.victory_levels(campaign_row(w, campaign_id).pack)[1]
        battle.winner = None if spec.victory in (None, draw) else spec.winner
        battle.notes = spec.notes
        w.add(battle)
        w.flush()
        assert battle.id is not None
        for old in w.battle_armies(battle.id):
            w.delete(old)
        w.flush()
        for side, names in enumerate(spec.sides):
            for n in names:
                army_id = armies[n].id
                assert army_id is not None
                w.add(
                    CampaignBattleArmy(
                        battle_id=battle.id,
                        army_id=army_id,
                        side=side,
                        losses=int(spec.losses.get(n, 0)),
                        units_lost=int(spec.units_lost.get(n, 0)),
                        unit_map=dict((unit_maps or {}).get(army_id, {})),
                        unit_results=dict((unit_results or {}).get(army_id, {})),
                    )
                )

    def set_result(
        self,
        battle_id: int,
        victory: str,
        winner: int | None = None,
        *,
        notes: str | None = None,
        losses: Mapping[str, int] | None = None,
        units_lost: Mapping[str, int] | None = None,
    ) -> None:
        """Record the umpire's result; losses come from the linked game unless given by hand.

        Args:
            battle_id: the battle.
            victory: ``decisive``, ``marginal`` or ``draw``.
            winner: the winning side (0 or 1), unless a draw.
            notes: the umpire's notes.
            losses: hits taken per army name (manual entry; default: from the game's journal).
            units_lost: units lost per army name (manual entry).
        """
        b = self.battle(battle_id)
        if losses is None and b.game_id is not None:
            computed, lost = self._game_losses(battle_id)
        else:
            computed = {a.army: a.losses for a in b.armies}
            lost = {a.army: a.units_lost for a in b.armies}
        spec = self._spec_of(b)
        spec = dataclasses.replace(
            spec,
            victory=victory,
            winner=winner,
            notes=notes if notes is not None else b.notes,
            losses=dict(losses) if losses is not None else computed,
            units_lost=dict(units_lost) if units_lost is not None else lost,
        )
        self.update_battle(battle_id, spec)

    @staticmethod
    def _spec_of(b: BattleView) -> NewBattle:
        return NewBattle(
            date=b.date,
            scenario=b.scenario,
            sides=(
                [a.army for a in b.side_armies(0)],
                [a.army for a in b.side_armies(1)],
            ),
            side_names=b.side_names,
            table_size=b.table_size,
            figure_scale=b.figure_scale,
            umpire=b.umpire,
            game_id=b.game_id,
            victory=b.victory,
            winner=b.winner,
            notes=b.notes,
            losses={a.army: a.losses for a in b.armies},
            units_lost={a.army: a.units_lost for a in b.armies},
        )

    def _game_losses(self, battle_id: int) -> tuple[dict[str, int], dict[str, int]]:
        """Hits taken and units lost per army in the linked game (:func:`carried.game_losses`)."""
        with campaign_work(self.db) as w:
            battle = battle_row(w, battle_id)
            assert battle.game_id is not None
            return self._losses_of_game(w, battle.campaign_id, battle_id, battle.game_id)

    @staticmethod
    def _losses_of_game(
        w: CampaignWork, campaign_id: int, battle_id: int, game_id: int
    ) -> tuple[dict[str, int], dict[str, int]]:
        """Losses and units lost per army, read through the campaign's pack."""
        pack = campaign_row(w, campaign_id).pack
        if pack_battles.campaign_play(pack) is not None:
            return pack_battles.game_losses(w, pack, battle_id, game_id)
        return carried.game_losses(w, battle_id, game_id)
