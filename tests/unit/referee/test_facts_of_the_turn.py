"""Checks that depend on what an earlier check established: the facts of the turn as state.

One scenario per error found playing the Waterloo lists: each game is set up from the shipped
army lists and played through the check loop (:func:`open_check`, the fire queue), never by
writing journal events by hand.
"""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.assault import AssaultCheck
from eote_ref.packs.eote.checks.fire import FireCheck, range_key
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.packs.eote.checks.leaders import leaders_within_reach
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due, owed
from tests.games import game_state, unit

BRITISH, FRENCH = 0, 1
BRIT_28, BRIT_32, BRIT_30 = 1, 2, 48  # 3rd British Division's line battalions, CE 7, 7, 6
NL_7TH_LINE, NL_5TH_MILITIA = 65, 66  # 2nd Netherlands Division, CE 5 and 4
FR_54_1, FR_54_2 = 229, 230  # 1st Infantry Division (Quiot), CE 6
HUSSARDS_7 = 266  # French light cavalry, CE 6
FR_BATTERY_20_6, FR_BATTERY_10_6 = 237, 247  # light foot batteries, CE 6 each


def to_phase(game: GameService, phase: Phase) -> None:
    while game.view().phase is not phase:
        game.advance_phase()


def division_of(game: GameService, uid: int) -> int:
    return next(
        d.id for s in game.view().sides for d in s.divisions for u in d.units if u.id == uid
    )


def assault(game: GameService, **target: object) -> AssaultCheck:
    check = open_check(game, "assault", **target)
    assert isinstance(check, AssaultCheck)
    return check


# ------------------------------------------------------------------ 1. a charge is remembered
def test_charge_made_in_movement_is_listed_and_opens_the_assault_on_its_defender(
    waterloo: GameService,
) -> None:
    """EotE 5.8, 7.0: the contact made in movement is fought in the assault phase."""
    to_phase(waterloo, Phase.MOVEMENT)
    waterloo.set_initiative(FRENCH)
    charge = open_check(waterloo, "charge", unit_id=HUSSARDS_7)
    charge.set("target", BRIT_30)
    assert charge.apply({}).result == "allowed"
    to_phase(waterloo, Phase.ASSAULT)

    due = checks_due(waterloo.view(), waterloo)
    item = next(c for c in due if c.procedure == "assault")
    a, d = waterloo.unit_view(HUSSARDS_7).code, waterloo.unit_view(BRIT_30).code
    assert (item.title, item.unit_id) == (
        f"Charge: {a} 7e Hussards against {d} 2/30th Foot",
        HUSSARDS_7,
    )
    check = assault(waterloo, unit_id=item.unit_id)
    assert (check.values["attackers"], check.values["defenders"]) == ((HUSSARDS_7,), (BRIT_30,))
    assert check.subject() == "7e Hussards against 2/30th Foot"
    # Opened on the charged battalion, the charger is its attacker.
    assert assault(waterloo, unit_id=BRIT_30).values["attackers"] == (HUSSARDS_7,)

    check.apply({"roll": 3})
    assert not any(c.title.startswith("Charge:") for c in checks_due(waterloo.view(), waterloo))
    waterloo.undo()
    assert any(c.title.startswith("Charge:") for c in checks_due(waterloo.view(), waterloo))


def test_charge_fact_is_undone_with_its_check_and_cleared_next_turn(waterloo: GameService) -> None:
    to_phase(waterloo, Phase.MOVEMENT)
    before = game_state(waterloo)
    charge = open_check(waterloo, "charge", unit_id=HUSSARDS_7)
    charge.set("target", BRIT_30)
    charge.apply({})
    # The movement phase's own record (who was pinned as it began, EotE 5.6) and the charge.
    assert [(f.kind, f.unit_id, f.other_id) for f in waterloo.view().facts] == [
        ("movement_began", None, None),
        ("charge", HUSSARDS_7, BRIT_30),
    ]
    waterloo.undo()
    assert game_state(waterloo) == before
    waterloo.redo()
    to_phase(waterloo, Phase.INTEGRITY)
    waterloo.advance_phase()  # turn 2 starts: the facts of turn 1 are gone
    assert waterloo.view().turn == 2
    assert waterloo.view().facts == ()


