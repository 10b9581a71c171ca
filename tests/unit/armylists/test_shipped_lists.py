"""Every army list shipped with eote-ref loads without errors."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.armylists.loader import validate_file

REPO = pathlib.Path(__file__).resolve().parents[3]

SHIPPED = sorted({*REPO.glob("army_lists/*.yaml"), *REPO.glob("eote_ref/army_lists/*.yaml")})


def _params() -> list[object]:
    if not SHIPPED:
        return [pytest.param(None, marks=pytest.mark.skip(reason="no army lists shipped yet"))]
    return [pytest.param(path, id=path.relative_to(REPO).as_posix()) for path in SHIPPED]


@pytest.mark.parametrize("path", _params())
def test_shipped_list_has_no_errors(path: pathlib.Path) -> None:
    errors = [str(p) for p in validate_file(path) if p.severity == "error"]
    assert errors == [], "\n".join(errors)
