"""``eote-ref display`` on bad files: each refused in its own words, none shown silently.

A running display says when its file is deleted, truncated or damaged instead of showing the
last state. Real files throughout: the umpire's database made by the app, damaged with
``sqlite3`` or by overwriting bytes, as another program or a failing disk would.
"""

from __future__ import annotations

import os
import pathlib
import sqlite3
import subprocess
from collections.abc import Iterator

import pytest
from pytestqt.qtbot import QtBot

from eote_ref.referee.follow import game_to_follow, open_read_only
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import demo_game
from eote_ref.store import open_database
from eote_ref.ui.display_app import DatabaseFollower
from eote_ref.ui.players_display import PlayersDisplay
from tests.cli_runner import run_in_process


@pytest.fixture
def umpire_file(tmp_path: pathlib.Path) -> pathlib.Path:
    """A closed database file holding the demo battle (the umpire's app has quit)."""
    path = tmp_path / "club.sqlite"
    db = open_database(path)
    demo_game(db)
    db.close()
    return path


def sidecars(folder: pathlib.Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(("-wal", "-shm")))


def refused(path: pathlib.Path | str) -> str:
    """``eote-ref display`` on ``path``: exit 2 and its one-line reason (never a traceback)."""
    out = run_in_process("display", "--db", str(path), "--window", "--exit-after", "10")
    assert out.returncode == 2, out.stdout + out.stderr
    assert "Traceback" not in out.stdout + out.stderr
    assert out.stderr.startswith("eote-ref display: ")
    return out.stderr


def test_odd_paths_are_named_for_what_they_are(tmp_path: pathlib.Path) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    empty = tmp_path / "empty.sqlite"
    empty.touch()
    assert "is a folder, not a database file" in refused(folder)
    assert "not a regular file" in refused("/dev/zero")
    assert "symbolic link that leads back to itself" in refused(tmp_path / "loop1")
    assert "is empty (0 bytes)" in refused(empty)
    assert "does not exist" in refused(tmp_path / "none.sqlite")
    assert not (folder / "eote-ref.sqlite").exists()
    assert empty.stat().st_size == 0


def test_damaged_and_foreign_files_are_refused_with_no_sidecar_files(
    tmp_path: pathlib.Path, umpire_file: pathlib.Path
) -> None:
    other = tmp_path / "recipes.sqlite"
    raw = sqlite3.connect(other)
    raw.execute("PRAGMA journal_mode=WAL")
    raw.execute("CREATE TABLE recipe (name)")
    raw.commit()
    raw.close()
    assert "belongs to another program" in refused(other)
    damaged = tmp_path / "damaged.sqlite"
    data = bytearray(umpire_file.read_bytes())
    data[4096 * 3 : 4096 * 3 + 2000] = os.urandom(2000)  # pages overwritten
    damaged.write_bytes(bytes(data))
    assert "is damaged" in refused(damaged)
    truncated = tmp_path / "truncated.sqlite"
    truncated.write_bytes(umpire_file.read_bytes()[: 4096 * 5])
    assert "is damaged" in refused(truncated)
    assert sidecars(tmp_path) == []


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        ("UPDATE game_unit SET name = CAST(x'ff41fe' AS TEXT)", "not UTF-8"),
        ("DROP TABLE game_fact", "table game_fact missing"),
        ("""UPDATE game_unit SET markers = '{"hits": "three"}'""", "cannot read"),
        # the JSON reader's own words were the message (issue 36)
        ("UPDATE game SET options = '{bad'", "edited by another program"),
        ("UPDATE game_side SET army_lists = '{'", "edited by another program"),
    ],
    ids=["name not UTF-8", "game_fact dropped", "text in hits", "options", "army lists"],
)
def test_a_file_edited_by_another_program_is_refused_in_words(
    umpire_file: pathlib.Path, edit: str, said: str
) -> None:
    raw = sqlite3.connect(umpire_file)
    raw.execute(edit)
    raw.commit()
    raw.close()
    reason = refused(umpire_file)
    assert said in reason
    assert not reason.startswith("eote-ref display: Expecting"), reason
    assert sidecars(umpire_file.parent) == []


