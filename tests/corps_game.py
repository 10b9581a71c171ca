"""The 6mm corps action the input-count benchmark plays (issue 24): a shipped scenario.

The Pratzen heights at Austerlitz (``army_lists/scenarios/austerlitz-pratzen.yaml``): Soult's
divisions of Saint-Hilaire and Vandamme (IV Corps) against the allies' 4th Column (Kolowrat
and Miloradovich), at 6mm, only those commands on the table. The tests and the benchmark call
:func:`corps_game_6mm` and nothing else: another scenario is one change here.
"""

from __future__ import annotations

from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database

#: The shipped scenario the 6mm turn is played on.
SCENARIO = "austerlitz-pratzen"
#: The game's name.
NAME = "The Pratzen heights"


def corps_game_6mm(db: Database) -> int:
    """Make the 6mm corps action in ``db`` (command phase of turn 1); returns its id."""
    path = next(p for p in shipped_scenarios() if p.stem == SCENARIO)
    return create_scenario_game(db, load(path), name=NAME)
