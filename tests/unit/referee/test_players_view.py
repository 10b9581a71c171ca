"""What the players may see: order states without content, fog of war, redacted results."""

from __future__ import annotations

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee import players_view
from eote_ref.referee.game import GameService
from eote_ref.referee.order_sheet import order_sheet, order_sheet_html
from eote_ref.referee.phases import Phase
from eote_ref.referee.players_view import (
    FOG_KEY,
    Fog,
    ce_hidden,
    fog_of_war,
    last_results,
    order_state,
    rules_options,
    set_fog_of_war,
    unit_markers,
)


def to(game: GameService, phase: Phase, turn: int = 1) -> None:
    while game.view().turn < turn or game.view().phase is not phase:
        game.advance_phase()


def pending_order(game: GameService) -> int:
    """A MANEUVER order still in transit, from the slowest row of the chart."""
    to(game, Phase.COMMAND, turn=2)
    d = next(d for d in game.view().sides[0].divisions if len(d.units) >= 4)
    check = open_check(game, "order", division_id=d.id)
    check.set("order", "MANEUVER")
    check.set("distance_in", 40.0)
    check.apply({"roll": 0})
    return d.id


def test_fog_is_a_display_choice_left_out_of_the_ruleset_and_the_journal(
    waterloo: GameService,
) -> None:
    """A view setting (issue 30): kept in the game for every follower, never a journal step."""
    assert fog_of_war(waterloo.view()) is Fog.OFF
    waterloo.set_unit(waterloo.view().sides[0].units[0].id, "hits", 1)  # a step before it
    steps = len(waterloo.journal())
    waterloo.view()
    version = waterloo.version
    assert set_fog_of_war(waterloo, Fog.BOTH) is True
    assert len(waterloo.journal()) == steps
    view = waterloo.view()
    assert waterloo.version == version + 1  # followers read the game again
    assert view.options[FOG_KEY] == "both"
    assert fog_of_war(view) is Fog.BOTH
    assert rules_options(view.options) == {}
    # A service opened on the game afterwards builds its ruleset without tripping on the key.
    again = GameService(waterloo.db, waterloo.game_id)
    assert fog_of_war(again.view()) is Fog.BOTH
    assert set_fog_of_war(waterloo, Fog.BOTH) is False  # no change, nothing written
    again.view()
    assert again.version == version + 1
    waterloo.undo()  # the hit, not the fog
    assert fog_of_war(waterloo.view()) is Fog.BOTH
    assert waterloo.view().sides[0].units[0].hits == 0
    waterloo.redo()
    set_fog_of_war(waterloo, Fog.OFF)
    assert FOG_KEY not in waterloo.view().options
    assert len(waterloo.journal()) == steps


@pytest.mark.parametrize(
    ("fog", "side", "viewer", "hidden"),
    [
        (Fog.OFF, 0, None, False),
        (Fog.BOTH, 0, 0, True),
        (Fog.OPPONENT, 0, 0, False),
        (Fog.OPPONENT, 1, 0, True),
        (Fog.OPPONENT, 0, None, True),  # a display the whole table sees hides both
    ],
)
def test_whose_ce_is_hidden(fog: Fog, side: int, viewer: int | None, hidden: bool) -> None:
    assert ce_hidden(fog, side, viewer) is hidden


def test_an_order_in_transit_shows_no_content_sender_or_countdown(waterloo: GameService) -> None:
    did = pending_order(waterloo)
    div = next(d for d in waterloo.view().sides[0].divisions if d.id == did)
    assert div.pending_order == "MANEUVER"
    assert order_state(div) == "order in transit"
    umpire = waterloo.journal(limit=1)[0].summary
    assert "MANEUVER" in umpire  # the umpire's journal keeps it all
    shown = last_results(waterloo, 1)[0]
    assert shown.summary == "An order was written and sent (hidden)"
    assert shown.parts == ()
    waterloo.set_division(did, "current_order", "DEFEND")
    div = next(d for d in waterloo.view().sides[0].divisions if d.id == did)
    assert order_state(div) == "order in force · order in transit"
    assert "DEFEND" not in last_results(waterloo, 1)[0].summary


