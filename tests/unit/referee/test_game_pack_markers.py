"""A game's markers and turn are its own pack's, not the default pack's (issue 32).

"Tiny", a pack of this module registered for the test, declares other unit markers than
EotE's (hits capped at 3, a ``braced`` flag the umpire sets and a new turn clears, an
artillery-only ``ammo`` counter, ``fought`` carried into ``fought_before``) and another turn
(two phases, ``assault`` then ``fire``, labelled its own way). Its registry line names them
as ``module:NAME`` lines, read lazily as EotE's are, and names the unit-row game service.
A game of it, set up and played through the shared path (the store's new game, the game
opened by its pack's service, the dashboard's marker edits, next phase, the new turn's
carry-over), gets its markers, their defaults and caps, and its phases, never EotE's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest
from sqlmodel import select

from eote_ref.packs import registry
from eote_ref.packs.declaration import Pack
from eote_ref.packs.state_specs import MarkerSpec, PhaseSpec, TurnSpec
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.game_open import open_service
from eote_ref.referee.game_rules import eote_rules, referee_spec
from eote_ref.referee.markers import game_markers, markers_of
from eote_ref.referee.phases import game_turn, next_key
from eote_ref.referee.turn import carry_over
from eote_ref.referee.wording import describe_change
from eote_ref.store import Database, GameUnit, create_game
from eote_ref.store.game_work import turn_rows
from eote_ref.store.unit_markers import pack_defaults
from tests.registered import bare_pack, registered
from tests.unit.store.helpers import sides

TURN = TurnSpec(
    rule="1",
    phases=(
        PhaseSpec("assault", "Melee", "1", ("units in contact fight (1)",)),
        PhaseSpec("fire", "Volleys", "1", ("units in range shoot (1)",)),
    ),
)

MARKERS = (
    MarkerSpec("hits", "counter", 0, "2", limit=3, display="{n} hit{s}"),
    MarkerSpec("ammo", "counter", 0, "2", limit=2, arms=("artillery",)),
    MarkerSpec("braced", "flag", False, "3", lasts="turn", editable=True),
    MarkerSpec("fought", "flag", False, "3", lasts="turn", carried_to="fought_before"),
    MarkerSpec("fought_before", "flag", False, "3"),
    MarkerSpec("formation", "choice", None, "4", choices=("line", "column")),
)


class TinyService(GameService):
    """The unit-row service on a Tiny game: its views are still read with EotE's ruleset.

    (The service's views and checks take EotE's ruleset object until they name no pack;
    what this test asks of it, the markers and the turn, are the game's pack's.)
    """

    def _take_rules(self, game: Any) -> None:
        self.ruleset = eote_rules()
        self.pack_id = LINE.id
        self.referee = referee_spec(LINE.id)
        self._take_pack(game)


LINE = registry.Shipped(
    "tiny",
    __name__,
    "Tiny (a test pack)",
    "tiny-1",
    None,
    "Tiny",
    service=f"{__name__}:TinyService",
    turn=f"{__name__}:TURN",
    unit_markers=f"{__name__}:MARKERS",
    # What the unit-row service asks of a pack's procedures (morale due, division levels):
    # EotE's, as its views are still read with EotE's ruleset.
    referee="eote_ref.packs.eote.pack:REFEREE",
)


def declare() -> Pack:
    return bare_pack(LINE, turn=TURN, unit_markers=MARKERS)


@pytest.fixture
def tiny() -> Iterator[str]:
    with registered(LINE):
        yield LINE.ruleset


def _new_game(db: Database) -> tuple[GameService, int, int]:
    """A Tiny game (one division a side: two battalions and a battery), opened as the app does."""
    with db.session() as s:
        game_id = create_game(s, "Tiny", sides(1, 3), ruleset=LINE.ruleset, phase="assault").id
        assert game_id is not None
    service = open_service(db, game_id)
    assert isinstance(service, TinyService)
    with db.session() as s:
        units = s.exec(select(GameUnit).where(GameUnit.game_id == game_id)).all()
    foot = next(u.id for u in units if u.arm == "infantry")
    gun = next(u.id for u in units if u.arm == "artillery")
    assert foot is not None
    assert gun is not None
    return service, foot, gun


def _markers(db: Database, unit_id: int) -> dict[str, Any]:
    with db.session() as s:
        row = s.get(GameUnit, unit_id)
        assert row is not None
        return dict(row.markers or {})


@pytest.mark.usefixtures("tiny")
def test_a_game_reads_its_pack_s_markers_and_turn() -> None:
    markers = game_markers(LINE.ruleset)
    assert markers is markers_of(LINE.id)
    assert markers.editable_flags == ("braced",)  # not EotE's disordered, pinned...
    assert markers.counter_limits == {"hits": 3, "ammo": 2}  # EotE caps hits at 20
    assert markers.unit_state({"hits": 1}) == {
        "hits": 1,
        "ammo": 0,
        "braced": False,
        "fought": False,
        "fought_before": False,
        "formation": None,
    }
    assert dict(pack_defaults(LINE.id)) == markers.defaults
    assert [m.name for m in markers.turn_markers] == ["braced", "fought"]
    turn = game_turn(LINE.ruleset)
    assert turn.keys == ("assault", "fire")
    assert next_key(turn, "assault") == ("fire", False)  # EotE's next is leader casualties
    assert next_key(turn, "fire") == ("assault", True)  # EotE's next is assault
    assert next_key(turn, "") == ("fire", False)


@pytest.mark.usefixtures("tiny")
def test_the_dashboard_s_edits_follow_the_game_s_markers(db: Database) -> None:
    game, foot, gun = _new_game(db)
    game.toggle_unit(foot, "braced")
    assert _markers(db, foot) == {"braced": True}
    with pytest.raises(RefereeError, match="disordered is not a yes/no marker"):
        game.toggle_unit(foot, "disordered")  # EotE's, not this pack's
    game.adjust_unit(foot, "hits", 5)
    assert _markers(db, foot)["hits"] == 3  # its cap, not EotE's 20
    with pytest.raises(RefereeError, match=r"hits must be 0\.\.3"):
        game.set_unit(foot, "hits", 4)
    with pytest.raises(RefereeError, match="infantry carries no ammo"):
        game.adjust_unit(foot, "ammo", 1)
    game.adjust_unit(gun, "ammo", 1)
    assert _markers(db, gun) == {"ammo": 1}
    with pytest.raises(RefereeError, match="blown is not a counted marker"):
        game.adjust_unit(gun, "blown", 1)


@pytest.mark.usefixtures("tiny")
def test_next_phase_and_the_new_turn_follow_the_game_s_turn(db: Database) -> None:
    game, foot, _gun = _new_game(db)
    game.toggle_unit(foot, "braced")
    game.record("marker", "test set-up", [game.markers.unit_change(foot, "fought", True)])
    event = game.advance_phase()
    assert (event.summary, game.view().phase.value) == ("Volleys phase", "fire")
    event = game.advance_phase()
    assert event.summary.startswith("turn 2: Melee")
    view = game.view()
    assert (view.turn, view.phase.value) == (2, "assault")
    # The new turn cleared the pack's markers of one turn and carried the one it declares.
    assert _markers(db, foot) == {"fought_before": True}


@pytest.mark.usefixtures("tiny")
def test_the_carry_over_clears_the_game_s_own_turn_markers(db: Database) -> None:
    game, foot, _gun = _new_game(db)
    game.toggle_unit(foot, "braced")
    carried = carry_over(game.read(turn_rows), 2, 0)
    assert [(c.row_id, c.field, c.value) for c in carried.changes] == [
        (foot, "markers.braced", None)
    ]  # no EotE initiative, facts or orders: the pack's turn declares none


def test_a_new_game_starts_with_its_pack_s_markers_only(db: Database) -> None:
    """A limbered battery of a pack with no ``limbered`` marker keeps only its formation."""
    line = LINE._replace(
        unit_markers=f"{__name__}:NO_LIMBER", ruleset="tiny-2", id="tiny2", service=None
    )
    registry.register(line)
    try:
        limbered = sides(1, 3)
        roster = dataclasses.replace(
            limbered[0].rosters[0], formations=(("artillery", "limbered"),)
        )
        limbered[0] = dataclasses.replace(limbered[0], rosters=(roster,))
        with db.session() as s:
            game_id = create_game(s, "Tiny", limbered, ruleset=line.ruleset).id
            units = s.exec(select(GameUnit).where(GameUnit.game_id == game_id)).all()
            guns = [u.markers for u in units if u.arm == "artillery"]
    finally:
        registry.unregister(line.id)
    assert guns[0] == {"formation": "limbered"}  # EotE's set-up adds limbered: True


#: Tiny's markers with a ``limbered`` formation but no ``limbered`` flag.
NO_LIMBER = (MarkerSpec("formation", "choice", None, "4", choices=("limbered", "unlimbered")),)


def test_a_pack_registered_again_is_read_anew() -> None:
    registry.register(LINE)
    try:
        assert "braced" in markers_of(LINE.id).by_name
    finally:
        registry.unregister(LINE.id)
    registry.register(LINE._replace(unit_markers=f"{__name__}:NO_LIMBER"))
    try:
        assert tuple(markers_of(LINE.id).by_name) == ("formation",)
        assert tuple(pack_defaults(LINE.id)) == ("formation",)
    finally:
        registry.unregister(LINE.id)


@pytest.mark.usefixtures("tiny")
def test_a_change_is_worded_with_the_game_s_markers(db: Database) -> None:
    """A Tiny unit's marker reads by its name and its pack's default, not EotE's markers."""
    game, foot, gun = _new_game(db)
    braced = game.markers.unit_change(foot, "braced", True)
    ammo = game.markers.unit_change(gun, "ammo", 1)
    assert (braced.field, ammo.field) == ("markers.braced", "markers.ammo")
    names = {u.id: u.name for s in game.view().sides for u in s.units}
    for words in (game.describe_change, lambda c: describe_change(db, game.game_id, c)):
        assert words(braced) == f"{names[foot]}: braced: yes"  # not "markers.braced: yes"
        assert words(ammo) == f"{names[gun]}: ammo 0 → 1"  # its default, not "markers.ammo 1"
