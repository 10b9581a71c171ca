"""The three roles of ``eote-ref db roles`` on a real PostgreSQL server, command by command.

Each role (viewer, umpire, organiser) × each command and check the app or the CLI runs: either
it is allowed and done, or it is refused with a sentence saying what this account may not do,
without a traceback, and nothing is written (every data table's rows are counted before and
after). Runs against the throw-away server of ``scripts/pg_cluster.sh`` (``make test-postgres``).
"""

from __future__ import annotations

import datetime
import pathlib
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy import text
from sqlalchemy.engine import make_url

from eote_ref.cli import main
from eote_ref.packs.eote.checks import open_check, sub_phase
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.campaign import CampaignService, NewBattle
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import NewGame, create_new_game
from eote_ref.store import Database, open_database
from eote_ref.store.admin import row_counts
from tests.backends import admin_engine, database_url, drop_database, new_database
from tests.shipped import LISTS

pytestmark = pytest.mark.postgres

ROLES = ("eote_viewer", "eote_umpire", "eote_organiser")

BATTLES_CSV = (
    "date,scenario,side_a,side_b,armies_a,armies_b,victory,winner,losses_a,losses_b\n"
    "2026-03-01,Ligny,Prussians,French,Blucher,Nord,decisive,French,3,4\n"
)


@dataclass
class Club:
    """A club's database set up by its owner, and a login of each role: name -> URL."""

    owner: str
    logins: dict[str, str]
    game_id: int
    #: A battle of the campaign not yet run in eote-ref (its game not started).
    battle_id: int


@pytest.fixture(scope="module")
def club() -> Iterator[Club]:
    name = new_database()
    owner = database_url(name)
    suffix = uuid.uuid4().hex[:8]
    logins = {role: f"{role.removeprefix('eote_')}_{suffix}" for role in ROLES}
    try:
        assert main(["--database-url", owner, "db", "roles"]) == 0
        with open_database(url=owner) as db:
            game_id = create_new_game(
                db,
                NewGame(
                    "Waterloo",
                    {
                        "Anglo-Allied": [LISTS["waterloo-1815-anglo-allied.yaml"]],
                        "French": [LISTS["waterloo-1815-french.yaml"]],
                    },
                ),
            )
            game = GameService(db, game_id)
            game.set_unit(_first(game, 0, "infantry"), "hits", 1)  # a step to undo
            campaigns = CampaignService(db)
            cid = campaigns.create_campaign("Hundred Days")
            campaigns.add_member(cid, "Alice")
            campaigns.add_army(cid, "Alice", LISTS["waterloo-1815-french.yaml"], name="Nord")
            campaigns.add_army(cid, "Alice", LISTS["waterloo-1815-prussian.yaml"], name="Blucher")
            battle_id = campaigns.add_battle(
                cid, NewBattle(datetime.date(2026, 3, 1), "Ligny", (["Blucher"], ["Nord"]))
            )
        with admin_engine().connect() as c:
            for role, login in logins.items():
                c.execute(text(f"CREATE ROLE {login} LOGIN IN ROLE {role}"))
        yield Club(
            owner,
            {
                role: make_url(owner).set(username=login).render_as_string(hide_password=False)
                for role, login in logins.items()
            },
            game_id,
            battle_id,
        )
    finally:
        drop_database(name)
        with admin_engine().connect() as c:
            for login in logins.values():
                c.execute(text(f"DROP ROLE IF EXISTS {login}"))


def _first(game: GameService, side: int, arm: str) -> int:
    return next(u.id for u in game.view().sides[side].units if u.arm == arm)


# ----------------------------------------------------------------------------- the commands


def look(db: Database, club: Club, tmp: pathlib.Path) -> None:
    GameService(db, club.game_id).view()


def set_marker(db: Database, club: Club, tmp: pathlib.Path) -> None:
    game = GameService(db, club.game_id)
    unit = _first(game, 1, "infantry")
    game.set_unit(unit, "hits", game.unit_view(unit).hits + 1)


def infantry_fire(db: Database, club: Club, tmp: pathlib.Path) -> None:
    """As the fire wizard applies it: one step, whose facts go to ``game_fact``."""
    game = GameService(db, club.game_id)
    view = game.view()
    fired = sub_phase.current(view, "infantry").fired  # a unit fires once a sub-phase (6.0)
    firer = next(u.id for u in view.sides[0].units if u.arm == "infantry" and u.id not in fired)
    check = open_check(
        game,
        "infantry_fire",
        unit_id=firer,
        target_id=_first(game, 1, "infantry"),
    )
    check.set("range_in", 4.0)
    queue = FireQueue(game, "infantry")
    queue.add(check, {"roll": 3})
    queue.apply()


def guns_abandoned(db: Database, club: Club, tmp: pathlib.Path) -> None:
    game = GameService(db, club.game_id)
    guns = _first(game, 0, "artillery")
    game.set_unit(guns, "guns_abandoned", not game.unit_view(guns).guns_abandoned)


