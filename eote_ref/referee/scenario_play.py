"""Playing a scenario: reinforcements arriving, objectives held, breakpoints and the victory level.

What the table establishes is state: a reinforcement brought on inserts its commands,
leaders and units and marks it arrived, one journal event (undo takes them off again); a
failed arrival roll is recorded for its turn; an objective changing hands is one event. The
victory level is read from the game state whenever it is asked for (End battle).

Victory (house rules for scenarios, docs/scenario-format.md; EotE 6.2 sets no victory
conditions): a side at its own breakpoint has lost, decisively, unless the other side is at
its breakpoint too. Otherwise each side scores the points of the objectives it holds and
of the enemy commands at their breakpoints; the side ahead by the scenario's decisive
margin or more wins decisively, ahead by less marginally; level points are a draw.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.referee.errors import RefereeError
from eote_ref.referee.markers import with_markers
from eote_ref.store.changes import Change, InsertRow, NewRow, SetField

if TYPE_CHECKING:  # the store's queries load the ORM: imported when first used
    from eote_ref.referee.army_morale import TrackView
    from eote_ref.referee.game import GameService
    from eote_ref.referee.sheets.labels import UnitLabel
    from eote_ref.store import Database, JournalEvent


def _rows() -> Any:
    """The store's game reads (:mod:`eote_ref.store.game_rows`), imported on first use."""
    from eote_ref.store import game_rows

    return game_rows


DECISIVE = "decisive"
MARGINAL = "marginal"
DRAW = "draw"


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
class BreakpointView:
    """A breakpoint and how near it is: ``lost`` of ``total`` units, broken at ``share`` %."""

    side: int
    command: str | None
    share: int
    points: int
    lost: int
    total: int

    @property
    def broken(self) -> bool:
        """Whether the share of units lost has reached the breakpoint."""
        return self.total > 0 and self.lost * 100 >= self.share * self.total

    def text(self, side_names: tuple[str, ...]) -> str:
        """E.g. ``French: 6 of 30 units lost (breaks at 50%)``."""
        who = self.command or side_names[self.side]
        mark = ": BROKEN" if self.broken else ""
        return f"{who}: {self.lost} of {self.total} units lost (breaks at {self.share}%){mark}"


@dataclass(frozen=True)
class Victory:
    """The result of a scenario from the game state."""

    level: str
    winner: int | None
    points: tuple[int, int]
    reasons: tuple[str, ...]

    def text(self, side_names: tuple[str, ...]) -> str:
        """E.g. ``Decisive victory for French (7 points to 2)``."""
        if self.level == DRAW or self.winner is None:
            return f"Draw ({self.points[0]} points to {self.points[1]})"
        return (
            f"{self.level.capitalize()} victory for {side_names[self.winner]} "
            f"({self.points[self.winner]} points to {self.points[1 - self.winner]})"
        )


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


