"""A scenario's army morale tracks and the effects of being demoralised or broken (house rules).

EotE has no army morale; a scenario may give a side, or a named command, a track
(docs/scenario-format.md, ``army_morale:``): a starting value, the points each loss costs,
the points won back, and the level at or below which the side or command is
**demoralised**. Its effects are the scenario's choice among those offered here (a
modifier to morale and integrity checks, no charges, no advance after combat, the battle
ends), and a breakpoint may carry the same effects while it is reached.

The value is **derived, never kept**: it is counted whenever asked from the game state (the
units' hits and losses now, the commands at their breakpoints, the reinforcements arrived,
the events the umpire recorded, the passing turns) and from the journal's steps still done
(the turn each unit was lost, for the quiet turns that restore points). So the track moves
back with whatever step is undone, and nothing can drift from the table. The events and the
secret threshold's roll are the scenario's state, each set by one journal step.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.referee.errors import RefereeError
from eote_ref.store.changes import SetField

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService
    from eote_ref.store import JournalEvent

Read = Callable[..., Any]

#: The words of each effect, as the turn guide and the dialog list them.
EFFECT_WORDS = {
    "no_charges": "no charges",
    "no_advance": "no advance after combat",
    "ends_battle": "the battle ends",
}

#: The checks a scenario's effect may modify: the effect's key and the words of the check.
CHECKS = {"morale": "morale checks", "integrity": "integrity checks"}


def effects_text(effects: Mapping[str, Any]) -> str:
    """E.g. ``−1 to morale checks, no charges`` (empty when the effects do nothing)."""
    parts = []
    for key, words in CHECKS.items():
        value = int(effects.get(key) or 0)
        if value:
            parts.append(f"{value:+d} to {words}".replace("-", "\u2212"))
    parts += [words for key, words in EFFECT_WORDS.items() if effects.get(key)]
    return ", ".join(parts)


@dataclass(frozen=True)
class TrackLine:
    """One line of a track's account: what moved it and by how much."""

    text: str
    points: int


@dataclass(frozen=True)
class TrackView:
    """A morale track now: its value, its level, and the account that gives the value."""

    key: str
    side: int
    command: str | None
    start: int
    value: int
    #: The level at or below which it is demoralised: the scenario's, or the secret one rolled.
    level: int
    demoralised: bool
    effects: Mapping[str, Any]
    points: int
    lines: tuple[TrackLine, ...]
    events: tuple[tuple[str, int, int | None], ...]
    #: With a secret threshold: the die, and the roll once made (None before).
    secret_die: int | None = None
    secret_roll: int | None = None
    #: Whether the secret threshold is to be rolled now (the value came near it).
    secret_due: bool = False

    def who(self, side_names: Sequence[str]) -> str:
        """The command's name, or the side's."""
        return self.command or side_names[self.side]

    def text(self, side_names: Sequence[str], *, hide_secret: bool = False) -> str:
        """E.g. ``French army morale 14 of 20 (demoralised at 6)``."""
        secret = self.secret_die is not None
        if secret and (hide_secret or self.secret_roll is None):
            level = "demoralised at a secret level"
        else:
            level = f"demoralised at {self.level}"
        mark = ": DEMORALISED" if self.demoralised else ""
        return f"{self.who(side_names)} army morale {self.value} of {self.start} ({level}){mark}"


def _under(parent: Mapping[int, int | None], command_id: int, top: set[int]) -> bool:
    cid: int | None = command_id
    while cid is not None:
        if cid in top:
            return True
        cid = parent.get(cid)
    return False


