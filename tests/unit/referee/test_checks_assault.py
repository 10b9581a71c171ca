"""The assault check (EotE 7.x) on a real Waterloo game file: values, results, consequences."""

from __future__ import annotations

import pytest

from eote_ref.referee.checks import open_check
from eote_ref.referee.checks_assault import AssaultCheck
from eote_ref.referee.game import GameService, UnitView
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import checks_due
from tests.unit.referee.conftest import game_state

BRIT_28, BRIT_32, BRIT_30 = 1, 2, 48  # CE 7, 7, 6
SINCLAIR = 41  # British foot battery CE 6
LIFE_GUARDS, LIGHT_DRAGOONS_23 = 108, 115  # British heavy CE 8, light CE 5
FR_54_1, FR_54_2 = 229, 230  # French line CE 6
HUSSARDS_7, CHASSEURS_3 = 266, 267  # French light cavalry CE 6
BRITISH, FRENCH = 0, 1


def unit(game: GameService, uid: int) -> UnitView:
    return next(u for s in game.view().sides for u in s.units if u.id == uid)


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
        (FR_54_1, "Engaged: 1/54e Ligne against 2/30th Foot (since turn 1)")
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
    hus = unit(waterloo, HUSSARDS_7)
    assert (hus.disordered, hus.fought_this_turn) == (True, True)
    brit = unit(waterloo, BRIT_30)
    assert brit.hits == 4
    assert check.morale_due(out) == [BRIT_30]
    follow = check.follow_up(out)
    assert follow == {"attackers": (HUSSARDS_7,), "breakthrough": True, "sabre_bonus": True}
    # 7.7.1: the breakthrough contacts the same battalion again, with the sabre bonus.
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