def victory_of(
    breakpoints: tuple[BreakpointView, ...],
    objectives: tuple[tuple[str, int, int | None], ...],
    margin: int,
    side_names: tuple[str, ...],
    *,
    tracks: tuple[TrackView, ...] = (),
    losses: tuple[int, int] = (0, 0),
    loss_points: int = 0,
    ratio: float | None = None,
    automatic: tuple[tuple[int, str], ...] = (),
    loss_ratio: Mapping[str, float] | None = None,
) -> Victory:
    """The victory level (see the module docstring) from the ledger's terms.

    The ledger: objectives held, enemy commands broken, enemy sides or commands demoralised
    (their track's ``points``), ``loss_points`` per enemy unit lost (``losses``: units lost by
    each side). An ``automatic`` victory (winner, why) met decides first; then a side at its
    own breakpoint loses; then the points, decisive by ``margin`` or, with ``ratio``, by the
    winner's points at least ``ratio`` times the loser's.
    """
    reasons: list[str] = []
    points = [0, 0]
    for name, value, held in objectives:
        if held in (0, 1) and value:
            points[held] += value
            reasons.append(f"{side_names[held]} holds {name} (+{value})")
    for bp in breakpoints:
        if bp.command is not None and bp.broken and bp.points:
            points[1 - bp.side] += bp.points
            reasons.append(f"{bp.command} broken (+{bp.points} to {side_names[1 - bp.side]})")
    for t in tracks:
        if t.demoralised and t.points:
            points[1 - t.side] += t.points
            who = t.who(side_names)
            reasons.append(f"{who} demoralised (+{t.points} to {side_names[1 - t.side]})")
    for t in tracks:  # a secret threshold is revealed at the end (docs/scenario-format.md)
        if t.secret_roll is not None:
            reasons.append(f"{t.who(side_names)}'s secret demoralisation level was {t.level}")
    if loss_points:
        for side in (0, 1):
            if losses[1 - side]:
                gained = losses[1 - side] * loss_points
                points[side] += gained
                reasons.append(
                    f"{losses[1 - side]} {side_names[1 - side]} unit(s) lost "
                    f"(+{gained} to {side_names[side]})"
                )
    total = (points[0], points[1])
    if automatic:
        winner, why = automatic[0]
        reasons.insert(0, f"automatic victory for {side_names[winner]}: {why}")
        return Victory(DECISIVE, winner, total, tuple(reasons))
    broken = {bp.side for bp in breakpoints if bp.command is None and bp.broken}
    if len(broken) == 1:
        loser = next(iter(broken))
        reasons.insert(0, f"{side_names[loser]} is at its breakpoint")
        return Victory(DECISIVE, 1 - loser, total, tuple(reasons))
    if len(broken) == 2:
        reasons.insert(0, "both sides are at their breakpoints")
    if loss_ratio:
        for side in (0, 1):
            mine, theirs = losses[side], losses[1 - side]
            if not theirs:
                continue
            level = None
            if not mine or theirs >= loss_ratio["decisive"] * mine:
                level = DECISIVE
            elif theirs >= loss_ratio["marginal"] * mine:
                level = MARGINAL
            if level is not None:
                reasons.insert(
                    0,
                    f"{side_names[1 - side]} lost {theirs} unit(s) to {side_names[side]}'s "
                    f"{mine}: a {level} victory by the ratio of losses",
                )
                return Victory(level, side, total, tuple(reasons))
    diff = points[0] - points[1]
    if diff == 0:
        return Victory(DRAW, None, total, tuple(reasons))
    winner = 0 if diff > 0 else 1
    if ratio is not None:
        decisive = points[winner] >= ratio * points[1 - winner]
    else:
        decisive = abs(diff) >= margin
    return Victory(DECISIVE if decisive else MARGINAL, winner, total, tuple(reasons))


def ledger(read: Read, data: Mapping[str, Any], state: Mapping[str, Any], turn: int) -> Victory:
    """The scenario's victory ledger and level, read from the game state now."""
    from eote_ref.referee.army_morale import tracks_of

    names = read(_rows().side_names)
    breakpoints = breakpoints_of(read, data)
    tracks = tracks_of(read, data, state, turn)
    losses = (0, 0)
    if data.get("loss_points") or data.get("loss_ratio"):
        sides = losses_by_side(read)
        losses = (sides[0], sides[1])
    return victory_of(
        breakpoints,
        _objectives(data, state),
        int(data.get("decisive_margin", 4)),
        names,
        tracks=tracks,
        losses=losses,
        loss_points=int(data.get("loss_points") or 0),
        ratio=data.get("decisive_ratio"),
        automatic=_automatic(read, data, state, turn, tracks, names),
        loss_ratio=data.get("loss_ratio"),
    )


def losses_by_side(read: Read) -> dict[int, int]:
    """Units lost by each side position now (routed, disintegrated or off the table)."""
    commands = read(_rows().commands)
    sides = read(_rows().side_ids)
    position_of_side = {sid: pos for pos, sid in sides.items()}
    side_of = {c.id: position_of_side.get(c.side_id) for c in commands}
    out = {0: 0, 1: 0}
    for _u, cid, lost in read(_rows().unit_losses):
        side = side_of.get(cid)
        if lost and side in out:
            out[side] += 1
    return out


