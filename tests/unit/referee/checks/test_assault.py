"""The assault check (EotE 7.x) on a real Waterloo game file: values, results, consequences."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.assault import AssaultCheck
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from eote_ref.store import SetField
from tests.games import game_state, unit

BRIT_28, BRIT_32, BRIT_30 = 1, 2, 48  # CE 7, 7, 6
SINCLAIR = 41  # British foot battery CE 6
LIFE_GUARDS, LIGHT_DRAGOONS_23 = 108, 115  # British heavy CE 8, light CE 5
FR_54_1, FR_54_2 = 229, 230  # French line CE 6
HUSSARDS_7, CHASSEURS_3 = 266, 267  # French light cavalry CE 6
BRITISH, FRENCH = 0, 1


def assault(
    game: GameService, attackers: tuple[int, ...], defenders: tuple[int, ...], **facts: object
) -> AssaultCheck:
    check = open_check(game, "assault", attackers=attackers, defenders=defenders)
    assert isinstance(check, AssaultCheck)
    for k, v in facts.items():
        check.set(k, v)
    return check


def test_worked_example_7_2_support_total_8(waterloo: GameService) -> None:
    """EotE 7.2: a CE 4 battery, a column on the flank (2) and one in enfilade (2): 8."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(SINCLAIR, "hits", 2)  # CE 6 with two hits: 4
    for uid in (BRIT_28, BRIT_32):
        waterloo.set_unit(uid, "formation", "column")
    check = assault(
        waterloo,
        (HUSSARDS_7,),
        (SINCLAIR,),
        attacker_position="flank",
        support_1=BRIT_28,
        support_1_position="flank",
        support_2=BRIT_32,
        support_2_enfilade=True,
    )
    o = check.preview()
    assert o.details["defender_value"] == 8
    assert o.details["attacker_value"] == 9  # 6 + 3 on the flank
    assert o.details["attack_value"] == 1


def test_worked_example_7_9_two_french_columns(waterloo: GameService) -> None:
    """EotE 7.9: columns 7 and 5 combine to 9 against a CE 6 line: +3; roll 9 is ./1."""
    waterloo.set_initiative(FRENCH)
    for uid in (FR_54_1, FR_54_2):
        waterloo.set_unit(uid, "formation", "column")
    waterloo.set_unit(FR_54_2, "disordered", True)
    before = game_state(waterloo)
    check = assault(waterloo, (FR_54_1, FR_54_2), (BRIT_30,))
    o = check.preview()
    assert (o.details["attacker_value"], o.details["defender_value"]) == (9, 6)
    # Labels keep each side's words together (no-break spaces): read them with plain spaces.
    odds = {label.replace("\u00a0", " "): p for label, p in check.odds(o)}
    assert odds["no decision / 1 hit"] == pytest.approx(0.1)
    assert odds["fall back / no decision"] == pytest.approx(0.1)
    out = check.apply({"roll": 9})
    assert out.result == "././1"
    assert check.result_text(out) == 'attacker no decision; defender 1 hit, falls back 6"'
    brit = unit(waterloo, BRIT_30)
    assert (brit.hits, brit.disordered) == (1, False)
    entry = waterloo.journal(limit=1)[0]
    assert entry.kind == "assault"
    assert entry.summary.startswith("Assault: 1/54e Ligne + 2/54e Ligne against 2/30th Foot")
    assert "attack value +3" in entry.summary
    assert not waterloo.view().links
    waterloo.undo()
    assert game_state(waterloo) == before


