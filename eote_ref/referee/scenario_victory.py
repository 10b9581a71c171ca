"""A scenario's victory level and its ledger, read from the game state (house rules).

EotE 6.2 sets no victory conditions (docs/scenario-format.md): an automatic victory met wins
decisively; otherwise a side at its own breakpoint has lost, decisively, unless the other
side is at its breakpoint too; otherwise levels by the ratio of losses, when the scenario
sets them; otherwise each side scores the ledger (the objectives it holds, the enemy commands
at their breakpoints, the enemy tracks demoralised, the enemy units lost) and the side ahead
by the scenario's decisive margin (or ratio) wins decisively, ahead by less marginally;
level points are a draw.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs.play import possessive
from eote_ref.referee.scenario_state import BreakpointView, breakpoints_of, objectives_of

if TYPE_CHECKING:  # the store's queries load the ORM: imported when first used
    from eote_ref.referee.army_morale import TrackView
    from eote_ref.store import Database

DECISIVE = "decisive"
MARGINAL = "marginal"
DRAW = "draw"

Read = Callable[..., Any]


def _rows() -> Any:
    """The store's game reads (:mod:`eote_ref.store.game_rows`), imported on first use."""
    from eote_ref.store import game_rows

    return game_rows


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
            who = possessive(t.who(side_names))
            reasons.append(f"{who} secret demoralisation level was {t.level}")
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
                    f"{side_names[1 - side]} lost {theirs} unit(s) to "
                    f"{possessive(side_names[side])} {mine}: a {level} victory by the ratio of "
                    "losses",
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
        objectives_of(data, state),
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
