"""Tactical fire (EotE 6.x): one check per firing, queued per sub-phase and applied together.

All fire of a sub-phase is simultaneous (EotE 6.0): every fire is resolved against the state
at the start of the sub-phase, kept by the sub-phase's record (:mod:`~.sub_phase`),
whether it is entered on its own or with others in a :class:`~.fire_queue.FireQueue` applied
as one journal event; a unit fires once in a sub-phase, whichever way. Artillery fires first
(6.1-6.4), infantry and skirmishers after (6.5, 5.5); pass-through fire during movement (6.7)
is a single fire applied at once and belongs to no sub-phase.

Applying the queue adds the hits and disorder of every fire per target (6.8), remembers each
battery's target with a ``fired_at`` link (for bombardment next turn, 6.4) and lists the
units whose hits now call for a morale check (7.5).

A unit with its skirmishers out may be fired at through its skirmish stand (EotE 5.5): the
stand is the target (in skirmish order), its hits go to ``skirmish_hits`` and never to the
parent, and a disorder result does nothing to it, skirmishers being unformed (EotE 5.3.5,
5.4 tracks only hit markers on a stand). Reaching the ruleset's ``ineffective_hits`` makes
the stand ineffective: it must reform (EotE 5.4), which the movement phase's turn guide lists.
"""

from __future__ import annotations

import builtins
import dataclasses
from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from eote_ref.packs.eote.checks import Adjudication, Choice, Question, link, register, set_unit
from eote_ref.packs.eote.checks import sub_phase as sub_phases
from eote_ref.packs.eote.checks.command import unit_commander_id
from eote_ref.packs.eote.checks.guns import remanned_ids
from eote_ref.packs.eote.checks.situations import effect_changes, rules_unit
from eote_ref.packs.eote.rules.core import Effect, Outcome
from eote_ref.packs.eote.rules.fire import Cover, FireSituation
from eote_ref.packs.eote.rules.results import FireResult
from eote_ref.packs.eote.rules.units import CombatArm, Formation, Unit, fire_sub_phase
from eote_ref.referee import markers
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.facts import CHARGE, FIRED, engaged_links, fact
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line, roll_line
from eote_ref.referee.picking import side_of_unit
from eote_ref.referee.views import GameView, UnitView
from eote_ref.store import Change, GameUnit, game_rows

#: Each fire result in words: the labels of the rules' own enum.
RESULT_TEXT = {str(r): r.label for r in FireResult}


COVER_CHOICES = (
    Choice("none", "open ground"),
    Choice("woods", "woods"),
    Choice("town", "town / buildings"),
)


def range_key(firer_id: int) -> str:
    """The question holding the range of a battery after the first (EotE 6.3)."""
    return f"range_{firer_id}"


def unit_rows(game: GameService, ids: Iterable[int]) -> dict[int, GameUnit]:
    """The current rows of units ``ids`` (detached copies), by id.

    Raises:
        RefereeError: a unit is not in this game.
    """
    wanted = [int(i) for i in ids]
    out = game.read(game_rows.units, wanted)
    missing = [i for i in wanted if i not in out]
    if missing:
        raise RefereeError(f"there is no unit {missing[0]} in this game")
    return out


def view_units(view: GameView, ids: Iterable[int]) -> dict[int, UnitView]:
    """Units ``ids`` as ``view`` shows them, by id (a fire reads the view, not the rows).

    Raises:
        RefereeError: a unit is not in this game.
    """
    out: dict[int, UnitView] = {}
    for uid in ids:
        side = view.side_by_unit.get(int(uid))
        found = next((u for u in side.units if u.id == int(uid)), None) if side else None
        if found is None:
            raise RefereeError(f"there is no unit {uid} in this game")
        out[int(uid)] = found
    return out


def side_of(view: GameView, unit_id: int) -> int:
    """The side position of unit ``unit_id``."""
    position = side_of_unit(view, unit_id)
    if position is None:
        raise RefereeError(f"there is no unit {unit_id} in this game")
    return position


#: The range a fire's box opens on at 15mm when nothing better is known, inside each
#: sub-phase's reach (artillery 28", infantry 5": EotE 6.1, 6.5); moved by the figure scale
#: as every listed distance is (6mm: 10" and 2", introduction). House default.
RANGE_AT_15MM = {"artillery": 12.0, "infantry": 4.0}


