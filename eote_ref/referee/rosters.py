"""Army lists in the database: import a typed :class:`ArmyList` into the rosters, export it back.

This module joins the two independent siblings :mod:`eote_ref.armylists` (the YAML format and
its typed model) and :mod:`eote_ref.store` (the roster tables), converting between
:class:`~eote_ref.armylists.model.ArmyList` and :class:`~eote_ref.store.RosterSpec`.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import TYPE_CHECKING, Any

from eote_ref.armylists.model import (
    ArmyList,
    Command,
    Leader,
    Skirmish,
    StartingFormations,
    Unit,
)
from eote_ref.store.specs import UNIT_FIELDS, CommandSpec, LeaderSpec, RosterSpec, UnitSpec

if TYPE_CHECKING:
    from eote_ref.store import Database, Roster


def to_spec(army_list: ArmyList) -> RosterSpec:
    """The store's plain-data form of an army list."""
    return RosterSpec(
        name=army_list.name,
        nation=army_list.nation,
        year=army_list.year,
        army=_command_spec(army_list.army),
        format_version=army_list.format,
        ruleset=army_list.ruleset,
        battle=army_list.battle,
        sources=tuple(army_list.sources),
        notes=army_list.notes,
        formations=_formations_spec(army_list.formations),
    )


def _formations_spec(formations: StartingFormations | None) -> tuple[tuple[str, str], ...]:
    if formations is None:
        return ()
    out = []
    for f in dataclasses.fields(StartingFormations):  # the arms of the list format, in order
        value = formations.for_arm(f.name)
        if value is not None:
            out.append((f.name, str(value)))
    return tuple(out)


def _plain(value: Any) -> Any:
    """A field of the army list's unit as the store keeps it: an enum (or a word) as text."""
    if isinstance(value, enum.Enum):
        return value.value
    return str(value) if isinstance(value, str) else value


def _command_spec(command: Command) -> CommandSpec:
    return CommandSpec(
        name=command.name,
        level=str(command.level),
        leader=LeaderSpec(command.leader.name, command.leader.rating, command.leader.notes),
        commands=tuple(_command_spec(c) for c in command.commands),
        units=tuple(
            UnitSpec(**{name: _plain(getattr(u, name)) for name in UNIT_FIELDS})
            for u in command.units
        ),
        notes=command.notes,
    )


def from_spec(spec: RosterSpec) -> ArmyList:
    """The typed army list of a stored roster."""
    return ArmyList(
        format=spec.format_version,
        name=spec.name,
        nation=spec.nation,
        year=spec.year,
        ruleset=spec.ruleset,
        battle=spec.battle,
        sources=tuple(spec.sources),
        notes=spec.notes,
        formations=(StartingFormations(**dict(spec.formations)) if spec.formations else None),
        army=_command(spec.army),
    )


def _command(spec: CommandSpec) -> Command:
    return Command(
        name=spec.name,
        level=spec.level,
        leader=Leader(name=spec.leader.name, rating=spec.leader.rating, notes=spec.leader.notes),
        commands=tuple(_command(c) for c in spec.commands),
        units=tuple(
            Unit(
                name=u.name,
                arm=u.arm,
                type=u.type,
                ce=u.ce,
                stands=u.stands,
                skirmish=Skirmish(u.skirmish),
                weight=u.weight,
                howitzers=u.howitzers,
                formation=u.formation or None,
                brigade=u.brigade,
                nation=u.nation,
                notes=u.notes,
            )
            for u in spec.units
        ),
        notes=spec.notes,
    )


def import_army_list(db: Database, army_list: ArmyList, *, replace: bool = False) -> Roster:
    """Store a (validated) army list as a master roster, in one transaction.

    Args:
        db: the database to write in.
        army_list: the typed army list, e.g. from :func:`eote_ref.armylists.loader.load_army_list`.
        replace: replace a stored list of the same name instead of refusing.

    Raises:
        DuplicateNameError: a list of that name is stored and ``replace`` is false.
    """
    from eote_ref.store.rosters import store_roster

    return store_roster(db, to_spec(army_list), replace=replace)


def export_army_list(db: Database, name: str) -> ArmyList:
    """Read a stored army list back as a typed :class:`ArmyList`.

    Raises:
        NotFoundError: no army list of that name is stored.
    """
    from eote_ref.store.rosters import read_roster

    return from_spec(read_roster(db, name))


# ----------------------------------------------------------------------------- any pack
def import_any_army_list(
    db: Database, pack: str, army_list: Any, *, replace: bool = False
) -> Roster:
    """Store a (validated) army list of any pack, in one transaction.

    An EotE list is stored as its command tree (:func:`import_army_list`); a list of another
    pack whole, as the YAML text its schema writes (``ArmyListSchema.dump``).

    Raises:
        DuplicateNameError: a list of that name is stored and ``replace`` is false.
        ValueError: the pack's lists cannot be stored (its schema has no ``dump``).
    """
    from eote_ref.armylists.loader import pack_schema
    from eote_ref.store.rosters import store_pack_roster
    from eote_ref.store.specs import PackRosterSpec

    schema = pack_schema(pack)
    if schema is None:
        return import_army_list(db, army_list, replace=replace)
    if schema.dump is None:
        raise ValueError(f"lists of pack {pack} cannot be stored in the database")
    spec = PackRosterSpec(
        name=army_list.name,
        nation=army_list.nation,
        year=army_list.year,
        ruleset=army_list.ruleset,
        text=schema.dump(army_list),
        format_version=army_list.format,
        battle=army_list.battle,
        sources=tuple(army_list.sources),
        notes=army_list.notes,
    )
    return store_pack_roster(db, spec, replace=replace)


def export_any_army_list(db: Database, name: str) -> tuple[str, Any]:
    """A stored army list of any pack: ``(pack, typed list)``.

    Raises:
        NotFoundError: no army list of that name is stored.
        ArmyListError: a stored list of another pack no longer passes its pack's check.
    """
    from eote_ref.armylists.loader import load_any_army_list_text
    from eote_ref.packs import registry
    from eote_ref.store.rosters import read_pack_roster

    stored = read_pack_roster(db, name)
    if stored is None:
        return registry.DEFAULT_PACK, export_army_list(db, name)
    loaded = load_any_army_list_text(stored.text, f"<database: {name}>")
    return loaded.pack, loaded.army_list


def dump_any_army_list(pack: str, army_list: Any) -> str:
    """An army list of any pack as YAML text (the loader reads it back equal)."""
    from eote_ref.armylists.export import dump_army_list
    from eote_ref.armylists.loader import pack_schema

    schema = pack_schema(pack)
    if schema is None:
        return dump_army_list(army_list)
    if schema.dump is None:
        raise ValueError(f"lists of pack {pack} cannot be written back")
    text: str = schema.dump(army_list)
    return text
