"""The questions of a tactical assault (EotE 7.x): the sides, the units, supporters, flags.

:class:`AssaultQuestions` reads who attacks (the side with the initiative, 7.6), the units
engaged since last turn (7.0) or charged this turn (5.8), and asks the umpire the rest: the
supporters (7.2), the defender's cover, the situation flags and a battery's 7.10 choice.
Supporters come from the defending side of 7.2: the side without the initiative (option
``assault_attacker=initiative``, the default), which is the chargers' own side when cavalry
without the initiative charged; or the charged side (``charger``).
:class:`~eote_ref.packs.eote.checks.assault.AssaultCheck` resolves them.
"""

from __future__ import annotations

from eote_ref.packs.eote.checks import Adjudication, Choice, Question
from eote_ref.packs.eote.checks.fire import on_table, side_of, unit_label
from eote_ref.packs.eote.checks.guns import remanned_ids
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.views import UnitView

SUPPORT_SLOTS = 3
POSITIONS = (
    Choice("front", "front"),
    Choice("flank", "flank"),
    Choice("rear", "rear"),
)
COVERS = (
    Choice("none", "open ground"),
    Choice("town", "town"),
    Choice("fortified", "fortified"),
    Choice("woods", "woods"),
    Choice("wall", "behind a wall"),
)
#: An assaulted battery's choice before the roll (EotE 7.10).
BATTERY_CHOICES = (
    Choice("stand", "stands and fights"),
    Choice("move_away", "limbers (if it must) and moves away"),
    Choice("abandon", "abandons its guns"),
)
#: The results of an assault not fought because every defender was a battery that went.
BATTERY_RESULTS = {
    "moves_away": "moves away: no assault against it",
    "abandons_guns": "abandons its guns: no assault against it",
}