#: The labels made for the last view (a view is never changed, only replaced): a check's
#: questions are asked more than once as its wizard opens, and the assault's list every unit.
_LABELLED: list[tuple[GameView, dict[int, str]]] = []


def unit_label(view: GameView, u: UnitView) -> str:
    """A unit as the pick lists show it: name first (so typing it finds it), side, CE, markers."""
    if not _LABELLED or _LABELLED[0][0] is not view:
        _LABELLED[:] = [(view, {})]
    made = _LABELLED[0][1]
    label = made.get(u.id)
    if label is None:
        label = made[u.id] = _unit_label(view, u)
    return label


def _unit_label(view: GameView, u: UnitView) -> str:
    side = view.side_by_unit[u.id].name
    marks = [(u.formation or ("limbered" if u.limbered else "")).replace("_", " ")]
    if u.hits:
        marks.append(markers.hits_words(u.hits))
    if u.disordered:
        marks.append(markers.DISORDERED)
    if u.blown:
        marks.append(markers.blown_words(u.blown))
    if u.routed:
        marks.append(markers.ROUTED)
    marks.append(markers.skirmish_words(u))
    text = ", ".join(m for m in marks if m)
    return f"{view.unit_title(u)} ({side}, CE {u.ce}{', ' + text if text else ''})"


def on_table(view: GameView) -> list[UnitView]:
    """Every unit still on the table."""
    return [u for s in view.sides for u in s.units if not u.off_table]


