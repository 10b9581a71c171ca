"""Shared helpers of the YAML layer's tests: where a problem is, and the problems of a parse."""

from __future__ import annotations

import pytest

from eote_ref.yamlio.loader import load_text
from eote_ref.yamlio.problems import Problem, YamlError, path_text
from eote_ref.yamlio.typed import parse

FILE = "test.yaml"


def where(p: Problem) -> tuple[int, int, str]:
    assert p.mark is not None
    assert p.mark.file == FILE
    return p.mark.line, p.mark.column, path_text(p.path)


def problems_of(cls: type, text: str) -> list[Problem]:
    with pytest.raises(YamlError) as exc:
        parse(cls, load_text(text, FILE))
    return exc.value.problems


def one_problem(cls: type, text: str) -> Problem:
    problems = problems_of(cls, text)
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]
