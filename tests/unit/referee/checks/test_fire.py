"""The fire checks and the fire queue (EotE 6.x) on a real Waterloo game file."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import REGISTRY, load_checks, open_check
from eote_ref.packs.eote.checks.fire import ArtilleryFire, FireCheck, InfantryFire
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.store import SetField
from tests.games import game_state, unit

# Waterloo ids (shipped lists): British 1/28th Foot CE 7, 1/32nd Foot CE 7, Sinclair's RA
# (medium, CE 6), Ross's RHA (medium, CE 6); French 1/54e and 2/54e Ligne CE 6.
BRIT_28, BRIT_32, SINCLAIR, ROSS = 1, 2, 41, 39
FR_54_1, FR_54_2 = 229, 230


def to_phase(game: GameService, phase: Phase) -> None:
    while game.view().phase is not phase:
        game.advance_phase()


def infantry_fire(game: GameService, firer: int, target: int, **facts: object) -> FireCheck:
    check = open_check(game, "infantry_fire", unit_id=firer, target_id=target)
    assert isinstance(check, FireCheck)
    for k, v in facts.items():
        check.set(k, v)
    return check


def test_fire_wizards_are_registered() -> None:
    load_checks()
    for key in ("artillery_fire", "infantry_fire", "pass_through_fire"):
        assert REGISTRY[key].procedure == "fire"


def test_worked_example_6_6_ce_7_battalion_row(waterloo: GameService) -> None:
    """EotE 6.6 example: CE 7 reads the 5-7 line: 1-2 disorder, 3-4 one hit, else nothing."""
    check = infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=4.0)
    preview = check.preview()
    assert preview.modified == 7
    odds = dict(check.odds(preview))
    assert odds == {"disorder": 0.2, "1 hit": 0.2, "no effect": 0.6}
    assert check.trial({"roll": 1}).outcome.result == "D"  # type: ignore[union-attr]
    assert check.trial({"roll": 4}).outcome.result == "1"  # type: ignore[union-attr]
    assert check.trial({"roll": 0}).outcome.result == "none"  # type: ignore[union-attr]


def test_single_infantry_fire_queue_is_one_undoable_event(waterloo: GameService) -> None:
    before = game_state(waterloo)
    queue = FireQueue(waterloo, "infantry")
    q = queue.add(infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=4.0), {"roll": 3})
    assert q.outcome.result == "1"
    assert "1 hit" in q.line()
    assert game_state(waterloo) == before  # nothing written before apply
    assert queue.apply() == []
    assert unit(waterloo, FR_54_1).hits == 1
    entry = waterloo.journal(limit=1)[0]
    assert entry.kind == "fire"
    assert entry.summary == "Infantry fire (1 fire): 1/54e Ligne 1 hit"
    assert entry.rolls == [{"fire": 1, "name": "roll", "value": 3}]
    waterloo.undo()
    assert game_state(waterloo) == before


def test_artillery_range_band_and_target_column(waterloo: GameService) -> None:
    """EotE 6.1, 10.0: 6 + short range 1 + target in column 1 = 8 (row 8-10)."""
    waterloo.set_unit(FR_54_1, "formation", "column")
    check = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR, target_id=FR_54_1)
    check.set("range_in", 10.0)
    o = check.preview()
    assert o.modified == 8
    assert [(m.value, m.rule) for m in o.modifiers] == [(1, "6.1"), (1, "10.0")]
    assert dict(check.odds(o))["2 hits"] == pytest.approx(0.1)
    check.set("range_in", 30.0)
    assert "28" in (check.trial({"roll": 1}).error or "")


def test_multiple_batteries_add_their_modified_ce(waterloo: GameService) -> None:
    """EotE 6.3: two CE 6 batteries at 10" (each +1) add up to 14."""
    check = open_check(waterloo, "artillery_fire", firers=(SINCLAIR, ROSS), target_id=FR_54_1)
    check.set("range_in", 10.0)
    o = check.preview()
    assert o.modified == 14
    assert any("6.3" in n for n in o.notes)
    assert check.subject() == "Sinclair's Battery RA + Ross's Troop RHA → 1/54e Ligne"


