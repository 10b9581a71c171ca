"""One refusal of a file of a later format, for every list and scenario format (yamlio)."""

from __future__ import annotations

import pytest

from eote_ref.yamlio.document import format_version_problem
from eote_ref.yamlio.loader import load_text


@pytest.mark.parametrize(
    "text", ["format: 1\nname: x\n", "name: x\n", "format: x\n", "format: true\n", "- 1\n"]
)
def test_the_version_read_or_none_or_not_a_number_is_no_problem_here(text: str) -> None:
    assert format_version_problem(load_text(text, "list.yaml"), 1) is None


def test_a_later_version_is_refused_at_its_key_naming_both_versions() -> None:
    problem = format_version_problem(load_text("name: x\nformat: 3\n", "list.yaml"), 1)
    assert problem is not None
    assert problem.path == ("format",)
    assert "unknown format version 3" in problem.message
    assert "reads format 1" in problem.message
    assert "list.yaml:2" in str(problem)
