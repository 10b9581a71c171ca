"""The turn guide's to-do list: what must be adjudicated now, as the game's pack says.

:class:`DueCheck` is one item; :func:`checks_due` asks the game's pack for the items of the
current phase, :func:`morale_checks_due` for the units owing a check now (the dashboard's
Status column). A pack declares its turn guide by naming its module in its pack module
(``TURN_GUIDE = "eote_ref.packs.eote.todo"``), with ``checks_due(view, game)`` and
``morale_checks_due(view)``; a pack that names none has no items here (a pack with declared
play lists its own, :meth:`eote_ref.referee.pack_play.PackGameService.due`). The module is
imported when first asked: this one names no pack.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry
from eote_ref.referee.catalogue import CHECK_KEYS

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService
    from eote_ref.referee.views import GameView

#: The procedures that have a wizard, from the catalogue (pure data): the turn guide marks the
#: items it can open without importing the checks (and the ORM under them) before the first
#: window is painted.
RESOLVABLE = CHECK_KEYS


#: Steps of a scenario (docs/scenario-format.md) the turn guide lists and opens, which are
#: not rules checks: a reinforcement arriving (``DueCheck.key`` names it).
SCENARIO_STEPS = frozenset({"reinforcement"})


@dataclass(frozen=True)
class DueCheck:
    """One item of the to-do list.

    ``procedure`` names the rules procedure (and so the wizard) that resolves it; ``unit_id``
    or ``division_id`` says what it concerns; ``rule`` is the governing section. ``due`` is
    False for an item listed for the umpire's information only (a disordered unit that cannot
    rally this turn): it is shown but never counted as owed before leaving the phase.
    """

    procedure: str
    title: str
    rule: str
    side: int
    unit_id: int | None = None
    division_id: int | None = None
    due: bool = True
    #: What a scenario step concerns (a reinforcement's key), for :data:`SCENARIO_STEPS`.
    key: str | None = None


def owed(checks: list[DueCheck]) -> list[DueCheck]:
    """The items actually due (information-only items left out)."""
    return [c for c in checks if c.due]


def turn_guide(ruleset: str) -> Any | None:
    """The turn-guide module the pack of ``ruleset`` names (None: it names none)."""
    pack = registry.pack_of_ruleset(ruleset)
    if pack is None:
        return None
    path = getattr(importlib.import_module(registry.PACKS[pack][0]), "TURN_GUIDE", None)
    return importlib.import_module(path) if path else None


def checks_due(view: GameView, game: GameService | None = None) -> list[DueCheck]:
    """The checks the current phase calls for, in table order, as the game's pack lists them.

    With ``game`` a pack may read the journal too (leaders already rolled for, integrity
    checks taken this turn drop off the list).
    """
    guide = turn_guide(view.ruleset)
    if guide is None:
        return []
    due: list[DueCheck] = guide.checks_due(view, game)
    return due


def morale_checks_due(view: GameView) -> set[int]:
    """The units owing a check now in any phase (EotE: a morale check, 7.5), for their Status."""
    guide = turn_guide(view.ruleset)
    if guide is None:
        return set()
    units: set[int] = guide.morale_checks_due(view)
    return units
