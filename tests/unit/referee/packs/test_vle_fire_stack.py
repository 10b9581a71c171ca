"""VlE fire on the top unit of a stack (Saalfeld): the unit beneath it (VII.9, XIV.5)."""

from __future__ import annotations

from typing import Any

from eote_ref.packs.play import Put
from eote_ref.referee.pack_play import PackGameService
from eote_ref.store import Database
from tests.avle_games import saalfeld


def _id(game: PackGameService, name: str) -> int:
    return next(u.id for u in game.state().units if u.name == name)


def _last_step_fired_away(game: PackGameService, below: int | None) -> tuple[int, int]:
    """17e Léger at one step, Suchet with it, fire 7 with a 6 (3 steps): its last step goes."""
    leger = _id(game, "17e Léger")
    suchet = next(ld.id for ld in game.state().leaders if ld.name == "Suchet")
    game.record("mark", "one step left", [game.store_change(Put("unit", leger, "steps", 1))])
    fire = game.open_check("fire", unit_id=leger)
    fire.set("fire_value", 7)
    fire.set("leader_with_target", suchet)
    if below is not None:
        fire.set("unit_below", below)
    fire.apply({"roll": 6})
    assert game.state().unit(leger).markers.get("eliminated")
    return leger, suchet


def _due(game: PackGameService) -> list[tuple[str, Any]]:
    return [(d.check, d.target.get("leader_id", d.target.get("unit_id"))) for d in game.due()]


def test_vii_9_the_unit_below_checks_when_the_top_unit_s_last_step_goes(db: Database) -> None:
    """VII.9, XIV.5: the 88e Ligne beneath the 17e Léger survives it and checks morale.

    Its stack not gone, Suchet rolls for the 2 or 3 steps alone, before the check.
    """
    game = saalfeld(db)
    ligne = _id(game, "88e Ligne")
    _leger, suchet = _last_step_fired_away(game, ligne)
    assert _due(game)[:2] == [("leader_casualty", suchet), ("morale", ligne)]
    casualty = next(d for d in game.due() if d.check == "leader_casualty")
    assert casualty.target["given"]["cause"] == "fire_2_or_3"
    assert "also" not in casualty.target["given"]
    check = game.open_check("morale", unit_id=ligne)
    assert check.values["below_failed_unit"] is False  # not the -2 of V.5 (VII.9)


def test_xiv_5_with_no_unit_below_the_stack_is_gone(db: Database) -> None:
    """XIV.5: no unit named beneath, the stack is eliminated with the top unit: two causes."""
    game = saalfeld(db)
    _leger, suchet = _last_step_fired_away(game, None)
    assert _due(game) == [("leader_casualty", suchet)]
    casualty = next(d for d in game.due() if d.check == "leader_casualty")
    assert casualty.target["given"]["also"] == "stack_eliminated"


def test_vii_9_the_unit_below_is_asked_among_the_target_s_side(db: Database) -> None:
    """The question offers the target's side's other units on the map, none by default."""
    game = saalfeld(db)
    leger = _id(game, "17e Léger")
    fire = game.open_check("fire", unit_id=leger)
    asked = {q.key: q for q in fire.facts()}["unit_below"]
    assert asked.default == 0
    state = game.state()
    side = state.unit(leger).side_id
    offered = {c.value for c in asked.choices} - {0}
    assert leger not in offered
    assert offered == {u.id for u in state.units if u.side_id == side and u.id != leger}


def test_xvi_2_the_infantry_named_below_a_battery_goes_to_its_artillery_losses(
    db: Database,
) -> None:
    """XVI.2, VII.9: the infantry named below a battery fired on by artillery is its losses'.

    Fire 7 with a 4 on the Saxon foot batteries (the provisional cell 2) with a Saxon infantry
    named below: the artillery losses check starts with the battery on top of it, named.
    """
    from eote_ref.referee.pack_play import NewPackGame, new_pack_game
    from tests.avle_games import SAALFELD

    spec = NewPackGame("Saalfeld", "vle", SAALFELD, {"artillery_losses": "system_a"})
    game = PackGameService(db, new_pack_game(db, spec))
    state = game.state()
    battery = _id(game, "Saxon foot batteries")
    side = state.unit(battery).side_id
    infantry = next(u.id for u in state.units if u.side_id == side and u.arm == "infantry")
    fire = game.open_check("fire", unit_id=battery)
    fire.set("fire_value", 7)
    fire.set("unit_below", infantry)
    fire.apply({"roll": 4})
    due = next(d for d in game.due() if d.check == "artillery_losses")
    losses = game.open_check(due.check, **due.target)
    assert losses.values["stacked_on_infantry"] is True
    assert losses.values["infantry_below"] == infantry
    out = losses.apply({})
    assert out is not None
    assert game.state().unit(infantry).markers["steps"] < state.unit(infantry).markers["steps"]
