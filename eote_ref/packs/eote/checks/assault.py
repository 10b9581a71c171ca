"""Tactical assault (EotE 7.x): several units a side, supporters, the roll and every consequence.

The attacker is the side with the initiative (7.6). The umpire picks the attacking and
defending units (several a side combine by 7.9), the defender's supporters (7.2: up to three,
each with its position and enfilade) and the situation flags (town 7.12, woods, uphill, the
sabre bonus 7.7.1, sappers). One apply writes both sides' results as one journal event:
disorder, hits, fall back (with its distance in the result), rout, guns abandoned (7.0, 7.7),
blown markers (5.10, 5.11), the fought-this-turn mark of every unit that fought (8.0), the
breakthrough choice (5.15, with the British roll of 5.151), the artillery fall-back option
(7.8), and an ``engaged`` link when the fight goes on next turn (7.0, 7.3).

An assaulted battery first makes its 7.10 choice: it stands, or (when the rules allow it)
limbers and moves away, or abandons its guns. A battery that goes is not fought: its choice is
applied with no roll (or, beside other defenders, the assault is fought against those only).
The first page also warns of the once-a-turn limits the journal shows were already used:
a supporter that supported this turn (7.2), infantry that fought an assault round (7.0).
"""

from __future__ import annotations

import builtins
import dataclasses
from typing import Any

from eote_ref.packs.eote.checks import link, register
from eote_ref.packs.eote.checks.assault_questions import (
    BATTERY_RESULTS,
    SUPPORT_SLOTS,
    AssaultQuestions,
)
from eote_ref.packs.eote.checks.command import unit_commander_id
from eote_ref.packs.eote.checks.fire import side_of, unit_rows
from eote_ref.packs.eote.checks.guns import remanned_ids
from eote_ref.packs.eote.checks.situations import effect_changes, rules_unit
from eote_ref.packs.eote.rules.assault import AssaultSituation, DefenderCover, Position, Support
from eote_ref.packs.eote.rules.cavalry import (
    BritishBreakthroughSituation,
    british_cavalry_breakthrough,
)
from eote_ref.packs.eote.rules.core import Effect, Outcome, Reveals
from eote_ref.packs.eote.rules.results import assault_half_label, assault_halves
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.journal_line import Line, Piece
from eote_ref.referee.markers import unit_change
from eote_ref.store import Change, DeleteRow, SetField


def _half_text(code: str) -> str:
    """One side's result in words: ``D`` reads "disorder" (the rules' label of the code)."""
    return assault_half_label(code)


#: Notes of the rules' unit effects, reworded to follow the unit's name.
NOTE_WORDS = {
    "fought: blown at the end of the turn (5.10)": (
        "fought this turn: it takes a blown marker at the end of the turn (5.10)"
    ),
    "fought while blown: disintegrates at the end of the turn (5.11)": (
        "fought while already blown: it disintegrates at the end of the turn (5.11)"
    ),
    'may make one 10" breakthrough, disordered (5.15)': (
        'may make one 10" breakthrough move, ending disordered (5.15)'
    ),
}


class _Prefixed:
    """Dice whose names carry a prefix, so a second procedure's die is asked separately."""

    def __init__(self, dice: Any, prefix: str) -> None:
        self.dice = dice
        self.prefix = prefix

    def d10(self, name: str = "roll") -> int:
        return int(self.dice.d10(f"{self.prefix}{name}"))

    def percentile(self, name: str = "percentile") -> int:
        return int(self.dice.percentile(f"{self.prefix}{name}"))


