"""What the players may see of a game: markers, division states and the last results, redacted.

The players' display (a second screen beside the table) renders only what this module hands
it. Orders are written and carried by courier (EotE 3.1-3.4): their content, sender and
countdown belong to the umpire and the issuing side, so a division shows only that an order is
*in force* or *in transit*. Fog of war, an option of each game, hides the CE of the opponent's
units or of both sides' (the table shows markers, not ratings); a result whose figures are
built on a hidden CE (morale, square, rally, assault, integrity) then shows its modifiers and
die without its base and total.

Nothing is redacted by reading the words: each record says what it reveals. A rules modifier
carries ``reveals: "ce"`` when its value states, cancels or halves a CE; a journal line is
kept in pieces (:mod:`eote_ref.referee.journal_line`), the target number of a CE-built check,
an umpire's corrected CE and a late arrival's CE each a piece that reveals the CE, and an
order's words (sent, changed by the umpire, taking effect) a piece that reveals the order:
a line with one shows its veiled words alone, whatever the journal kind.

The option is every pack's (:mod:`eote_ref.referee.fog`), stored in the game's ``options``
JSON under :data:`~eote_ref.referee.fog.FOG_KEY` (a display choice,
not a rules option: :func:`rules_options` leaves it out of the ruleset), so a second computer
following the database sees it too. It is a view setting, not a step of the battle: written
without a journal step (:meth:`GameService.set_display_option`), never undone by Ctrl+Z.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from eote_ref.packs.outcome import Reveals
from eote_ref.referee.fog import FOG_KEY as FOG_KEY  # where EotE's callers have found them
from eote_ref.referee.fog import Fog as Fog
from eote_ref.referee.fog import choose_fog, fog_in, hides
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import CE_BASED, LINE_KEY, ORDER_SENT, ORDERS_CHANGED, Line
from eote_ref.referee.journal_record import check_results, result_words_of_pack
from eote_ref.referee.markers import marker_words
from eote_ref.referee.views import DivisionView, GameView, UnitView

if TYPE_CHECKING:
    from eote_ref.store import JournalEvent

#: Option keys starting so are display choices, not ruleset options (the game service skips them).
DISPLAY_PREFIX = "display_"

#: What EotE's fog of war hides, as the View menu and the display word it.
FOG_WORDS = "CE"


def rules_options(options: Mapping[str, Any]) -> dict[str, Any]:
    """A game's options without the display choices (what the ruleset is built from)."""
    return {k: v for k, v in options.items() if not k.startswith(DISPLAY_PREFIX)}


def fog_of_war(view: GameView) -> Fog:
    """The game's fog-of-war choice (off when never set or unreadable)."""
    return fog_in(view.options)


def set_fog_of_war(service: GameService, fog: Fog) -> bool:
    """Choose the game's fog of war, a view setting (no journal step); whether it changed."""
    return choose_fog(service, fog_of_war(service.view()), fog)


def ce_hidden(fog: Fog, side: int, viewer: int | None) -> bool:
    """Whether the CE of side ``side``'s units is hidden from ``viewer`` (None: the whole table).

    With "opponent" and no viewing side chosen, a display every player can see hides both.
    """
    return hides(fog, side, viewer)


# ----------------------------------------------------------------------------- divisions, units


def order_state(division: DivisionView) -> str:
    """What the players see of a division's orders: never the order, its sender or countdown."""
    parts = []
    if division.current_order:
        parts.append("order in force")
    if division.pending_order:
        parts.append("order in transit")
    return " · ".join(parts)


def division_state(division: DivisionView) -> str:
    """The division's integrity state as the table knows it (EotE 9.0)."""
    if division.routed:
        return "ROUTED"
    if division.falling_back:
        return "FALLING BACK"
    return ""


def unit_markers(unit: UnitView) -> list[str]:
    """The markers a player sees on the unit's stands, worded as everywhere (markers.py)."""
    return marker_words(unit)


# ----------------------------------------------------------------------------- results

#: Journal kinds whose line may state a CE without keeping its pieces (an umpire's
#: correction recorded before lines were kept in pieces).
CE_KINDS = frozenset({"correction"})

#: Journal kinds that wrote or moved an order before lines were kept in pieces (a line in
#: pieces says itself which of its words are an order's, ``Reveals.ORDER``).
ORDER_KINDS = frozenset({"order_activation"})

#: Division fields whose edits would show an order (in an event kept without its pieces).
ORDER_FIELDS = frozenset({"current_order", "pending_order", "pending_order_turns"})

#: Journal kinds the display leaves out (the header already shows turn and phase).
SKIPPED_KINDS = frozenset({"phase", "display"})

PROCEDURE_NAMES = {
    "fire": "Fire",
    "morale": "Morale",
    "square": "Square",
    "rally": "Rally",
    "assault": "Assault",
    "integrity": "Divisional integrity",
    "initiative": "Initiative",
    "charge": "Charge",
    "pinning": "Pinning",
    "skirmishers": "Skirmishers",
    "leader_casualty": "Leader casualty",
    "disorder_rally": "Disorder",
    "cavalry_end_of_turn": "Cavalry",
    "command_radius": "Command",
    "movement": "Movement",
}


@dataclass(frozen=True)
class ShownModifier:
    """One modifier with its reason, section and value."""

    value: float
    reason: str
    rule: str
    provisional: bool


@dataclass(frozen=True)
class ShownPart:
    """One rules procedure of a result: its modifiers, the die and what it gave.

    ``base`` and ``modified`` are None when fog of war hides them.
    """

    procedure: str
    rule: str
    base: float | None
    modified: float | None
    modifiers: tuple[ShownModifier, ...]
    dice: tuple[int, ...]
    result: str
    ce_hidden: bool = False

    @property
    def title(self) -> str:
        """``Morale (EotE 7.5)``."""
        name = PROCEDURE_NAMES.get(self.procedure, self.procedure.replace("_", " ").capitalize())
        return f"{name} (EotE {self.rule})" if self.rule else name


