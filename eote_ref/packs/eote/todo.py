"""EotE's turn-guide items: what must be adjudicated in the current phase, from the state.

:func:`checks_due` reads a :class:`~eote_ref.referee.views.GameView` and lists the checks the
rules call for in its phase (EotE 2.0): disordered units that may rally and routed units to
remove in the command phase, units due a morale check in the fire and assault phases,
divisions owing an integrity check in the last phase, and so on. It writes nothing; the
wizards that resolve each item write the journal.

The pack names this module (``TURN_GUIDE`` in :mod:`eote_ref.packs.eote.pack`); the shared
turn guide (:mod:`eote_ref.referee.todo`) asks it for the items, as :class:`DueCheck` rows.
Loaded with the first window: it imports none of the checks at the top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from eote_ref.packs.eote.command_control import attached_elsewhere, in_command
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.game_rules import eote_rules
from eote_ref.referee.phases import Phase
from eote_ref.referee.todo import DueCheck
from eote_ref.referee.views import DivisionView, GameView, UnitView
from eote_ref.referee.wording import hits_text

if TYPE_CHECKING:  # annotations only: the module is loaded with the first window
    from eote_ref.packs.eote.service import GameService


def _units(view: GameView) -> list[tuple[int, DivisionView, UnitView]]:
    return [(s.position, d, u) for s in view.sides for d in s.divisions for u in d.units]


def _leaderless_divisions(view: GameView, game: GameService | None) -> list[DueCheck]:
    """Divisions on the table with no living leader, until their command radius is taken (3.6).

    Only these are listed: without a commander every unit is out of command, which the state
    alone shows and the umpire must not forget (no rally, worse morale and square checks).
    A division whose leader stands on the table is measured when the umpire sees a straggler
    (menu or button), not ticked every turn. With ``game`` one query reads the attached army
    and corps commanders (3.5.2) and this turn's command-radius events; none when every
    division has its leader.
    """
    cands = [
        (s.position, d)
        for s in view.sides
        for d in s.divisions
        if (d.leader is None or d.leader.killed)
        and not d.routed
        and any(not u.off_table for u in d.units)
    ]
    if not cands:
        return []
    settled: set[int] = set()
    if game is not None:
        from eote_ref.packs.eote.checks.command import command_control_this_turn

        settled = command_control_this_turn(game, view, [d.id for _side, d in cands])
    return [
        DueCheck(
            "command_radius",
            f"{d.title}: no commander, command radius and control",
            "3.6",
            side,
            division_id=d.id,
        )
        for side, d in cands
        if d.id not in settled
    ]


def _reinforcements(view: GameView, game: GameService | None) -> list[DueCheck]:
    """A scenario's reinforcements that arrive, or are rolled for, this turn.

    Past the scenario's turn limit, a note that the battle is over comes first.
    """
    if game is None:
        return []
    from eote_ref.referee.scenario_state import scenario_of

    if not scenario_of(game)[0]:  # a game not made from a scenario: its modules stay unloaded
        return []
    from eote_ref.referee.scenario_play import guide_items

    out = []
    limit, due = guide_items(game, view.turn)
    if limit is not None and view.turn > limit:
        title = f"The scenario's {limit} turns are over: End battle (Turn menu) gives the result"
        out.append(DueCheck("scenario_end", title, "", -1, due=False))
    for r in due:
        enters = f", entering {r.enters}" if r.enters else ""
        if r.on is not None:
            how = f"arrive: {r.on}"
        else:
            how = f"roll a d10, {r.roll}+ arrives" if r.turn is None else "arrive"
        title = f"Reinforcements: {r.label} ({how}{enters})"
        out.append(DueCheck("reinforcement", title, "", r.side, key=r.key))
    return out + _army_morale(view, game)


def _army_morale(view: GameView, game: GameService) -> list[DueCheck]:
    """A scenario's demoralised sides and commands, with their effects (house rule).

    Listed for the umpire's information each command phase while they last; a secret
    threshold to roll (Turn → Scenario…) is listed when the track first comes near it.
    """
    from eote_ref.referee.army_morale import effects_text, guide_broken, guide_tracks

    out = []
    names = [s.name for s in view.sides]
    for t in guide_tracks(game, view.turn):
        if t.secret_due:
            title = f"{t.who(names)} army morale nears its level: roll the secret threshold "
            title += f"(d{t.secret_die}, Turn → Scenario…)"
            out.append(DueCheck("army_morale", title, "", t.side, due=False, key=t.key))
        if t.demoralised:
            words = effects_text(t.effects)
            title = t.text(names) + (f": {words}" if words else "")
            out.append(DueCheck("army_morale", title, "", t.side, due=False, key=t.key))
            if t.effects.get("ends_battle"):
                out.append(_battle_ends(f"{t.who(names)} is demoralised"))
    for side, who, broken_effects in guide_broken(game):
        title = f"{who} is at its breakpoint: {effects_text(broken_effects)}"
        out.append(DueCheck("army_morale", title, "", side, due=False))
        if broken_effects.get("ends_battle"):
            out.append(_battle_ends(f"{who} is at its breakpoint"))
    return out


def _battle_ends(why: str) -> DueCheck:
    """The scenario's battle is over (an effect ``ends_battle``): End battle gives the result."""
    return DueCheck(
        "scenario_end", f"{why}: the battle ends. End battle (Turn menu)", "", -1, due=False
    )


