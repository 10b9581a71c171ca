"""A routed unit's rally and its commander's rating around a replacement leader (EotE 8.0, 9.1).

A division leader killed in turn 1 is replaced in turn 3, rated -1. The rally used that -1
from the moment he fell, a turn and more before the replacement arrived (issue 30): until
then the division has no commander and no rating is added; from turn 3 the -1 counts, and
the rating says whose it is and when he arrived.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store import SetField


def _to(game: GameService, turn: int, phase: Phase) -> None:
    while (game.view().turn, game.view().phase) != (turn, phase):
        game.advance_phase()


def test_the_replacement_s_minus_one_counts_from_the_turn_he_arrives(
    waterloo: GameService,
) -> None:
    game = waterloo
    division = next(
        d for d in game.view().sides[0].divisions if d.leader is not None and d.leader.rating > 0
    )
    leader = division.leader
    assert leader is not None
    unit = next(u for u in division.units if u.arm == "infantry")
    _to(game, 1, Phase.INTEGRITY)
    # Killed in the leader casualty phase of turn 1: his replacement is due in turn 3 (8.0).
    game.record(
        "leader_casualty",
        f"{leader.name}: killed",
        [
            SetField("game_leader", leader.id, "killed", True),
            SetField("game_leader", leader.id, "replacement_due_turn", 3),
        ],
    )
    game.record("marker", "rout", [SetField("game_unit", unit.id, "markers.routed", True)])

    def rating() -> tuple[int, str, list[str]]:
        check = open_check(game, "rally", division_id=division.id, unit_id=unit.id)
        check.set("out_of_tcr", True)
        fact = next(f for f in check.facts() if f.key == "leader_rating")
        reasons = [m.reason for m in check.modifiers()]
        return int(check.values["leader_rating"]), fact.label, reasons

    for turn in (1, 2):  # no commander yet: no rating
        _to(game, turn, Phase.INTEGRITY)
        value, label, reasons = rating()
        assert value == 0, turn
        assert f"{leader.name} was killed" in label
        assert "arrives turn 3" in label
        assert not any("commander" in r for r in reasons)
    _to(game, 3, Phase.INTEGRITY)
    value, label, reasons = rating()
    assert value == -1
    assert "arrived turn 3" in label
    assert [r for r in reasons if r.startswith("commander's rating")] == [
        f"commander's rating of −1: replacement for {leader.name}, arrived turn 3 (EotE 8.0)"
    ]