def test_no_decision_stays_engaged_into_next_turn(waterloo: GameService) -> None:
    """EotE 7.0, 7.3: ./. between infantry: engaged, listed in next turn's assault phase."""
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_30,))  # 6 - 6 = 0: roll 5 is ./.
    out = check.apply({"roll": 5})
    assert out.details["engaged_next_turn"]
    assert "still engaged" in check.result_text(out)
    links = [(ln.kind, ln.unit_id, ln.other_id) for ln in waterloo.view().links]
    assert links == [("engaged", FR_54_1, BRIT_30)]
    while waterloo.view().phase is not Phase.ASSAULT or waterloo.view().turn != 2:
        waterloo.advance_phase()
    due = [c for c in checks_due(waterloo.view()) if c.procedure == "assault"]
    assert [(c.unit_id, c.title) for c in due] == [
        (
            FR_54_1,
            f"Engaged: {waterloo.unit_view(FR_54_1).code} 1/54e Ligne against "
            f"{waterloo.unit_view(BRIT_30).code} 2/30th Foot (since turn 1)",
        )
    ]
    again = open_check(waterloo, "assault", unit_id=BRIT_30)
    assert again.values["attackers"] == (FR_54_1,)
    assert again.values["defenders"] == (BRIT_30,)
    again.apply({"roll": 10})  # ./1: decided
    assert not waterloo.view().links
    assert not [c for c in checks_due(waterloo.view()) if c.procedure == "assault"]


def test_cavalry_breakthrough_disorders_and_opens_follow_up(waterloo: GameService) -> None:
    """EotE 7.3, 5.15, 5.10: a winning hit gives a breakthrough; cavalry that fought is marked."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    check = assault(waterloo, (HUSSARDS_7,), (BRIT_30,))  # 6 - (6 - 2) = +2; roll 10 ./2
    out = check.apply({"roll": 10})
    assert out.details["breakthrough"] == "attacker"
    assert out.details["breakthrough_taken"]
    assert check.result_text(out).endswith("; attacker cavalry breaks through (disordered, 5.15)")
    hus = unit(waterloo, HUSSARDS_7)
    assert (hus.disordered, hus.fought_this_turn) == (True, True)
    brit = unit(waterloo, BRIT_30)
    assert brit.hits == 4
    assert check.morale_due(out) == [BRIT_30]
    follow = check.follow_up(out)
    assert follow == {"attackers": (HUSSARDS_7,), "breakthrough": True}
    # 7.7.1: the breakthrough contacts the same battalion again: the sabre bonus is pre-ticked
    # from the breakthrough recorded in the state.
    nxt = open_check(waterloo, "assault", defenders=(BRIT_30,), **follow)
    assert nxt.values["sabre_bonus"]
    assert nxt.values["breakthrough"]
    o = nxt.preview()  # 6 - 2 disordered + 2 sabre = 6 against 6 - 4 hits = 2
    assert (o.details["attacker_value"], o.details["defender_value"]) == (6, 2)
    assert any(m.rule == "5.16" for m in o.modifiers)
    second = nxt.apply({"roll": 9})  # +4: ./2, but no second breakthrough
    assert second.details["breakthrough"] is None
    assert any("5.15" in n for n in second.notes)


def test_breakthrough_notes_name_the_units_and_skip_the_british_roll(
    waterloo: GameService,
) -> None:
    """EotE 5.151 concerns British cavalry only; the fall back (7.3) is a table action."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    check = assault(waterloo, (HUSSARDS_7,), (BRIT_30,))
    trial = check.trial({"roll": 10})  # +2: ./2, the defender falls back
    assert trial.outcome is not None
    assert not any("British" in n for n in trial.notes)
    assert '2/30th Foot falls back 6" (7.3)' in trial.notes
    assert any(
        n.startswith("7e Hussards fought this turn: it takes a blown marker") for n in trial.notes
    )
    assert not any(n.startswith("fought:") for n in trial.notes)
    # The result pairs keep "no decision" on one line, the sides split by " / ".
    label = check.result_label("././2")
    assert label == "no\u00a0decision / 2\u00a0hits"


