"""Games: set-up from plain data or stored rosters, and the loads the app and referee need.

Set-up copies the order of battle into the game's own tables, so later roster edits never
reach a game in progress. Every load is a fixed, small number of indexed queries (no lazy
per-row loads): :func:`load_game` is five, :func:`load_division` three.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import Table, delete, insert
from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from eote_ref.store.errors import NotFoundError
from eote_ref.store.journal import to_jsonable
from eote_ref.store.models import (
    JOURNALED,
    UNJOURNALED,
    Game,
    GameCommand,
    GameLeader,
    GameSide,
    GameUnit,
)
from eote_ref.store.rosters import insert_command_tree, load_roster
from eote_ref.store.specs import UNIT_FIELDS, CommandSpec, RosterSpec, SideSpec, UnitSpec
from eote_ref.store.unit_codes import assign_unit_codes
from eote_ref.store.unit_markers import pack_defaults

if TYPE_CHECKING:
    from eote_ref.packs.declaration import UnitModelSpec


def division_levels(ruleset: str) -> frozenset[str]:
    """The command levels of ``ruleset``'s games that carry division state (EotE 1.0.1)."""
    from eote_ref.packs.registry import unit_model_of

    model = unit_model_of(ruleset)
    return frozenset(model.manoeuvre_levels) if model else frozenset()


@dataclass(frozen=True)
class GameState:
    """Everything about one game, loaded at once."""

    game: Game
    sides: list[GameSide]
    commands: list[GameCommand]
    leaders: list[GameLeader]
    units: list[GameUnit]


@dataclass(frozen=True)
class DivisionState:
    """One division (or brigade): its state, its leaders and its units."""

    command: GameCommand
    leaders: list[GameLeader]
    units: list[GameUnit]


def _table(model: Any) -> Table:
    table = model.__table__
    assert isinstance(table, Table)
    return table


def create_game(
    session: Session,
    name: str,
    sides: Sequence[SideSpec],
    *,
    ruleset: str = "eote-6.2",
    ruleset_version: str = "",
    options: Mapping[str, Any] | None = None,
    turn: int = 1,
    phase: str = "",
    initiative: int | None = None,
    figure_scale: str = "15mm",
    scenario: Mapping[str, Any] | None = None,
    scenario_state: Mapping[str, Any] | None = None,
) -> Game:
    """Create a game with its sides, command trees, leaders and units, and commit it.

    Args:
        session: the session to write in.
        name: the game's name, e.g. ``"Waterloo, club night 12"``.
        sides: the sides in order (their ``position`` is 0, 1, ...), each from army lists.
        ruleset: the ruleset the game is played under.
        ruleset_version: the version of the ruleset data, kept for the record.
        options: the ruleset options chosen at set-up.
        turn: the starting turn.
        phase: the starting phase.
        initiative: the position of the side holding the initiative, if decided.
        figure_scale: ``6mm``, ``15mm`` or ``25mm`` (distances shift by 2").
        scenario: the scenario the game is made from, as plain data (docs/scenario-format.md).
        scenario_state: what the table starts with of it (objectives held).

    Returns:
        The new game (its ``id`` set).
    """
    try:
        game = Game(
            name=name,
            ruleset=ruleset,
            ruleset_version=ruleset_version,
            options=to_jsonable(dict(options or {})),
            turn=turn,
            phase=phase,
            initiative=initiative,
            figure_scale=figure_scale,
            scenario=to_jsonable(dict(scenario or {})),
            scenario_state=to_jsonable(dict(scenario_state or {})),
        )
        session.add(game)
        session.flush()
        game_id = game.id
        assert game_id is not None
        from eote_ref.packs.registry import pack_or_default, unit_model_of

        model = unit_model_of(ruleset)
        markers = frozenset(pack_defaults(pack_or_default(ruleset)))
        for position, side in enumerate(sides):
            _add_side(session, game_id, position, side, model, markers)
        assign_unit_codes(session, game_id)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return game


