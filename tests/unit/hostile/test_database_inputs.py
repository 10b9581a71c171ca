"""Database files copied, linked, damaged, read-only or on a full disk (issue 19, items 2, 3, 8, 9).

Every case uses a real SQLite file; the read-only and full-disk cases mount a small tmpfs
(skipped, with the reason, where the test may not mount).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pathlib
import sqlite3
import subprocess
import sys
from collections.abc import Iterator

import pytest

from eote_ref import cli
from eote_ref.referee.setup import demo_game
from eote_ref.store import open_database
from eote_ref.store.database_checks import VERIFY_BELOW_BYTES
from eote_ref.store.errors import CorruptDatabaseError, DatabaseError, DatabaseInUseError
from eote_ref.store.file_lock import FileIdentityLock

REPO = pathlib.Path(__file__).resolve().parents[3]
ARMY_LIST = REPO / "army_lists" / "waterloo-1815-french.yaml"


def digest(path: pathlib.Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def make_demo(path: pathlib.Path) -> int:
    with open_database(path) as db:
        return demo_game(db)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out, out.err


# ----------------------------------------------------------------------------- links (item 2)


def test_hard_linked_file_is_refused_untouched(tmp_path: pathlib.Path) -> None:
    db_path = tmp_path / "club.sqlite"
    make_demo(db_path)
    other = tmp_path / "copy-by-link.sqlite"
    os.link(db_path, other)
    before = digest(db_path)
    for name in (db_path, other):
        with pytest.raises(DatabaseError, match="hard links"):
            open_database(name)
    assert digest(db_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["club.sqlite", "copy-by-link.sqlite"]


def test_the_lock_follows_the_file_not_its_name(tmp_path: pathlib.Path) -> None:
    first = tmp_path / "a.sqlite"
    first.write_bytes(b"")
    second = tmp_path / "elsewhere" / "b.sqlite"
    second.parent.mkdir()
    os.link(first, second)
    held = FileIdentityLock(first)
    held.acquire()
    try:
        with pytest.raises(DatabaseInUseError, match="another name"):
            FileIdentityLock(second).acquire()
    finally:
        held.release()
    again = FileIdentityLock(second)
    again.acquire()
    again.release()


def test_symbolic_link_reaches_the_same_lock(tmp_path: pathlib.Path) -> None:
    db_path = tmp_path / "real.sqlite"
    make_demo(db_path)
    other_dir = tmp_path / "shortcuts"
    other_dir.mkdir()
    link = other_dir / "link.sqlite"
    link.symlink_to(db_path)
    with open_database(db_path), pytest.raises(DatabaseInUseError):
        open_database(link)
    with open_database(link) as db:  # alone, a link opens the real file
        assert db.path == db_path
    assert not (other_dir / "link.sqlite-wal").exists()


def test_two_processes_through_a_link_one_is_refused(tmp_path: pathlib.Path) -> None:
    db_path = tmp_path / "real.sqlite"
    make_demo(db_path)
    link = tmp_path / "link.sqlite"
    link.symlink_to(db_path)
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time\n"
            "from eote_ref.store import open_database\n"
            f"db = open_database({str(db_path)!r})\n"
            "print('ready', flush=True)\n"
            "time.sleep(60)\n",
        ],
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline().strip() == "ready"
        done = subprocess.run(
            [sys.executable, "-m", "eote_ref.cli", "--db", str(link), "campaign", "list"],
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
            env={**os.environ, "PYTHONPATH": str(REPO)},
        )
    finally:
        holder.kill()
        holder.wait()
    assert done.returncode == 1
    assert "already open" in done.stderr
    assert "Traceback" not in done.stderr


# ----------------------------------------------------------------------------- damage (item 3)


def big_damaged_file(path: pathlib.Path) -> None:
    """An eote-ref database over VERIFY_BELOW_BYTES with one b-tree page in the middle broken."""
    make_demo(path)
    with contextlib.closing(sqlite3.connect(path)) as c:
        c.execute("PRAGMA journal_mode=DELETE")
        c.execute("CREATE TABLE filler (n INTEGER PRIMARY KEY, t TEXT)")
        c.executemany(
            "INSERT INTO filler (t) VALUES (?)", ((f"row {i} " * 8,) for i in range(120_000))
        )
        c.commit()
        page_size = c.execute("PRAGMA page_size").fetchone()[0]
        pages = c.execute("PRAGMA page_count").fetchone()[0]
    assert path.stat().st_size > VERIFY_BELOW_BYTES
    middle = pages // 2
    with open(path, "r+b") as handle:  # a leaf page of the filler table: wreck its header
        handle.seek(middle * page_size)
        handle.write(b"\x0d\xff\xff\xff\xff\xff\xff\xff")


def test_damage_in_a_large_file_is_found_and_left_untouched(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "big.sqlite"
    big_damaged_file(db_path)
    before = digest(db_path)
    with pytest.raises(CorruptDatabaseError, match="damaged"):
        open_database(db_path)
    for argv in (["campaign", "list"], ["print", "report", "1", "-o", str(tmp_path / "r.html")]):
        code, _out, err = run(capsys, "--db", str(db_path), *argv)
        assert code == 1
        assert "damaged" in err
    assert digest(db_path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.sqlite"]


# ----------------------------------------------------------------------------- hand edits (9)


@pytest.mark.parametrize(
    "edit",
    [
        "UPDATE game SET phase = 'brunch'",
        "UPDATE game SET options = 'not json'",
        "UPDATE game SET created_at = 'yesterday'",
        "UPDATE game SET turn = 'x'",
        # A unit's state is its markers (issue 26): damaged JSON, or a count that is text.
        "UPDATE game_unit SET markers = 'not json'",
        """UPDATE game_unit SET markers = '{"hits": "three"}'""",
    ],
)
def test_hand_edited_database_gives_a_message_in_print_report(
    edit: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db_path = tmp_path / "edited.sqlite"
    game = make_demo(db_path)
    with contextlib.closing(sqlite3.connect(db_path)) as c:
        c.execute(edit)
        c.commit()
    out = tmp_path / "report.html"
    code, _out, err = run(
        capsys, "--db", str(db_path), "print", "report", str(game), "-o", str(out)
    )
    assert code == 1
    assert "edited by hand" in err
    assert not out.exists()


@pytest.mark.parametrize(
    ("ruleset", "said"),
    [
        ("eote-5.0", "ruleset 'eote-5.0' is not one eote-ref has; it knows eote-6.2"),
        ("avle-1.2", "is played with Advanced Vive l'Empereur 1.2 (avle-1.2)"),
    ],
)
def test_a_game_of_a_ruleset_eote_cannot_play_is_refused_in_print(
    ruleset: str, said: str, tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The game's ruleset column is read, never taken for EotE (issue 26)."""
    db_path = tmp_path / "other.sqlite"
    game = make_demo(db_path)
    with contextlib.closing(sqlite3.connect(db_path)) as c:
        c.execute("UPDATE game SET ruleset = ?", (ruleset,))
        c.commit()
    out = tmp_path / "sheets.pdf"
    code, _out, err = run(
        capsys, "--db", str(db_path), "print", "sheets", str(game), "-o", str(out)
    )
    assert code == 1
    assert said in err
    assert "edited by hand" not in err
    assert not out.exists()