@dataclass(frozen=True)
class ShownResult:
    """One applied step as the players see it."""

    seq: int
    turn: int
    summary: str
    parts: tuple[ShownPart, ...]


def last_results(
    service: GameService, limit: int = 3, *, hide_ce: bool = False
) -> list[ShownResult]:
    """The last ``limit`` applied steps (undone ones left out), newest first, redacted."""
    from eote_ref.store import history

    out: list[ShownResult] = []
    for e in service.read(history, limit=limit * 4 + 20, newest_first=True):
        if e.status != "done" or e.kind in SKIPPED_KINDS:
            continue
        out.append(_shown(e, hide_ce))
        if len(out) >= limit:
            break
    return out


def _shown(e: JournalEvent, hide_ce: bool) -> ShownResult:
    inputs = e.inputs if isinstance(e.inputs, dict) else {}
    line = Line.from_json(inputs.get(LINE_KEY))
    if line is None and e.kind in ORDER_KINDS:  # kept without its pieces (an older eote-ref)
        return ShownResult(e.seq, e.turn, ORDER_SENT, ())
    if line is None and e.kind == "division" and inputs.get("field") in ORDER_FIELDS:
        return ShownResult(e.seq, e.turn, ORDERS_CHANGED, ())
    if line is not None and Reveals.ORDER in line.reveals():
        # An order's words, sender or countdown, whatever the step (EotE 3.1): its veiled
        # words alone, and none of its figures (the roll on the chart reveals the countdown).
        return ShownResult(e.seq, e.turn, line.shown({Reveals.ORDER, Reveals.CE}), ())
    parts = tuple(_part(o, hide_ce, typed=line is not None) for o in check_results(e.outcome))
    if _uncommanded(inputs):
        # No living leader (3.6, 8.0): the -1 row's radius was never on the table; the
        # line's words say every unit is out of command, and no figure is shown.
        parts = tuple(
            dataclasses.replace(p, base=None, modified=None, modifiers=())
            if p.procedure == "command_radius"
            else p
            for p in parts
        )
    hidden = {Reveals.CE} if hide_ce else set()
    if line is not None:
        summary = line.shown(hidden)
    elif hide_ce and (e.kind in CE_KINDS or any(p.procedure in CE_BASED for p in parts)):
        # An event kept without its pieces (recorded by an older eote-ref): its words are not
        # known to be safe, so the players see what the records say, never the words.
        summary = _veiled_summary(e.kind, parts)
    else:
        summary = e.summary or e.kind
    return ShownResult(e.seq, e.turn, summary, parts)


def _uncommanded(inputs: Mapping[str, Any]) -> bool:
    """A command-radius check of a division the umpire said no one commands (EotE 3.6)."""
    facts = inputs.get("facts")
    return isinstance(facts, Mapping) and facts.get("commanded") is False


def _veiled_summary(kind: str, parts: Sequence[ShownPart]) -> str:
    """A line made of the typed records alone: each procedure's title and result."""
    if not parts:
        return f"{kind.replace('_', ' ').capitalize()} (details hidden)"
    return "; ".join(f"{p.title}: {p.result}" for p in parts)


def _part(o: Mapping[str, Any], hide_ce: bool, *, typed: bool = True) -> ShownPart:
    """One outcome as the players see it; ``typed`` records say what their modifiers reveal.

    An older record (``typed`` False) does not, so with its CE hidden none is shown.
    """
    procedure = str(o.get("procedure", ""))
    hidden = hide_ce and procedure in CE_BASED
    mods = []
    for m in o.get("modifiers") or []:
        if not isinstance(m, Mapping) or (hidden and not typed):
            continue
        reason = str(m.get("reason", ""))
        if hidden and m.get("reveals") == Reveals.CE.value:
            continue  # such a modifier states, cancels or halves the CE itself
        mods.append(
            ShownModifier(
                float(m.get("value", 0)),
                reason,
                str(m.get("rule", "")),
                m.get("source") == "provisional",
            )
        )
    dice = tuple(int(d) for d in (o.get("roll"), o.get("second_roll")) if isinstance(d, int))
    return ShownPart(
        procedure=procedure,
        rule=str(o.get("rule", "")),
        base=None if hidden else _num(o.get("base")),
        modified=None if hidden else _num(o.get("modified")),
        modifiers=tuple(mods),
        dice=dice,
        result=_result_text(o),
        ce_hidden=hidden,
    )


def _num(v: Any) -> float | None:
    return float(v) if isinstance(v, int | float) and not isinstance(v, bool) else None


def _result_text(o: Mapping[str, Any]) -> str:
    """The result in words, as the players read it.

    A fire's hits and disorder; an assault's two halves, each in words with the table's code
    after them (``attacker no decision, defender 2 hits (./2)``); else the procedure's label
    for its result code, or the code itself.
    """
    procedure = str(o.get("procedure", ""))
    result = str(o.get("result", ""))
    if procedure == "fire" and isinstance(o.get("hits"), int):
        hits = int(o["hits"])
        words = [f"{hits} hit{'s' if hits != 1 else ''}"] if hits else []
        if o.get("disorder"):
            words.append("disorder")
        return " and ".join(words) or "no effect"
    reads = result_words_of_pack()
    parts = reads.parts(procedure, result)
    if len(parts) == 2:  # an assault's halves (EotE 7.3)
        attacker, defender = (reads.label(procedure, h) or h for h in parts)
        return f"attacker {attacker}, defender {defender} ({result})"
    return reads.label(procedure, result) or result.replace("_", " ")
