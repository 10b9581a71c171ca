"""The game service: views, journaled marker edits, phases of EotE 2.0, undo and redo."""

from __future__ import annotations

import itertools
import pathlib
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import PHASES, Phase, next_phase
from eote_ref.referee.setup import (
    DEMO_NAME,
    NewGame,
    SetupError,
    SetupService,
    create_new_game,
    demo_game,
    shipped_army_lists,
)
from eote_ref.referee.todo import checks_due
from eote_ref.store import Database, snapshot
from tests.budget import budget
from tests.conftest import DatabaseTemplates

LISTS = {p.name: p for p in shipped_army_lists()}


def ligny_setup(db: Database) -> int:
    """The Ligny skirmish with default settings; returns its game id."""
    return small_game(db).game_id


@pytest.fixture
def ligny(tmp_path: pathlib.Path, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    """The Ligny skirmish in a database of its own: a copy of a template set up once."""
    db = db_templates.open("ligny", tmp_path / "ligny.sqlite", ligny_setup)
    game_id = db_templates.build("ligny", ligny_setup)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def small_game(db: Database, **kw: object) -> GameService:
    spec = NewGame(
        "Ligny skirmish",
        {
            "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
        **kw,  # type: ignore[arg-type]
    )
    return GameService(db, create_new_game(db, spec))


def test_demo_is_created_once_with_both_sides(db: Database) -> None:
    gid = demo_game(db)
    assert demo_game(db) == gid
    v = GameService(db, gid).view()
    assert v.name == DEMO_NAME
    assert [s.name for s in v.sides] == ["French", "Anglo-Allied"]
    assert (v.turn, v.phase, v.initiative_side, v.figure_scale) == (
        1,
        Phase.COMMAND,
        "French",
        "15mm",
    )
    assert len(v.sides[0].units) == 169
    assert len(v.sides[1].units) == 143
    assert v.provisional is True
    first = v.sides[0].divisions[0]
    assert first.leader is not None
    assert first.parent == "I Corps"
    assert first.integrity_state == "steady"


def test_marker_edits_are_journaled_and_undoable(ligny: GameService) -> None:
    svc = ligny
    unit = svc.view().sides[0].units[0]
    before = snapshot_of(svc)
    svc.adjust_unit(unit.id, "hits", 2)
    svc.toggle_unit(unit.id, "disordered")
    svc.set_unit(unit.id, "formation", "column")
    after = svc.view().sides[0].units[0]
    assert (after.hits, after.disordered, after.formation) == (2, True, "column")
    assert after.effective_ce == unit.ce - 2
    entries = svc.journal()
    assert [e.summary for e in entries][:3] == [
        f"{unit.name}: formation column (was {unit.formation})",
        f"{unit.name}: disordered",
        f"{unit.name}: hits 0 → 2",
    ]
    assert svc.view().can_undo == f"{unit.name}: formation column (was {unit.formation})"
    assert svc.undo(3) == [e.summary for e in entries[:3]]
    assert snapshot_of(svc) == before
    assert svc.undo_counts() == (0, 3)
    svc.redo(3)
    assert svc.view().sides[0].units[0].hits == 2


def test_no_op_edits_write_nothing(ligny: GameService) -> None:
    svc = ligny
    unit = svc.view().sides[0].units[0]
    assert svc.adjust_unit(unit.id, "hits", -1) is None
    assert svc.set_unit(unit.id, "disordered", False) is None
    assert svc.journal() == []


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("hits", -1, "hits must be 0..20"),
        ("hits", 21, "hits must be 0..20"),
        ("hits", True, "hits must be a whole number"),
        ("disordered", 1, "disordered is yes or no"),
        ("formation", "square", "artillery cannot be in square"),
        ("ce", 9, "ce cannot be edited here"),
        ("blown", 1, "only cavalry carries blown markers"),
    ],
)
def test_bad_edits_are_refused(ligny: GameService, field: str, value: object, why: str) -> None:
    svc = ligny
    battery = next(u for u in svc.view().sides[0].units if u.arm == "artillery")
    with pytest.raises(RefereeError, match=why):
        svc.set_unit(battery.id, field, value)
    assert svc.journal() == []


def test_unknown_unit_and_markers(ligny: GameService) -> None:
    svc = ligny
    with pytest.raises(RefereeError, match="there is no unit 999999 in this game"):
        svc.toggle_unit(999_999, "disordered")
    with pytest.raises(RefereeError, match="hits is not a yes/no marker"):
        svc.toggle_unit(svc.view().sides[0].units[0].id, "hits")
    with pytest.raises(RefereeError, match="disordered is not a counted marker"):
        svc.adjust_unit(svc.view().sides[0].units[0].id, "disordered", 1)


