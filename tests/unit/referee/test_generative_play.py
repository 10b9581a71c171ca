"""Battles no one scripted: random legal play through the referee's services, checked as it goes.

A Hypothesis state machine builds a game from random divisions of two shipped army lists, at
a random figure scale and with random ruleset options, then plays random sequences of what an
umpire does: phases advanced, the initiative set, fires (on their own, as the dashboard's fast
path writes them, or several in a queue), morale checks, assaults (new ones and the engaged
combats the turn guide lists), leader casualties, undo and redo. After every step it checks:

* no unit fires twice in a sub-phase, and every fire reads the state the sub-phase began
  with (EotE 2.0, 6.0);
* undo restores the game exactly and redo gives the same result;
* every unit that fought or was fired on is in the turn's facts, and every leader attached to
  a unit that fought carries the -2 (EotE 8.0);
* the due checks equal a recomputation from scratch (a new service reading the whole game);
* an engaged combat keeps all its units, and comes back as one combat (EotE 7.0, 7.9).

``make test`` runs a few examples; ``make test-slow`` (HYPOTHESIS_PROFILE=slow) a wide search.
"""

from __future__ import annotations

import functools
import itertools
import os
import pathlib
from dataclasses import dataclass, field, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, event, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks import sub_phase as sub_phases
from eote_ref.packs.eote.checks.assault import AssaultCheck
from eote_ref.packs.eote.checks.fire import FireCheck
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.packs.eote.checks.leaders import leaders_within_reach
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import FIGURE_SCALES
from eote_ref.referee.todo import checks_due
from eote_ref.referee.views import GameView, UnitView
from eote_ref.store import Database
from eote_ref.store.specs import CommandSpec, RosterSpec, SideSpec
from tests.budget import budget
from tests.conftest import DatabaseTemplates, empty_setup
from tests.games import game_state
from tests.shipped import LISTS

#: A few battles in ``make test`` (seconds), a wide search in ``make test-slow``;
#: ``EOTE_REF_BATTLES`` sets another number for a search by hand.
EXAMPLES = int(os.environ.get("EOTE_REF_BATTLES", 0)) or budget(3, 150)
STEPS = budget(25, 60)

#: The phases the machine plays in (movement and integrity are passed through).
PLAYED = (Phase.COMMAND, Phase.INITIATIVE, Phase.FIRE, Phase.ASSAULT, Phase.LEADER_CASUALTY)

#: How many things the machine tries in a phase before it may move on.
TRIES = {
    Phase.COMMAND: 1,
    Phase.INITIATIVE: 1,
    Phase.FIRE: 3,
    Phase.ASSAULT: 3,
    Phase.LEADER_CASUALTY: 1,
}

#: Ranges a fire is tried at (inches measured on the table; the check refuses what is out).
RANGES = (1.0, 2.0, 3.0, 4.0, 8.0, 12.0, 20.0)


@functools.cache
def roster(path: pathlib.Path) -> RosterSpec:
    """A shipped army list in the store's form (read once per test process)."""
    from eote_ref.armylists.loader import load_army_list
    from eote_ref.referee.rosters import to_spec

    return to_spec(load_army_list(path).army_list)


def divisions(command: CommandSpec) -> list[CommandSpec]:
    """The commands of a list that hold units of their own, in list order."""
    own = [command] if command.units else []
    return own + [d for c in command.commands for d in divisions(c)]


def trimmed(command: CommandSpec, keep: set[int]) -> CommandSpec | None:
    """``command`` with only the divisions ``keep`` (by ``id``) and the commands above them."""
    if id(command) in keep:
        return command
    subs = tuple(t for c in command.commands if (t := trimmed(c, keep)) is not None)
    if not subs:
        return None
    return replace(command, commands=subs, units=())


def option_values() -> st.SearchStrategy[dict[str, Any]]:
    """A random choice for a random few of the ruleset's named options."""
    specs = load_default().options
    return st.dictionaries(st.sampled_from(sorted(specs)), st.just(None), max_size=4).flatmap(
        lambda chosen: st.fixed_dictionaries(
            {name: st.sampled_from(list(specs[name].choices)) for name in chosen}
        )
    )


