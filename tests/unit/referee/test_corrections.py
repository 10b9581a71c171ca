"""Correcting a game in progress: each correction one undoable step, marked as the umpire's."""

from __future__ import annotations

import pytest

from eote_ref.referee.corrections import (
    PREFIX,
    add_commander,
    add_leader,
    add_unit,
    commander_choices,
    correct_leader,
    correct_unit,
)
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import Database, SetField
from tests.games import game_state


def test_a_wrong_ce_and_name_are_corrected_in_one_undoable_step(waterloo: GameService) -> None:
    unit = waterloo.view().sides[0].units[0]
    before = game_state(waterloo)
    correct_unit(waterloo, unit.id, ce=unit.ce + 1, name=unit.name + " (corrected)")
    after = waterloo.unit_view(unit.id)
    assert (after.ce, after.name) == (unit.ce + 1, unit.name + " (corrected)")
    entry = waterloo.journal(limit=1)[0]
    assert entry.kind == "correction"
    assert entry.summary.startswith(PREFIX)
    assert f"ce {unit.ce} → {unit.ce + 1}" in entry.summary
    waterloo.undo()
    assert game_state(waterloo) == before


def test_a_leader_is_renamed_and_re_rated(waterloo: GameService) -> None:
    division = next(d for d in waterloo.view().sides[1].divisions if d.leader is not None)
    assert division.leader is not None
    correct_leader(waterloo, division.leader.id, name="Général Remplaçant", rating=2)
    leader = waterloo.division_view(division.id).leader
    assert leader is not None
    assert (leader.name, leader.rating) == ("Général Remplaçant", 2)


def test_a_late_unit_joins_its_division(waterloo: GameService) -> None:
    division = waterloo.view().sides[0].divisions[0]
    before = game_state(waterloo)
    add_unit(waterloo, division.id, "Late Battalion", arm="infantry", type="line", ce=6)
    units = waterloo.division_view(division.id).units
    late = units[-1]
    assert (late.name, late.ce, late.hits, late.routed) == ("Late Battalion", 6, 0, False)
    assert late.nation == units[0].nation
    assert "arrives late" in waterloo.journal(limit=1)[0].summary
    # It arrives in a formation: its arm's in the division (issue 23: it had none).
    kin = next(u.formation for u in units[:-1] if u.arm == "infantry")
    assert late.formation == kin
    assert f"(infantry, {kin.replace('_', ' ')}, CE 6)" in waterloo.journal(limit=1)[0].summary
    waterloo.undo()
    assert game_state(waterloo) == before
    add_unit(
        waterloo,
        division.id,
        "Late Squadron",
        arm="cavalry",
        type="light",
        ce=6,
        formation="column",
    )
    assert waterloo.division_view(division.id).units[-1].formation == "column"
    with pytest.raises(RefereeError, match="cannot be in square"):
        add_unit(
            waterloo, division.id, "Bad", arm="cavalry", type="light", ce=6, formation="square"
        )


def test_a_leader_is_added_only_where_none_is_alive(waterloo: GameService) -> None:
    division = next(d for d in waterloo.view().sides[0].divisions if d.leader is not None)
    assert division.leader is not None
    with pytest.raises(RefereeError, match="rename or re-rate"):
        add_leader(waterloo, division.id, "Someone Else", rating=3)
    waterloo.record(
        "leader_casualty", "killed", [SetField("game_leader", division.leader.id, "killed", True)]
    )
    add_leader(waterloo, division.id, "Someone Else", rating=3)
    leader = waterloo.division_view(division.id).leader
    assert leader is not None
    assert (leader.name, leader.rating, leader.killed) == ("Someone Else", 3, False)
    assert leader.replacement


def test_nonsense_is_refused(waterloo: GameService) -> None:
    unit = waterloo.view().sides[0].units[0]
    with pytest.raises(RefereeError):
        correct_unit(waterloo, unit.id, ce=-1)
    with pytest.raises(RefereeError):
        correct_unit(waterloo, unit.id, hits=3)
    with pytest.raises(RefereeError):
        correct_unit(waterloo, unit.id, name=" ")