def test_what_only_eotes_procedures_know_is_asked_of_the_games_pack(ligny: GameService) -> None:
    """The orders (3.2), the divisions' levels (1.0.1), the formations (1.0.2): the pack's."""
    svc = ligny
    assert svc.pack_id == "eote"
    assert svc.division_levels == {"division", "brigade"}
    div = svc.view().sides[0].divisions[0]
    svc.set_division(div.id, "current_order", " withdraw ")  # typed as the umpire types it
    assert svc.view().sides[0].divisions[0].current_order == "WITHDRAW"
    six = "ATTACK, DEFEND, MANEUVER, PURSUIT, RESERVE, WITHDRAW"
    with pytest.raises(RefereeError, match=f"RETREAT is not an order \\(EotE 3.2: {six}\\)"):
        svc.set_division(div.id, "current_order", "retreat")
    infantry = ("line", "column", "french_assault_column", "square", "skirmish")
    assert svc.formations("infantry") == infantry
    assert svc.formations("engineers") == ("line", "column")  # an arm the rules name none for
    with pytest.raises(RefereeError, match="engineers cannot be in square \\(use column, line\\)"):
        svc._check("formation", "square", "engineers")
    assert svc._check("formation", "column", "engineers") == "column"


def test_cavalry_blown_markers(ligny: GameService) -> None:
    svc = ligny
    cav = next(u for u in svc.view().sides[1].units if u.arm == "cavalry")
    svc.adjust_unit(cav.id, "blown", 1)
    svc.adjust_unit(cav.id, "blown", 1)
    assert next(u for u in svc.view().sides[1].units if u.id == cav.id).blown == 2


def test_morale_due_at_the_threshold(db: Database) -> None:
    svc = small_game(db)
    unit = svc.view().sides[0].units[0]
    svc.adjust_unit(unit.id, "hits", 2)
    assert not svc.view().sides[0].units[0].morale_due
    svc.adjust_unit(unit.id, "hits", 1)
    assert svc.view().sides[0].units[0].morale_due
    strict = small_game(db, options={"morale_hit_threshold": 4})
    u2 = strict.view().sides[0].units[0]
    strict.adjust_unit(u2.id, "hits", 3)
    assert not strict.view().sides[0].units[0].morale_due


def test_phases_run_through_the_turn(ligny: GameService) -> None:
    svc = ligny
    seen = [svc.view().phase]
    for _ in range(7):
        svc.advance_phase()
        v = svc.view()
        seen.append(v.phase)
    assert seen == [*PHASES, Phase.COMMAND]
    assert svc.view().turn == 2
    assert svc.journal()[0].summary == "turn 2: Command control"
    svc.undo()
    assert (svc.view().turn, svc.view().phase) == (1, Phase.INTEGRITY)


def test_phase_labels() -> None:
    assert [p.number for p in PHASES] == list(range(1, 8))
    assert Phase.FIRE.rule == "6.0"
    assert Phase.parse("") is Phase.COMMAND
    assert next_phase(Phase.INTEGRITY) == (Phase.COMMAND, True)
    assert all(p.steps for p in PHASES)


def test_division_and_initiative(ligny: GameService) -> None:
    svc = ligny
    div = svc.view().sides[0].divisions[0]
    svc.set_division(div.id, "current_order", "ATTACK")
    svc.set_division(div.id, "falling_back", True)
    d = svc.view().sides[0].divisions[0]
    assert (d.current_order, d.integrity_state) == ("ATTACK", "falling back")
    with pytest.raises(RefereeError, match="name cannot be set to 'x'"):
        svc.set_division(div.id, "name", "x")
    with pytest.raises(RefereeError, match="there is no division 10000 in this game"):
        svc.set_division(10_000, "in_town", True)
    assert svc.set_initiative(1) is not None
    assert svc.view().initiative_side == "French"
    assert svc.set_initiative(1) is None
    with pytest.raises(RefereeError, match="there is no side 5"):
        svc.set_initiative(5)


def test_undo_back_to_here_and_listeners(ligny: GameService) -> None:
    svc = ligny
    calls: list[int] = []
    svc.subscribe(lambda: calls.append(1))
    unit = svc.view().sides[0].units[0]
    for _ in range(4):
        svc.adjust_unit(unit.id, "hits", 1)
    second = svc.journal(newest_first=False)[1].seq
    undone = svc.undo_to(second)
    assert len(undone) == 2
    assert svc.view().sides[0].units[0].hits == 2
    assert svc.undo_to(99) == []
    assert len(calls) == 5


