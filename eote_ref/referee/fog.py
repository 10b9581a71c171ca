"""Fog of war, a view setting of any pack's game: what each side may see of the other.

One choice a game (off, hide the opponent's, hide both sides'), kept in the game's
``options`` JSON under :data:`FOG_KEY`: a display choice (``display_``), not a rules
option, written without a journal step by ``GameService.set_display_option``
(:mod:`eote_ref.store.display_settings`), so Ctrl+Z never takes it back and a second computer
following the database sees it. What it hides is the pack's: EotE's the units' CE
(:mod:`eote_ref.referee.players_view`), a pack with declared play the keys its
:attr:`~eote_ref.packs.play.Play.fog` names (:meth:`~eote_ref.packs.play.Play.players_state`).
Nothing here names a pack.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from typing import Any, Protocol

#: The key of the fog-of-war choice in a game's options JSON.
FOG_KEY = "display_fog_of_war"


class Fog(enum.StrEnum):
    """Whose hidden state the players' display and the phones hide."""

    OFF = "off"
    OPPONENT = "opponent"
    BOTH = "both"

    def words(self, what: str) -> str:
        """As the View menu names the choice, for a pack whose fog hides ``what`` ("CE")."""
        return {
            Fog.OFF: f"Off: every {what} shown" if " " not in what else "Off: everything shown",
            Fog.OPPONENT: f"Hide the opponent's {what}",
            Fog.BOTH: f"Hide both sides' {what}",
        }[self]


class _Sided(Protocol):
    @property
    def id(self) -> int: ...

    @property
    def position(self) -> int: ...


def fog_in(options: Mapping[str, Any] | None) -> Fog:
    """The fog of war a game's options hold (off when never set or unreadable)."""
    try:
        return Fog(str((options or {}).get(FOG_KEY, Fog.OFF.value)))
    except ValueError:
        return Fog.OFF


def choose_fog(service: Any, now: Fog, fog: Fog) -> bool:
    """Set the game's fog of war from ``now`` to ``fog`` (no journal step); whether it changed.

    ``service`` is the game's (any pack's): its ``set_display_option`` writes the choice.
    """
    if now is fog:
        return False
    service.set_display_option(FOG_KEY, None if fog is Fog.OFF else fog.value)
    return True


def hides(fog: Fog, side: int, viewer: int | None) -> bool:
    """Whether side ``side``'s hidden state is hidden from ``viewer`` (None: the whole table).

    Sides and viewers are positions. With "opponent" and no viewing side chosen, a display
    every player can see hides both.
    """
    if fog is Fog.OFF:
        return False
    if fog is Fog.BOTH or viewer is None:
        return True
    return side != viewer


def fogged_sides(fog: Fog, sides: Iterable[_Sided], viewer: int | None) -> frozenset[int]:
    """The ids of the sides whose hidden state ``viewer`` (a position, or None) may not see."""
    return frozenset(s.id for s in sides if hides(fog, s.position, viewer))


def fog_line(fog: Fog, what: str, viewer: str | None = None) -> str:
    """The players' display's and the phones' line for the fog (``""`` when off).

    ``viewer`` names the side a page is shown to (None: the whole table).
    """
    if fog is Fog.OFF:
        return ""
    if fog is Fog.BOTH or viewer is None:
        return f"Fog of war: {what} hidden"
    return f"Fog of war: shown to {viewer}"


def fog_sources(keys: Iterable[Any], cite: str) -> str:
    """What a pack's fog hides, one line a key with its section and source (a tooltip).

    ``keys`` are the pack's :class:`~eote_ref.packs.play.FogKey`; ``cite`` how its sections
    are cited (``AVlE``).
    """
    return "\n".join(
        f"{k.why or k.key.replace('_', ' ')} ({k.entity}; {cite} {k.rule}, {k.source})"
        for k in keys
    )