@dataclass
class Model:
    """What the machine itself knows of the turn, to check the game against."""

    #: (turn, sub-phase) → firers.
    fired: dict[tuple[int, str], set[int]] = field(default_factory=dict)
    #: (turn, sub-phase) → each unit's (hits, disordered) when the sub-phase began.
    start: dict[tuple[int, str], dict[int, tuple[int, bool]]] = field(default_factory=dict)
    #: turn → units fired on / that fought.
    fired_on: dict[int, set[int]] = field(default_factory=dict)
    fought: dict[int, set[int]] = field(default_factory=dict)

    def copy(self) -> Model:
        return Model(
            {k: set(v) for k, v in self.fired.items()},
            {k: dict(v) for k, v in self.start.items()},
            {k: set(v) for k, v in self.fired_on.items()},
            {k: set(v) for k, v in self.fought.items()},
        )


@dataclass
class Step:
    """A step the machine took: the state and model before it, the state after it."""

    before: object
    model: Model
    after: object
    #: The model after it (kept when the step is undone, for its redo).
    model_after: Model | None = None


class Battle(RuleBasedStateMachine):
    """One random battle played step by step (see the module docstring)."""

    templates: DatabaseTemplates
    folder: pathlib.Path
    counter = itertools.count()

    def __init__(self) -> None:
        super().__init__()
        self.db: Database | None = None
        self.game: GameService
        self.model = Model()
        self.steps: list[Step] = []
        self.undone: list[Step] = []
        #: What the machine tried in the current phase (it moves on after a few tries).
        self.tries = 0

    # ------------------------------------------------------------------ set-up
    @initialize(data=st.data(), scale=st.sampled_from(FIGURE_SCALES), options=option_values())
    def new_battle(self, data: st.DataObject, scale: str, options: dict[str, Any]) -> None:
        from eote_ref.store import create_game

        lists = sorted(LISTS.values())
        first, second = data.draw(
            st.lists(st.sampled_from(lists), min_size=2, max_size=2, unique=True), label="lists"
        )
        sides = []
        for n, path in enumerate((first, second)):
            spec = roster(path)
            found = divisions(spec.army)
            picked = data.draw(
                st.lists(
                    st.integers(0, len(found) - 1), min_size=1, max_size=min(3, len(found))
                ).map(lambda xs: sorted(set(xs))),
                label=f"divisions of side {n}",
            )
            army = trimmed(spec.army, {id(found[i]) for i in picked})
            assert army is not None
            sides.append(SideSpec(f"{spec.name} ({n})", (replace(spec, army=army),)))
        path = self.folder / f"battle-{next(self.counter)}.sqlite"
        self.db = self.templates.open("empty", path, empty_setup)
        ruleset = load_default().with_options(options)
        with self.db.session() as s:
            game = create_game(
                s,
                "Generative battle",
                sides,
                ruleset_version=ruleset.version,
                options=options,
                phase=Phase.COMMAND.value,
                figure_scale=scale,
            )
            assert game.id is not None
            game_id = game.id
        self.game = GameService(self.db, game_id)

    def teardown(self) -> None:
        if self.db is not None:
            self.db.close()

    # ------------------------------------------------------------------ helpers
    @property
    def view(self) -> GameView:
        return self.game.view()

    def units(self, side: int | None = None) -> list[UnitView]:
        return [
            u
            for s in self.view.sides
            if side is None or s.position == side
            for u in s.units
            if not u.off_table
        ]

    def side(self, unit_id: int) -> int:
        return self.view.side_by_unit[unit_id].position

    def step(self, kind: str, write: Any) -> bool:
        """Run ``write`` (one journal step); remember the states either side of it.

        A refusal must write nothing.
        """
        before = game_state(self.game)
        model = self.model.copy()
        journal = self.game.undo_counts()[0]
        try:
            write()
        except RefereeError:
            event(f"{kind} refused")
            self.model = model
            assert game_state(self.game) == before, f"a refused {kind} wrote something"
            assert self.game.undo_counts()[0] == journal
            return False
        if self.game.undo_counts()[0] == journal:
            # Nothing to write (the initiative set to what it was): no step to undo.
            assert game_state(self.game) == before
            return True
        event(f"{kind} written")
        self.steps.append(Step(before, model, game_state(self.game)))
        self.undone = []
        return True

    # ------------------------------------------------------------------ the turn
    @precondition(lambda self: self.tries >= TRIES.get(self.view.phase, 0))
    @rule()
    def advance(self) -> None:
        """On to the next phase the machine plays in (each phase passed is a step of its own)."""
        self.tries = 0
        self.step("phase", self.game.advance_phase)
        while self.view.phase not in PLAYED:
            self.step("phase", self.game.advance_phase)

    @precondition(lambda self: self.view.phase is Phase.COMMAND and self.tries < 2)
    @rule(data=st.data())
    def attach_leader(self, data: st.DataObject) -> None:
        """A division's leader attaches to one of its units (EotE 3.5.1)."""
        self.tries += 1
        units = [u for u in self.units() if not u.routed and u.attached_leader is None]
        if not units:
            return
        unit = data.draw(st.sampled_from(units), label="unit a leader joins")
        try:
            check = open_check(self.game, "attach_leader", unit_id=unit.id)
            check.set("action", "attach")
        except RefereeError:
            return
        self.step("attach", lambda: check.apply({}))

    @precondition(lambda self: self.view.phase is Phase.INITIATIVE)
    @rule(data=st.data())
    def initiative(self, data: st.DataObject) -> None:
        self.tries += 1
        position = data.draw(st.sampled_from([s.position for s in self.view.sides]))
        self.step("initiative", lambda: self.game.set_initiative(position))

    # ------------------------------------------------------------------ fire
    def _fire(self, data: st.DataObject, sub: str) -> FireCheck | None:
        """A fire drafted at random: a firer of the sub-phase, an enemy target, a range."""
        key = f"{sub}_fire"
        draft = open_check(self.game, key)
        assert isinstance(draft, FireCheck)
        # Units that have fired in the sub-phase too: the check must refuse them (6.0).
        firers = [u for u in self.units() if draft._can_fire(u)]
        if not firers:
            return None
        firer = data.draw(st.sampled_from(firers), label="firer")
        enemies = [u for u in self.units() if self.side(u.id) != self.side(firer.id)]
        if not enemies:
            return None
        target = data.draw(st.sampled_from(enemies), label="target")
        check = open_check(self.game, key, unit_id=firer.id, target_id=target.id)
        assert isinstance(check, FireCheck)
        check.set("range_in", data.draw(st.sampled_from(RANGES), label="range"))
        return check

    def _reads_the_start(self, check: FireCheck, sub: str) -> None:
        """The fire's units are as they stood when the sub-phase began (EotE 6.0)."""
        record = sub_phases.current(self.view, sub)
        key = (self.view.turn, sub)
        try:
            situation = check.situation()
        except RefereeError:
            return
        now = {u.id: (u.hits, u.disordered) for u in self.units()}
        start = self.model.start.get(key, now) if record.begun else now
        for uid, unit in zip(check._ids(), situation.firers, strict=True):
            if not check.values.get("detached_skirmishers"):
                assert (unit.hits, unit.disordered) == start[uid], "a firer read the hits of now"
        if not check.at_stand():
            t = check.target_id()
            assert (situation.target.hits, situation.target.disordered) == start[t]

    def _fired(self, sub: str, checks: list[FireCheck]) -> None:
        """The model after ``checks`` of sub-phase ``sub`` were written."""
        key = (self.view.turn, sub)
        for c in checks:
            self.model.fired.setdefault(key, set()).update(c._ids())
            self.model.fired_on.setdefault(self.view.turn, set()).add(c.target_id())

    @precondition(lambda self: self.view.phase is Phase.FIRE)
    @rule(data=st.data(), sub=st.sampled_from(sub_phases.ORDER), roll=st.integers(0, 9))
    def fast_fire(self, data: st.DataObject, sub: str, roll: int) -> None:
        """The fast path: one fire written on its own."""
        self.tries += 1
        sub = self._sub(sub)
        check = self._fire(data, sub)
        if check is None:
            return
        self._reads_the_start(check, sub)
        already = set(self.model.fired.get((self.view.turn, sub), set()))
        start_before = self._start_now(sub)
        queue = FireQueue(self.game, sub)
        wrote = self.step("fire", lambda: (queue.add(check, {"roll": roll}), queue.apply()))
        if wrote:
            assert not already & set(check._ids()), "a unit fired twice in a sub-phase"
            self.model.start.setdefault((self.view.turn, sub), start_before)
            self._fired(sub, [check])

    @precondition(lambda self: self.view.phase is Phase.FIRE)
    @rule(
        data=st.data(),
        sub=st.sampled_from(sub_phases.ORDER),
        rolls=st.lists(st.integers(0, 9), min_size=1, max_size=4),
    )
    def queued_fire(self, data: st.DataObject, sub: str, rolls: list[int]) -> None:
        """Several fires queued, then applied as one step; those refused are left out."""
        self.tries += 1
        sub = self._sub(sub)
        start_before = self._start_now(sub)
        queue = FireQueue(self.game, sub)
        for roll in rolls:
            check = self._fire(data, sub)
            if check is None:
                break
            self._reads_the_start(check, sub)
            try:
                queue.add(check, {"roll": roll})
            except RefereeError:
                continue
        if not queue.fires:
            return
        checks = [q.check for q in queue.fires]
        already = set(self.model.fired.get((self.view.turn, sub), set()))
        if self.step("fire", queue.apply):
            for c in checks:
                assert not already & set(c._ids()), "a unit fired twice in a sub-phase"
            self.model.start.setdefault((self.view.turn, sub), start_before)
            self._fired(sub, checks)

    def _sub(self, drawn: str) -> str:
        """The sub-phase to fire in: mostly the one in play.

        A fire of an ended one is tried now and then, and must be refused.
        """
        infantry_begun = sub_phases.current(self.view, sub_phases.INFANTRY).begun
        if drawn == sub_phases.ARTILLERY and self.tries % 4 and infantry_begun:
            return sub_phases.INFANTRY
        return drawn

    def _start_now(self, sub: str) -> dict[int, tuple[int, bool]]:
        """What the sub-phase's start is if its first fire is written now."""
        if sub_phases.current(self.view, sub).begun:
            return self.model.start[(self.view.turn, sub)]
        return {u.id: (u.hits, u.disordered) for s in self.view.sides for u in s.units}

    @precondition(lambda self: self.view.phase in (Phase.FIRE, Phase.ASSAULT))
    @rule(data=st.data(), roll=st.integers(0, 9))
    def morale(self, data: st.DataObject, roll: int) -> None:
        """A morale check the turn guide lists."""
        self.tries += 1
        due = [c for c in checks_due(self.view, self.game) if c.procedure == "morale"]
        if not due:
            return
        item = data.draw(st.sampled_from(due), label="morale check")
        self.step(
            "morale",
            lambda: open_check(self.game, "morale", unit_id=item.unit_id).apply({"roll": roll}),
        )

    # ------------------------------------------------------------------ assault
    def _assault_rolls(self, roll: int, second: int) -> dict[str, int]:
        return {"roll": roll, "breakthrough_roll": second}

    def _fight(self, check: AssaultCheck, roll: int, second: int) -> None:
        att, dfd = check.attacker_ids(), check.defender_ids()

        def write() -> None:
            outcome = check.apply(self._assault_rolls(roll, second))
            fought = {int(i) for i in outcome.details.get("fought") or ()}
            if fought:
                self.model.fought.setdefault(self.view.turn, set()).update(
                    {*att, *check.fighting_defender_ids()}
                )

        self.step("assault", write)
        del dfd

    @precondition(lambda self: self.view.phase is Phase.ASSAULT)
    @rule(
        data=st.data(),
        n=st.integers(1, 2),
        roll=st.integers(0, 9),
        second=st.integers(0, 9),
    )
    def new_assault(self, data: st.DataObject, n: int, roll: int, second: int) -> None:
        """An assault between random units of the two sides (the initiative side attacks)."""
        self.tries += 1
        draft = open_check(self.game, "assault")
        assert isinstance(draft, AssaultCheck)
        attacking = draft.attacking_side
        ours = [u for u in self.units(attacking) if not u.routed]
        theirs = [u for s in self.view.sides if s.position != attacking for u in s.units]
        theirs = [u for u in theirs if not u.off_table]
        if not ours or not theirs:
            return
        # Units with a leader attached first, half the time: his -2 is what 8.0 is about.
        if data.draw(st.booleans(), label="leaders' units first"):
            ours.sort(key=lambda u: u.attached_leader is None)
            theirs.sort(key=lambda u: u.attached_leader is None)
            ours, theirs = ours[:2], theirs[:2]
        att = data.draw(
            st.lists(st.sampled_from(ours), min_size=1, max_size=n, unique_by=lambda u: u.id)
        )
        dfd = data.draw(st.sampled_from(theirs))
        event(f"assault with a leader: {any(u.attached_leader for u in (*att, dfd))}")
        check = open_check(
            self.game, "assault", attackers=tuple(u.id for u in att), defenders=(dfd.id,)
        )
        assert isinstance(check, AssaultCheck)
        self._fight(check, roll, second)

    @precondition(lambda self: self.view.phase is Phase.ASSAULT)
    @rule(data=st.data(), roll=st.integers(0, 9), second=st.integers(0, 9))
    def listed_assault(self, data: st.DataObject, roll: int, second: int) -> None:
        """An assault the turn guide lists (a charge, an engaged combat), opened on its unit."""
        self.tries += 1
        due = [c for c in checks_due(self.view, self.game) if c.procedure == "assault"]
        if not due:
            return
        item = data.draw(st.sampled_from(due), label="assault")
        check = open_check(self.game, "assault", unit_id=item.unit_id)
        assert isinstance(check, AssaultCheck)
        if item.title.startswith("Engaged"):
            combat = self._combat_of(item.unit_id)
            if combat is not None:
                event(f"engaged combat of {len(combat['attackers']) + len(combat['defenders'])}")
                units = {*combat["attackers"], *combat["defenders"]}
                units = {u for u in units if u in {x.id for x in self.units()}}
                chosen = {*check.attacker_ids(), *check.defender_ids()}
                assert chosen == units, "an engaged combat came back without all its units"
        self._fight(check, roll, second)

    def _combat_of(self, unit_id: int | None) -> dict[str, list[int]] | None:
        for ln in self.view.links:
            combat = ln.data.get("combat")
            if ln.kind == "engaged" and unit_id in (ln.unit_id, ln.other_id) and combat:
                return dict(combat)
        return None

    # ------------------------------------------------------------------ leaders
    @precondition(lambda self: self.view.phase is Phase.LEADER_CASUALTY)
    @rule(data=st.data(), roll=st.integers(0, 9))
    def leader_casualty(self, data: st.DataObject, roll: int) -> None:
        """A leader within reach of this turn's combat rolls; the -2 when his unit fought."""
        self.tries += 1
        reach = leaders_within_reach(self.game)
        if not reach:
            return
        lead = data.draw(st.sampled_from(reach), label="leader")
        target: dict[str, Any] = {"division_id": lead.division_id, "leader_id": lead.leader_id}
        if lead.unit_id is not None:
            target["unit_id"] = lead.unit_id
        check = open_check(self.game, "leader_casualty", **target)
        fought = self.model.fought.get(self.view.turn, set())
        expected = lead.unit_id is not None and lead.unit_id in fought
        event(f"leader attached to a unit that fought: {expected}")
        assert check.values["attached_to_assaulting_unit"] is expected
        self.step("leader", lambda: check.apply({"roll": roll}))

    # ------------------------------------------------------------------ undo / redo
    @precondition(lambda self: bool(self.steps))
    @rule()
    def undo(self) -> None:
        """Undo the last step: the game is exactly as before it."""
        self.tries += 1
        last = self.steps.pop()
        self.game.undo()
        assert game_state(self.game) == last.before, "undo did not restore the game"
        last.model_after, self.model = self.model, last.model.copy()
        self.undone.append(last)

    @precondition(lambda self: bool(self.undone))
    @rule()
    def redo(self) -> None:
        """Redo the step undone last: the same result again."""
        self.tries += 1
        last = self.undone.pop()
        self.game.redo()
        assert game_state(self.game) == last.after, "redo gave another result"
        assert last.model_after is not None
        self.model = last.model_after.copy()
        self.steps.append(last)

    # ------------------------------------------------------------------ invariants
    @invariant()
    def each_unit_fires_once_a_sub_phase(self) -> None:
        if self.db is None:
            return
        seen: set[tuple[int, str, int]] = set()
        for f in turn_facts.of_turn(self.view, turn_facts.FIRED):
            sub = f.data.get("sub_phase")
            if sub is None or f.unit_id is None:
                continue
            key = (f.turn, str(sub), f.unit_id)
            assert key not in seen, "a unit fired twice in a sub-phase"
            seen.add(key)
        for sub in sub_phases.ORDER:
            fired = set(sub_phases.current(self.view, sub).fired)
            assert fired == self.model.fired.get((self.view.turn, sub), set())

    @invariant()
    def sub_phases_keep_their_start(self) -> None:
        if self.db is None:
            return
        for sub in sub_phases.ORDER:
            record = sub_phases.current(self.view, sub)
            expected = self.model.start.get((self.view.turn, sub))
            assert record.begun == (expected is not None)
            if record.begun and expected is not None:
                for uid, (hits, disordered) in expected.items():
                    start = record.start_of(uid)
                    assert (start["hits"], start["disordered"]) == (hits, disordered)

    @invariant()
    def combat_is_in_the_facts(self) -> None:
        if self.db is None:
            return
        view = self.view
        in_combat = turn_facts.units_in_combat(view)
        fought = turn_facts.units_that_fought(view)
        assert self.model.fired_on.get(view.turn, set()) <= in_combat
        assert self.model.fought.get(view.turn, set()) == fought
        marked = {u.id for s in view.sides for u in s.units if u.fought_this_turn}
        assert marked == fought, "a unit that fought is not marked (or one is that did not)"
        for lead in leaders_within_reach(self.game, view=view, pending_only=False):
            expected = lead.unit_id is not None and lead.unit_id in fought
            event(f"leader in reach, attached to a unit that fought: {expected}")
            assert lead.attached_to_assaulting_unit is expected, "the -2 of 8.0 is wrong"

    @invariant()
    def due_checks_equal_a_recomputation(self) -> None:
        if self.db is None:
            return
        fresh = GameService(self.db, self.game.game_id)
        assert checks_due(self.view, self.game) == checks_due(fresh.view(), fresh)
        assert fresh.view() == self.view

    @invariant()
    def engaged_combats_keep_their_units(self) -> None:
        if self.db is None:
            return
        links = [ln for ln in self.view.links if ln.kind == "engaged"]
        pairs = {(ln.unit_id, ln.other_id) for ln in links}
        for ln in links:
            combat = ln.data.get("combat")
            assert combat, "an engaged link without its combat"
            for a in combat["attackers"]:
                for d in combat["defenders"]:
                    assert (a, d) in pairs, "an engaged combat lost a pair of its units"


@pytest.mark.hypothesis
def test_random_battles_keep_their_invariants(
    db_templates: DatabaseTemplates, tmp_path: pathlib.Path
) -> None:
    """Random legal play on random parts of the shipped lists (see the module docstring)."""
    Battle.templates = db_templates
    Battle.folder = tmp_path
    run_state_machine_as_test(
        Battle,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=STEPS,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        ),
    )
