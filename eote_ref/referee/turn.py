"""What carries into a new turn: flags cleared, initiative remembered, orders and leaders due.

:func:`carry_over` takes the game's rows at the end of the divisional integrity phase and lists the
changes the start of the next turn makes. :meth:`GameService.advance_phase
<eote_ref.referee.game.GameService.advance_phase>` writes them in the same journal event as
the turn counter, so one undo takes the whole turn change back. It writes nothing itself.

The markers and the game-level changes are those of the game's pack (the ``ruleset`` its row
records: :func:`~eote_ref.referee.markers.game_markers`,
:func:`~eote_ref.referee.phases.game_turn`); for EotE:

* Per-turn unit markers are cleared, as the pack declares them (``lasts="turn"``): pinned,
  out of command, changed formation, fought, routed this turn, fought while blown. Whether a
  unit fought is carried one more turn into ``fought_last_turn`` (``carried_to``): blown
  cavalry that did nothing for a whole turn rests (EotE 5.12).
* The initiative becomes last turn's initiative and is rolled again (EotE 4.0).
* The game-level changes (the facts of the turn, the initiative, pending orders) are those
  the pack declares (its turn's ``new_turn``), made in its order.
* Pending orders count down one turn; an order whose count reaches 0 takes effect now: it
  becomes the division's current order (EotE 3.1, 3.4). The arrival is automatic, so the
  turn guide lists no separate step for it; the journal line of the turn names it.
* A leader unable to rally "next turn" (EotE 8.0) cannot rally in the turn that starts:
  ``no_rally_turn`` holds that turn, and is cleared the turn after.
* A killed leader whose replacement is due this turn is replaced by a new leader of the same
  command and level, rated -1 (EotE 8.0, and the note of 3.6).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.outcome import Reveals
from eote_ref.packs.state_specs import TurnChange
from eote_ref.referee.journal_line import Line, Piece
from eote_ref.referee.markers import TURN_MARKERS, PackMarkers, game_markers
from eote_ref.referee.phases import game_turn
from eote_ref.store import Change, DeleteRow, GameCommand, GameLeader, GameUnit, InsertRow, SetField
from eote_ref.store.game_work import TurnRows

#: Unit flags that last one turn (cleared when the next turn starts): the default pack's
#: markers of ``lasts="turn"`` (a game's are its own pack's, read by :func:`carry_over`).
TURN_FLAGS = tuple(m.name for m in TURN_MARKERS)


@dataclass
class CarryOver:
    """The changes of a new turn and the lines the journal shows for the notable ones."""

    changes: list[Change] = field(default_factory=list)
    lines: list[str | Line] = field(default_factory=list)


def replacement_name(name: str) -> str:
    """The name a replacement leader is shown under until the umpire renames him."""
    return f"replacement for {name}"


def carry_over(rows: TurnRows, new_turn: int, replacement_rating: int) -> CarryOver:
    """The changes that start turn ``new_turn`` of the game read as ``rows`` (nothing is written).

    ``rows`` come from :func:`eote_ref.store.game_work.turn_rows`; ``replacement_rating`` is
    the rating a killed leader's replacement arrives with (the game's ruleset's, EotE 8.0).
    """
    out = CarryOver()
    game = rows.game
    if game is None or game.id is None:
        return out
    game_id = game.id
    _units(rows.units, game_markers(game.ruleset, f"game {game_id}"), out)
    for change in game_turn(game.ruleset, f"game {game_id}").new_turn:  # the pack's, in order
        if change.state == "game_fact":
            _facts(rows.fact_ids, out)
        elif change.state == "game_command.pending_order_turns":
            _orders(rows.commands, out)
        else:
            _game_column(game, game_id, change, out)
    _leaders(rows.leaders, new_turn, replacement_rating, out)
    return out


def _game_column(game: Any, game_id: int, change: TurnChange, out: CarryOver) -> None:
    """A column of the game row cleared, kept (then cleared) or reset as ``change`` declares."""
    value = getattr(game, change.state)
    if change.action == "keep" and change.into and getattr(game, change.into) != value:
        out.changes.append(SetField("game", game_id, change.into, value))
    if change.action in ("keep", "clear") and value is not None:
        out.changes.append(SetField("game", game_id, change.state, None))
    elif change.action == "reset" and value != change.to:
        out.changes.append(SetField("game", game_id, change.state, change.to))
    elif change.action not in ("keep", "clear", "reset"):
        raise ValueError(f"a new turn cannot {change.action} the game's {change.state}")


def _units(rows: list[GameUnit], markers: PackMarkers, out: CarryOver) -> None:
    """Markers carried into another (fought this turn -> last turn), then the turn's cleared."""
    for u in rows:
        assert u.id is not None
        for m in markers.carried:
            assert m.carried_to is not None
            value = markers.unit_value(u, m.name)
            if markers.unit_value(u, m.carried_to) != value:
                out.changes.append(markers.unit_change(u.id, m.carried_to, value))
        for m in markers.turn_markers:
            if markers.unit_value(u, m.name) != m.default:
                out.changes.append(markers.unit_change(u.id, m.name, m.default))


def _facts(ids: list[int], out: CarryOver) -> None:
    """The facts of the turn that ends (charges, fire, combats...) are cleared."""
    out.changes.extend(DeleteRow("game_fact", i) for i in ids)


def _orders(rows: list[GameCommand], out: CarryOver) -> None:
    for c in rows:
        assert c.id is not None
        if not c.pending_order:
            continue
        left = max(0, (c.pending_order_turns or 0) - 1)
        if left:
            out.changes.append(SetField("game_command", c.id, "pending_order_turns", left))
            continue
        out.changes += [
            SetField("game_command", c.id, "current_order", c.pending_order),
            SetField("game_command", c.id, "pending_order", None),
            SetField("game_command", c.id, "pending_order_turns", None),
        ]
        out.lines.append(  # the order's words are the umpire's and its side's (EotE 3.1)
            Line.of(
                Piece(
                    f"{c.name}: {c.pending_order} order takes effect",
                    Reveals.ORDER,
                    veiled="an order takes effect (hidden)",
                )
            )
        )


def _leaders(rows: list[GameLeader], new_turn: int, rating: int, out: CarryOver) -> None:
    for lead in rows:
        assert lead.id is not None
        if lead.no_rally_next_turn:
            out.changes += [
                SetField("game_leader", lead.id, "no_rally_next_turn", False),
                SetField("game_leader", lead.id, "no_rally_turn", new_turn),
            ]
        elif lead.no_rally_turn is not None and lead.no_rally_turn < new_turn:
            out.changes.append(SetField("game_leader", lead.id, "no_rally_turn", None))
    for lead in rows:
        if not lead.killed or lead.replacement_due_turn != new_turn:
            continue
        living = [x for x in rows if x.command_id == lead.command_id and not x.killed]
        if living:
            continue  # someone already commands (a replacement entered by hand)
        out.changes.append(
            InsertRow(
                "game_leader",
                {
                    "command_id": lead.command_id,
                    "name": replacement_name(lead.name),
                    "level": lead.level,
                    "rating": rating,
                    "replacement": True,
                },
            )
        )
        out.lines.append(f"{replacement_name(lead.name)} arrives, rated {rating}")
