"""The facts of the turn: what the checks established, kept as game state for the checks after.

A charge made in the movement phase, a fire (its firers and target), the units of an assault,
a cavalry breakthrough taken: each is a ``game_fact`` row written by the check that
establishes it, in the same journal event (undo removes it with the check), and deleted when
the next turn starts (:func:`clear_changes`). Later checks and the turn guide read them here,
never from the journal:

* the assault phase lists this turn's charges and the assault check opens on the defender
  charged (EotE 5.8, 7.0);
* the leader-casualty list comes from the units that fired, were fired on or fought, with the
  leaders attached to them or to their divisions (EotE 8.0);
* a second breakthrough combat for the same cavalry is refused, and the sabre bonus is offered
  only when the breakthrough contacts the unit it beat (EotE 5.15, 7.7.1); until its combat is
  fought the cavalry is on breakthrough movement, which an assault it attacks in and a square
  tried against it read (5.6, 5.15) instead of a box ticked by hand;
* a leader rolled for in the leader-casualty phase leaves the list for the rest of the turn
  (EotE 8.0);
* a division measured for command radius (3.6), a division's integrity checks (9.0) and
  cavalry settled at the end of the turn (5.10) leave the turn guide;
* a battery that left its guns this turn re-mans them next turn at the earliest (7.5);
* a fire sub-phase (artillery, then infantry) is one record: the state it began from, which
  every fire of it reads, and whether its fires are over (EotE 2.0, 6.0; see
  :mod:`eote_ref.packs.eote.checks.sub_phase`); each firer's ``fired`` fact names its
  sub-phase, so a unit fires once in it whichever way the fire was entered;
* the movement phase's start (the units pinned as it began) is recorded by the phase change,
  and a square's -4 reads it, not the pinned marker of the moment (EotE 5.6, 5.7);
* an assault is one combat: its ``fought`` and ``supported`` facts, and the ``engaged`` links
  it leaves for next turn, carry the whole combat (attackers, defenders, supporters), so an
  engaged 2-against-1 comes back as one combat (EotE 7.0, 7.9).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from eote_ref.referee.views import FactView, GameView, LinkView
from eote_ref.store import Change, DeleteRow, InsertRow, SetField

#: Cavalry contact made in movement: ``unit_id`` charged ``other_id`` (EotE 5.8).
CHARGE = "charge"
#: A fire: ``unit_id`` fired at ``other_id`` (EotE 6.0); ``data["sub_phase"]`` names the fire
#: sub-phase (``artillery`` / ``infantry``) it was part of, absent for pass-through fire (6.7).
FIRED = "fired"
#: An assault round: attacker ``unit_id`` fought defender ``other_id`` (EotE 7.0);
#: ``data["breakthrough"]`` marks a combat on breakthrough movement (EotE 5.15), and
#: ``data["combat"]`` the whole combat (:func:`combat_data`) it was part of (EotE 7.9).
FOUGHT = "fought"
#: A supporter ``unit_id`` backed defender ``other_id`` this turn (EotE 7.2).
SUPPORTED = "supported"
#: Cavalry ``unit_id`` took its breakthrough after beating ``other_id`` (EotE 5.15).
BREAKTHROUGH = "breakthrough"

#: The leader ``data["leader_id"]`` rolled his casualty check this turn (EotE 8.0); ``unit_id``
#: is the unit whose combat brought him within reach (the one he is attached to, else one of
#: his division's units in combat).
LEADER_ROLLED = "leader_rolled"

#: Cavalry ``unit_id`` whose end of the turn (blown, disintegrated) was applied (EotE 5.10).
CAVALRY_SETTLED = "cavalry_settled"
#: Battery ``unit_id`` left its guns this turn: it re-mans them next turn at the earliest
#: (EotE 7.5). Implied by the change itself (:func:`implied`), whoever makes it.
GUNS_ABANDONED = "guns_abandoned"

#: A fire sub-phase began (EotE 2.0, 6.0); a fact about the game (no unit, no division):
#: ``data`` holds ``sub_phase``, ``start`` (each unit's fire-phase state as it began, only the
#: values other than the default) and ``closed`` (its fires are over: its morale checks began,
#: or the next sub-phase did). See :mod:`eote_ref.packs.eote.checks.sub_phase`.
SUB_PHASE = "sub_phase"
#: The movement phase began (EotE 2.0, 5.0); a fact about the game: ``data["pinned"]`` lists
#: the units pinned as it began, which the square's -4 reads (EotE 5.6) whatever pins the unit
#: later in the phase (a failed square, 5.7 pinning). Written by the phase change.
MOVEMENT_BEGAN = "movement_began"

#: Facts about a division (``command_id``; no unit).
#: The division's command radius and control were measured this turn (EotE 3.6).
RADIUS_MEASURED = "radius_measured"
#: The division took an integrity check this turn (EotE 9.0; up to one per cause).
INTEGRITY_CHECKED = "integrity_checked"

UNIT_KINDS = (
    CHARGE,
    FIRED,
    FOUGHT,
    SUPPORTED,
    BREAKTHROUGH,
    LEADER_ROLLED,
    CAVALRY_SETTLED,
    GUNS_ABANDONED,
)
#: The division stopped falling back this turn clear of the enemy (EotE 9.0): it is out of
#: tactical combat range (1.9), which its units' rallies read (9.1).
FELL_BACK_CLEAR = "fell_back_clear"
DIVISION_KINDS = (RADIUS_MEASURED, INTEGRITY_CHECKED, FELL_BACK_CLEAR)
GAME_KINDS = (SUB_PHASE, MOVEMENT_BEGAN)
KINDS = UNIT_KINDS + DIVISION_KINDS + GAME_KINDS


def fact(kind: str, turn: int, unit_id: int, other_id: int | None = None, **data: Any) -> Change:
    """A new fact about a unit, to be written with the check that establishes it."""
    if kind not in UNIT_KINDS:
        raise ValueError(f"unknown unit fact kind {kind!r}")
    return InsertRow(
        "game_fact",
        {"kind": kind, "turn": turn, "unit_id": unit_id, "other_id": other_id, "data": data},
    )


def division_fact(kind: str, turn: int, division_id: int, **data: Any) -> Change:
    """A new fact about a division, to be written with the check that establishes it."""
    if kind not in DIVISION_KINDS:
        raise ValueError(f"unknown division fact kind {kind!r}")
    return InsertRow(
        "game_fact",
        {"kind": kind, "turn": turn, "unit_id": None, "command_id": division_id, "data": data},
    )


def game_fact(kind: str, turn: int, **data: Any) -> Change:
    """A new fact about the game itself (a fire sub-phase begun), written with its check."""
    if kind not in GAME_KINDS:
        raise ValueError(f"unknown game fact kind {kind!r}")
    return InsertRow(
        "game_fact",
        {"kind": kind, "turn": turn, "unit_id": None, "command_id": None, "data": data},
    )


def combat_data(
    attackers: Iterable[int], defenders: Iterable[int], supporters: Iterable[int] = ()
) -> dict[str, list[int]]:
    """One combat as its facts and links record it: every unit of it, by role (EotE 7.9)."""
    return {
        "attackers": sorted({int(i) for i in attackers}),
        "defenders": sorted({int(i) for i in defenders}),
        "supporters": sorted({int(i) for i in supporters}),
    }


#: Unit fields whose change may imply a fact (:func:`implied`): the marker of guns left.
IMPLYING_FIELDS = frozenset({"markers.guns_abandoned"})


def implied(changes: Sequence[Change], turn: int) -> list[Change]:
    """The facts a command's own changes establish, whichever check or edit made them.

    Guns abandoned (EotE 7.5) come from an assault, a morale result or the umpire's marker
    alike; the fact is what "abandoned this turn" reads.
    """
    return [
        fact(GUNS_ABANDONED, turn, c.row_id)
        for c in changes
        if isinstance(c, SetField)
        and c.entity == "game_unit"
        and c.field in IMPLYING_FIELDS
        and c.value is True
        and isinstance(c.row_id, int)
    ]


def clear_changes(facts: Iterable[FactView]) -> list[Change]:
    """The deletions that clear ``facts`` when a new turn starts."""
    return [DeleteRow("game_fact", f.id) for f in facts]


def of_turn(view: GameView, kind: str, facts: Iterable[FactView] | None = None) -> list[FactView]:
    """This turn's facts of ``kind`` (from ``facts``, default the view's)."""
    pool = view.facts if facts is None else facts
    return [f for f in pool if f.kind == kind and f.turn == view.turn]


def charges(view: GameView) -> list[FactView]:
    """This turn's charges, in the order they were made (EotE 5.8)."""
    return of_turn(view, CHARGE)