def test_queue_sums_hits_per_target_and_calls_morale(waterloo: GameService) -> None:
    """All fire of a sub-phase lands together (6.0); 1 + 2 new hits reach the threshold."""
    waterloo.set_unit(FR_54_1, "hits", 1)
    before = game_state(waterloo)
    queue = FireQueue(waterloo, "artillery")
    first = queue.draft(unit_id=SINCLAIR, target_id=FR_54_1)
    first.set("range_in", 10.0)
    queue.add(first, {"roll": 3})  # 7 - 1... CE 6+1 = 7 vs line: 3 -> 1 hit
    second = queue.draft(unit_id=ROSS, target_id=FR_54_1)
    second.set("range_in", 5.0)  # canister +2 -> 8: roll 1 disorder
    queue.add(second, {"roll": 1})
    third = queue.draft(unit_id=40, target_id=FR_54_2)
    third.set("range_in", 20.0)
    queue.add(third, {"roll": 9})
    totals = {t.unit_id: t for t in queue.totals()}
    assert totals[FR_54_1].hits == 1
    assert totals[FR_54_1].disorder
    assert totals[FR_54_1].fires == 2
    assert not totals[FR_54_1].morale_due  # 1 + 1 = 2 < 3
    assert totals[FR_54_2].hits == 0
    with pytest.raises(RefereeError, match="already fired"):
        queue.add(queue.draft(unit_id=SINCLAIR, target_id=FR_54_2), {"roll": 1})
    queue.remove(0)
    again = queue.draft(unit_id=SINCLAIR, target_id=FR_54_1)
    again.set("range_in", 5.0)  # 6 + 2 = 8: roll 5 -> 2 hits
    queue.add(again, {"roll": 5})
    assert [t.morale_due for t in queue.totals()] == [True, False]
    due = queue.apply()
    assert due == [FR_54_1]
    u = unit(waterloo, FR_54_1)
    assert (u.hits, u.disordered) == (3, True)
    links = {(ln.kind, ln.unit_id, ln.other_id) for ln in waterloo.view().links}
    assert links == {
        ("fired_at", ROSS, FR_54_1),
        ("fired_at", SINCLAIR, FR_54_1),
        ("fired_at", 40, FR_54_2),
    }
    assert len([e for e in waterloo.journal() if e.kind == "fire"]) == 1
    waterloo.undo()
    assert game_state(waterloo) == before


def test_morale_due_from_fire_is_listed_once_per_hit_count(waterloo: GameService) -> None:
    """7.5: the guide lists a unit at the threshold until it has tested at those hits."""
    to_phase(waterloo, Phase.FIRE)
    waterloo.set_unit(FR_54_1, "hits", 2)
    queue = FireQueue(waterloo, "artillery")
    battery = queue.draft(unit_id=SINCLAIR, target_id=FR_54_1)
    battery.set("range_in", 10.0)  # 6 + 1 = 7: roll 3 is one hit
    queue.add(battery, {"roll": 3})
    assert queue.apply() == [FR_54_1]
    due = [c for c in checks_due(waterloo.view()) if c.procedure == "morale"]
    assert [c.unit_id for c in due] == [FR_54_1]
    morale = open_check(waterloo, "morale", unit_id=FR_54_1)
    morale.apply({"roll": 1})  # CE 6 - 3 = 3: 1 passes
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "morale"]
    queue = FireQueue(waterloo, "infantry")
    queue.add(infantry_fire(waterloo, BRIT_32, FR_54_1, range_in=4.0), {"roll": 3})
    queue.apply()
    due = [c for c in checks_due(waterloo.view()) if c.procedure == "morale"]
    code = waterloo.unit_view(FR_54_1).code  # the turn guide names a unit by code and name
    assert [(c.unit_id, c.title) for c in due] == [
        (FR_54_1, f"{code} 1/54e Ligne: 4 hits, morale check")
    ]


def test_bombardment_offered_from_last_turns_target(waterloo: GameService) -> None:
    """EotE 6.4: the same target at 12" or more, two turns running, bombards."""
    queue = FireQueue(waterloo, "artillery")
    fire = queue.draft(unit_id=SINCLAIR, target_id=FR_54_1)
    fire.set("range_in", 14.0)
    assert not fire.values["bombardment"]
    queue.add(fire, {"roll": 9})
    queue.apply()
    for _ in range(7):
        waterloo.advance_phase()
    assert waterloo.view().turn == 2
    nxt = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR)
    assert nxt.values["target"] == FR_54_1
    assert nxt.values["range_in"] == 14.0
    assert nxt.values["bombardment"] is True
    facts = {f.key: f for f in nxt.facts()}
    assert facts["bombardment"].derived
    o = nxt.preview()
    assert any(m.rule == "6.4" for m in o.modifiers)
    nxt.set("range_in", 10.0)
    assert "12" in (nxt.trial({"roll": 1}).error or "")
    nxt.set("range_in", 14.0)
    nxt.set("screened", True)
    assert "skirmishers" in (nxt.trial({"roll": 1}).error or "")
    nxt.set("screened", False)
    waterloo.set_unit(SINCLAIR, "pinned", True)
    pinned = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR)
    assert pinned.values["bombardment"] is False


