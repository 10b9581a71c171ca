"""What the campaign window, the commands and the report read: views of a campaign's rows.

The views are frozen records built from the stored rows in one pass (:func:`build_view`),
league tables included (:mod:`eote_ref.referee.campaign.league`).
"""

from __future__ import annotations

import datetime
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.campaign import pack_battles
from eote_ref.referee.campaign.base import DRAW, VICTORY_LEVELS
from eote_ref.referee.campaign.battle_view import BattleArmyView, BattleView
from eote_ref.referee.campaign.league import (
    BattleResult,
    LeagueRow,
    PointsScheme,
    league_table,
    points_over_campaign,
)
from eote_ref.store.campaign_models import Campaign, CampaignBattleArmy
from eote_ref.store.campaigns import CampaignRows


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign's settings."""

    id: int
    name: str
    notes: str | None
    points: PointsScheme
    recovery_percent: int
    battles: int = 0
    #: The pack the campaign's battles are played with, and its victory levels (best first)
    #: with the one that has no winner.
    pack: str = DEFAULT_PACK
    victory_levels: tuple[str, ...] = VICTORY_LEVELS
    draw: str = DRAW
    #: The pack's words for the losses a unit keeps (one, several), a side's losses in a
    #: battle as a heading and as a phrase: EotE's ``hit``/``hits``, ``Hits``, ``hits taken``.
    measure: tuple[str, str] = ("hit", "hits")
    losses_column: str = "Hits"
    losses_taken: str = "hits taken"

    def counted(self, n: int) -> str:
        """``n`` losses in the pack's words, for one or several: ``1 hit``, ``2 hits``."""
        return counted(n, self.measure)


def counted(n: int, measure: tuple[str, str]) -> str:
    """``n`` and the word of ``measure`` (one, several) it takes: ``1 hit``, ``0 hits``."""
    return f"{n} {measure[0] if n == 1 else measure[1]}"


@dataclass(frozen=True)
class MemberView:
    """A member of a campaign."""

    id: int
    name: str
    role: str


@dataclass(frozen=True)
class UnitState:
    """A unit of a campaign army with the losses it carries."""

    id: int
    ref: int
    name: str
    division: str
    arm: str
    ce: int
    hits: int
    destroyed: bool
    disintegrated: bool
    #: The losses it keeps, in the pack's words: one and several (EotE's hits).
    measure: tuple[str, str] = ("hit", "hits")

    @property
    def state(self) -> str:
        """``destroyed``, ``disintegrated``, ``N hits`` (the pack's measure) or ``fresh``."""
        if self.disintegrated:
            return "disintegrated"
        if self.destroyed:
            return "destroyed"
        if not self.hits:
            return "fresh"
        return counted(self.hits, self.measure)


@dataclass(frozen=True)
class ArmyView:
    """A campaign army: its player, nation and the state of its units."""

    id: int
    name: str
    nation: str
    player: str
    units: tuple[UnitState, ...]

    @property
    def units_destroyed(self) -> int:
        """How many of its units are destroyed (disintegrated included)."""
        return sum(1 for u in self.units if u.destroyed)

    @property
    def hits_carried(self) -> int:
        """Hits carried by its surviving units."""
        return sum(u.hits for u in self.units if not u.destroyed)


@dataclass(frozen=True)
class CampaignView:
    """Everything the campaign window shows."""

    info: CampaignInfo
    members: tuple[MemberView, ...]
    armies: tuple[ArmyView, ...]
    battles: tuple[BattleView, ...]
    league: tuple[LeagueRow, ...]
    league_by_army: tuple[LeagueRow, ...]
    league_by_nation: tuple[LeagueRow, ...]
    points_series: dict[str, list[int]] = field(default_factory=dict)

    @property
    def decided_battles(self) -> list[BattleView]:
        """The battles with a result, in date order."""
        return sorted((b for b in self.battles if b.decided), key=lambda b: (b.date, b.id))


@dataclass(frozen=True)
class NewBattle:
    """What a battle is entered with (the result comes later, or with it for a manual entry).

    ``sides`` holds the army names on each side; ``losses`` the hits each army took (by army
    name) and ``units_lost`` the units each lost, for battles not run in eote-ref.
    """

    date: datetime.date
    scenario: str
    sides: tuple[Sequence[str], Sequence[str]]
    side_names: tuple[str, str] = ("Side A", "Side B")
    table_size: str = ""
    figure_scale: str = "15mm"
    umpire: str | None = None
    game_id: int | None = None
    victory: str | None = None
    winner: int | None = None
    notes: str | None = None
    losses: Mapping[str, int] = field(default_factory=dict)
    units_lost: Mapping[str, int] = field(default_factory=dict)


