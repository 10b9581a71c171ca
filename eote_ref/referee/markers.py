"""Which units carry which marker: the one home of the rules the markers' editors share.

The dashboard's marker keys, the service's checks on an edit and the checks that read a
marker ask here, so a rule about a marker is written once; and a marker is worded here
(:func:`marker_words`, from the pack's declaration), so the players' display, the dashboard
and the pick lists agree.

A unit's markers are declared by its pack (``Pack.unit_markers``, read through the registry's
lazy line, :func:`~eote_ref.packs.registry.get_unit_markers`) and kept in the unit's
``markers``. A game's are its pack's: :func:`game_markers` gives them (a
:class:`PackMarkers`) from the ``ruleset`` the game records, and the game service, the
carry-over into a new turn and the store's set-up read them so. The module's own names
(:data:`UNIT_MARKERS`, :func:`unit_change`...) are the default pack's, EotE's, whose checks
and wording name its markers (``hits``, ``disordered``...). :meth:`PackMarkers.unit_change`
is the one way a check or the turn writes one (``markers.NAME``, the default written as the
key removed).
"""

from __future__ import annotations

from typing import Any, Protocol

from eote_ref.packs.registry import DEFAULT_PACK, game_pack, get_unit_markers
from eote_ref.packs.state_specs import MarkerSpec, marker_defaults
from eote_ref.store.changes import NewRow, SetField


class PackMarkers:
    """The markers a unit of one pack carries, and what its editors and the turn read of them.

    Built from the pack's declaration (``Pack.unit_markers``), once a declaration
    (:func:`markers_of`): its markers by name, their defaults, the flags the umpire may set
    by hand, the counters' caps, the markers a new turn clears and those carried into another.
    """

    def __init__(self, specs: tuple[MarkerSpec, ...]) -> None:
        #: The markers in the order the players' display words them.
        self.specs = specs
        self.by_name: dict[str, MarkerSpec] = {m.name: m for m in specs}
        self.defaults: dict[str, Any] = marker_defaults(specs)
        #: The yes/no markers the umpire may set by hand, and the counters' caps.
        self.editable_flags: tuple[str, ...] = tuple(
            m.name for m in specs if m.kind == "flag" and m.editable
        )
        self.counter_limits: dict[str, int] = {
            m.name: m.limit for m in specs if m.kind == "counter" and m.limit is not None
        }
        #: The markers cleared when a new turn starts, and those whose value is carried.
        self.turn_markers: tuple[MarkerSpec, ...] = tuple(m for m in specs if m.lasts == "turn")
        self.carried: tuple[MarkerSpec, ...] = tuple(m for m in specs if m.carried_to)

    def mark(self, name: str) -> str:
        """The dashboard's short mark of marker ``name`` (``D`` for disordered), as declared."""
        return self.by_name[name].dashboard

    def is_marker(self, name: str) -> bool:
        """Whether ``name`` is one of the unit markers (else a column of the unit's row)."""
        return name in self.by_name

    def unit_change(self, unit_id: int | NewRow, name: str, value: Any) -> SetField:
        """The change setting a unit's ``name``: a marker (``markers.NAME``) or a column.

        A marker set to its default is written as the key removed (None): a unit's markers
        hold only what differs from the defaults, as the set-up and the migration leave them.
        """
        spec = self.by_name.get(name)
        if spec is None:
            return SetField("game_unit", unit_id, name, value)
        return SetField("game_unit", unit_id, f"markers.{name}", spec.stored(value))

    def with_markers(self, row: dict[str, Any]) -> dict[str, Any]:
        """A new unit row with its markers (``formation``...) moved into ``markers``.

        For rows written as plain data before they are inserted (a late unit, a scenario's
        reinforcement as its set-up kept it): only values other than the default are kept.
        """
        out = {k: v for k, v in row.items() if k not in self.by_name}
        markers = dict(row.get("markers") or {})
        for name, spec in self.by_name.items():
            if name in row:
                value = spec.stored(row[name])
                if value is None:
                    markers.pop(name, None)
                else:
                    markers[name] = value
        out["markers"] = markers
        return out

    def unit_value(self, row: Any, name: str) -> Any:
        """A unit's ``name`` off a view, a model or a plain row (markers in ``markers``)."""
        spec = self.by_name.get(name)
        if spec is None or not hasattr(row, "markers"):
            return getattr(row, name, None)
        return (row.markers or {}).get(name, spec.default)

    def marker_values(self, field: str, before: Any, after: Any) -> tuple[str, Any, Any]:
        """A unit change's field as its marker's name, with None (no key) read as the default."""
        name = field.removeprefix("markers.")
        spec = self.by_name.get(name)
        if spec is None or name == field:
            return field, before, after
        return (
            name,
            spec.default if before is None else before,
            spec.default if after is None else after,
        )

    def unit_state(self, markers: dict[str, Any] | None) -> dict[str, Any]:
        """Every marker of a unit by name: its ``markers`` over the declared defaults."""
        return {**self.defaults, **markers} if markers else dict(self.defaults)

    def carries(self, name: str, arm: str) -> bool:
        """Whether a unit of ``arm`` carries marker ``name`` (the declaration's ``arms``)."""
        arms = self.by_name[name].arms
        return not arms or arm in arms