def next_phase(db: Database, club: Club, tmp: pathlib.Path) -> None:
    GameService(db, club.game_id).advance_phase()


def undo(db: Database, club: Club, tmp: pathlib.Path) -> None:
    GameService(db, club.game_id).undo()


def new_game(db: Database, club: Club, tmp: pathlib.Path) -> None:
    create_new_game(
        db,
        NewGame(
            f"Ligny {uuid.uuid4().hex[:6]}",
            {
                "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
                "French": [LISTS["waterloo-1815-french.yaml"]],
            },
        ),
    )


def create_campaign(db: Database, club: Club, tmp: pathlib.Path) -> None:
    CampaignService(db).create_campaign(f"Peninsula {uuid.uuid4().hex[:6]}")


def start_battle_game(db: Database, club: Club, tmp: pathlib.Path) -> None:
    """Start the battle's game: no single role may, and nothing is written (issue 36).

    It writes a game (an umpire's right) and links it to the battle (an organiser's); a
    33-unit game was written and left linked to no battle.
    """
    CampaignService(db).start_game(club.battle_id)


#: Service calls (as the app makes them): name -> the call on the member's open database.
SERVICE: dict[str, Callable[[Database, Club, pathlib.Path], None]] = {
    "look at the game": look,
    "set a marker": set_marker,
    "apply an infantry fire": infantry_fire,
    "mark guns abandoned": guns_abandoned,
    "next phase": next_phase,
    "undo": undo,
    "set up a new game": new_game,
    "create a campaign": create_campaign,
    "start a battle's game": start_battle_game,
}

#: CLI commands: name -> the words after ``--database-url URL``.
CLI: dict[str, Callable[[pathlib.Path], list[str]]] = {
    "db check": lambda tmp: ["db", "check"],
    "armylist import": lambda tmp: [
        "armylist",
        "import",
        str(LISTS["waterloo-1815-prussian.yaml"]),
    ],
    "campaign import": lambda tmp: ["campaign", "import", "Hundred Days", "--csv", _csv(tmp)],
    "campaign list": lambda tmp: ["campaign", "list"],
    "db roles": lambda tmp: ["db", "roles"],
}

#: What each role may do (everything else is refused).
ALLOWED = {
    "eote_viewer": {"look at the game", "db check", "campaign list"},
    "eote_umpire": {
        "look at the game",
        "set a marker",
        "apply an infantry fire",
        "mark guns abandoned",
        "next phase",
        "undo",
        "set up a new game",
        "db check",
        "campaign list",
        "armylist import",
    },
    "eote_organiser": {
        "look at the game",
        "create a campaign",
        "db check",
        "campaign list",
        "campaign import",
    },
}

#: Commands that write (an allowed one must change some table's rows).
READ_ONLY = {"look at the game", "db check", "campaign list", "db roles"}


def _csv(tmp: pathlib.Path) -> str:
    path = tmp / "battles.csv"
    path.write_text(BATTLES_CSV, encoding="utf-8")
    return str(path)


def _counts(club: Club) -> dict[str, int]:
    """Every data table's rows, and the sum of the games' versions (moved by every step)."""
    with open_database(url=club.owner) as db:
        counts = row_counts(db)
        with db.engine.connect() as c:
            counts["game versions"] = int(
                c.execute(text("SELECT sum(version) FROM game")).scalar_one()
            )
        return counts


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("command", sorted(SERVICE))
def test_a_role_runs_or_is_refused_a_service_call(
    club: Club, role: str, command: str, tmp_path: pathlib.Path
) -> None:
    before = _counts(club)
    with open_database(url=club.logins[role]) as db:
        if command in ALLOWED[role]:
            SERVICE[command](db, club, tmp_path)
            if command not in READ_ONLY:
                assert _counts(club) != before
            return
        with pytest.raises(ValueError, match="this account may") as refused:
            SERVICE[command](db, club, tmp_path)
    assert "Nothing was written" in str(refused.value)
    assert _counts(club) == before


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("command", sorted(CLI))
def test_a_role_runs_or_is_refused_a_cli_command(
    club: Club,
    role: str,
    command: str,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = _counts(club)
    code = main(["--database-url", club.logins[role], *CLI[command](tmp_path)])
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err
    if command in ALLOWED[role]:
        assert code == 0, printed.err
        if command not in READ_ONLY:
            assert _counts(club) != before
        return
    assert code == 1
    assert printed.err.startswith("error: this account may not"), printed.err
    assert "Nothing was" in printed.err
    assert _counts(club) == before


def test_a_link_refused_after_the_game_was_written_leaves_no_game(club: Club) -> None:
    """A link refused after the game was set up deletes the game again (issue 36).

    The rights are read when the database opens; a grant revoked since is found only by the
    link's write.
    """
    before = _counts(club)
    with open_database(url=club.logins["eote_umpire"]) as db:
        db.can_organise = True  # what the account's rights said, before the grant was revoked
        with pytest.raises(ValueError, match="this account may not keep campaigns"):
            CampaignService(db).start_game(club.battle_id)
    assert _counts(club) == before
