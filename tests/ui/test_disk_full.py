"""A full disk, on a real (small tmpfs) file system: edits say so, reads and closing still work.

The file system is mounted by the test (root in the test container); elsewhere the tests are
skipped. Nothing is simulated: SQLite, the lock file and the app meet the real ENOSPC.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import subprocess
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.setup import demo_game
from eote_ref.store import open_database
from eote_ref.ui.game_hub import GameHub
from tests.cli_runner import run_in_process


@pytest.fixture
def disk(tmp_path: pathlib.Path) -> Iterator[pathlib.Path]:
    """A 6 MiB file system of the test's own."""
    folder = tmp_path / "disk"
    folder.mkdir()
    mount = ["mount", "-t", "tmpfs", "-o", "size=6m", "tmpfs", str(folder)]
    if os.geteuid() != 0 or subprocess.run(mount, capture_output=True, check=False).returncode:
        pytest.skip("needs to mount a small file system (root)")
    try:
        yield folder
    finally:
        subprocess.run(["umount", "-l", str(folder)], check=False)


def fill(folder: pathlib.Path, leave: int = 0) -> pathlib.Path:
    """Fill the disk, then free ``leave`` bytes again (a few KB: not even one step fits)."""
    filler = folder / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    with contextlib.suppress(OSError):
        while True:
            os.write(fd, b"\0" * 4096)
    os.close(fd)
    if leave:
        os.truncate(filler, max(0, filler.stat().st_size - leave))
    return filler


def test_an_edit_on_a_full_disk_is_a_message_and_the_file_stays_sound(
    qtbot: QtBot, disk: pathlib.Path
) -> None:
    db = open_database(disk / "club.sqlite")
    game = GameService(db, demo_game(db))
    hub = GameHub(game)
    unit = game.view().sides[0].units[0]
    assert hub.attempt(lambda: game.set_unit(unit.id, "hits", 1)) is not None
    fill(disk, leave=8192)
    said: list[str] = []
    hub.message.connect(said.append)
    for hits in (2, 3):
        assert hub.attempt(lambda h=hits: game.set_unit(unit.id, "hits", h)) is None
    assert said
    assert said[0].startswith("Not saved: the disk is full")
    assert game.view().sides[0].units[0].hits == 1
    db.close()  # the lock file's note cannot be written either: closing does not raise
    (disk / "filler").unlink()
    with open_database(disk / "club.sqlite") as again:
        assert again.check_integrity() == ["ok"]
        assert GameService(again, game.game_id).view().sides[0].units[0].hits == 1


def test_reading_commands_work_with_no_byte_free(disk: pathlib.Path) -> None:
    path = disk / "club.sqlite"
    open_database(path).close()
    fill(disk)
    out = run_in_process("--db", str(path), "campaign", "list")
    assert out.returncode == 0, out.stderr
    assert "No campaigns." in out.stdout
    assert "the disk is full where" in out.stderr
    assert "opened for reading only" in out.stderr
    assert "Traceback" not in out.stderr
