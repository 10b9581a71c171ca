"""The campaign's arithmetic: league tables, points over time, carried hits and their replay.

Pure functions on plain records (:class:`BattleResult`, :class:`UnitOutcome`), so they can be
checked by hand and with Hypothesis; the service reads the stored battles into these records
every time, so editing or deleting a battle recomputes everything.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from eote_ref.referee.campaign.base import CampaignError


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
