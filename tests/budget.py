"""How wide a Hypothesis search runs: small in ``make test``, wide in ``make test-slow``.

``make test-slow`` sets ``HYPOTHESIS_PROFILE=slow`` (CI runs it after ``make test``), so a
property whose every example builds or replays a game keeps a few examples in the quick suite
and its full width in the slow one: nothing is checked less, only later.
"""

from __future__ import annotations

import os

#: True when the wide search was asked for (``make test-slow``).
SLOW = os.environ.get("HYPOTHESIS_PROFILE") == "slow"


def budget(quick: int, slow: int) -> int:
    """The number of examples (or generated inputs) a property runs."""
    return slow if SLOW else quick
