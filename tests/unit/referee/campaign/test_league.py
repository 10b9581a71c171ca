"""League arithmetic of campaigns: hand-worked tables and invariants (Hypothesis)."""

from __future__ import annotations

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.referee.campaign import (
    BattleResult,
    CampaignError,
    CarriedState,
    LeagueRow,
    PointsScheme,
    UnitOutcome,
    carried_hits,
    league_table,
    points_over_campaign,
    replay_carried,
)

D = datetime.date(2026, 3, 1)


def result(bid: int, a: tuple[str, ...], b: tuple[str, ...], winner: int | None, la: int, lb: int):
    return BattleResult(bid, D + datetime.timedelta(days=bid), (a, b), winner, (la, lb))


def test_hand_worked_league() -> None:
    results = [
        result(1, ("Alice",), ("Bob",), 0, 5, 12),  # Alice beats Bob
        result(2, ("Carol",), ("Alice",), None, 7, 7),  # draw
        result(3, ("Bob", "Dan"), ("Carol",), 0, 4, 9),  # Bob and Dan beat Carol
    ]
    table = league_table(results, PointsScheme())
    assert table == [
        LeagueRow("Alice", 2, 1, 1, 0, 4, 19, 12),
        LeagueRow("Dan", 1, 1, 0, 0, 3, 9, 4),  # level with Bob on points and wins, +5 v -2
        LeagueRow("Bob", 2, 1, 0, 1, 3, 14, 16),
        LeagueRow("Carol", 2, 0, 1, 1, 1, 11, 16),
    ]
    assert table[0].difference == 7
    custom = {r.name: r.points for r in league_table(results, PointsScheme(2, 1, -1))}
    assert custom == {"Alice": 3, "Bob": 1, "Dan": 2, "Carol": 0}


def test_points_over_the_campaign_run_in_date_order() -> None:
    results = [
        result(3, ("Bob",), ("Carol",), 1, 0, 0),
        result(1, ("Alice",), ("Bob",), 0, 0, 0),
        result(2, ("Carol",), ("Alice",), None, 0, 0),
    ]
    assert points_over_campaign(results, PointsScheme()) == {
        "Alice": [3, 4, 4],
        "Bob": [0, 0, 0],
        "Carol": [0, 1, 4],
    }


@pytest.mark.parametrize(
    ("hits", "percent", "kept"),
    [(0, 50, 0), (1, 50, 1), (5, 50, 3), (6, 50, 3), (7, 0, 7), (7, 100, 0), (9, 25, 7)],
)
def test_carried_hits_remove_the_recovery_rounded_down(hits: int, percent: int, kept: int) -> None:
    assert carried_hits(hits, percent) == kept


def test_recovery_out_of_range_is_refused() -> None:
    with pytest.raises(CampaignError):
        carried_hits(3, 101)


NAMES = st.sampled_from(["Alice", "Bob", "Carol", "Dan", "Eve"])


@st.composite
def results_strategy(draw: st.DrawFn) -> list[BattleResult]:
    n = draw(st.integers(0, 12))
    out = []
    for i in range(n):
        a = tuple(draw(st.lists(NAMES, min_size=1, max_size=2, unique=True)))
        b = tuple(
            draw(
                st.lists(
                    NAMES.filter(lambda x, a=a: x not in a), min_size=1, max_size=2, unique=True
                )
            )
        )
        out.append(
            BattleResult(
                i,
                D + datetime.timedelta(days=draw(st.integers(0, 30))),
                (a, b),
                draw(st.sampled_from([0, 1, None])),
                (draw(st.integers(0, 40)), draw(st.integers(0, 40))),
            )
        )
    return out


SCHEMES = st.builds(PointsScheme, st.integers(0, 5), st.integers(0, 3), st.integers(-1, 1))


@given(results_strategy(), SCHEMES)
def test_points_add_up(results: list[BattleResult], points: PointsScheme) -> None:
    table = league_table(results, points)
    expected = 0
    for r in results:
        for i, side in enumerate(r.sides):
            each = (
                points.draw if r.winner is None else (points.win if r.winner == i else points.loss)
            )
            expected += each * len(side)
    assert sum(row.points for row in table) == expected
    for row in table:
        assert row.played == row.won + row.drawn + row.lost
        assert row.points == row.won * points.win + row.drawn * points.draw + row.lost * points.loss
    assert sum(row.played for row in table) == sum(
        len(a) + len(b) for a, b in (r.sides for r in results)
    )
    # losses inflicted by everyone equal losses suffered by everyone
    assert sum(r.losses_inflicted for r in table) == sum(
        la * len(b) + lb * len(a) for (a, b), (la, lb) in ((r.sides, r.losses) for r in results)
    )
    series = points_over_campaign(results, points)
    assert {name: values[-1] for name, values in series.items()} == {
        row.name: row.points for row in table
    }


@given(results_strategy(), SCHEMES, st.randoms(use_true_random=False))
def test_league_does_not_depend_on_battle_order(
    results: list[BattleResult], points: PointsScheme, rnd
) -> None:
    shuffled = list(results)
    rnd.shuffle(shuffled)
    assert league_table(shuffled, points) == league_table(results, points)
    assert points_over_campaign(shuffled, points) == points_over_campaign(results, points)


def test_replay_carried_hand_worked() -> None:
    one, four = {7: UnitOutcome(1)}, {7: UnitOutcome(4)}
    assert replay_carried([one, four], 50) == {7: CarriedState(3)}  # 1 keeps 1; 5 keeps 3
    assert replay_carried([four, one], 50) == {7: CarriedState(2)}  # 4 keeps 2; 3 keeps 2
    gone = {7: UnitOutcome(2, destroyed=True, disintegrated=True)}
    assert replay_carried([one, gone, four], 50) == {7: CarriedState(1, True, True)}
    assert replay_carried([{7: UnitOutcome(-3)}], 50) == {7: CarriedState(0)}


OUTCOMES = st.dictionaries(
    st.integers(0, 4),
    st.builds(UnitOutcome, st.integers(-2, 8), st.booleans(), st.booleans()),
    max_size=5,
)


@given(st.lists(OUTCOMES, max_size=6), st.integers(0, 100))
def test_replay_never_negative_and_destruction_is_final(
    battles: list[dict[int, UnitOutcome]], percent: int
) -> None:
    """Hits carried are never negative; a unit destroyed once stays destroyed."""
    state = replay_carried(battles, percent)
    assert all(s.hits >= 0 for s in state.values())
    for unit in {u for b in battles for u, o in b.items() if o.destroyed}:
        assert state[unit].destroyed
