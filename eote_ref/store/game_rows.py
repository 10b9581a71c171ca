"""Reads of one game's rows for the referee's checks, each returning detached copies.

The checks read the game through :class:`eote_ref.referee.game.GameService.read`, which opens
the session and passes it, with the game's id, to one of these functions; no check module
opens a session of its own. Rows come back detached (safe to keep after the session ends);
a row of another game reads as missing.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, TypeVar

from sqlalchemy import select as sa_select
from sqlmodel import Session, col, select

from eote_ref.store.models import Game, GameCommand, GameLeader, GameLink, GameSide, GameUnit
from eote_ref.store.scenario_column import PACK_SCENARIO, eote_scenario

#: The unit markers these reads filter on (the state is each unit's ``markers``: the JSON is
#: read and filtered here, the same on SQLite and PostgreSQL).
_FOUGHT = "fought_this_turn"
_RALLIED = "rallied_once"
_LOST = ("routed", "disintegrated", "off_table")

_Row = TypeVar("_Row", GameUnit, GameLeader, GameCommand, GameLink)


def _detached(s: Session, rows: Iterable[_Row]) -> list[_Row]:
    """The rows, detached from their session.

    Each read opens its own session, which holds only these rows: one ``expunge_all``
    instead of a cascade walk per row (most of the time of reading every leader).
    """
    out = list(rows)
    s.expunge_all()
    return out


def unit(s: Session, game_id: int, unit_id: int) -> GameUnit | None:
    """Unit ``unit_id`` of the game, or None."""
    row = s.get(GameUnit, unit_id)
    if row is None or row.game_id != game_id:
        return None
    s.expunge(row)
    return row


def units(s: Session, game_id: int, unit_ids: Sequence[int]) -> dict[int, GameUnit]:
    """The game's units among ``unit_ids``, by id (missing ids are left out)."""
    rows = s.exec(
        select(GameUnit).where(GameUnit.game_id == game_id, col(GameUnit.id).in_(unit_ids))
    ).all()
    return {r.id: r for r in _detached(s, rows) if r.id is not None}


def leader(s: Session, game_id: int, leader_id: int) -> GameLeader | None:
    """Leader ``leader_id`` of the game, or None."""
    row = s.get(GameLeader, leader_id)
    if row is None or row.game_id != game_id:
        return None
    s.expunge(row)
    return row


def leaders(s: Session, game_id: int) -> list[GameLeader]:
    """Every leader of the game (replacements and the killed included), in id order."""
    query = select(GameLeader).where(GameLeader.game_id == game_id)
    return _detached(s, s.exec(query.order_by(col(GameLeader.id))))


def commands(s: Session, game_id: int) -> list[GameCommand]:
    """Every command of the game, in id order."""
    query = select(GameCommand).where(GameCommand.game_id == game_id)
    return _detached(s, s.exec(query.order_by(col(GameCommand.id))))


def units_carrying(s: Session, game_id: int, leader_id: int) -> list[GameUnit]:
    """The units leader ``leader_id`` is attached to (EotE 3.5.1: one at most)."""
    query = select(GameUnit).where(
        GameUnit.game_id == game_id, GameUnit.attached_leader_id == leader_id
    )
    return _detached(s, s.exec(query.order_by(col(GameUnit.id))))


def division_units(s: Session, game_id: int, command_id: int) -> list[GameUnit]:
    """The units of division (or brigade) ``command_id``, in id order."""
    query = select(GameUnit).where(GameUnit.game_id == game_id, GameUnit.command_id == command_id)
    return _detached(s, s.exec(query.order_by(col(GameUnit.id))))


def commanders_attached(s: Session, game_id: int, division_ids: Iterable[int]) -> set[int]:
    """Of ``division_ids``, those a living army, wing or corps leader is attached to (3.5.2)."""
    attached = s.exec(
        select(GameLeader.attached_command_id).where(
            GameLeader.game_id == game_id,
            col(GameLeader.attached_command_id).in_(list(division_ids)),
            col(GameLeader.killed).is_(False),
        )
    ).all()
    return {int(x) for x in attached if x is not None}


def cavalry_that_fought(s: Session, game_id: int) -> list[GameUnit]:
    """Cavalry units marked as having fought this turn, in id order (EotE 5.10)."""
    query = select(GameUnit).where(GameUnit.game_id == game_id, GameUnit.arm == "cavalry")
    rows = _detached(s, s.exec(query.order_by(col(GameUnit.id))))
    return [r for r in rows if r.fought_this_turn]


def rallied_once(s: Session, game_id: int) -> set[int]:
    """Units that have spent their one rally from rout (EotE 9.1)."""
    query = select(GameUnit.id, GameUnit.markers).where(GameUnit.game_id == game_id)
    return {int(i) for i, m in s.exec(query).all() if i is not None and (m or {}).get(_RALLIED)}


def latest_link(s: Session, game_id: int, kind: str, unit_id: int) -> GameLink | None:
    """The newest link of ``kind`` made by ``unit_id`` (an engineer's task...), or None."""
    row = s.exec(
        select(GameLink)
        .where(GameLink.game_id == game_id, GameLink.kind == kind, GameLink.unit_id == unit_id)
        .order_by(col(GameLink.id).desc())
    ).first()
    if row is not None:
        s.expunge(row)
    return row


def initiative_last_turn(s: Session, game_id: int) -> int | None:
    """The side that held the initiative last turn (EotE 4.0), if any."""
    game = s.get(Game, game_id)
    return game.initiative_last_turn if game is not None else None


def unit_attachments(s: Session, game_id: int) -> list[tuple[int, int | None, bool]]:
    """Each unit's (id, attached leader id, fought this turn): two columns, not whole rows."""
    query = select(GameUnit.id, GameUnit.attached_leader_id, GameUnit.markers).where(
        GameUnit.game_id == game_id
    )
    return [
        (int(i), a, bool((m or {}).get(_FOUGHT, False)))
        for i, a, m in s.exec(query).all()
        if i is not None
    ]


def scenario(s: Session, game_id: int) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's scenario data and scenario state (both empty for a game of whole lists).

    A game of another pack made from a scenario file has neither (:func:`pack_scenario`).
    """
    game = s.get(Game, game_id)
    if game is None:
        return {}, {}
    return eote_scenario(game.scenario), dict(game.scenario_state or {})


def pack_scenario(s: Session, game_id: int) -> dict[str, Any]:
    """The scenario file another pack's game was made from (``source``, ``file``, ``pack``)."""
    game = s.get(Game, game_id)
    if game is None:
        return {}
    return dict(dict(game.scenario or {}).get(PACK_SCENARIO) or {})


def side_ids(s: Session, game_id: int) -> dict[int, int]:
    """Each side's row id by its position."""
    query = select(GameSide.position, GameSide.id).where(GameSide.game_id == game_id)
    return {int(p): int(i) for p, i in s.exec(query).all() if i is not None}


def side_names(s: Session, game_id: int) -> tuple[str, ...]:
    """The sides' names in position order."""
    query = select(GameSide.name).where(GameSide.game_id == game_id)
    return tuple(s.exec(query.order_by(col(GameSide.position))).all())


def unit_losses(s: Session, game_id: int) -> list[tuple[int, int, bool]]:
    """Each unit's (id, command id, lost): lost when routed, disintegrated or off the table."""
    query = sa_select(col(GameUnit.id), col(GameUnit.command_id), col(GameUnit.markers)).where(
        col(GameUnit.game_id) == game_id
    )
    return [
        (int(i), int(c), any((m or {}).get(name) for name in _LOST))
        for i, c, m in s.execute(query).all()
        if i is not None
    ]
