"""Plain-data orders of battle for the store tests."""

from __future__ import annotations

import datetime
from typing import Any

from sqlalchemy import text

from eote_ref.store import CommandSpec, LeaderSpec, RosterSpec, SideSpec, UnitSpec


def division(name: str, units: int, nation: str | None = None) -> CommandSpec:
    """A division of ``units`` line battalions and, for larger ones, a foot battery."""
    specs = [
        UnitSpec(f"{i + 1}/{name}", "infantry", "line", 6, 4, skirmish="detach", nation=nation)
        for i in range(units)
    ]
    if units > 2:
        specs[-1] = UnitSpec(
            f"Battery {name}", "artillery", "foot", 5, 2, weight="medium", howitzers=2
        )
    return CommandSpec(name, "division", LeaderSpec(f"General {name}", 1), units=tuple(specs))


def roster(name: str = "Armée du Nord", divisions: int = 2, units: int = 3) -> RosterSpec:
    """An army of one corps with ``divisions`` divisions of ``units`` units each."""
    corps = CommandSpec(
        "I Corps",
        "corps",
        LeaderSpec("d'Erlon", 2),
        commands=tuple(division(f"{name[:4]}{d + 1}", units) for d in range(divisions)),
    )
    army = CommandSpec(name, "army", LeaderSpec("Napoléon", 4), commands=(corps,))
    return RosterSpec(name, "french", 1815, army, battle="Waterloo", sources=("OOB",))


def sides(divisions: int = 2, units: int = 3) -> list[SideSpec]:
    """Two sides, each one army list."""
    return [
        SideSpec("French", (roster("Armée du Nord", divisions, units),)),
        SideSpec("Allies", (roster("Anglo-Allied", divisions, units),)),
    ]


def insert_ligny(connection: Any, sides: str) -> None:
    """Game 1, Ligny, written by plain SQL at an older schema (the migrations' tests).

    ``sides`` are the ``VALUES`` rows of ``game_side (id, game_id, position, name, army_lists)``.
    """
    connection.execute(
        text(
            "INSERT INTO game (id, name, created_at, ruleset, ruleset_version, options,"
            " turn, phase, figure_scale) VALUES (1, 'Ligny', :at, 'eote-6.2', '', '{}',"
            " 1, 'command', '15mm')"
        ),
        {"at": datetime.datetime(1815, 6, 16, tzinfo=datetime.UTC)},
    )
    connection.execute(
        text(f"INSERT INTO game_side (id, game_id, position, name, army_lists) VALUES {sides}")
    )