@register
class AssaultCheck(AssaultQuestions):
    """One assault between the initiative side's attackers and the other side's defenders.

    Target keys: ``unit_id`` (a unit in the fight; its engaged partners are pre-selected),
    ``attackers`` / ``defenders`` (unit ids), ``breakthrough`` and ``sabre_bonus`` (a
    follow-up on breakthrough movement, EotE 5.15, 7.7.1), ``side`` (the attacking side when
    the initiative is not recorded), ``battery_choice`` (a battery's 7.10 choice, pre-set).
    """

    procedure = "assault"
    key = "assault"
    title = "Assault"
    rule = "7.6"
    dice_labels = {"roll": "assault d10", "breakthrough_roll": "British breakthrough d10"}

    def set(self, key: str, value: Any) -> None:
        """Answer one question; on a breakthrough a new defender re-reads the sabre bonus.

        New attackers re-read whether the combat is on breakthrough movement (5.15) unless
        the umpire has answered that himself.
        """
        super().set(key, value)
        if key == "attackers" and "breakthrough" not in self.__dict__.get("answered", ()):
            self.values["breakthrough"] = self.on_breakthrough(self.attacker_ids())
        if key in ("attackers", "defenders", "breakthrough"):
            self.values["sabre_bonus"] = self._sabre_due(self.attacker_ids(), self.defender_ids())

    # ------------------------------------------------------------------ situation
    def attacker_ids(self) -> tuple[int, ...]:
        """The attacking units chosen."""
        return tuple(int(i) for i in self.values["attackers"] or ())

    def defender_ids(self) -> tuple[int, ...]:
        """The defending units chosen."""
        return tuple(int(i) for i in self.values["defenders"] or ())

    def support_ids(self) -> list[tuple[int, str, bool]]:
        """The supporters chosen: (unit id, position, enfilade)."""
        out = []
        for n in range(1, SUPPORT_SLOTS + 1):
            uid = self.values[f"support_{n}"]
            if uid is not None:
                out.append(
                    (
                        int(uid),
                        self.values[f"support_{n}_position"],
                        bool(self.values[f"support_{n}_enfilade"]),
                    )
                )
        return out

    def _checked_sides(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The attackers and defenders, refused unless each side is chosen and right (7.6)."""
        att, dfd = self.attacker_ids(), self.defender_ids()
        if not att:
            raise RefereeError("choose the attacking units")
        if not dfd:
            raise RefereeError("choose the defending units")
        for i in att:
            if self._side(i) != self.attacking_side:
                raise RefereeError("attackers come from the side with the initiative (7.6)")
        for i in dfd:
            if self._side(i) == self.attacking_side:
                raise RefereeError("defenders come from the side without the initiative (7.6)")
        return att, dfd

    # ------------------------------------------------------------------ 7.10
    def evading_ids(self) -> tuple[int, ...]:
        """Defending batteries that move away or abandon their guns instead of fighting (7.10).

        Raises:
            RefereeError: the choice is not open to a battery (limbered or not, horse or
                foot, assaulted by infantry or by cavalry).
        """
        choice = self.values["battery_choice"]
        if choice == "stand":
            return ()
        batteries = tuple(i for i in self.defender_ids() if self.unit(i).arm == "artillery")
        if not batteries:
            raise RefereeError("no defender is a battery: the choice of 7.10 is artillery's")
        cavalry = any(self.unit(i).arm == "cavalry" for i in self.attacker_ids())
        for i in batteries:
            u = self.unit(i)
            limbered = u.limbered or u.formation == "limbered"
            if u.guns_abandoned:
                raise RefereeError(f"{u.name} has already abandoned its guns")
            if choice == "move_away" and not limbered:
                if u.type != "horse":
                    raise RefereeError(
                        f"{u.name} is unlimbered: only limbered guns, or horse artillery "
                        "assaulted by infantry, move away (7.10)"
                    )
                if cavalry:
                    raise RefereeError(
                        f"{u.name}: unlimbered horse artillery limbers and moves away only "
                        "when infantry assaults it (7.10)"
                    )
            if choice == "abandon":
                if limbered:
                    raise RefereeError(f"{u.name} is limbered: it may move away instead (7.10)")
                if cavalry and not self.values["square_adjacent"]:
                    raise RefereeError(
                        f"{u.name}: against cavalry the gunners may abandon the guns only "
                        "into an adjacent infantry square (7.10)"
                    )
        return batteries

    def fighting_defender_ids(self) -> tuple[int, ...]:
        """The defenders the assault is fought against: all but batteries that went (7.10)."""
        gone = set(self.evading_ids())
        return tuple(i for i in self.defender_ids() if i not in gone)

    @staticmethod
    def is_decided(outcome: Outcome) -> bool:
        """Whether no assault was fought: every defender was a battery that went (7.10)."""
        return outcome.roll is None and bool(outcome.details.get("evading"))

    def _battery_outcome(self, evading: tuple[int, ...]) -> Outcome:
        """No roll: the batteries' choice is the whole result (7.10)."""
        choice = self.values["battery_choice"]
        result = "moves_away" if choice == "move_away" else "abandons_guns"
        details = {
            "battery_choice": choice,
            "evading": list(evading),
            "fought": [],
            "breakthrough": None,
            "breakthrough_taken": False,
        }
        return Outcome.decided("assault", "7.10", result, details=details)

    def _battery_text(self, outcome: Outcome) -> str:
        """``Sinclair's Battery RA abandons its guns`` (empty when every battery stood)."""
        evading = outcome.details.get("evading") or ()
        if not evading:
            return ""
        names = " + ".join(self.unit(int(i)).name for i in evading)
        verb = "moves away" if outcome.details["battery_choice"] == "move_away" else "abandons"
        if verb == "abandons":
            verb += " its guns" if len(evading) == 1 else " their guns"
        return f"{names} {verb}, not assaulted (7.10)"

    def _battery_notes(self, outcome: Outcome) -> list[str]:
        out = []
        cavalry = any(self.unit(i).arm == "cavalry" for i in self.attacker_ids())
        for i in outcome.details.get("evading") or ():
            u = self.unit(int(i))
            if outcome.details["battery_choice"] == "move_away":
                first = "" if u.limbered or u.formation == "limbered" else "limber it and "
                out.append(f"{u.name}: {first}move it away from its attackers (7.10)")
            else:
                where = "into the adjacent infantry square" if cavalry else "clear of the attackers"
                out.append(
                    f"{u.name}: the gunners leave the guns and go {where} (7.10); they may "
                    "re-man them in a later movement phase (7.5)"
                )
        return out

    # ------------------------------------------------------------------ once a turn
    def _earlier_assaults(self) -> tuple[builtins.set[int], builtins.set[int]]:
        """This turn's facts: units that fought an assault, units that supported (7.0, 7.2)."""
        found = self.game.facts()
        return turn_facts.units_that_fought(self.view, found), turn_facts.supporters(
            self.view, found
        )

    def warnings(self) -> list[str]:
        """Once-a-turn limits this turn's journal shows already used (warnings, not refusals).

        A unit supports a defender once a turn (7.2); infantry fights one assault round a
        turn (7.0), though a defender caught again on a cavalry breakthrough fights (7.3).
        """
        fought, supported = self._earlier_assaults()
        out = []
        for uid, _pos, _enf in self.support_ids():
            if uid in supported:
                out.append(
                    f"{self.unit(uid).name} already supported a defender this turn: "
                    "a unit supports once a turn (EotE 7.2)"
                )
        try:
            defenders = self.fighting_defender_ids()
        except RefereeError:
            defenders = self.defender_ids()
        if self.values["breakthrough"]:
            defenders = ()  # contacted again on a breakthrough: fought again (7.3)
        for uid in (*self.attacker_ids(), *defenders):
            u = self.unit(uid)
            if u.arm in ("infantry", "engineers") and uid in fought:
                out.append(
                    f"{u.name} already fought an assault round this turn: infantry fights "
                    "one round a turn (EotE 7.0)"
                )
        return out

    def situation(self) -> AssaultSituation:
        """The units as stored (routed defenders count CE 0, 7.4) with the table facts.

        Batteries that moved away or abandoned their guns (7.10) are left out.
        """
        att, dfd = self._checked_sides()
        if self.values["breakthrough"]:
            for a in att:
                if turn_facts.breakthrough_fought(self.view, a):
                    raise RefereeError(
                        f"{self.unit(a).name} has fought its breakthrough combat this turn: "
                        "cavalry makes one breakthrough combat (5.15)"
                    )
        fighting = self.fighting_defender_ids()
        sups = self.support_ids()
        ids = [s[0] for s in sups]
        if len(set(ids)) != len(ids):
            raise RefereeError("a unit supports only once (7.2)")
        if set(ids) & set(dfd):
            raise RefereeError("a defending unit cannot also support (7.2)")
        if set(ids) & set(att):
            raise RefereeError("an attacking unit cannot also support (7.2)")
        for uid in ids:
            if (self._side(uid) == self.attacking_side) != self.supports_attackers:
                raise RefereeError(
                    f"{self.unit(uid).name} cannot support: only the side without the "
                    "initiative is supported (7.2, 7.6; option assault_attacker)"
                )
        links = turn_facts.engaged_links(self.view)
        engaged = {ln.unit_id for ln in links} | {ln.other_id for ln in links}
        rows = unit_rows(self.game, (*att, *dfd, *ids))
        supported = bool(self.values["artillery_supported"])
        supports = []
        silent = remanned_ids(self.view)
        for uid, pos, enf in sups:
            if uid in engaged:
                raise RefereeError(f"{rows[uid].name} is engaged and cannot support (7.2)")
            if rows[uid].arm == "artillery" and (rows[uid].guns_abandoned or uid in silent):
                raise RefereeError(f"{rows[uid].name} has no manned guns this turn (7.2, 7.5)")
            u = rules_unit(rows[uid], commander_id=unit_commander_id(self, rows[uid]))
            supports.append(Support(u.arm, u.formation, Position(pos), enf))
        return AssaultSituation(
            attackers=[
                rules_unit(rows[i], commander_id=unit_commander_id(self, rows[i])) for i in att
            ],
            defenders=[
                rules_unit(
                    rows[i], commander_id=unit_commander_id(self, rows[i]), supported=supported
                )
                for i in fighting
            ],
            supports=supports,
            attacker_position=Position(self.values["attacker_position"]),
            attacker_enfilade=bool(self.values["attacker_enfilade"]),
            defender_cover=DefenderCover(self.values["defender_cover"]),
            uphill=bool(self.values["uphill"]),
            sabre_bonus=bool(self.values["sabre_bonus"]),
            sappers=bool(self.values["sappers"]),
            breakthrough=bool(self.values["breakthrough"]),
            figure_scale=self.view.figure_scale,
            attackers_have_initiative=self.attackers_have_initiative,
            attack_columns=bool(self.values.get("attack_columns", True)),
        )

    def run(self, dice: Any) -> Outcome:
        """The batteries' 7.10 choice, the assault, then the British breakthrough roll (5.151).

        When every defender is a battery that moves away or abandons its guns, nothing is
        fought and nothing rolled: the choice is the result.
        """
        evading = self.evading_ids()
        fighting = self.fighting_defender_ids()
        if evading and not fighting:
            self._checked_sides()
            return self._battery_outcome(evading)
        outcome = super().run(dice)
        side = outcome.details.get("breakthrough")
        taken = False
        if side:
            ids = self.attacker_ids() if side == "attacker" else fighting
            wish = bool(self.values["takes_breakthrough"])
            nation = self.unit(ids[0]).nation
            british = british_cavalry_breakthrough(
                BritishBreakthroughSituation(
                    nation=nation or "",
                    takes_breakthrough=wish,
                    figure_scale=self.view.figure_scale,
                ),
                self.game.ruleset,
                _Prefixed(dice, "breakthrough_"),
            )
            taken = british.result in ("taken", "must_take")
            # The declining roll concerns British cavalry only (5.151): say nothing otherwise.
            is_british = (nation or "").strip().lower() == "british"
            notes = tuple(n for n in british.notes if is_british and n not in outcome.notes)
            details = {**outcome.details, "breakthrough_roll": british.result}
            outcome = _replace(outcome, details=details, notes=outcome.notes + notes)
        more = {
            "breakthrough_taken": taken,
            "fought": [*self.attacker_ids(), *fighting],
            "evading": list(evading),
            "battery_choice": self.values["battery_choice"] if evading else None,
        }
        return _replace(outcome, details={**outcome.details, **more})

    # ------------------------------------------------------------------ words
    def subject(self) -> str:
        """Attackers against defenders."""
        att = " + ".join(self.unit(i).name for i in self.attacker_ids())
        dfd = " + ".join(self.unit(i).name for i in self.defender_ids())
        if not att and not dfd:
            return "choose the units"
        return f"{att or '?'} against {dfd or '?'}"

    def result_label(self, code: str) -> str:
        """``1/R`` → ``1 hit / rout`` (attacker / defender).

        Each side's words are joined by no-break spaces, so a narrow odds column wraps only
        between the two sides, never inside "no decision".
        """
        if code in BATTERY_RESULTS:
            return BATTERY_RESULTS[code]
        a, d = assault_halves(code)
        nb = "\u00a0"
        return f"{_half_text(a).replace(' ', nb)} / {_half_text(d).replace(' ', nb)}"

    @staticmethod
    def _side_text(code: str, effect: Effect | None) -> str:
        text = _half_text(code)
        if effect is None:
            return text
        if effect.rout:
            text = f'routs, {effect.fall_back_in:g}" back'
        elif effect.fall_back_in:
            text += f', falls back {effect.fall_back_in:g}"'
        if effect.guns_abandoned:
            text += ", guns abandoned"
        return text

    def result_text(self, outcome: Outcome) -> str:
        """Both sides' results with their distances, and what follows."""
        battery = self._battery_text(outcome)
        if self.is_decided(outcome):
            return battery
        d = outcome.details
        a = self._side_text(d["attacker_result"], outcome.effects.get("attacker_1"))
        b = self._side_text(d["defender_result"], outcome.effects.get("defender_1"))
        text = f"attacker {a}; defender {b}"
        if d.get("engaged_next_turn"):
            text += "; still engaged next turn"
        if d.get("breakthrough_taken"):
            # The breakthrough is why the winner ends disordered (5.15): say so here.
            text += f"; {d['breakthrough']} cavalry breaks through (disordered, 5.15)"
        if battery:
            text += f"; {battery}"
        return text

    def notes(self, outcome: Outcome) -> list[str]:
        """Each unit's moves and marks by name (falls back, routs, blown...), then the rest."""
        out: list[str] = []
        sides = (("attacker", self.attacker_ids()), ("defender", self.fighting_defender_ids()))
        for side, ids in sides:
            for n, uid in enumerate(ids, start=1):
                effect = outcome.effects.get(f"{side}_{n}")
                if effect is None:
                    continue
                name = self.unit(uid).name
                if effect.rout:
                    out.append(f'{name} routs: move it {effect.fall_back_in:g}" back (7.3)')
                elif effect.fall_back_in:
                    out.append(f'{name} falls back {effect.fall_back_in:g}" (7.3)')
                for note in effect.notes:
                    line = f"{name} {NOTE_WORDS[note]}" if note in NOTE_WORDS else f"{name}: {note}"
                    if line not in out:
                        out.append(line)
        for note in [*outcome.notes, *self._battery_notes(outcome)]:
            if note not in out:
                out.append(note)
        return out

    def ce_totals(self) -> tuple[float, float]:
        """The attackers' and the defenders' CE before any modifier (their difference: the base)."""
        s = self.situation()
        return float(sum(u.ce for u in s.attackers)), float(sum(u.ce for u in s.defenders))

    def value_text(self, outcome: Outcome) -> str:
        """How the attack value is reached: the CE difference (the base), then the modifiers."""
        if self.is_decided(outcome):
            return f"No assault is fought: {self._battery_text(outcome)}"
        d = outcome.details
        a_ce, d_ce = self.ce_totals()
        return (
            f"Base: attacker CE {a_ce:g} − defender CE {d_ce:g} = {outcome.base:g}; "
            f"with the modifiers: attacker {d['attacker_value']:g} − defender "
            f"{d['defender_value']:g} = attack value {d['attack_value']:+g} "
            f"(column {d['column']}, EotE 7.6)"
        )

    def summary(self, outcome: Outcome) -> str:
        """The journal line."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; the attack value is the two sides' CEs modified (EotE 7.6)."""
        head = f"Assault: {self.subject()}: {self.result_text(outcome)}"
        if self.is_decided(outcome):
            return Line.of(f"{head} (no roll)")
        value = Piece(f", attack value {outcome.modified:+g}", Reveals.CE)
        return Line.of(f"{head} (rolled {outcome.roll}", value, ")")

    # ------------------------------------------------------------------ changes
    def changes(self, outcome: Outcome) -> list[Change]:
        """Both sides' results, cavalry marks, breakthrough, 7.8 and 7.10 batteries, links."""
        att, dfd = self.attacker_ids(), self.fighting_defender_ids()
        evading = tuple(int(i) for i in outcome.details.get("evading") or ())
        everyone = (*att, *dfd, *evading, *self.values["artillery_fall_back"])
        rows = unit_rows(self.game, everyone)
        ordered: dict[tuple[int, str], Change] = {}

        def put(change: Change) -> None:
            if isinstance(change, SetField):
                ordered[(int(change.row_id), change.field)] = change  # type: ignore[arg-type]

        details = outcome.details
        falls: dict[str, bool] = {}
        for side, ids in (("attacker", att), ("defender", dfd)):
            for n, uid in enumerate(ids, start=1):
                row = rows[uid]
                effect = outcome.effects.get(f"{side}_{n}")
                if effect is None:  # not fought: every defender was a battery that went
                    continue
                falls[side] = falls.get(side, False) or bool(effect.fall_back_in or effect.rout)
                for c in effect_changes(row, effect):
                    put(c)
                # Every unit that fought, whatever its arm: cavalry is blown for it (5.10), a
                # leader attached to it takes the -2 of 8.0.
                if not row.fought_this_turn:
                    put(unit_change(uid, "fought_this_turn", True))
                if row.arm == "cavalry":
                    if row.blown and not row.fought_while_blown:
                        put(unit_change(uid, "fought_while_blown", True))
                    if (
                        details.get("breakthrough_taken")
                        and details.get("breakthrough") == side
                        and not row.disordered
                    ):
                        put(unit_change(uid, "disordered", True))
        for uid in self.values["artillery_fall_back"]:
            row = rows[int(uid)]
            side = "attacker" if self._side(int(uid)) == self.attacking_side else "defender"
            if falls.get(side) and not row.limbered:
                put(unit_change(int(uid), "limbered", True))
                if row.formation != "limbered":
                    put(unit_change(int(uid), "formation", "limbered"))
        for uid in evading:
            row = rows[uid]
            if outcome.details["battery_choice"] == "abandon":
                put(unit_change(uid, "guns_abandoned", True))
            elif not row.limbered:
                put(unit_change(uid, "limbered", True))
                if row.formation != "limbered":
                    put(unit_change(uid, "formation", "limbered"))
        out: list[Change] = list(ordered.values())
        pair = set(att) | set(dfd) | set(evading)
        for ln in self.view.links:
            if ln.kind == "engaged" and {ln.unit_id, ln.other_id} <= pair:
                out.append(DeleteRow("game_link", ln.id))
        out += self._trimmed_combats(pair)
        if details.get("engaged_next_turn"):
            # One combat: each link carries all of it, so it comes back whole (7.0, 7.9).
            combat = turn_facts.combat_data(att, dfd)
            for a in att:
                for d in dfd:
                    out.append(link("engaged", self.view.turn, a, d, combat=combat))
        return out + self._fact_changes(outcome) + self._rout_changes(outcome)

    def _trimmed_combats(self, fighting: builtins.set[int]) -> list[Change]:
        """Engaged links left by this fight whose combat named a pair this fight settled.

        A fight between some of an engaged combat's units settles their pairs; the rest of
        that combat stays engaged, as the units still linked (7.0, 7.9), so its links are
        written again without the units no longer linked to any of its other side.
        """
        engaged = [ln for ln in self.view.links if ln.kind == "engaged"]
        settled = {ln.id for ln in engaged if {ln.unit_id, ln.other_id} <= fighting}
        left = [ln for ln in engaged if ln.id not in settled and ln.data.get("combat")]
        out: list[Change] = []
        kept = {(ln.unit_id, ln.other_id) for ln in left}
        for ln in left:
            combat = ln.data["combat"]
            atts, dfds = list(combat["attackers"]), list(combat["defenders"])
            if all((a, d) in kept for a in atts for d in dfds):
                continue
            atts = [a for a in atts if any((a, d) in kept for d in dfds)]
            dfds = [d for d in dfds if any((a, d) in kept for a in atts)]
            out.append(DeleteRow("game_link", ln.id))
            data = {**ln.data, "combat": {**combat, "attackers": atts, "defenders": dfds}}
            out.append(link("engaged", ln.turn, ln.unit_id, ln.other_id, **data))
        return out

    def _fact_changes(self, outcome: Outcome) -> list[Change]:
        """The facts this assault establishes: who fought whom, who supported, breakthrough."""
        turn = self.view.turn
        fought = {int(i) for i in outcome.details.get("fought") or ()}
        if not fought:
            return []  # every defender was a battery that went (7.10): nothing was fought
        att, dfd = self.attacker_ids(), self.fighting_defender_ids()
        on_breakthrough = bool(self.values["breakthrough"])
        support = [uid for uid, _pos, _enf in self.support_ids()]
        combat = turn_facts.combat_data(att, dfd, support)
        out = [
            turn_facts.fact(
                turn_facts.FOUGHT, turn, a, d, breakthrough=on_breakthrough, combat=combat
            )
            for a in att
            for d in dfd
        ]
        backed = att if self.supports_attackers else dfd
        out += [
            turn_facts.fact(turn_facts.SUPPORTED, turn, uid, backed[0], combat=combat)
            for uid in support
        ]
        side = outcome.details.get("breakthrough")
        if outcome.details.get("breakthrough_taken") and side and not on_breakthrough:
            winners, beaten = (att, dfd) if side == "attacker" else (dfd, att)
            out += [
                turn_facts.fact(turn_facts.BREAKTHROUGH, turn, w, beaten[0])
                for w in winners
                if self.unit(w).arm == "cavalry"
            ]
        return out

    def routed_ids(self, outcome: Outcome) -> list[int]:
        """Units this assault routs (7.3)."""
        out = []
        sides = (("attacker", self.attacker_ids()), ("defender", self.fighting_defender_ids()))
        for side, ids in sides:
            for n, uid in enumerate(ids, start=1):
                effect = outcome.effects.get(f"{side}_{n}")
                if effect is not None and effect.rout:
                    out.append(uid)
        return out

    def _rout_changes(self, outcome: Outcome) -> list[Change]:
        """Formed friends a routing unit passes through must test morale (7.5), as in morale."""
        routed = self.routed_ids(outcome)
        if not routed:
            return []
        turn = self.view.turn
        out: list[Change] = []
        for i in self.values.get("passed_through") or ():
            uid = int(i)
            router = next((r for r in routed if self._side(r) == self._side(uid)), None)
            if router is not None and uid not in routed:
                out.append(link("morale_due", turn, uid, router, reason="rout passed through"))
        return out

    # ------------------------------------------------------------------ what follows
    def morale_due(self, outcome: Outcome) -> list[int]:
        """Units whose new hits call for a morale check (7.5)."""
        out = []
        sides = (("attacker", self.attacker_ids()), ("defender", self.fighting_defender_ids()))
        for side, ids in sides:
            for n, uid in enumerate(ids, start=1):
                effect = outcome.effects.get(f"{side}_{n}")
                if effect is not None and "morale" in effect.checks_due:
                    out.append(uid)
        return out

    def follow_up(self, outcome: Outcome) -> dict[str, Any] | None:
        """The target of a breakthrough follow-up assault, if the winner broke through."""
        d = outcome.details
        if not d.get("breakthrough_taken") or self.values["breakthrough"]:
            return None  # one breakthrough combat only (5.15)
        winners = (
            self.attacker_ids() if d["breakthrough"] == "attacker" else self.fighting_defender_ids()
        )
        found = self.game.facts()  # as stored now: the follow-up may have been fought already
        if any(turn_facts.breakthrough_fought(self.view, w, found) for w in winners):
            return None
        target: dict[str, Any] = {"attackers": winners, "breakthrough": True}
        if d["breakthrough"] == "defender":
            target["side"] = side_of(self.view, winners[0])
        return target


def _replace(outcome: Outcome, **kw: Any) -> Outcome:
    return dataclasses.replace(outcome, **kw)


__all__ = ["AssaultCheck"]
