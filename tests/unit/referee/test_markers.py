"""Which units carry which marker, asked in one place."""

from __future__ import annotations

import pytest

from eote_ref.referee.markers import BLOWN_CAVALRY_ONLY, carries_blown


@pytest.mark.parametrize(
    ("arm", "carries"),
    [("cavalry", True), ("infantry", False), ("artillery", False), ("engineers", False)],
)
def test_only_cavalry_carries_blown_markers(arm: str, carries: bool) -> None:
    assert carries_blown(arm) is carries
    assert "EotE 5.10" in BLOWN_CAVALRY_ONLY
