"""AVlE played at random through the referee, then every step undone and redone.

Whatever falls due is done with any choices and dice; undoing every step gives the set-up
again and redoing them the same end.

Each step takes what the turn guide lists (`PackGameService.due`), and now and then a fire,
a shock or a rally of a unit that has its order; a check the rules refuse writes nothing.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from eote_ref.packs.play import PlayState
from eote_ref.referee.pack_play import PackGameService, PackPlayError
from eote_ref.store import Database
from tests.avle_games import quatre_bras
from tests.budget import budget
from tests.games import game_state

FACES = ["flag", "general", "trooper", "cannon", "infantry"]


def _rolls(rng: random.Random, state: PlayState) -> dict[str, object]:
    rolls: dict[str, object] = {"roll": rng.randint(1, 10), "effect_roll": rng.randint(1, 6)}
    for s in state.sides:
        rolls[f"{s.name}_dice"] = [rng.choice(FACES) for _ in range(6)]
    rolls["command_dice"] = [rng.choice(FACES) for _ in range(3)]
    rolls["reaction_dice"] = [rng.choice(["french", "english", "prussian"]) for _ in range(2)]
    return rolls


def _step(game: PackGameService, rng: random.Random) -> bool:
    """One thing done at the table; whether it was written."""
    state = game.state()
    due = game.due(state)
    ordered = [u for u in state.units if u.markers.get("ordered")]
    fought = {"fired", "reacted"}
    ordered = [u for u in ordered if not fought & set(u.markers)]
    if ordered and rng.random() < 0.6:
        unit = rng.choice(ordered)
        key = {"cavalry": "shock"}.get(unit.arm, rng.choice(["fire", "rally"]))
        check = game.open_check(key, unit_id=unit.id)
        if key != "rally":
            enemies = [u for u in state.units if u.side_id != unit.side_id]
            check.set("target_unit", rng.choice(enemies).id)
        if key == "fire":
            check.set("hexes", rng.randint(1, 3))
    elif not due:
        return False
    else:
        others = [d for d in due if d.check != "victory"]
        item = rng.choice(others if others and rng.random() < 0.85 else due)
        check = game.open_check(item.check, **item.target)
        if item.check == "round":
            for s in state.sides:
                cards = [
                    c for c, _ in next(q for q in check.facts() if q.key == f"card_{s.id}").choices
                ]
                check.set(f"card_{s.id}", rng.choice(cards))
        elif item.check == "order":
            units = [u.id for u in state.units_of(item.target["side_id"])
                     if rng.random() < 0.2 or u.markers["arrives"] <= state.turn]  # fmt: skip
            if rng.random() < 0.5:  # a unit picked on the dashboard, else in the wizard
                check = game.open_check("order", unit_id=rng.choice(units))
            else:
                check.set("unit", rng.choice(units))
    rolls = _rolls(rng, state)
    if check.spec.key == "round":  # the pools are as many dice as the cards roll
        for s in state.sides:
            card = check.values[f"card_{s.id}"]
            n = (
                0
                if card in ("infantry_manoeuvre", "cavalry_grand_charge", "bombardment")
                else (6 if card == "coordinated_attack" else 5)
            )
            if n:
                rolls[f"{s.name}_dice"] = [rng.choice(FACES) for _ in range(n)]
            else:
                rolls.pop(f"{s.name}_dice")
    try:
        check.apply(rolls)
    except PackPlayError:
        assert game.state() == state  # a refusal writes nothing
        return False
    return True


@settings(
    max_examples=budget(3, 20),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(10, 40))
def test_random_play_undoes_to_the_set_up_and_redoes_to_the_end(
    db: Database, seed: int, steps: int
) -> None:
    game = quatre_bras(db)
    start = game_state(game)
    rng = random.Random(seed)
    written = sum(_step(game, rng) for _ in range(steps))
    end = game_state(game)
    if written:
        game.undo(written)
        assert game_state(game) == start
        game.redo(written)
        assert game_state(game) == end