def _command_phase(view: GameView, game: GameService | None = None) -> list[DueCheck]:
    """Leaderless divisions, routed units to remove, rested cavalry, disorder (3.6, 5.12, 7.5).

    Pending orders need no item: the turn's carry-over counts them down and switches them
    when due (:mod:`eote_ref.referee.turn`).
    """
    out: list[DueCheck] = _reinforcements(view, game) + _leaderless_divisions(view, game)
    rested = {ln.unit_id for ln in view.links if ln.kind == "rested" and ln.turn == view.turn}
    stay = view.options.get("routed_units_leave_table") == "stay_until_rallied"
    from eote_ref.referee import facts

    engaged = facts.pinned_by_engagement(view)
    units = _units(view)
    carrying: dict[int, list[UnitView]] = {}  # leader id: the units he is attached to
    for _side, _div, x in sorted(units, key=lambda t: t[2].id):
        if x.attached_leader_id is not None:
            carrying.setdefault(x.attached_leader_id, []).append(x)
    for side, div, u in units:
        if u.off_table:
            continue
        if u.routed:
            if not stay:
                title = f"{u.coded_name}: routed, leaves the table"
                out.append(DueCheck("remove_routed", title, "7.5", side, u.id))
            continue
        if u.arm == "cavalry" and u.blown and not u.fought_last_turn and u.id not in rested:
            out.append(
                DueCheck("cavalry_rest", f"{u.coded_name}: rested while blown?", "5.12", side, u.id)
            )
        if u.disordered:
            leader = div.leader
            alive = leader if leader is not None and not leader.killed else None
            # As the rally reads it: not wounded this turn (8.0), nor attached to another
            # unit (3.5.1).
            leader_ok = (
                alive is not None
                and alive.no_rally_turn != view.turn
                and attached_elsewhere(carrying.get(alive.id, []), u.id) is None
            )
            # As the rally reads it: his living leader is the commander measured from (3.6).
            commanded = in_command(u, alive.id if alive is not None else None)
            if div.falling_back:  # until 18" clear or in cover (9.0)
                title = f"{u.coded_name}: disordered, its division is falling back"
                out.append(DueCheck("disorder_rally", title, "9.0", side, u.id, due=False))
            elif leader_ok and not u.pinned and u.id not in engaged and commanded:
                title = f"{u.coded_name}: may rally from disorder"
                out.append(DueCheck("disorder_rally", title, "3.6", side, u.id))
            else:
                title = f"{u.coded_name}: disordered, cannot rally this turn"
                out.append(DueCheck("disorder_rally", title, "3.6", side, u.id, due=False))
    return out


