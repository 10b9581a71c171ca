"""Short unit codes (``F12``, ``A7``): a side letter and a number, given once and stored.

Every unit of a game gets a code when the game is made (a late unit the next free number of
its side), so the umpire can type two or three keys to find it and the club can stick a
label with it under the figures. The letter is the first letter of the side's name when the
sides' first letters differ (``F`` French, ``A`` Allies), else ``A``, ``B``, ``C``... by the
sides' order; the numbers run through each side's order of battle (commands depth first, by
position, units by position). Codes never change afterwards: they are on the printed labels.

The order and letters are plain functions of rows, so the migration that gave codes to games
made before them (0009) reads the same way (it keeps its own copy, as migrations must).
:func:`side_letters` and :func:`split_code` are standard library only (the dashboard's filter
reads codes without loading the ORM).
"""

from __future__ import annotations

import re
import string
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from sqlmodel import Session

_CODE = re.compile(r"^([A-Za-z])(\d+)$")


class _Command(Protocol):
    @property
    def id(self) -> int | None: ...
    @property
    def parent_id(self) -> int | None: ...
    @property
    def position(self) -> int: ...


@dataclass(frozen=True)
class _Row:
    id: int | None
    parent_id: int | None
    position: int


def side_letters(names: Sequence[str]) -> list[str]:
    """One letter per side: the names' first letters when they differ, else A, B, C..."""
    firsts = [next((ch.upper() for ch in n if ch.isalpha() and ch.isascii()), "") for n in names]
    if all(firsts) and len(set(firsts)) == len(firsts):
        return firsts
    return [string.ascii_uppercase[i % 26] for i in range(len(names))]


def split_code(code: str) -> tuple[str, int] | None:
    """``"F12"`` to ``("F", 12)``; None when ``code`` is not a code."""
    m = _CODE.match(code.strip())
    return (m.group(1).upper(), int(m.group(2))) if m else None


def command_order(commands: Iterable[_Command]) -> list[int]:
    """Command ids in order-of-battle order: each command, then its subordinates."""
    children: dict[int | None, list[_Command]] = {}
    for c in commands:
        children.setdefault(c.parent_id, []).append(c)
    for group in children.values():
        group.sort(key=lambda c: (c.position, c.id or 0))
    out: list[int] = []
    stack = list(reversed(children.get(None, [])))
    while stack:
        c = stack.pop()
        assert c.id is not None
        out.append(c.id)
        stack.extend(reversed(children.get(c.id, [])))
    return out


def assign_unit_codes(session: Session, game_id: int) -> int:
    """Give every unit of game ``game_id`` without a code the next one of its side.

    Runs in the caller's transaction (nothing is committed); reads columns only, so a
    2,000-unit game takes a few milliseconds. Returns how many codes were given.
    """
    from sqlalchemy import bindparam, update
    from sqlmodel import col, select

    from eote_ref.store.models import GameCommand, GameSide, GameUnit

    sides = session.exec(
        select(GameSide.id, GameSide.name)
        .where(GameSide.game_id == game_id)
        .order_by(col(GameSide.position))
    ).all()
    letters = dict(zip([i for i, _ in sides], side_letters([n for _, n in sides]), strict=True))
    commands = [
        _Row(i, p, pos)
        for i, p, pos in session.exec(
            select(GameCommand.id, GameCommand.parent_id, GameCommand.position).where(
                GameCommand.game_id == game_id
            )
        ).all()
    ]
    side_of = dict(
        session.exec(
            select(GameCommand.id, GameCommand.side_id).where(GameCommand.game_id == game_id)
        ).all()
    )
    rank = {cid: i for i, cid in enumerate(command_order(commands))}
    units = session.exec(
        select(GameUnit.id, GameUnit.command_id, GameUnit.position, GameUnit.code).where(
            GameUnit.game_id == game_id
        )
    ).all()
    used: dict[int, int] = {}
    for _uid, command_id, _pos, code in units:
        parsed = split_code(code) if code else None
        if parsed is not None:
            side = side_of[command_id]
            used[side] = max(used.get(side, 0), parsed[1])
    todo = sorted(
        (u for u in units if not u[3]), key=lambda u: (rank.get(u[1], 0), u[2], u[0] or 0)
    )
    params: list[dict[str, Any]] = []
    for uid, command_id, _pos, _code in todo:
        side = side_of[command_id]
        used[side] = used.get(side, 0) + 1
        params.append({"uid": uid, "code": f"{letters[side]}{used[side]}"})
    if params:
        table = GameUnit.__table__  # type: ignore[attr-defined]
        session.connection().execute(
            update(table).where(table.c.id == bindparam("uid")).values(code=bindparam("code")),
            params,
        )
    return len(params)


def next_unit_code(session: Session, game_id: int, command_id: int) -> str:
    """The code a unit joining command ``command_id`` late gets (its side's next number)."""
    from eote_ref.store.models import GameCommand

    cmd = session.get(GameCommand, command_id)
    if cmd is None or cmd.game_id != game_id:
        raise ValueError(f"there is no command {command_id} in game {game_id}")
    return next_codes(session, game_id, cmd.side_id, 1)[0]


def next_codes(session: Session, game_id: int, side_id: int, count: int) -> list[str]:
    """The next ``count`` codes of side ``side_id`` (reinforcements, late units), in order."""
    from sqlmodel import col, select

    from eote_ref.store.models import GameCommand, GameSide, GameUnit

    sides = session.exec(
        select(GameSide.id, GameSide.name)
        .where(GameSide.game_id == game_id)
        .order_by(col(GameSide.position))
    ).all()
    letters = dict(zip([i for i, _ in sides], side_letters([n for _, n in sides]), strict=True))
    if side_id not in letters:
        raise ValueError(f"there is no side {side_id} in game {game_id}")
    rows = session.exec(
        select(GameUnit.code)
        .join(GameCommand, col(GameCommand.id) == col(GameUnit.command_id))
        .where(GameUnit.game_id == game_id, GameCommand.side_id == side_id)
    ).all()
    top = max((p[1] for c in rows if c and (p := split_code(c))), default=0)
    # Codes a scenario reserved for reinforcements not yet arrived are taken too.
    letter = letters[side_id]
    for code in reserved_codes(session, game_id):
        if (p := split_code(code)) is not None and p[0] == letter:
            top = max(top, p[1])
    return [f"{letter}{top + n}" for n in range(1, count + 1)]


def reserved_codes(session: Session, game_id: int) -> list[str]:
    """The codes a scenario game gave its reinforcements when it was made (issue 24)."""
    from eote_ref.store.models import Game

    game = session.get(Game, game_id)
    from eote_ref.store.scenario_column import eote_scenario

    data = eote_scenario(game.scenario if game is not None else None)
    out: list[str] = []

    def walk(tree: Any) -> None:
        out.extend(str(u["code"]) for u in tree.get("units", []) if u.get("code"))
        for child in tree.get("commands", []):
            walk(child)

    for r in data.get("reinforcements", []):
        for item in r.get("commands", []):
            walk(item.get("tree", {}))
    return out