def nation_name(nation: str) -> str:
    """A nation key as people write it: ``dutch-belgian`` → ``Dutch-Belgian``.

    (The army lists store the key in lower case; the window, the report and the CSV export
    show it capitalised.)
    """
    return "-".join(part.capitalize() for part in nation.split("-"))


def info_of(c: Campaign) -> CampaignInfo:
    """A stored campaign's settings."""
    assert c.id is not None
    levels, draw = pack_battles.victory_levels(c.pack)
    column, taken = pack_battles.losses_words(c.pack)
    return CampaignInfo(
        c.id,
        c.name,
        c.notes,
        PointsScheme(c.points_win, c.points_draw, c.points_loss),
        c.recovery_percent,
        pack=c.pack,
        victory_levels=levels,
        draw=draw,
        measure=pack_battles.measure(c.pack),
        losses_column=column,
        losses_taken=taken,
    )


def build_view(rows: CampaignRows) -> CampaignView:
    """The whole campaign from its stored rows: armies, battles, league tables, points."""
    info = info_of(rows.campaign)
    members = {m.id: m for m in rows.members}
    armies = {a.id: a for a in rows.armies}
    units_by_army: dict[int, list[UnitState]] = {}
    words = pack_battles.measure(info.pack)
    for u in rows.units:
        assert u.id is not None
        units_by_army.setdefault(u.army_id, []).append(
            UnitState(
                u.id,
                u.ref,
                u.name,
                u.division,
                u.arm,
                u.ce,
                u.hits,
                u.destroyed,
                u.disintegrated,
                words,
            )
        )
    army_views = []
    for a in rows.armies:
        assert a.id is not None
        army_views.append(
            ArmyView(
                a.id,
                a.name,
                a.nation,
                members[a.player_id].name,
                tuple(units_by_army.get(a.id, [])),
            )
        )
    links: dict[int, list[CampaignBattleArmy]] = {}
    for link in rows.battle_armies:
        links.setdefault(link.battle_id, []).append(link)
    battles = []
    for b in rows.battles:
        assert b.id is not None
        names = list(b.side_names) + ["Side A", "Side B"][len(b.side_names) :]
        ums = members.get(b.umpire_id) if b.umpire_id is not None else None
        battles.append(
            BattleView(
                id=b.id,
                date=b.date,
                scenario=b.scenario,
                table_size=b.table_size,
                figure_scale=b.figure_scale,
                umpire=ums.name if ums else None,
                side_names=(names[0], names[1]),
                armies=tuple(
                    BattleArmyView(
                        link.army_id,
                        armies[link.army_id].name,
                        members[armies[link.army_id].player_id].name,
                        armies[link.army_id].nation,
                        link.side,
                        link.losses,
                        link.units_lost,
                    )
                    for link in sorted(links.get(b.id, []), key=lambda x: (x.side, x.id or 0))
                ),
                game_id=b.game_id,
                victory=b.victory,
                winner=b.winner,
                notes=b.notes,
                carried=b.carried,
            )
        )
    battles.sort(key=lambda b: (b.date, b.id))
    by_player = results_of(battles, "player")
    return CampaignView(
        info=info,
        members=tuple(MemberView(m.id or 0, m.name, m.role) for m in rows.members),
        armies=tuple(army_views),
        battles=tuple(battles),
        league=tuple(league_table(by_player, info.points)),
        league_by_army=tuple(league_table(results_of(battles, "army"), info.points)),
        league_by_nation=tuple(league_table(results_of(battles, "nation"), info.points)),
        points_series=points_over_campaign(by_player, info.points),
    )


def results_of(battles: Iterable[BattleView], by: str = "player") -> list[BattleResult]:
    """The decided battles as league results, by ``player``, ``army`` or ``nation``."""

    def names(b: BattleView, side: int) -> tuple[str, ...]:
        return tuple(dict.fromkeys(getattr(a, by) for a in b.side_armies(side)))

    return [
        BattleResult(
            battle_id=b.id,
            date=b.date,
            sides=(names(b, 0), names(b, 1)),
            winner=None if b.victory == DRAW else b.winner,  # any pack's draw has no winner
            losses=(b.losses(0), b.losses(1)),
        )
        for b in battles
        if b.decided
    ]
