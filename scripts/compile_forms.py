"""Compile the Qt Designer forms (forms/*.ui) into eote_ref/ui/forms/ui_*.py with pyside6-uic.

Usage: python scripts/compile_forms.py [--check]

With --check nothing is written: the exit status is 1 when a compiled form is missing or
stale (its source .ui changed since it was compiled), which the test suite uses.
"""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parents[1]
FORMS = ROOT / "forms"
OUT = ROOT / "eote_ref" / "ui" / "forms"


def uic() -> str:
    """The pyside6-uic executable next to this Python (the project's venv)."""
    here = pathlib.Path(sys.executable).parent
    for name in ("pyside6-uic", "pyside6-uic.exe"):
        if (here / name).exists():
            return str(here / name)
    found = shutil.which("pyside6-uic")
    if not found:
        raise SystemExit("pyside6-uic not found: install the project (make venv)")
    return found


def compiled(ui_file: pathlib.Path) -> str:
    """The Python code pyside6-uic makes of one form."""
    result = subprocess.run(
        [uic(), "--from-imports", str(ui_file)], capture_output=True, text=True, check=True
    )
    return result.stdout


def body(code: str) -> str:
    """The code without its generated header comments (they name the uic version)."""
    return "\n".join(line for line in code.splitlines() if not line.startswith("#"))


def target(ui_file: pathlib.Path) -> pathlib.Path:
    """Where the compiled form of ``ui_file`` goes."""
    return OUT / f"ui_{ui_file.stem}.py"


def main(argv: list[str]) -> int:
    """Compile or check every form; returns the exit status."""
    check = "--check" in argv
    stale = []
    for ui_file in sorted(FORMS.glob("*.ui")):
        code = compiled(ui_file)
        out = target(ui_file)
        if check:
            if not out.exists() or body(out.read_text(encoding="utf-8")) != body(code):
                stale.append(out.relative_to(ROOT))
        else:
            out.write_text(code, encoding="utf-8")
            print(f"compiled {ui_file.relative_to(ROOT)} -> {out.relative_to(ROOT)}")
    for s in stale:
        print(f"stale or missing: {s} (run `make forms`)")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