class FireCheck(Adjudication):
    """One firing at one target (EotE 6.2-6.7); subclasses fix the sub-phase.

    Target keys: ``unit_id`` (the firer, e.g. the selected unit), ``firers`` (several
    batteries), ``target_id`` (the unit fired at).
    """

    procedure = "fire"
    title = "Tactical fire"
    rule = "6.0"
    #: ``artillery`` or ``infantry`` (infantry and skirmishers share the second sub-phase).
    sub_phase: ClassVar[str] = "artillery"
    pass_through_default: ClassVar[bool] = False
    #: Whether the fire is part of the fire phase's sub-phase (pass-through fire is not, 6.7).
    in_sub_phase: ClassVar[bool] = True
    #: The firers and the target are the umpire's: the state's answers (bombardment, last
    #: turn's range, being assaulted) follow them (:meth:`~.Adjudication.rederive`).
    subject_keys = frozenset({"firers", "target"})
    PER_VIEW = (*Adjudication.PER_VIEW, "_remanned_ids", "_fired_ids")

    def __init__(self, game: GameService, **target: Any) -> None:
        super().__init__(game, **target)
        # Always answerable, asked only when the target has a stand out (see facts()).
        self.values.setdefault("at_stand", False)

    def set(self, key: str, value: Any) -> None:
        """Answer one question; a new target without a skirmish stand out drops the stand.

        Choosing several batteries asks each one's range (EotE 6.3): a battery added later
        starts at the first battery's range.
        """
        if key not in self.values and key.startswith("range_") and self._is_range_key(key):
            self.values[key] = self.values.get("range_in", 0.0)
        super().set(key, value)
        if key == "target" and not self._stand_out(value):
            self.values["at_stand"] = False
        if key == "firers":
            for i in self._ids()[1:]:
                self.values.setdefault(range_key(i), self.values.get("range_in", 0.0))
            # A target carried from the last fire that is the new firers' own side is no
            # target (6.2: an enemy in the arc): it is asked again rather than kept.
            ids, target = self._ids(), self.values.get("target")
            if ids and target is not None and self._side(int(target)) == self._side(ids[0]):
                self.values["target"] = None

    def _is_range_key(self, key: str) -> bool:
        return key[len("range_") :].isdigit()

    def several_batteries(self) -> bool:
        """Whether several batteries fire together, each at its own range (EotE 6.3)."""
        ids = self.__dict__.get("values", {}).get("firers") or self._default_firers()
        return self.sub_phase == "artillery" and len(tuple(ids)) > 1

    def range_of(self, firer_id: int) -> float:
        """The range entered for firer ``firer_id`` (the first firer's is ``range_in``)."""
        ids = self._ids()
        if not ids or firer_id == ids[0] or not self.several_batteries():
            return float(self.values["range_in"])
        return float(self.values.get(range_key(firer_id), self.values["range_in"]))

    def _stand_out(self, unit_id: Any) -> bool:
        """Whether unit ``unit_id`` has its skirmishers detached (EotE 5.4)."""
        if unit_id is None:
            return False
        try:
            return self.unit(int(unit_id)).skirmishers_out
        except RefereeError:
            return False

    def _half_ce_word(self) -> str:
        """How a half skirmish CE is entered here: option ``skirmish_half_ce`` (EotE 5.5.1)."""
        up = self.game.ruleset.opts.skirmish_half_ce == "up"
        return "rounded up" if up else "dropped"

    def at_stand(self) -> bool:
        """Whether this fire is at the target's detached skirmish stand (EotE 5.5)."""
        return bool(self.values.get("at_stand"))

    # ------------------------------------------------------------------ candidates
    def _remanned(self) -> builtins.set[int]:
        """Batteries re-manned this turn (read once per check): silent until next turn (7.5)."""
        found: builtins.set[int] | None = self.__dict__.get("_remanned_ids")
        if found is None:
            found = self.__dict__["_remanned_ids"] = remanned_ids(self.view)
        return found

    def _can_fire(self, u: UnitView) -> bool:
        if u.routed or u.off_table:
            return False
        if self.sub_phase == "artillery":
            # A battery re-manned this turn stays silent until the next (7.5).
            return (
                fire_sub_phase(u.arm, u.formation) == "artillery"
                and not u.guns_abandoned
                and u.id not in self._remanned()
            )
        return fire_sub_phase(u.arm, u.formation) == self.sub_phase

    def record(self) -> sub_phases.SubPhase | None:
        """This turn's record of the fire's sub-phase as it stands now (None: pass-through)."""
        if not self.in_sub_phase:
            return None
        return sub_phases.current(self.view, self.sub_phase)

    def fired_already(self) -> builtins.set[int]:
        """The units that have fired in this sub-phase (read once per check)."""
        found: builtins.set[int] | None = self.__dict__.get("_fired_ids")
        if found is None:
            sub = self.record()
            found = self.__dict__["_fired_ids"] = set(sub.fired) if sub else set()
        return found

    def firer_choices(self) -> list[UnitView]:
        """The units that may fire in this sub-phase (either side), not those that have."""
        fired = self.fired_already()
        return [u for u in on_table(self.view) if self._can_fire(u) and u.id not in fired]

    def _default_firers(self) -> tuple[int, ...]:
        if "firers" in self.target:
            return tuple(int(i) for i in self.target["firers"])
        choices = self.firer_choices()
        uid = self.target.get("unit_id")
        # The selected unit stays the firer once it has fired: the fire is refused with the
        # section (6.0) instead of passing to another unit.
        if uid is not None and (
            any(u.id == uid for u in choices) or int(uid) in self.fired_already()
        ):
            return (int(uid),)
        return ()  # nothing selected: the umpire picks the firer, the app never does

    def _side(self, unit_id: int) -> int:
        return side_of(self.view, unit_id)

    def last_targets(self, firer_id: int) -> list[tuple[int, float]]:
        """Last turn's ``fired_at`` links of a battery: (target id, range) (EotE 6.4)."""
        return [
            (ln.other_id, float(ln.data.get("range_in", 0)))
            for ln in self.view.links
            if ln.kind == "fired_at" and ln.unit_id == firer_id and ln.turn == self.view.turn - 1
        ]

    def opening_range(self) -> float:
        """The range box's first value, legal at the game's figure scale.

        The last fire's in the queue (``range_in`` carried in), else :data:`RANGE_AT_15MM`
        moved for the figure scale.
        """
        carried = self.target.get("range_in")
        if carried is not None:
            return float(carried)
        inches = RANGE_AT_15MM[self.sub_phase]
        return self.game.ruleset.scaled(inches, self.view.figure_scale)

    def _default_target(self, firers: Sequence[int]) -> int | None:
        if "target_id" in self.target:
            return int(self.target["target_id"])
        if firers:
            # Last turn's target (bombardment, 6.4); never an arbitrary enemy: the umpire picks.
            for other, _r in self.last_targets(firers[0]):
                return other
        return None

    def assaulted(self, firers: Sequence[int]) -> bool:
        """Whether a firer is being assaulted this turn (6.0).

        Contacted by this turn's charge in the movement phase, or in a combat left engaged
        from an earlier turn and fought again in this one (7.0): its units are in contact,
        within 3" of an enemy in their arc, on either side (6.5).
        """
        view = self.view
        turn = view.turn
        if any(f.kind == CHARGE and f.turn == turn and f.other_id in firers for f in view.facts):
            return True
        return any(
            ln.turn < turn and (ln.unit_id in firers or ln.other_id in firers)
            for ln in engaged_links(view)
        )

    def _bombardment_offered(self, firers: Sequence[int], target: int | None) -> bool:
        least = self.game.ruleset.scaled(
            self.game.ruleset.distance("bombardment_min").value, self.view.figure_scale
        )
        if not firers or target is None:
            return False
        for f in firers:
            if self.unit(f).pinned:
                return False
            if not any(t == target and r >= least for t, r in self.last_targets(f)):
                return False
        return True

    # ------------------------------------------------------------------ facts
    def facts(self) -> list[Question]:
        """Firers, target, range, cover, and the sub-phase's own questions."""
        view = self.view
        firers = self._default_firers()
        target = self._default_target(firers)
        # The units in hand (the umpire's picks once he has made them) decide the rest.
        drafted = self.__dict__.get("values", {})
        firers = tuple(int(i) for i in drafted.get("firers", firers) or ())
        chosen_target = drafted.get("target", target)
        target_default = target
        target = int(chosen_target) if chosen_target is not None else None
        units = [Choice(u.id, unit_label(view, u)) for u in self.firer_choices()]
        # The enemy first: the target is nearly always theirs.
        mine = self._side(firers[0]) if firers else None
        ordered = sorted(on_table(view), key=lambda u: self._side(u.id) == mine)
        targets = [Choice(u.id, unit_label(view, u)) for u in ordered]
        assaulted = self.assaulted(firers)
        last_range = [r for f in firers[:1] for t, r in self.last_targets(f) if t == target]
        artillery = self.sub_phase == "artillery"
        range_default = last_range[0] if last_range else self.opening_range()
        current = target
        facts = [
            Question(
                "firers",
                "Firing batteries" if artillery else "Firing unit",
                "units",
                firers,
                rule="6.3" if artillery else "6.5",
                choices=tuple(units),
                help="Several batteries at one target add their modified CEs (6.3)"
                if artillery
                else "One battalion per fire; several skirmish units combine (5.5)",
            ),
            Question(
                "target", "Target", "choice", target_default, rule="6.2", choices=tuple(targets)
            ),
        ]
        if self._stand_out(current):
            facts.append(
                Question(
                    "at_stand",
                    "Fire at its skirmish stand",
                    "bool",
                    bool(self.target.get("at_stand", False)),
                    rule="5.5",
                    help="The stand takes the hits, kept apart from its parent's; "
                    "two make it ineffective (5.4)",
                )
            )
        chosen = firers
        several = artillery and len(chosen) > 1
        first = f" of {self.unit(int(chosen[0])).name}" if several else ""
        facts += [
            Question(
                "range_in",
                f"Range{first} measured on the table ({view.figure_scale})",
                "float",
                range_default,
                rule="6.1" if artillery else "6.5",
                maximum=60,
                suffix='"',
                derived=bool(last_range),
            ),
        ]
        if several:
            for i in chosen[1:]:
                own = [r for t, r in self.last_targets(int(i)) if t == target]
                facts.append(
                    Question(
                        range_key(int(i)),
                        f"Range of {self.unit(int(i)).name}",
                        "float",
                        own[0] if own else range_default,
                        rule="6.3",
                        maximum=60,
                        suffix='"',
                        derived=bool(own),
                        help="Each battery's own range band modifies its CE (6.1, 6.3)",
                    )
                )
        facts += [
            Question(
                "target_cover",
                "Target's cover",
                "choice",
                "none",
                rule="10.0",
                choices=COVER_CHOICES,
            ),
            Question(
                "in_arc",
                "The target is in the firer's arc (AOA) with a clear line of fire",
                "bool",
                True,
                rule="6.2" if artillery else "6.5",
            ),
            Question(
                "firer_assaulted",
                "The firer is being assaulted this turn",
                "bool",
                assaulted,
                rule="6.0",
                derived=assaulted,
                help="Units being assaulted do not fire (6.0); ticked when this turn's "
                "charges contacted the firer or it is in a combat left engaged (7.0)",
            ),
            Question(
                "pass_through",
                "Pass-through fire at a unit moving across the fire arc",
                "bool",
                self.pass_through_default,
                rule="6.7",
            ),
        ]
        if artillery:
            offered = self._bombardment_offered(firers, target)
            facts += [
                Question(
                    "bombardment",
                    f"Bombardment: same target last turn at {self.inches('bombardment_min')} "
                    "or more",
                    "bool",
                    offered,
                    rule="6.4",
                    derived=offered,
                    help="Offered when the app remembers last turn's fire at this target",
                ),
                Question(
                    "screened",
                    f"Enemy skirmishers are within {self.inches('skirmish_screen')} of the "
                    "battery's front",
                    "bool",
                    False,
                    rule="5.5",
                    help="Screened batteries may fire only at the skirmishers and lose "
                    "bombardment (5.5, 6.4)",
                ),
            ]
        else:
            facts += [
                Question(
                    "detached_skirmishers",
                    "Fire by the unit's detached skirmish stands",
                    "bool",
                    False,
                    rule="5.5",
                ),
                Question(
                    "skirmish_ce",
                    "Skirmish CE of those stands (stands × skirmish points, "
                    f"a half {self._half_ce_word()})",
                    "int",
                    2,
                    rule="5.5.1",
                    minimum=0,
                    maximum=30,
                    help="Fire takes a whole CE; a half of 5.5.1 (other nations before 1812) "
                    f"is {self._half_ce_word()} by option skirmish_half_ce "
                    f"(={self.game.ruleset.opts.skirmish_half_ce}, provisional); "
                    "eote-ref rule skirmish gives it as combat_ce",
                ),
            ]
        return facts

    # ------------------------------------------------------------------ situation
    def _ids(self) -> tuple[int, ...]:
        return tuple(int(i) for i in self.values["firers"] or ())

    def target_id(self) -> int:
        """The unit fired at."""
        t = self.values["target"]
        if t is None:
            raise RefereeError("choose the target")
        return int(t)

    def situation(self) -> FireSituation:
        """The firers and target as stored, with the table facts."""
        ids = self._ids()
        if not ids:
            raise RefereeError("choose the firing unit")
        target_id = self.target_id()
        if target_id in ids:
            raise RefereeError("a unit cannot fire at itself")
        sides = {self._side(i) for i in ids}
        if len(sides) > 1:
            raise RefereeError("every firer must be on the same side")
        if self._side(target_id) in sides:
            raise RefereeError("the target must be an enemy unit")
        if not self.values["in_arc"]:
            raise RefereeError("the target must be in the firer's arc with a clear line (6.2)")
        if self.values["firer_assaulted"]:
            raise RefereeError("a unit being assaulted does not fire this turn (6.0)")
        sub = self.record()
        if sub is not None:
            why = sub_phases.refusal(self.view, self.sub_phase, {i: self.unit(i).name for i in ids})
            if why:
                raise RefereeError(why)
        # Fire is simultaneous (6.0): every unit as it stood when the sub-phase began, as
        # the view the check opened on shows them (no read of the rows).
        rows = view_units(self.view, (*ids, target_id))
        if sub is not None and sub.begun:
            rows = {uid: dataclasses.replace(u, **sub.start_of(uid)) for uid, u in rows.items()}
        target_row = rows[target_id]
        target = rules_unit(target_row, commander_id=unit_commander_id(self, target_row))
        if self.at_stand():
            if not target_row.skirmishers_out:
                raise RefereeError(f"{target_row.name} has no skirmish stand out (5.4)")
            # The stand, in skirmish order: unformed, never disordered, its hits its own.
            target = Unit(
                arm=CombatArm.CAVALRY if target_row.arm == "cavalry" else CombatArm.INFANTRY,
                ce=target_row.ce,
                formation=Formation.SKIRMISH,
                nation=target_row.nation,
            )
        firers: list[Unit] = []
        for i in ids:
            row = rows[i]
            if self.sub_phase == "artillery" and row.arm != "artillery":
                raise RefereeError(f"{row.name} is not a battery: it fires with the infantry")
            if row.guns_abandoned:
                raise RefereeError(f"{row.name} has abandoned its guns (7.5)")
            if row.arm == "artillery" and i in self._remanned():
                raise RefereeError(f"{row.name} re-manned its guns this turn: no fire (7.5)")
            unit = rules_unit(row, commander_id=unit_commander_id(self, row))
            if self.sub_phase != "artillery" and self.values.get("detached_skirmishers"):
                unit = Unit(
                    arm=CombatArm.INFANTRY,
                    ce=int(self.values["skirmish_ce"]),
                    formation=Formation.SKIRMISH,
                    nation=row.nation,
                )
            firers.append(unit)
        bombard = bool(self.values.get("bombardment"))
        if self.sub_phase == "artillery" and self.values.get("screened"):
            if target.formation is not Formation.SKIRMISH:
                raise RefereeError("skirmishers screen the battery: it may fire only at them (5.5)")
            if bombard:
                raise RefereeError("a screened battery loses bombardment (6.4)")
        if bombard and any(rows[i].pinned for i in ids):
            raise RefereeError("a pinned battery loses bombardment (6.4)")
        several = self.sub_phase == "artillery" and len(ids) > 1
        return FireSituation(
            firers=firers,
            firer_ranges=tuple(self.range_of(i) for i in ids) if several else (),
            firer_names=tuple(rows[i].name for i in ids) if several else (),
            target=target,
            range_in=float(self.values["range_in"]),
            bombardment=bombard,
            target_cover=Cover(self.values["target_cover"]),
            pass_through=bool(self.values["pass_through"]),
            figure_scale=self.view.figure_scale,
        )

    # ------------------------------------------------------------------ words
    def firer_names(self, *, coded: bool = False) -> str:
        """The firers' names (``coded``: each after its code), joined."""
        names = [self._name(self.unit(i), coded) for i in self._ids()]
        if self.sub_phase != "artillery" and self.values.get("detached_skirmishers"):
            names = [f"{n} skirmishers" for n in names]
        return " + ".join(names) or "?"

    @staticmethod
    def _name(u: UnitView, coded: bool) -> str:
        return u.coded_name if coded else u.name

    def target_name(self, *, coded: bool = False) -> str:
        """The target's name (``coded``: after its code), or its skirmish stand's."""
        try:
            name = self._name(self.unit(self.target_id()), coded)
        except RefereeError:
            return "?"
        return f"{name} skirmish stand" if self.at_stand() else name

    def subject(self) -> str:
        """Firers → target (or its skirmish stand)."""
        return f"{self.firer_names()} → {self.target_name()}"

    def coded_subject(self) -> str:
        """Firers → target, each after its code, as the umpire types them (the queue's line)."""
        return f"{self.firer_names(coded=True)} → {self.target_name(coded=True)}"

    def result_label(self, code: str) -> str:
        """``D`` → disorder, ``1`` → 1 hit..."""
        return RESULT_TEXT.get(code, code)

    def effect_label(self, outcome: Outcome) -> str:
        """The result as it lands: a D on a unit already disordered does nothing (EotE 6.8).

        The rules still report the table's D (``disorder`` of the ``rule`` contract); its
        effect on the target says whether the unit is disordered anew.
        """
        target = outcome.effects.get("target")
        if outcome.result == "D" and target is not None and not target.disorder:
            return "disorder: no further effect, already disordered (6.8)"
        return self.result_label(outcome.result)

    def result_text(self, outcome: Outcome) -> str:
        """The fire result in words, with the morale check (or the stand's state) it calls for."""
        text = RESULT_TEXT.get(outcome.result, outcome.result)
        if self.at_stand():
            if outcome.result == "D":
                return "disorder: no effect on a skirmish stand"
            if self.stand_ineffective(outcome):
                text += ": stand ineffective"
            return text
        text = self.effect_label(outcome)
        if outcome.details.get("morale_check_due"):
            text += ": morale check due"
        return text

    def stand_hits_after(self, outcome: Outcome) -> int:
        """The stand's hits once this fire lands (alone)."""
        row = view_units(self.view, [self.target_id()])[self.target_id()]
        return row.skirmish_hits + outcome.effects.get("target", Effect()).hits

    def stand_ineffective(self, outcome: Outcome) -> bool:
        """Whether this fire (alone) leaves the stand ineffective (EotE 5.4)."""
        return self.at_stand() and self.stand_hits_after(outcome) >= ineffective_hits(self.game)

    def notes(self, outcome: Outcome) -> list[str]:
        """The fire's notes; at a stand: no disorder, no morale, ineffective at two hits."""
        notes = super().notes(outcome)
        if not self.at_stand():
            return notes
        if outcome.result == "D":
            notes.append("skirmishers are unformed: the stand and its parent stay in order (5.3.5)")
        if self.stand_ineffective(outcome):
            notes.append(STAND_INEFFECTIVE)
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``Fire: 1st Bty → 2/3rd Ligne at 10": 1 hit (rolled 3 against 7)``."""
        return self.line(outcome).text

    def line(self, outcome: Outcome) -> Line:
        """The journal line; its target number is the firers' CE modified (EotE 6.6)."""
        where = f' at {float(self.values["range_in"]):g}"'
        head = f"Fire: {self.subject()}{where}: {self.result_text(outcome)}"
        return Line.of(head, roll_line(outcome, "fire"))

    # ------------------------------------------------------------------ changes
    def fired_at_links(self) -> list[Change]:
        """``fired_at`` links for each battery (bombardment next turn, EotE 6.4)."""
        if self.sub_phase != "artillery":
            return []
        t = self.target_id()
        return [
            link(
                "fired_at",
                self.view.turn,
                i,
                t,
                range_in=self.range_of(i),
                bombardment=bool(self.values.get("bombardment")),
            )
            for i in self._ids()
        ]

    def fired_facts(self) -> list[Change]:
        """The facts of this fire: each firer fired at the target this turn (EotE 6.0, 8.0).

        A fire of the fire phase names its sub-phase, so the firer fires once in it.
        """
        t = self.target_id()
        where = {"sub_phase": self.sub_phase} if self.in_sub_phase else {}
        return [fact(FIRED, self.view.turn, i, t, **where) for i in self._ids()]

    def begin_changes(self) -> list[Change]:
        """The sub-phase's record, when this is its first fire (EotE 6.0); else nothing."""
        if not self.in_sub_phase:
            return []
        return sub_phases.begin_changes(self.view, self.sub_phase)

    def changes(self, outcome: Outcome) -> list[Change]:
        """Hits and disorder on the target (or hits on its stand); batteries remember it."""
        row = view_units(self.view, [self.target_id()])[self.target_id()]
        effect = outcome.effects.get("target", Effect())
        if self.at_stand():
            assert row.id is not None
            out = stand_changes(row, effect.hits)
        else:
            out = effect_changes(row, effect)
        return self.begin_changes() + out + self.fired_at_links() + self.fired_facts()