def _automatic(
    read: Read,
    data: Mapping[str, Any],
    state: Mapping[str, Any],
    turn: int,
    tracks: tuple[TrackView, ...],
    names: tuple[str, ...],
) -> tuple[tuple[int, str], ...]:
    conditions = data.get("automatic") or []
    if not conditions:
        return ()
    held: Mapping[str, Any] = state.get("held", {})
    leaders = None
    out = []
    for a in conditions:
        side = int(a["side"])
        if a.get("leader_lost"):
            if leaders is None:
                leaders = read(_rows().leaders)
            lost = any(
                lead.name == a["leader_lost"]
                and (lead.killed or (lead.markers or {}).get("captured"))
                for lead in leaders
            )
            if lost:
                out.append((side, f"{a['leader_lost']} killed or captured"))
        elif a.get("objective"):
            since = a.get("turn") or 1
            if held.get(a["objective"]) == side and turn >= since:
                out.append((side, f"holds {a['objective']} on turn {turn}"))
        elif a.get("demoralised") and any(
            t.demoralised and t.side != side and t.who(names) == a["demoralised"] for t in tracks
        ):
            out.append((side, f"{a['demoralised']} demoralised"))
    return tuple(out)


Read = Callable[..., Any]


def breakpoints_of(read: Read, data: Mapping[str, Any]) -> tuple[BreakpointView, ...]:
    """Each breakpoint of the scenario ``data`` with the units lost, counted from the state.

    ``read`` runs one of the store's game reads (:meth:`GameService.read`).
    """
    commands = read(_rows().commands)
    sides = read(_rows().side_ids)
    position_of_side = {sid: pos for pos, sid in sides.items()}
    parent = {c.id: c.parent_id for c in commands}
    side_of = {c.id: position_of_side.get(c.side_id) for c in commands}
    losses = read(_rows().unit_losses)

    def under(command_id: int, top: set[int]) -> bool:
        cid: int | None = command_id
        while cid is not None:
            if cid in top:
                return True
            cid = parent.get(cid)
        return False

    out = []
    for bp in data.get("breakpoints", []):
        side = int(bp["side"])
        if bp.get("command"):
            top = {
                c.id
                for c in commands
                if c.name == bp["command"] and c.id is not None and side_of.get(c.id) == side
            }
            units = [lost for _u, cid, lost in losses if under(cid, top)]
        else:
            units = [lost for _u, cid, lost in losses if side_of.get(cid) == side]
        out.append(
            BreakpointView(
                side,
                bp.get("command"),
                int(bp["share"]),
                int(bp.get("points", 0)),
                sum(units),
                len(units),
            )
        )
    return tuple(out)


def _objectives(
    data: Mapping[str, Any], state: Mapping[str, Any]
) -> tuple[tuple[str, int, int | None], ...]:
    held: Mapping[str, Any] = state.get("held", {})
    return tuple(
        (o["name"], int(o["points"]), held.get(o["name"])) for o in data.get("objectives", [])
    )


def victory_in(db: Database, game_id: int) -> tuple[Victory, tuple[str, ...]] | None:
    """The victory level of a scenario game from its state, with the side names.

    None for a game of whole army lists. Read by the End battle summary and the campaign.
    """
    from eote_ref.store.game_queries import read_game

    def read(query: Callable[..., Any], *args: Any) -> Any:
        return read_game(db, game_id, query, *args)

    data, state = read(_rows().scenario)
    if not data:
        return None
    names = read(_rows().side_names)
    turn = read(_turn)
    return ledger(read, data, state, turn), names


def _turn(s: Any, game_id: int) -> int:
    from eote_ref.store import morale_rows

    return morale_rows.game_turn(s, game_id)


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


def scenario_of(game: GameService) -> tuple[dict[str, Any], dict[str, Any]]:
    """The game's scenario and its state, read without the ORM from an SQLite file.

    The turn guide asks in the command phase, which the app's first window paints before
    SQLAlchemy is imported.
    """
    reader = game.db.rows()
    if reader is None:
        data, state = game.read(_rows().scenario)
        return dict(data), dict(state)
    row = reader.game(game.game_id)
    if row is None:
        return {}, {}
    return dict(row.scenario or {}), dict(row.scenario_state or {})


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
        objectives = _objectives(data, state)
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
        side_id = self.game.read(_rows().side_ids)[int(r["side"])]
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


def _with(state: Mapping[str, Any], part: str, key: str, value: Any) -> dict[str, Any]:
    out = {k: dict(v) if isinstance(v, dict) else v for k, v in state.items()}
    out.setdefault(part, {})[key] = value
    return out
