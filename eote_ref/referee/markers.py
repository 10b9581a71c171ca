"""Which units carry which marker: the one home of the rules the markers' editors share.

The dashboard's marker keys, the service's checks on an edit and the checks that read a
marker ask here, so a rule about a marker is written once; and a marker is worded here
(:func:`marker_words`), so the players' display, the dashboard and the pick lists agree.
"""

from __future__ import annotations

from typing import Protocol

#: Why a unit other than cavalry refuses a blown marker (EotE 5.10).
BLOWN_CAVALRY_ONLY = "only cavalry carries blown markers (EotE 5.10)"


def carries_blown(arm: str) -> bool:
    """Whether a unit of ``arm`` takes blown markers: cavalry only (EotE 5.10)."""
    return arm == "cavalry"


# ----------------------------------------------------------------------------- wording
# A marker is worded once, here: the players' display, the dashboard's status words and the
# fire's pick lists choose which markers they show, never how one reads.


class Marked(Protocol):
    """What the wording reads of a unit (a :class:`~eote_ref.referee.views.UnitView`)."""

    @property
    def routed(self) -> bool: ...
    @property
    def off_table(self) -> bool: ...
    @property
    def hits(self) -> int: ...
    @property
    def skirmishers_out(self) -> bool: ...
    @property
    def skirmish_hits(self) -> int: ...
    @property
    def disordered(self) -> bool: ...
    @property
    def blown(self) -> int: ...
    @property
    def formation(self) -> str | None: ...
    @property
    def guns_abandoned(self) -> bool: ...


ROUTED = "routed"
OFF_TABLE = "off table"
DISORDERED = "disordered"
SQUARE = "square"
GUNS_ABANDONED = "guns abandoned"


def hits_words(n: int) -> str:
    """A count of hit markers: "1 hit", "3 hits" (EotE 1.4)."""
    return f"{n} hit{'' if n == 1 else 's'}"


def blown_words(n: int) -> str:
    """A cavalry unit's blown markers: "blown 2" (EotE 5.10)."""
    return f"blown {n}"


def skirmish_words(unit: Marked) -> str:
    """The detached skirmish stand and its own hits (EotE 5.4), or "" when it is not out."""
    if not unit.skirmishers_out:
        return ""
    n = unit.skirmish_hits
    return f"skirmishers out ({hits_words(n)})" if n else "skirmishers out"


def marker_words(unit: Marked) -> list[str]:
    """Every marker on the unit's stands, in words, in one order."""
    words = [
        ROUTED if unit.routed else "",
        OFF_TABLE if unit.off_table else "",
        hits_words(unit.hits) if unit.hits else "",
        skirmish_words(unit),
        DISORDERED if unit.disordered else "",
        blown_words(unit.blown) if unit.blown else "",
        SQUARE if unit.formation == SQUARE else "",
        GUNS_ABANDONED if unit.guns_abandoned else "",
    ]
    return [w for w in words if w]