def test_the_order_sheet_gives_the_side_its_own_orders(waterloo: GameService) -> None:
    did = pending_order(waterloo)
    own = order_sheet(waterloo, 0)
    assert [(o.division, o.order) for o in own.in_transit] == [
        (next(d.name for d in waterloo.view().sides[0].divisions if d.id == did), "MANEUVER")
    ]
    assert own.in_transit[0].sender is not None
    assert own.in_transit[0].sender in waterloo.journal(limit=1)[0].summary
    assert "MANEUVER" in order_sheet_html(own)
    assert order_sheet(waterloo, 1).in_transit == ()
    with pytest.raises(ValueError, match="no side 7"):
        order_sheet(waterloo, 7)


def test_fog_hides_a_morale_test_s_ce_built_figures(waterloo: GameService) -> None:
    unit = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    waterloo.set_unit(unit.id, "hits", 3)
    open_check(waterloo, "morale", unit_id=unit.id).apply({"roll": 1})
    plain = last_results(waterloo, 1)[0]
    part = plain.parts[0]
    assert part.procedure == "morale"
    assert part.base == unit.ce
    assert part.dice == (1,)
    assert f"against {part.modified:g}" in plain.summary
    foggy = last_results(waterloo, 1, hide_ce=True)[0]
    hidden = foggy.parts[0]
    assert (hidden.base, hidden.modified, hidden.ce_hidden) == (None, None, True)
    assert hidden.dice == (1,)
    assert hidden.result == part.result
    assert foggy.summary == f"{unit.name}: morale {hidden.result} (rolled 1)"
    # the morale modifiers state no CE: every one is shown, stated here, not recomputed
    assert [m.reason for m in hidden.modifiers] == ["per hit marker (×3)"]
    assert [m.value for m in hidden.modifiers] == [-3]


def test_undone_steps_leave_the_results(waterloo: GameService) -> None:
    unit = waterloo.view().sides[0].units[0]
    waterloo.toggle_unit(unit.id, "disordered")
    assert "disordered" in unit_markers(waterloo.unit_view(unit.id))
    assert unit.name in last_results(waterloo, 1)[0].summary
    waterloo.undo()
    assert all(unit.name not in r.summary for r in last_results(waterloo, 3))


@pytest.mark.parametrize(
    ("outcome", "words"),
    [
        ({"procedure": "assault", "result": "./2"}, "attacker no decision, defender 2 hits (./2)"),
        ({"procedure": "assault", "result": "1/."}, "attacker 1 hit, defender no decision (1/.)"),
        ({"procedure": "assault", "result": "D/F"}, "attacker disorder, defender fall back (D/F)"),
        ({"procedure": "assault", "result": "./."}, "no decision"),
        ({"procedure": "fire", "result": "1", "hits": 1, "disorder": True}, "1 hit and disorder"),
        ({"procedure": "no_such_procedure", "result": "fall_back"}, "fall back"),
    ],
)
def test_results_read_in_words_on_the_display(outcome: dict[str, object], words: str) -> None:
    """The players see an assault's code as words for each side (EotE 7.6), code kept."""
    assert players_view._result_text(outcome) == words


# ----------------------------------------------------------------------------- fog on data


