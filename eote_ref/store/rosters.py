"""Master rosters in the database: save, load, list and delete army lists as :class:`RosterSpec`.

A roster is written with a handful of bulk statements (one per level of the command tree,
one for all units), so a 2,000-unit list saves in well under a second, and read back with
three queries.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, delete, insert
from sqlmodel import Session, col, select

from eote_ref.store.errors import DuplicateNameError, NotFoundError
from eote_ref.store.models import Roster, RosterCommand, RosterUnit
from eote_ref.store.specs import (
    UNIT_FIELDS,
    CommandSpec,
    LeaderSpec,
    PackRosterSpec,
    RosterSpec,
    UnitSpec,
)

if TYPE_CHECKING:
    from eote_ref.store.database import Database


def _table(model: Any) -> Table:
    table = model.__table__
    assert isinstance(table, Table)
    return table


def insert_command_tree(
    session: Session,
    command_table: Table,
    unit_table: Table,
    roots: Sequence[tuple[CommandSpec, Any]],
    command_row: Callable[[CommandSpec, int, int | None, Any], dict[str, Any]],
    unit_row: Callable[[UnitSpec, int, int, Any], dict[str, Any]],
) -> list[tuple[CommandSpec, int, Any]]:
    """Insert command trees level by level (one statement per level), then all units at once.

    Args:
        session: the session (its transaction is used; nothing is committed).
        command_table: the command table (``roster_command`` or ``game_command``).
        unit_table: the unit table.
        roots: each top command with a context value handed to the row builders.
        command_row: ``(spec, position, parent_id, context)`` to the command row's values.
        unit_row: ``(unit, position, command_id, context)`` to the unit row's values.

    Returns:
        Every command inserted, as ``(spec, new id, context)``.
    """
    level: list[tuple[CommandSpec, int, int | None, Any]] = [
        (spec, i, None, context) for i, (spec, context) in enumerate(roots)
    ]
    inserted: list[tuple[CommandSpec, int, Any]] = []
    units: list[dict[str, Any]] = []
    while level:
        rows = [command_row(spec, pos, parent, context) for spec, pos, parent, context in level]
        ids = session.execute(
            insert(command_table).returning(command_table.c.id, sort_by_parameter_order=True),
            rows,
        ).scalars()
        following: list[tuple[CommandSpec, int, int | None, Any]] = []
        for (spec, _pos, _parent, context), command_id in zip(level, ids.all(), strict=True):
            inserted.append((spec, command_id, context))
            following.extend((c, i, command_id, context) for i, c in enumerate(spec.commands))
            units.extend(unit_row(u, i, command_id, context) for i, u in enumerate(spec.units))
        level = following
    if units:
        session.execute(insert(unit_table), units)
    return inserted


def _make_room(session: Session, name: str, replace: bool) -> None:
    """Delete the stored list called ``name`` to replace it, or refuse to."""
    existing = session.exec(select(Roster).where(Roster.name == name)).first()
    if existing is not None:
        if not replace:
            raise DuplicateNameError(f"an army list named {name!r} is already stored")
        session.execute(delete(_table(Roster)).where(_table(Roster).c.id == existing.id))
        session.expunge(existing)


def _new_roster(
    session: Session, spec: RosterSpec | PackRosterSpec, replace: bool, **kept: Any
) -> Roster:
    """The roster row of ``spec`` added to the session (the name's old row gone if replaced).

    ``kept`` is what a list keeps besides its heading: EotE's formations, or another pack's
    YAML text.
    """
    _make_room(session, spec.name, replace)
    roster = Roster(
        name=spec.name,
        nation=spec.nation,
        year=spec.year,
        format_version=spec.format_version,
        ruleset=spec.ruleset,
        battle=spec.battle,
        sources=list(spec.sources),
        notes=spec.notes,
        **kept,
    )
    session.add(roster)
    return roster


def save_pack_roster(session: Session, spec: PackRosterSpec, *, replace: bool = False) -> Roster:
    """Store a list of another pack (committing), its YAML text whole; optionally replacing.

    Raises:
        DuplicateNameError: a roster of that name exists and ``replace`` is false.
    """
    try:
        roster = _new_roster(session, spec, replace, list_yaml=spec.text)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return roster


def load_pack_roster(session: Session, name: str) -> PackRosterSpec | None:
    """The stored list ``name`` of another pack, or None when it is an EotE list.

    Raises:
        NotFoundError: no army list of that name is stored.
    """
    roster = get_roster(session, name)
    if roster.list_yaml is None:
        return None
    return PackRosterSpec(
        name=roster.name,
        nation=roster.nation,
        year=roster.year,
        ruleset=roster.ruleset,
        text=roster.list_yaml,
        format_version=roster.format_version,
        battle=roster.battle,
        sources=tuple(roster.sources),
        notes=roster.notes,
    )


def save_roster(session: Session, spec: RosterSpec, *, replace: bool = False) -> Roster:
    """Store an army list (committing), optionally replacing one of the same name.

    Raises:
        DuplicateNameError: a roster of that name exists and ``replace`` is false.
    """
    try:
        roster = _new_roster(session, spec, replace, formations=dict(spec.formations))
        session.flush()
        roster_id = roster.id

        def command_row(
            c: CommandSpec, position: int, parent: int | None, _extra: Any
        ) -> dict[str, Any]:
            return {
                "roster_id": roster_id,
                "parent_id": parent,
                "position": position,
                "name": c.name,
                "level": c.level,
                "notes": c.notes,
                "leader_name": c.leader.name,
                "leader_rating": c.leader.rating,
                "leader_notes": c.leader.notes,
            }

        def unit_row(u: UnitSpec, position: int, command_id: int, _extra: Any) -> dict[str, Any]:
            row = {"roster_id": roster_id, "command_id": command_id, "position": position}
            return row | {name: getattr(u, name) for name in UNIT_FIELDS}

        insert_command_tree(
            session,
            _table(RosterCommand),
            _table(RosterUnit),
            [(spec.army, None)],
            command_row,
            unit_row,
        )
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return roster


def get_roster(session: Session, name: str) -> Roster:
    """The roster row of an army list by name.

    Raises:
        NotFoundError: no army list of that name is stored.
    """
    roster = session.exec(select(Roster).where(Roster.name == name)).first()
    if roster is None:
        raise NotFoundError(f"no army list named {name!r} is stored")
    return roster


def load_roster(session: Session, name: str) -> RosterSpec:
    """Read an army list back as a :class:`RosterSpec` (three queries).

    Raises:
        NotFoundError: no EotE army list of that name is stored (a list of another pack is
            :func:`load_pack_roster`'s).
    """
    roster = get_roster(session, name)
    if roster.list_yaml is not None:
        raise NotFoundError(
            f"army list {name!r} is a list of ruleset {roster.ruleset}, not an EotE list"
        )
    commands = session.exec(
        select(RosterCommand)
        .where(RosterCommand.roster_id == roster.id)
        .order_by(col(RosterCommand.position), col(RosterCommand.id))
    ).all()
    units = session.exec(
        select(RosterUnit)
        .where(RosterUnit.roster_id == roster.id)
        .order_by(col(RosterUnit.position), col(RosterUnit.id))
    ).all()
    units_of: dict[int, list[UnitSpec]] = {}
    for u in units:
        units_of.setdefault(u.command_id, []).append(
            UnitSpec(**{name: getattr(u, name) for name in UNIT_FIELDS})
        )
    children: dict[int | None, list[RosterCommand]] = {}
    for c in commands:
        children.setdefault(c.parent_id, []).append(c)

    def build(c: RosterCommand) -> CommandSpec:
        assert c.id is not None
        return CommandSpec(
            name=c.name,
            level=c.level,
            leader=LeaderSpec(name=c.leader_name, rating=c.leader_rating, notes=c.leader_notes),
            commands=tuple(build(child) for child in children.get(c.id, [])),
            units=tuple(units_of.get(c.id, [])),
            notes=c.notes,
        )

    roots = children.get(None, [])
    if len(roots) != 1:
        raise NotFoundError(f"army list {name!r} has no single top command")
    return RosterSpec(
        name=roster.name,
        nation=roster.nation,
        year=roster.year,
        army=build(roots[0]),
        format_version=roster.format_version,
        ruleset=roster.ruleset,
        battle=roster.battle,
        sources=tuple(roster.sources),
        notes=roster.notes,
        formations=tuple((roster.formations or {}).items()),
    )


def list_rosters(session: Session) -> list[Roster]:
    """Every stored army list, by name."""
    return list(session.exec(select(Roster).order_by(col(Roster.name))).all())


def delete_roster(session: Session, name: str) -> None:
    """Delete an army list (games set up from it keep their own copy), committing."""
    roster = get_roster(session, name)
    session.execute(delete(_table(Roster)).where(_table(Roster).c.id == roster.id))
    session.expunge(roster)
    session.commit()


# ----------------------------------------------------------------------------- one transaction each


def store_roster(db: Database, spec: RosterSpec, *, replace: bool = False) -> Roster:
    """:func:`save_roster` in a transaction of its own.

    Raises:
        DuplicateNameError: a roster of that name exists and ``replace`` is false.
    """
    with db.session() as session:
        return save_roster(session, spec, replace=replace)


def store_pack_roster(db: Database, spec: PackRosterSpec, *, replace: bool = False) -> Roster:
    """:func:`save_pack_roster` in a transaction of its own.

    Raises:
        DuplicateNameError: a roster of that name exists and ``replace`` is false.
    """
    with db.session() as session:
        return save_pack_roster(session, spec, replace=replace)


def read_pack_roster(db: Database, name: str) -> PackRosterSpec | None:
    """:func:`load_pack_roster` in a session of its own (None: an EotE list)."""
    with db.session() as session:
        return load_pack_roster(session, name)


def read_roster(db: Database, name: str) -> RosterSpec:
    """:func:`load_roster` in a session of its own (:class:`NotFoundError` if not stored)."""
    with db.session() as session:
        return load_roster(session, name)


def stored_rosters(db: Database) -> list[Roster]:
    """Every stored army list, by name (:func:`list_rosters` in a session of its own)."""
    with db.session() as session:
        return list_rosters(session)


def roster_stored(db: Database, name: str) -> bool:
    """Whether an army list called ``name`` is stored."""
    with db.session() as session:
        try:
            get_roster(session, name)
        except NotFoundError:
            return False
        return True