def _add_side(
    session: Session,
    game_id: int,
    position: int,
    side: SideSpec,
    model: UnitModelSpec | None,
    markers: frozenset[str],
) -> None:
    """Side ``side`` of the game with its commands, units and leaders.

    A unit starts with the markers of the game's pack that its set-up gives (``markers``,
    their names): its formation (a pack with a unit model takes its starting formation as
    one) and, for limbered guns, ``limbered``.
    """
    keeps_formation = model is not None or "formation" in markers
    keeps_limbered = "limbered" in markers
    row = GameSide(
        game_id=game_id,
        position=position,
        name=side.name,
        army_lists=list(dict.fromkeys(r.name for r in side.rosters)),
    )
    session.add(row)
    session.flush()
    side_id = row.id

    def command_row(
        c: CommandSpec, pos: int, parent: int | None, roster: RosterSpec
    ) -> dict[str, Any]:
        return {
            "game_id": game_id,
            "side_id": side_id,
            "parent_id": parent,
            "position": pos,
            "name": c.name,
            "level": c.level,
            "notes": c.notes,
        }

    def unit_row(u: UnitSpec, pos: int, command_id: int, roster: RosterSpec) -> dict[str, Any]:
        # The starting formation is the set-up, not a change: no changed-formation flag and
        # no journal event (EotE 1.8.3 counts changes made during the game).
        own, default = u.formation, roster.formation_of(u.arm)
        formation = (
            model.starting_formation(own, default, u.nation or roster.nation, roster.nation)
            if model
            else own or default
        )
        place = {"game_id": game_id, "command_id": command_id, "position": pos}
        limbered = formation == "limbered" and keeps_limbered
        return (
            place
            | {name: getattr(u, name) for name in UNIT_FIELDS if name != "formation"}
            | {
                "nation": u.nation or roster.nation,
                # Its state starts as markers (only what differs from the defaults).
                "markers": {"formation": formation} | ({"limbered": True} if limbered else {})
                if formation and keeps_formation
                else {},
            }
        )

    inserted = insert_command_tree(
        session,
        _table(GameCommand),
        _table(GameUnit),
        [(r.army, r) for r in side.rosters],
        command_row,
        unit_row,
    )
    leaders = [
        {
            "game_id": game_id,
            "command_id": command_id,
            "name": spec.leader.name,
            "level": spec.level,
            "rating": spec.leader.rating,
            "notes": spec.leader.notes,
        }
        for spec, command_id, _roster in inserted
    ]
    if leaders:
        session.execute(insert(_table(GameLeader)), leaders)


def create_game_from_rosters(
    session: Session,
    name: str,
    sides: Mapping[str, Sequence[str]],
    **settings: Any,
) -> Game:
    """Create a game from stored army lists: ``{"French": ["Armée du Nord"], ...}``.

    ``settings`` are passed to :func:`create_game` (ruleset, options, turn, phase...).
    """
    side_specs = [
        SideSpec(side, tuple(load_roster(session, roster) for roster in rosters))
        for side, rosters in sides.items()
    ]
    return create_game(session, name, side_specs, **settings)


def get_game(session: Session, game_id: int) -> Game:
    """The game row.

    Raises:
        NotFoundError: there is no game with that id.
    """
    game = session.get(Game, game_id)
    if game is None:
        raise NotFoundError(f"there is no game with id {game_id}")
    return game


def game_sides(session: Session, game_id: int) -> list[GameSide]:
    """The game's sides, in their order."""
    return list(
        session.exec(
            select(GameSide).where(GameSide.game_id == game_id).order_by(col(GameSide.position))
        ).all()
    )


def list_games(session: Session) -> list[Game]:
    """Every game, newest first."""
    return list(session.exec(select(Game).order_by(col(Game.id).desc())).all())


def load_game(session: Session, game_id: int, *, units: bool = True) -> GameState:
    """The whole game: sides, commands, leaders and (unless ``units=False``) units, by id.

    Without units it is the order of battle for a dashboard that loads each division's units
    with :func:`load_division` when it is opened (2,000 unit objects take about 50 ms).
    """
    game = get_game(session, game_id)
    return GameState(
        game=game,
        sides=game_sides(session, game_id),
        commands=list(
            session.exec(
                select(GameCommand)
                .where(GameCommand.game_id == game_id)
                .order_by(col(GameCommand.id))
            ).all()
        ),
        leaders=list(
            session.exec(
                select(GameLeader).where(GameLeader.game_id == game_id).order_by(col(GameLeader.id))
            ).all()
        ),
        units=list(
            session.exec(
                select(GameUnit).where(GameUnit.game_id == game_id).order_by(col(GameUnit.id))
            ).all()
        )
        if units
        else [],
    )


