"""Units found at a glance (issue 24): codes, namesakes, corps, range boxes, labels, sheets.

Codes in the view and the pickers' ranking, namesakes told apart, divisions with their corps,
range boxes legal at the game's scale, the base labels and the record sheets.
"""

from __future__ import annotations

import re

import pytest

from eote_ref.packs.eote.checks.fire import InfantryFire, unit_label
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.packs.eote.sheets.record import record_sheets_html, sheets_from_game
from eote_ref.referee.corrections import add_unit
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.picking import Preference, rank, unit_candidates
from eote_ref.referee.sheets.labels import labels_html, unit_labels
from eote_ref.store import Database
from tests.corps_game import corps_game_6mm
from tests.games import named


@pytest.fixture
def corps(db: Database) -> GameService:
    """The 6mm corps action of the benchmark: IV Corps against the 4th Column."""
    return GameService(db, corps_game_6mm(db))


def test_every_unit_has_a_code_unique_in_its_game(waterloo: GameService) -> None:
    view = waterloo.view()
    codes = [u.code for s in view.sides for u in s.units]
    assert all(re.fullmatch(r"[A-Z]\d+", c) for c in codes)
    assert len(set(codes)) == len(codes)
    for side in view.sides:
        letter = side.name[0]
        assert [u.code for u in side.units] == [
            f"{letter}{i}" for i in range(1, 1 + len(side.units))
        ]


def test_a_late_unit_takes_the_next_code_of_its_side(waterloo: GameService) -> None:
    side = waterloo.view().sides[1]
    add_unit(waterloo, side.divisions[0].id, "Late Battalion", arm="infantry", type="line", ce=6)
    assert named(waterloo, "Late Battalion").code == f"{side.name[0]}{len(side.units) + 1}"


def test_a_code_typed_whole_ranks_its_unit_first(waterloo: GameService) -> None:
    view = waterloo.view()
    cands = unit_candidates(view, [(u.id, u.name) for s in view.sides for u in s.units])
    french, allied = (
        next(s for s in view.sides if s.name == n) for n in ("French", "Anglo-Allied")
    )
    f12 = next(u for u in french.units if u.code == "F12")
    assert rank("f12", cands)[0].value == f12.id
    assert rank("F12", cands)[0].value == f12.id
    # The number alone: both sides' twelfth units first, the likely side's before the other's.
    a12 = next(u for u in allied.units if u.code == "A12")
    by_number = rank("12", cands, Preference(side=allied.position))
    assert [c.value for c in by_number[:2]] == [a12.id, f12.id]
    assert [c.value for c in rank("12", cands, Preference(side=french.position))[:2]] == [
        f12.id,
        a12.id,
    ]
    # The label shows the code first; the name still finds the unit.
    shown = next(c for c in cands if c.value == f12.id)
    assert shown.label.startswith(f"F12 {f12.name}")
    assert rank(f12.name, cands)[0].value == f12.id


def test_divisions_are_named_with_their_corps_and_batteries_with_their_leader(
    db: Database,
) -> None:
    from eote_ref.referee.setup import NewGame, create_new_game, shipped_army_lists

    lists = {p.name: p for p in shipped_army_lists()}
    spec = NewGame(
        "Austerlitz, whole lists",
        {
            "French": [lists["austerlitz-1805-french.yaml"]],
            "Allies": [lists["austerlitz-1805-allied.yaml"]],
        },
        figure_scale="6mm",
    )
    game = GameService(db, create_new_game(db, spec))
    view = game.view()
    french = view.sides[0]
    titles = [d.title for d in french.divisions]
    assert {"2nd Division, I Corps", "2nd Division, III Corps", "2nd Division, IV Corps"} <= set(
        titles
    )
    # Three batteries named "2nd Division foot battery" in the list: told apart by leader.
    batteries = [u for u in french.units if u.name == "2nd Division foot battery"]
    assert len(batteries) == 3
    labels = [unit_label(view, u) for u in batteries]
    assert labels == [
        "2nd Division foot battery · Drouet (French, CE 5, unlimbered)",
        "2nd Division foot battery · Friant (French, CE 5, unlimbered)",
        "2nd Division foot battery · Vandamme (French, CE 5, unlimbered)",
    ]
    # The pickers show them with their codes, each one found by its code.
    cands = unit_candidates(view, [(u.id, unit_label(view, u)) for u in batteries])
    for u in batteries:
        assert rank(u.code, cands)[0].value == u.id


def test_the_scenario_puts_only_its_commands_on_the_table(corps: GameService) -> None:
    french, allied = corps.view().sides
    assert [d.title for d in french.divisions] == [
        "1st Division, IV Corps",
        "2nd Division, IV Corps",
    ]
    assert [u.code for u in french.units] == [f"F{n}" for n in range(1, 23)]
    assert [u.code for u in allied.units] == [f"A{n}" for n in range(1, 32)]


def test_namesakes_of_a_side_carry_their_division(waterloo: GameService) -> None:
    view = waterloo.view()
    allied = next(s for s in view.sides if s.name == "Anglo-Allied")
    twins = [u for u in allied.units if u.name == "2nd Line Battalion"]
    assert len(twins) == 2
    titles = {view.unit_title(u) for u in twins}
    assert len(titles) == 2
    assert all(t.startswith("2nd Line Battalion · ") for t in titles)