def test_fog_hides_the_ce_figures_of_an_umpire_s_correction(waterloo: GameService) -> None:
    """A corrected CE is a CE: under fog the players read that it was corrected, not to what."""
    from eote_ref.referee.corrections import correct_unit

    unit = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    correct_unit(waterloo, unit.id, ce=unit.ce + 1)
    umpire = f"Umpire's correction: {unit.name}: ce {unit.ce} → {unit.ce + 1}"
    assert waterloo.journal(limit=1)[0].summary == umpire
    assert last_results(waterloo, 1)[0].summary == umpire
    foggy = last_results(waterloo, 1, hide_ce=True)[0].summary
    assert foggy == f"Umpire's correction: {unit.name}: CE corrected"
    # a renaming hides nothing, the CE beside it still is
    correct_unit(waterloo, unit.id, name="2nd Battalion", ce=unit.ce)
    foggy = last_results(waterloo, 1, hide_ce=True)[0].summary
    assert (
        foggy == f"Umpire's correction: {unit.name}: name {unit.name} → 2nd Battalion, CE corrected"
    )


def test_fog_hides_a_late_arrival_s_ce(waterloo: GameService) -> None:
    from eote_ref.referee.corrections import add_unit

    div = next(d for d in waterloo.view().sides[0].divisions if d.units)
    add_unit(waterloo, div.id, "2/95th Rifles", arm="infantry", type="light", ce=7)
    plain = last_results(waterloo, 1)[0].summary
    arrives = f"Umpire's correction: 2/95th Rifles arrives late with {div.name}"
    assert plain == f"{arrives} (infantry, line, CE 7)"
    foggy = last_results(waterloo, 1, hide_ce=True)[0].summary
    assert foggy == f"{arrives} (infantry, line)"


def test_fog_keeps_unit_names_that_start_with_a_digit(waterloo: GameService) -> None:
    """An assault's line names both sides; only its attack value is hidden (EotE 7.6)."""
    from eote_ref.referee.corrections import correct_unit

    waterloo.set_initiative(1)
    correct_unit(waterloo, 229, name="Salzburg IR 23")
    correct_unit(waterloo, 48, name="11e Chasseurs à cheval")
    check = open_check(waterloo, "assault", attackers=(229,), defenders=(48,))
    outcome = check.apply({"roll": 5})
    umpire = waterloo.journal(limit=1)[0].summary
    assert umpire.startswith("Assault: Salzburg IR 23 against 11e Chasseurs à cheval: ")
    assert f", attack value {outcome.modified:+g})" in umpire
    foggy = last_results(waterloo, 1, hide_ce=True)[0].summary
    assert foggy == umpire.replace(f", attack value {outcome.modified:+g}", "")
    assert "11e Chasseurs à cheval" in foggy
    assert "Salzburg IR 23" in foggy


def test_fog_hides_the_modifiers_that_state_a_ce() -> None:
    """EotE 7.9 and 7.4: two columns (one disordered) assault a routed line.

    Shown to everyone: each column's +1 for attacking in column and the -2 for disorder.
    Hidden under fog: the 7.9 combination (columns at 7 and 5 make 7 + 2, so -3: it gives
    away the weaker one's modified CE) and the routed defender's "CE 0" (-6, its CE).
    """
    from eote_ref.packs.eote.rules.assault import AssaultSituation, assault
    from eote_ref.packs.eote.rules.dice import EnteredDice
    from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit
    from eote_ref.packs.eote.rulesets import load_default

    column = Unit(CombatArm.INFANTRY, 6, Formation.COLUMN)
    s = AssaultSituation(
        [column, Unit(CombatArm.INFANTRY, 6, Formation.COLUMN, disordered=True)],
        [Unit(CombatArm.INFANTRY, 6, Formation.LINE, routed=True)],
    )
    out = assault(s, load_default(), EnteredDice({"roll": 5})).to_json()
    everyone = [
        ("attacker 1: attacking in column", 1),
        ("attacker 2: disordered", -2),
        ("attacker 2: attacking in column", 1),
    ]
    secret = [
        ("attacker: 2 units, strongest in full, the others at half", -3),
        ("defender: routed unit assaulted: CE 0", -6),
    ]
    plain = players_view._part(out, hide_ce=False)
    assert [(m.reason, m.value) for m in plain.modifiers] == everyone + secret
    foggy = players_view._part(out, hide_ce=True)
    assert [(m.reason, m.value) for m in foggy.modifiers] == everyone
    assert (foggy.base, foggy.modified) == (None, None)


