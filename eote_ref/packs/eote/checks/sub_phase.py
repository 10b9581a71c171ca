"""A fire sub-phase as state of the game (EotE 2.0, 6.0).

The fire phase has two sub-phases, artillery then infantry, and each one's fire is
simultaneous: every fire reads the table as it stood when the sub-phase began, and the
morale checks its hits call for are taken once its fires are over (EotE 6.0). A fire may be
entered on its own (the dashboard's fast path: firer, target, die) or with others in a
queue; either way the sub-phase is the same record:

* the first fire of a sub-phase begins it: a ``sub_phase`` fact (:data:`~eote_ref.referee.
  facts.SUB_PHASE`) holding each unit's fire-phase state (:data:`START_FIELDS`) at that
  moment, written in the same journal event as the fire (undo takes both back);
* every fire of it reads that state (:func:`start_rows`), whatever hits were marked since;
* each firer's ``fired`` fact names the sub-phase: a unit fires once in it, whichever path
  (:func:`refusal`), and undoing a fire takes it out;
* its fires are over (``closed``) once a morale check is taken in the fire phase or the
  infantry sub-phase begins; a fire of a closed sub-phase is refused (6.0).

Pass-through fire during movement (6.7) belongs to no sub-phase.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from eote_ref.packs.eote.markers import UNIT_DEFAULTS
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.views import FactView, GameView, UnitView
from eote_ref.store import Change, GameUnit, SetField

ARTILLERY = "artillery"
INFANTRY = "infantry"
#: The fire sub-phases in table order (EotE 2.0).
ORDER = (ARTILLERY, INFANTRY)
NAMES = {ARTILLERY: "artillery fire", INFANTRY: "infantry fire"}

#: The unit fields a fire reads that the fire phase itself changes (fire: hits, disorder, a
#: skirmish stand's hits; morale: rout, guns left, a unit gone), with their defaults.
START_FIELDS: Mapping[str, Any] = {
    name: UNIT_DEFAULTS[name]
    for name in ("hits", "disordered", "skirmish_hits", "routed", "off_table", "guns_abandoned")
}


@dataclass(frozen=True)
class SubPhase:
    """One fire sub-phase of the turn: its record (if begun) and who fired in it at what."""

    name: str
    #: The ``sub_phase`` fact; None until the first fire of the sub-phase.
    record: FactView | None
    #: The units that have fired in it, each with its target.
    fired: Mapping[int, int | None]

    @property
    def begun(self) -> bool:
        """Whether a fire of the sub-phase has been written."""
        return self.record is not None

    @property
    def closed(self) -> bool:
        """Whether its fires are over (its morale checks began, or the next sub-phase did)."""
        return self.record is not None and bool(self.record.data.get("closed"))

    def start_of(self, unit_id: int) -> dict[str, Any]:
        """Unit ``unit_id``'s fire-phase state when the sub-phase began (defaults filled in)."""
        if self.record is None:
            raise ValueError("the sub-phase has not begun")
        start = self.record.data.get("start") or {}
        own = start.get(str(unit_id)) or {}
        return {k: own.get(k, default) for k, default in START_FIELDS.items()}


def current(view: GameView, name: str, facts: Iterable[FactView] | None = None) -> SubPhase:
    """This turn's sub-phase ``name`` as recorded."""
    if name not in ORDER:
        raise ValueError(f"no fire sub-phase {name!r}")
    pool = tuple(view.facts if facts is None else facts)
    record = next(
        (f for f in turn_facts.of_turn(view, turn_facts.SUB_PHASE, pool) if _name(f) == name),
        None,
    )
    return SubPhase(name, record, turn_facts.fired_in(view, name, pool))


def _name(f: FactView) -> str:
    return str(f.data.get("sub_phase", ""))


def start_state(units: Iterable[UnitView]) -> dict[str, dict[str, Any]]:
    """Each unit's fire-phase state, only the values other than the default (kept small)."""
    out: dict[str, dict[str, Any]] = {}
    for u in units:
        own = {k: getattr(u, k) for k, d in START_FIELDS.items() if getattr(u, k) != d}
        if own:
            out[str(u.id)] = own
    return out


def begin_changes(view: GameView, name: str) -> list[Change]:
    """The changes that begin sub-phase ``name`` with a fire (none once it has begun).

    The record keeps the state as it stands now, before the fire's own changes; beginning
    the infantry sub-phase ends the artillery's (EotE 2.0: artillery fire first).
    """
    sub = current(view, name)
    if sub.begun:
        return []
    units = (u for s in view.sides for u in s.units)
    out: list[Change] = [
        turn_facts.game_fact(
            turn_facts.SUB_PHASE, view.turn, sub_phase=name, start=start_state(units), closed=False
        )
    ]
    for earlier in ORDER[: ORDER.index(name)]:
        out += close_changes(view, earlier)
    return out


def close_changes(view: GameView, name: str | None = None) -> list[Change]:
    """The changes that end the fires of sub-phase ``name`` (default: every open one)."""
    out: list[Change] = []
    for n in ORDER if name is None else (name,):
        sub = current(view, n)
        if sub.record is not None and not sub.closed:
            out.append(
                SetField("game_fact", sub.record.id, "data", {**sub.record.data, "closed": True})
            )
    return out


def refusal(view: GameView, name: str, firers: Mapping[int, str]) -> str | None:
    """Why ``firers`` (id → name) may not fire in sub-phase ``name`` now, or None (EotE 6.0)."""
    sub = current(view, name)
    if sub.closed:
        return (
            f"the {NAMES[name]} is over: its morale checks or the next sub-phase have begun "
            "(EotE 6.0); undo them to add a fire"
        )
    for uid, unit_name in firers.items():
        if uid in sub.fired:
            return f"{unit_name} has already fired in the {NAMES[name]} this turn (EotE 6.0)"
    return None


def start_rows(rows: Mapping[int, GameUnit], sub: SubPhase) -> dict[int, GameUnit]:
    """``rows`` (detached copies) as they stood when ``sub`` began; unchanged before it begins.

    The copies are changed in place: callers pass rows read for this purpose only.
    """
    if sub.record is None:
        return dict(rows)
    for uid, row in rows.items():
        for k, v in sub.start_of(uid).items():
            setattr(row, k, v)
    return dict(rows)
