"""``eote-ref [--db FILE] display --web``: links printed, pages served, a clean stop."""

from __future__ import annotations

import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

from eote_ref.referee.game import GameService
from eote_ref.store import Database
from tests.avle_games import quatre_bras
from tests.cli_runner import ROOT, run_in_process
from tests.unit.web.conftest import get, get_json

#: How long a change made in the umpire's process may take to reach the served page: the
#: command looks every 0.25 s, but on a loaded two-core machine reading and publishing the
#: game can take seconds. Generous: a change that never arrives still fails, after this long.
FOLLOWED_WITHIN_S = 30


def start(db_file: pathlib.Path, *extra: str) -> tuple[subprocess.Popen[str], dict[str, str]]:
    """The command in a real process; its links, read from its first lines."""
    if str(db_file) in ("", "None"):
        pytest.skip("the command is run here on a database file")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "eote_ref.cli", "--db", str(db_file), "display", "--web",
         "--port", "0", *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env=env,
    )  # fmt: skip
    assert proc.stdout is not None
    links: dict[str, str] = {}
    while "Spectators" not in links:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError(proc.stderr.read() if proc.stderr else "no output")
        name, _, url = line.strip().rpartition(": ")
        links[name] = url
    return proc, links


@pytest.mark.parametrize("stop", [signal.SIGTERM, signal.SIGINT])
def test_serves_an_eote_game_until_stopped(waterloo: GameService, stop: signal.Signals) -> None:
    db_file = pathlib.Path(str(waterloo.db.path))
    proc, links = start(db_file)
    try:
        assert sorted(links) == ["Anglo-Allied", "French", "Spectators"]
        assert links["Spectators"].startswith("http://127.0.0.1:")
        french = get_json(links["French"] + "view.json")
        assert french["me"]["name"] == "French"
        assert french["accepts_requests"] is False
        assert get(links["Spectators"])[0] == 200
        # the umpire's change in another process reaches the page (the command looks four
        # times a second; a loaded machine may take longer to read and publish it)
        unit = waterloo.view().sides[0].units[0]
        waterloo.toggle_unit(unit.id, "disordered")
        end = time.monotonic() + FOLLOWED_WITHIN_S
        page = get_json(links["Spectators"].rstrip("/") + "/view.json")
        while page["version"] <= french["version"] and time.monotonic() < end:
            time.sleep(0.1)  # the next look (within the rate limit), not a wait for a result
            page = get_json(links["Spectators"].rstrip("/") + "/view.json")
        assert page["version"] > french["version"]
    finally:
        proc.send_signal(stop)
        assert proc.wait(60) == 0


def test_serves_an_avle_game(db: Database, tmp_path: pathlib.Path) -> None:
    game = quatre_bras(db)
    proc, links = start(pathlib.Path(str(db.path)), "--game", str(game.game_id))
    try:
        assert sorted(links) == ["Allies", "French", "Spectators"]
        page = get_json(links["Allies"] + "view.json")
        assert page["pack"] == "avle"
        assert page["me"]["name"] == "Allies"
    finally:
        proc.terminate()
        assert proc.wait(60) == 0


def test_a_wrong_game_is_told(db: Database) -> None:
    result = run_in_process("--db", str(db.path), "display", "--web", "--game", "99")
    assert result.returncode == 2
    assert "no game" in result.stderr
