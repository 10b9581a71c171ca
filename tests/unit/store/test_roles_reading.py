"""Each role × the commands that only read a club's server (or write only files beside it).

The matrix of :mod:`tests.unit.store.test_roles_matrix` covers the commands that write; these
read the server whatever the role: each answers (exit 0) or refuses in words (exit 1 and one
``error:`` line), never with a traceback, and nothing on the server changes.
"""

from __future__ import annotations

import pathlib
from collections.abc import Callable

import pytest

from eote_ref.cli import main

from .test_roles_matrix import ROLES, Club, _counts, club  # noqa: F401 - the fixture

pytestmark = pytest.mark.postgres

#: name -> the words after ``--database-url URL`` (game id and a temporary folder given).
READING: dict[str, Callable[[int, pathlib.Path], list[str]]] = {
    "db upgrade": lambda g, tmp: ["db", "upgrade"],
    "db backup": lambda g, tmp: ["db", "backup", str(tmp / "b.sqlite")],
    "db copy to a file": lambda g, tmp: ["db", "copy", "--to", f"sqlite:///{tmp / 'c.sqlite'}"],
    "campaign export": lambda g, tmp: ["campaign", "export", "Hundred Days", "--csv", str(tmp)],
    "campaign report": lambda g, tmp: [
        "campaign",
        "report",
        "Hundred Days",
        "-o",
        str(tmp / "r.html"),
    ],
    "armylist export": lambda g, tmp: ["armylist", "export", "Nord", "-o", str(tmp / "a.yaml")],
    "scenario export": lambda g, tmp: [
        "scenario",
        "export",
        "--game",
        str(g),
        "-o",
        str(tmp / "s.yaml"),
    ],
    "print report": lambda g, tmp: ["print", "report", str(g), "-o", str(tmp / "r.html")],
    "print sheets": lambda g, tmp: ["print", "sheets", str(g), "-o", str(tmp / "s.pdf")],
    "print labels": lambda g, tmp: ["print", "labels", str(g), "-o", str(tmp / "l.pdf")],
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("command", sorted(READING))
def test_a_role_runs_a_reading_command_or_is_told_why_not(
    club: Club,  # noqa: F811 - the fixture
    role: str,
    command: str,
    tmp_path: pathlib.Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    before = _counts(club)
    code = main(["--database-url", club.logins[role], *READING[command](club.game_id, tmp_path)])
    printed = capsys.readouterr()
    assert "Traceback" not in printed.err
    assert code in (0, 1), printed.err
    if code == 1:
        assert printed.err.startswith("error:"), printed.err
    assert _counts(club) == before
