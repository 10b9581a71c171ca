"""Club campaigns: members, armies with carried losses, battles, results and the league table.

:class:`CampaignService` is what the campaign window, the ``eote-ref campaign`` commands and
scripts hold. The league arithmetic is a set of pure functions (:func:`league_table`,
:func:`points_over_campaign`, :func:`carried_hits`) on plain :class:`BattleResult` records,
so it can be checked by hand and with Hypothesis; the service reads the stored battles into
those records every time, so editing or deleting a battle recomputes the table.

Carried losses: a battle set up from the campaign copies (:meth:`CampaignService.start_game`)
creates a game from each army's copy without its destroyed units, then puts the hits each unit
carries on its game unit as one journal event of kind
:data:`~eote_ref.referee.summary.CARRIED_LOSSES_KIND` right after set-up (the battle summary
leaves that event out of the battle's losses). After the battle
(:meth:`CampaignService.carry_losses`) each surviving unit's final hits go back to the copy less
the campaign's recovery (by default half the hits, rounded down, as a rally removes, EotE 9.1);
disintegrated units and units that routed off the table are marked destroyed.

Reversal: what a carried battle did to each campaign unit is recorded with the battle (its net
hits taken there, destroyed or not), and the carried state of every unit is *replayed* from
scratch from the remaining carried battles in date order (:func:`replay_carried`) after every
edit, deletion or change of the recovery. The state is therefore a pure function of the
campaign's battles, whatever order they were entered, edited or deleted in; subtracting
per-battle deltas instead would go wrong once the recovery's rounding or a destruction sits
between two battles and the earlier one is deleted.
"""

from __future__ import annotations

import dataclasses
import datetime
import pathlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import load_army_list, load_army_list_text
from eote_ref.armylists.model import ArmyList, Command
from eote_ref.referee import campaign_csv
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.rosters import to_spec
from eote_ref.referee.session import GameSummary, list_games
from eote_ref.referee.setup import FIGURE_SCALES
from eote_ref.referee.summary import CARRIED_LOSSES_KIND, battle_summary
from eote_ref.rulesets import load_default
from eote_ref.store import (
    Database,
    Game,
    GameSide,
    GameUnit,
    SetField,
    SideSpec,
    create_game,
)
from eote_ref.store.campaign_models import (
    DECISIVE,
    DRAW,
    MARGINAL,
    PLAYER,
    UMPIRE,
    Campaign,
    CampaignArmy,
    CampaignBattle,
    CampaignBattleArmy,
    CampaignMember,
    CampaignUnit,
)
from eote_ref.store.campaigns import CampaignRows, find_campaign, game_exists, load_campaign
from eote_ref.store.campaigns import list_campaigns as _list_campaigns
from eote_ref.store.errors import NotFoundError
from eote_ref.store.summary_queries import hit_changes, unit_sides

VICTORY_LEVELS = (DECISIVE, MARGINAL, DRAW)
ROLES = (PLAYER, UMPIRE)


class CampaignError(ValueError):
    """A campaign edit the referee refuses, with a sentence for the user."""


class CsvImportError(CampaignError):
    """A battle CSV file with bad rows; ``problems`` holds one ``line N: ...`` per problem."""

    def __init__(self, problems: Sequence[str]) -> None:
        super().__init__("\n".join(problems))
        self.problems = list(problems)


# ----------------------------------------------------------------------------- arithmetic


@dataclass(frozen=True)
class PointsScheme:
    """League points for a win, a draw and a loss (3/1/0 by default)."""

    win: int = 3
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class BattleResult:
    """A decided battle as the league sees it.

    ``sides`` holds the participants (players, armies or nations) on each side; ``winner`` is
    the winning side's index, None for a draw; ``losses`` the hits each side took.
    """

    battle_id: int
    date: datetime.date
    sides: tuple[tuple[str, ...], tuple[str, ...]]
    winner: int | None
    losses: tuple[int, int]


@dataclass(frozen=True)
class LeagueRow:
    """One line of a league table."""

    name: str
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    points: int = 0
    losses_inflicted: int = 0
    losses_suffered: int = 0

    @property
    def difference(self) -> int:
        """Losses inflicted less losses suffered."""
        return self.losses_inflicted - self.losses_suffered

    def cells(self, place: int, *, name: str | None = None) -> list[object]:
        """The row as the tables show it: place, name, P W D L, points, losses, difference."""
        return [
            place,
            self.name if name is None else name,
            self.played,
            self.won,
            self.drawn,
            self.lost,
            self.points,
            self.losses_inflicted,
            self.losses_suffered,
            self.difference,
        ]


def league_table(results: Iterable[BattleResult], points: PointsScheme) -> list[LeagueRow]:
    """The league table of ``results``: one row per participant, best first.

    A participant appearing on both sides of one battle is counted once per side. Every
    participant on a side is credited with the whole side's result and the losses the side
    inflicted and suffered. Order: points, wins, loss difference (descending), then name, so
    the table does not depend on the order the battles were entered.
    """
    rows: dict[str, LeagueRow] = {}
    for r in results:
        for index, side in enumerate(r.sides):
            if r.winner is None:
                outcome, score = "drawn", points.draw
            elif r.winner == index:
                outcome, score = "won", points.win
            else:
                outcome, score = "lost", points.loss
            for name in dict.fromkeys(side):
                row = rows.get(name, LeagueRow(name))
                rows[name] = dataclasses.replace(
                    row,
                    played=row.played + 1,
                    points=row.points + score,
                    losses_inflicted=row.losses_inflicted + r.losses[1 - index],
                    losses_suffered=row.losses_suffered + r.losses[index],
                    **{outcome: getattr(row, outcome) + 1},
                )
    return sorted(rows.values(), key=lambda r: (-r.points, -r.won, -r.difference, r.name))


def _battle_order(r: BattleResult) -> tuple[datetime.date, int]:
    return (r.date, r.battle_id)


