"""The ``eote-ref armylist`` command: output and exit codes, in-process and as a real process."""

from __future__ import annotations

import argparse
import pathlib
import subprocess
import sys

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.commands import armylist

from .samples import VALID, replace_lines
from .test_loader import BROKEN

REPO = pathlib.Path(__file__).resolve().parents[3]

#: A clean list whose only problem is a warning (a division of a single unit).
WARNED = replace_lines(VALID, 30, "")


@pytest.fixture
def files(tmp_path: pathlib.Path) -> dict[str, pathlib.Path]:
    out = {}
    for name, text in {"good": VALID, "broken": BROKEN, "warned": WARNED}.items():
        path = tmp_path / f"{name}.yaml"
        path.write_text(text, encoding="utf-8")
        out[name] = path
    out["missing"] = tmp_path / "missing.yaml"
    out["syntax"] = tmp_path / "syntax.yaml"
    out["syntax"].write_text("format: 1\nname: [unclosed\n", encoding="utf-8")
    return out


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="eote-ref")
    armylist.register(p.add_subparsers(dest="command"))
    return p


def run_in_process(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str]]:
    args = parser().parse_args(["armylist", *argv])
    code: int = args.func(args)
    return code, capsys.readouterr().out.splitlines()


def test_validate_good_file(
    files: dict[str, pathlib.Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_in_process(capsys, "validate", str(files["good"]))
    assert (code, out) == (0, [f"OK: {files['good']} (5 units, 2 divisions)"])


def test_validate_warnings_alone_exit_0(
    files: dict[str, pathlib.Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_in_process(capsys, "validate", str(files["warned"]))
    assert code == 0
    assert out == [
        f"{files['warned']}:25:11: warning: army.commands[0].commands[1]: "
        "the division '1st Cavalry Division' has a single unit",
        f"OK: {files['warned']} (4 units, 2 divisions)",
    ]


def test_validate_bad_file_prints_every_problem_and_exits_1(
    files: dict[str, pathlib.Path], capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_in_process(capsys, "validate", str(files["broken"]))
    assert code == 1
    assert len(out) == 12
    assert out[0] == (
        f"{files['broken']}:10:7: error: army.units[0]: unit outside any division: "
        "units belong to a division or brigade, not to an army"
    )
    assert not any(line.startswith("OK:") for line in out)


def test_validate_several_files(
    files: dict[str, pathlib.Path], capsys: pytest.CaptureFixture[str]
) -> None:
    names = ["good", "missing", "syntax", "warned"]
    code, out = run_in_process(capsys, "validate", *(str(files[n]) for n in names))
    assert code == 1
    assert out[0] == f"OK: {files['good']} (5 units, 2 divisions)"
    assert out[1].startswith(f"{files['missing']}:1:1: error: (document): cannot read file")
    assert out[2].startswith(f"{files['syntax']}:3:1: error: (document): not valid YAML")
    assert out[-1] == f"OK: {files['warned']} (4 units, 2 divisions)"


def test_import_and_export_arguments() -> None:
    args = parser().parse_args(["armylist", "import", "nord.yaml"])
    assert (args.armylist_command, args.file, callable(args.func)) == ("import", "nord.yaml", True)
    args = parser().parse_args(["armylist", "export", "Armée du Nord", "-o", "out.yaml"])
    assert (args.name, args.output) == ("Armée du Nord", "out.yaml")


def test_export_needs_an_output_file(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as info:
        parser().parse_args(["armylist", "export", "Armée du Nord"])
    assert info.value.code == 2
    assert "-o/--output" in capsys.readouterr().err


# ---------------------------------------------------------------- through eote_ref.cli


def run_cli(*argv: str) -> subprocess.CompletedProcess[str]:
    """``eote-ref armylist ARGV...`` as a separate process."""
    return run_cli_with("armylist", *argv)


def run_cli_with(*argv: str) -> subprocess.CompletedProcess[str]:
    """``eote-ref ARGV...`` as a separate process."""
    return subprocess.run(
        [sys.executable, "-m", "eote_ref.cli", *argv],
        cwd=REPO,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=120,
        check=False,
    )


def test_cli_validate_good_file(files: dict[str, pathlib.Path]) -> None:
    done = run_cli("validate", str(files["good"]), str(files["warned"]))
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        f"OK: {files['good']} (5 units, 2 divisions)",
        f"{files['warned']}:25:11: warning: army.commands[0].commands[1]: "
        "the division '1st Cavalry Division' has a single unit",
        f"OK: {files['warned']} (4 units, 2 divisions)",
    ]
    assert done.stderr == ""


def test_cli_validate_bad_files(files: dict[str, pathlib.Path]) -> None:
    done = run_cli("validate", str(files["broken"]), str(files["syntax"]), str(files["good"]))
    assert done.returncode == 1
    lines = done.stdout.splitlines()
    assert len(lines) == 14
    assert lines[1] == (
        f"{files['broken']}:14:46: error: army.commands[0].leader.rating: 9 is out of range -1..4"
    )
    assert lines[-1] == f"OK: {files['good']} (5 units, 2 divisions)"
    assert "Traceback" not in done.stderr


def test_cli_needs_a_file() -> None:
    done = run_cli("validate")
    assert done.returncode == 2
    assert "FILE" in done.stderr


def test_cli_import_then_export_gives_the_same_list(
    files: dict[str, pathlib.Path], tmp_path: pathlib.Path
) -> None:
    db = str(tmp_path / "club.sqlite")
    done = run_cli_with("--db", db, "armylist", "import", str(files["good"]))
    assert done.returncode == 0, done.stdout + done.stderr
    out = tmp_path / "exported.yaml"
    done = run_cli_with("--db", db, "armylist", "export", "Armée du Nord (extract)", "-o", str(out))
    assert done.returncode == 0, done.stdout + done.stderr
    assert load_army_list(out).army_list == load_army_list(files["good"]).army_list


def test_cli_import_refuses_a_broken_file(
    files: dict[str, pathlib.Path], tmp_path: pathlib.Path
) -> None:
    done = run_cli_with(
        "--db", str(tmp_path / "club.sqlite"), "armylist", "import", str(files["broken"])
    )
    assert done.returncode == 1
    assert f"{files['broken']}:10:7: error: army.units[0]" in done.stdout + done.stderr
    assert "Traceback" not in done.stderr