def _initiative_phase(view: GameView) -> list[DueCheck]:
    """The initiative roll, until a side holds it this turn (4.0)."""
    if view.initiative is not None:
        return []
    return [DueCheck("initiative", "Roll for the initiative", "4.0", side=-1)]


def _ruleset(game: GameService | None) -> Ruleset:
    """The game's ruleset (with its options); the default pack's when no game is given."""
    return game.ruleset if game is not None else eote_rules()


def _movement_phase(view: GameView, game: GameService | None = None) -> list[DueCheck]:
    """Batteries that may re-man their guns, ineffective skirmish stands; the rest from the table.

    The phase's other wizards (formation, limber, pinning, skirmishers, passing through,
    charges, square) are offered as buttons and menu entries instead (5.0).
    """
    return _guns_to_reman(view) + _stands_to_reform(view, game)


def _stands_to_reform(view: GameView, game: GameService | None) -> list[DueCheck]:
    """Skirmish stands with the hits that make them ineffective: back to the parent (5.4).

    The skirmishers check opens on ``reform`` for a unit with its stand out.
    """
    limit = int(_ruleset(game).skirmish["ineffective_hits"].value)
    return [
        DueCheck(
            "skirmishers", f"{u.coded_name}: skirmish stand ineffective, reform", "5.4", side, u.id
        )
        for side, _div, u in _units(view)
        if u.skirmishers_out and u.skirmish_hits >= limit and not u.off_table
    ]


def _guns_to_reman(view: GameView) -> list[DueCheck]:
    """Batteries with abandoned guns, not routed: the gunners may go back to them (7.5, 7.7)."""
    return [
        DueCheck(
            "reman_guns", f"{u.coded_name}: guns abandoned, may re-man them", "7.5", side, u.id
        )
        for side, _div, u in _units(view)
        if u.arm == "artillery" and u.guns_abandoned and not u.routed and not u.off_table
    ]


def morale_tested_hits(view: GameView) -> dict[int, int]:
    """The hits each unit had after its last morale check (``morale_tested`` links, 7.5)."""
    out: dict[int, int] = {}
    for ln in view.links:
        if ln.kind == "morale_tested":
            out[ln.unit_id] = int(ln.data.get("hits", 0))
    return out


def morale_checks_due(view: GameView) -> set[int]:
    """The units owed a morale check now: the guide's morale items, in any phase (EotE 7.5).

    A unit at the threshold that has tested at its hits owes none until its next hit; the
    dashboard's Status column reads this, not the hits alone.
    """
    return {c.unit_id for c in _morale_checks(view) if c.unit_id is not None}


def _morale_checks(view: GameView) -> list[DueCheck]:
    """Units at the hit threshold not yet tested at their hits, and units a rout passed (7.5)."""
    tested = morale_tested_hits(view)
    forced = {ln.unit_id for ln in view.links if ln.kind == "morale_due"}
    out: list[DueCheck] = []
    for side, _div, u in _units(view):
        if u.off_table or u.routed:
            continue
        if u.id in forced:
            title = f"{u.coded_name}: a routing unit passed through, morale check"
            out.append(DueCheck("morale", title, "7.5", side, u.id))
        elif u.morale_due and u.hits > tested.get(u.id, -1):
            out.append(
                DueCheck(
                    "morale",
                    f"{u.coded_name}: {hits_text(u.hits)}, morale check",
                    "7.5",
                    side,
                    u.id,
                )
            )
    return out


