"""Fuzzing budgets: small by default, large under ``-m slow`` / ``HYPOTHESIS_PROFILE=slow``."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

#: True when the large budget was asked for (``make test-slow`` sets the profile).
SLOW = os.environ.get("HYPOTHESIS_PROFILE") == "slow"

try:  # another conftest (the fast suite's) may have registered it already
    settings.get_profile("slow")
except InvalidArgument:
    settings.register_profile(
        "slow",
        max_examples=2000,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    if SLOW:
        settings.load_profile("slow")


def budget(fast: int, slow: int) -> int:
    """How many generated inputs a fuzz test runs."""
    return slow if SLOW else fast
