"""The engine's source holds no rule numbers and no fixed distances: the ruleset does."""

from __future__ import annotations

import ast
import pathlib
import re

#: Literals the engine may hold: 0 and 1, and the die's faces (d10 and percentile).
ALLOWED = {0, 1, 10, 11, 100}


def test_no_rule_numbers_in_the_engine() -> None:
    """Every number of the rules lives in the ruleset; a literal must say why it is not one."""
    found = []
    for path in sorted(pathlib.Path(__file__).parents[3].joinpath("eote_ref/rules").glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for node in ast.walk(ast.parse("\n".join(lines))):
            if (
                isinstance(node, ast.Constant)
                and isinstance(node.value, int | float)
                and not isinstance(node.value, bool)
                and node.value not in ALLOWED
                and "not a rule number" not in lines[node.lineno - 1]
            ):
                found.append(f"{path.name}:{node.lineno}: {node.value}")
    assert found == []


def test_no_fixed_inches_in_engine_text() -> None:
    """A distance in a note or message is formatted from the ruleset, never written in."""
    pattern = re.compile(r"""\b\d+(\.\d+)?\\?"(?!\))""")
    found = []
    for path in sorted(pathlib.Path(__file__).parents[3].joinpath("eote_ref/rules").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = {id(n.value) for n in ast.walk(tree) if isinstance(n, ast.Expr)}
        for node in ast.walk(tree):
            if not isinstance(node, ast.Constant) or not isinstance(node.value, str):
                continue
            if id(node) not in docs and pattern.search(node.value):
                found.append(f"{path.name}:{node.lineno}: {node.value!r}")
    assert found == []
