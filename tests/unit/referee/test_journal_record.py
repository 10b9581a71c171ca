"""Every apply writes one record shape; the one reader still reads the journals of before."""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.results import MoraleResult
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_record import check_record, check_results, record_result

PASS = Outcome.decided("morale", "7.5", "pass")
FIRE = Outcome.decided("fire", "6.0", "D")


def test_a_single_check_and_a_queue_write_the_same_shape() -> None:
    one = check_record([PASS], single=True)
    many = check_record([FIRE, FIRE], totals=[], morale_due=[])
    assert one == {"checks": [PASS.to_json()], "result": "pass"}
    assert many["checks"] == [FIRE.to_json(), FIRE.to_json()]
    assert check_results(one) == [PASS.to_json()]
    assert check_results(many) == [FIRE.to_json(), FIRE.to_json()]
    assert record_result(one) == MoraleResult.PASS
    assert record_result(many) is None


def test_the_old_shapes_read_as_before() -> None:
    single = PASS.to_json()
    queue = {"fires": [FIRE.to_json()], "totals": [], "morale_due": []}
    batch = {"batch": [PASS.to_json(), FIRE.to_json()]}
    assert check_results(single) == [single]
    assert record_result(single) == "pass"
    assert check_results(queue) == [FIRE.to_json()]
    assert record_result(queue) is None
    assert check_results(batch) == [PASS.to_json(), FIRE.to_json()]
    assert record_result(batch) is None
    assert check_results({}) == []
    assert record_result({}) is None
    assert check_results(None) == []


def _entry_results(game: GameService) -> list[Any]:
    return [e.result for e in game.journal(newest_first=False) if e.kind in ("morale", "fire")]


def test_an_old_journal_reads_through_the_game(waterloo: GameService) -> None:
    """Events stored in the old shapes (written directly, as an older eote-ref did)."""
    waterloo.record("morale", "old single check", [], outcome=PASS.to_json())
    waterloo.record("fire", "old fire queue", [], outcome={"fires": [FIRE.to_json()]})
    waterloo.record("morale", "new single check", [], outcome=check_record([PASS], single=True))
    assert _entry_results(waterloo) == ["pass", None, "pass"]


def test_the_players_display_reads_every_shape(waterloo: GameService) -> None:
    """An old fire queue, an old batch and the new record show the same procedures."""
    from eote_ref.referee.players_view import last_results

    waterloo.record("fire", "old queue", [], outcome={"fires": [FIRE.to_json()], "totals": []})
    waterloo.record("cavalry", "old batch", [], outcome={"batch": [PASS.to_json()]})
    waterloo.record("fire", "new queue", [], outcome=check_record([FIRE, FIRE], totals=[]))
    shown = last_results(waterloo, 3)
    assert [[p.procedure for p in r.parts] for r in shown] == [
        ["fire", "fire"],
        ["morale"],
        ["fire"],
    ]