@pytest.fixture
def following(
    qtbot: QtBot, umpire_file: pathlib.Path
) -> Iterator[tuple[DatabaseFollower, PlayersDisplay]]:
    ro = open_read_only(umpire_file)
    follower = DatabaseFollower(ro, game_to_follow(ro))
    display = PlayersDisplay(follower)
    qtbot.addWidget(display)
    display.show()
    assert not follower.poll()
    assert display.error is None
    yield follower, display
    follower.stop()
    ro.close()


def _shows_error(display: PlayersDisplay, words: str) -> None:
    assert display.error is not None
    assert words in display.error
    assert display.error_label.isVisible()
    assert words in display.error_label.text()
    assert "Not up to date" in display.header.text()
    assert not any(panel.isVisible() for panel in display.sides)
    assert not display.results_scroll.isVisible()


def test_a_file_deleted_under_a_running_display_is_said(
    following: tuple[DatabaseFollower, PlayersDisplay], umpire_file: pathlib.Path
) -> None:
    follower, display = following
    said: list[str] = []
    follower.errorChanged.connect(said.append)
    umpire_file.unlink()
    assert not follower.poll()
    _shows_error(display, "no longer exists")
    assert not follower.poll()
    assert len(said) == 1  # told once, not at every look


@pytest.mark.parametrize("harm", ["truncated", "overwritten"])
def test_a_file_damaged_under_a_running_display_is_said(
    following: tuple[DatabaseFollower, PlayersDisplay], umpire_file: pathlib.Path, harm: str
) -> None:
    follower, display = following
    size = umpire_file.stat().st_size
    with open(umpire_file, "r+b") as f:
        if harm == "truncated":
            f.truncate(size // 2)
        else:
            f.seek(4096 * 2)
            f.write(os.urandom(4096 * 3))
    assert not follower.poll()
    _shows_error(display, "is damaged")


def test_the_display_shows_again_when_the_file_reads_again(
    following: tuple[DatabaseFollower, PlayersDisplay], umpire_file: pathlib.Path
) -> None:
    follower, display = following
    good = umpire_file.read_bytes()
    with open(umpire_file, "r+b") as f:
        f.truncate(len(good) // 2)
    assert not follower.poll()
    assert display.error is not None
    with open(umpire_file, "r+b") as f:  # the same file, restored in place
        f.write(good)
    assert follower.poll()
    assert display.error is None
    assert not display.error_label.isVisible()
    assert all(panel.isVisible() for panel in display.sides)


@pytest.fixture
def read_only_share(tmp_path: pathlib.Path) -> Iterator[tuple[pathlib.Path, pathlib.Path]]:
    """A folder and a read-only view of it (a bind mount, as a projector's share is)."""
    folder = tmp_path / "share"
    view = tmp_path / "projector"
    folder.mkdir()
    view.mkdir()
    bind = ["mount", "--bind", str(folder), str(view)]
    if os.geteuid() != 0 or subprocess.run(bind, capture_output=True, check=False).returncode:
        pytest.skip("needs a read-only bind mount (root)")
    try:
        remount = ["mount", "-o", "remount,bind,ro", str(view)]
        if subprocess.run(remount, capture_output=True, check=False).returncode:
            pytest.skip("cannot make the bind mount read-only here")
        yield folder, view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


def test_a_projector_shows_a_game_from_a_read_only_share(
    qtbot: QtBot, read_only_share: tuple[pathlib.Path, pathlib.Path]
) -> None:
    folder, view = read_only_share
    umpire = open_database(folder / "club.sqlite")
    game_id = demo_game(umpire)
    umpire.close()
    with pytest.raises(OSError, match="Read-only"):
        (view / "probe").touch()
    ro = open_read_only(view / "club.sqlite")  # nobody writes it now: read as it is
    follower = DatabaseFollower(ro, game_to_follow(ro))
    display = PlayersDisplay(follower)
    qtbot.addWidget(display)
    assert follower.view.name == GameService(ro, game_id).view().name
    # The umpire starts the app on the writable side: the display follows its steps.
    umpire = open_database(folder / "club.sqlite")
    game = GameService(umpire, game_id)
    unit = game.view().sides[0].units[0]
    game.set_unit(unit.id, "hits", unit.hits + 1)
    assert follower.poll()
    assert follower.view.sides[0].units[0].hits == unit.hits + 1
    assert follower.error is None
    game.set_unit(unit.id, "hits", unit.hits + 2)
    assert follower.poll()
    assert follower.view.sides[0].units[0].hits == unit.hits + 2
    follower.stop()
    ro.close()
    umpire.close()