def tracks_of(
    read: Read, data: Mapping[str, Any], state: Mapping[str, Any], turn: int
) -> tuple[TrackView, ...]:
    """Every morale track of the scenario ``data`` as of ``turn``, counted from the state.

    ``read`` runs one of the store's game reads (:meth:`GameService.read`).
    """
    specs = data.get("army_morale") or []
    if not specs:
        return ()
    from eote_ref.referee.scenario_state import breakpoints_of
    from eote_ref.store import game_rows, morale_rows

    commands = read(game_rows.commands)
    sides = read(game_rows.side_ids)
    position_of_side = {sid: pos for pos, sid in sides.items()}
    parent = {c.id: c.parent_id for c in commands if c.id is not None}
    side_of = {c.id: position_of_side.get(c.side_id) for c in commands if c.id is not None}
    tally = read(morale_rows.unit_tally)
    lost_in = read(morale_rows.loss_turns)
    unit_command = {u: c for u, c, _h, _l in tally}
    breakpoints = breakpoints_of(read, data)
    arrived: Mapping[str, Any] = state.get("arrived", {})
    events_done: Mapping[str, Any] = state.get("events", {})
    secrets: Mapping[str, Any] = state.get("secret", {})
    out = []
    for index, spec in enumerate(specs):
        key = f"m{index + 1}"
        side = int(spec["side"])
        command = spec.get("command")
        top = {
            c.id
            for c in commands
            if command is not None and c.name == command and c.id is not None
            if side_of.get(c.id) == side
        }

        def mine(
            command_id: int, top: set[int] = top, side: int = side, command: Any = command
        ) -> bool:
            if command is not None:
                return _under(parent, command_id, top)
            return side_of.get(command_id) == side

        costs = spec.get("costs") or {}
        restores = spec.get("restores") or {}
        lines: list[TrackLine] = []
        units = [(h, lost) for _u, c, h, lost in tally if mine(c)]
        lost = sum(1 for _h, x in units if x)
        hits = sum(h for h, _x in units)
        if costs.get("unit_lost") and lost:
            lines.append(TrackLine(f"{lost} unit(s) lost", -lost * int(costs["unit_lost"])))
        if costs.get("hit") and hits:
            lines.append(TrackLine(f"{hits} hit(s)", -hits * int(costs["hit"])))
        if costs.get("command_broken"):
            broken = [
                bp.command
                for bp in breakpoints
                if bp.command is not None and bp.side == side and bp.broken
                if command is None or bp.command != command
            ]
            if broken:
                lines.append(
                    TrackLine(
                        f"broken: {', '.join(str(b) for b in broken)}",
                        -len(broken) * int(costs["command_broken"]),
                    )
                )
        done = events_done.get(key, {}) if isinstance(events_done.get(key), dict) else {}
        events = []
        for event in spec.get("events") or []:
            when = done.get(event["name"])
            events.append((str(event["name"]), int(event["points"]), when))
            if when is not None:
                lines.append(TrackLine(f"{event['name']} (turn {when})", int(event["points"])))
        if restores.get("quiet_turn") and turn > 1:
            lossy = {t for u, t in lost_in if (c := unit_command.get(u)) is not None and mine(c)}
            quiet = [t for t in range(1, turn) if t not in lossy]
            if quiet:
                lines.append(
                    TrackLine(
                        f"{len(quiet)} turn(s) without a unit lost",
                        len(quiet) * int(restores["quiet_turn"]),
                    )
                )
        nights = [t for t in spec.get("night_turns") or [] if t < turn]
        if restores.get("night") and nights:
            lines.append(TrackLine(f"{len(nights)} night turn(s)", len(nights) * restores["night"]))
        if restores.get("reinforcement"):
            came = [
                r
                for r in data.get("reinforcements", [])
                if int(r["side"]) == side and r["key"] in arrived
                if command is None
                or any(
                    item.get("parent") == command or item["tree"]["name"] == command
                    for item in r["commands"]
                )
            ]
            if came:
                lines.append(
                    TrackLine(
                        f"{len(came)} reinforcement(s) arrived",
                        len(came) * int(restores["reinforcement"]),
                    )
                )
        start = int(spec["start"])
        value = min(start, start + sum(line.points for line in lines))
        level = int(spec["demoralised_at"])
        secret = spec.get("secret")
        roll = secrets.get(key) if secret else None
        due = False
        if secret:
            die = int(secret["die"])
            if roll is not None:
                level = level + int(roll) - (die + 1) // 2
            else:
                due = value <= level + int(secret["within"])
        out.append(
            TrackView(
                key=key,
                side=side,
                command=command,
                start=start,
                value=value,
                level=level,
                demoralised=value <= level,
                effects=dict(spec.get("effects") or {}),
                points=int(spec.get("points") or 0),
                lines=tuple(lines),
                events=tuple(events),
                secret_die=int(secret["die"]) if secret else None,
                secret_roll=int(roll) if roll is not None else None,
                secret_due=due,
            )
        )
    return tuple(out)


