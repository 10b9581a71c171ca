"""The campaign service: campaigns, members, armies, battles and results, one transaction each.

:class:`CampaignService` is what the campaign window, the ``eote-ref campaign`` commands and
scripts hold. It reads the stored battles into the views of
:mod:`~eote_ref.referee.campaign.views` every time, so editing or deleting a battle
recomputes the league; carrying losses between armies and games is in
:mod:`~eote_ref.referee.campaign.carried`, the CSV tables in
:mod:`~eote_ref.referee.campaign.csv_tables`.
"""

from __future__ import annotations

import dataclasses
import datetime
import pathlib
from collections.abc import Iterable, Mapping

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list, load_army_list_text
from eote_ref.armylists.model import ArmyList
from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.campaign import (
    battle_checks,
    carried,
    csv_format,
    csv_tables,
    pack_battles,
)
from eote_ref.referee.campaign.base import (
    PLAYER,
    ROLES,
    CampaignError,
    CsvImportError,
    battle_row,
    campaign_row,
)
from eote_ref.referee.campaign.league import PointsScheme, carried_hits
from eote_ref.referee.campaign.views import (
    BattleView,
    CampaignInfo,
    CampaignView,
    NewBattle,
    build_view,
    info_of,
    nation_name,
)
from eote_ref.referee.game import GameService
from eote_ref.referee.session import GameSummary, list_games
from eote_ref.referee.summary import battle_summary
from eote_ref.store import Database
from eote_ref.store.campaign_models import (
    Campaign,
    CampaignArmy,
    CampaignBattle,
    CampaignBattleArmy,
    CampaignMember,
    CampaignUnit,
)
from eote_ref.store.campaigns import CampaignWork, campaign_work
from eote_ref.store.errors import DuplicateNameError, NotFoundError
from eote_ref.store.notify import ChangeWatcher


