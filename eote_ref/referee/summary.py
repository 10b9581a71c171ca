"""The battle summary: what each side lost, from a game's final state and its journal."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from eote_ref.referee.game import GameService
from eote_ref.store.game_queries import state_and_hits
from eote_ref.store.games import DIVISION_LEVELS

#: The journal kind of the event that puts a campaign's carried hits on a new game's units;
#: those hits were taken in earlier battles, so the summary does not count them.
CARRIED_LOSSES_KIND = "campaign-carried-losses"


@dataclass(frozen=True)
class SideSummary:
    """One side's losses at the end (or so far) of a battle.

    ``units_removed`` counts units off the table; ``hits_taken`` is the net change of the side's
    hits in the journal's done events: every hit put on a unit (by a check or by the umpire's
    marker edit) less the hits a rally took off (EotE 9.1), so it equals the hits the side's
    units carry now less the hits they started with (carried from earlier battles).
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


@dataclass(frozen=True)
class BattleSummary:
    """A battle's summary: the sides' losses and the hits taken per turn.

    ``losses_per_turn`` maps a turn to the net hits each side (by position) took in that turn
    (the turn the journal event was made in); turns and sides with a net change of 0 are left
    out, and the turns add up to each side's ``hits_taken``.
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

    Routed, disintegrated and off-table units come from the units' final state; leaders
    killed from the leaders; broken (routed) and falling-back divisions from the division
    state (EotE 9.0); hits taken from the ``hits`` changes of done journal events (net of hits
    rallied off), by the turn they happened in (the events that carried earlier battles' hits
    in are left out).
    """
    state, changes = game.read(state_and_hits)
    side_of_command = {c.id: c.side_id for c in state.commands}
    position_of_side = {side.id: side.position for side in state.sides}

    def position_of(command_id: int | None) -> int | None:
        side_id = side_of_command.get(command_id)
        return position_of_side.get(side_id) if side_id is not None else None

    per_turn: dict[int, dict[int, int]] = {}
    hits_by_side: dict[int, int] = {}
    for ch in changes:
        taken = ch.after - ch.before
        if ch.kind == CARRIED_LOSSES_KIND or taken == 0 or ch.side_position is None:
            continue
        turn = per_turn.setdefault(ch.turn, {})
        turn[ch.side_position] = turn.get(ch.side_position, 0) + taken
        hits_by_side[ch.side_position] = hits_by_side.get(ch.side_position, 0) + taken
    per_turn = {
        t: {side: n for side, n in by_side.items() if n}
        for t, by_side in per_turn.items()
        if any(by_side.values())
    }

    sides = []
    for side in state.sides:
        pos = side.position
        units = [u for u in state.units if position_of(u.command_id) == pos]
        divisions = [
            c for c in state.commands if c.level in DIVISION_LEVELS and position_of(c.id) == pos
        ]
        leaders = [lead for lead in state.leaders if position_of(lead.command_id) == pos]
        sides.append(
            SideSummary(
                position=pos,
                name=side.name,
                units_total=len(units),
                units_routed=sum(1 for u in units if u.routed),
                units_disintegrated=sum(1 for u in units if u.disintegrated),
                units_removed=sum(1 for u in units if u.off_table),
                hits_taken=hits_by_side.get(pos, 0),
                leaders_killed=sum(1 for lead in leaders if lead.killed),
                divisions_broken=sum(1 for d in divisions if d.routed),
                divisions_falling_back=sum(1 for d in divisions if d.falling_back),
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