def tracks(game: GameService) -> tuple[TrackView, ...]:
    """The open game's morale tracks now (empty for a game without)."""
    from eote_ref.store import game_rows

    data, state = game.read(game_rows.scenario)
    if not data.get("army_morale"):
        return ()
    return tracks_of(game.read, data, state, game.view().turn)


def guide_tracks(game: GameService, turn: int) -> tuple[TrackView, ...]:
    """The tracks for the turn guide: the scenario read without the ORM when it has none."""
    from eote_ref.referee.scenario_state import scenario_of

    data, state = scenario_of(game)
    if not data.get("army_morale"):
        return ()
    return tracks_of(game.read, data, state, turn)


def shown_tracks(
    game: GameService, turn: int, hidden: Callable[[int], bool] = lambda _side: False
) -> list[str]:
    """Each track in a line for a screen: the umpire's dashboard or the players' display.

    A secret threshold is never shown before the battle ends (:meth:`TrackView.text`);
    ``hidden(side)`` True (the players' display under fog of war) shows only whether that
    side's track has reached its level, not its value.
    """
    tracks = guide_tracks(game, turn)
    if not tracks:
        return []
    from eote_ref.store import game_rows

    names = [str(n) for n in game.read(game_rows.side_names)]
    return [shown_line(t, names, hidden=hidden(t.side)) for t in tracks]


def shown_line(track: TrackView, side_names: Sequence[str], *, hidden: bool) -> str:
    """One track as the players see it (the display, the phones): never a secret threshold.

    ``hidden`` (fog of war over that side) shows only whether it is demoralised.
    """
    if hidden:
        state = "DEMORALISED" if track.demoralised else "holding"
        return f"{track.who(side_names)} army morale: {state}"
    return track.text(side_names, hide_secret=True)


def guide_broken(game: GameService) -> list[tuple[int, str, Mapping[str, Any]]]:
    """The breakpoints reached that carry effects: (side, who, effects), for the turn guide."""
    from eote_ref.referee.scenario_state import breakpoints_of, scenario_of

    data, _state = scenario_of(game)
    specs = data.get("breakpoints") or []
    if not any(any((bp.get("effects") or {}).values()) for bp in specs):
        return []
    from eote_ref.store import game_rows

    names = game.read(game_rows.side_names)
    return [
        (bp.side, bp.command or names[bp.side], spec["effects"])
        for bp, spec in zip(breakpoints_of(game.read, data), specs, strict=True)
        if bp.broken and any((spec.get("effects") or {}).values())
    ]


@dataclass(frozen=True)
class InForce:
    """An effect in force on a command: whose track or breakpoint, and its effects."""

    source: str
    effects: Mapping[str, Any]