def points_over_campaign(
    results: Iterable[BattleResult], points: PointsScheme
) -> dict[str, list[int]]:
    """Each participant's running points total after each battle, in date order.

    Every list has one value per battle (a participant who did not fight keeps his total).
    """
    ordered = sorted(results, key=_battle_order)
    names = sorted({n for r in ordered for side in r.sides for n in side})
    totals = dict.fromkeys(names, 0)
    series: dict[str, list[int]] = {n: [] for n in names}
    for r in ordered:
        for row in league_table([r], points):
            totals[row.name] += row.points
        for n in names:
            series[n].append(totals[n])
    return series


def carried_hits(hits: int, recovery_percent: int) -> int:
    """The hits a surviving unit keeps into the next battle.

    ``recovery_percent`` of the hits, rounded down, are removed between battles; 50 removes
    half the hits rounded down, as a rally does (EotE 9.1).
    """
    if not 0 <= recovery_percent <= 100:
        raise CampaignError("recovery must be 0..100 percent")
    return hits - hits * recovery_percent // 100


@dataclass(frozen=True)
class UnitOutcome:
    """What one battle did to a campaign unit: net hits taken there, destroyed or not."""

    hits_taken: int
    destroyed: bool = False
    disintegrated: bool = False


@dataclass(frozen=True)
class CarriedState:
    """The losses a campaign unit carries into its next battle."""

    hits: int = 0
    destroyed: bool = False
    disintegrated: bool = False


def replay_carried(
    battles: Iterable[Mapping[int, UnitOutcome]], recovery_percent: int
) -> dict[int, CarriedState]:
    """The carried state of every unit after ``battles`` (in the order fought), from fresh.

    A surviving unit adds the battle's net hits to what it carried (never below 0) and keeps
    that less the recovery (:func:`carried_hits`); a destroyed unit stays destroyed for the
    rest of the campaign, whatever a later record says. Units no battle touched are fresh and
    left out of the result.
    """
    state: dict[int, CarriedState] = {}
    for outcomes in battles:
        for unit, o in outcomes.items():
            prev = state.get(unit, CarriedState())
            if prev.destroyed:
                continue
            if o.destroyed:
                state[unit] = CarriedState(prev.hits, True, o.disintegrated)
            else:
                hits = max(0, prev.hits + o.hits_taken)
                state[unit] = CarriedState(carried_hits(hits, recovery_percent))
    return state


# ----------------------------------------------------------------------------- views


@dataclass(frozen=True)
class CampaignInfo:
    """A campaign's settings."""

    id: int
    name: str
    notes: str | None
    points: PointsScheme
    recovery_percent: int
    battles: int = 0


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

    @property
    def state(self) -> str:
        """``destroyed``, ``disintegrated``, ``N hits`` or ``fresh``."""
        if self.disintegrated:
            return "disintegrated"
        if self.destroyed:
            return "destroyed"
        if not self.hits:
            return "fresh"
        return f"{self.hits} hit{'s' if self.hits != 1 else ''}"


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
class BattleArmyView:
    """An army in a battle, with its losses there."""

    army_id: int
    army: str
    player: str
    nation: str
    side: int
    losses: int
    units_lost: int


@dataclass(frozen=True)
class BattleView:
    """A battle of a campaign with its result."""

    id: int
    date: datetime.date
    scenario: str
    table_size: str
    figure_scale: str
    umpire: str | None
    side_names: tuple[str, str]
    armies: tuple[BattleArmyView, ...]
    game_id: int | None
    victory: str | None
    winner: int | None
    notes: str | None
    carried: bool

    def side_armies(self, side: int) -> list[BattleArmyView]:
        """The armies on side ``side`` (0 or 1)."""
        return [a for a in self.armies if a.side == side]

    def players(self, side: int) -> tuple[str, ...]:
        """The players on side ``side``, without repeats."""
        return tuple(dict.fromkeys(a.player for a in self.side_armies(side)))

    def losses(self, side: int) -> int:
        """The hits side ``side`` took."""
        return sum(a.losses for a in self.side_armies(side))

    def units_lost(self, side: int) -> int:
        """The units side ``side`` lost for good."""
        return sum(a.units_lost for a in self.side_armies(side))

    @property
    def decided(self) -> bool:
        """Whether the umpire has given the result."""
        return self.victory is not None

    @property
    def result_text(self) -> str:
        """``French decisive``, ``draw`` or ``not played``."""
        if self.victory is None:
            return "not played"
        if self.victory == DRAW or self.winner is None:
            return "draw"
        return f"{self.side_names[self.winner]} {self.victory}"

    @property
    def label(self) -> str:
        """``2026-03-14 Quatre Bras`` (for charts and lists)."""
        return f"{self.date.isoformat()} {self.scenario}"


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


# ----------------------------------------------------------------------------- CSV format

#: Columns of the battle-list CSV (export and import); several armies are joined by ``; ``.
BATTLE_COLUMNS = (
    "date",
    "scenario",
    "table_size",
    "figure_scale",
    "umpire",
    "side_a",
    "side_b",
    "armies_a",
    "armies_b",
    "losses_a",
    "losses_b",
    "game_id",
    "victory",
    "winner",
    "notes",
)
LEAGUE_COLUMNS = (
    "position",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "points",
    "losses_inflicted",
    "losses_suffered",
)


def nation_name(nation: str) -> str:
    """A nation key as people write it: ``dutch-belgian`` → ``Dutch-Belgian``.

    (The army lists store the key in lower case; the window, the report and the CSV export
    show it capitalised.)
    """
    return "-".join(part.capitalize() for part in nation.split("-"))


def _split(text: str) -> list[str]:
    return campaign_csv.split_names(text)


def league_csv(rows: Sequence[LeagueRow]) -> str:
    """A league table as CSV text (cells a spreadsheet would run as formulas neutralised)."""
    # the CSV leaves the difference to the reader
    return campaign_csv.write_rows(
        [LEAGUE_COLUMNS, *(r.cells(i)[:-1] for i, r in enumerate(rows, 1))]
    )


