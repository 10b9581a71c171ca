"""The campaign service's edits of campaigns, members and armies, one transaction each."""

from __future__ import annotations

import pathlib
from collections.abc import Iterable

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list
from eote_ref.armylists.model import ArmyList
from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.campaign import carried, pack_battles
from eote_ref.referee.campaign.base import PLAYER, ROLES, CampaignError, campaign_row
from eote_ref.referee.campaign.league import PointsScheme, carried_hits
from eote_ref.referee.campaign.reads import CampaignReads
from eote_ref.store.campaign_models import Campaign, CampaignArmy, CampaignMember, CampaignUnit
from eote_ref.store.campaigns import CampaignWork, campaign_work
from eote_ref.store.errors import DuplicateNameError


class CampaignRoster(CampaignReads):
    """Create, change and delete campaigns, their members and their armies."""

    # ------------------------------------------------------------------ campaigns
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
