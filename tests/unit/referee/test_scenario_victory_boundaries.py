"""The scenario victory level at its boundaries (docs/scenario-format.md, "Victory level").

A house rule, EotE 6.2 setting none: a side ahead by ``decisive_margin`` points or more wins
decisively, ahead by less marginally, level points are a draw; a side whose units lost reach
its breakpoint's share has lost decisively. Each boundary is tested one point (or one unit)
on either side, so moving any comparison by one fails here.
"""

from __future__ import annotations

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.scenario_play import (
    DECISIVE,
    DRAW,
    MARGINAL,
    BreakpointView,
    ScenarioService,
    victory_of,
)
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database

NAMES = ("French", "Allied")


def _points(first: int, second: int) -> tuple[tuple[str, int, int | None], ...]:
    return (("Here", first, 0), ("There", second, 1))


@pytest.mark.parametrize("margin", [1, 2, 4, 6])
@pytest.mark.parametrize("winner", [0, 1])
def test_the_decisive_margin_is_the_first_decisive_difference(margin: int, winner: int) -> None:
    def level(diff: int) -> tuple[str, int | None]:
        lead = 3 + diff
        pts = _points(lead, 3) if winner == 0 else _points(3, lead)
        v = victory_of((), pts, margin, NAMES)
        return v.level, v.winner

    assert level(0) == (DRAW, None)
    for diff in range(1, margin):
        assert level(diff) == (MARGINAL, winner), diff  # margin - 1 and below: marginal
    assert level(margin) == (DECISIVE, winner)  # at the margin: decisive
    assert level(margin + 1) == (DECISIVE, winner)


def test_one_point_either_side_of_level_is_a_marginal_win_for_the_one_ahead() -> None:
    def level(first: int, second: int) -> tuple[str, int | None]:
        v = victory_of((), _points(first, second), 4, NAMES)
        return v.level, v.winner

    assert level(2, 2) == (DRAW, None)
    assert level(3, 2) == (MARGINAL, 0)
    assert level(2, 3) == (MARGINAL, 1)


def _side(side: int, lost: int, total: int = 10, share: int = 50) -> BreakpointView:
    return BreakpointView(side, None, share, 0, lost, total)


@pytest.mark.parametrize(("share", "total", "at"), [(50, 10, 5), (50, 9, 5), (34, 12, 5)])
def test_a_side_breaks_when_its_losses_reach_the_share_not_one_unit_before(
    share: int, total: int, at: int
) -> None:
    # ``at`` is the fewest lost units reaching ``share`` per cent of ``total``
    assert at * 100 >= share * total > (at - 1) * 100
    before = _side(1, at - 1, total, share)
    reached = _side(1, at, total, share)
    assert not before.broken
    assert reached.broken
    # a side at its breakpoint has lost decisively whatever the points
    v = victory_of((reached,), _points(0, 9), 4, NAMES)
    assert (v.level, v.winner) == (DECISIVE, 0)
    v = victory_of((before,), _points(0, 9), 4, NAMES)
    assert (v.level, v.winner) == (DECISIVE, 1)  # on points: 9 ahead
    v = victory_of((before,), _points(0, 3), 4, NAMES)
    assert (v.level, v.winner) == (MARGINAL, 1)


def test_both_sides_at_their_breakpoints_go_to_the_points() -> None:
    both = (_side(0, 5), _side(1, 5))
    assert victory_of(both, _points(4, 0), 4, NAMES).level == DECISIVE
    assert victory_of(both, _points(3, 0), 4, NAMES).level == MARGINAL
    assert victory_of(both, _points(3, 3), 4, NAMES).level == DRAW


def test_a_broken_command_gives_its_points_to_the_other_side() -> None:
    division = BreakpointView(1, "1st Division", 50, 2, 2, 4)
    assert division.broken
    held = victory_of((division,), _points(2, 0), 4, NAMES)  # 2 held + 2 for the division
    assert (held.level, held.winner, held.points) == (DECISIVE, 0, (4, 0))
    intact = BreakpointView(1, "1st Division", 50, 2, 1, 4)
    assert victory_of((intact,), _points(2, 0), 4, NAMES).level == MARGINAL


@pytest.mark.parametrize(
    ("french", "allied", "level"),
    [
        # Hougoumont: the château 4, the orchard 1, the wood 1; decisive_margin 4
        (["Hougoumont château and farm"], ["The orchard"], MARGINAL),  # 4 to 1: margin - 1
        (["Hougoumont château and farm"], [], DECISIVE),  # 4 to 0: the margin
        (["Hougoumont château and farm", "The orchard"], [], DECISIVE),  # 5 to 0
    ],
)
def test_a_scenario_game_at_its_margin(
    db: Database, french: list[str], allied: list[str], level: str
) -> None:
    path = next(p for p in shipped_scenarios() if p.stem == "waterloo-hougoumont")
    game = GameService(db, create_scenario_game(db, load(path)))
    scenario = ScenarioService(game)
    for name, _points, _held in scenario.view().objectives:
        scenario.set_held(name, 0 if name in french else 1 if name in allied else None)
    v = scenario.view().victory
    assert (v.level, v.winner) == (level, 0)