def test_an_older_record_without_its_pieces_shows_only_its_typed_records(
    waterloo: GameService,
) -> None:
    """A line journaled before lines were kept in pieces: under fog, its words are not shown."""
    outcome = {
        "procedure": "morale",
        "rule": "7.5",
        "base": 6,
        "modifiers": [{"value": -3, "reason": "per hit marker (×3)", "rule": "7.5"}],
        "modified": 3,
        "roll": 1,
        "result": "pass",
    }
    waterloo.record("morale", "2/3rd Ligne: morale pass (rolled 1 against 3)", [], outcome=outcome)
    assert last_results(waterloo, 1)[0].summary.endswith("against 3)")
    foggy = last_results(waterloo, 1, hide_ce=True)[0]
    assert foggy.summary == "Morale (EotE 7.5): pass"
    assert foggy.parts[0].modifiers == ()


def _line(game: GameService, newest: int = 0, *, having: str = "") -> object:
    """The line in pieces of a journal step, as the store keeps it.

    The ``newest``-th from the last, or the latest whose summary holds ``having``.
    """
    from eote_ref.referee.journal_line import LINE_KEY, Line
    from eote_ref.store import history

    events = [e for e in game.read(history, limit=40, newest_first=True) if e.status == "done"]
    if having:
        events = [e for e in events if having in (e.summary or "")]
    e = events[0 if having else newest]
    return Line.from_json((e.inputs or {}).get(LINE_KEY))


def test_an_order_is_hidden_by_its_pieces_whatever_the_step(waterloo: GameService) -> None:
    """EotE 3.1: an order's words never reach the players' display, whatever records them.

    The display reads the line's pieces, not the journal kind: an umpire's correction that
    states an order keeps it hidden as an order sent does.
    """
    from eote_ref.packs.eote.rules.core import Reveals
    from eote_ref.referee.corrections import KIND, PREFIX
    from eote_ref.referee.journal_line import Line, Piece

    did = pending_order(waterloo)
    line = _line(waterloo)
    assert isinstance(line, Line)
    assert Reveals.ORDER in line.reveals()
    assert "MANEUVER" in line.text
    waterloo.set_division(did, "current_order", "DEFEND")
    edit = _line(waterloo)
    assert isinstance(edit, Line)
    assert Reveals.ORDER in edit.reveals()
    name = next(d.name for d in waterloo.view().sides[0].divisions if d.id == did)
    waterloo.record(
        KIND,
        Line.of(
            PREFIX + f"{name}: ",
            Piece("order ATTACK → DEFEND", Reveals.ORDER, veiled="orders corrected"),
        ),
        [],
    )
    shown = last_results(waterloo, 3)
    assert [r.summary for r in shown][0] == f"Umpire's correction: {name}: orders corrected"
    assert not [r for r in shown if "DEFEND" in r.summary or "MANEUVER" in r.summary]
    assert all(r.parts == () for r in shown[1:])


def test_an_order_taking_effect_is_an_order_piece_of_the_new_turn(waterloo: GameService) -> None:
    """EotE 3.4: the order arriving is the umpire's to know; the new turn's line says so."""
    from eote_ref.packs.eote.rules.core import Reveals
    from eote_ref.referee.journal_line import Line

    to(waterloo, Phase.COMMAND, turn=2)
    d = next(d for d in waterloo.view().sides[0].divisions if len(d.units) >= 4)
    check = open_check(waterloo, "order", division_id=d.id)
    check.set("order", "ATTACK")
    check.set("distance_in", 10.0)
    check.apply({"roll": 9})
    while next(x for x in waterloo.view().sides[0].divisions if x.id == d.id).pending_order:
        waterloo.advance_phase()
    line = _line(waterloo, having="order takes effect")
    assert isinstance(line, Line)
    assert Reveals.ORDER in line.reveals()
    assert "ATTACK" not in line.shown({Reveals.ORDER})