#: The markers built of each declaration read, by pack id.
_BUILT: dict[str, PackMarkers] = {}


def markers_of(pack_id: str) -> PackMarkers:
    """The markers of pack ``pack_id``'s units, through the registry (KeyError: no such pack).

    Built once a declaration: a pack registered again with other markers is read anew.
    """
    specs = get_unit_markers(pack_id)
    built = _BUILT.get(pack_id)
    if built is None or built.specs is not specs:
        built = _BUILT[pack_id] = PackMarkers(specs)
    return built


def game_markers(ruleset: str | None, what: str = "the game") -> PackMarkers:
    """The markers of a game's units: those of the pack its ``ruleset`` column names.

    An empty ruleset is the default pack's; one no pack has raises
    :class:`~eote_ref.packs.registry.UnknownRuleset` (:func:`~eote_ref.packs.registry.game_pack`).
    """
    return markers_of(game_pack(ruleset, what))


#: The default pack's (EotE's) markers, which the referee's own checks and wording name
#: (``hits``, ``disordered``...), in the order the players' display words them.
DEFAULT_MARKERS: PackMarkers = markers_of(DEFAULT_PACK)
UNIT_MARKERS: tuple[MarkerSpec, ...] = DEFAULT_MARKERS.specs
UNIT_MARKER_BY_NAME: dict[str, MarkerSpec] = DEFAULT_MARKERS.by_name
UNIT_DEFAULTS: dict[str, Any] = DEFAULT_MARKERS.defaults

#: The unit markers that the umpire may set by hand, and the counters' caps (the default
#: pack's; a game's are its own pack's, :attr:`PackMarkers.editable_flags`).
EDITABLE_FLAGS: tuple[str, ...] = DEFAULT_MARKERS.editable_flags
COUNTER_LIMITS: dict[str, int] = DEFAULT_MARKERS.counter_limits
#: The markers cleared when a new turn starts, and those whose value is carried into another.
TURN_MARKERS: tuple[MarkerSpec, ...] = DEFAULT_MARKERS.turn_markers
CARRIED: tuple[MarkerSpec, ...] = DEFAULT_MARKERS.carried


def mark(name: str) -> str:
    """The dashboard's short mark of a default pack's marker (``D`` for disordered)."""
    return DEFAULT_MARKERS.mark(name)


def is_marker(name: str) -> bool:
    """Whether ``name`` is one of the default pack's unit markers (else a unit's column)."""
    return DEFAULT_MARKERS.is_marker(name)


def unit_change(unit_id: int | NewRow, name: str, value: Any) -> SetField:
    """The change setting a unit's ``name`` (:meth:`PackMarkers.unit_change`, default pack)."""
    return DEFAULT_MARKERS.unit_change(unit_id, name, value)


def with_markers(row: dict[str, Any]) -> dict[str, Any]:
    """A new unit row with its markers moved into ``markers`` (the default pack's)."""
    return DEFAULT_MARKERS.with_markers(row)


def marker_values(field: str, before: Any, after: Any) -> tuple[str, Any, Any]:
    """A unit change's field as its marker's name (the default pack's markers)."""
    return DEFAULT_MARKERS.marker_values(field, before, after)


def unit_state(markers: dict[str, Any] | None) -> dict[str, Any]:
    """Every default-pack marker of a unit by name: its ``markers`` over the defaults."""
    return DEFAULT_MARKERS.unit_state(markers)


#: Why a unit other than cavalry refuses a blown marker (EotE 5.10).
BLOWN_CAVALRY_ONLY = "only cavalry carries blown markers (EotE 5.10)"


def carries(name: str, arm: str) -> bool:
    """Whether a unit of ``arm`` carries the default pack's marker ``name`` (its ``arms``)."""
    return DEFAULT_MARKERS.carries(name, arm)


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
