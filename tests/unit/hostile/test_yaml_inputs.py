"""Hostile army lists and rulesets (issue 19, items 6, 9 and 10): refused clearly, never a crash.

The contract for every YAML input: accepted and valid, or refused with exit status 1 and
messages naming ``file:line:column``, the key path and what is wrong, with nothing written.
The seed corpus is in ``tests/corpus/armylists`` (written by ``tests/corpus/make_yaml_corpus.py``).
"""

from __future__ import annotations

import os
import pathlib
import subprocess
import sys
import tempfile
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref import cli
from eote_ref.armylists.export import dump_army_list
from eote_ref.armylists.loader import (
    ArmyListError,
    has_errors,
    load_army_list_text,
    validate_text,
)
from eote_ref.packs.eote.rulesets.loader import DEFAULT_RULESET, validate_ruleset
from eote_ref.yamlio.dumper import dump
from eote_ref.yamlio.loader import load_file
from eote_ref.yamlio.problems import YamlError
from tests.unit.armylists.samples import VALID
from tests.unit.hostile.conftest import budget
from tests.unit.hostile.fuzzing import DEADLINE_MS, NASTY, POSITION, assert_clear, mutated, nested

REPO = pathlib.Path(__file__).resolve().parents[3]
CORPUS = REPO / "tests" / "corpus" / "armylists"
FILE = "army.yaml"

#: What eote-ref must do with each corpus file: None = accept, else the key path and words of
#: the first error.
EXPECTED: dict[str, tuple[str, str] | None] = {
    "tag-int-empty.yaml": ("year", "tagged !!int but is not a whole number"),
    "tag-bool-maybe.yaml": ("format", "tagged !!bool but is not true or false"),
    "tag-timestamp-soon.yaml": ("battle", "tagged !!timestamp but is not a date"),
    "tag-python.yaml": ("battle", "!!python/object/apply:os.system is not allowed"),
    "tag-float-nan-ce.yaml": ("army.commands[0].commands[0].units[2].ce", "not a finite number"),
    "tag-float-inf-ce.yaml": ("army.commands[0].commands[0].units[2].ce", "not a finite number"),
    "huge-int-ce.yaml": ("army.commands[0].commands[0].units[2].ce", "cannot be read as a whole"),
    "big-int-year.yaml": ("year", "too large"),
    "deep-flow.yaml": ("battle[0]", "nested too deeply"),
    "deep-commands.yaml": ("army.commands[0]", "nested too deeply"),
    "control-nul.yaml": ("army.commands[0].commands[0].leader.name", "U+0000 (NUL)"),
    "control-esc.yaml": ("name", "U+001B (ESC)"),
    "control-bel-key.yaml": ("", "U+0007 (BEL)"),
    "control-del.yaml": ("army.commands[0].commands[1].units[0].name", "U+007F (DEL)"),
    "control-c1.yaml": ("army.commands[0].commands[1].units[1].name", "U+009B"),
    "latin1-bytes.yaml": ("(document)", "not UTF-8 text (byte 0xE9)"),
    "alias-bomb.yaml": ("x", "too many values"),
    "alias-loop.yaml": ("sources[1]", "alias refers to its own container"),
    "two-documents.yaml": ("(document)", "more than one YAML document"),
    "weight-null.yaml": ("army.commands[0].commands[0].units[2].weight", "battery weight"),
    "zero-width-name.yaml": ("army.commands[0].commands[1].units[1].name", "invisible"),
    "zero-width-army-name.yaml": ("name", "invisible"),
    "nfc-duplicate.yaml": ("army.commands[0].commands[0].units[1].name", "duplicate unit name"),
    "key-is-a-list.yaml": ("(document)", "keys must be plain text"),
    "not-a-mapping.yaml": ("(document)", "expected a mapping"),
    "empty.yaml": ("(document)", "expected a mapping"),
    "ok-utf8-bom.yaml": None,
    "ok-utf16-bom.yaml": None,
}


