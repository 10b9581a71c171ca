"""Opening an up-to-date database reads the schema's revisions without importing Alembic."""

from __future__ import annotations

import json
import pathlib
import shutil
import subprocess
import sys

from eote_ref.store import migrate
from eote_ref.store.migrations import MIGRATIONS_DIR


def test_the_scripts_history_is_alembics() -> None:
    history = migrate._linear_history(MIGRATIONS_DIR)
    assert history is not None  # the shipped history is plainly linear
    script = migrate._script(MIGRATIONS_DIR)
    assert history[-1] == script.get_current_head() == migrate.head_revision()
    assert list(history) == [r.revision for r in reversed(list(script.walk_revisions()))]
    assert all(migrate.is_known_revision(r) for r in history)
    assert not migrate.is_known_revision("not-a-revision")


def test_a_branching_history_is_left_to_alembic(tmp_path: pathlib.Path) -> None:
    copy = tmp_path / "migrations"
    shutil.copytree(MIGRATIONS_DIR, copy, ignore=shutil.ignore_patterns("__pycache__"))
    first = sorted((copy / "versions").glob("0001_*.py"))[0].read_text(encoding="utf-8")
    (copy / "versions" / "0099_branch.py").write_text(
        first.replace("revision: str = '0001'", "revision: str = '0099'").replace(
            "down_revision: str | None = None", "down_revision: str | None = '0001'"
        ),
        encoding="utf-8",
    )
    assert migrate._linear_history(copy) is None  # two revisions revise 0001: a branch
    assert migrate.is_known_revision("0099", copy)  # answered by Alembic itself


OPEN_TWICE = """
import json, sys
from eote_ref.store import open_database
open_database(sys.argv[1]).close()
print(json.dumps("alembic" in sys.modules))
"""


def test_opening_an_up_to_date_file_never_imports_alembic(tmp_path: pathlib.Path) -> None:
    file = tmp_path / "games.sqlite"
    runs = [
        subprocess.run(
            [sys.executable, "-c", OPEN_TWICE, str(file)],
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        for _ in range(2)
    ]
    created, reopened = (json.loads(r.stdout.strip().splitlines()[-1]) for r in runs)
    assert created is True  # a new file is migrated by Alembic
    assert reopened is False