def battles_csv(battles: Sequence[BattleView]) -> str:
    """A battle list as CSV text (the format :meth:`CampaignService.import_battles` reads)."""
    rows: list[Sequence[object]] = [BATTLE_COLUMNS]
    for b in sorted(battles, key=lambda b: (b.date, b.id)):
        a, z = b.side_armies(0), b.side_armies(1)
        rows.append(
            [
                b.date.isoformat(),
                b.scenario,
                b.table_size,
                b.figure_scale,
                b.umpire or "",
                b.side_names[0],
                b.side_names[1],
                campaign_csv.join_names(x.army for x in a),
                campaign_csv.join_names(x.army for x in z),
                "; ".join(str(x.losses) for x in a),
                "; ".join(str(x.losses) for x in z),
                "" if b.game_id is None else b.game_id,
                b.victory or "",
                "" if b.winner is None else b.side_names[b.winner],
                b.notes or "",
            ]
        )
    return campaign_csv.write_rows(rows)


# ----------------------------------------------------------------------------- service


def _walk_units(command: Command) -> list[tuple[str, str, str, int]]:
    out: list[tuple[str, str, str, int]] = []
    for c in command.walk():
        out.extend((u.name, c.name, u.arm.value, u.ce) for u in c.units)
    return out


def _without(army: ArmyList, dropped: set[int]) -> ArmyList:
    """The army list less the units whose file-order index is in ``dropped``."""
    counter = iter(range(1_000_000))

    def prune(c: Command) -> Command:
        kept = tuple(u for u in c.units if next(counter) not in dropped)
        return dataclasses.replace(c, units=kept, commands=tuple(prune(x) for x in c.commands))

    # walk order (a command's units, then its subordinates) equals Command.walk's file order
    return dataclasses.replace(army, army=prune(army.army))


