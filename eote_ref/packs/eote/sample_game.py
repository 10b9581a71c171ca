"""A short scripted battle with entered dice, played through the checks: the sample report.

Every roll goes through the same check loop as the wizards (:func:`open_check`, then
``apply`` with the entered dice), so the sample journal is the one a umpire would write.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import demo_game
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.store import Database


def _unit(game: GameService, side: int, name: str) -> UnitView:
    for s in game.view().sides:
        if s.position == side:
            for u in s.units:
                if u.name == name:
                    return u
    raise LookupError(f"no unit {name!r} on side {side}")


def _division(game: GameService, side: int, name: str) -> DivisionView:
    view = game.view()
    return next(d for s in view.sides if s.position == side for d in s.divisions if d.name == name)


def fire(
    game: GameService, firer: UnitView, target: UnitView, range_in: float, roll: int
) -> Outcome:
    """One fire of ``firer`` at ``target`` with the die ``roll``, through its check (EotE 6.6)."""
    key = "artillery_fire" if firer.arm == "artillery" else "infantry_fire"
    check = open_check(game, key, firers=(firer.id,), target_id=target.id)
    check.set("range_in", float(range_in))
    return check.apply({"roll": roll})


def morale(game: GameService, unit: UnitView, roll: int) -> Outcome:
    """A morale check of ``unit`` with the die ``roll``, through its check (EotE 7.5)."""
    return open_check(game, "morale", unit_id=unit.id).apply({"roll": roll})


def leader_casualty(game: GameService, side: int, division: str, roll: int) -> Outcome:
    """A leader-casualty roll for a division's leader, through its check (EotE 8.0)."""
    d = _division(game, side, division)
    assert d.leader is not None
    check = open_check(game, "leader_casualty", division_id=d.id, leader_id=d.leader.id)
    return check.apply({"roll": roll})


def integrity(game: GameService, side: int, division: str, rolls: dict[str, int]) -> Outcome:
    """A divisional integrity check, through its check (EotE 9.0)."""
    d = _division(game, side, division)
    return open_check(game, "integrity", division_id=d.id).apply(rolls)


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
    fire(game, a_bat, f_inf2, 10, 9)  # the batteries first (EotE 2.0)
    fire(game, _unit(game, 0, "2/54e Ligne"), a_inf2, 4, 4)
    morale(game, _unit(game, 1, "33rd Foot"), 8)
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
