"""An EotE game's service as EotE's own code reads it: its rules object is EotE's ``Ruleset``.

The referee's game service (:class:`eote_ref.referee.game.GameService`) is shared and reads a
game's rules object only through :class:`eote_ref.referee.game_rules.GameRules`; named without
its rules type, it gives its pack's code the rules object untyped. EotE's checks and turn
guide name the service as :data:`GameService`, so what they read of the ruleset (distances,
tables, options) is checked against EotE's own type.
"""

from __future__ import annotations

from typing import TypeAlias

from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.referee import game

#: The referee's game service of an EotE game, its ``ruleset`` typed as EotE's.
GameService: TypeAlias = game.GameService[Ruleset]

__all__ = ["GameService"]
