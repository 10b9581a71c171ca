"""A pack game as the app shows it: one read per change (issue 26).

:func:`read_pack_view` reads a game of a pack with declared play
(:class:`~eote_ref.referee.pack_play.PackGameService`) once: its state, the turn's heading,
what falls due and what undo and redo would do next. Every panel of the app (dashboard,
turn guide, journal, players' display) renders from the one :class:`PackView`. How a
marker reads is the pack's declaration (:class:`~eote_ref.packs.declaration.MarkerSpec`
when it declares one); nothing here names a pack.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry

if TYPE_CHECKING:
    from eote_ref.store import Database


def game_pack(db: Database, game_id: int) -> str:
    """The pack of game ``game_id`` (its ``ruleset`` column; an unknown one is the default's)."""
    reader = db.rows()
    if reader is not None:
        game = reader.game(game_id)
    else:
        from eote_ref.store.game_queries import game_reads

        with game_reads(db, game_id) as r:
            game = r.game()
    ruleset = str(getattr(game, "ruleset", "") or "")
    return registry.RULESETS.get(ruleset, registry.DEFAULT_PACK)


def has_play(pack: str) -> bool:
    """Whether the referee runs games of ``pack`` through the pack's declared play."""
    plays: Mapping[str, str] = getattr(registry, "PLAYS", {})
    return pack in plays


@dataclass(frozen=True)
class PackView:
    """A pack game as of one change: state, heading, due checks, undo and redo labels."""

    game_id: int
    name: str
    pack: str
    title: str
    turn: int
    #: "turn 2, round 3 of 6": the pack's own heading of where the game is.
    turn_label: str
    #: The game's rows as the pack's checks read them (:class:`~eote_ref.packs.play.PlayState`).
    state: Any
    #: What falls due now (:class:`~eote_ref.packs.play.Due`), in the pack's order.
    due: tuple[Any, ...]
    can_undo: str | None
    can_redo: str | None
    #: The pack's unit markers (:class:`~eote_ref.packs.declaration.MarkerSpec`), if declared.
    markers: tuple[Any, ...] = ()

    @property
    def sides(self) -> Sequence[Any]:
        return tuple(self.state.sides)


def read_pack_view(service: Any) -> PackView:
    """Read the pack game of ``service`` (a ``PackGameService``) into one :class:`PackView`."""
    from eote_ref.store.journal_reading import next_steps

    state = service.state()
    can_undo, can_redo = service.read(next_steps)
    return PackView(
        game_id=service.game_id,
        name=state.name,
        pack=service.pack_id,
        title=service.pack.title,
        turn=state.turn,
        turn_label=service.turn_label(state),
        state=state,
        due=tuple(service.due(state)),
        can_undo=can_undo,
        can_redo=can_redo,
        markers=tuple(getattr(service.pack, "unit_markers", ())),
    )


def marker_text(spec: Any, value: Any) -> str:
    """A marker's value as the umpire's dashboard shows it ("" when at its default)."""
    if value is None or value == spec.default and type(value) is type(spec.default):
        return ""
    if spec.kind == "flag":
        return str(spec.dashboard or spec.text) if value else ""
    return str(value)


def plain_marker_text(value: Any) -> str:
    """A marker the pack does not declare, as the dashboard shows it."""
    if value is None or value is False:
        return ""
    if value is True:
        return "✓"
    if isinstance(value, list | tuple):
        return ", ".join(str(v) for v in value)
    return str(value)
