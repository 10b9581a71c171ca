"""Compiled Designer forms must match their .ui sources (DESIGN: no loadUiType at run time)."""

from __future__ import annotations

import pathlib
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_compiled_forms_are_fresh() -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "compile_forms.py"), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_form_has_a_compiled_module() -> None:
    forms = {p.stem for p in (ROOT / "forms").glob("*.ui")}
    compiled = {p.stem[3:] for p in (ROOT / "eote_ref" / "ui" / "forms").glob("ui_*.py")}
    assert forms == compiled