def in_force(game: GameService, command_id: int) -> list[InForce]:
    """The scenario's effects in force on command ``command_id`` (a division, a brigade).

    A side's demoralised track or broken breakpoint reaches every command of the side; a
    command's reaches the commands under it.
    """
    from eote_ref.referee.scenario_state import breakpoints_of
    from eote_ref.store import game_rows

    data, state = game.read(game_rows.scenario)
    if not data:
        return []
    has_bp = any(any((bp.get("effects") or {}).values()) for bp in data.get("breakpoints", []))
    if not data.get("army_morale") and not has_bp:
        return []
    commands = game.read(game_rows.commands)
    sides = game.read(game_rows.side_ids)
    position_of_side = {sid: pos for pos, sid in sides.items()}
    by_id = {c.id: c for c in commands if c.id is not None}
    here = by_id.get(command_id)
    if here is None:
        return []
    side = position_of_side.get(here.side_id)
    above: set[str] = set()
    cid: int | None = command_id
    while cid is not None and cid in by_id:
        above.add(by_id[cid].name)
        cid = by_id[cid].parent_id
    names = game.read(game_rows.side_names)
    out: list[InForce] = []
    for t in tracks_of(game.read, data, state, game.view().turn):
        if t.demoralised and t.side == side and (t.command is None or t.command in above):
            out.append(InForce(f"{t.who(names)} demoralised", t.effects))
    if has_bp:
        for bp, spec in zip(breakpoints_of(game.read, data), data["breakpoints"], strict=True):
            effects = spec.get("effects") or {}
            if not any(effects.values()) or not bp.broken or bp.side != side:
                continue
            if bp.command is None or bp.command in above:
                out.append(InForce(f"{bp.command or names[bp.side]} broken", effects))
    return out


def check_modifier(game: GameService, command_id: int | None, check: str) -> tuple[int, str]:
    """The scenario's modifier to ``check`` (``morale``, ``integrity``) of a command, and why.

    ``(0, "")`` when none applies. Several in force add up; the reason names each.
    """
    if command_id is None:
        return 0, ""
    total = 0
    why = []
    for force in in_force(game, command_id):
        value = int(force.effects.get(check) or 0)
        if value:
            total += value
            why.append(force.source)
    if not total:
        return 0, ""
    return total, f"scenario: {', '.join(why)} (house rule)"


# ------------------------------------------------------------------ writing


def _spec(game: GameService, key: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
    from eote_ref.store import game_rows

    data, state = game.read(game_rows.scenario)
    for index, spec in enumerate(data.get("army_morale") or []):
        if f"m{index + 1}" == key:
            return dict(data), dict(state), spec
    raise RefereeError(f"the scenario has no army morale track {key!r}")


def _copy(state: Mapping[str, Any]) -> dict[str, Any]:
    return {k: dict(v) if isinstance(v, dict) else v for k, v in state.items()}


def record_event(game: GameService, key: str, name: str, happened: bool = True) -> JournalEvent:
    """Record (or, ``happened`` False, strike out) a track's event this turn: one journal step."""
    _data, state, spec = _spec(game, key)
    event = next((e for e in spec.get("events") or [] if e["name"] == name), None)
    if event is None:
        raise RefereeError(f"the track has no event {name!r}")
    new_state = _copy(state)
    mine = dict(new_state.get("events", {}).get(key, {}))
    turn = game.view().turn
    if happened == (name in mine):
        raise RefereeError(f"{name} is {'recorded' if happened else 'not recorded'} already")
    if happened:
        mine[name] = turn
    else:
        mine.pop(name)
    new_state.setdefault("events", {})[key] = mine
    points = int(event["points"])
    text = f"{name}: {points:+d} army morale" if happened else f"{name} struck out"
    return game.record(
        "army-morale",
        text,
        [SetField("game", game.game_id, "scenario_state", new_state)],
        inputs={"track": key, "event": name, "happened": happened},
    )


def roll_secret(game: GameService, key: str, roll: int) -> JournalEvent:
    """Roll a track's secret threshold (one journal step; the players' display never shows it)."""
    _data, state, spec = _spec(game, key)
    secret = spec.get("secret")
    if not secret:
        raise RefereeError("the track has no secret threshold")
    die = int(secret["die"])
    if not 1 <= roll <= die:
        raise RefereeError(f"a d{die} reads 1 to {die}")
    if key in state.get("secret", {}):
        raise RefereeError("the secret threshold was rolled already")
    new_state = _copy(state)
    new_state.setdefault("secret", {})[key] = roll
    return game.record(
        "army-morale",
        "secret army morale threshold rolled",
        [SetField("game", game.game_id, "scenario_state", new_state)],
        inputs={"track": key},
        rolls={"secret": roll},
    )
