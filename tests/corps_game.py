"""The 6mm corps action the input-count benchmark plays (issue 24): one corps a side.

Soult's IV Corps against the allies' 4th Column (Kolowrat and Miloradovich) on the Pratzen,
from the shipped Austerlitz lists, at 6mm: only those two corps are on the table. Seam: when
the shipped scenarios exist (the Pratzen at Austerlitz), :func:`corps_game_6mm` makes the game
from that scenario instead; the tests and the benchmark call nothing else.
"""

from __future__ import annotations

import dataclasses

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.phases import Phase
from eote_ref.referee.rosters import to_spec
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.store import Database, RosterSpec, SideSpec, create_game

#: The game's name, its sides and the corps of each side's list that are on the table.
NAME = "Pratzen, 6mm (IV Corps against the 4th Column)"
SIDES = {
    "French": ("austerlitz-1805-french.yaml", "IV Corps"),
    "Allies": ("austerlitz-1805-allied.yaml", "4th Column"),
}


def _one_corps(spec: RosterSpec, corps: str) -> RosterSpec:
    """``spec`` with only ``corps`` under its army (wherever it sits in the tree)."""

    def find(cmd: object) -> object | None:
        if getattr(cmd, "name", None) == corps:
            return cmd
        for sub in getattr(cmd, "commands", ()):
            hit = find(sub)
            if hit is not None:
                return hit
        return None

    found = find(spec.army)
    if found is None:
        raise LookupError(f"{spec.name} has no command {corps!r}")
    army = dataclasses.replace(spec.army, commands=(found,), units=())
    return dataclasses.replace(spec, army=army)


def corps_game_6mm(db: Database) -> int:
    """Make the 6mm corps action in ``db`` (command phase of turn 1); returns its id."""
    lists = {p.name: p for p in shipped_army_lists()}
    sides = [
        SideSpec(side, (_one_corps(to_spec(load_army_list(lists[file]).army_list), corps),))
        for side, (file, corps) in SIDES.items()
    ]
    with db.session() as s:
        game = create_game(
            s, NAME, sides, phase=Phase.COMMAND.value, initiative=None, figure_scale="6mm"
        )
        assert game.id is not None
        return game.id