def _engaged_assaults(view: GameView) -> list[DueCheck]:
    """Assaults left undecided last turn, still to fight; cavalry combats first (7.0, 7.6).

    Its attackers are its units of the side with this turn's initiative (7.6). An engaged
    combat is listed once with all its units (a 2-against-1 stays one combat,
    7.9), from the combat its links carry; links without one (older games) pair up as before.
    A combat fought this turn already (left engaged again, it is next turn's) is not listed,
    nor a unit that has left the table since (7.5): the rest of its combat fights on.
    """
    from eote_ref.referee import facts

    units = {u.id: (side, u) for side, _div, u in _units(view) if not u.off_table}
    fought = facts.fought_pairs(view)
    combats: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
    for ln in facts.engaged_links(view):
        if ln.unit_id not in units or ln.other_id not in units:
            continue
        if frozenset((ln.unit_id, ln.other_id)) in fought:
            continue
        combat = ln.data.get("combat")
        if isinstance(combat, dict):
            att = tuple(int(i) for i in combat.get("attackers", ()) if int(i) in units)
            dfd = tuple(int(i) for i in combat.get("defenders", ()) if int(i) in units)
        else:
            att, dfd = (ln.unit_id,), (ln.other_id,)
        if att and dfd and view.initiative is not None:
            # The side with the initiative attacks this turn, whoever attacked before (7.6).
            everyone = (*att, *dfd)
            ours = tuple(i for i in everyone if units[i][0] == view.initiative)
            if ours:
                att, dfd = ours, tuple(i for i in everyone if i not in ours)
        if att and dfd:
            combats.setdefault((att, dfd), ln.turn)
    out: list[tuple[bool, DueCheck]] = []
    for (att, dfd), since in combats.items():
        if any(frozenset((a, d)) in fought for a in att for d in dfd):
            continue
        side, first = units[att[0]]
        names = [units[i][1].coded_name for i in (*att, *dfd)]
        title = (
            f"Engaged: {' + '.join(names[: len(att)])} against "
            f"{' + '.join(names[len(att) :])} (since turn {since})"
        )
        cavalry = any(units[i][1].arm == "cavalry" for i in (*att, *dfd))
        out.append((not cavalry, DueCheck("assault", title, "7.0", side, first.id)))
    return [c for _inf, c in sorted(out, key=lambda x: x[0])]


def _charges_to_fight(view: GameView) -> list[DueCheck]:
    """This turn's charges not yet fought: each contact is an assault (EotE 5.8, 7.0)."""
    from eote_ref.referee import facts

    units = {u.id: (side, u) for side, _div, u in _units(view)}
    fought = facts.fought_pairs(view)
    out: list[DueCheck] = []
    for f in facts.charges(view):
        if f.other_id is None or f.unit_id not in units or f.other_id not in units:
            continue
        if frozenset((f.unit_id, f.other_id)) in fought:
            continue
        side, a = units[f.unit_id]
        _s, d = units[f.other_id]
        if a.off_table or a.routed:
            continue
        title = f"Charge: {a.coded_name} against {d.coded_name}"
        out.append(DueCheck("assault", title, "5.8", side, a.id))
    return out


def _leader_casualty_phase(view: GameView, game: GameService | None) -> list[DueCheck]:
    """Leaders near this turn's combat (EotE 8.0), each until his roll is in the journal."""
    from eote_ref.packs.eote.checks.leaders import leaders_within_reach

    out: list[DueCheck] = []
    if game is not None:
        for lead in leaders_within_reach(game, view=view):  # rolled leaders are left out
            where = (
                " (attached to an assaulting unit, -2)" if lead.attached_to_assaulting_unit else ""
            )
            out.append(
                DueCheck(
                    "leader_casualty",
                    f"{lead.name}: near combat this turn{where}",
                    "8.0",
                    lead.side,
                    lead.unit_id,
                    lead.division_id,
                )
            )
        return out
    for s in view.sides:
        for d in s.divisions:
            if d.leader and not d.leader.killed and any(u.fought_this_turn for u in d.units):
                title = f"{d.leader.name}: near combat this turn"
                out.append(DueCheck("leader_casualty", title, "8.0", s.position, division_id=d.id))
    return out


