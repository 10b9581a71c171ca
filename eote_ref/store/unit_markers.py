"""A game unit's markers by name (``row.marker("hits")``, ``row.hits``), kept in ``markers``.

Since migration 0011 a unit's state has one home, the JSON ``game_unit.markers``, keyed by
the names of the markers its game's pack declares (read through the registry's lazy line,
:func:`eote_ref.packs.registry.get_unit_markers`: :func:`pack_defaults`), holding only values
other than the default. :meth:`UnitMarkers.marker` and :meth:`UnitMarkers.set_marker` read
and write a marker of the default pack (EotE's), with its defaults, as do the attributes
below (``row.hits``), which its checks keep reading off a row; a game of another pack is
read and written through its own markers (``referee.markers.game_markers``). A setter
writes a new ``markers`` object (a changed key of the old one would not be seen by the ORM)
and drops a key set back to its default. The journal writes the same keys
(``SetField("game_unit", id, "markers.hits", 2)``), never these attributes.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from eote_ref.packs.registry import DEFAULT_PACK, get_unit_markers
from eote_ref.packs.state_specs import marker_defaults

if TYPE_CHECKING:
    from eote_ref.packs.state_specs import MarkerSpec


#: The defaults of each declaration read, by pack id (a pack registered again is read anew).
_READ: dict[str, tuple[tuple[MarkerSpec, ...], Mapping[str, Any]]] = {}


@functools.cache
def _default_pack() -> Mapping[str, Any]:
    """The default pack's defaults: it is shipped, so its declaration never changes."""
    return pack_defaults(DEFAULT_PACK)


def pack_defaults(pack_id: str) -> Mapping[str, Any]:
    """The default of each marker pack ``pack_id``'s units carry, by name."""
    specs = get_unit_markers(pack_id)
    read = _READ.get(pack_id)
    if read is None or read[0] is not specs:
        read = _READ[pack_id] = (specs, marker_defaults(specs))
    return read[1]


class UnitMarkers:
    """Mixin of :class:`~eote_ref.store.models.GameUnit`: its markers by name."""

    markers: dict[str, Any]

    def marker(self, name: str) -> Any:
        """The default pack's marker ``name``: its value, its default when the unit has none."""
        return (self.markers or {}).get(name, _default_pack()[name])

    def set_marker(self, name: str, value: Any) -> None:
        """Set the default pack's marker ``name`` on this (unsaved) row, the default left out.

        A new ``markers`` object is written (a changed key of the old one is not seen).
        """
        data = dict(self.markers or {})
        default = _default_pack()[name]
        if value is None or (value == default and type(value) is type(default)):
            data.pop(name, None)
        else:
            data[name] = value
        self.markers = data

    @property
    def hits(self) -> int:
        return self.marker("hits")  # type: ignore[no-any-return]

    @hits.setter
    def hits(self, value: int) -> None:
        self.set_marker("hits", value)

    @property
    def disordered(self) -> bool:
        return self.marker("disordered")  # type: ignore[no-any-return]

    @disordered.setter
    def disordered(self, value: bool) -> None:
        self.set_marker("disordered", value)

    @property
    def blown(self) -> int:
        return self.marker("blown")  # type: ignore[no-any-return]

    @blown.setter
    def blown(self, value: int) -> None:
        self.set_marker("blown", value)

    @property
    def routed(self) -> bool:
        return self.marker("routed")  # type: ignore[no-any-return]

    @routed.setter
    def routed(self, value: bool) -> None:
        self.set_marker("routed", value)

    @property
    def off_table(self) -> bool:
        return self.marker("off_table")  # type: ignore[no-any-return]

    @off_table.setter
    def off_table(self, value: bool) -> None:
        self.set_marker("off_table", value)

    @property
    def formation(self) -> str | None:
        return self.marker("formation")  # type: ignore[no-any-return]

    @formation.setter
    def formation(self, value: str | None) -> None:
        self.set_marker("formation", value)

    @property
    def limbered(self) -> bool:
        return self.marker("limbered")  # type: ignore[no-any-return]

    @limbered.setter
    def limbered(self, value: bool) -> None:
        self.set_marker("limbered", value)

    @property
    def guns_abandoned(self) -> bool:
        return self.marker("guns_abandoned")  # type: ignore[no-any-return]

    @guns_abandoned.setter
    def guns_abandoned(self, value: bool) -> None:
        self.set_marker("guns_abandoned", value)

    @property
    def skirmishers_out(self) -> bool:
        return self.marker("skirmishers_out")  # type: ignore[no-any-return]

    @skirmishers_out.setter
    def skirmishers_out(self, value: bool) -> None:
        self.set_marker("skirmishers_out", value)

    @property
    def skirmish_hits(self) -> int:
        return self.marker("skirmish_hits")  # type: ignore[no-any-return]

    @skirmish_hits.setter
    def skirmish_hits(self, value: int) -> None:
        self.set_marker("skirmish_hits", value)

    @property
    def rallied_once(self) -> bool:
        return self.marker("rallied_once")  # type: ignore[no-any-return]

    @rallied_once.setter
    def rallied_once(self, value: bool) -> None:
        self.set_marker("rallied_once", value)

    @property
    def pinned(self) -> bool:
        return self.marker("pinned")  # type: ignore[no-any-return]

    @pinned.setter
    def pinned(self, value: bool) -> None:
        self.set_marker("pinned", value)

    @property
    def out_of_command(self) -> bool:
        return self.marker("out_of_command")  # type: ignore[no-any-return]

    @out_of_command.setter
    def out_of_command(self, value: bool) -> None:
        self.set_marker("out_of_command", value)

    @property
    def changed_formation(self) -> bool:
        return self.marker("changed_formation")  # type: ignore[no-any-return]

    @changed_formation.setter
    def changed_formation(self, value: bool) -> None:
        self.set_marker("changed_formation", value)

    @property
    def fought_this_turn(self) -> bool:
        return self.marker("fought_this_turn")  # type: ignore[no-any-return]

    @fought_this_turn.setter
    def fought_this_turn(self, value: bool) -> None:
        self.set_marker("fought_this_turn", value)

    @property
    def routed_this_turn(self) -> bool:
        return self.marker("routed_this_turn")  # type: ignore[no-any-return]

    @routed_this_turn.setter
    def routed_this_turn(self, value: bool) -> None:
        self.set_marker("routed_this_turn", value)

    @property
    def routed_by_morale(self) -> bool:
        return self.marker("routed_by_morale")  # type: ignore[no-any-return]

    @routed_by_morale.setter
    def routed_by_morale(self, value: bool) -> None:
        self.set_marker("routed_by_morale", value)

    @property
    def disintegrated(self) -> bool:
        return self.marker("disintegrated")  # type: ignore[no-any-return]

    @disintegrated.setter
    def disintegrated(self, value: bool) -> None:
        self.set_marker("disintegrated", value)

    @property
    def fought_while_blown(self) -> bool:
        return self.marker("fought_while_blown")  # type: ignore[no-any-return]

    @fought_while_blown.setter
    def fought_while_blown(self, value: bool) -> None:
        self.set_marker("fought_while_blown", value)

    @property
    def fought_last_turn(self) -> bool:
        return self.marker("fought_last_turn")  # type: ignore[no-any-return]

    @fought_last_turn.setter
    def fought_last_turn(self, value: bool) -> None:
        self.set_marker("fought_last_turn", value)