def test_setup_options_scale_and_initiative(db: Database) -> None:
    svc = small_game(db, figure_scale="6mm", initiative="roll", options={"rout_hits": "always_2"})
    v = svc.view()
    assert v.figure_scale == "6mm"
    assert v.options == {"rout_hits": "always_2"}
    # "Roll for it": no silent roll now; turn 1's initiative phase asks for the one roll,
    # and the journal keeps it (EotE 4.0, issue 23).
    assert v.initiative is None
    assert not [e for e in svc.journal() if e.kind == "initiative"]
    while svc.view().phase is not Phase.INITIATIVE:
        svc.advance_phase()
    assert [c.procedure for c in checks_due(svc.view())] == ["initiative"]
    a, b = (s.name for s in svc.view().sides)
    check = open_check(svc, "initiative", side=-1)
    for name in (a, b):  # level the sides: the dice alone decide
        for key in ("divisions_without_leader", "cavalry_regiments", "highest_commander_rating"):
            position = next(s.position for s in svc.view().sides if s.name == name)
            check.set(f"{position}.{key}", 0)
    check.apply({f"{a}.roll": 3, f"{b}.roll": 8})
    (entry,) = [e for e in svc.journal() if e.kind == "initiative"]
    assert [r["value"] for r in entry.rolls] == [3, 8]
    assert svc.view().initiative_side == b
    assert "initiative" not in {c.procedure for c in checks_due(svc.view())}


@pytest.mark.parametrize(
    "spec",
    [
        NewGame("x", {"A": [LISTS["waterloo-1815-prussian.yaml"]]}),
        NewGame("x", {"A": [LISTS["waterloo-1815-prussian.yaml"]], "B": []}),
        NewGame(
            "x",
            {
                "A": [LISTS["waterloo-1815-prussian.yaml"]],
                "B": [LISTS["waterloo-1815-french.yaml"]],
            },
            figure_scale="28mm",
        ),
        NewGame(
            "x",
            {
                "A": [LISTS["waterloo-1815-prussian.yaml"]],
                "B": [LISTS["waterloo-1815-french.yaml"]],
            },
            initiative="C",
        ),
    ],
)
def test_setup_errors(db: Database, spec: NewGame) -> None:
    with pytest.raises(SetupError):
        create_new_game(db, spec)


def test_setup_service_lists_and_options(db: Database) -> None:
    setup = SetupService(db)
    names = {s.name for s in setup.shipped_lists()}
    assert {"Armée du Nord", "Army of the Lower Rhine"} <= names
    opts = {o.name: o for o in setup.options()}
    assert opts["morale_hit_threshold"].default == 3
    assert "7.5" in opts["morale_hit_threshold"].rule
    assert setup.demo() == setup.demo()


def snapshot_of(svc: GameService) -> object:
    with svc.db.session() as s:
        return snapshot(s, svc.game_id)


edits = st.lists(
    st.tuples(
        st.integers(0, 40),
        st.sampled_from(["hits+", "hits-", "disordered", "routed", "pinned", "off_table"]),
    ),
    min_size=1,
    max_size=12,
)


@settings(
    max_examples=budget(4, 15),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(seq=edits)
def test_undo_all_restores_and_redo_all_reproduces(
    tmp_path: pathlib.Path, db_templates: DatabaseTemplates, seq: list[tuple[int, str]]
) -> None:
    """Any sequence of dashboard edits, undone entirely, restores the state exactly."""
    example = tmp_path / f"example-{next(EXAMPLES)}.sqlite"  # a fresh game for each example
    with db_templates.open("ligny", example, ligny_setup) as db:
        game_id = db_templates.build("ligny", ligny_setup)
        assert isinstance(game_id, int)
        undo_all_then_redo_all(GameService(db, game_id), seq)


EXAMPLES = itertools.count()


def undo_all_then_redo_all(svc: GameService, seq: list[tuple[int, str]]) -> None:
    """Apply ``seq``, undo everything (the start again), redo everything (the end again)."""
    units = svc.view().sides[0].units
    start = snapshot_of(svc)
    for idx, what in seq:
        uid = units[idx % len(units)].id
        if what == "hits+":
            svc.adjust_unit(uid, "hits", 1)
        elif what == "hits-":
            svc.adjust_unit(uid, "hits", -1)
        else:
            svc.toggle_unit(uid, what)
    end = snapshot_of(svc)
    done, _ = svc.undo_counts()
    if done:
        svc.undo(done)
    assert snapshot_of(svc) == start
    if done:
        svc.redo(done)
    assert snapshot_of(svc) == end
