"""Fuzzing budgets: small by default, large under ``-m slow`` / ``HYPOTHESIS_PROFILE=slow``."""

from __future__ import annotations

from hypothesis import HealthCheck, settings
from hypothesis.errors import InvalidArgument

from tests.budget import SLOW, budget

__all__ = ["SLOW", "budget"]

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
