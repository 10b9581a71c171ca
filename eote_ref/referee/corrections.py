"""Correcting a game in progress: the umpire's corrections, each one undoable journal step.

A wrong CE in the list, a replacement leader's real name, a battalion that arrives late: the
order of battle was copied into the game when it was set up, so it is corrected here, in the
game, never in the army list. Each correction is one journal event of kind
``correction`` whose line starts "Umpire's correction:", so the journal and the after-action
report show it for what it is, and Ctrl+Z takes it back.
"""

from __future__ import annotations

from typing import Any

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line, Piece
from eote_ref.referee.markers import with_markers
from eote_ref.rules.core import Reveals
from eote_ref.rules.units import Arm
from eote_ref.store.changes import Change, InsertRow, SetField

#: The kind of journal event a correction is.
KIND = "correction"
#: How the journal line of a correction starts.
PREFIX = "Umpire's correction: "

#: Unit fields a correction may change, with their type.
UNIT_FIELDS: dict[str, type] = {"name": str, "ce": int, "type": str, "stands": int}
#: Leader fields a correction may change.
LEADER_FIELDS: dict[str, type] = {"name": str, "rating": int}

ARMS = tuple(a.value for a in Arm)


def _checked(fields: dict[str, Any], allowed: dict[str, type]) -> dict[str, Any]:
    out = {}
    for key, value in fields.items():
        kind = allowed.get(key)
        if kind is None:
            raise RefereeError(f"{key!r} cannot be corrected here ({', '.join(allowed)} can)")
        if kind is int:
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise RefereeError(f"{key} must be a whole number of 0 or more")
        elif not str(value).strip():
            raise RefereeError(f"{key} cannot be empty")
        else:
            value = str(value).strip()
        out[key] = value
    if not out:
        raise RefereeError("nothing to correct")
    return out


def _unit(game: GameService, unit_id: int) -> Any:
    for s in game.view().sides:
        for u in s.units:
            if u.id == unit_id:
                return u
    raise RefereeError(f"there is no unit {unit_id} in this game")


def _leader(game: GameService, leader_id: int) -> Any:
    for s in game.view().sides:
        for d in s.divisions:
            if d.leader is not None and d.leader.id == leader_id:
                return d.leader
        for c in s.commanders:
            if c.leader is not None and c.leader.id == leader_id:
                return c.leader
    raise RefereeError(f"there is no leader {leader_id} in this game")


def _record(game: GameService, summary: Line, changes: list[Change], inputs: Any) -> None:
    game.record(KIND, PREFIX + summary, changes, inputs={"correction": inputs})


def _said(field: str, before: Any, after: Any) -> Piece:
    """One corrected field in words; a CE's figures are hidden by fog of war (EotE 1.4)."""
    text = f"{field} {before} → {after}"
    if field == "ce":
        return Piece(text, Reveals.CE, veiled="CE corrected")
    return Piece(text)


def correct_unit(game: GameService, unit_id: int, **fields: Any) -> None:
    """Correct a unit's name, CE, type or stands (one step)."""
    values = _checked(fields, UNIT_FIELDS)
    unit = _unit(game, unit_id)
    said = [_said(k, getattr(unit, k), v) for k, v in values.items() if getattr(unit, k) != v]
    if not said:
        raise RefereeError(f"{unit.name} already reads so")
    changes: list[Change] = [SetField("game_unit", unit_id, k, v) for k, v in values.items()]
    line = Line.of(f"{unit.name}: ", *_joined(said))
    _record(game, line, changes, {"unit_id": unit_id, **values})


def _joined(pieces: list[Piece]) -> list[Piece]:
    """The pieces separated by commas."""
    out: list[Piece] = []
    for i, p in enumerate(pieces):
        if i:
            out.append(Piece(", "))
        out.append(p)
    return out


def correct_leader(game: GameService, leader_id: int, **fields: Any) -> None:
    """Rename or re-rate a leader (one step)."""
    values = _checked(fields, LEADER_FIELDS)
    leader = _leader(game, leader_id)
    said = [f"{k} {getattr(leader, k)} → {v}" for k, v in values.items() if getattr(leader, k) != v]
    if not said:
        raise RefereeError(f"{leader.name} already reads so")
    changes: list[Change] = [SetField("game_leader", leader_id, k, v) for k, v in values.items()]
    _record(
        game,
        Line.of(f"{leader.name}: {', '.join(said)}"),
        changes,
        {"leader_id": leader_id, **values},
    )


def add_unit(
    game: GameService,
    division_id: int,
    name: str,
    *,
    arm: str,
    type: str,  # noqa: A002 - the order of battle's word
    ce: int,
    stands: int = 4,
    nation: str | None = None,
    formation: str | None = None,
) -> None:
    """A late-arriving unit joins a division (one step); it arrives in good order.

    Its formation is ``formation``, else that of a unit of its arm in the division, else the
    arm's first (line): a unit on the table always has one (EotE 1.0.2).
    """
    if arm not in ARMS:
        raise RefereeError(f"arm must be one of {', '.join(ARMS)}")
    values = _checked({"name": name, "ce": ce, "type": type, "stands": stands}, UNIT_FIELDS)
    division = game.division_view(division_id)
    like = next(iter(division.units), None)
    allowed = game.formations(arm)
    kin = next((u.formation for u in division.units if u.arm == arm and u.formation), None)
    chosen = formation or kin or (allowed[0] if allowed else None)
    if chosen is not None and chosen not in allowed:
        raise RefereeError(f"a unit of {arm} cannot be in {chosen} (EotE 1.0.2)")
    from eote_ref.store.unit_codes import next_unit_code

    code = game.read(next_unit_code, division_id)
    row = {
        "command_id": division_id,
        "code": code,
        "position": len(division.units),
        "arm": arm,
        "nation": nation or (like.nation if like is not None else ""),
        "formation": chosen,
        **values,
    }
    in_formation = f", {chosen.replace('_', ' ')}" if chosen else ""
    line = Line.of(
        f"{values['name']} arrives late with {division.name} ({arm}{in_formation}",
        Piece(f", CE {values['ce']}", Reveals.CE),
        ")",
    )
    _record(
        game,
        line,
        [InsertRow("game_unit", with_markers(row))],
        {"division_id": division_id, **row},
    )


def add_leader(game: GameService, division_id: int, name: str, *, rating: int) -> None:
    """A late (or replacement) leader takes a division that has none alive (one step)."""
    values = _checked({"name": name, "rating": rating}, LEADER_FIELDS)
    division = game.division_view(division_id)
    if division.leader is not None and not division.leader.killed:
        raise RefereeError(
            f"{division.name} is led by {division.leader.name}: rename or re-rate him instead"
        )
    row = {
        "command_id": division_id,
        "level": division.level,
        "replacement": division.leader is not None,
        **values,
    }
    _record(
        game,
        Line.of(f"{values['name']} (rating {values['rating']}) takes command of {division.name}"),
        [InsertRow("game_leader", row)],
        {"division_id": division_id, **row},
    )