def test_screened_battery_may_fire_at_the_skirmishers(waterloo: GameService) -> None:
    waterloo.set_unit(238, "formation", "skirmish")  # 1/13e Léger in full skirmish order
    check = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR, target_id=238)
    check.set("screened", True)
    check.set("range_in", 4.0)
    o = check.preview()
    assert any(m.rule == "10.0" and m.value < 0 for m in o.modifiers)


def test_column_cannot_fire_but_french_assault_column_can(waterloo: GameService) -> None:
    """EotE 6.5.1: only the French assault column fires, at -4 (5.3.6)."""
    waterloo.set_unit(FR_54_1, "formation", "column")
    check = infantry_fire(waterloo, FR_54_1, BRIT_28, range_in=4.0)
    assert "column" in (check.trial({"roll": 1}).error or "")
    waterloo.set_unit(FR_54_1, "formation", "french_assault_column")
    check = infantry_fire(waterloo, FR_54_1, BRIT_28, range_in=4.0)
    o = check.preview()
    assert o.modified == 2
    assert [m.rule for m in o.modifiers] == ["5.3.6"]


def test_fire_refusals(waterloo: GameService) -> None:
    check = infantry_fire(waterloo, BRIT_28, BRIT_32, range_in=4.0)
    assert "enemy" in (check.trial({"roll": 1}).error or "")
    check = infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=6.0)
    assert "5" in (check.trial({"roll": 1}).error or "")
    check = infantry_fire(waterloo, BRIT_28, FR_54_1, in_arc=False)
    assert "arc" in (check.trial({"roll": 1}).error or "")
    check = infantry_fire(waterloo, BRIT_28, FR_54_1, firer_assaulted=True)
    assert "assaulted" in (check.trial({"roll": 1}).error or "")
    with pytest.raises(RefereeError, match="artillery"):
        FireQueue(waterloo, "artillery").add(infantry_fire(waterloo, BRIT_28, FR_54_1), {})
    with pytest.raises(RefereeError, match="first"):
        FireQueue(waterloo, "infantry").add(infantry_fire(waterloo, BRIT_28, FR_54_1), {})
    with pytest.raises(RefereeError, match="at least one"):
        FireQueue(waterloo, "infantry").apply()
    with pytest.raises(RefereeError, match="sub-phase"):
        FireQueue(waterloo, "cavalry")


def test_detached_skirmishers_fire_with_their_own_ce(waterloo: GameService) -> None:
    """EotE 5.5: skirmish stands fire with stands x skirmish points as their CE."""
    check = infantry_fire(
        waterloo, BRIT_28, FR_54_1, detached_skirmishers=True, skirmish_ce=3, range_in=4.0
    )
    o = check.preview()
    assert o.base == 3
    assert check.subject() == "1/28th Foot skirmishers → 1/54e Ligne"


def test_skirmish_ce_question_says_how_a_half_is_entered(waterloo: GameService) -> None:
    """5.5.1 halves meet a whole-CE question: it follows option skirmish_half_ce."""

    def question(game: GameService) -> str:
        check = infantry_fire(game, BRIT_28, FR_54_1, detached_skirmishers=True)
        q = next(q for q in check.facts() if q.key == "skirmish_ce")
        return f"{q.label} | {q.help}"

    up = question(waterloo)
    assert "a half rounded up" in up
    assert "skirmish_half_ce (=up, provisional)" in up
    rs = waterloo.ruleset.with_options({"skirmish_half_ce": "down"})
    down = question(GameService(waterloo.db, waterloo.game_id, rs))
    assert "a half dropped" in down
    assert "skirmish_half_ce (=down, provisional)" in down
    # 5 stands before 1812 (2.5) entered as 3 under the default: the fire reads CE 3.
    check = infantry_fire(
        waterloo, BRIT_28, FR_54_1, detached_skirmishers=True, skirmish_ce=3, range_in=4.0
    )
    assert check.preview().modified == 3


