"""Playing a scenario: reinforcements arriving, objectives held, breakpoints and the victory level.

What the table establishes is state: a reinforcement brought on inserts its commands,
leaders and units and marks it arrived, one journal event (undo takes them off again); a
failed arrival roll is recorded for its turn; an objective changing hands is one event. The
victory level is read from the game state whenever it is asked for (End battle).

The victory level and its ledger are :mod:`eote_ref.referee.scenario_victory` (its names
are imported here too, where they were first).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.markers import with_markers
from eote_ref.referee.scenario_state import (
    BreakpointView,
    breakpoints_of,
    objectives_of,
    scenario_of,
)
from eote_ref.referee.scenario_victory import (
    DECISIVE,
    DRAW,
    MARGINAL,
    Victory,
    ledger,
    victory_in,
    victory_of,
)
from eote_ref.store.changes import Change, InsertRow, NewRow, SetField

__all__ = [
    "DECISIVE",
    "DRAW",
    "MARGINAL",
    "BreakpointView",
    "ReinforcementView",
    "ScenarioService",
    "ScenarioView",
    "Victory",
    "breakpoints_of",
    "ledger",
    "scenario_of",
    "victory_in",
    "victory_of",
]

if TYPE_CHECKING:  # the store's queries load the ORM: imported when first used
    from eote_ref.referee.army_morale import TrackView
    from eote_ref.referee.game import GameService
    from eote_ref.referee.sheets.labels import UnitLabel
    from eote_ref.store import JournalEvent


Read = Callable[..., Any]


def _rows() -> Any:
    """The store's game reads (:mod:`eote_ref.store.game_rows`), imported on first use."""
    from eote_ref.store import game_rows

    return game_rows


@dataclass(frozen=True)
class ReinforcementView:
    """A reinforcement as the turn guide lists it."""

    key: str
    side: int
    label: str
    enters: str | None
    turn: int | None
    from_turn: int | None
    roll: int | None
    arrived_turn: int | None
    rolled_turn: int | None
    #: The event that brings it on, in words (None: by turn or die), and whether it happened.
    on: str | None = None
    event_met: bool = False
    #: Held back by its owner until this turn (None: not held).
    held_until: int | None = None
    #: Waiting behind an earlier reinforcement of its side that is held back.
    queued: bool = False

    def due(self, turn: int) -> bool:
        """Whether it arrives, or is rolled for, in the command phase of ``turn``."""
        if self.arrived_turn is not None or self.queued:
            return False
        if self.held_until is not None and turn < self.held_until:
            return False
        if self.on is not None:
            return self.event_met and (self.from_turn is None or turn >= self.from_turn)
        if self.turn is not None:
            return turn >= self.turn
        assert self.from_turn is not None
        return turn >= self.from_turn and self.rolled_turn != turn

    def when(self) -> str:
        """When it comes, in words (with a hold or a queue when there is one)."""
        if self.on is not None:
            after = f", not before turn {self.from_turn}" if self.from_turn else ""
            met = " (it has happened)" if self.event_met else ""
            text = f"on an event: {self.on}{after}{met}"
        elif self.turn is not None:
            text = f"turn {self.turn}"
        else:
            text = f"from turn {self.from_turn} on a d10 of {self.roll}+"
        if self.held_until is not None and self.arrived_turn is None:
            text += f"; held back until turn {self.held_until}"
        if self.queued:
            text += "; queued behind a reinforcement held back"
        return text


@dataclass(frozen=True)
class ScenarioView:
    """A scenario game's scenario as the umpire sees it."""

    name: str
    setup: str | None
    turn: int
    turn_limit: int | None
    side_names: tuple[str, ...]
    objectives: tuple[tuple[str, int, int | None], ...]
    reinforcements: tuple[ReinforcementView, ...]
    breakpoints: tuple[BreakpointView, ...]
    movement_minutes: int | None
    victory: Victory
    #: The army morale tracks (:mod:`eote_ref.referee.army_morale`).
    tracks: tuple[TrackView, ...] = ()

    def due(self) -> list[ReinforcementView]:
        """Reinforcements to bring on, or roll for, this turn."""
        return [r for r in self.reinforcements if r.due(self.turn)]