# ------------------------------------------------------------------ 2. leader casualty list
def test_leader_casualty_list_comes_from_the_fire_applied_not_the_unit_selected(
    waterloo: GameService,
) -> None:
    """EotE 8.0: leaders near units that fired or were fired on, and those attached there."""
    to_phase(waterloo, Phase.MOVEMENT)
    wellington = next(
        c.leader for c in waterloo.view().sides[BRITISH].commanders if c.level == "army"
    )
    assert wellington is not None
    assert wellington.name == "Wellington"
    attach = open_check(waterloo, "attach_commander", division_id=division_of(waterloo, BRIT_30))
    attach.set("leader", wellington.id)
    attach.apply({})
    to_phase(waterloo, Phase.FIRE)

    queue = FireQueue(waterloo, "artillery")
    # The wizard was opened with an unrelated Netherlands battalion selected.
    fire = queue.draft(unit_id=NL_5TH_MILITIA)
    fire.set("firers", (FR_BATTERY_20_6,))
    fire.set("target", BRIT_30)
    fire.set("range_in", 10.0)
    queue.add(fire, {"roll": 10})  # no effect on the target: still under fire
    queue.apply()
    to_phase(waterloo, Phase.LEADER_CASUALTY)

    names = {lead.name for lead in leaders_within_reach(waterloo)}
    assert names == {"Alten", "Wellington", "Quiot du Passage"}
    titles = [c.title for c in checks_due(waterloo.view(), waterloo)]
    assert "Wellington: near combat this turn" in titles
    assert not any("Perponcher" in t for t in titles)


def test_leader_attached_to_a_unit_that_fought_takes_the_minus_two(waterloo: GameService) -> None:
    """EotE 8.0: the -2 comes from the unit having fought an assault, infantry included."""
    quiot = next(
        d.leader
        for d in waterloo.view().sides[FRENCH].divisions
        if d.id == division_of(waterloo, FR_54_1)
    )
    assert quiot is not None
    to_phase(waterloo, Phase.MOVEMENT)
    attach = open_check(waterloo, "attach_leader", unit_id=FR_54_1)
    attach.apply({})
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    assault(waterloo, attackers=(FR_54_1,), defenders=(BRIT_30,)).apply({"roll": 3})
    to_phase(waterloo, Phase.LEADER_CASUALTY)
    reach = {lead.name: lead for lead in leaders_within_reach(waterloo)}
    assert reach[quiot.name].attached_to_assaulting_unit
    assert not reach["Alten"].attached_to_assaulting_unit


# ------------------------------------------------------------------ 3. changed formation
def test_changed_formation_only_inside_combat_range_and_can_be_cleared(
    waterloo: GameService,
) -> None:
    """EotE 1.8.3: -2 only for a change inside tactical combat range; starting formations free."""
    waterloo.set_unit(BRIT_30, "formation", "column")  # set-up: a starting formation
    to_phase(waterloo, Phase.MOVEMENT)
    waterloo.set_unit(BRIT_32, "formation", "column")  # the F key in movement
    assert not unit(waterloo, BRIT_30).changed_formation
    assert not unit(waterloo, BRIT_32).changed_formation

    far = open_check(waterloo, "formation", unit_id=BRIT_30)
    far.set("formation", "line")
    assert far.values["in_combat_range"] is False
    far.apply({})
    assert (unit(waterloo, BRIT_30).formation, unit(waterloo, BRIT_30).changed_formation) == (
        "line",
        False,
    )
    near = open_check(waterloo, "formation", unit_id=BRIT_32)
    near.set("formation", "line")
    near.set("in_combat_range", True)
    near.apply({})
    assert unit(waterloo, BRIT_32).changed_formation

    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, attackers=(FR_54_1,), defenders=(BRIT_32,))
    assert any(m.rule == "1.8.3" for m in check.preview().modifiers)
    waterloo.toggle_unit(BRIT_32, "changed_formation")  # the umpire clears it
    check = assault(waterloo, attackers=(FR_54_1,), defenders=(BRIT_32,))
    assert not any(m.rule == "1.8.3" for m in check.preview().modifiers)