class CampaignService:
    """Campaigns in one database: read views, edits (one transaction each), CSV and reports.

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

    # ------------------------------------------------------------------ campaigns
    def list_campaigns(self) -> list[CampaignInfo]:
        """Every campaign, by name, with its number of battles."""
        with campaign_work(self.db) as w:
            out = []
            for c in w.campaigns():
                assert c.id is not None
                n = w.battle_count(c.id)
                out.append(dataclasses.replace(info_of(c), battles=n))
            return out

    def create_campaign(
        self,
        name: str,
        *,
        points: PointsScheme | None = None,
        recovery_percent: int = 50,
        notes: str | None = None,
        pack: str = DEFAULT_PACK,
    ) -> int:
        """Create a campaign whose battles are games of ``pack``; return its id.

        One pack a campaign: its armies are lists of that pack, and the losses they carry from
        battle to battle are in its terms (EotE's hits, AVlE's elements and units).
        """
        from eote_ref.packs.registry import PACKS

        name = name.strip()
        if not name:
            raise CampaignError("a campaign needs a name")
        if pack not in PACKS:
            raise CampaignError(f"unknown pack {pack!r} (known: {', '.join(PACKS)})")
        from eote_ref.referee.campaign.pack_battles import takes_campaigns

        if not takes_campaigns(pack):
            raise CampaignError(
                f"{PACKS[pack][1]} does not say yet how its games serve as a campaign's battles"
            )
        carried_hits(0, recovery_percent)  # checks the range
        p = points or PointsScheme()
        with campaign_work(self.db) as w:
            row = Campaign(
                name=name,
                notes=notes,
                points_win=p.win,
                points_draw=p.draw,
                points_loss=p.loss,
                recovery_percent=recovery_percent,
                pack=pack,
            )
            self._commit(w, row, f"there is already a campaign called {name!r}")
            assert row.id is not None
            return row.id

    def update_settings(
        self, campaign_id: int, *, points: PointsScheme, recovery_percent: int
    ) -> None:
        """Change the points scheme and the recovery (the league is recomputed from it)."""
        carried_hits(0, recovery_percent)
        with campaign_work(self.db) as w:
            c = campaign_row(w, campaign_id)
            c.points_win, c.points_draw, c.points_loss = points.win, points.draw, points.loss
            c.recovery_percent = recovery_percent
            w.add(c)
            w.flush()
            carried.replay(w, campaign_id)
            w.commit()

    def find(self, name: str) -> int:
        """The id of the campaign called ``name`` (CampaignError if none)."""
        with campaign_work(self.db) as w:
            try:
                c = w.find_campaign(name)
            except NotFoundError as exc:
                raise CampaignError(str(exc)) from exc
            assert c.id is not None
            return c.id

    def delete_campaign(self, campaign_id: int) -> None:
        """Delete a campaign with its members, armies and battles (games are kept)."""
        with campaign_work(self.db) as w:
            w.delete(campaign_row(w, campaign_id))
            w.commit()

    @staticmethod
    def _commit(w: CampaignWork, row: object, duplicate: str) -> None:
        try:
            w.commit_unique(row)
        except DuplicateNameError as exc:
            raise CampaignError(duplicate) from exc

    # ------------------------------------------------------------------ members and armies
    def add_member(self, campaign_id: int, name: str, role: str = PLAYER) -> int:
        """Add a player or umpire; returns the member's id."""
        name = name.strip()
        if role not in ROLES:
            raise CampaignError(f"a member is a {' or an '.join(ROLES)}")
        if not name:
            raise CampaignError("a member needs a name")
        with campaign_work(self.db) as w:
            campaign_row(w, campaign_id)
            row = CampaignMember(campaign_id=campaign_id, name=name, role=role)
            self._commit(w, row, f"{name} is already a member of this campaign")
            assert row.id is not None
            return row.id

    def add_army(
        self,
        campaign_id: int,
        player: str,
        army_list: ArmyList | str | pathlib.Path,
        *,
        name: str | None = None,
    ) -> int:
        """Give ``player`` a campaign copy of an army list (a typed list or a YAML file).

        The copy is kept as YAML text with one row per unit, so later edits of the master list
        never reach the campaign. Returns the army's id. The list must be one of the
        campaign's pack; a pack with a campaign reading keeps a row for each of its pieces
        (an AVlE unit or General, :mod:`.pack_battles`).
        """
        with campaign_work(self.db) as w:
            pack = campaign_row(w, campaign_id).pack
        if pack_battles.campaign_play(pack) is not None:
            return self._add_pack_army(campaign_id, pack, player, army_list, name)
        army = (
            army_list
            if isinstance(army_list, ArmyList)
            else load_army_list(pathlib.Path(army_list)).army_list
        )
        return self._write_army(
            campaign_id,
            player,
            (name or army.name).strip(),
            army.nation,
            dump_army_list(army),
            carried.walk_units(army.army),
        )

    def _add_pack_army(
        self,
        campaign_id: int,
        pack: str,
        player: str,
        army_list: object,
        name: str | None,
    ) -> int:
        """:meth:`add_army` for a campaign of a pack with a campaign reading."""
        if not isinstance(army_list, str | pathlib.Path):
            raise CampaignError(f"give an army-list file of pack {pack}")
        path = pathlib.Path(army_list)
        text = path.read_text(encoding="utf-8")
        army = pack_battles.load_list(pack, text, path.name)
        return self._write_army(
            campaign_id,
            player,
            (name or army.name).strip(),
            army.nation,
            text,
            pack_battles.roster(pack, army),
        )

    def _write_army(
        self,
        campaign_id: int,
        player: str,
        army_name: str,
        nation: str,
        army_list_yaml: str,
        units: Iterable[tuple[str, str, str, int]],
    ) -> int:
        """Add player ``player``'s army and its ``units`` (name, division, arm, strength)."""
        with campaign_work(self.db) as w:
            campaign_row(w, campaign_id)
            member = self._member(w, campaign_id, player)
            if member.role != PLAYER:
                raise CampaignError(f"{player} is an umpire, not a player")
            assert member.id is not None
            row = CampaignArmy(
                campaign_id=campaign_id,
                player_id=member.id,
                name=army_name,
                nation=nation,
                army_list_yaml=army_list_yaml,
            )
            try:
                w.flush_unique(row)
            except DuplicateNameError as exc:
                raise CampaignError(f"there is already an army called {army_name!r}") from exc
            assert row.id is not None
            for ref, (unit, division, arm, ce) in enumerate(units):
                w.add(
                    CampaignUnit(
                        army_id=row.id, ref=ref, name=unit, division=division, arm=arm, ce=ce
                    )
                )
            w.commit()
            return row.id

    @staticmethod
    def _member(w: CampaignWork, campaign_id: int, name: str) -> CampaignMember:
        m = w.member_named(campaign_id, name)
        if m is None:
            raise CampaignError(f"{name!r} is not a member of this campaign")
        return m

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

    def update_member(self, member_id: int, name: str, role: str) -> None:
        """Rename a member or change the role (a player with armies stays a player)."""
        name = name.strip()
        if role not in ROLES:
            raise CampaignError(f"a member is a {' or an '.join(ROLES)}")
        if not name:
            raise CampaignError("a member needs a name")
        with campaign_work(self.db) as w:
            m = w.member(member_id)
            if m is None:
                raise CampaignError(f"there is no member {member_id}")
            if role != PLAYER and w.armies_of_player(member_id):
                raise CampaignError(f"{m.name} has armies in this campaign and stays a player")
            m.name, m.role = name, role
            self._commit(w, m, f"{name} is already a member of this campaign")

    def delete_member(self, member_id: int) -> None:
        """Remove a member with the armies (if no army fought a battle); umpiring is forgotten."""
        with campaign_work(self.db) as w:
            m = w.member(member_id)
            if m is None:
                raise CampaignError(f"there is no member {member_id}")
            for a in w.armies_of_player(member_id):
                self._check_unused(w, a)
            w.delete(m)
            w.commit()

    @staticmethod
    def _check_unused(w: CampaignWork, army: CampaignArmy) -> None:
        assert army.id is not None
        n = w.battles_fought(army.id)
        if n:
            raise CampaignError(
                f"{army.name} fought in {n} battle{'s' if n != 1 else ''}: "
                "delete or edit those battles first"
            )

    def update_army(self, army_id: int, name: str, player: str) -> None:
        """Rename an army or hand it to another player (its list and losses stay)."""
        name = name.strip()
        if not name:
            raise CampaignError("an army needs a name")
        with campaign_work(self.db) as w:
            row = w.army(army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            member = self._member(w, row.campaign_id, player)
            if member.role != PLAYER:
                raise CampaignError(f"{player} is an umpire, not a player")
            assert member.id is not None
            row.name, row.player_id = name, member.id
            self._commit(w, row, f"there is already an army called {name!r}")

    def delete_army(self, army_id: int) -> None:
        """Remove an army that fought no battle."""
        with campaign_work(self.db) as w:
            row = w.army(army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            self._check_unused(w, row)
            w.delete(row)
            w.commit()

    def games(self) -> list[GameSummary]:
        """Every game in the database (to link a battle run in eote-ref), latest first."""
        return list_games(self.db)

    # ------------------------------------------------------------------ reading
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

    # ------------------------------------------------------------------ battles
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

    def next_battle(self, campaign_id: int) -> BattleView | None:
        """The first battle, in date order, not yet decided nor run in eote-ref."""
        for b in self.view(campaign_id).battles:
            if b.game_id is None and not b.decided:
                return b
        return None

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
        problems = battle_checks.check_battle(w, campaign_id, spec)
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

    # ------------------------------------------------------------------ a game's hand-off
    def battle_of_game(self, game_id: int) -> tuple[int, BattleView] | None:
        """The campaign battle the game is linked to, as (campaign id, battle), if any.

        A game set up with :meth:`start_game` is linked from the start; a battle entered by
        hand may link it too. The first such battle is given (a game is normally linked once).
        """
        with campaign_work(self.db) as w:
            row = w.battle_of_game(game_id)
            if row is None or row.id is None:
                return None
            campaign_id, battle_id = row.campaign_id, row.id
        return campaign_id, self.battle(battle_id)

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

    def game_army_lists(self, game_id: int) -> tuple[list[str], list[str]]:
        """The names of the army lists each side of a game was set up from (none: empty)."""
        with campaign_work(self.db) as w:
            return carried.game_army_lists(w, game_id)

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
        if pack_battles.campaign_play(pack) is not None:
            if b.game_id is not None:
                raise CampaignError("this battle already has a game")
            return pack_battles.start_game(self.db, b, pack, dict(options or {}))
        return carried.start_game(self.db, b, options=options, initiative=initiative)

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

    # ------------------------------------------------------------------ CSV
    def export_csv(self, campaign_id: int, folder: pathlib.Path) -> list[pathlib.Path]:
        """Write the league tables (players, armies, nations) and the battle list as CSV files."""
        v = self.view(campaign_id)
        folder.mkdir(parents=True, exist_ok=True)
        files = {
            "league.csv": csv_tables.league_csv(v.league),
            "league-armies.csv": csv_tables.league_csv(v.league_by_army),
            "league-nations.csv": csv_tables.league_csv(
                [dataclasses.replace(r, name=nation_name(r.name)) for r in v.league_by_nation]
            ),
            "battles.csv": csv_tables.battles_csv(v.battles),
        }
        out = []
        for name, text in files.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            out.append(path)
        return out

    def parse_battles_csv(self, campaign_id: int, text: str) -> list[NewBattle]:
        """Read a battle-list CSV; CsvImportError lists every bad row by its line number."""
        header = csv_format.header_of(text)
        required = ("date", "scenario", "side_a", "side_b", "armies_a", "armies_b")
        missing = [c for c in required if c not in header]
        if missing:
            raise CsvImportError([f"line 1: missing column(s) {', '.join(missing)}"])
        problems: list[str] = []
        battles: list[NewBattle] = []
        with campaign_work(self.db) as w:
            campaign_row(w, campaign_id)
            context = battle_checks.battle_context(w, campaign_id)
            known = {name.casefold(): name for name in context[0]}
            try:
                for line, row in csv_format.read_rows(text, csv_tables.BATTLE_COLUMNS):
                    spec, errors = csv_tables.parse_row(row)
                    if spec is not None:
                        spec = csv_tables.known_armies(spec, known)
                        errors += battle_checks.check_battle(w, campaign_id, spec, context=context)
                    problems += [f"line {line}: {e}" for e in errors]
                    if spec is not None and not errors:
                        battles.append(spec)
            except csv_format.CsvFormatError as exc:
                raise CsvImportError([*problems, *exc.problems]) from exc
        if problems:
            raise CsvImportError(problems)
        return battles

    def import_battles(self, campaign_id: int, text: str) -> int:
        """Import a CSV file's battles in one transaction; nothing is imported if a row is bad.

        Returns:
            How many battles were imported.
        """
        battles = self.parse_battles_csv(campaign_id, text)
        with campaign_work(self.db) as w:
            draw = pack_battles.victory_levels(campaign_row(w, campaign_id).pack)[1]
            csv_tables.insert_battles(w, campaign_id, battles, draw)
            w.commit()
        return len(battles)
