"""Games of any pack: a new game from a pack's plan, and its rows read back as plain state.

The plan is a :class:`~eote_ref.packs.play.Plan`, the state a
:class:`~eote_ref.packs.play.PlayState`.

Names no pack: what a pack keeps is in the JSON columns (``game.pack_state``,
``game_side.pack_state``, ``game_unit.markers``, ``game_leader.markers``) under its own keys.
The EotE-only columns a row must have (a unit's ``ce`` and ``stands``, a leader's
``rating``) are written 0 for another pack's game: neutral values its checks never read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from sqlmodel import Session, col, select

from eote_ref.packs.play import (
    CommandState,
    LeaderState,
    Plan,
    PlayState,
    SideState,
    UnitState,
)
from eote_ref.store.errors import NotFoundError
from eote_ref.store.games import game_sides, get_game
from eote_ref.store.journal import to_jsonable
from eote_ref.store.models import Game, GameCommand, GameLeader, GameSide, GameUnit
from eote_ref.store.scenario_column import PACK_SCENARIO
from eote_ref.store.unit_codes import assign_unit_codes

if TYPE_CHECKING:
    from eote_ref.store.database import Database

#: What an EotE-only NOT NULL column holds in another pack's game.
NEUTRAL = 0


def create_pack_game(session: Session, name: str, plan: Plan) -> int:
    """Write ``plan`` as a new game, in the caller's session, and commit; the game's id."""
    try:
        game = Game(
            name=name,
            ruleset=plan.ruleset,
            ruleset_version=plan.ruleset_version,
            options=to_jsonable(dict(plan.options)),
            turn=1,
            phase=plan.phase,
            pack_state=to_jsonable(dict(plan.pack_state)),
            scenario=to_jsonable({PACK_SCENARIO: dict(plan.scenario)} if plan.scenario else {}),
        )
        session.add(game)
        session.flush()
        game_id = game.id
        assert game_id is not None
        for position, side in enumerate(plan.sides):
            side_row = GameSide(
                game_id=game_id,
                position=position,
                name=side.name,
                army_lists=list(side.army_lists),
                pack_state=to_jsonable(dict(side.pack_state)),
            )
            session.add(side_row)
            session.flush()
            assert side_row.id is not None
            units_by_name: dict[str, GameUnit] = {}
            attach: list[tuple[GameLeader, str]] = []
            for c_pos, command in enumerate(side.commands):
                c_row = GameCommand(
                    game_id=game_id,
                    side_id=side_row.id,
                    position=c_pos,
                    name=command.name,
                    level=command.level,
                )
                session.add(c_row)
                session.flush()
                assert c_row.id is not None
                for u_pos, u in enumerate(command.units):
                    row = GameUnit(
                        game_id=game_id,
                        command_id=c_row.id,
                        position=u_pos,
                        name=u.name,
                        arm=u.arm,
                        type=u.type,
                        nation=u.nation,
                        ce=NEUTRAL,
                        stands=NEUTRAL,
                        markers=to_jsonable(dict(u.markers)),
                    )
                    session.add(row)
                    units_by_name[u.name] = row
                for g in command.leaders:
                    leader = GameLeader(
                        game_id=game_id,
                        command_id=c_row.id,
                        name=g.name,
                        level=g.level,
                        rating=NEUTRAL,
                        markers=to_jsonable(dict(g.markers)),
                    )
                    session.add(leader)
                    if g.attached is not None:
                        attach.append((leader, g.attached))
            session.flush()
            for leader, unit_name in attach:
                unit = units_by_name.get(unit_name)
                if unit is None:
                    raise NotFoundError(f"{leader.name} is attached to no unit of {side.name}")
                unit.attached_leader_id = leader.id
                session.add(unit)
        assign_unit_codes(session, game_id)
        session.commit()
    except BaseException:
        session.rollback()
        raise
    return game_id


def new_pack_game(db: Database, name: str, plan: Plan) -> int:
    """:func:`create_pack_game` in one transaction of its own."""
    with db.session() as s:
        return create_pack_game(s, name, plan)


def play_state(session: Session, game_id: int) -> PlayState:
    """Every row of game ``game_id`` as plain frozen data (five queries)."""
    game = get_game(session, game_id)
    sides = game_sides(session, game_id)
    commands = session.exec(
        select(GameCommand)
        .where(GameCommand.game_id == game_id)
        .order_by(col(GameCommand.side_id), col(GameCommand.position))
    ).all()
    side_of = {c.id: c.side_id for c in commands}
    leaders = session.exec(
        select(GameLeader).where(GameLeader.game_id == game_id).order_by(col(GameLeader.id))
    ).all()
    units = session.exec(
        select(GameUnit)
        .where(GameUnit.game_id == game_id)
        .order_by(col(GameUnit.command_id), col(GameUnit.position))
    ).all()
    order = {c.id: i for i, c in enumerate(commands)}
    attached = {u.attached_leader_id: u.id for u in units if u.attached_leader_id is not None}
    units = sorted(units, key=lambda u: (order.get(u.command_id, 0), u.position))
    return PlayState(
        game_id=game_id,
        name=game.name,
        ruleset=game.ruleset,
        turn=game.turn,
        phase=game.phase,
        options=dict(game.options or {}),
        pack_state=dict(game.pack_state or {}),
        sides=tuple(
            SideState(int(s.id or 0), s.position, s.name, dict(s.pack_state or {})) for s in sides
        ),
        commands=tuple(CommandState(int(c.id or 0), c.side_id, c.name, c.level) for c in commands),
        leaders=tuple(
            LeaderState(
                int(g.id or 0),
                side_of[g.command_id],
                g.command_id,
                g.name,
                g.level,
                dict(g.markers or {}),
                attached.get(int(g.id or 0)),
            )
            for g in leaders
        ),
        units=tuple(
            UnitState(
                int(u.id or 0),
                side_of[u.command_id],
                u.command_id,
                u.name,
                u.arm,
                u.type,
                u.nation,
                dict(u.markers or {}),
                u.attached_leader_id,
                u.code or "",
            )
            for u in units
        ),
    )