@register
class ArtilleryFire(FireCheck):
    """Artillery fire, the first sub-phase (EotE 6.1-6.4)."""

    key = "artillery_fire"
    title = "Artillery fire"
    rule = "6.2"
    sub_phase = "artillery"


@register
class InfantryFire(FireCheck):
    """Infantry and skirmisher fire, the second sub-phase (EotE 6.5, 5.5)."""

    key = "infantry_fire"
    title = "Infantry fire"
    rule = "6.5"
    sub_phase = "infantry"


@register
class PassThroughFire(FireCheck):
    """Infantry fire at a unit crossing its arc during movement, applied at once (EotE 6.7)."""

    key = "pass_through_fire"
    title = "Pass-through fire"
    rule = "6.7"
    sub_phase = "infantry"
    pass_through_default = True
    in_sub_phase = False


@register
class PassThroughArtilleryFire(FireCheck):
    """Artillery fire at a unit crossing its arc during movement (EotE 6.7)."""

    key = "pass_through_artillery_fire"
    title = "Pass-through artillery fire"
    rule = "6.7"
    sub_phase = "artillery"
    pass_through_default = True
    in_sub_phase = False


STAND_INEFFECTIVE = "stand ineffective: reform it (5.4)"


def ineffective_hits(game: GameService) -> int:
    """Hits that make a skirmish stand ineffective (the ruleset's, EotE 5.4)."""
    return int(game.ruleset.skirmish["ineffective_hits"].value)


def stand_changes(row: GameUnit | UnitView, hits: int) -> list[Change]:
    """``hits`` more on the skirmish stand of ``row`` (none when 0)."""
    assert row.id is not None
    if not hits:
        return []
    return [set_unit(row.id, "skirmish_hits", row.skirmish_hits + hits)]


FIRE_CLASSES: dict[str, type[FireCheck]] = {"artillery": ArtilleryFire, "infantry": InfantryFire}