def test_pass_through_fire_applies_at_once(waterloo: GameService) -> None:
    """EotE 6.7: fire at a unit crossing the arc, during movement, as its own step."""
    before = game_state(waterloo)
    check = open_check(waterloo, "pass_through_fire", unit_id=BRIT_28, target_id=FR_54_1)
    assert check.values["pass_through"] is True
    check.set("range_in", 4.0)
    o = check.apply({"roll": 4})
    assert o.result == "1"
    assert unit(waterloo, FR_54_1).hits == 1
    assert waterloo.journal(limit=1)[0].summary.startswith("Fire: 1/28th Foot → 1/54e Ligne")
    waterloo.undo()
    assert game_state(waterloo) == before


def test_artillery_check_lists_only_batteries(waterloo: GameService) -> None:
    check = ArtilleryFire(waterloo)
    fact = next(f for f in check.facts() if f.key == "firers")
    ids = {c.value for c in fact.choices}
    assert SINCLAIR in ids
    assert BRIT_28 not in ids
    inf = InfantryFire(waterloo)
    ids = {c.value for c in next(f for f in inf.facts() if f.key == "firers").choices}
    assert BRIT_28 in ids
    assert SINCLAIR not in ids


def fast_fire(game: GameService, firer: int, target: int, roll: int) -> list[int]:
    """The dashboard's fast path: the firer selected, the target Ctrl+clicked, the die, Enter.

    The wizard queues the one fire and applies it at once (a queue of one).
    """
    queue = FireQueue(game, "infantry")
    queue.add(infantry_fire(game, firer, target, range_in=4.0), {"roll": roll})
    return queue.apply()


def test_return_fire_by_the_fast_path_reads_the_sub_phases_start(waterloo: GameService) -> None:
    """EotE 2.0, 6.0: fire is simultaneous: return fire entered on its own reads the start.

    A hit marked by the sub-phase's first fire does not lower the return fire of the unit it
    hit, entered afterwards on its own.
    """
    to_phase(waterloo, Phase.FIRE)
    fast_fire(waterloo, BRIT_28, FR_54_1, roll=3)  # CE 7 row: 3 is one hit
    assert unit(waterloo, FR_54_1).hits == 1
    back = infantry_fire(waterloo, FR_54_1, BRIT_28, range_in=4.0)
    # CE 6 and no hit at the sub-phase's start: no -1 for the hit just marked.
    assert back.preview().modified == 6
    assert not [m for m in back.modifiers() if m.value < 0]
    fast_fire(waterloo, FR_54_1, BRIT_28, roll=4)
    # The hits still land: both units carry them.
    assert (unit(waterloo, FR_54_1).hits, unit(waterloo, BRIT_28).hits) == (1, 1)
    # The next turn's fire reads the hits (a new sub-phase, a new start).
    to_phase(waterloo, Phase.MOVEMENT)
    to_phase(waterloo, Phase.FIRE)
    assert infantry_fire(waterloo, FR_54_1, BRIT_28, range_in=4.0).preview().modified == 5


def test_queued_fire_after_a_fast_fire_reads_the_start_too(waterloo: GameService) -> None:
    """EotE 6.0: the queue and the fast path are one sub-phase; the queue reads its start."""
    to_phase(waterloo, Phase.FIRE)
    waterloo.set_unit(FR_54_1, "hits", 2)
    fast_fire(waterloo, BRIT_28, FR_54_1, roll=3)  # 2 + 1 = 3 hits: morale due
    queue = FireQueue(waterloo, "infantry")
    back = queue.draft(unit_id=FR_54_1, target_id=BRIT_32)
    back.set("range_in", 4.0)
    assert back.preview().modified == 4  # CE 6 less the 2 hits it began the sub-phase with


def test_a_unit_fires_once_a_sub_phase_whichever_path(waterloo: GameService) -> None:
    """EotE 6.0: a battalion that fired is refused, whichever path, with the section.

    Fired by the fast path, it is refused in the queue and again by the fast path; undo takes
    its fire out of the sub-phase.
    """
    to_phase(waterloo, Phase.FIRE)
    fast_fire(waterloo, BRIT_28, FR_54_1, roll=0)
    again = infantry_fire(waterloo, BRIT_28, FR_54_2, range_in=4.0)
    assert again.values["firers"] == (BRIT_28,)  # still the selected unit, not another
    assert "already fired" in (again.trial({"roll": 3}).error or "")
    assert "6.0" in (again.trial({"roll": 3}).error or "")
    with pytest.raises(RefereeError, match="already fired"):
        fast_fire(waterloo, BRIT_28, FR_54_2, roll=3)
    queue = FireQueue(waterloo, "infantry")
    with pytest.raises(RefereeError, match="already fired"):
        queue.add(queue.draft(unit_id=BRIT_28, target_id=FR_54_2), {"roll": 3})
    # The new fire's firers' list leaves it out.
    firers = next(f for f in InfantryFire(waterloo).facts() if f.key == "firers")
    assert BRIT_28 not in {c.value for c in firers.choices}
    assert BRIT_32 in {c.value for c in firers.choices}
    waterloo.undo()
    assert infantry_fire(waterloo, BRIT_28, FR_54_2, range_in=4.0).trial({"roll": 3}).outcome