# ------------------------------------------------------------------ 4. breakthrough
def test_one_breakthrough_per_cavalry_and_the_sabre_bonus_only_on_the_same_unit(
    waterloo: GameService,
) -> None:
    """EotE 5.15 (one breakthrough combat), 7.7.1 (sabre bonus on the unit beaten)."""
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    first = assault(waterloo, attackers=(HUSSARDS_7,), defenders=(BRIT_30,))
    won = first.apply({"roll": 10})  # +2: ./2, the hussars break through
    assert won.details["breakthrough_taken"]
    follow = first.follow_up(won)
    assert follow is not None

    other = assault(waterloo, **follow)
    other.set("defenders", (BRIT_28,))
    assert other.values["sabre_bonus"] is False  # a different battalion: no sabre bonus
    again = assault(waterloo, **follow)
    again.set("defenders", (BRIT_30,))
    assert again.values["sabre_bonus"] is True  # the battalion it beat, contacted again

    other.apply({"roll": 5})
    assert first.follow_up(won) is None  # no second breakthrough from the first combat
    second = assault(waterloo, attackers=(HUSSARDS_7,), defenders=(BRIT_32,), breakthrough=True)
    with pytest.raises(RefereeError, match="one breakthrough combat"):
        second.situation()
    waterloo.undo()  # the breakthrough combat undone: it may be fought again
    assert first.follow_up(won) is not None


# ------------------------------------------------------------------ 5. several batteries
def test_several_batteries_each_at_its_own_range_named_in_the_rows(
    waterloo: GameService,
) -> None:
    """EotE 6.1, 6.3: each battery's range band modifies its own CE."""
    to_phase(waterloo, Phase.FIRE)
    check = open_check(
        waterloo,
        "artillery_fire",
        firers=(FR_BATTERY_20_6, FR_BATTERY_10_6),
        target_id=BRIT_30,
    )
    assert isinstance(check, FireCheck)
    check.set("range_in", 5.0)  # canister, +2
    check.set(range_key(FR_BATTERY_10_6), 24.0)  # long range, -1
    keys = [f.key for f in check.facts()]
    assert range_key(FR_BATTERY_10_6) in keys
    rows = {(m.reason, m.value) for m in check.preview().modifiers}
    assert ('20/6 Foot Battery: canister range (up to 6")', 2) in rows
    assert ('10/6 Foot Battery: long range (up to 28")', -1) in rows
    assert not any(reason.startswith("firer ") for reason, _v in rows)
    check.set(range_key(FR_BATTERY_10_6), 40.0)
    assert "10/6 Foot Battery" in (check.trial({"roll": 5}).error or "")


# ------------------------------------------------------------------ 6. assault rout
def test_assault_rout_makes_friends_passed_through_test_and_lists_integrity(
    waterloo: GameService,
) -> None:
    """EotE 7.3, 7.5 (friends a router passes through test), 9.0 (infantry routed)."""
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    for uid in (FR_54_1, FR_54_2):
        waterloo.set_unit(uid, "formation", "column")
    check = assault(waterloo, attackers=(FR_54_1, FR_54_2), defenders=(NL_5TH_MILITIA,))
    assert NL_7TH_LINE in {
        c.value for f in check.facts() if f.key == "passed_through" for c in f.choices
    }
    check.set("passed_through", (NL_7TH_LINE,))
    out = check.apply({"roll": 10})  # +4 against the militia: ././R
    assert check.routed_ids(out) == [NL_5TH_MILITIA]
    due = checks_due(waterloo.view(), waterloo)
    assert any(c.procedure == "morale" and c.unit_id == NL_7TH_LINE for c in due)
    to_phase(waterloo, Phase.INTEGRITY)
    integrity = [c for c in checks_due(waterloo.view(), waterloo) if c.procedure == "integrity"]
    assert [c.division_id for c in integrity] == [division_of(waterloo, NL_5TH_MILITIA)]