def _integrity_phase(view: GameView, game: GameService | None = None) -> list[DueCheck]:
    """Integrity checks (EotE 9.0, twice when 8.0 adds one), rallies (9.1), cavalry (5.10)."""
    from eote_ref.packs.eote.checks.leaders import killed_this_turn
    from eote_ref.packs.eote.checks.rally import routed_units_to_rally

    ruleset = _ruleset(game)
    out: list[DueCheck] = []
    for s in view.sides:
        for d in s.divisions:
            if d.routed:
                continue
            infantry_routed = any(u.routed_this_turn and u.arm == "infantry" for u in d.units)
            leader_killed = (
                d.leader is not None
                and d.leader.killed
                and killed_this_turn(view.turn, d.leader.replacement_due_turn, ruleset)
            )
            if d.falling_back:
                safe = ruleset.scaled(ruleset.distance("division_safe").value, view.figure_scale)
                title = f'{d.title}: falling back until {safe:g}" clear or in cover'
                # It falls back in the movements after the failed check (9.0): in the turn the
                # check failed it has not moved yet, so the item is shown, not owed.
                began = turn_facts.fell_back_this_turn(view, d.id)
                out.append(
                    DueCheck(
                        "falling_back_ended",
                        title,
                        "9.0",
                        s.position,
                        division_id=d.id,
                        due=not began,
                    )
                )
            if not (infantry_routed or leader_killed):
                continue
            if d.in_town:
                title = f"{d.title}: exempt from integrity in a town"
                out.append(
                    DueCheck("integrity_exempt", title, "7.12", s.position, division_id=d.id)
                )
                continue
            causes = [
                why
                for why, due in (
                    ("infantry routed", infantry_routed),
                    ("commander killed", leader_killed),
                )
                if due
            ]
            taken = turn_facts.integrity_checks_taken(view, d.id)
            for why in causes[taken:]:
                out.append(
                    DueCheck(
                        "integrity",
                        f"{d.title}: integrity check ({why})",
                        "9.0",
                        s.position,
                        division_id=d.id,
                    )
                )
    if game is not None:
        by_division: dict[int, list[str]] = {}
        sides: dict[int, int] = {}
        for side, div_id, _unit_id, name in routed_units_to_rally(game, view):
            by_division.setdefault(div_id, []).append(name)
            sides[div_id] = side
        for div_id, names in by_division.items():
            title = f"{', '.join(names)}: routed, may rally once out of combat range"
            # optional: only a division the table shows out of combat range may try (9.1)
            out.append(
                DueCheck("rally", title, "9.1", sides[div_id], division_id=div_id, due=False)
            )
    settled = turn_facts.cavalry_settled(view)
    for side, _div, u in _units(view):
        if u.arm == "cavalry" and u.fought_this_turn and not u.off_table and u.id not in settled:
            title = f"{u.coded_name}: fought this turn, blown at the end of it"
            out.append(DueCheck("cavalry_end_of_turn", title, "5.10", side, u.id))
    return out


def checks_due(view: GameView, game: GameService | None = None) -> list[DueCheck]:
    """The checks the current phase calls for, in table order (side, then division).

    With ``game`` the end-of-turn phases also read the journal: leaders already rolled for,
    integrity checks taken and cavalry settled this turn drop off the list.
    """
    phase = view.phase
    if phase is Phase.COMMAND:
        return _command_phase(view, game)
    if phase is Phase.INITIATIVE:
        return _initiative_phase(view)
    if phase is Phase.MOVEMENT:
        return _movement_phase(view, game)
    if phase is Phase.FIRE:
        return _morale_checks(view)
    if phase is Phase.ASSAULT:
        return _charges_to_fight(view) + _engaged_assaults(view) + _morale_checks(view)
    if phase is Phase.LEADER_CASUALTY:
        return _leader_casualty_phase(view, game)
    if phase is Phase.INTEGRITY:
        return _integrity_phase(view, game)
    return []
