"""The battle summary: what each side lost, from a game's final state and its journal."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from eote_ref.referee.game import GameService
from eote_ref.store.game_queries import state_hits_and_routs
from eote_ref.store.summary_queries import HitChange

#: The journal kind of the event that puts a campaign's carried hits on a new game's units;
#: those hits were taken in earlier battles, so the summary does not count them.
CARRIED_LOSSES_KIND = "campaign-carried-losses"
#: The journal kinds of the umpire's own edits (a marker on the dashboard, *Turn → Correct*):
#: a hit or a rout they take off puts right a mistake, so it is not counted as having happened.
CORRECTION_KINDS = frozenset({"marker", "correction"})


@dataclass(frozen=True)
class SideSummary:
    """One side's losses at the end (or so far) of a battle.

    Counted from what the journal's done steps did, not from the units as they stand now:
    ``hits_taken`` is every hit put on the side's units in this battle (by a check or the
    umpire's marker edit), less only the hits the umpire's own edits took off (a mistake put
    right); the hits a rally or a rest took off (EotE 3.6, 9.1) were taken all the same and
    are counted apart in ``hits_rallied``. ``units_routed`` is every unit a step routed, still
    routed or not (rallied, 9.1, or removed, 7.5), unless the umpire's edit took the rout back.
    ``units_removed`` counts units off the table now.
    """

    position: int
    name: str
    units_total: int
    units_routed: int
    units_disintegrated: int
    units_removed: int
    hits_taken: int
    leaders_killed: int
    divisions_broken: int
    divisions_falling_back: int
    #: The hits rallies (and rests) took off the side's units (not the umpire's corrections).
    hits_rallied: int = 0


@dataclass(frozen=True)
class BattleSummary:
    """A battle's summary: the sides' losses and the hits taken per turn.

    ``losses_per_turn`` maps a turn to the hits each side (by position) took in that turn
    (the turn the journal event was made in, counted as ``hits_taken`` is); turns and sides
    with none are left out, and the turns add up to each side's ``hits_taken``.
    """

    game_id: int
    name: str
    turns_played: int
    sides: tuple[SideSummary, ...]
    losses_per_turn: dict[int, dict[int, int]]
    #: A scenario game's victory level in words ("Decisive victory for French (7 points to
    #: 2)") and what gave it; None for a game of whole army lists.
    victory: str | None = None
    victory_reasons: tuple[str, ...] = ()
    #: The phase the game stands in (``turns_played`` is the turn it stands in).
    phase: str = "command"

    def turns_text(self) -> str:
        """How far the battle went, read from the turn and phase it stands in.

        "2 turns played" at the start of turn 3 (its command phase), "2 turns played, turn 3
        up to its fire phase" later in it: the turn counter alone overstated it by one.
        """
        done = self.turns_played - 1
        whole = f"{done} turn{'s' if done != 1 else ''} played"
        if self.phase in ("command", ""):
            return whole
        return f"{whole}, turn {self.turns_played} up to its {self.phase.replace('_', ' ')} phase"

    def to_json(self) -> dict[str, Any]:
        """The summary as plain JSON data (turn and side keys as strings)."""
        return {
            "game_id": self.game_id,
            "name": self.name,
            "turns_played": self.turns_played,
            "victory": self.victory,
            "victory_reasons": list(self.victory_reasons),
            "sides": [asdict(s) for s in self.sides],
            "losses_per_turn": {
                str(turn): {str(side): hits for side, hits in sorted(by_side.items())}
                for turn, by_side in sorted(self.losses_per_turn.items())
            },
        }


def battle_summary(game: GameService) -> BattleSummary:
    """Summarise the game ``game`` runs: the final state of its units, leaders and divisions.

    What happened comes from the journal's done steps, read as data (their ``hits`` and
    ``routed`` changes, never their words): the hits taken, by the turn they happened in, and
    the units routed (see :class:`SideSummary`; the events that carried earlier battles' hits
    in are left out). Disintegrated and off-table units come from the units' final state;
    leaders killed from the leaders; broken (routed) and falling-back divisions from the
    division state (EotE 9.0).
    """
    state, changes, routs = game.read(state_hits_and_routs)
    side_of_command = {c.id: c.side_id for c in state.commands}
    position_of_side = {side.id: side.position for side in state.sides}

    def position_of(command_id: int | None) -> int | None:
        side_id = side_of_command.get(command_id)
        return position_of_side.get(side_id) if side_id is not None else None

    per_turn, hits_by_side, rallied_by_side = _hits_taken(changes)
    routed_by_side = _units_routed(routs)

    sides = []
    for side in state.sides:
        pos = side.position
        units = [u for u in state.units if position_of(u.command_id) == pos]
        levels = game.division_levels
        divisions = [c for c in state.commands if c.level in levels and position_of(c.id) == pos]
        leaders = [lead for lead in state.leaders if position_of(lead.command_id) == pos]
        sides.append(
            SideSummary(
                position=pos,
                name=side.name,
                units_total=len(units),
                units_routed=routed_by_side.get(pos, 0),
                units_disintegrated=sum(1 for u in units if u.disintegrated),
                units_removed=sum(1 for u in units if u.off_table),
                hits_taken=hits_by_side.get(pos, 0),
                leaders_killed=sum(1 for lead in leaders if lead.killed),
                divisions_broken=sum(1 for d in divisions if d.routed),
                divisions_falling_back=sum(1 for d in divisions if d.falling_back),
                hits_rallied=rallied_by_side.get(pos, 0),
            )
        )
    assert state.game.id is not None
    from eote_ref.referee.scenario_play import victory_in

    result = victory_in(game.db, game.game_id)
    return BattleSummary(
        game_id=state.game.id,
        name=state.game.name,
        turns_played=state.game.turn,
        sides=tuple(sides),
        losses_per_turn=per_turn,
        victory=result[0].text(result[1]) if result else None,
        victory_reasons=result[0].reasons if result else (),
        phase=state.game.phase,
    )


def _hits_taken(
    changes: list[HitChange],
) -> tuple[dict[int, dict[int, int]], dict[int, int], dict[int, int]]:
    """Hits taken by turn and side, by side, and the hits rallied off by side (journal order).

    A hit put on counts; a hit the umpire's edit took off is a mistake put right and is
    taken back; a hit a check took off (a rally, a rest) was taken all the same.
    """
    per_turn: dict[int, dict[int, int]] = {}
    taken_by_side: dict[int, int] = {}
    rallied_by_side: dict[int, int] = {}
    for ch in changes:
        delta = ch.after - ch.before
        side = ch.side_position
        if ch.kind == CARRIED_LOSSES_KIND or delta == 0 or side is None:
            continue
        if delta < 0 and ch.kind not in CORRECTION_KINDS:
            rallied_by_side[side] = rallied_by_side.get(side, 0) - delta
            continue
        turn = per_turn.setdefault(ch.turn, {})
        turn[side] = turn.get(side, 0) + delta
        taken_by_side[side] = taken_by_side.get(side, 0) + delta
    per_turn = {
        t: {side: n for side, n in by_side.items() if n}
        for t, by_side in per_turn.items()
        if any(by_side.values())
    }
    return per_turn, taken_by_side, rallied_by_side


def _units_routed(routs: list[HitChange]) -> dict[int, int]:
    """The units each side saw routed in this battle, from the ``routed`` changes in order.

    A unit a step routed counts though it rallied (9.1) or left the table (7.5) since; one
    whose rout the umpire's own edit took back (a mistake put right) does not.
    """
    routed: dict[int, int] = {}  # unit id: side
    for ch in routs:
        if ch.side_position is None:
            continue
        if ch.after and not ch.before:
            routed[ch.unit_id] = ch.side_position
        elif ch.before and not ch.after and ch.kind in CORRECTION_KINDS:
            routed.pop(ch.unit_id, None)
    out: dict[int, int] = {}
    for side in routed.values():
        out[side] = out.get(side, 0) + 1
    return out
