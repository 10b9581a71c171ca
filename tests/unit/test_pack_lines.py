"""scripts/pack_lines.py: which pack each module is, whether it names one, lines of code."""

from __future__ import annotations

import pathlib
import subprocess
import sys
import textwrap

SCRIPT = pathlib.Path(__file__).resolve().parents[2] / "scripts" / "pack_lines.py"


def run(*args: str) -> str:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return proc.stdout


def rows(text: str) -> dict[str, list[str]]:
    """The module table's rows by module name."""
    out = {}
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) == 4 and cells[0].startswith("`") and cells[1] in {"EotE", "AVlE", "shared"}:
            out[cells[0].strip("`")] = cells[1:]
    return out


def test_it_runs_on_the_project() -> None:
    text = run()
    assert text.startswith("| pack | modules | lines of code |")
    table = rows(text)
    assert table["eote_ref.packs.avle.fire"][:2] == ["AVlE", "its own (AVlE)"]
    assert table["eote_ref.packs.eote.rules.core"][:2] == ["EotE", "its own (EotE)"]
    assert table["eote_ref.packs.eote.checks"][0] == "EotE"
    assert table["eote_ref.packs.outcome"][:2] == ["shared", "no"]
    assert table["eote_ref.yamlio.cache"][:2] == ["shared", "no"]
    assert table["eote_ref.referee.todo"][:2] == ["shared", "no"]  # asks the pack (issue 32)
    assert table["eote_ref.packs.eote.calculator"][0] == "EotE"  # EotE's rule calculator
    assert "imports EotE" in table["eote_ref.packs.registry"][1]  # by module path
    assert "imports AVlE" in table["eote_ref.packs.registry"][1]  # by module path
    assert "| `eote_ref/packs/avle/avle-1.2.yaml` |" in text
    summary = run("--summary")
    assert rows(summary) == {}
    assert summary.split("\n\n")[0] == text.split("\n\n")[0]


def write(root: pathlib.Path, name: str, text: str) -> None:
    path = root / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip("\n"))


def test_the_criterion_and_the_lines_on_a_package_made_by_hand(tmp_path: pathlib.Path) -> None:
    pkg = tmp_path / "pkg"
    for name in ("__init__.py", "packs/__init__.py", "packs/avle/__init__.py"):
        write(pkg, name, "")
    for name in ("packs/eote/__init__.py", "packs/eote/rules/__init__.py"):
        write(pkg, name, "")
    write(pkg, "packs/eote/rules/core.py", "X = 1\n")
    write(pkg, "packs/avle/fire.py", "def fire() -> int:\n    return 2\n")
    write(
        pkg,
        "importer.py",
        '''
        """A docstring naming EotE and AVlE, which does not count.

        Nor its second paragraph.
        """

        # a comment about avle

        from pkg.packs.eote.rules import core  # code with a comment counts


        def f() -> int:
            """Docstring."""
            return core.X
        ''',
    )
    write(pkg, "by_id.py", 'PACK = "avle"\nNAME = "the eote-ref app"\n')
    write(pkg, "by_name.py", "def load_eote() -> None:\n    pass\n")
    write(
        pkg, "by_path.py", 'import importlib\nM = importlib.import_module("pkg.packs.avle.fire")\n'
    )
    write(pkg, "sub/__init__.py", "")
    write(pkg, "sub/relative.py", "from ..packs.eote.rules import core\n")
    write(pkg, "plain.py", 'APP = "eote-ref"\nimport eote_ref_like\n')
    table = rows(run("--root", str(pkg)))
    assert table == {
        "pkg": ["shared", "no", "0"],
        "pkg.by_id": ["shared", "by id", "2"],
        "pkg.by_name": ["shared", "by id", "2"],
        "pkg.by_path": ["shared", "imports AVlE", "2"],
        "pkg.importer": ["shared", "imports EotE", "3"],
        "pkg.packs": ["shared", "no", "0"],
        "pkg.packs.avle": ["AVlE", "its own (AVlE)", "0"],
        "pkg.packs.avle.fire": ["AVlE", "its own (AVlE)", "2"],
        "pkg.packs.eote": ["EotE", "its own (EotE)", "0"],
        "pkg.packs.eote.rules": ["EotE", "its own (EotE)", "0"],
        "pkg.packs.eote.rules.core": ["EotE", "its own (EotE)", "1"],
        "pkg.plain": ["shared", "no", "2"],
        "pkg.sub": ["shared", "no", "0"],
        "pkg.sub.relative": ["shared", "imports EotE", "1"],
    }
    summary = run("--root", str(pkg), "--summary")
    assert "| EotE | 3 | 1 |" in summary
    assert "| AVlE | 2 | 2 |" in summary
    assert "| shared, naming a pack | 5 | 10 |" in summary
    assert "| shared, naming none | 4 | 2 |" in summary


def test_a_directory_that_is_no_package_is_refused(tmp_path: pathlib.Path) -> None:
    proc = subprocess.run(
        [sys.executable, str(SCRIPT), "--root", str(tmp_path)], capture_output=True, text=True
    )
    assert proc.returncode == 2
    assert "not a package directory" in proc.stderr