# ------------------------------------------------------------------ 7. information, not due
def test_disordered_unit_that_cannot_rally_is_information_not_a_due_check(
    waterloo: GameService,
) -> None:
    """EotE 3.6: a pinned unit cannot rally; the guide says so without owing a check."""
    waterloo.set_unit(BRIT_30, "disordered", True)
    waterloo.set_unit(BRIT_30, "pinned", True)
    waterloo.set_unit(BRIT_28, "disordered", True)
    listed = [c for c in checks_due(waterloo.view(), waterloo) if c.procedure == "disorder_rally"]
    assert {c.unit_id: c.due for c in listed} == {BRIT_30: False, BRIT_28: True}
    assert [c.unit_id for c in owed(listed)] == [BRIT_28]


# ------------------------------------------------------------------ settled checks are facts
def _cavalry_due(game: GameService) -> list[int | None]:
    return [
        c.unit_id for c in checks_due(game.view(), game) if c.procedure == "cavalry_end_of_turn"
    ]


def test_cavalry_settled_at_the_end_of_the_turn_is_a_fact_undone_with_it(
    waterloo: GameService,
) -> None:
    """EotE 5.10: cavalry that fought is settled once; undo puts it back on the guide."""
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    assault(waterloo, attackers=(HUSSARDS_7,), defenders=(BRIT_30,)).apply({"roll": 10})
    to_phase(waterloo, Phase.INTEGRITY)
    assert _cavalry_due(waterloo) == [HUSSARDS_7]
    before = game_state(waterloo)
    open_check(waterloo, "cavalry_end_of_turn", unit_id=HUSSARDS_7).apply({})
    assert ("cavalry_settled", HUSSARDS_7) in [(f.kind, f.unit_id) for f in waterloo.view().facts]
    assert _cavalry_due(waterloo) == []
    waterloo.undo()
    assert game_state(waterloo) == before
    assert _cavalry_due(waterloo) == [HUSSARDS_7]


def test_integrity_check_taken_is_a_division_fact_undone_with_it(waterloo: GameService) -> None:
    """EotE 9.0: one check per cause; the check taken is the division's fact for the turn."""
    to_phase(waterloo, Phase.ASSAULT)
    waterloo.set_initiative(FRENCH)
    for uid in (FR_54_1, FR_54_2):
        waterloo.set_unit(uid, "formation", "column")
    assault(waterloo, attackers=(FR_54_1, FR_54_2), defenders=(NL_5TH_MILITIA,)).apply({"roll": 10})
    to_phase(waterloo, Phase.INTEGRITY)
    division = division_of(waterloo, NL_5TH_MILITIA)

    def integrity_due() -> list[int | None]:
        return [
            c.division_id
            for c in checks_due(waterloo.view(), waterloo)
            if c.procedure == "integrity"
        ]

    assert integrity_due() == [division]
    before = game_state(waterloo)
    check = open_check(waterloo, "integrity", division_id=division)
    check.apply({"roll": 1, "second_roll": 1})
    facts = [(f.kind, f.unit_id, f.command_id) for f in waterloo.view().facts]
    assert ("integrity_checked", None, division) in facts
    assert integrity_due() == []
    waterloo.undo()
    assert game_state(waterloo) == before
    assert integrity_due() == [division]
