"""Which units carry which marker: the one home of the rules the markers' editors share.

The dashboard's marker keys, the service's checks on an edit and the checks that read a
marker ask here, so a rule about a marker is written once.
"""

from __future__ import annotations

#: Why a unit other than cavalry refuses a blown marker (EotE 5.10).
BLOWN_CAVALRY_ONLY = "only cavalry carries blown markers (EotE 5.10)"


def carries_blown(arm: str) -> bool:
    """Whether a unit of ``arm`` takes blown markers: cavalry only (EotE 5.10)."""
    return arm == "cavalry"
