"""A combat is state (EotE 7.0, 7.9, 8.0): one record of all its units, whole next turn.

An assault's attackers, defenders and supporters are one combat in the facts of the turn and
in the ``engaged`` links it leaves; every unit that fought is marked, infantry too; and the
leader-casualty check (wizard and batch) reads that for the -2 of a leader attached to a unit
that fought.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.assault import AssaultCheck
from eote_ref.packs.eote.checks.batch import Batch
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.games import mark, named

BRIT_30 = 48  # 2/30th Foot, CE 6
FR_54_1, FR_54_2 = 229, 230  # French line CE 6
FRENCH = 1


def to_phase(game: GameService, phase: Phase, turn: int | None = None) -> None:
    while game.view().phase is not phase or (turn is not None and game.view().turn != turn):
        game.advance_phase()


def two_against_one(game: GameService) -> AssaultCheck:
    """Two French battalions assault one British: the first roll that leaves them engaged."""
    game.set_initiative(FRENCH)
    check = open_check(game, "assault", attackers=(FR_54_1, FR_54_2), defenders=(BRIT_30,))
    assert isinstance(check, AssaultCheck)
    return check


def engaged_roll(check: AssaultCheck) -> int:
    for roll in range(1, 11):
        trial = check.trial({"roll": roll})
        if trial.outcome is not None and trial.outcome.details.get("engaged_next_turn"):
            return roll
    raise AssertionError("no roll leaves the combat engaged")


def test_an_engaged_two_against_one_comes_back_as_one_combat(waterloo: GameService) -> None:
    """EotE 7.0, 7.9: left engaged, the 2-against-1 is one item next turn, fought once."""
    to_phase(waterloo, Phase.ASSAULT)
    check = two_against_one(waterloo)
    check.apply({"roll": engaged_roll(check)})
    to_phase(waterloo, Phase.ASSAULT, turn=2)
    waterloo.set_initiative(FRENCH)
    due = [c for c in checks_due(waterloo.view()) if c.procedure == "assault"]
    a1, a2, d = (waterloo.unit_view(i).coded_name for i in (FR_54_1, FR_54_2, BRIT_30))
    assert [c.title for c in due] == [f"Engaged: {a1} + {a2} against {d} (since turn 1)"]
    assert "1/54e Ligne + " in due[0].title
    # Opened on any of its units, the combat is the whole combat.
    for uid in (FR_54_1, FR_54_2, BRIT_30):
        again = open_check(waterloo, "assault", unit_id=uid)
        assert again.values["attackers"] == (FR_54_1, FR_54_2)
        assert again.values["defenders"] == (BRIT_30,)
    fought = open_check(waterloo, "assault", unit_id=due[0].unit_id)
    roll = next(r for r in range(1, 11) if not engaged_or_none(fought, r))
    fought.apply({"roll": roll})
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "assault"]
    combats = turn_facts.combats(waterloo.view())
    assert combats == [turn_facts.combat_data((FR_54_1, FR_54_2), (BRIT_30,))]


def engaged_or_none(check: AssaultCheck, roll: int) -> bool:
    trial = check.trial({"roll": roll})
    return trial.outcome is None or bool(trial.outcome.details.get("engaged_next_turn"))


def test_every_unit_that_fought_is_marked_infantry_too(waterloo: GameService) -> None:
    """EotE 7.0, 8.0: infantry that fought an assault is recorded as having fought."""
    to_phase(waterloo, Phase.ASSAULT)
    check = two_against_one(waterloo)
    check.apply({"roll": 5})
    view = waterloo.view()
    marked = {u.id for s in view.sides for u in s.units if u.fought_this_turn}
    assert marked == {FR_54_1, FR_54_2, BRIT_30}
    assert turn_facts.units_that_fought(view) == marked
    waterloo.undo()
    assert not any(u.fought_this_turn for s in waterloo.view().sides for u in s.units)


def _leader_on_attacker(game: GameService) -> tuple[int, int]:
    """The French division leader of 1/54e Ligne attached to it; (leader id, division id)."""
    u = named(game, "1/54e Ligne")
    div = next(d for s in game.view().sides for d in s.divisions if d.id == u.division_id)
    assert div.leader is not None
    mark(game, u.id, attached_leader_id=div.leader.id)
    return div.leader.id, div.id


def test_leader_with_infantry_that_fought_takes_the_minus_two_in_the_wizard(
    waterloo: GameService,
) -> None:
    """EotE 8.0: a 5 less 2 is 3: the leader cannot rally next turn (not unhurt)."""
    leader_id, div_id = _leader_on_attacker(waterloo)
    to_phase(waterloo, Phase.ASSAULT)
    two_against_one(waterloo).apply({"roll": 5})
    to_phase(waterloo, Phase.LEADER_CASUALTY)
    check = open_check(waterloo, "leader_casualty", division_id=div_id)
    assert check.values["leader_id"] == leader_id
    assert check.values["attached_to_assaulting_unit"] is True
    assert check.apply({"roll": 5}).result == "no_rally"


def test_leader_with_infantry_that_fought_takes_the_minus_two_in_the_batch(
    waterloo: GameService,
) -> None:
    """EotE 8.0: the batch of leader casualties applies the same -2."""
    leader_id, _div = _leader_on_attacker(waterloo)
    to_phase(waterloo, Phase.ASSAULT)
    two_against_one(waterloo).apply({"roll": 5})
    to_phase(waterloo, Phase.LEADER_CASUALTY)
    batch = Batch(waterloo, "leader_casualty_all")
    n = next(
        i
        for i, item in enumerate(batch.items)
        if item.target is not None and item.target.target.get("leader_id") == leader_id
    )
    item = batch.set_rolls(n, {"roll": 5})
    assert item.outcome is not None
    assert item.outcome.result == "no_rally"
    assert "cannot rally" in item.result


def test_an_engaged_combat_comes_back_attacked_by_this_turns_initiative_side(
    waterloo: GameService,
) -> None:
    """EotE 7.6: the side with the initiative attacks, whoever attacked when it engaged.

    Umpire's trial: an allied battalion that attacked in turn 1 attacked again in turn 2,
    though the French held the initiative; the turn guide's item carried turn 1's side.
    """
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(0)
    check = open_check(waterloo, "assault", attackers=(BRIT_30,), defenders=(FR_54_1, FR_54_2))
    assert isinstance(check, AssaultCheck)
    check.apply({"roll": engaged_roll(check)})
    to_phase(waterloo, Phase.ASSAULT, turn=2)
    waterloo.set_initiative(FRENCH)
    (item,) = [c for c in checks_due(waterloo.view()) if c.procedure == "assault"]
    a1, a2, d = (waterloo.unit_view(i).coded_name for i in (FR_54_1, FR_54_2, BRIT_30))
    assert item.title == f"Engaged: {a1} + {a2} against {d} (since turn 1)"
    assert item.side == FRENCH
    # Opened as the turn guide opens it (its unit and side), and with the side given wrongly.
    for side in (item.side, 0):
        again = open_check(waterloo, "assault", unit_id=item.unit_id, side=side)
        assert again.values["attackers"] == (FR_54_1, FR_54_2)
        assert again.values["defenders"] == (BRIT_30,)


def test_an_engaged_combat_decided_reads_in_words_in_apply_will_set(
    waterloo: GameService,
) -> None:
    """Umpire's trial: the assault wizard's preview showed "link 2 removed" (an internal id)."""
    to_phase(waterloo, Phase.ASSAULT)
    check = two_against_one(waterloo)
    check.apply({"roll": engaged_roll(check)})
    to_phase(waterloo, Phase.ASSAULT, turn=2)
    waterloo.set_initiative(FRENCH)
    again = open_check(waterloo, "assault", unit_id=BRIT_30)
    roll = next(r for r in range(1, 11) if not engaged_or_none(again, r))
    changes = again.trial({"roll": roll}).changes
    d = waterloo.unit_view(BRIT_30).name
    ended = [c for c in changes if "no longer engaged" in c]
    assert ended == [
        f"{waterloo.unit_view(a).name} and {d} are no longer engaged" for a in (FR_54_1, FR_54_2)
    ]
    assert not [c for c in changes if "link" in c or " removed" in c]


def test_units_of_an_engaged_combat_are_being_assaulted_in_next_turns_fire(
    waterloo: GameService,
) -> None:
    """EotE 6.0, 6.5, 7.0: a combat left engaged is fought again this turn; its units do not fire.

    The defender is being assaulted (6.0) and both sides are in contact, within 3" of an enemy
    in their arc (6.5), so the fire check pre-ticks "being assaulted" for each unit of the
    combat (the umpire's trial found an engaged battalion offered to fire in turn 2).
    """
    to_phase(waterloo, Phase.ASSAULT)
    check = two_against_one(waterloo)
    check.apply({"roll": engaged_roll(check)})
    to_phase(waterloo, Phase.FIRE, turn=2)
    for uid in (FR_54_1, FR_54_2, BRIT_30):
        fire = open_check(waterloo, "infantry_fire", unit_id=uid)
        assert fire.values["firer_assaulted"] is True, waterloo.unit_view(uid).name
    free = next(
        u.id
        for u in waterloo.view().sides[0].units
        if u.arm == "infantry" and u.id not in (FR_54_1, FR_54_2, BRIT_30)
    )
    assert open_check(waterloo, "infantry_fire", unit_id=free).values["firer_assaulted"] is False


def test_a_second_fight_of_part_of_an_engaged_combat_leaves_the_rest_whole(
    waterloo: GameService,
) -> None:
    """EotE 7.0, 7.9: 1/54e alone fights the 30th again; 2/54e stays engaged with it alone.

    Found by generative play: the pair the second fight settled was unlinked, but the other
    pair's link still named the whole 2-against-1, so the combat named a pair no link held.
    """
    to_phase(waterloo, Phase.ASSAULT)
    first = two_against_one(waterloo)
    first.apply({"roll": engaged_roll(first)})
    again = open_check(waterloo, "assault", attackers=(FR_54_1,), defenders=(BRIT_30,))
    assert isinstance(again, AssaultCheck)
    again.apply({"roll": next(r for r in range(1, 11) if not engaged_or_none(again, r))})
    engaged = [ln for ln in waterloo.view().links if ln.kind == "engaged"]
    assert [(ln.unit_id, ln.other_id) for ln in engaged] == [(FR_54_2, BRIT_30)]
    assert engaged[0].data["combat"]["attackers"] == [FR_54_2]
    assert engaged[0].data["combat"]["defenders"] == [BRIT_30]
    waterloo.undo()
    engaged = [ln for ln in waterloo.view().links if ln.kind == "engaged"]
    assert sorted((ln.unit_id, ln.other_id) for ln in engaged) == [
        (FR_54_1, BRIT_30),
        (FR_54_2, BRIT_30),
    ]
    assert all(ln.data["combat"]["attackers"] == [FR_54_1, FR_54_2] for ln in engaged)