def test_the_corpus_is_complete() -> None:
    assert sorted(p.name for p in CORPUS.glob("*.yaml")) == sorted(EXPECTED)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, list[str], list[str]]:
    code = cli.main(list(argv))
    out = capsys.readouterr()
    return code, out.out.splitlines(), out.err.splitlines()


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_army_list(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    path = CORPUS / name
    before = path.read_bytes()
    code, out, _err = run(capsys, "armylist", "validate", str(path))
    assert path.read_bytes() == before
    expected = EXPECTED[name]
    if expected is None:
        assert code == 0
        assert out[-1].startswith(f"OK: {path} (5 units")
        return
    assert code == 1, out
    assert out, "refused without a message"
    for line in out:
        assert line.startswith(f"{path}:"), line
        assert POSITION.match(line), line
    key, words = expected
    first_error = next(line for line in out if ": error: " in line)
    assert words in first_error
    assert first_error.split(": error: ", 1)[1].startswith(key)


@pytest.mark.parametrize(
    "name", ["tag-int-empty.yaml", "deep-commands.yaml", "control-nul.yaml", "alias-bomb.yaml"]
)
def test_print_roster_refuses_crafted_yaml(
    name: str, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    out_pdf = tmp_path / "roster.pdf"
    code, _out, err = run(capsys, "print", "roster", str(CORPUS / name), "-o", str(out_pdf))
    assert code == 1
    assert err[-1] == "error: nothing was printed"
    assert err[:-1], err
    assert all(POSITION.match(line) for line in err[:-1]), err
    assert not out_pdf.exists()


def ruleset_with(tmp_path: pathlib.Path, old: str, new: str) -> pathlib.Path:
    text = DEFAULT_RULESET.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "club.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


RULESET_CASES = {
    "int-empty": ('!!int ""', "tagged !!int"),
    "bool-maybe": ("!!bool maybe", "tagged !!bool"),
    "timestamp-soon": ("!!timestamp soon", "tagged !!timestamp"),
    "deep": ("[" * 600 + "]" * 600, "nested too deeply"),
    "nul": ("x\x00y", "U+0000 (NUL)"),
    "esc": ("x\x1by", "U+001B (ESC)"),
}


def _first_value(text: str) -> str:
    """A ``rule:`` value line of the shipped ruleset to replace."""
    line = next(ln for ln in text.splitlines() if ln.strip().startswith("rule:"))
    return line.split("rule:", 1)[1].strip()


@pytest.mark.parametrize("case", sorted(RULESET_CASES))
def test_ruleset_refuses_crafted_yaml(case: str, tmp_path: pathlib.Path) -> None:
    value, words = RULESET_CASES[case]
    old = _first_value(DEFAULT_RULESET.read_text(encoding="utf-8"))
    path = ruleset_with(tmp_path, "rule: " + old, "rule: " + value)
    problems = validate_ruleset(path)
    assert problems, "accepted"
    assert_clear(problems, str(path), path.read_text(encoding="utf-8"))
    assert any(words in p.message for p in problems), [str(p) for p in problems]


@pytest.mark.parametrize("case", ["int-empty", "deep", "nul"])
def test_print_qrs_refuses_crafted_ruleset(
    case: str, capsys: pytest.CaptureFixture[str], tmp_path: pathlib.Path
) -> None:
    value, _words = RULESET_CASES[case]
    old = _first_value(DEFAULT_RULESET.read_text(encoding="utf-8"))
    path = ruleset_with(tmp_path, "rule: " + old, "rule: " + value)
    out_pdf = tmp_path / "qrs.pdf"
    code, _out, err = run(capsys, "print", "qrs", "--ruleset", str(path), "-o", str(out_pdf))
    assert code == 1
    assert err[-1] == "error: nothing was printed"
    assert err[:-1], err
    assert all(POSITION.match(line) for line in err[:-1]), err
    assert not out_pdf.exists()


# ------------------------------------------------------------------------- fuzzing


def check_army_list_contract(text: str) -> None:
    """The contract, at the loader's level, for one generated army list."""
    problems = validate_text(text, FILE)
    assert_clear(problems, FILE, text)
    if has_errors(problems):
        with pytest.raises(ArmyListError):
            load_army_list_text(text, FILE)
        return
    # accepted: it must be a valid list, whose export the app accepts again
    army_list = load_army_list_text(text, FILE).army_list
    again = validate_text(dump_army_list(army_list), "export.yaml")
    assert not has_errors(again), [str(p) for p in again]


def _army_list_fuzz(text: str) -> None:
    check_army_list_contract(text)


def fuzz(examples: int) -> settings:
    """Settings of a fuzz test: ``examples`` inputs; a hang shows as a deadline failure."""
    return settings(
        max_examples=examples,
        deadline=DEADLINE_MS,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )


@fuzz(budget(60, 2000))
@given(mutated(VALID) | nested().map(lambda deep: VALID.replace("Waterloo", deep)))
def test_fuzz_army_list(text: str) -> None:
    _army_list_fuzz(text)


@pytest.mark.slow
@fuzz(3000)
@given(mutated(VALID) | nested().map(lambda deep: VALID.replace("Waterloo", deep)))
def test_fuzz_army_list_large(text: str) -> None:
    _army_list_fuzz(text)


SHIPPED_RULESET = DEFAULT_RULESET.read_text(encoding="utf-8")

#: Fragments for the ruleset fuzz: YAML-level only (values are the rules helpers' business).
YAML_LEVEL = [f for f in NASTY if f not in {".nan", ".inf", "-.inf", "1e400"}]


def _ruleset_fuzz(text: str) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "club.yaml"
        raw = text.encode("utf-8", "surrogatepass")
        path.write_bytes(raw)
        problems = validate_ruleset(path)
        assert path.read_bytes() == raw  # nothing written
    if problems:
        assert_clear(problems, str(path), text)


@fuzz(budget(25, 1000))
@given(mutated(SHIPPED_RULESET, YAML_LEVEL))
def test_fuzz_ruleset(text: str) -> None:
    _ruleset_fuzz(text)


@pytest.mark.slow
@fuzz(1500)
@given(mutated(SHIPPED_RULESET, YAML_LEVEL))
def test_fuzz_ruleset_large(text: str) -> None:
    _ruleset_fuzz(text)


@fuzz(budget(40, 1000))
@given(st.binary(max_size=200))
def test_fuzz_any_bytes_as_army_list(data: bytes) -> None:
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "x.yaml"
        path.write_bytes(data)
        try:
            doc = load_file(path)
        except YamlError as exc:
            assert_clear(exc.problems, str(path), data.decode("utf-8", "replace"))
            return
    check_army_list_contract(dump(doc.data) if doc.data is not None else "")


# ------------------------------------------------------------------------- large inputs


def big_army_list(megabytes: float) -> str:
    """A valid army list of about ``megabytes`` MB: divisions of 20 battalions."""
    lines = [
        "format: 1",
        "name: Big",
        "nation: french",
        "year: 1815",
        "army:",
        "  name: Army",
        "  level: army",
        "  leader: {name: Boss, rating: 2}",
        "  commands:",
    ]
    size, d = 0, 0
    while size < megabytes * 1e6:
        block = [
            f"    - name: Div {d}",
            "      level: division",
            f"      leader: {{name: L{d}, rating: 1}}",
            "      units:",
        ] + [
            f"        - {{name: Bn {d}-{u}, arm: infantry, type: line, ce: 6, stands: 4, "
            f"skirmish: detach, brigade: B{u % 3}}}"
            for u in range(20)
        ]
        lines += block
        size += sum(len(line) + 1 for line in block)
        d += 1
    return "\n".join(lines) + "\n"


#: Runs the validate command and reports its own CPU seconds and peak RSS (KiB) on stderr,
#: so the figures belong to that process alone, not to every child this worker started.
#: The peak is the process's own memory map's high-water mark (VmHWM, Linux): getrusage's
#: maxrss keeps the forking test worker's size across exec, which is not the command's.
_MEASURED = """
import pathlib, resource, sys
from eote_ref.cli import main
try:
    code = main(["armylist", "validate", sys.argv[1]])
except SystemExit as exc:
    code = exc.code
r = resource.getrusage(resource.RUSAGE_SELF)
peak = r.ru_maxrss
status = pathlib.Path("/proc/self/status")
if status.exists():
    for line in status.read_text().splitlines():
        if line.startswith("VmHWM:"):
            peak = int(line.split()[1])
sys.stderr.write(f"@@ {r.ru_utime + r.ru_stime} {peak}\\n")
sys.exit(code)
"""


def validate_in_child(path: pathlib.Path) -> tuple[float, float, str]:
    """Seconds of CPU and peak MB of ``eote-ref armylist validate PATH`` in its own process."""
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED, str(path)],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    line = next(x for x in done.stderr.splitlines() if x.startswith("@@ "))
    cpu, rss_kib = (float(v) for v in line.split()[1:])
    return cpu, rss_kib / 1024, done.stdout


def test_half_megabyte_list_validates_quickly(tmp_path: pathlib.Path) -> None:
    """A tenth of the 5 MB case, in the fast suite: linear time at a small constant."""
    path = tmp_path / "big.yaml"
    path.write_text(big_army_list(0.5), encoding="utf-8")
    start = time.process_time()
    problems = validate_text(path.read_text(encoding="utf-8"), str(path))
    assert not has_errors(problems)
    assert time.process_time() - start < 4.0  # was about 4 s of CPU before caching


@pytest.mark.slow
def test_five_megabyte_list_validates_in_time_and_memory(tmp_path: pathlib.Path) -> None:
    path = tmp_path / "big5.yaml"
    path.write_text(big_army_list(5), encoding="utf-8")
    cpu, peak_mb, out = validate_in_child(path)
    assert out.startswith(f"OK: {path} (46000 units")
    sys.stderr.write(f"5 MB army list: {cpu:.1f} s CPU, {peak_mb:.0f} MB peak\n")
    assert peak_mb < 300
    assert cpu < 10  # 5 s on an unloaded machine; the CI runners are shared
