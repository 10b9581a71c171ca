"""The referee opens no database session: its queries live in ``eote_ref/store``.

import-linter keeps ``sqlmodel`` and ``sqlalchemy`` out of ``eote_ref.referee`` (pyproject.toml);
this test catches what needs no import: a ``db.session()`` called from a referee module.
"""

from __future__ import annotations

import ast
import pathlib

import eote_ref.referee

REFEREE = pathlib.Path(eote_ref.referee.__file__).parent


def _session_calls(path: pathlib.Path) -> list[int]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    return [
        node.lineno
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "session"
    ]


def test_no_referee_module_opens_a_session() -> None:
    found = {
        str(path.relative_to(REFEREE)): lines
        for path in sorted(REFEREE.rglob("*.py"))
        if (lines := _session_calls(path))
    }
    assert found == {}


def test_the_probe_finds_a_session_call(tmp_path: pathlib.Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text("def f(db):\n    with db.session() as s:\n        return s\n")
    assert _session_calls(probe) == [2]