@pytest.mark.parametrize(
    ("scale", "infantry", "artillery"), [("6mm", 2.0, 10.0), ("15mm", 4.0, 12.0)]
)
def test_range_boxes_open_legal_at_the_scale(
    db: Database, scale: str, infantry: float, artillery: float
) -> None:
    from eote_ref.store import get_game

    game = GameService(db, corps_game_6mm(db))
    with db.session() as s:
        get_game(s, game.game_id).figure_scale = scale
        s.commit()
    game = GameService(db, game.game_id)
    view = game.view()
    french, allied = view.sides
    # The allies' battalions stand in line (the French start in column: they cannot fire).
    battalion = next(u for u in allied.units if u.arm == "infantry")
    target = next(u for u in french.units if u.arm == "infantry")
    fire = InfantryFire(game, firers=(battalion.id,), target_id=target.id)
    assert fire.values["range_in"] == infantry
    trial = fire.trial({"roll": 5})
    assert trial.outcome is not None, trial.error  # legal: the fire resolves
    battery = next(u for u in allied.units if u.arm == "artillery")
    queue = FireQueue(game, "artillery")
    first = queue.draft(firers=(battery.id,), target_id=target.id)
    assert first.values["range_in"] == artillery


def test_the_queue_keeps_the_last_range_for_the_next_firer(corps: GameService) -> None:
    view = corps.view()
    assert view.phase is Phase.COMMAND
    french, allied = view.sides
    infantry = [u for u in allied.units if u.arm == "infantry"]
    target = next(u for u in french.units if u.arm == "infantry")
    queue = FireQueue(corps, "infantry")
    first = queue.draft(firers=(infantry[0].id,), target_id=target.id)
    assert first.values["range_in"] == 2.0
    first.values["range_in"] = 1.5
    queue.add(first, {"roll": 4})
    second = queue.draft(firers=(infantry[1].id,), target_id=target.id)
    assert second.values["range_in"] == 1.5


def test_labels_and_record_sheets_print_the_codes(corps: GameService) -> None:
    view = corps.view()
    labels = unit_labels(view)
    assert [lab.code for lab in labels[:3]] == ["F1", "F2", "F3"]
    html = labels_html(labels, "Pratzen")
    for u in (s.units[0] for s in view.sides):
        assert f'<p class="code">{u.code}</p>' in html
    assert "2nd Division foot battery · Vandamme" in html
    assert "2nd Division, IV Corps" in html
    assert html.count("page-break-before") == 1  # each side on pages of its own
    sheets = record_sheets_html(sheets_from_game(corps))
    assert '<span class="code">F1</span>' in sheets
    assert '<span class="code">A1</span>' in sheets


def test_reinforcements_arrive_with_their_sides_next_codes(corps: GameService) -> None:
    from eote_ref.referee.scenario_play import ScenarioService

    scenario = ScenarioService(corps)
    artillery = next(r for r in scenario.view().reinforcements if r.side == 0)
    while corps.view().turn < 2:
        corps.advance_phase()
    scenario.bring_on(artillery.key, roll=6)
    french = corps.view().sides[0]
    arrived = french.divisions[-1]
    assert arrived.title == "IV Corps Artillery Reserve, IV Corps"
    assert [u.code for u in arrived.units] == ["F23", "F24"]
    codes = [u.code for s in corps.view().sides for u in s.units]
    assert len(set(codes)) == len(codes)


def test_reinforcements_have_their_codes_on_the_labels_before_they_arrive(
    corps: GameService,
) -> None:
    """Umpire's trial: the label sheet printed before the battle left the reinforcements out.

    Their codes are reserved when the game is made, printed with when they come, taken by no
    late unit, and kept on arrival.
    """
    from eote_ref.referee.scenario_play import ScenarioService, coming_labels
    from eote_ref.store.unit_codes import next_unit_code

    coming = coming_labels(corps)
    french = [lab for lab in coming if lab.side == corps.view().sides[0].name]
    allied = [lab for lab in coming if lab.side == corps.view().sides[1].name]
    assert [lab.code for lab in french] == ["F23", "F24"]
    assert {lab.arrives for lab in french} == {"arrives from turn 2 on a d10 of 5+"}
    assert allied
    assert {lab.arrives for lab in allied} == {"arrives turn 3"}
    assert allied[0].code == f"A{len(corps.view().sides[1].units) + 1}"
    html = labels_html(unit_labels(corps.view()) + coming, "Pratzen")
    assert '<p class="code">F23</p>' in html
    assert "arrives turn 3" in html
    # A unit added late takes the number after the reserved ones.
    division = corps.view().sides[0].divisions[0].id
    assert corps.read(next_unit_code, division) == "F25"
    scenario = ScenarioService(corps)
    while corps.view().turn < 3:
        corps.advance_phase()
    for r in scenario.view().reinforcements:
        scenario.bring_on(r.key, roll=6 if r.roll else None)
    on_table = {u.code: u.name for s in corps.view().sides for u in s.units}
    assert all(on_table.get(lab.code) == lab.name for lab in coming)
    assert coming_labels(corps) == []