class AssaultQuestions(Adjudication):
    """The facts of an assault, read from the state and the facts of the turn."""

    # ------------------------------------------------------------------ sides
    @property
    def attacking_side(self) -> int:
        """The side position with the initiative (EotE 7.6); ``side`` only when none is recorded.

        A combat engaged since last turn is attacked by this turn's initiative side, whichever
        side attacked before or the item it was opened from named. A combat that this
        turn's charge by the other side's cavalry brought about on infantry or guns is the
        exception: they never assault cavalry (5.18), so the chargers attack (5.8).
        """
        charging = self._charging_cavalry_side()
        if charging is not None:
            return charging
        if self.view.initiative is not None:
            return self.view.initiative
        if "side" in self.target:
            return int(self.target["side"])
        uid = self.target.get("unit_id")
        for ln in turn_facts.engaged_links(self.view):
            if uid in (ln.unit_id, ln.other_id):
                return side_of(self.view, ln.unit_id)
        for key in ("attackers", "unit_id"):
            ids = self.target.get(key)
            if ids is not None:
                first = ids[0] if isinstance(ids, (list, tuple)) else ids
                return side_of(self.view, int(first))
        return self.view.sides[0].position

    @property
    def attackers_have_initiative(self) -> bool:
        """Whether the combat's attackers are the side with the initiative (EotE 7.6).

        Not when cavalry of the other side charged (5.8); true when none is recorded.
        """
        return self.view.initiative is None or self.attacking_side == self.view.initiative

    @property
    def supports_attackers(self) -> bool:
        """Whether supporters back the combat's attackers rather than its defenders (EotE 7.2).

        Only the side without the initiative is supported (7.2, 7.6): the attackers when they
        are chargers without it, under option ``assault_attacker=initiative``.
        """
        return (
            not self.attackers_have_initiative
            and self.game.ruleset.opts.assault_attacker == "initiative"
        )

    def _charging_cavalry_side(self) -> int | None:
        """The side of cavalry that charged this check's units this turn, or None.

        Only when what the cavalry charged is not cavalry (EotE 5.8, 5.18).
        """
        ids: set[int] = set()
        for key in ("attackers", "defenders"):
            ids.update(int(i) for i in self.target.get(key, ()))
        # Units named on both sides: the charge's own pair; one unit opened on: either.
        both = bool(ids)
        if self.target.get("unit_id") is not None:
            ids.add(int(self.target["unit_id"]))
        units = {u.id: u for s in self.view.sides for u in s.units}
        for f in turn_facts.charges(self.view):
            charger, charged = units.get(f.unit_id or -1), units.get(f.other_id or -1)
            if charger is None or charged is None:
                continue
            pair = {charger.id, charged.id}
            if not (pair <= ids if both else ids & pair):
                continue
            if charger.arm == "cavalry" and charged.arm != "cavalry":
                return side_of(self.view, charger.id)
        return None

    def _engaged_with(self, unit_id: int) -> list[int]:
        """The units engaged with ``unit_id`` since last turn: its whole combat (7.0, 7.9)."""
        out: list[int] = []
        for ln in turn_facts.engaged_links(self.view):
            combat = ln.data.get("combat")
            if isinstance(combat, dict) and unit_id in (ln.unit_id, ln.other_id):
                everyone = turn_facts.combat_units(
                    self.view, [*combat.get("attackers", ()), *combat.get("defenders", ())]
                )
                out += [i for i in everyone if i != unit_id and i not in out]
            elif ln.unit_id == unit_id:
                out.append(ln.other_id)
            elif ln.other_id == unit_id:
                out.append(ln.unit_id)
        return out

    def _defaults(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        att = tuple(int(i) for i in self.target.get("attackers", ()))
        dfd = tuple(int(i) for i in self.target.get("defenders", ()))
        uid = self.target.get("unit_id")
        if uid is not None and not (att and dfd):
            uid = int(uid)
            # Engaged since last turn (7.0), else this turn's charges (5.8), either way round.
            engaged = self._engaged_with(uid)
            partners = tuple(engaged) or tuple(
                turn_facts.charged_by(self.view, uid) + turn_facts.chargers_of(self.view, uid)
            )
            # The whole combat on each side: friends engaged in it fight beside the unit (7.9),
            # in the same order whichever of its units the check was opened on.
            everyone = tuple(sorted({uid, *partners})) if engaged else (uid, *partners)
            mine = side_of(self.view, uid) == self.attacking_side
            ours = tuple(p for p in everyone if self._side(p) == self.attacking_side)
            theirs = tuple(p for p in everyone if self._side(p) != self.attacking_side)
            if mine:
                att = att or ours
                dfd = dfd or theirs
            else:
                dfd = dfd or theirs
                att = att or ours
        return att, dfd

    def _side(self, unit_id: int) -> int:
        return side_of(self.view, unit_id)

    def _of_side(self, attacking: bool) -> list[UnitView]:
        """The units on the table of the attacking side (not routed) or of the other side.

        Worked out once per view of the game: the attacking side once, not once a unit (it
        reads the turn's facts), and the lists kept for the questions asked again (a side of
        1,000 units took 4 s to list).
        """
        view = self.view
        kept = self.__dict__.get("_sides_listed")
        if kept is None or kept[0] is not view:
            side = self.attacking_side
            by_unit = view.side_by_unit
            ours: list[UnitView] = []
            theirs: list[UnitView] = []
            for u in on_table(view):
                if by_unit[u.id].position != side:
                    theirs.append(u)
                elif not u.routed:
                    ours.append(u)
            kept = (view, ours, theirs)
            self.__dict__["_sides_listed"] = kept
        return list(kept[1] if attacking else kept[2])

    # ------------------------------------------------------------------ facts
    def unasked(self) -> frozenset[str]:
        """The guns' questions are asked only when a defender is artillery.

        Whether they are supported (EotE 1.7) and what the battery does before the roll
        (7.10); a battery's choice already made stays in sight while it holds. Which kind of
        column the attackers are in (1.0.2) only when an attacker is infantry in a plain
        column.
        """
        return (
            self._unasked_guns()
            | self._unasked_columns()
            | self._unasked_arms()
            | self._unasked_supports()
        )

    def _unasked_guns(self) -> frozenset[str]:
        ids = {int(i) for i in self.values.get("defenders") or ()}
        if any(u.arm == "artillery" for u in on_table(self.view) if u.id in ids):
            return frozenset()
        if self.values.get("battery_choice", "stand") != "stand":
            return frozenset({"artillery_supported"})
        return frozenset({"artillery_supported", "battery_choice", "square_adjacent"})

    def _arms(self, key: str) -> set[str]:
        ids = {int(i) for i in self.values.get(key) or ()}
        return {u.arm for u in on_table(self.view) if u.id in ids}

    def _unasked_arms(self) -> frozenset[str]:
        """What only one arm's combat can use, left out of the others.

        Sappers help infantry assault a town (7.12); the breakthrough combat and the sabre
        bonus are cavalry's (5.15, 7.7.1), the bonus only on a breakthrough; a breakthrough is
        won only where cavalry fights, and never a second one (5.15).
        """
        attackers = self._arms("attackers")
        cavalry_attack = bool(attackers) and attackers == {"cavalry"}
        cavalry_in = "cavalry" in attackers | self._arms("defenders")
        on_breakthrough = bool(self.values.get("breakthrough"))
        out = set()
        if cavalry_attack or self.values.get("defender_cover") != "town":
            out.add("sappers")
        if not cavalry_attack:
            out.add("breakthrough")
        if not (cavalry_attack and on_breakthrough):
            out.add("sabre_bonus")
        if not cavalry_in or on_breakthrough:
            out.add("takes_breakthrough")
        # A flag ticked stays in sight, so its refusal is seen (takes_breakthrough cannot matter).
        return frozenset(k for k in out if k == "takes_breakthrough" or not self.values.get(k))

    def _unasked_supports(self) -> frozenset[str]:
        """The supporters' questions as far as they are filled in (7.2).

        A slot's position and enfilade once it names a unit; the next slot once this one does.
        """
        out: set[str] = set()
        for n in range(1, SUPPORT_SLOTS + 1):
            if self.values.get(f"support_{n}") is None:
                out |= {f"support_{n}_position", f"support_{n}_enfilade"}
                out |= {
                    f"support_{m}"
                    for m in range(n + 1, SUPPORT_SLOTS + 1)
                    if self.values.get(f"support_{m}") is None
                }
        return frozenset(out)

    def _unasked_columns(self) -> frozenset[str]:
        ids = {int(i) for i in self.values.get("attackers") or ()}
        if any(
            u.arm in ("infantry", "engineers") and u.formation == "column"
            for u in on_table(self.view)
            if u.id in ids
        ):
            return frozenset()
        return frozenset({"attack_columns"})

    def facts(self) -> list[Question]:
        """Units of each side, supporters, and the situation flags."""
        view = self.view
        att, dfd = self._defaults()
        attackers = tuple(Choice(u.id, unit_label(view, u)) for u in self._of_side(True))
        defenders = tuple(Choice(u.id, unit_label(view, u)) for u in self._of_side(False))
        silent = remanned_ids(view)
        backed = self.supports_attackers
        # The combat's own units fight; they do not support it (7.2).
        drafted = self.__dict__.get("values", {})
        fighting = {
            int(i)
            for key, ids in (("attackers", att), ("defenders", dfd))
            for i in (drafted.get(key) or ids)
        }
        supporters = tuple(
            Choice(u.id, unit_label(view, u))
            for u in self._of_side(backed)
            if u.arm in ("infantry", "engineers", "artillery")
            and u.id not in fighting
            and not u.routed
            and not (u.arm == "artillery" and (u.guns_abandoned or u.id in silent))
        )
        in_town = any(
            d.in_town for s in view.sides for d in s.divisions for u in d.units if u.id in dfd
        )
        sabre = self._sabre_due(att, dfd)
        breaking = self.on_breakthrough(att)
        facts = [
            Question(
                "attackers",
                "Attacking units ("
                + (
                    "the charging cavalry"
                    + ("" if self.attackers_have_initiative else ", without the initiative")
                    if self._charging_cavalry_side() is not None
                    else "initiative side"
                )
                + ")",
                "units",
                att,
                rule="7.9",
                choices=attackers,
                derived=bool(att),
            ),
            Question(
                "defenders",
                "Defending units",
                "units",
                dfd,
                rule="7.9",
                choices=defenders,
                derived=bool(dfd),
            ),
            Question(
                "battery_choice",
                "An assaulted battery, before the roll",
                "choice",
                str(self.target.get("battery_choice", "stand")),
                rule="7.10",
                choices=BATTERY_CHOICES,
                help="Limbered guns may move away; unlimbered horse artillery may limber and go "
                "only from infantry; unlimbered guns may be abandoned to infantry, or to cavalry "
                "when the gunners can reach an infantry square next to them",
            ),
            Question(
                "square_adjacent",
                "The gunners can reach an adjacent infantry square",
                "bool",
                False,
                rule="7.10",
                help="Needed to abandon the guns when cavalry assaults them",
            ),
            Question(
                "attack_columns",
                "The attacking columns are attack columns (not field or road columns)",
                "bool",
                True,
                rule="1.0.2",
                help="Only an attack column assaulting takes the attack column's bonus; a "
                "French assault column always does",
            ),
            Question(
                "attacker_position",
                "The attack strikes the defender's",
                "choice",
                "front",
                rule="10.0",
                choices=POSITIONS,
            ),
            Question(
                "attacker_enfilade", "The attackers are in enfilade", "bool", False, rule="10.0"
            ),
            Question(
                "defender_cover",
                "The defender's position",
                "choice",
                "town" if in_town else "none",
                rule="7.12",
                choices=COVERS,
                derived=in_town,
            ),
            Question("uphill", "The attackers charge uphill", "bool", False, rule="10.0"),
            Question(
                "sabre_bonus",
                "Sabre bonus: cavalry on breakthrough contacts the same infantry or guns again",
                "bool",
                sabre,
                rule="7.7.1",
                derived=sabre,
                help="Pre-ticked when the breakthrough contacts the unit the cavalry beat",
            ),
            Question(
                "sappers", "Sappers with the attackers (town assault)", "bool", False, rule="7.12"
            ),
            Question(
                "breakthrough",
                "This combat is on breakthrough movement",
                "bool",
                breaking,
                rule="5.15",
                derived=breaking,
                help="Ticked when an attacker took its breakthrough this turn and has not "
                "fought its one breakthrough combat yet (5.15)",
            ),
            Question(
                "artillery_supported",
                "Defending artillery has friendly infantry or cavalry within "
                + self.inches("supported_artillery"),
                "bool",
                True,
                rule="1.7",
            ),
        ]
        for n in range(1, SUPPORT_SLOTS + 1):
            facts += [
                Question(
                    f"support_{n}",
                    f"Supporter {n} of the "
                    + ("attackers" if backed else "defenders")
                    + f" (within {self.inches('support')}, not engaged)",
                    "choice",
                    None,
                    rule="7.2",
                    choices=(Choice(None, "none"), *supporters),
                    help=(
                        "The chargers have no initiative: theirs is the defending side of 7.2 "
                        "(option assault_attacker=initiative)"
                        if backed
                        else ""
                    ),
                ),
                Question(
                    f"support_{n}_position",
                    f"Supporter {n} stands on the " + ("defenders'" if backed else "attackers'"),
                    "choice",
                    "front",
                    rule="7.2",
                    choices=POSITIONS,
                ),
                Question(
                    f"support_{n}_enfilade",
                    f"Supporter {n} is in enfilade",
                    "bool",
                    False,
                    rule="7.2",
                ),
            ]
        batteries = tuple(
            Choice(u.id, unit_label(view, u))
            for u in on_table(view)
            if u.arm == "artillery" and not u.routed and not u.limbered
        )
        facts += [
            Question(
                "artillery_fall_back",
                f"Batteries within {self.inches('support')} that limber and go back with a "
                "beaten side",
                "units",
                (),
                rule="7.8",
                choices=batteries,
            ),
            Question(
                "passed_through",
                "Formed friendly units a routing unit passes through (they test morale)",
                "units",
                (),
                rule="7.5",
                choices=tuple(
                    Choice(u.id, unit_label(view, u))
                    for u in on_table(view)
                    if not u.routed
                    and u.formation != "skirmish"
                    and not (u.arm == "artillery" and not u.limbered)
                ),
                help="As a morale rout: each formed friend it passes through must test (7.5)",
            ),
            Question(
                "takes_breakthrough",
                "Winning cavalry takes its breakthrough",
                "bool",
                True,
                rule="5.15",
                help="British cavalry declining rolls: even forces it (5.151)",
            ),
        ]
        return facts

    def on_breakthrough(self, att: tuple[int, ...]) -> bool:
        """Whether this combat is on breakthrough movement (EotE 5.15), from the state.

        Handed on by the combat the cavalry won, or read from the turn's facts: an attacker
        that took its breakthrough this turn and has not fought its breakthrough combat.
        """
        if self.target.get("breakthrough"):
            return True
        chosen = self.__dict__.get("values", {}).get("attackers") or att
        return any(turn_facts.breakthrough_under_way(self.view, int(a)) for a in chosen)

    def _sabre_due(self, att: tuple[int, ...], dfd: tuple[int, ...]) -> bool:
        """Breakthrough cavalry contacting the infantry or guns it beat, again (EotE 7.7.1)."""
        if not self.target.get("breakthrough") and not self.__dict__.get("values", {}).get(
            "breakthrough"
        ):
            return False
        beaten = {turn_facts.breakthrough_beaten(self.view, a) for a in att} - {None}
        return any(
            d in beaten and self.unit(d).arm in ("infantry", "engineers", "artillery") for d in dfd
        )