def charged_by(view: GameView, unit_id: int) -> list[int]:
    """The units ``unit_id`` charged this turn."""
    return [f.other_id for f in charges(view) if f.unit_id == unit_id and f.other_id is not None]


def chargers_of(view: GameView, unit_id: int) -> list[int]:
    """The units that charged ``unit_id`` this turn."""
    return [f.unit_id for f in charges(view) if f.other_id == unit_id and f.unit_id is not None]


def fought_pairs(view: GameView, facts: Iterable[FactView] | None = None) -> set[frozenset[int]]:
    """The attacker-defender pairs that fought an assault this turn."""
    return {
        frozenset((f.unit_id, f.other_id))
        for f in of_turn(view, FOUGHT, facts)
        if f.unit_id is not None and f.other_id is not None
    }


def units_that_fought(view: GameView, facts: Iterable[FactView] | None = None) -> set[int]:
    """Units that fought an assault this turn, on either side (EotE 7.0)."""
    out: set[int] = set()
    for f in of_turn(view, FOUGHT, facts):
        if f.unit_id is not None:
            out.add(f.unit_id)
        if f.other_id is not None:
            out.add(f.other_id)
    return out


def units_in_combat(view: GameView) -> set[int]:
    """Units that fired, were fired on, or fought this turn (EotE 8.0)."""
    out = units_that_fought(view)
    for f in of_turn(view, FIRED):
        if f.unit_id is not None:
            out.add(f.unit_id)
        if f.other_id is not None:
            out.add(f.other_id)
    return out


