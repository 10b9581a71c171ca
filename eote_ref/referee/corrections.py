"""Correcting a game in progress: the umpire's corrections, each one undoable journal step.

A wrong CE in the list, a replacement leader's real name, a battalion that arrives late, an
army, wing or corps commander the game lacks (so that somebody issues orders, EotE 3.1): the
order of battle was copied into the game when it was set up, so it is corrected here, in the
game, never in the army list. Each correction is one journal event of kind
``correction`` whose line starts "Umpire's correction:", so the journal and the after-action
report show it for what it is, and Ctrl+Z takes it back.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from eote_ref.packs.outcome import Reveals
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line, Piece
from eote_ref.referee.markers import with_markers
from eote_ref.referee.setup import ARMS as ARMS  # the arms a late unit may be of
from eote_ref.store.changes import Change, InsertRow, NewRow, SetField

#: The kind of journal event a correction is.
KIND = "correction"
#: How the journal line of a correction starts.
PREFIX = "Umpire's correction: "

#: Unit fields a correction may change, with their type.
UNIT_FIELDS: dict[str, type] = {"name": str, "ce": int, "type": str, "stands": int}
#: Leader fields a correction may change.
LEADER_FIELDS: dict[str, type] = {"name": str, "rating": int}


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


# ----------------------------------------------------------------------------- commanders

#: The levels whose leader issues orders and activates reserves (EotE 3.1).
COMMANDER_LEVELS = ("army", "wing", "corps")


@dataclass(frozen=True)
class CommanderChoice:
    """An army, wing or corps commander of a side's lists who is not in the game (EotE 3.1)."""

    #: The command's path in its list (``Anglo-Portuguese Army / Cavalry``): what to pass on.
    reference: str
    command: str
    level: str
    leader: str
    rating: int

    @property
    def label(self) -> str:
        """``Wellington (army: Anglo-Portuguese Army, rating 4)``."""
        return f"{self.leader} ({self.level}: {self.command}, rating {self.rating:+d})"


def _side_lists(game: GameService, position: int) -> list[Any]:
    """The army lists a side of the game came from, by their names: stored, else shipped."""
    from eote_ref.armylists.loader import ArmyListError, load_army_list
    from eote_ref.referee.rosters import export_army_list
    from eote_ref.referee.setup import shipped_army_lists
    from eote_ref.store.errors import NotFoundError

    side = next((s for s in game.view().sides if s.position == position), None)
    if side is None:
        raise RefereeError(f"there is no side {position}")
    found: dict[str, Any] = {}
    for name in side.army_lists:
        with contextlib.suppress(NotFoundError):
            found[name] = export_army_list(game.db, name)
    for path in shipped_army_lists():
        if len(found) == len(side.army_lists):
            break
        try:
            army = load_army_list(path).army_list
        except ArmyListError:
            continue
        if army.name in side.army_lists and army.name not in found:
            found[army.name] = army
    missing = [n for n in side.army_lists if n not in found]
    if missing:
        raise RefereeError(
            f"the army list {missing[0]!r} of {side.name} is neither stored nor shipped: "
            "import it first (File → Army lists)"
        )
    return [found[n] for n in side.army_lists]


def _paths(command: Any, above: tuple[str, ...] = ()) -> list[tuple[tuple[str, ...], Any]]:
    here = (*above, command.name)
    out = [(here, command)]
    for child in command.commands:
        out += _paths(child, here)
    return out


def _placed(
    rows: list[Any], side_id: int, paths: list[tuple[tuple[str, ...], Any]]
) -> dict[int, tuple[str, ...]]:
    """Each game command of the side by id, with its path in the lists when it is clear.

    A command is matched by its name and the names of its game ancestors, in order, along
    the list's path (the game may leave commands between out).
    """
    by_id = {r.id: r for r in rows if r.side_id == side_id}
    out: dict[int, tuple[str, ...]] = {}
    for r in by_id.values():
        chain: list[str] = []
        at = r
        while at is not None:
            chain.insert(0, at.name)
            at = by_id.get(at.parent_id)
        fits = [p for p, _ in paths if p[-1] == r.name and _in_order(chain, p)]
        if len(fits) == 1:
            out[r.id] = fits[0]
    return out


def _in_order(names: list[str], path: tuple[str, ...]) -> bool:
    """Whether ``names`` appear in ``path`` in the same order (not necessarily together)."""
    it = iter(path)
    return all(any(n == p for p in it) for n in names)


def commander_choices(game: GameService, position: int) -> list[CommanderChoice]:
    """The army, wing and corps commanders of a side's lists not yet in the game (EotE 3.1).

    Raises:
        RefereeError: a list of the side is neither stored nor shipped.
    """
    from eote_ref.store import game_rows

    side_id = game.read(game_rows.side_ids)[position]
    rows = game.read(game_rows.commands)
    out: list[CommanderChoice] = []
    for army in _side_lists(game, position):
        paths = _paths(army.army)
        present = set(_placed(rows, side_id, paths).values())
        for path, command in paths:
            if str(command.level) in COMMANDER_LEVELS and path not in present:
                out.append(
                    CommanderChoice(
                        " / ".join(path),
                        command.name,
                        str(command.level),
                        command.leader.name,
                        command.leader.rating,
                    )
                )
    return out


def add_commander(game: GameService, position: int, reference: str) -> None:
    """An army, wing or corps commander of the side's lists comes into the game (one step).

    He heads the commands of the game that serve under him in the list, and serves under the
    nearest of his own superiors in the game, so he may issue their orders and activate their
    reserves (EotE 3.1, 3.3) and counts for the initiative (4.0). His command's own units stay
    out: a late unit joins a division as before.
    """
    from eote_ref.store import game_rows

    choice = next((c for c in commander_choices(game, position) if c.reference == reference), None)
    if choice is None:
        raise RefereeError(f"{reference!r} is no army, wing or corps command of this side's lists")
    side_id = game.read(game_rows.side_ids)[position]
    rows = game.read(game_rows.commands)
    path = tuple(reference.split(" / "))
    army = next(a for a in _side_lists(game, position) if a.army.name == path[0])
    placed = _placed(rows, side_id, _paths(army.army))
    by_id = {r.id: r for r in rows}

    def under(p: tuple[str, ...] | None) -> bool:
        return p is not None and len(p) > len(path) and p[: len(path)] == path

    above = [i for i, p in placed.items() if len(p) < len(path) and path[: len(p)] == p]
    parent = max(above, key=lambda i: len(placed[i]), default=None)
    led = [
        i
        for i, p in placed.items()
        # the topmost ones: their game parent is not under him
        if under(p) and not under(placed.get(by_id[i].parent_id or -1))
    ]
    ref = "commander"
    changes: list[Change] = [
        InsertRow(
            "game_command",
            {
                "side_id": side_id,
                "parent_id": parent,
                "position": 0,
                "name": choice.command,
                "level": choice.level,
            },
            ref=ref,
        ),
        InsertRow(
            "game_leader",
            {
                "command_id": NewRow(ref),
                "name": choice.leader,
                "level": choice.level,
                "rating": choice.rating,
            },
        ),
    ]
    changes += [SetField("game_command", i, "parent_id", NewRow(ref)) for i in sorted(led)]
    heads = ", ".join(by_id[i].name for i in sorted(led)) or "no command in the game yet"
    line = Line.of(
        f"{choice.leader} ({choice.level}, rating {choice.rating:+d}) takes command of "
        f"{choice.command}, above {heads} (EotE 3.1)"
    )
    _record(game, line, changes, {"side": position, "commander": reference})
