"""Shared pieces of the fuzz tests: nasty fragments, mutations, and the input contract."""

from __future__ import annotations

import re

from hypothesis import strategies as st

from eote_ref.yamlio.problems import Problem

#: The deadline of one fuzz input, in milliseconds: far above what any input takes (a few
#: milliseconds) however loaded the machine, so only a pathological input (quadratic or worse:
#: a near hang) fails on it, never a busy CI runner.
DEADLINE_MS = 60_000

#: Pieces that broke a loader once, or could: control bytes, crafted tags, nesting, aliases.
NASTY = [
    "\x00", "\x1b", "\x07", "\x7f", "\x9b", "\x0c", "\ufffe", "\t", "\r", "\ufeff", "\u200b",
    "\u2028", "e\u0301", "!!int \"\"", "!!bool maybe", "!!timestamp soon", "!!float x",
    "!!binary ~", "!!python/object/apply:os.system [ls]", "!!set {a}", "!!omap [a]",
    "!!str [a]", "!foo x", "&a [*a]", "*nowhere", "<<: *a", "[" * 60, "{" * 60,
    "[" * 700 + "]" * 700, "{", "]", ": :", "? [a]: b", "- ", "---\n", "...\n",
    "%YAML 1.1\n---\n", "'", '"', "\\", ".nan", ".inf", "-.inf", "9" * 30, "9" * 5000,
    "1e400", "0x7f", "0o17", "1_000", "null", "~", "", "  ", "yes", "2015-02-30",
]  # fmt: skip


@st.composite
def mutated(draw: st.DrawFn, text: str, fragments: list[str] = NASTY) -> str:
    """``text`` with one to three nasty fragments or random strings inserted or substituted."""
    for _ in range(draw(st.integers(1, 3))):
        piece = draw(st.sampled_from(fragments) | st.text(max_size=12))
        start = draw(st.integers(0, len(text)))
        end = start + draw(st.sampled_from([0, 0, 1, 3, 10]))
        text = text[:start] + piece + text[end:]
    return text


@st.composite
def nested(draw: st.DrawFn) -> str:
    """A deeply nested value in flow or block style."""
    depth = draw(st.integers(40, 1200))
    style = draw(st.sampled_from(["flow-list", "flow-map", "block"]))
    if style == "flow-list":
        return "[" * depth + "]" * depth
    if style == "flow-map":
        return "{a: " * depth + "1" + "}" * depth
    return "\n" + "".join("  " * (i + 1) + "- \n" for i in range(min(depth, 400)))


POSITION = re.compile(r"^(?P<file>.+?):(?P<line>\d+):(?P<column>\d+): (error|warning): \S.*: \S")


YAML_LINE_BREAK = re.compile("\r\n|[\r\n\x85\u2028\u2029]")


def assert_clear(problems: list[Problem], file: str, text: str) -> None:
    """Every problem names the file, a real line and column in it, a key path and a message."""
    # YAML breaks lines at CR LF, CR, LF, NEL, LS and PS (YAML 1.1 §4.1.4), not at LF only.
    lines = len(YAML_LINE_BREAK.findall(text)) + 2
    for p in problems:
        assert p.mark is not None, f"no position: {p}"
        assert p.mark.file == file, str(p)
        assert 1 <= p.mark.line <= lines, str(p)
        assert p.mark.column >= 1, str(p)
        assert p.message.strip(), str(p)
        assert "Traceback" not in p.message, str(p)
        assert "object at 0x" not in p.message, str(p)
        assert POSITION.match(str(p).splitlines()[0]), str(p)