def fired_in(
    view: GameView, sub_phase: str, facts: Iterable[FactView] | None = None
) -> dict[int, int | None]:
    """The units that have fired in this turn's ``sub_phase``, each with its target (6.0)."""
    return {
        f.unit_id: f.other_id
        for f in of_turn(view, FIRED, facts)
        if f.unit_id is not None and f.data.get("sub_phase") == sub_phase
    }


def fired_this_turn(view: GameView) -> dict[int, str]:
    """Each unit that has fired in a fire sub-phase this turn, with the sub-phase's name."""
    out: dict[int, str] = {}
    for f in of_turn(view, FIRED):
        where = f.data.get("sub_phase")
        if f.unit_id is not None and isinstance(where, str):
            out[f.unit_id] = where
    return out


def combats(view: GameView, facts: Iterable[FactView] | None = None) -> list[dict[str, list[int]]]:
    """This turn's combats (EotE 7.9), each once, in the order they were fought."""
    out: list[dict[str, list[int]]] = []
    for f in of_turn(view, FOUGHT, facts):
        combat = f.data.get("combat")
        if isinstance(combat, dict) and combat not in out:
            out.append(combat)
    return out


def supporters(view: GameView, facts: Iterable[FactView] | None = None) -> set[int]:
    """Units that supported a defender this turn (EotE 7.2)."""
    return {f.unit_id for f in of_turn(view, SUPPORTED, facts) if f.unit_id is not None}


def breakthrough_beaten(
    view: GameView, cavalry_id: int, facts: Iterable[FactView] | None = None
) -> int | None:
    """The unit ``cavalry_id`` beat before taking its breakthrough this turn, if it took one."""
    for f in of_turn(view, BREAKTHROUGH, facts):
        if f.unit_id == cavalry_id:
            return f.other_id
    return None


def breakthrough_fought(
    view: GameView, cavalry_id: int, facts: Iterable[FactView] | None = None
) -> bool:
    """Whether ``cavalry_id`` has fought its one breakthrough combat this turn (EotE 5.15)."""
    return any(
        cavalry_id in (f.unit_id, f.other_id) and f.data.get("breakthrough")
        for f in of_turn(view, FOUGHT, facts)
    )


def breakthrough_under_way(
    view: GameView, cavalry_id: int, facts: Iterable[FactView] | None = None
) -> bool:
    """Whether ``cavalry_id`` is on its breakthrough movement (EotE 5.15).

    Taken this turn, its one breakthrough combat not yet fought: a combat it enters now is
    that combat, and infantry it comes within pinning distance of may try square (5.6).
    """
    found = list(facts) if facts is not None else None
    return breakthrough_beaten(view, cavalry_id, found) is not None and not breakthrough_fought(
        view, cavalry_id, found
    )