def timer_left(state: Mapping[str, Any], turn: int, now: datetime.datetime) -> int | None:
    """Seconds left on this turn's movement timer (None when it was not started this turn)."""
    timer = state.get("timer")
    if not isinstance(timer, Mapping) or timer.get("turn") != turn:
        return None
    started = datetime.datetime.fromisoformat(str(timer["started"]))
    end = started + datetime.timedelta(minutes=int(timer["minutes"]))
    return max(0, int((end - now).total_seconds()))


def time_up_text(game: GameService) -> str:
    """What the screens say when the movement timer runs out, with the scenario's penalty."""
    data, _state = scenario_of(game)
    penalty = data.get("movement_penalty")
    return f"Movement: time is up — {penalty}" if penalty else "Movement: time is up"


def movement_timer_left(game: GameService, turn: int) -> int | None:
    """Seconds left on the movement timer started in ``turn`` (None: not started this turn)."""
    _data, state = scenario_of(game)
    return timer_left(state, turn, datetime.datetime.now(datetime.UTC))


def _reinforcement_views(
    data: Mapping[str, Any], state: Mapping[str, Any], met: Mapping[str, bool] | None = None
) -> tuple[ReinforcementView, ...]:
    arrived = state.get("arrived", {})
    rolled = state.get("rolled", {})
    held = state.get("held_back", {})
    out: list[ReinforcementView] = []
    for r in data.get("reinforcements", []):
        on = r.get("on")
        # Later arrivals of a side queue behind one its owner holds back (docs/scenario-format.md).
        queued = any(
            v.side == r["side"] and v.held_until is not None and v.arrived_turn is None for v in out
        )
        out.append(
            ReinforcementView(
                r["key"],
                r["side"],
                r["label"],
                r.get("enters"),
                r.get("turn"),
                r.get("from_turn"),
                r.get("roll"),
                arrived.get(r["key"]),
                rolled.get(r["key"]),
                on=on["text"] if on else None,
                event_met=bool((met or {}).get(r["key"])),
                held_until=held.get(r["key"]),
                queued=queued,
            )
        )
    return tuple(out)


def events_met(
    read: Read, data: Mapping[str, Any], state: Mapping[str, Any], turn: int
) -> dict[str, bool]:
    """For each reinforcement on an event, whether its event has happened (from the state).

    Empty when no reinforcement waits on one (nothing is read then).
    """
    waiting = [r for r in data.get("reinforcements", []) if r.get("on")]
    if not waiting:
        return {}
    from eote_ref.referee.army_morale import tracks_of

    breakpoints = breakpoints_of(read, data)
    tracks = tracks_of(read, data, state, turn)
    names = read(_rows().side_names)
    held: Mapping[str, Any] = state.get("held", {})
    first = {o["name"]: o.get("held_by") for o in data.get("objectives", [])}
    lost = None
    out = {}
    for r in waiting:
        on = r["on"]
        kind, name = on["kind"], on["name"]
        if kind == "broken":
            met = any(bp.broken and (bp.command or names[bp.side]) == name for bp in breakpoints)
        elif kind == "demoralised":
            met = any(t.demoralised and t.who(names) == name for t in tracks)
        elif kind == "objective":
            holder = held.get(name)
            by = on.get("by")
            met = holder is not None and (
                holder == by if by is not None else holder != first.get(name)
            )
        else:
            if lost is None:
                from eote_ref.store import morale_rows

                lost = read(morale_rows.lost_units)
            met = (int(on["side"]), on["command"], name) in lost
        out[r["key"]] = met
    return out


def guide_items(game: GameService, turn: int) -> tuple[int | None, list[ReinforcementView]]:
    """For the turn guide: the scenario's turn limit and the reinforcements due in ``turn``."""
    data, state = scenario_of(game)
    limit = data.get("turns")
    met = events_met(game.read, data, state, turn)
    due = [r for r in _reinforcement_views(data, state, met) if r.due(turn)]
    return (int(limit) if limit is not None else None), due


def reinforcements_due(game: GameService, turn: int) -> list[ReinforcementView]:
    """The reinforcements to bring on, or roll for, in the command phase of ``turn``."""
    data, state = scenario_of(game)
    met = events_met(game.read, data, state, turn)
    return [r for r in _reinforcement_views(data, state, met) if r.due(turn)]


