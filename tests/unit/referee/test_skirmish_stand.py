"""The skirmish stand's own hits (EotE 5.4, 5.5) on a real Waterloo game file.

Hand-worked cases: detaching marks the parent with one hit; the stand keeps its own hits;
reforming takes the detach hit off and hands the parent half the stand's hits, rounded down;
two stand hits make it ineffective (the movement phase lists it for reform); fire may target
the stand, and its hits never reach the parent.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.fire import STAND_INEFFECTIVE, FireCheck
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.games import game_state, unit

# Waterloo ids (shipped lists): British 1/28th Foot CE 7 and 1/32nd Foot CE 7; French
# 1/54e Ligne CE 6 and 2/54e Ligne CE 6, both able to detach skirmishers.
BRIT_28, BRIT_32, BRIT_79 = 1, 2, 3
FR_54_1, FR_54_2 = 229, 230


def to_phase(game: GameService, phase: Phase) -> None:
    while game.view().phase is not phase:
        game.advance_phase()


def skirmishers(game: GameService, uid: int, action: str, **facts: object) -> None:
    check = open_check(game, "skirmishers", unit_id=uid)
    check.set("action", action)
    for k, v in facts.items():
        check.set(k, v)
    check.apply({})


def detached(game: GameService, uid: int = FR_54_1) -> None:
    to_phase(game, Phase.MOVEMENT)
    skirmishers(game, uid, "detach")


def stand_items(game: GameService) -> list[str]:
    """The turn guide's stand items, without the units' codes before their names."""
    due = [c.title for c in checks_due(game.view(), game) if c.procedure == "skirmishers"]
    return [t.split(" ", 1)[1] for t in due]


def test_detach_puts_one_hit_on_the_parent_and_starts_a_clean_stand(
    waterloo: GameService,
) -> None:
    to_phase(waterloo, Phase.MOVEMENT)
    waterloo.set_unit(FR_54_1, "hits", 1)
    waterloo.set_unit(FR_54_1, "skirmish_hits", 1)  # left over from an earlier stand
    check = open_check(waterloo, "skirmishers", unit_id=FR_54_1)
    assert [f.key for f in check.facts()] == ["action"]  # no stand out: nothing to ask
    assert check.trial({}).changes == [
        "1/54e Ligne: hits 1 → 2",
        "1/54e Ligne: skirmish stand hits 1 → 0",
        "1/54e Ligne: skirmishers out",
    ]
    check.apply({})
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmishers_out, u.skirmish_hits) == (2, True, 0)


def test_stand_hit_twice_is_listed_ineffective_then_reforms(waterloo: GameService) -> None:
    detached(waterloo)
    check = open_check(waterloo, "skirmishers", unit_id=FR_54_1)
    facts = {f.key: f for f in check.facts()}
    assert facts["skirmish_hits"].derived
    assert check.values["skirmish_hits"] == 0
    check.set("action", "hit")
    check.set("hits_taken", 1)
    trial = check.trial({})
    assert "1/54e Ligne: skirmish stand hits 0 → 1" in trial.changes
    check.apply({})
    assert unit(waterloo, FR_54_1).skirmish_hits == 1
    assert stand_items(waterloo) == []  # one hit: still effective
    skirmishers(waterloo, FR_54_1, "hit", hits_taken=1)
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmish_hits, u.skirmishers_out) == (1, 2, True)
    assert stand_items(waterloo) == ["1/54e Ligne: skirmish stand ineffective, reform"]
    # Without the service the item reads the shipped ruleset (2 hits).
    assert [c.unit_id for c in checks_due(waterloo.view()) if c.procedure == "skirmishers"] == [
        FR_54_1
    ]
    # The item opens the check on reform with the stored hits: 1 - 1 detach + 2 // 2 = 1.
    item = next(c for c in checks_due(waterloo.view(), waterloo) if c.procedure == "skirmishers")
    reform = open_check(waterloo, item.procedure, unit_id=item.unit_id, side=item.side)
    assert (reform.values["action"], reform.values["skirmish_hits"]) == ("reform", 2)
    reform.apply({})
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmish_hits, u.skirmishers_out) == (1, 0, False)
    assert stand_items(waterloo) == []


def test_reform_with_three_stand_hits_gives_the_parent_one(waterloo: GameService) -> None:
    detached(waterloo)
    waterloo.set_unit(FR_54_1, "skirmish_hits", 3)
    check = open_check(waterloo, "skirmishers", unit_id=FR_54_1)
    assert check.values["skirmish_hits"] == 3
    check.apply({})
    u = unit(waterloo, FR_54_1)
    # 1 (detach) - 1 + 3 // 2 = 1
    assert (u.hits, u.skirmish_hits, u.skirmishers_out) == (1, 0, False)


def test_a_single_stand_hit_is_dropped_on_reform(waterloo: GameService) -> None:
    detached(waterloo)
    skirmishers(waterloo, FR_54_1, "hit", hits_taken=1)
    skirmishers(waterloo, FR_54_1, "reform")
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmish_hits, u.skirmishers_out) == (0, 0, False)


def test_the_action_may_be_given_by_the_target(waterloo: GameService) -> None:
    detached(waterloo)
    check = open_check(waterloo, "skirmishers", unit_id=FR_54_1, action="hit")
    assert check.values["action"] == "hit"


def fire_at(
    game: GameService, firer: int, target: int, *, stand: bool, range_in: float = 4.0
) -> FireCheck:
    check = open_check(game, "infantry_fire", unit_id=firer, target_id=target)
    assert isinstance(check, FireCheck)
    check.set("range_in", range_in)
    if stand:
        check.set("at_stand", True)
    return check


def test_stand_offered_only_when_the_target_has_skirmishers_out(waterloo: GameService) -> None:
    check = fire_at(waterloo, BRIT_28, FR_54_1, stand=False)
    assert "at_stand" not in [f.key for f in check.facts()]
    assert check.values["at_stand"] is False
    detached(waterloo)
    check = fire_at(waterloo, BRIT_28, FR_54_1, stand=False)
    fact = next(f for f in check.facts() if f.key == "at_stand")
    assert (fact.kind, fact.rule, fact.default) == ("bool", "5.5", False)
    assert "skirmishers out" in next(
        c.label
        for c in next(f for f in check.facts() if f.key == "target").choices
        if c.value == FR_54_1
    )
    check.set("at_stand", True)
    assert check.subject() == "1/28th Foot → 1/54e Ligne skirmish stand"
    # Another target without a stand out: the stand question goes, and its answer with it.
    check.set("target", FR_54_2)
    assert check.values["at_stand"] is False
    assert "at_stand" not in [f.key for f in check.facts()]
    # A stand answer given for a unit without one is refused.
    check.values["at_stand"] = True
    assert "no skirmish stand" in (check.trial({"roll": 3}).error or "")


def test_fire_at_the_stand_keeps_stand_and_parent_apart(waterloo: GameService) -> None:
    detached(waterloo)  # the parent carries the detach hit
    to_phase(waterloo, Phase.FIRE)
    before = game_state(waterloo)
    queue = FireQueue(waterloo, "infantry")
    at_stand = fire_at(waterloo, BRIT_28, FR_54_1, stand=True)
    # CE 7 - 2 (target in skirmish order, 10.0) = 5: the 5-7 row, 3 is one hit (6.6).
    assert at_stand.preview().modified == 5
    q = queue.add(at_stand, {"roll": 3})
    assert q.stand
    assert "1 hit" in q.line()
    queue.add(fire_at(waterloo, BRIT_32, FR_54_1, stand=False), {"roll": 3})
    totals = {(t.name, t.stand): t for t in queue.totals()}
    stand = totals[("1/54e Ligne skirmish stand", True)]
    parent = totals[("1/54e Ligne", False)]
    assert (stand.hits, stand.hits_after, stand.morale_due, stand.ineffective) == (
        1,
        1,
        False,
        False,
    )
    assert (parent.hits, parent.hits_after) == (1, 2)
    assert queue.describe() == [
        "1/54e Ligne: skirmish stand hits 0 → 1",
        "1/54e Ligne: hits 1 → 2",
    ]
    assert game_state(waterloo) == before  # nothing written while queueing
    queue.apply()
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmish_hits, u.disordered) == (2, 1, False)
    entry = waterloo.journal(limit=1)[0]
    assert entry.summary == (
        "Infantry fire (2 fires): 1/54e Ligne skirmish stand 1 hit; 1/54e Ligne 1 hit"
    )
    waterloo.undo()
    assert game_state(waterloo) == before


def test_disorder_spares_the_stand_and_two_hits_make_it_ineffective(
    waterloo: GameService,
) -> None:
    detached(waterloo)
    to_phase(waterloo, Phase.FIRE)
    queue = FireQueue(waterloo, "infantry")
    # Roll 1 on the 5-7 row is a D: skirmishers are unformed, nothing happens (5.3.5).
    d = fire_at(waterloo, BRIT_28, FR_54_1, stand=True)
    trial = d.trial({"roll": 1})
    assert trial.outcome is not None
    assert trial.outcome.result == "D"
    assert d.result_text(trial.outcome) == "disorder: no effect on a skirmish stand"
    assert trial.changes == []
    assert any("unformed" in n for n in trial.notes)
    queue.add(d, {"roll": 1})
    assert [(t.hits, t.disorder) for t in queue.totals()] == [(0, False)]
    queue.remove(0)
    # Two fires of one hit each: 2 stand hits, ineffective (5.4).
    queue.add(fire_at(waterloo, BRIT_28, FR_54_1, stand=True), {"roll": 3})
    second = fire_at(waterloo, BRIT_32, FR_54_1, stand=True)
    queue.add(second, {"roll": 4})
    [total] = queue.totals()
    assert (total.stand, total.hits, total.hits_after, total.ineffective) == (True, 2, 2, True)
    assert STAND_INEFFECTIVE in queue.summary()
    queue.apply()
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.skirmish_hits, u.disordered) == (1, 2, False)
    # One more hit on the ineffective stand says so at once (a unit that has not fired yet).
    third = fire_at(waterloo, BRIT_79, FR_54_1, stand=True)
    trial = third.trial({"roll": 3})
    assert trial.outcome is not None
    assert third.result_text(trial.outcome) == "1 hit: stand ineffective"
    assert STAND_INEFFECTIVE in trial.notes
    to_phase(waterloo, Phase.MOVEMENT)  # next turn's movement phase
    assert stand_items(waterloo) == ["1/54e Ligne: skirmish stand ineffective, reform"]


def test_single_fire_at_the_stand_applies_and_undoes(waterloo: GameService) -> None:
    detached(waterloo)
    before = game_state(waterloo)
    check = open_check(waterloo, "pass_through_fire", unit_id=BRIT_28, target_id=FR_54_1)
    check.set("range_in", 3.0)
    check.set("at_stand", True)
    check.apply({"roll": 4})
    assert (unit(waterloo, FR_54_1).hits, unit(waterloo, FR_54_1).skirmish_hits) == (1, 1)
    waterloo.undo()
    assert game_state(waterloo) == before