def cavalry_breaking_through(view: GameView, facts: Iterable[FactView] | None = None) -> set[int]:
    """The cavalry on breakthrough movement this turn (:func:`breakthrough_under_way`)."""
    found = list(facts) if facts is not None else None
    return {
        f.unit_id
        for f in of_turn(view, BREAKTHROUGH, found)
        if f.unit_id is not None and breakthrough_under_way(view, f.unit_id, found)
    }


def leaders_rolled(view: GameView, facts: Iterable[FactView] | None = None) -> set[int]:
    """Leaders who have rolled their casualty check this turn (EotE 8.0)."""
    return {
        int(f.data["leader_id"])
        for f in of_turn(view, LEADER_ROLLED, facts)
        if isinstance(f.data.get("leader_id"), int)
    }


def cavalry_settled(view: GameView) -> set[int]:
    """Cavalry whose end of this turn has been applied (EotE 5.10)."""
    return {f.unit_id for f in of_turn(view, CAVALRY_SETTLED) if f.unit_id is not None}


def guns_abandoned_this_turn(view: GameView, unit_id: int) -> bool:
    """Whether ``unit_id`` left its guns this turn (EotE 7.5)."""
    return any(f.unit_id == unit_id for f in of_turn(view, GUNS_ABANDONED))


def movement_began(view: GameView, pinned: Iterable[int]) -> Change:
    """The fact that this turn's movement phase began with ``pinned`` pinned (EotE 5.6, 5.7)."""
    return game_fact(MOVEMENT_BEGAN, view.turn, pinned=sorted(int(i) for i in pinned))


def pinned_at_movement_start(view: GameView, unit_id: int) -> bool | None:
    """Whether ``unit_id`` was pinned as this turn's movement phase began (EotE 5.6).

    ``None`` when the phase has not begun this turn (or began before it was recorded): then
    nothing has moved yet, and the unit's pinned marker is what holds.
    """
    began = of_turn(view, MOVEMENT_BEGAN)
    if not began:
        return None
    return unit_id in {int(i) for i in began[-1].data.get("pinned", ())}


def divisions_measured(view: GameView) -> set[int]:
    """Divisions whose command radius and control were measured this turn (EotE 3.6)."""
    return {f.command_id for f in of_turn(view, RADIUS_MEASURED) if f.command_id is not None}


def fell_back_this_turn(view: GameView, division_id: int) -> bool:
    """Whether ``division_id`` failed an integrity check this turn and began falling back (9.0)."""
    return any(
        f.command_id == division_id and f.data.get("result") == "fall_back"
        for f in of_turn(view, INTEGRITY_CHECKED)
    )


def integrity_checks_taken(view: GameView, division_id: int) -> int:
    """How many integrity checks ``division_id`` has taken this turn (EotE 9.0)."""
    return sum(1 for f in of_turn(view, INTEGRITY_CHECKED) if f.command_id == division_id)


def engaged_links(view: GameView) -> list[LinkView]:
    """The ``engaged`` links still in force: both units on the table (EotE 7.0, 7.5).

    A unit that has left the table (a routed unit removed in the command phase, 7.5) is no
    longer in contact: its links end the combat for it, and the other units of a several-unit
    combat fight on. Every reader of "engaged" goes through here.
    """
    gone = {u.id for side in view.sides for u in side.units if u.off_table}
    return [
        ln
        for ln in view.links
        if ln.kind == "engaged" and ln.unit_id not in gone and ln.other_id not in gone
    ]


def combat_units(view: GameView, ids: Iterable[Any]) -> tuple[int, ...]:
    """The units of a recorded combat's side that are still on the table (EotE 7.0, 7.9)."""
    gone = {u.id for side in view.sides for u in side.units if u.off_table}
    return tuple(int(i) for i in ids if int(i) not in gone)


def pinned_by_engagement(view: GameView) -> set[int]:
    """Units an ``engaged`` link holds in contact with the enemy, and so pinned (EotE 5.7).

    An engaged unit is in contact, well inside the pinning distance: infantry and artillery are
    pinned by any enemy unit, cavalry only by enemy cavalry (5.7). A pinned unit cannot rally
    from disorder (3.6, 5.7).
    """
    arms = {u.id: u.arm for side in view.sides for u in side.units}
    out: set[int] = set()
    for ln in engaged_links(view):
        for me, them in ((ln.unit_id, ln.other_id), (ln.other_id, ln.unit_id)):
            if me in arms and them in arms and (arms[me] != "cavalry" or arms[them] == "cavalry"):
                out.add(me)
    return out