class ScenarioService:
    """The scenario side of an open game (the game's service does the writing)."""

    def __init__(self, game: GameService) -> None:
        self.game = game

    def has_scenario(self) -> bool:
        """Whether the game was made from a scenario."""
        return bool(self.game.read(_rows().scenario)[0])

    def view(self) -> ScenarioView | None:
        """The scenario with its state (None for a game of whole army lists)."""
        data, state = self.game.read(_rows().scenario)
        if not data:
            return None
        view = self.game.view()
        names = tuple(s.name for s in view.sides)
        objectives = objectives_of(data, state)
        met = events_met(self.game.read, data, state, view.turn)
        reinforcements = _reinforcement_views(data, state, met)
        breakpoints = breakpoints_of(self.game.read, data)
        from eote_ref.referee.army_morale import tracks_of

        tracks = tracks_of(self.game.read, data, state, view.turn)
        return ScenarioView(
            name=data.get("name", ""),
            setup=data.get("setup"),
            turn=view.turn,
            turn_limit=data.get("turns"),
            side_names=names,
            objectives=objectives,
            reinforcements=reinforcements,
            breakpoints=breakpoints,
            movement_minutes=data.get("movement_minutes"),
            victory=ledger(self.game.read, data, state, view.turn),
            tracks=tracks,
        )

    # ------------------------------------------------------------------ writing

    def _reinforcement(self, key: str) -> tuple[dict[str, Any], dict[str, Any], dict[str, Any]]:
        data, state = self.game.read(_rows().scenario)
        for r in data.get("reinforcements", []):
            if r["key"] == key:
                return data, state, r
        raise RefereeError(f"the scenario has no reinforcement {key!r}")

    def _view_of(self, key: str) -> ReinforcementView:
        data, state = self.game.read(_rows().scenario)
        turn = self.game.view().turn
        met = events_met(self.game.read, data, state, turn)
        return next(v for v in _reinforcement_views(data, state, met) if v.key == key)

    def bring_on(self, key: str, roll: int | None = None) -> JournalEvent:
        """Bring reinforcement ``key`` onto the table, or record its failed arrival roll.

        A reinforcement by turn arrives from its turn on; one on a die needs ``roll``
        (a d10) each turn from its first turn until it arrives; one on an event, once the
        event has happened. None arrives while its owner holds it back, or while it queues
        behind one held back.
        """
        _data, state, r = self._reinforcement(key)
        view = self.game.view()
        turn = view.turn
        if key in state.get("arrived", {}):
            raise RefereeError(f"{r['label']} have arrived already")
        rv = self._view_of(key)
        if rv.held_until is not None and turn < rv.held_until:
            raise RefereeError(f"{r['label']} are held back until turn {rv.held_until}")
        if rv.queued:
            raise RefereeError(f"{r['label']} queue behind a reinforcement held back")
        if r.get("on"):
            if not rv.event_met:
                raise RefereeError(f"{r['label']} wait for their event: {rv.on}")
            if r.get("from_turn") is not None and turn < r["from_turn"]:
                raise RefereeError(f"{r['label']} may arrive from turn {r['from_turn']}")
        elif r.get("turn") is not None:
            if turn < r["turn"]:
                raise RefereeError(f"{r['label']} arrive on turn {r['turn']}, not before")
        else:
            if turn < r["from_turn"]:
                raise RefereeError(f"{r['label']} may arrive from turn {r['from_turn']}")
            if roll is None:
                raise RefereeError(f"roll a d10 for {r['label']} ({r['roll']}+ arrives)")
            if not 1 <= roll <= 10:
                raise RefereeError("a d10 reads 1 to 10")
            if state.get("rolled", {}).get(key) == turn:
                raise RefereeError(f"{r['label']} were rolled for this turn already")
            if roll < r["roll"]:
                new_state = _with(state, "rolled", key, turn)
                return self.game.record(
                    "reinforcement",
                    f"Reinforcements do not arrive (d10 {roll}, {r['roll']}+ needed): {r['label']}",
                    [SetField("game", self.game.game_id, "scenario_state", new_state)],
                    inputs={"reinforcement": key},
                    rolls={"arrival": roll},
                )
        return self._arrive(r, state, turn, roll)

    def _arrive(
        self,
        r: Mapping[str, Any],
        state: Mapping[str, Any],
        turn: int,
        roll: int | None,
        how: str = "",
    ) -> JournalEvent:
        twice = _on_the_table(r, self.game.read(_rows().commands), self._side_id(r))
        if twice:
            raise RefereeError(
                f"{', '.join(twice)} {'is' if len(twice) == 1 else 'are'} on the table already: "
                "a command comes onto the table once (the scenario lists it twice); nothing "
                "was written"
            )
        changes = self._arrival(r)
        new_state = _with(state, "arrived", r["key"], turn)
        changes.append(SetField("game", self.game.game_id, "scenario_state", new_state))
        where = f", entering {r['enters']}" if r.get("enters") else ""
        rolled = f" (d10 {roll})" if roll is not None else ""
        return self.game.record(
            "reinforcement",
            f"Reinforcements arrive{how}{rolled}: {r['label']}{where}",
            changes,
            inputs={"reinforcement": r["key"]},
            rolls={"arrival": roll} if roll is not None else None,
        )

    def _side_id(self, r: Mapping[str, Any]) -> int:
        return int(self.game.read(_rows().side_ids)[int(r["side"])])

    def release_early(self, key: str) -> JournalEvent:
        """The umpire brings reinforcement ``key`` on now, whatever its turn, die or event."""
        _data, state, r = self._reinforcement(key)
        if r["key"] in state.get("arrived", {}):
            raise RefereeError(f"{r['label']} have arrived already")
        return self._arrive(
            r, state, self.game.view().turn, None, " early (released by the umpire)"
        )

    def hold_back(self, key: str, turns: int) -> JournalEvent:
        """Their owner holds reinforcement ``key`` back ``turns`` turns from now (one step).

        Later reinforcements of the side queue behind it until it arrives.
        """
        _data, state, r = self._reinforcement(key)
        if r["key"] in state.get("arrived", {}):
            raise RefereeError(f"{r['label']} have arrived already")
        if not 1 <= turns <= 99:
            raise RefereeError("hold back 1 to 99 turns")
        until = self.game.view().turn + turns
        new_state = _with(state, "held_back", key, until)
        return self.game.record(
            "reinforcement",
            f"Reinforcements held back until turn {until}: {r['label']}",
            [SetField("game", self.game.game_id, "scenario_state", new_state)],
            inputs={"reinforcement": key, "turns": turns},
        )

    def _arrival(self, r: Mapping[str, Any]) -> list[Change]:
        side_id = self._side_id(r)
        commands = self.game.read(_rows().commands)
        counter = iter(range(1_000_000))
        changes: list[Change] = []
        # Arriving units take their side's next codes, in order of battle.
        codes = iter(self.game.read(_next_codes, side_id, _unit_count(r["commands"])))

        def add(tree: Mapping[str, Any], parent: int | NewRow | None, position: int) -> None:
            ref = f"c{next(counter)}"
            changes.append(
                InsertRow(
                    "game_command",
                    {
                        "side_id": side_id,
                        "parent_id": parent,
                        "position": position,
                        "name": tree["name"],
                        "level": tree["level"],
                        "notes": tree.get("notes"),
                    },
                    ref=ref,
                )
            )
            leader = tree["leader"]
            changes.append(
                InsertRow(
                    "game_leader",
                    {
                        "command_id": NewRow(ref),
                        "name": leader["name"],
                        "level": tree["level"],
                        "rating": leader["rating"],
                        "notes": leader.get("notes"),
                    },
                )
            )
            for i, unit in enumerate(tree.get("units", [])):
                # The code reserved when the game was made (on the labels), else the next.
                code = unit.get("code") or next(codes)
                row = {**unit, "command_id": NewRow(ref), "position": i, "code": code}
                changes.append(InsertRow("game_unit", with_markers(row)))
            for i, child in enumerate(tree.get("commands", [])):
                add(child, NewRow(ref), i)

        for i, item in enumerate(r["commands"]):
            parent = next(
                (c.id for c in commands if c.name == item.get("parent") and c.side_id == side_id),
                None,
            )
            add(item["tree"], parent, 100 + i)
        return changes

    def start_timer(self) -> JournalEvent:
        """Start the movement-phase timer: its start (UTC) is state, so the display shows it."""
        data, state = self.game.read(_rows().scenario)
        minutes = data.get("movement_minutes")
        if not minutes:
            raise RefereeError("the scenario sets no time for the movement phase")
        view = self.game.view()
        started = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        timer = {"turn": view.turn, "started": started, "minutes": int(minutes)}
        new_state = {**state, "timer": timer}
        return self.game.record(
            "movement-timer",
            f"movement timer started: {minutes} minutes",
            [SetField("game", self.game.game_id, "scenario_state", new_state)],
        )

    def set_held(self, objective: str, side: int | None) -> JournalEvent | None:
        """Record who holds ``objective`` (a side's position, or None for nobody)."""
        data, state = self.game.read(_rows().scenario)
        names = [o["name"] for o in data.get("objectives", [])]
        if objective not in names:
            raise RefereeError(f"the scenario has no objective {objective!r}")
        if side not in (None, 0, 1):
            raise RefereeError(f"there is no side {side}")
        if state.get("held", {}).get(objective) == side:
            return None
        view = self.game.view()
        who = next((s.name for s in view.sides if s.position == side), "nobody")
        before = state.get("held", {}).get(objective)
        new_state = _with(state, "held", objective, side)
        # When and from whom it changed hands: the integrity check asks about a lost objective
        # with it in view (EotE 9.0).
        new_state = _with(new_state, "changed", objective, {"turn": view.turn, "from": before})
        return self.game.record(
            "objective",
            f"{objective}: held by {who}",
            [SetField("game", self.game.game_id, "scenario_state", new_state)],
        )

    def lost_in_turn(self, side: int, turn: int) -> list[str]:
        """The scenario's objectives ``side`` held and lost in ``turn``, by name (EotE 9.0).

        A scenario ties its objectives to sides, not to divisions: which division an objective
        was is the umpire's to say.
        """
        data, state = self.game.read(_rows().scenario)
        if not data:
            return []
        held = state.get("held", {})
        changed = state.get("changed", {})
        return [
            name
            for o in data.get("objectives", [])
            if isinstance(c := changed.get(name := o["name"]), dict)
            and c.get("turn") == turn
            and c.get("from") == side
            and held.get(name) != side
        ]


