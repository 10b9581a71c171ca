"""A short scripted battle with entered dice: the sample after-action report and its tests."""

from __future__ import annotations

from eote_ref.referee.adjudicate import Adjudicator, dice_for, effect_changes, rules_unit
from eote_ref.referee.game import GameService, UnitView
from eote_ref.referee.setup import demo_game
from eote_ref.rules.core import Outcome
from eote_ref.rules.fire import FireSituation
from eote_ref.rules.integrity import IntegritySituation
from eote_ref.rules.leader_casualty import LeaderCasualtySituation
from eote_ref.store import Change, Database, SetField

#: How a fire result reads in the journal.
FIRE_RESULTS = {"none": "no effect", "D": "disorder", "1": "1 hit", "2": "2 hits"}


def _unit(game: GameService, side: int, name: str) -> UnitView:
    for s in game.view().sides:
        if s.position == side:
            for u in s.units:
                if u.name == name:
                    return u
    raise LookupError(f"no unit {name!r} on side {side}")


def fire(
    game: GameService, firer: UnitView, target: UnitView, range_in: float, roll: int
) -> Outcome:
    """Journal one fire of ``firer`` at ``target`` with the die ``roll`` (EotE 6.6)."""
    adj = Adjudicator(game)
    target_row = adj.unit_row(target.id)
    situation = FireSituation(
        firers=[rules_unit(adj.unit_row(firer.id))],
        target=rules_unit(target_row),
        range_in=range_in,
        figure_scale=adj.figure_scale(),
    )

    def changes(o: Outcome) -> list[Change]:
        return effect_changes(target_row, o.effects["target"])

    return adj.resolve(
        "fire",
        situation,
        dice_for({"roll": roll}),
        changes,
        lambda o: f"{firer.name} fires at {target.name}: {FIRE_RESULTS.get(o.result, o.result)}",
        {"firer_id": firer.id, "target_id": target.id},
    )


def morale(game: GameService, unit: UnitView, roll: int) -> Outcome:
    """Journal a morale check of ``unit`` with the die ``roll`` (EotE 7.5)."""
    adj = Adjudicator(game)
    return adj.morale(unit.id, adj.morale_situation(unit.id), dice_for({"roll": roll}))


def leader_casualty(game: GameService, side: int, division: str, roll: int) -> Outcome:
    """Journal a leader-casualty roll for a division's leader (EotE 8.0)."""
    view = game.view()
    d = next(d for s in view.sides if s.position == side for d in s.divisions if d.name == division)
    assert d.leader is not None
    lead = d.leader

    def changes(o: Outcome) -> list[Change]:
        return [SetField("game_leader", lead.id, "killed", True)] if o.result == "killed" else []

    return Adjudicator(game).resolve(
        "leader_casualty",
        LeaderCasualtySituation(),
        dice_for({"roll": roll}),
        changes,
        lambda o: f"{lead.name} ({d.name}): {o.result.replace('_', ' ')}",
        {"leader_id": lead.id},
    )


def integrity(game: GameService, side: int, division: str, rolls: dict[str, int]) -> Outcome:
    """Journal a divisional integrity check (EotE 9.0)."""
    view = game.view()
    d = next(d for s in view.sides if s.position == side for d in s.divisions if d.name == division)
    routed = [u for u in d.units if u.routed]
    situation = IntegritySituation(
        unit_ces=[u.ce for u in d.units if u.arm != "artillery"],
        routed_units=len(routed),
        routed_this_turn=sum(1 for u in routed if u.routed_this_turn),
        has_leader=d.leader is not None and not d.leader.killed,
        units_with_3plus_hits=sum(1 for u in d.units if u.hits >= 3),
    )

    def changes(o: Outcome) -> list[Change]:
        if o.result == "fall_back":
            return [SetField("game_command", d.id, "falling_back", True)]
        if o.result == "rout":
            return [SetField("game_command", d.id, "routed", True)]
        return []

    return Adjudicator(game).resolve(
        "integrity",
        situation,
        dice_for(rolls),
        changes,
        lambda o: f"{d.name}: integrity {o.result.replace('_', ' ')}",
        {"division_id": d.id},
    )


def to_phase(game: GameService, phase: str) -> None:
    """Advance phases until ``phase`` (of this turn or the next)."""
    while game.view().phase.value != phase:
        game.advance_phase()


def play_sample_game(db: Database) -> GameService:
    """The demo battle (Waterloo) played for two turns with entered dice, all journaled.

    Turn 1: artillery duels, a French battalion is shot up, fails its morale and routs, its
    brigadier's division leader falls. Turn 2: a square, more fire, a second rout on the
    Allied side and a divisional integrity check. Every roll is entered, so the result is the
    same every time.
    """
    game = GameService(db, demo_game(db))
    f_bat = _unit(game, 0, "20/6 Foot Battery")
    f_inf = _unit(game, 0, "1/54e Ligne")
    f_inf2 = _unit(game, 0, "2/54e Ligne")
    a_bat = _unit(game, 1, "Lloyd's Battery RA")
    a_inf = _unit(game, 1, "2/30th Foot")
    a_inf2 = _unit(game, 1, "33rd Foot")

    # turn 1
    to_phase(game, "initiative")
    game.set_initiative(0)
    to_phase(game, "movement")
    game.set_unit(f_inf.id, "formation", "column")
    to_phase(game, "fire")
    fire(game, f_bat, a_bat, 10, 4)
    fire(game, a_bat, f_inf, 10, 3)
    fire(game, a_inf, f_inf, 4, 2)
    fire(game, a_inf2, f_inf2, 4, 5)
    to_phase(game, "assault")
    game.adjust_unit(f_inf.id, "hits", 2)  # lost in the assault on the hedge (umpire's entry)
    morale(game, _unit(game, 0, "1/54e Ligne"), 9)
    to_phase(game, "leader_casualty")
    leader_casualty(game, 0, "1st Infantry Division", 1)
    to_phase(game, "integrity")
    integrity(game, 0, "1st Infantry Division", {"roll": 5, "second_roll": 7})

    # turn 2
    to_phase(game, "fire")
    fire(game, f_bat, a_inf2, 8, 5)
    fire(game, _unit(game, 0, "2/54e Ligne"), a_inf2, 4, 4)
    morale(game, _unit(game, 1, "33rd Foot"), 8)
    fire(game, a_bat, f_inf2, 10, 9)
    to_phase(game, "integrity")
    a_div = next(
        d.name
        for s in game.view().sides
        if s.position == 1
        for d in s.divisions
        if any(u.id == a_inf2.id for u in d.units)
    )
    integrity(game, 1, a_div, {"roll": 9, "second_roll": 6})
    return game
