"""The turn guide's to-do list: what must be adjudicated in the current phase, from the state.

:func:`checks_due` reads a :class:`~eote_ref.referee.game.GameView` and lists the checks the
rules call for in its phase (EotE 2.0): disordered units that may rally and routed units to
remove in the command phase, units due a morale check in the fire and assault phases,
divisions owing an integrity check in the last phase, and so on. It writes nothing; the
wizards that resolve each item write the journal.
"""

from __future__ import annotations

from dataclasses import dataclass

from eote_ref.referee.game import DivisionView, GameView, UnitView
from eote_ref.referee.phases import Phase


@dataclass(frozen=True)
class Check:
    """One item of the to-do list.

    ``procedure`` names the rules procedure (and so the wizard) that resolves it; ``unit_id``
    or ``division_id`` says what it concerns; ``rule`` is the governing section.
    """

    procedure: str
    title: str
    rule: str
    side: int
    unit_id: int | None = None
    division_id: int | None = None


def _units(view: GameView) -> list[tuple[int, DivisionView, UnitView]]:
    return [(s.position, d, u) for s in view.sides for d in s.divisions for u in d.units]


def _command_phase(view: GameView) -> list[Check]:
    out: list[Check] = []
    for side, div, u in _units(view):
        if u.off_table:
            continue
        if u.routed:
            out.append(
                Check("remove_routed", f"{u.name}: routed, leaves the table", "7.5", side, u.id)
            )
            continue
        if u.arm == "cavalry" and u.blown and not u.fought_this_turn:
            out.append(Check("cavalry_rest", f"{u.name}: rested while blown?", "5.12", side, u.id))
        if u.disordered:
            leader_ok = div.leader is not None and not div.leader.killed
            if leader_ok and not u.pinned and not u.out_of_command:
                title = f"{u.name}: may rally from disorder"
            else:
                title = f"{u.name}: disordered, cannot rally this turn"
            out.append(Check("disorder_rally", title, "3.6", side, u.id))
    for s in view.sides:
        for d in s.divisions:
            if d.pending_order and d.pending_order_turns is not None and d.pending_order_turns <= 1:
                out.append(
                    Check(
                        "order_arrives",
                        f"{d.name}: {d.pending_order} order arrives",
                        "3.1",
                        s.position,
                        division_id=d.id,
                    )
                )
    return out


def _morale_checks(view: GameView) -> list[Check]:
    return [
        Check("morale", f"{u.name}: {u.hits} hits, morale check", "7.5", side, u.id)
        for side, _div, u in _units(view)
        if u.morale_due and not u.off_table
    ]


def _integrity_phase(view: GameView) -> list[Check]:
    out: list[Check] = []
    for s in view.sides:
        for d in s.divisions:
            if d.routed:
                continue
            infantry_routed = any(u.routed_this_turn and u.arm == "infantry" for u in d.units)
            leader_killed = d.leader is not None and d.leader.killed
            if not (infantry_routed or leader_killed):
                continue
            if d.in_town:
                title = f"{d.name}: exempt from integrity in a town"
                out.append(Check("integrity_exempt", title, "7.12", s.position, division_id=d.id))
                continue
            why = " and ".join(
                w
                for w, due in (
                    ("infantry routed", infantry_routed),
                    ("commander killed", leader_killed),
                )
                if due
            )
            out.append(
                Check(
                    "integrity",
                    f"{d.name}: integrity check ({why})",
                    "9.0",
                    s.position,
                    division_id=d.id,
                )
            )
    for side, _div, u in _units(view):
        if u.arm == "cavalry" and u.fought_this_turn and not u.off_table:
            title = f"{u.name}: fought this turn, blown at the end of it"
            out.append(Check("cavalry_end_of_turn", title, "5.10", side, u.id))
    return out


def checks_due(view: GameView) -> list[Check]:
    """The checks the current phase calls for, in table order (side, then division)."""
    phase = view.phase
    if phase is Phase.COMMAND:
        return _command_phase(view)
    if phase is Phase.INITIATIVE:
        return [Check("initiative", "Roll for the initiative", "4.0", side=-1)]
    if phase in (Phase.FIRE, Phase.ASSAULT):
        return _morale_checks(view)
    if phase is Phase.INTEGRITY:
        return _integrity_phase(view)
    return []