def coming_labels(game: GameService) -> list[UnitLabel]:
    """Base labels of the reinforcements not yet arrived, with their reserved codes (issue 24).

    Each says when its unit comes ("arrives turn 3", "arrives from turn 2 on a d10 of 5+");
    a unit without a reserved code (a game made before codes were reserved) is left out.
    """
    from eote_ref.referee.sheets.labels import UnitLabel

    data, state = game.read(_rows().scenario)
    if not data:
        return []
    names = [s.name for s in game.view().sides]
    out: list[UnitLabel] = []
    for r in _reinforcement_views(data, state):
        if r.arrived_turn is not None:
            continue
        spec = next(x for x in data["reinforcements"] if x["key"] == r.key)

        def walk(tree: Mapping[str, Any], parent: str | None, r: ReinforcementView = r) -> None:
            division = f"{tree['name']}, {parent}" if parent else str(tree["name"])
            for unit in tree.get("units", []):
                if unit.get("code"):
                    label = UnitLabel(
                        str(unit["code"]),
                        str(unit["name"]),
                        division,
                        names[r.side],
                        str(unit["arm"]),
                        arrives=f"arrives {r.when()}",
                    )
                    out.append(label)
            for child in tree.get("commands", []):
                walk(child, str(tree["name"]))

        for item in spec["commands"]:
            walk(item["tree"], item.get("parent"))
    return out