def test_value_text_starts_from_the_modifiers_base(waterloo: GameService) -> None:
    """EotE 7.6: the base is the CE difference; the modifiers make the attack value."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "hits", 2)
    check = assault(waterloo, (HUSSARDS_7,), (BRIT_30,))
    o = check.preview()
    assert o.base == 0
    assert check.value_text(o) == (
        "Base: attacker CE 6 − defender CE 6 = 0; with the modifiers: attacker 6 − defender 4 "
        f"= attack value +2 (column {o.details['column']}, EotE 7.6)"
    )
    assert check.result_tone("./2") == "neutral"


def test_british_cavalry_declining_rolls_for_it(waterloo: GameService) -> None:
    """EotE 5.151: British cavalry that declines its breakthrough rolls; even forces it."""
    waterloo.set_initiative(BRITISH)
    check = assault(waterloo, (LIFE_GUARDS,), (FR_54_1,), takes_breakthrough=False)
    trial = check.trial({"roll": 10})  # 8 - 6 = +2: ./2
    assert trial.needed is not None
    assert trial.needed.name == "breakthrough_roll"
    forced = check.trial({"roll": 10, "breakthrough_roll": 4}).outcome
    assert forced is not None
    assert forced.details["breakthrough_taken"]
    declined = check.apply({"roll": 10, "breakthrough_roll": 3})
    assert not declined.details["breakthrough_taken"]
    assert not unit(waterloo, LIFE_GUARDS).disordered


def test_blown_cavalry_that_fights_is_marked(waterloo: GameService) -> None:
    """EotE 5.10, 5.11: cavalry that fights while blown disintegrates at the end of turn."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(HUSSARDS_7, "blown", 1)
    assault(waterloo, (HUSSARDS_7,), (LIGHT_DRAGOONS_23,)).apply({"roll": 5})
    for uid in (HUSSARDS_7, LIGHT_DRAGOONS_23):
        assert unit(waterloo, uid).fought_this_turn
    with waterloo.db.session() as s:
        from eote_ref.store import GameUnit

        row = s.get(GameUnit, HUSSARDS_7)
        assert row is not None
        assert row.fought_while_blown
        other = s.get(GameUnit, LIGHT_DRAGOONS_23)
        assert other is not None
        assert not other.fought_while_blown


def test_even_result_against_unsupported_guns(waterloo: GameService) -> None:
    """EotE 7.7: gunners leave the guns, the cavalry is blown among them, no breakthrough."""
    waterloo.set_initiative(FRENCH)
    # 6 against 6 - 2 unsupported = 4: +2, roll 3 is D/D (even)
    check = assault(waterloo, (HUSSARDS_7,), (SINCLAIR,), artillery_supported=False)
    out = check.apply({"roll": 3})
    bat = unit(waterloo, SINCLAIR)
    assert bat.guns_abandoned
    assert bat.disordered
    hus = unit(waterloo, HUSSARDS_7)
    assert hus.blown == 1
    assert out.details["breakthrough"] is None
    assert "guns abandoned" in check.result_text(out)