def test_morale_checks_follow_the_sub_phases_fires(waterloo: GameService) -> None:
    """EotE 6.0: the sub-phase's fires first, then its morale checks.

    A fire after them is refused (undo the morale check to add one).
    """
    to_phase(waterloo, Phase.FIRE)
    waterloo.set_unit(FR_54_1, "hits", 2)
    assert fast_fire(waterloo, BRIT_28, FR_54_1, roll=3) == [FR_54_1]
    open_check(waterloo, "morale", unit_id=FR_54_1).apply({"roll": 1})
    refused = infantry_fire(waterloo, BRIT_32, FR_54_2, range_in=4.0).trial({"roll": 3})
    assert "infantry fire is over" in (refused.error or "")
    waterloo.undo()  # the morale check
    assert infantry_fire(waterloo, BRIT_32, FR_54_2, range_in=4.0).trial({"roll": 3}).outcome
    late = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR, target_id=FR_54_2)
    late.set("range_in", 10.0)
    assert "artillery fire is over" not in (late.trial({"roll": 3}).error or "x")


def test_artillery_sub_phase_ends_when_the_infantry_begins(waterloo: GameService) -> None:
    """EotE 2.0: artillery fire first; once an infantry fire is written, no more batteries."""
    to_phase(waterloo, Phase.FIRE)
    battery = open_check(waterloo, "artillery_fire", unit_id=SINCLAIR, target_id=FR_54_1)
    battery.set("range_in", 10.0)
    battery.apply({"roll": 0})
    fast_fire(waterloo, BRIT_28, FR_54_1, roll=0)
    late = open_check(waterloo, "artillery_fire", unit_id=ROSS, target_id=FR_54_1)
    late.set("range_in", 10.0)
    assert "artillery fire is over" in (late.trial({"roll": 3}).error or "")
    waterloo.undo()
    assert late.trial({"roll": 3}).outcome is not None


def test_a_routed_target_owes_no_morale_check_after_the_queue(waterloo: GameService) -> None:
    """EotE 7.4, 7.5: a routed unit takes the hits but has no morale left to test."""
    to_phase(waterloo, Phase.FIRE)
    waterloo.set_unit(FR_54_1, "hits", 2)
    waterloo.set_unit(FR_54_1, "routed", True)
    queue = FireQueue(waterloo, "infantry")
    queue.add(infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=4.0), {"roll": 3})
    [total] = queue.totals()
    assert (total.hits, total.hits_after, total.morale_due) == (1, 3, False)
    assert queue.apply() == []
    assert unit(waterloo, FR_54_1).hits == 3
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "morale"]


def test_a_d_on_a_disordered_target_writes_and_words_no_new_disorder(
    waterloo: GameService,
) -> None:
    """EotE 6.8: a second D on a unit already disordered has no further effect.

    The rules' ``disorder`` detail still names the table's D (the ``rule`` contract); the
    referee writes no change of the unit, and neither the wizard's result, the journal line
    nor the fire queue's line words it as a new disorder: they say it has no effect.
    """
    waterloo.set_unit(FR_54_1, "disordered", True)
    before = game_state(waterloo)
    check = infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=4.0)
    trial = check.trial({"roll": 1})  # CE 7: 1 reads D
    assert trial.outcome is not None
    assert trial.outcome.result == "D"
    assert trial.changes == []
    assert not [c for c in check.changes(trial.outcome) if isinstance(c, SetField)]
    said = check.result_text(trial.outcome)
    assert said == "disorder: no further effect, already disordered (6.8)"
    assert said in check.summary(trial.outcome)
    queue = FireQueue(waterloo, "infantry")
    q = queue.add(infantry_fire(waterloo, BRIT_28, FR_54_1, range_in=4.0), {"roll": 1})
    assert "no further effect" in q.line()
    assert not queue.totals()[0].disorder
    queue.apply()
    assert waterloo.journal(limit=1)[0].summary == "Infantry fire (1 fire): 1/54e Ligne no effect"
    after = unit(waterloo, FR_54_1)
    assert (after.disordered, after.hits) == (True, 0)
    waterloo.undo()
    assert game_state(waterloo) == before