def load_game_rows(session: Session, game_id: int) -> GameState:
    """What :func:`load_game` reads, with sides, commands, leaders and units as plain rows.

    The rows are read-only and give each column by its attribute name, as the models do; they
    are for views, which read every unit of a game after each change: building an ORM object
    per row was most of that read. Write through the journal, never through these rows.
    """
    game = get_game(session, game_id)

    def rows(model: Any, *order: str) -> list[Any]:
        table = _table(model)
        query = sa_select(table).where(table.c.game_id == game_id)
        return list(session.execute(query.order_by(*(table.c[o] for o in order))).all())

    return GameState(
        game=game,
        sides=rows(GameSide, "position"),
        commands=rows(GameCommand, "id"),
        leaders=rows(GameLeader, "id"),
        units=rows(GameUnit, "id"),
    )


def game_row(session: Session, game_id: int) -> Any | None:
    """The game's own row as a plain row (its version, turn, phase...), or None."""
    table = _table(Game)
    return session.execute(sa_select(table).where(table.c.id == game_id)).first()


def game_rows_by_id(
    session: Session, game_id: int, model: Any, ids: Sequence[int], *, key: str = "id"
) -> list[Any]:
    """Plain rows of one game table whose ``key`` is one of ``ids``, ordered by id.

    The rows are as :func:`load_game_rows` gives them: what a view reads again after a
    command touched those rows.
    """
    table = _table(model)
    out: list[Any] = []
    wanted = sorted(set(ids))
    for start in range(0, len(wanted), 500):  # well inside every engine's parameter limit
        query = sa_select(table).where(
            table.c.game_id == game_id, table.c[key].in_(wanted[start : start + 500])
        )
        out.extend(session.execute(query.order_by(table.c.id)).all())
    out.sort(key=lambda r: r.id)
    return out


def divisions(session: Session, game_id: int) -> list[GameCommand]:
    """The divisions and brigades of a game (the commands carrying division state)."""
    game = session.get(Game, game_id)
    levels = division_levels(game.ruleset if game else "")
    return list(
        session.exec(
            select(GameCommand)
            .where(GameCommand.game_id == game_id, col(GameCommand.level).in_(levels))
            .order_by(col(GameCommand.id))
        ).all()
    )


def load_division(session: Session, command_id: int) -> DivisionState:
    """One division's state, its leaders (current and replacements) and its units.

    Raises:
        NotFoundError: there is no command with that id.
    """
    command = session.get(GameCommand, command_id)
    if command is None:
        raise NotFoundError(f"there is no command with id {command_id}")
    leaders = session.exec(
        select(GameLeader).where(GameLeader.command_id == command_id).order_by(col(GameLeader.id))
    ).all()
    units = session.exec(
        select(GameUnit)
        .where(GameUnit.command_id == command_id)
        .order_by(col(GameUnit.position), col(GameUnit.id))
    ).all()
    return DivisionState(command=command, leaders=list(leaders), units=list(units))


def snapshot(session: Session, game_id: int) -> dict[str, list[dict[str, Any]]]:
    """Every journaled row of a game as plain data, by table, ordered by id.

    Two snapshots are equal exactly when the game's state is; tests and consistency checks
    compare them.
    """
    out: dict[str, list[dict[str, Any]]] = {}
    for name, model in JOURNALED.items():
        table = _table(model)
        key = table.c.id if name == "game" else table.c.game_id
        rows = session.execute(
            sa_select(table).where(key == game_id).order_by(table.c.id)
        ).mappings()
        columns = [c for c in table.columns if c.name not in UNJOURNALED]
        out[name] = [{c.name: to_jsonable(row[c.name]) for c in columns} for row in rows]
    return out


def delete_game(session: Session, game_id: int) -> None:
    """Delete a game with its state and journal, committing.

    Raises:
        NotFoundError: there is no game with that id.
    """
    game = get_game(session, game_id)
    session.expunge(game)
    table = _table(GameUnit)
    try:
        # Detach leaders first: unit -> leader has no cascade, so the journal must do it.
        session.execute(
            table.update().where(table.c.game_id == game_id).values(attached_leader_id=None)
        )
        session.execute(delete(_table(Game)).where(_table(Game).c.id == game_id))
        session.commit()
    except BaseException:
        session.rollback()
        raise