def test_routed_defender_has_ce_zero_and_artillery_falls_back_with_it(
    waterloo: GameService,
) -> None:
    """EotE 7.4 (CE 0 when routed) and 7.8 (a battery nearby limbers and goes back too)."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_unit(BRIT_30, "routed", True)
    check = assault(waterloo, (FR_54_1,), (BRIT_30,), artillery_fall_back=(SINCLAIR,))
    o = check.preview()
    assert o.details["defender_value"] == 0
    check.apply({"roll": 10})  # +6: ./R
    bat = unit(waterloo, SINCLAIR)
    assert bat.limbered
    assert bat.formation == "limbered"


def test_town_defence_and_sappers(waterloo: GameService) -> None:
    """EotE 7.12: a division in a town defends at +3 (default from the state); sappers +2."""
    waterloo.set_initiative(FRENCH)
    waterloo.set_division(unit(waterloo, BRIT_30).division_id, "in_town", True)
    check = assault(waterloo, (FR_54_1,), (BRIT_30,), sappers=True)
    assert check.values["defender_cover"] == "town"
    o = check.preview()
    assert o.details["defender_value"] == 9
    assert o.details["attacker_value"] == 8
    cav = assault(waterloo, (HUSSARDS_7,), (BRIT_30,))
    assert "column" in (cav.trial({"roll": 1}).error or "")


def test_british_counter_charge_is_offered(waterloo: GameService) -> None:
    """EotE 7.11: British infantry throwing back the attacker may counter-charge."""
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_28,))  # 6 - 7 = -1: mirrored
    rolls = [
        r
        for r in range(1, 11)
        if check.trial({"roll": r % 10}).outcome.details[  # type: ignore[union-attr]
            "british_counter_charge"
        ]
    ]
    assert rolls
    out = check.trial({"roll": rolls[0] % 10}).outcome
    assert out is not None
    assert any("7.11" in n for n in out.notes)


def test_assault_refusals(waterloo: GameService) -> None:
    waterloo.set_initiative(FRENCH)
    assert "attacking" in (assault(waterloo, (), (BRIT_30,)).trial({}).error or "")
    assert "defending" in (assault(waterloo, (FR_54_1,), ()).trial({}).error or "")
    check = assault(waterloo, (FR_54_1,), (BRIT_30,), support_1=BRIT_30)
    assert "also support" in (check.trial({"roll": 1}).error or "")
    check = assault(waterloo, (FR_54_1,), (BRIT_30,), support_1=BRIT_28, support_2=BRIT_28)
    assert "once" in (check.trial({"roll": 1}).error or "")
    check = assault(waterloo, (BRIT_28,), (BRIT_30,))
    assert "initiative" in (check.trial({"roll": 1}).error or "")


# ---------------------------------------------------------------------------- 7.10 batteries
ROSS = 39  # British horse artillery CE 6


def test_infantry_assault_on_guns_the_gunners_abandon_them(waterloo: GameService) -> None:
    """EotE 7.10: unlimbered guns assaulted by infantry may be abandoned: no roll, one step."""
    waterloo.set_initiative(FRENCH)
    before = game_state(waterloo)
    check = assault(waterloo, (FR_54_1,), (SINCLAIR,), battery_choice="abandon")
    assert check.evading_ids() == (SINCLAIR,)
    assert not check.needs_roll()
    trial = check.trial({})
    assert trial.outcome is not None
    assert trial.outcome.result == "abandons_guns"
    assert check.result_text(trial.outcome) == (
        "Sinclair's Battery RA abandons its guns, not assaulted (7.10)"
    )
    assert trial.changes == ["Sinclair's Battery RA: guns abandoned"]
    assert trial.notes == [
        "Sinclair's Battery RA: the gunners leave the guns and go clear of the attackers "
        "(7.10); they may re-man them in a later movement phase (7.5)"
    ]
    assert check.morale_due(trial.outcome) == []
    assert check.follow_up(trial.outcome) is None
    check.apply({})
    bat = unit(waterloo, SINCLAIR)
    assert (bat.guns_abandoned, bat.hits, bat.disordered) == (True, 0, False)
    assert not unit(waterloo, FR_54_1).fought_this_turn
    entry = waterloo.journal(limit=1)[0]
    assert (entry.kind, entry.rolls) == ("assault", [])
    assert entry.summary == (
        "Assault: 1/54e Ligne against Sinclair's Battery RA: Sinclair's Battery RA abandons its "
        "guns, not assaulted (7.10) (no roll)"
    )
    waterloo.undo()
    assert game_state(waterloo) == before


def test_guns_abandoned_to_cavalry_only_into_a_square(waterloo: GameService) -> None:
    """EotE 7.10: against cavalry the gunners abandon the guns only if a square is adjacent."""
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (HUSSARDS_7,), (SINCLAIR,), battery_choice="abandon")
    assert "adjacent infantry square" in (check.trial({}).error or "")
    check.set("square_adjacent", True)
    trial = check.trial({})
    assert trial.outcome is not None
    assert any("into the adjacent infantry square" in n for n in trial.notes)
    check.apply({})
    assert unit(waterloo, SINCLAIR).guns_abandoned
    assert not unit(waterloo, HUSSARDS_7).fought_this_turn  # nothing was fought (5.10)


def test_which_batteries_may_move_away(waterloo: GameService) -> None:
    """EotE 7.10: limbered guns move away; unlimbered horse artillery only from infantry."""
    waterloo.set_initiative(FRENCH)
    foot = assault(waterloo, (FR_54_1,), (SINCLAIR,), battery_choice="move_away")
    assert "unlimbered" in (foot.trial({}).error or "")
    from_cavalry = assault(waterloo, (HUSSARDS_7,), (ROSS,), battery_choice="move_away")
    assert "only when infantry" in (from_cavalry.trial({}).error or "")
    before = game_state(waterloo)
    horse = assault(waterloo, (FR_54_1,), (ROSS,), battery_choice="move_away")
    trial = horse.trial({})
    assert trial.outcome is not None
    assert trial.outcome.result == "moves_away"
    assert trial.notes == ["Ross's Troop RHA: limber it and move it away from its attackers (7.10)"]
    horse.apply({})
    ross = unit(waterloo, ROSS)
    assert (ross.limbered, ross.formation) == (True, "limbered")
    waterloo.undo()
    assert game_state(waterloo) == before
    # Already limbered: it goes from cavalry too, with nothing to change; abandoning is refused.
    waterloo.set_unit(SINCLAIR, "formation", "limbered")
    waterloo.set_unit(SINCLAIR, "limbered", True)
    limbered = assault(waterloo, (HUSSARDS_7,), (SINCLAIR,), battery_choice="move_away")
    trial = limbered.trial({})
    assert trial.outcome is not None
    assert trial.changes == []
    assert trial.notes == ["Sinclair's Battery RA: move it away from its attackers (7.10)"]
    keep = assault(waterloo, (FR_54_1,), (SINCLAIR,), battery_choice="abandon")
    assert "limbered" in (keep.trial({}).error or "")
    nobody = assault(waterloo, (FR_54_1,), (BRIT_30,), battery_choice="abandon")
    assert "no defender is a battery" in (nobody.trial({}).error or "")


def test_battery_beside_a_battalion_leaves_it_to_fight_alone(waterloo: GameService) -> None:
    """EotE 7.9/7.10: the 2/30th (6) and Sinclair (6) combine to 9; if the guns go, 6 is left.

    1/54e Ligne (6) against 6 is 0: roll 10 is ./1 (the 2/30th takes a hit, falls back).
    """
    waterloo.set_initiative(FRENCH)
    both = assault(waterloo, (FR_54_1,), (BRIT_30, SINCLAIR))
    assert both.preview().details["defender_value"] == 9
    before = game_state(waterloo)
    check = assault(waterloo, (FR_54_1,), (BRIT_30, SINCLAIR), battery_choice="abandon")
    o = check.preview()
    assert (o.details["defender_value"], o.details["attack_value"]) == (6, 0)
    assert check.needs_roll()
    out = check.apply({"roll": 10})
    assert out.result == "././1"
    assert out.details["fought"] == [FR_54_1, BRIT_30]
    assert check.result_text(out) == (
        'attacker no decision; defender 1 hit, falls back 6"; '
        "Sinclair's Battery RA abandons its guns, not assaulted (7.10)"
    )
    brit, bat = unit(waterloo, BRIT_30), unit(waterloo, SINCLAIR)
    assert brit.hits == 1
    assert (bat.hits, bat.guns_abandoned) == (0, True)
    assert len([e for e in waterloo.journal() if e.kind == "assault"]) == 1
    waterloo.undo()
    assert game_state(waterloo) == before


# ---------------------------------------------------------------------------- once a turn
def test_once_a_turn_limits_are_warnings(waterloo: GameService) -> None:
    """EotE 7.2 (one support a turn) and 7.0 (one infantry round a turn): warned, not refused."""
    waterloo.set_initiative(FRENCH)
    first = assault(waterloo, (FR_54_1,), (BRIT_30,), support_1=BRIT_28)
    assert first.warnings() == []
    first.apply({"roll": 10})  # ./1
    second = assault(waterloo, (FR_54_1,), (BRIT_32,), support_1=BRIT_28)
    assert second.warnings() == [
        "1/28th Foot already supported a defender this turn: a unit supports once a turn "
        "(EotE 7.2)",
        "1/54e Ligne already fought an assault round this turn: infantry fights one round a "
        "turn (EotE 7.0)",
    ]
    assert second.trial({"roll": 5}).outcome is not None  # a warning, not a refusal
    again = assault(waterloo, (FR_54_2,), (BRIT_30,))
    assert [w.split(" already")[0] for w in again.warnings()] == ["2/30th Foot"]
    # Caught again on a cavalry breakthrough, the battalion fights (7.3): no warning.
    caught = open_check(
        waterloo, "assault", attackers=(HUSSARDS_7,), defenders=(BRIT_30,), breakthrough=True
    )
    assert isinstance(caught, AssaultCheck)
    assert caught.warnings() == []
    # A battery that left fought nothing: its attacker is not warned.
    assault(waterloo, (FR_54_2,), (SINCLAIR,), battery_choice="abandon").apply({})
    later = assault(waterloo, (FR_54_2,), (BRIT_32,))
    assert later.warnings() == []
    # Next turn the limits start again.
    while waterloo.view().turn == 1:
        waterloo.advance_phase()
    assert assault(waterloo, (FR_54_1,), (BRIT_32,), support_1=BRIT_28).warnings() == []


@pytest.mark.parametrize("choice", ["move_away", "abandon"])
@pytest.mark.parametrize("limbered", [False, True])
@pytest.mark.parametrize("battery", [SINCLAIR, ROSS])
@pytest.mark.parametrize("attacker", [FR_54_1, HUSSARDS_7])
@pytest.mark.parametrize("square", [False, True])
def test_7_10_choices_table(
    waterloo: GameService, choice: str, limbered: bool, battery: int, attacker: int, square: bool
) -> None:
    """EotE 7.10 read as a table: who may go, who may leave the guns, against whom."""
    waterloo.set_initiative(FRENCH)
    if limbered:
        waterloo.set_unit(battery, "formation", "limbered")
        waterloo.set_unit(battery, "limbered", True)
    horse, cavalry = battery == ROSS, attacker == HUSSARDS_7
    allowed = (
        limbered or (horse and not cavalry)
        if choice == "move_away"
        else not limbered and (not cavalry or square)
    )
    check = assault(
        waterloo, (attacker,), (battery,), battery_choice=choice, square_adjacent=square
    )
    trial = check.trial({})
    assert (trial.outcome is not None) is allowed, trial.error
    if allowed:
        check.apply({})
        after = unit(waterloo, battery)
        assert after.guns_abandoned is (choice == "abandon")
        assert after.limbered is (choice == "move_away" or limbered)
        assert after.hits == 0


def test_artillery_support_is_asked_only_when_a_defender_is_artillery(
    waterloo: GameService,
) -> None:
    """EotE 1.7: the supported-guns question concerns defending artillery only.

    Asked again when the defenders change: a battery among them brings it back.
    """
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_28,))
    assert "artillery_supported" in check.unasked()
    check.set("defenders", (BRIT_28, SINCLAIR))
    assert "artillery_supported" not in check.unasked()
    check.set("defenders", (BRIT_28,))
    assert "artillery_supported" in check.unasked()


def test_charge_by_the_side_without_the_initiative_is_fought_with_the_cavalry_attacking(
    waterloo: GameService,
) -> None:
    """EotE 5.8, 5.18, 7.6: cavalry without the initiative that charged infantry fights it.

    The side with the initiative attacks (7.6), but infantry never assaults cavalry (5.18):
    the combat a charge by the other side's cavalry brought about is fought with the
    chargers attacking, whichever unit the umpire opens it on — else it could not be fought.
    """
    waterloo.set_initiative(BRITISH)
    while waterloo.view().phase is not Phase.MOVEMENT:
        waterloo.advance_phase()
    charge = open_check(waterloo, "charge", unit_id=HUSSARDS_7, target_id=BRIT_30)
    charge.apply({})
    while waterloo.view().phase is not Phase.ASSAULT:
        waterloo.advance_phase()
    for opened_on in (BRIT_30, HUSSARDS_7):
        check = open_check(waterloo, "assault", unit_id=opened_on)
        assert check.values["attackers"] == (HUSSARDS_7,)
        assert check.values["defenders"] == (BRIT_30,)
        label = "Attacking units (the charging cavalry, without the initiative)"
        assert check.facts()[0].label == label
    out = check.apply({"roll": 5})
    assert out.details["attacker_value"] == 6
    # Named on both sides by the umpire, the pair keeps the charger attacking; another
    # combat of the charged unit's side still has the initiative side attack (7.6).
    named = open_check(waterloo, "assault", attackers=(BRIT_30,), defenders=(HUSSARDS_7,))
    assert named.attacking_side == FRENCH
    other = open_check(waterloo, "assault", attackers=(BRIT_28,), defenders=(FR_54_1,))
    assert other.attacking_side == BRITISH


@pytest.mark.parametrize("choice", ["initiative", "charger"])
def test_who_attacks_for_supports_and_the_counter_charge(
    waterloo: GameService, choice: str
) -> None:
    """EotE 7.6, 7.2, 7.11 with option ``assault_attacker``.

    The British have the initiative; the 7e Hussards (CE 6) charge 2/30th Foot (CE 6) out of
    turn and fight it as attackers (5.8). ``initiative`` (the default): the British are the
    attacker of 7.6, so the French are the supported side (7.2: 1/54e in line adds 2 to the
    hussars' 6) and British infantry beating the hussars back has no counter-charge (7.11:
    they lack the initiative). ``charger``: the British are supported and may counter-charge.
    """
    if choice != "initiative":
        opts = {"assault_attacker": choice}
        waterloo.record("test", "set up", [SetField("game", waterloo.game_id, "options", opts)])
        waterloo = GameService(waterloo.db, waterloo.game_id)
    waterloo.set_initiative(BRITISH)
    while waterloo.view().phase is not Phase.MOVEMENT:
        waterloo.advance_phase()
    open_check(waterloo, "charge", unit_id=HUSSARDS_7, target_id=BRIT_30).apply({})
    while waterloo.view().phase is not Phase.ASSAULT:
        waterloo.advance_phase()
    waterloo.set_unit(HUSSARDS_7, "hits", 2)  # 6 - 2: beaten back on most rolls
    check = open_check(waterloo, "assault", unit_id=BRIT_30)
    assert (check.values["attackers"], check.values["defenders"]) == ((HUSSARDS_7,), (BRIT_30,))
    offered = {c.value for f in check.facts() if f.key == "support_1" for c in f.choices}
    mine, theirs = (FR_54_1, BRIT_28) if choice == "initiative" else (BRIT_28, FR_54_1)
    assert mine in offered
    assert theirs not in offered
    check.set("support_1", theirs)
    assert "cannot support" in str(check.trial({"roll": 5}).error)
    check.set("support_1", mine)
    o = check.preview()
    if choice == "initiative":
        assert (o.details["attacker_value"], o.details["defender_value"]) == (6, 6)  # 4 + 2
    else:
        assert (o.details["attacker_value"], o.details["defender_value"]) == (4, 8)  # 6 + 2
    check.set("support_1", None)
    beaten = []
    for roll in range(1, 11):
        out = check.trial({"roll": roll}).outcome
        assert out is not None
        d = out.details
        # Beaten back, not routed, and not an even ./. (7.7: option british_countercharge_on_even)
        if (d["loser"], d["defender_result"]) == ("attacker", "./.") and d["attacker_result"] in (
            "D",
            "F",
            "1",
            "2",
        ):
            beaten.append(d["british_counter_charge"])
    assert beaten
    assert set(beaten) == {choice == "charger"}


def test_only_attack_columns_take_the_column_bonus(waterloo: GameService) -> None:
    """EotE 1.0.2: attack, field and road columns; the umpire says which an attacker is in.

    The trial found the +1 given to any column. The question is asked only for infantry
    attacking in a plain column; a field or road column takes no bonus.
    """
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_30,))
    assert "attack_columns" in check.unasked()  # in line: nothing to ask
    waterloo.set_unit(FR_54_1, "formation", "column")
    check = assault(waterloo, (FR_54_1,), (BRIT_30,))
    assert "attack_columns" not in check.unasked()
    assert check.values["attack_columns"] is True
    assert check.preview().details["attacker_value"] == 7
    check.set("attack_columns", False)
    assert check.preview().details["attacker_value"] == 6
    waterloo.set_unit(FR_54_1, "formation", "french_assault_column")
    check = assault(waterloo, (FR_54_1,), (BRIT_30,), attack_columns=False)
    assert "attack_columns" in check.unasked()
    assert check.preview().details["attacker_value"] == 7


def test_cavalry_on_infantry_asks_only_what_can_matter(waterloo: GameService) -> None:
    """The trial counted 21 inputs for hussars charging a battalion; 11 can matter.

    Sappers (7.12: infantry in a town), the sabre bonus (7.7.1: only on a breakthrough), the
    guns' questions (7.10, 1.7), the attack column (1.0.2: infantry) and the empty supporter
    slots' positions and the slots after an empty one (7.2) are left out.
    """
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (HUSSARDS_7,), (BRIT_30,))

    def asked() -> list[str]:
        return [f.key for f in check.facts() if f.key not in check.unasked()]

    assert asked() == [
        "attackers",
        "defenders",
        "attacker_position",
        "attacker_enfilade",
        "defender_cover",
        "uphill",
        "breakthrough",
        "support_1",
        "artillery_fall_back",
        "passed_through",
        "takes_breakthrough",
    ]
    # A supporter named: its position and enfilade, and the next slot.
    check.set("support_1", BRIT_28)
    assert {"support_1_position", "support_1_enfilade", "support_2"} <= set(asked())
    assert "support_3" not in asked()
    # On a breakthrough: the sabre bonus, and no second breakthrough to take (5.15).
    check.set("breakthrough", True)
    assert "sabre_bonus" in asked()
    assert "takes_breakthrough" not in asked()
    # Infantry on infantry: no breakthrough at all; sappers once the defender is in a town.
    waterloo.set_initiative(BRITISH)
    foot = assault(waterloo, (BRIT_28,), (FR_54_1,))
    hidden = foot.unasked()
    assert {"breakthrough", "sabre_bonus", "takes_breakthrough", "sappers"} <= hidden
    foot.set("defender_cover", "town")
    assert "sappers" not in foot.unasked()


def test_the_combats_own_units_are_not_offered_as_supporters(waterloo: GameService) -> None:
    """The Pratzen trial: the defender was listed among its own supporters (7.2)."""
    waterloo.set_initiative(FRENCH)
    check = assault(waterloo, (FR_54_1,), (BRIT_30,))
    offered = {c.value for f in check.facts() if f.key == "support_1" for c in f.choices}
    assert BRIT_30 not in offered
    assert BRIT_28 in offered