def test_the_after_action_report_lists_the_corrections_apart(waterloo: GameService) -> None:
    from eote_ref.packs.eote.sheets.report import after_action_report, report_html

    empty = after_action_report(waterloo)
    assert empty.corrections == ()
    assert "corrected nothing" in report_html(empty)
    unit = waterloo.view().sides[0].units[0]
    correct_unit(waterloo, unit.id, ce=unit.ce + 2)
    division = next(d for d in waterloo.view().sides[1].divisions if d.leader is not None)
    assert division.leader is not None
    correct_leader(waterloo, division.leader.id, name="Comte d'Exemple")
    waterloo.advance_phase()
    report = after_action_report(waterloo)
    assert [(c.turn, c.what) for c in report.corrections] == [
        (1, f"{unit.name}: ce {unit.ce} → {unit.ce + 2}"),
        (1, f"{division.leader.name}: name {division.leader.name} → Comte d'Exemple"),
    ]
    assert {c.phase for c in report.corrections} == {Phase.COMMAND.label}
    assert all(kind != "Umpire's correction" for kind, _n, _r in report.checks)
    page = report_html(report)
    section = page[page.index("Umpire's corrections") :]
    assert f"ce {unit.ce} → {unit.ce + 2}" in section
    assert "Comte d&#x27;Exemple" in section or "Comte d'Exemple" in section
    waterloo.undo(2)  # the phase, then the leader's correction
    assert len(after_action_report(waterloo).corrections) == 1


def _pakenham_without_commanders(db: Database) -> GameService:
    """Pakenham's attack as it shipped before issue 30: no commander above either side."""
    from eote_ref.referee.scenario_setup import create_scenario_game, shipped_scenarios
    from eote_ref.scenarios.loader import load_scenario_text

    path = next(p for p in shipped_scenarios() if p.stem == "salamanca-pakenham")
    text = path.read_text(encoding="utf-8")
    for line in ("    commander: Armée de Portugal\n", "    commander: Anglo-Portuguese Army\n"):
        text = text.replace(line, "")
    loaded = load_scenario_text(text, search=[path.parent.parent])
    assert len(loaded.warnings) == 2  # EotE 3.1, one for each side
    return GameService(db, create_scenario_game(db, loaded))


def _issuers(game: GameService, division_id: int) -> list[str]:
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.packs.eote.checks.command import superiors

    check = open_check(game, "order", division_id=division_id)
    return [lead.name for lead in superiors(check, division_id)]


def test_a_commander_of_the_lists_comes_into_the_game_in_one_undoable_step(
    db: Database,
) -> None:
    """EotE 3.1, 3.3: without an army, wing or corps leader no division can be ordered.

    Turn → Correct brings one of the side's lists into the game, above the commands that
    serve under him there; Ctrl+Z takes him out again.
    """
    game = _pakenham_without_commanders(db)
    allied = game.view().sides[1]
    third = next(d for d in allied.divisions if d.name == "3rd Division")
    durban = next(d for d in allied.divisions if d.name == "D'Urban's Portuguese Brigade")
    assert _issuers(game, third.id) == []
    choices = {c.reference: c for c in commander_choices(game, 1)}
    army, cavalry = "Anglo-Portuguese Army", "Anglo-Portuguese Army / Cavalry"
    assert {army, cavalry} <= set(choices)
    assert choices[army].label == "Wellington (army: Anglo-Portuguese Army, rating +4)"
    assert all(c.level in ("army", "wing", "corps") for c in choices.values())
    before = game_state(game)
    add_commander(game, 1, army)
    entry = game.journal(limit=1)[0]
    assert entry.kind == "correction"
    assert entry.summary.startswith(PREFIX + "Wellington (army, rating +4) takes command")
    assert _issuers(game, third.id) == ["Wellington"]
    assert _issuers(game, durban.id) == ["Wellington"]
    assert [c.name for c in game.view().sides[1].commanders] == [army]
    assert army not in {c.reference for c in commander_choices(game, 1)}  # not twice
    with pytest.raises(RefereeError, match="no army, wing or corps command"):
        add_commander(game, 1, army)
    # Cotton comes between Wellington and D'Urban's brigade, his own command in the list.
    add_commander(game, 1, cavalry)
    assert _issuers(game, durban.id) == ["Stapleton Cotton", "Wellington"]
    assert _issuers(game, third.id) == ["Wellington"]
    game.undo(2)
    assert game_state(game) == before
    assert _issuers(game, third.id) == []
    # The other side's lists give the other side's commanders only.
    assert "Armée de Portugal" in {c.reference for c in commander_choices(game, 0)}
    assert army not in {c.reference for c in commander_choices(game, 0)}