class CampaignService:
    """Campaigns in one database: read views, edits (one transaction each), CSV and reports.

    Args:
        db: the open database.
    """

    def __init__(self, db: Database) -> None:
        self.db = db
        #: Game units the last :meth:`carry_losses` could not match by name to a campaign unit.
        self.unmatched: list[str] = []

    # ------------------------------------------------------------------ campaigns
    def list_campaigns(self) -> list[CampaignInfo]:
        """Every campaign, by name, with its number of battles."""
        with self.db.session() as s:
            out = []
            for c in _list_campaigns(s):
                assert c.id is not None
                n = len(
                    s.exec(
                        select(CampaignBattle.id).where(CampaignBattle.campaign_id == c.id)
                    ).all()
                )
                out.append(dataclasses.replace(self._info(c), battles=n))
            return out

    @staticmethod
    def _info(c: Campaign) -> CampaignInfo:
        assert c.id is not None
        return CampaignInfo(
            c.id,
            c.name,
            c.notes,
            PointsScheme(c.points_win, c.points_draw, c.points_loss),
            c.recovery_percent,
        )

    def create_campaign(
        self,
        name: str,
        *,
        points: PointsScheme | None = None,
        recovery_percent: int = 50,
        notes: str | None = None,
    ) -> int:
        """Create a campaign and return its id."""
        name = name.strip()
        if not name:
            raise CampaignError("a campaign needs a name")
        carried_hits(0, recovery_percent)  # checks the range
        p = points or PointsScheme()
        with self.db.session() as s:
            row = Campaign(
                name=name,
                notes=notes,
                points_win=p.win,
                points_draw=p.draw,
                points_loss=p.loss,
                recovery_percent=recovery_percent,
            )
            self._commit(s, row, f"there is already a campaign called {name!r}")
            assert row.id is not None
            return row.id

    def update_settings(
        self, campaign_id: int, *, points: PointsScheme, recovery_percent: int
    ) -> None:
        """Change the points scheme and the recovery (the league is recomputed from it)."""
        carried_hits(0, recovery_percent)
        with self.db.session() as s:
            c = self._campaign(s, campaign_id)
            c.points_win, c.points_draw, c.points_loss = points.win, points.draw, points.loss
            c.recovery_percent = recovery_percent
            s.add(c)
            s.flush()
            self._replay(s, campaign_id)
            s.commit()

    def find(self, name: str) -> int:
        """The id of the campaign called ``name`` (CampaignError if none)."""
        with self.db.session() as s:
            try:
                c = find_campaign(s, name)
            except NotFoundError as exc:
                raise CampaignError(str(exc)) from exc
            assert c.id is not None
            return c.id

    def delete_campaign(self, campaign_id: int) -> None:
        """Delete a campaign with its members, armies and battles (games are kept)."""
        with self.db.session() as s:
            s.delete(self._campaign(s, campaign_id))
            s.commit()

    @staticmethod
    def _campaign(s: Session, campaign_id: int) -> Campaign:
        c = s.get(Campaign, campaign_id)
        if c is None:
            raise CampaignError(f"there is no campaign {campaign_id}")
        return c

    @staticmethod
    def _commit(s: Session, row: object, duplicate: str) -> None:
        s.add(row)
        try:
            s.commit()
        except IntegrityError as exc:
            s.rollback()
            raise CampaignError(duplicate) from exc
        s.refresh(row)

    # ------------------------------------------------------------------ members and armies
    def add_member(self, campaign_id: int, name: str, role: str = PLAYER) -> int:
        """Add a player or umpire; returns the member's id."""
        name = name.strip()
        if role not in ROLES:
            raise CampaignError(f"a member is a {' or an '.join(ROLES)}")
        if not name:
            raise CampaignError("a member needs a name")
        with self.db.session() as s:
            self._campaign(s, campaign_id)
            row = CampaignMember(campaign_id=campaign_id, name=name, role=role)
            self._commit(s, row, f"{name} is already a member of this campaign")
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
        never reach the campaign. Returns the army's id.
        """
        army = (
            army_list
            if isinstance(army_list, ArmyList)
            else load_army_list(pathlib.Path(army_list)).army_list
        )
        army_name = (name or army.name).strip()
        with self.db.session() as s:
            self._campaign(s, campaign_id)
            member = self._member(s, campaign_id, player)
            if member.role != PLAYER:
                raise CampaignError(f"{player} is an umpire, not a player")
            assert member.id is not None
            row = CampaignArmy(
                campaign_id=campaign_id,
                player_id=member.id,
                name=army_name,
                nation=army.nation,
                army_list_yaml=dump_army_list(army),
            )
            s.add(row)
            try:
                s.flush()
            except IntegrityError as exc:
                s.rollback()
                raise CampaignError(f"there is already an army called {army_name!r}") from exc
            assert row.id is not None
            army_id = row.id
            for ref, (unit, division, arm, ce) in enumerate(_walk_units(army.army)):
                s.add(
                    CampaignUnit(
                        army_id=army_id, ref=ref, name=unit, division=division, arm=arm, ce=ce
                    )
                )
            s.commit()
            return army_id

    @staticmethod
    def _member(s: Session, campaign_id: int, name: str) -> CampaignMember:
        m = s.exec(
            select(CampaignMember).where(
                CampaignMember.campaign_id == campaign_id, CampaignMember.name == name
            )
        ).first()
        if m is None:
            raise CampaignError(f"{name!r} is not a member of this campaign")
        return m

    def army_list(self, army_id: int) -> ArmyList:
        """The campaign copy of an army, as a typed army list (every unit, destroyed or not)."""
        with self.db.session() as s:
            row = s.get(CampaignArmy, army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            return load_army_list_text(row.army_list_yaml, row.name).army_list

    def update_member(self, member_id: int, name: str, role: str) -> None:
        """Rename a member or change the role (a player with armies stays a player)."""
        name = name.strip()
        if role not in ROLES:
            raise CampaignError(f"a member is a {' or an '.join(ROLES)}")
        if not name:
            raise CampaignError("a member needs a name")
        with self.db.session() as s:
            m = s.get(CampaignMember, member_id)
            if m is None:
                raise CampaignError(f"there is no member {member_id}")
            if role != PLAYER and self._armies_of(s, member_id):
                raise CampaignError(f"{m.name} has armies in this campaign and stays a player")
            m.name, m.role = name, role
            self._commit(s, m, f"{name} is already a member of this campaign")

    def delete_member(self, member_id: int) -> None:
        """Remove a member with the armies (if no army fought a battle); umpiring is forgotten."""
        with self.db.session() as s:
            m = s.get(CampaignMember, member_id)
            if m is None:
                raise CampaignError(f"there is no member {member_id}")
            for a in self._armies_of(s, member_id):
                self._check_unused(s, a)
            s.delete(m)
            s.commit()

    @staticmethod
    def _armies_of(s: Session, member_id: int) -> list[CampaignArmy]:
        return list(s.exec(select(CampaignArmy).where(CampaignArmy.player_id == member_id)).all())

    @staticmethod
    def _check_unused(s: Session, army: CampaignArmy) -> None:
        n = len(
            s.exec(select(CampaignBattleArmy.id).where(CampaignBattleArmy.army_id == army.id)).all()
        )
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
        with self.db.session() as s:
            row = s.get(CampaignArmy, army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            member = self._member(s, row.campaign_id, player)
            if member.role != PLAYER:
                raise CampaignError(f"{player} is an umpire, not a player")
            assert member.id is not None
            row.name, row.player_id = name, member.id
            self._commit(s, row, f"there is already an army called {name!r}")

    def delete_army(self, army_id: int) -> None:
        """Remove an army that fought no battle."""
        with self.db.session() as s:
            row = s.get(CampaignArmy, army_id)
            if row is None:
                raise CampaignError(f"there is no campaign army {army_id}")
            self._check_unused(s, row)
            s.delete(row)
            s.commit()

    def games(self) -> list[GameSummary]:
        """Every game in the database (to link a battle run in eote-ref), latest first."""
        return list_games(self.db)

    # ------------------------------------------------------------------ reading
    def view(self, campaign_id: int) -> CampaignView:
        """The whole campaign: members, armies, battles, the league tables and points series."""
        with self.db.session() as s:
            try:
                rows = load_campaign(s, campaign_id)
            except NotFoundError as exc:
                raise CampaignError(str(exc)) from exc
        return _build_view(rows)

    def battle(self, battle_id: int) -> BattleView:
        """One battle."""
        with self.db.session() as s:
            b = s.get(CampaignBattle, battle_id)
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
        return battle_summary(GameService(self.db, b.game_id)).losses_per_turn

    # ------------------------------------------------------------------ battles
    def add_battle(self, campaign_id: int, spec: NewBattle) -> int:
        """Enter a battle (with its result when ``spec.victory`` is given); returns its id."""
        with self.db.session() as s:
            battle = CampaignBattle(campaign_id=campaign_id, date=spec.date, scenario="")
            self._fill(s, battle, campaign_id, spec)
            s.commit()
            assert battle.id is not None
            return battle.id

    def update_battle(self, battle_id: int, spec: NewBattle) -> None:
        """Replace a battle's details, armies and result (the league table follows).

        The carried state is replayed: a new date moves the battle's carried losses in the
        campaign's order, an army taken out of the battle loses what the battle did to it, and
        linking another game (or none) undoes the carry, which the new game may carry again.
        """
        with self.db.session() as s:
            battle = self._battle(s, battle_id)
            links = list(
                s.exec(
                    select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle_id)
                ).all()
            )
            if spec.game_id != battle.game_id:
                maps: dict[int, dict[str, int]] = {}
                results: dict[int, dict[str, list[int]]] = {}
                battle.carried = False
            else:
                maps = {ba.army_id: ba.unit_map for ba in links}
                results = {ba.army_id: ba.unit_results for ba in links}
            self._fill(s, battle, battle.campaign_id, spec, unit_maps=maps, unit_results=results)
            s.flush()
            self._replay(s, battle.campaign_id)
            s.commit()

    def delete_battle(self, battle_id: int) -> None:
        """Delete a battle and its result; the league table no longer counts it.

        Losses carried from it are undone (the carried state is replayed from the remaining
        battles); a linked game is kept.
        """
        with self.db.session() as s:
            battle = self._battle(s, battle_id)
            campaign_id = battle.campaign_id
            s.delete(battle)
            s.flush()
            self._replay(s, campaign_id)
            s.commit()

    def _replay(self, s: Session, campaign_id: int) -> int:
        """Recompute every unit's carried state from the carried battles; returns units changed.

        Battles are taken in date order (same-day battles by scenario name, then as entered).
        """
        recovery = self._campaign(s, campaign_id).recovery_percent
        battles = list(
            s.exec(
                select(CampaignBattle).where(
                    CampaignBattle.campaign_id == campaign_id, col(CampaignBattle.carried)
                )
            ).all()
        )
        battles.sort(key=lambda b: (b.date, b.scenario, b.id or 0))
        links: dict[int, list[CampaignBattleArmy]] = {}
        if battles:
            for link in s.exec(
                select(CampaignBattleArmy).where(
                    col(CampaignBattleArmy.battle_id).in_([b.id for b in battles])
                )
            ).all():
                links.setdefault(link.battle_id, []).append(link)
        records = []
        for b in battles:
            assert b.id is not None
            outcomes: dict[int, UnitOutcome] = {}
            for link in links.get(b.id, []):
                for cid, (taken, destroyed, disintegrated) in link.unit_results.items():
                    outcomes[int(cid)] = UnitOutcome(
                        int(taken), bool(destroyed), bool(disintegrated)
                    )
            records.append(outcomes)
        state = replay_carried(records, recovery)
        army_ids = s.exec(select(CampaignArmy.id).where(CampaignArmy.campaign_id == campaign_id))
        changed = 0
        for cu in s.exec(
            select(CampaignUnit).where(col(CampaignUnit.army_id).in_(list(army_ids)))
        ).all():
            assert cu.id is not None
            new = state.get(cu.id, CarriedState())
            if (cu.hits, cu.destroyed, cu.disintegrated) != (
                new.hits,
                new.destroyed,
                new.disintegrated,
            ):
                cu.hits, cu.destroyed, cu.disintegrated = new.hits, new.destroyed, new.disintegrated
                s.add(cu)
                changed += 1
        return changed

    def save_battle(self, campaign_id: int, spec: NewBattle, battle_id: int | None = None) -> int:
        """Add (``battle_id`` None) or replace a battle as the battle dialog gives it.

        A decided battle linked to a game takes its losses from the game's journal; a manual
        entry keeps the losses given. Returns the battle's id.
        """
        if battle_id is None:
            battle_id = self.add_battle(campaign_id, spec)
        else:
            self.update_battle(battle_id, spec)
        if spec.game_id is not None and spec.victory is not None:
            losses, lost = self._game_losses(battle_id)
            self.update_battle(battle_id, dataclasses.replace(spec, losses=losses, units_lost=lost))
        return battle_id

    def next_battle(self, campaign_id: int) -> BattleView | None:
        """The first battle, in date order, not yet decided nor run in eote-ref."""
        for b in self.view(campaign_id).battles:
            if b.game_id is None and not b.decided:
                return b
        return None

    @staticmethod
    def _battle(s: Session, battle_id: int) -> CampaignBattle:
        b = s.get(CampaignBattle, battle_id)
        if b is None:
            raise CampaignError(f"there is no battle {battle_id}")
        return b

    def _fill(
        self,
        s: Session,
        battle: CampaignBattle,
        campaign_id: int,
        spec: NewBattle,
        *,
        unit_maps: Mapping[int, dict[str, int]] | None = None,
        unit_results: Mapping[int, dict[str, list[int]]] | None = None,
    ) -> None:
        problems = self._check_battle(s, campaign_id, spec)
        if problems:
            raise CampaignError("; ".join(problems))
        armies = {
            a.name: a
            for a in s.exec(select(CampaignArmy).where(CampaignArmy.campaign_id == campaign_id))
        }
        umpire_id = self._member(s, campaign_id, spec.umpire).id if spec.umpire else None
        battle.date = spec.date
        battle.scenario = spec.scenario.strip()
        battle.table_size = spec.table_size
        battle.figure_scale = spec.figure_scale
        battle.umpire_id = umpire_id
        battle.side_names = [spec.side_names[0], spec.side_names[1]]
        battle.game_id = spec.game_id
        battle.victory = spec.victory
        battle.winner = None if spec.victory in (None, DRAW) else spec.winner
        battle.notes = spec.notes
        s.add(battle)
        s.flush()
        assert battle.id is not None
        for old in s.exec(
            select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle.id)
        ).all():
            s.delete(old)
        s.flush()
        for side, names in enumerate(spec.sides):
            for n in names:
                army_id = armies[n].id
                assert army_id is not None
                s.add(
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

    @staticmethod
    def _battle_context(s: Session, campaign_id: int) -> tuple[set[str], dict[str, str]]:
        """The army names and the members' roles of a campaign, for :meth:`_check_battle`."""
        armies = {
            a.name
            for a in s.exec(select(CampaignArmy).where(CampaignArmy.campaign_id == campaign_id))
        }
        members = {
            m.name: m.role
            for m in s.exec(select(CampaignMember).where(CampaignMember.campaign_id == campaign_id))
        }
        return armies, members

    @staticmethod
    def _check_battle(
        s: Session,
        campaign_id: int,
        spec: NewBattle,
        *,
        context: tuple[set[str], dict[str, str]] | None = None,
    ) -> list[str]:
        problems = []
        armies, members = context or CampaignService._battle_context(s, campaign_id)
        if not spec.scenario.strip():
            problems.append("a battle needs a scenario name")
        if spec.figure_scale not in FIGURE_SCALES:
            problems.append(f"figure scale must be one of {', '.join(FIGURE_SCALES)}")
        if spec.umpire and spec.umpire not in members:
            problems.append(f"umpire {spec.umpire!r} is not a member of this campaign")
        for side, names in enumerate(spec.sides):
            if not names:
                problems.append(f"side {'AB'[side]} has no army")
            problems += [f"there is no army called {n!r}" for n in names if n not in armies]
        both = set(spec.sides[0]) & set(spec.sides[1])
        problems += [f"{n!r} cannot fight on both sides" for n in sorted(both)]
        all_names = list(spec.sides[0]) + list(spec.sides[1])
        if len(all_names) != len(set(all_names)):
            problems.append("an army is listed twice")
        if spec.victory is not None:
            if spec.victory not in VICTORY_LEVELS:
                problems.append(f"victory must be one of {', '.join(VICTORY_LEVELS)}")
            elif spec.victory != DRAW and spec.winner not in (0, 1):
                problems.append("a decisive or marginal victory needs a winning side")
        elif spec.winner is not None:
            problems.append("a winner needs a victory level")
        if spec.game_id is not None and not game_exists(s, spec.game_id):
            problems.append(f"there is no game {spec.game_id}")
        problems += [
            f"losses of {n!r} cannot be negative"
            for n, v in {**spec.losses, **spec.units_lost}.items()
            if v < 0
        ]
        return problems

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
        """Hits taken and units lost per army in the linked game, from its journal and state.

        Units are attributed through the battle's unit map; a game not set up from the campaign
        copies has no map, and each side's losses go to its first army.
        """
        b = self.battle(battle_id)
        assert b.game_id is not None
        with self.db.session() as s:
            links = list(
                s.exec(
                    select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle_id)
                ).all()
            )
            changes = hit_changes(s, b.game_id)
            sides = unit_sides(s, b.game_id)
            units = {u.id: u for u in s.exec(select(GameUnit).where(GameUnit.game_id == b.game_id))}
        names = {a.army_id: a.army for a in b.armies}
        owner: dict[int, int] = {}
        for link in links:
            for gid in link.unit_map:
                owner[int(gid)] = link.army_id
        first_on_side = {}
        for a in reversed(b.armies):
            first_on_side[a.side] = a.army_id
        losses = dict.fromkeys(names.values(), 0)
        lost = dict.fromkeys(names.values(), 0)

        def army_of(unit_id: int, side: int | None) -> int | None:
            if owner:
                return owner.get(unit_id)
            return first_on_side.get(side) if side is not None else None

        for ch in changes:
            taken = ch.after - ch.before
            army = army_of(ch.unit_id, ch.side_position)
            if ch.kind == CARRIED_LOSSES_KIND or taken == 0 or army is None:
                continue
            losses[names[army]] += taken
        for uid, u in units.items():
            assert uid is not None
            army = army_of(uid, sides.get(uid))
            if army is not None and _is_lost(u):
                lost[names[army]] += 1
        return losses, lost

    # ------------------------------------------------------------------ a game's hand-off
    def battle_of_game(self, game_id: int) -> tuple[int, BattleView] | None:
        """The campaign battle the game is linked to, as (campaign id, battle), if any.

        A game set up with :meth:`start_game` is linked from the start; a battle entered by
        hand may link it too. The first such battle is given (a game is normally linked once).
        """
        with self.db.session() as s:
            row = s.exec(
                select(CampaignBattle)
                .where(CampaignBattle.game_id == game_id)
                .order_by(col(CampaignBattle.id))
            ).first()
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
        or whose army list's name, is one of a side's army lists is put on that side.
        """
        with self.db.session() as s:
            self._campaign(s, campaign_id)
            game = s.get(Game, game_id)
            if game is None:
                raise CampaignError(f"there is no game {game_id}")
            sides = list(
                s.exec(
                    select(GameSide)
                    .where(GameSide.game_id == game_id)
                    .order_by(col(GameSide.position))
                ).all()
            )
            armies = list(
                s.exec(select(CampaignArmy).where(CampaignArmy.campaign_id == campaign_id)).all()
            )
            name, scale = game.name, game.figure_scale
            side_names = [x.name for x in sides] + ["Side A", "Side B"][len(sides) :]
            side_lists: list[set[str]] = [set(x.army_lists) for x in sides[:2]]
            side_lists += [set(), set()][len(side_lists) :]
            found: tuple[list[str], list[str]] = ([], [])
            for a in armies:
                try:
                    list_name = load_army_list_text(a.army_list_yaml, a.name).army_list.name
                except ValueError:  # pragma: no cover - stored copies were valid when added
                    list_name = a.name
                for side in (0, 1):
                    if a.name in side_lists[side] or list_name in side_lists[side]:
                        found[side].append(a.name)
                        break
        return NewBattle(
            date=date or datetime.date.today(),
            scenario=name,
            sides=found,
            side_names=(side_names[0], side_names[1]),
            figure_scale=scale if scale in FIGURE_SCALES else "15mm",
            game_id=game_id,
        )

    def game_army_lists(self, game_id: int) -> tuple[list[str], list[str]]:
        """The names of the army lists each side of a game was set up from (none: empty)."""
        with self.db.session() as s:
            sides = s.exec(
                select(GameSide).where(GameSide.game_id == game_id).order_by(col(GameSide.position))
            ).all()
            lists = [list(x.army_lists) for x in sides[:2]]
        lists += [[], []][len(lists) :]
        return lists[0], lists[1]

    def can_carry_losses(self, battle_id: int) -> bool:
        """Whether the battle's game was set up from the campaign copies and not yet carried."""
        with self.db.session() as s:
            battle = self._battle(s, battle_id)
            if battle.carried or battle.game_id is None:
                return False
            armies = s.exec(
                select(CampaignBattleArmy.id).where(CampaignBattleArmy.battle_id == battle_id)
            ).all()
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
        put on as one journal event (kind :data:`CARRIED_LOSSES_KIND`) right after set-up.
        """
        b = self.battle(battle_id)
        if b.game_id is not None:
            raise CampaignError("this battle already has a game")
        opts = dict(options or {})
        ruleset = load_default().with_options(opts)
        with self.db.session() as s:
            campaign = self._campaign(s, self._battle(s, battle_id).campaign_id)
            per_side: list[list[tuple[int, ArmyList, list[CampaignUnit]]]] = [[], []]
            for a in b.armies:
                row = s.get(CampaignArmy, a.army_id)
                assert row is not None
                units = list(
                    s.exec(
                        select(CampaignUnit)
                        .where(CampaignUnit.army_id == a.army_id)
                        .order_by(col(CampaignUnit.ref))
                    ).all()
                )
                dropped = {u.ref for u in units if u.destroyed}
                army = load_army_list_text(row.army_list_yaml, row.name).army_list
                per_side[a.side].append(
                    (a.army_id, _without(army, dropped), [u for u in units if not u.destroyed])
                )
            sides = [
                SideSpec(b.side_names[i], tuple(to_spec(army) for _, army, _ in per_side[i]))
                for i in (0, 1)
            ]
            game = create_game(
                s,
                f"{campaign.name}: {b.scenario}",
                sides,
                ruleset="eote-6.2",
                ruleset_version=ruleset.version,
                options=opts,
                phase=Phase.COMMAND.value,
                initiative=initiative,
                figure_scale=b.figure_scale,
            )
            assert game.id is not None
            game_id = game.id
        service = GameService(self.db, game_id)
        view = service.view()
        maps: dict[int, dict[str, int]] = {}
        changes = []
        for side in (0, 1):
            game_units = view.sides[side].units
            campaign_units = [u for _, _, units in per_side[side] for u in units]
            owners = [army_id for army_id, _, units in per_side[side] for _ in units]
            if len(game_units) != len(campaign_units):  # pragma: no cover - set-up invariant
                raise CampaignError("the game's units do not match the campaign copies")
            for gu, cu, army_id in zip(game_units, campaign_units, owners, strict=True):
                assert cu.id is not None
                maps.setdefault(army_id, {})[str(gu.id)] = cu.id
                if cu.hits:
                    changes.append(SetField("game_unit", gu.id, "hits", cu.hits))
        if changes:
            service.record(
                CARRIED_LOSSES_KIND,
                f"losses carried from earlier battles of {campaign.name}",
                changes,
                inputs={"battle_id": battle_id},
            )
        with self.db.session() as s:
            battle = self._battle(s, battle_id)
            battle.game_id = game_id
            s.add(battle)
            for link in s.exec(
                select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle_id)
            ).all():
                link.unit_map = maps.get(link.army_id, {})
                s.add(link)
            s.commit()
        return game_id

    def carry_losses(self, battle_id: int) -> int:
        """Write the battle's losses back to the campaign copies; returns how many units changed.

        Each surviving unit keeps its final hits less the campaign's recovery; disintegrated
        units, and units that routed off the table, are marked destroyed. A game set up from the
        campaign copies (:meth:`start_game`) knows which unit is which; any other game's units
        are matched by name to the units of the campaign armies on their side, and those that
        match none are listed in :attr:`unmatched`. Only once per battle.
        """
        with self.db.session() as s:
            battle = self._battle(s, battle_id)
            if battle.carried:
                raise CampaignError("this battle's losses have already been carried")
            if battle.game_id is None:
                raise CampaignError("only a battle run in eote-ref can carry its losses")
            links = list(
                s.exec(
                    select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle_id)
                ).all()
            )
            mapping = {int(g): c for link in links for g, c in link.unit_map.items()}
            self.unmatched = []
            if not mapping:
                # A game not set up from the campaign copies: match its units by name.
                self.unmatched = _map_by_name(s, battle.game_id, links)
                mapping = {int(g): c for link in links for g, c in link.unit_map.items()}
                if not mapping:
                    raise CampaignError(
                        "none of the game's units has the name of a unit of the battle's "
                        "campaign armies, so no losses can be carried; units not matched: "
                        + ", ".join(self.unmatched)
                    )
            game_units = {
                u.id: u for u in s.exec(select(GameUnit).where(col(GameUnit.id).in_(list(mapping))))
            }
            # the hits each unit started with: the carried-losses event put them on
            start = {
                ch.unit_id: ch.after
                for ch in hit_changes(s, battle.game_id)
                if ch.kind == CARRIED_LOSSES_KIND
            }
            for link in links:
                results: dict[str, list[int]] = {}
                for g, cid in link.unit_map.items():
                    gu = game_units.get(int(g))
                    if gu is None:
                        continue
                    taken = gu.hits - start.get(int(g), 0)
                    results[str(cid)] = [taken, int(_is_destroyed(gu)), int(gu.disintegrated)]
                link.unit_results = results
                s.add(link)
            battle.carried = True
            s.add(battle)
            s.flush()
            changed = self._replay(s, battle.campaign_id)
            s.commit()
            return changed

    # ------------------------------------------------------------------ CSV
    def export_csv(self, campaign_id: int, folder: pathlib.Path) -> list[pathlib.Path]:
        """Write the league tables (players, armies, nations) and the battle list as CSV files."""
        v = self.view(campaign_id)
        folder.mkdir(parents=True, exist_ok=True)
        files = {
            "league.csv": league_csv(v.league),
            "league-armies.csv": league_csv(v.league_by_army),
            "league-nations.csv": league_csv(
                [dataclasses.replace(r, name=nation_name(r.name)) for r in v.league_by_nation]
            ),
            "battles.csv": battles_csv(v.battles),
        }
        out = []
        for name, text in files.items():
            path = folder / name
            path.write_text(text, encoding="utf-8")
            out.append(path)
        return out

    def parse_battles_csv(self, campaign_id: int, text: str) -> list[NewBattle]:
        """Read a battle-list CSV; CsvImportError lists every bad row by its line number."""
        header = campaign_csv.header_of(text)
        required = ("date", "scenario", "side_a", "side_b", "armies_a", "armies_b")
        missing = [c for c in required if c not in header]
        if missing:
            raise CsvImportError([f"line 1: missing column(s) {', '.join(missing)}"])
        problems: list[str] = []
        battles: list[NewBattle] = []
        with self.db.session() as s:
            self._campaign(s, campaign_id)
            context = self._battle_context(s, campaign_id)
            known = {name.casefold(): name for name in context[0]}
            try:
                for line, row in campaign_csv.read_rows(text, BATTLE_COLUMNS):
                    spec, errors = _parse_row(row)
                    if spec is not None:
                        spec = _known_armies(spec, known)
                        errors += self._check_battle(s, campaign_id, spec, context=context)
                    problems += [f"line {line}: {e}" for e in errors]
                    if spec is not None and not errors:
                        battles.append(spec)
            except campaign_csv.CsvFormatError as exc:
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
        with self.db.session() as s:
            armies: dict[str, int] = {
                a.name: a.id
                for a in s.exec(select(CampaignArmy).where(CampaignArmy.campaign_id == campaign_id))
                if a.id is not None
            }
            members = {
                m.name: m.id
                for m in s.exec(
                    select(CampaignMember).where(CampaignMember.campaign_id == campaign_id)
                )
            }
            values = [  # checked by parse_battles_csv: inserted in bulk, one transaction
                {
                    "campaign_id": campaign_id,
                    "date": spec.date,
                    "scenario": spec.scenario.strip(),
                    "table_size": spec.table_size,
                    "figure_scale": spec.figure_scale,
                    "umpire_id": members[spec.umpire] if spec.umpire else None,
                    "side_names": [spec.side_names[0], spec.side_names[1]],
                    "game_id": spec.game_id,
                    "victory": spec.victory,
                    "winner": None if spec.victory in (None, DRAW) else spec.winner,
                    "notes": spec.notes,
                }
                for spec in battles
            ]
            if not values:
                return 0
            ids = s.execute(
                insert(CampaignBattle).returning(
                    col(CampaignBattle.id),
                    sort_by_parameter_order=True,
                ),
                values,
            ).scalars()
            links = [
                {
                    "battle_id": battle_id,
                    "army_id": armies[n],
                    "side": side,
                    "losses": int(spec.losses.get(n, 0)),
                    "units_lost": int(spec.units_lost.get(n, 0)),
                    "unit_map": {},
                    "unit_results": {},
                }
                for battle_id, spec in zip(list(ids), battles, strict=True)
                for side, names in enumerate(spec.sides)
                for n in names
            ]
            s.execute(insert(CampaignBattleArmy), links)
            s.commit()
        return len(battles)


def _map_by_name(s: Session, game_id: int, links: Sequence[CampaignBattleArmy]) -> list[str]:
    """Fill each army's unit map by matching game units to campaign units by name, per side.

    Names match ignoring case; a name used twice matches in list order. Returns the names of
    the game units that matched nothing.
    """
    sides = unit_sides(s, game_id)
    game_units = list(
        s.exec(select(GameUnit).where(GameUnit.game_id == game_id).order_by(col(GameUnit.id)))
    )
    free: dict[tuple[int, str], list[tuple[CampaignBattleArmy, int]]] = {}
    for link in links:
        units = s.exec(
            select(CampaignUnit)
            .where(CampaignUnit.army_id == link.army_id)
            .order_by(col(CampaignUnit.ref))
        )
        for cu in units:
            assert cu.id is not None
            free.setdefault((link.side, cu.name.casefold()), []).append((link, cu.id))
    maps: dict[int, dict[str, int]] = {id(link): {} for link in links}
    unmatched: list[str] = []
    for gu in game_units:
        assert gu.id is not None
        side = sides.get(gu.id)
        candidates = free.get((side if side is not None else -1, gu.name.casefold()))
        if not candidates:
            unmatched.append(gu.name)
            continue
        link, cid = candidates.pop(0)
        maps[id(link)][str(gu.id)] = cid
    for link in links:
        link.unit_map = maps[id(link)]
        s.add(link)
    return unmatched


def _is_lost(u: GameUnit) -> bool:
    """Lost to the battle: routed, disintegrated, or removed from the table (hits count apart)."""
    return u.routed or u.disintegrated or u.off_table


def _is_destroyed(u: GameUnit) -> bool:
    """Disintegrated, or routed off the table (EotE 7.5): lost to the campaign."""
    return u.disintegrated or (u.routed and u.off_table)


def _known_armies(spec: NewBattle, known: Mapping[str, str]) -> NewBattle:
    """``spec`` with its army names spelt as the campaign spells them (any case matches)."""

    def name(n: str) -> str:
        return known.get(n.casefold(), n)

    return dataclasses.replace(
        spec,
        sides=([name(n) for n in spec.sides[0]], [name(n) for n in spec.sides[1]]),
        losses={name(n): v for n, v in spec.losses.items()},
        units_lost={name(n): v for n, v in spec.units_lost.items()},
    )


def _parse_row(row: Mapping[str, str | None]) -> tuple[NewBattle | None, list[str]]:
    errors: list[str] = []

    def get(key: str) -> str:
        value = row.get(key)
        return (value or "").strip()

    try:
        date = datetime.date.fromisoformat(get("date"))
    except ValueError:
        errors.append(f"date {get('date')!r} is not YYYY-MM-DD")
        date = datetime.date.min
    side_names = (get("side_a") or "Side A", get("side_b") or "Side B")
    armies = (_split(get("armies_a")), _split(get("armies_b")))
    losses: dict[str, int] = {}
    for key, names in (("losses_a", armies[0]), ("losses_b", armies[1])):
        parts = _split(get(key))
        if not parts:
            continue
        if len(parts) != len(names):
            errors.append(f"{key} needs one number per army ({len(names)})")
            continue
        for n, p in zip(names, parts, strict=True):
            number = campaign_csv.whole_number(p)
            if number is None:
                errors.append(
                    f"{key}: {p[:40]!r} is not a whole number from 0 to {campaign_csv.MAX_NUMBER}"
                )
            else:
                losses[n] = number
    game_id: int | None = None
    if get("game_id"):
        game_id = campaign_csv.whole_number(get("game_id"))
        if game_id is None:
            errors.append(f"game_id {get('game_id')[:40]!r} is not a number")
    victory = get("victory").lower() or None
    winner: int | None = None
    if get("winner"):  # any case: "french" and "FRENCH" name the side "French"
        folded = [n.casefold() for n in side_names]
        if get("winner").casefold() not in folded:
            errors.append(
                f"winner {get('winner')!r} is neither {side_names[0]} nor {side_names[1]}"
            )
        else:
            winner = folded.index(get("winner").casefold())
    if errors:
        return None, errors
    return (
        NewBattle(
            date=date,
            scenario=get("scenario"),
            sides=armies,
            side_names=side_names,
            table_size=get("table_size"),
            figure_scale=get("figure_scale") or "15mm",
            umpire=get("umpire") or None,
            game_id=game_id,
            victory=victory,
            winner=winner,
            notes=get("notes") or None,
            losses=losses,
        ),
        [],
    )


def _build_view(rows: CampaignRows) -> CampaignView:
    info = CampaignService._info(rows.campaign)
    members = {m.id: m for m in rows.members}
    armies = {a.id: a for a in rows.armies}
    units_by_army: dict[int, list[UnitState]] = {}
    for u in rows.units:
        assert u.id is not None
        units_by_army.setdefault(u.army_id, []).append(
            UnitState(
                u.id, u.ref, u.name, u.division, u.arm, u.ce, u.hits, u.destroyed, u.disintegrated
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
            winner=None if b.victory == DRAW else b.winner,
            losses=(b.losses(0), b.losses(1)),
        )
        for b in battles
        if b.decided
    ]
