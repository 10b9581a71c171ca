"""Which units carry which marker: the one home of the rules the markers' editors share.

The dashboard's marker keys, the service's checks on an edit and the checks that read a
marker ask here, so a rule about a marker is written once; and a marker is worded here
(:func:`marker_words`, from the pack's declaration), so the players' display, the dashboard
and the pick lists agree.

A unit's markers are declared by its pack (``Pack.unit_markers``, the default pack's read
through the registry, :func:`~eote_ref.packs.registry.get_unit_markers`) and kept in the
unit's ``markers``: :func:`unit_change` is the one way a check or the turn writes one
(``markers.NAME``, the default written as the key removed).
"""

from __future__ import annotations

from typing import Any, Protocol

from eote_ref.packs.registry import DEFAULT_PACK, get_unit_markers
from eote_ref.packs.state_specs import MarkerSpec, marker_defaults
from eote_ref.store.changes import NewRow, SetField

#: The markers the referee's own checks and turn name (``hits``, ``disordered``...): the
#: default pack's declaration, in the order the players' display words them.
UNIT_MARKERS: tuple[MarkerSpec, ...] = get_unit_markers(DEFAULT_PACK)
UNIT_MARKER_BY_NAME: dict[str, MarkerSpec] = {m.name: m for m in UNIT_MARKERS}
UNIT_DEFAULTS: dict[str, Any] = marker_defaults(UNIT_MARKERS)

#: The unit markers that the umpire may set by hand, and the counters' caps (the pack's).
EDITABLE_FLAGS: tuple[str, ...] = tuple(
    m.name for m in UNIT_MARKERS if m.kind == "flag" and m.editable
)
COUNTER_LIMITS: dict[str, int] = {
    m.name: m.limit for m in UNIT_MARKERS if m.kind == "counter" and m.limit is not None
}
#: The markers cleared when a new turn starts, and those whose value is carried into another.
TURN_MARKERS: tuple[MarkerSpec, ...] = tuple(m for m in UNIT_MARKERS if m.lasts == "turn")
CARRIED: tuple[MarkerSpec, ...] = tuple(m for m in UNIT_MARKERS if m.carried_to)


def mark(name: str) -> str:
    """The dashboard's short mark of marker ``name`` (``D`` for disordered), as declared."""
    return UNIT_MARKER_BY_NAME[name].dashboard


def is_marker(name: str) -> bool:
    """Whether ``name`` is one of the unit markers (else a column of the unit's row)."""
    return name in UNIT_MARKER_BY_NAME


def unit_change(unit_id: int | NewRow, name: str, value: Any) -> SetField:
    """The change setting a unit's ``name``: a marker (``markers.NAME``) or a column.

    A marker set to its default is written as the key removed (None): a unit's markers hold
    only what differs from the defaults, as the set-up and the migration leave them.
    """
    spec = UNIT_MARKER_BY_NAME.get(name)
    if spec is None:
        return SetField("game_unit", unit_id, name, value)
    return SetField("game_unit", unit_id, f"markers.{name}", spec.stored(value))


def with_markers(row: dict[str, Any]) -> dict[str, Any]:
    """A new unit row with its markers (``formation``, ``limbered``...) moved into ``markers``.

    For rows written as plain data before they are inserted (a late unit, a scenario's
    reinforcement as its set-up kept it): only values other than the default are kept.
    """
    out = {k: v for k, v in row.items() if k not in UNIT_MARKER_BY_NAME}
    markers = dict(row.get("markers") or {})
    for name, spec in UNIT_MARKER_BY_NAME.items():
        if name in row:
            value = spec.stored(row[name])
            if value is None:
                markers.pop(name, None)
            else:
                markers[name] = value
    out["markers"] = markers
    return out


def unit_value(row: Any, name: str) -> Any:
    """A unit's ``name`` off a view, a model or a plain row (whose markers are in ``markers``)."""
    spec = UNIT_MARKER_BY_NAME.get(name)
    if spec is None or not hasattr(row, "markers"):
        return getattr(row, name, None)
    return (row.markers or {}).get(name, spec.default)


def marker_values(field: str, before: Any, after: Any) -> tuple[str, Any, Any]:
    """A unit change's field as its marker's name, with None (no key) read as the default."""
    name = field.removeprefix("markers.")
    spec = UNIT_MARKER_BY_NAME.get(name)
    if spec is None or name == field:
        return field, before, after
    return (
        name,
        spec.default if before is None else before,
        spec.default if after is None else after,
    )


def unit_state(markers: dict[str, Any] | None) -> dict[str, Any]:
    """Every marker of a unit by name: its ``markers`` over the declared defaults."""
    return {**UNIT_DEFAULTS, **markers} if markers else dict(UNIT_DEFAULTS)


#: Why a unit other than cavalry refuses a blown marker (EotE 5.10).
BLOWN_CAVALRY_ONLY = "only cavalry carries blown markers (EotE 5.10)"


def carries(name: str, arm: str) -> bool:
    """Whether a unit of ``arm`` carries marker ``name`` (the declaration's ``arms``)."""
    arms = UNIT_MARKER_BY_NAME[name].arms
    return not arms or arm in arms


def carries_blown(arm: str) -> bool:
    """Whether a unit of ``arm`` takes blown markers: cavalry only (EotE 5.10)."""
    return carries("blown", arm)


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


ROUTED = UNIT_MARKER_BY_NAME["routed"].display
OFF_TABLE = UNIT_MARKER_BY_NAME["off_table"].display
DISORDERED = UNIT_MARKER_BY_NAME["disordered"].display
SQUARE = "square"
GUNS_ABANDONED = UNIT_MARKER_BY_NAME["guns_abandoned"].display

_HITS = UNIT_MARKER_BY_NAME["hits"]
_BLOWN = UNIT_MARKER_BY_NAME["blown"]
_SKIRMISHERS = UNIT_MARKER_BY_NAME["skirmishers_out"]

#: The markers worded on their own, in the declaration's order, with those worded inside
#: them in brackets (a detached stand's own hits inside "skirmishers out").
_WORDED: tuple[tuple[MarkerSpec, tuple[MarkerSpec, ...]], ...] = tuple(
    (m, tuple(x for x in UNIT_MARKERS if x.within == m.name))
    for m in UNIT_MARKERS
    if m.display and m.within is None
)


def hits_words(n: int) -> str:
    """A count of hit markers: "1 hit", "3 hits" (EotE 1.4)."""
    return _HITS.display.format(n=n, s="" if n == 1 else "s")


def blown_words(n: int) -> str:
    """A cavalry unit's blown markers: "blown 2" (EotE 5.10)."""
    return _BLOWN.display.format(n=n, s="" if n == 1 else "s")


def _spec_words(unit: Any, spec: MarkerSpec, inner: tuple[MarkerSpec, ...]) -> str:
    words = spec.words(getattr(unit, spec.name))
    if not words:
        return ""
    within = [w for w in (x.words(getattr(unit, x.name)) for x in inner) if w]
    return f"{words} ({', '.join(within)})" if within else words


def skirmish_words(unit: Marked) -> str:
    """The detached skirmish stand and its own hits (EotE 5.4), or "" when it is not out."""
    inner = next(inner for m, inner in _WORDED if m is _SKIRMISHERS)
    return _spec_words(unit, _SKIRMISHERS, inner)


def marker_words(unit: Marked) -> list[str]:
    """Every marker on the unit's stands, in words, in the declaration's order."""
    words = (_spec_words(unit, m, inner) for m, inner in _WORDED)
    return [w for w in words if w]