# ----------------------------------------------------------------------------- tmpfs (item 8)


@contextlib.contextmanager
def tmpfs(where: pathlib.Path, size: str) -> Iterator[pathlib.Path]:
    where.mkdir()
    try:
        done = subprocess.run(
            ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(where)],
            capture_output=True,
            text=True,
            check=False,
        )
    except OSError as exc:
        pytest.skip(f"cannot mount a tmpfs here ({exc})")
    if done.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {done.stderr.strip() or done.returncode}")
    try:
        yield where
    finally:
        subprocess.run(["umount", "-l", str(where)], check=False)


def test_read_only_mount_reads_with_a_note_and_refuses_writes(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "mnt", "16m") as mnt:
        db_path = mnt / "club.sqlite"
        game = make_demo(db_path)
        subprocess.run(["mount", "-o", "remount,ro", str(mnt)], check=True)
        before = digest(db_path)
        out = tmp_path / "report.html"
        code, _out, err = run(
            capsys, "--db", str(db_path), "print", "report", str(game), "-o", str(out)
        )
        assert code == 0, err
        assert "opened for reading only" in err
        assert out.exists()
        code, _out, err = run(capsys, "--db", str(db_path), "armylist", "import", str(ARMY_LIST))
        assert code == 1
        assert "cannot be written" in err
        assert "Traceback" not in err
        assert digest(db_path) == before


def test_full_disk_gives_a_message_and_loses_nothing(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    with tmpfs(tmp_path / "mnt", "3m") as mnt:
        db_path = mnt / "club.sqlite"
        make_demo(db_path)
        with open_database(db_path) as db:
            assert db.check_integrity() == ["ok"]
        with contextlib.closing(sqlite3.connect(db_path)) as c:
            rosters = c.execute("SELECT count(*) FROM roster").fetchone()[0]
        filler = mnt / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"\0" * 4096)
        except OSError:
            pass  # the disk is full
        finally:
            os.close(fd)
        code, _out, err = run(capsys, "--db", str(db_path), "armylist", "import", str(ARMY_LIST))
        assert code == 1
        assert "disk is full" in err or "No space left" in err, err
        assert "Traceback" not in err
        filler.unlink()
        with contextlib.closing(sqlite3.connect(db_path)) as c:
            assert c.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
            assert c.execute("SELECT count(*) FROM roster").fetchone()[0] == rosters