def _next_codes(s: Any, game_id: int, side_id: int, count: int) -> list[str]:
    from eote_ref.store.unit_codes import next_codes

    return next_codes(s, game_id, side_id, count)


def _unit_count(items: Any) -> int:
    """How many units the arriving commands hold (their trees walked as :meth:`_arrival` does).

    The codes follow the order the units are inserted: a command's own units, then its
    subordinates' in turn.
    """

    def count(tree: Mapping[str, Any]) -> int:
        return len(tree.get("units", [])) + sum(count(c) for c in tree.get("commands", []))

    return sum(count(item["tree"]) for item in items)


def _on_the_table(r: Mapping[str, Any], commands: Sequence[Any], side_id: int) -> list[str]:
    """The commands of reinforcement ``r`` its side has on the table already (or lists twice).

    An arriving command is put under the command its ``parent`` names (:meth:`_arrival`): one
    of that name under that parent is the same command. A scenario file listing a
    reinforcement twice is refused by its loader; this guards a game made before that check.
    """
    names = {c.id: c.name for c in commands}
    present = {(c.name, names.get(c.parent_id)) for c in commands if c.side_id == side_id}
    twice: list[str] = []
    for item in r["commands"]:
        key = (item["tree"]["name"], item.get("parent"))
        if key in present:
            twice.append(str(key[0]))
        present.add(key)
    return twice


def _with(state: Mapping[str, Any], part: str, key: str, value: Any) -> dict[str, Any]:
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in state.items()}
    out.setdefault(part, {})[key] = value
    return out
