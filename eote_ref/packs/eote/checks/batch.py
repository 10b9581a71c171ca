"""Batch checks: the same check for every unit, division or leader due it, in one step.

The command phase: every routed unit leaves, every disordered unit rallies, every division's
command radius; the fire and assault phases: every morale check due; the end of the turn:
every cavalry unit that fought, every leader within reach of combat. A :class:`Batch` is the
same check (:mod:`eote_ref.packs.eote.checks`) opened for each target that is due it, with its
facts read from the state as the single wizard would. Each item takes its own die (typed, or
rolled by the app); the results are shown together and :meth:`Batch.apply` writes them all
as **one** journal step, so one undo takes the batch back. Targets the rules refuse (a
disordered unit that is pinned or out of command, 3.6) are listed as information with the
reason, never rolled for.

Each item's check writes its own facts of the turn (a leader rolled for, a division measured,
cavalry settled), so the turn guide drops those items as it does after single checks; the
journal event's inputs also name them (``unit_ids``, ``division_ids``, ``leader_ids``) for
the record.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.dice import PERCENTILE, Die
from eote_ref.packs.eote.checks import Adjudication, _jsonable, open_check
from eote_ref.packs.eote.checks.command import command_control_this_turn
from eote_ref.packs.eote.checks.leaders import leaders_within_reach
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.referee import facts as turn_facts
from eote_ref.referee.catalogue import CATALOGUE, BatchOf
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line
from eote_ref.referee.journal_record import check_record
from eote_ref.referee.picking import unit_candidates
from eote_ref.referee.views import GameView, UnitView
from eote_ref.store import Change


@dataclass(frozen=True)
class BatchTarget:
    """What one item of a batch is about: its row's label, the check's target, ids settled."""

    label: str
    target: dict[str, Any]
    unit: UnitView | None = None
    #: The ids the item settles, under the inputs key that lists them (``unit_ids``...).
    settles: tuple[str, int] | None = None


@dataclass(frozen=True)
class BatchKind:
    """A batch: its check key, title, rule, and the targets due it in a game.

    ``units`` lists the units a unit batch concerns; ``targets`` (for a batch of divisions or
    leaders) overrides it.
    """

    key: str
    title: str
    rule: str
    units: Callable[[GameView], list[UnitView]] | None = None
    targets: Callable[[GameService, GameView], list[BatchTarget]] | None = None
    #: What a row is: "unit", "division" or "leader" (the dialog's first column).
    what: str = "unit"

    def due(self, game: GameService, view: GameView) -> list[BatchTarget]:
        """The targets due this batch."""
        if self.targets is not None:
            return self.targets(game, view)
        assert self.units is not None
        return [
            BatchTarget(u.coded_name, {"unit_id": u.id}, u, ("unit_ids", u.id))
            for u in self.units(view)
        ]


def _on_table(view: GameView) -> list[UnitView]:
    return [u for s in view.sides for u in s.units if not u.off_table]


def _cavalry_that_fought(game: GameService, view: GameView) -> list[BatchTarget]:
    """Cavalry on the table that fought this turn and is not settled yet (EotE 5.10)."""
    done = turn_facts.cavalry_settled(view)
    return [
        BatchTarget(u.coded_name, {"unit_id": u.id}, u, ("unit_ids", u.id))
        for u in _on_table(view)
        if u.arm == "cavalry" and u.fought_this_turn and u.id not in done
    ]


def _divisions_to_measure(game: GameService, view: GameView) -> list[BatchTarget]:
    """Divisions with units on the table, not measured (or commanded) this turn (EotE 3.6)."""
    divisions = [
        (s.name, d)
        for s in view.sides
        for d in s.divisions
        if any(not u.off_table for u in d.units)
    ]
    done = command_control_this_turn(game, view, [d.id for _side, d in divisions])
    return [
        BatchTarget(f"{d.title} ({side})", {"division_id": d.id}, None, ("division_ids", d.id))
        for side, d in divisions
        if d.id not in done
    ]


def _leaders_in_reach(game: GameService, view: GameView) -> list[BatchTarget]:
    """Leaders within reach of this turn's combat, not rolled for yet (EotE 8.0)."""
    names = {d.id: d.title for s in view.sides for d in s.divisions}
    out = []
    for lead in leaders_within_reach(game, view=view):  # rolled leaders are left out
        target: dict[str, Any] = {"division_id": lead.division_id, "leader_id": lead.leader_id}
        if lead.unit_id is not None:
            target["unit_id"] = lead.unit_id
        label = f"{lead.name} ({names.get(lead.division_id, '')})"
        out.append(BatchTarget(label, target, None, ("leader_ids", lead.leader_id)))
    return out


def _morale_due(game: GameService, view: GameView) -> list[BatchTarget]:
    """The morale checks the turn guide lists now (EotE 7.5), one row per unit."""
    from eote_ref.referee.todo import checks_due

    units = {u.id: u for s in view.sides for u in s.units}
    out = []
    for c in checks_due(view, game):
        if c.procedure != "morale" or c.unit_id is None or c.unit_id not in units:
            continue
        unit = units[c.unit_id]
        out.append(BatchTarget(unit.coded_name, {"unit_id": unit.id}, unit, ("unit_ids", unit.id)))
    return out


#: How each batch finds the targets due it, by the batch's key in the catalogue: a function
#: of the view for a batch of units, of the service and the view otherwise.
_TARGETS: dict[str, Callable[..., Any]] = {
    "remove_routed_all": lambda view: [u for u in _on_table(view) if u.routed],
    "disorder_rally_all": lambda view: [
        u for u in _on_table(view) if u.disordered and not u.routed
    ],
    "command_radius_all": _divisions_to_measure,
    "cavalry_end_of_turn_batch": _cavalry_that_fought,
    "morale_all": _morale_due,
    "leader_casualty_all": _leaders_in_reach,
}
#: The batches whose targets are units read off the view alone (the others take the service).
_UNIT_BATCHES = frozenset({"remove_routed_all", "disorder_rally_all"})


def _kind(key: str, batch: BatchOf) -> BatchKind:
    find = _TARGETS[key]
    if key in _UNIT_BATCHES:
        return BatchKind(batch.check, batch.title, batch.rule, units=find, what=batch.what)
    return BatchKind(batch.check, batch.title, batch.rule, targets=find, what=batch.what)


#: The batches on offer, by name: the catalogue's entries with a batch.
BATCHES: dict[str, BatchKind] = {
    e.key: _kind(e.key, e.batch) for e in CATALOGUE if e.batch is not None
}
if set(_TARGETS) != set(BATCHES):  # a batch declared without its targets, or the reverse
    raise TypeError(f"batch targets {sorted(_TARGETS)} against catalogue {sorted(BATCHES)}")


@dataclass
class BatchItem:
    """One target of a batch: its check, the dice entered, and the outcome (once decided)."""

    unit: UnitView | None
    check: Adjudication | None
    label: str = ""
    target: BatchTarget | None = None
    refused: str = ""
    rolls: dict[str, int] = field(default_factory=dict)
    outcome: Outcome | None = None
    needed: str = ""
    #: The name and the die (the boundary's ``D10``/``PERCENTILE``) of the die still needed.
    needed_name: str = ""
    needed_die: Die | None = None
    changes: list[str] = field(default_factory=list)
    #: The base, each modifier with its section and the modified value ("6 −2 disordered
    #: (7.5) = 4"), as the single check's wizard shows them.
    modifiers: str = ""
    #: The row whose rout passed through this unit (EotE 7.5), for a row the batch added.
    origin: BatchItem | None = None

    @property
    def result(self) -> str:
        """The result in words, the die still needed, or why the rules refuse the check."""
        if self.refused:
            return f"not eligible: {self.refused}"
        if self.outcome is not None and self.check is not None:
            return self.check.result_text(self.outcome)
        return f"enter the {self.needed}" if self.needed else ""


def modifiers_text(check: Adjudication, outcome: Outcome) -> str:
    """The base, each modifier signed with its reason and section, and the modified value.

    A named option that changes how the die reads (``morale_result_reading=table``, EotE 7.5)
    follows, as the check's wizard shows it: a row whose result the prose would read the other
    way says why.
    """
    lines = check.modifiers(outcome)
    # Named only (the wizard explains it): the row stays within the dialog's width.
    options = [n.split(":", 1)[0] for n in outcome.notes if n.startswith("option ")]
    if not lines:
        text = f"{outcome.base:g}, no modifiers" if outcome.base else "no modifiers"
    else:
        parts = [f"{outcome.base:g}"]
        for m in lines:
            sign = "+" if m.value >= 0 else "\u2212"
            parts.append(f"{sign}{abs(m.value):g} {m.reason} ({m.rule})")
        parts.append(f"= {outcome.modified:g}")
        text = " ".join(parts)
    return "; ".join([text, *options])


class Batch:
    """The check ``name`` (a key of :data:`BATCHES`) for every target due it.

    ``only`` keeps the targets whose check target holds those values (e.g.
    ``{"division_id": 7}`` for one division's row).
    """

    def __init__(
        self, game: GameService, name: str, *, only: Mapping[str, Any] | None = None
    ) -> None:
        self.game = game
        self.kind = BATCHES[name]
        self.name = name
        self.items: list[BatchItem] = []
        for due in self.kind.due(game, game.view()):
            if only and any(due.target.get(k) != v for k, v in only.items()):
                continue
            try:
                check = open_check(game, self.kind.key, **due.target)
                preview = check.preview()
            except (RefereeError, ValueError, KeyError) as e:
                self.items.append(BatchItem(due.unit, None, due.label, due, refused=str(e)))
                continue
            item = BatchItem(
                due.unit, check, due.label, due, modifiers=modifiers_text(check, preview)
            )
            self.items.append(item)
            self.set_rolls(len(self.items) - 1, {})

    @property
    def due(self) -> list[BatchItem]:
        """The items the rules accept (each rolled or decided)."""
        return [i for i in self.items if i.check is not None]

    def set_rolls(self, index: int, rolls: Mapping[str, int]) -> BatchItem:
        """Enter the dice of item ``index``; its result (or the die still needed) follows."""
        item = self.items[index]
        if item.check is None:
            return item
        item.rolls = dict(rolls)
        trial = item.check.trial(item.rolls)
        item.outcome = trial.outcome
        item.needed = trial.needed.label if trial.needed is not None else ""
        item.needed_name = trial.needed.name if trial.needed is not None else ""
        item.needed_die = trial.needed.die if trial.needed is not None else None
        item.changes = list(trial.changes)
        if trial.error:
            item.refused = trial.error
        if "passed_through" in item.check.values:
            self._chain(item)
        return item

    def passes_through(self, index: int) -> tuple[tuple[int, str], ...]:
        """The formed friendly units item ``index`` may pass through if it goes (EotE 7.5).

        Each with its code before its name (``F12 1/54e Ligne ...``), its own division's
        first (:meth:`passes_through_by_division`). Empty for a check that asks no such
        question (every batch but the morale checks').
        """
        return tuple(u for _t, _own, units in self.passes_through_by_division(index) for u in units)

    def passes_through_by_division(
        self, index: int
    ) -> tuple[tuple[str, bool, tuple[tuple[int, str], ...]], ...]:
        """:meth:`passes_through` by division: the unit's own first, then the others in order.

        A routing unit goes to the rear of its own division (EotE 7.5), so the formed units
        it crosses are most likely its division's; a unit falling back crosses the same.
        Each group is its division's title, whether it is the unit's own, and its units
        ``(id, "CODE name ...")``.
        """
        item = self.items[index]
        check = item.check
        if check is None:
            return ()
        fact = next((f for f in check.facts() if f.key == "passed_through"), None)
        if fact is None:
            return ()
        view = check.view
        labels = {
            c.value: c.label
            for c in unit_candidates(view, [(c.value, c.label) for c in fact.choices])
        }
        own = item.unit.division_id if item.unit is not None else None
        groups = [
            (d.id, d.title, tuple((u.id, labels[u.id]) for u in d.units if u.id in labels))
            for side in view.sides
            for d in side.divisions
        ]
        ordered = sorted((g for g in groups if g[2]), key=lambda g: g[0] != own)
        return tuple((title, d == own, units) for d, title, units in ordered)

    def pass_through(self, index: int, unit_ids: tuple[int, ...]) -> None:
        """Item ``index`` passes through ``unit_ids`` if it falls back or routs (EotE 7.5).

        Falling back disorders them (its changes say so); a rout makes each of them test
        morale in turn: the batch takes a row for each one (not already in it), so the umpire
        rolls them in the same step (and a rout among those may chain on).
        """
        item = self.items[index]
        if item.check is None:
            raise RefereeError(f"{item.label} is not checked in this batch")
        item.check.set("passed_through", tuple(unit_ids))
        self.set_rolls(index, item.rolls)

    def _chain(self, item: BatchItem) -> None:
        """The rows a routing item owes (EotE 7.5): added for its units, dropped otherwise."""
        routs = item.outcome is not None and item.outcome.result == "rout"
        passed = set(item.check.values.get("passed_through", ())) if item.check else set()
        for other in [i for i in self.items if i.origin is item]:
            if not routs or other.unit is None or other.unit.id not in passed:
                self._drop(other)
        if not routs:
            return
        present = {i.unit.id for i in self.items if i.unit is not None}
        units = {u.id: u for s in self.game.view().sides for u in s.units}
        for uid in sorted(passed - present):
            unit = units[uid]
            target = BatchTarget(unit.coded_name, {"unit_id": uid}, unit, ("unit_ids", uid))
            check = open_check(self.game, self.kind.key, **target.target)
            self.items.append(
                BatchItem(
                    unit,
                    check,
                    f"{unit.coded_name} (routers passed through)",
                    target,
                    modifiers=modifiers_text(check, check.preview()),
                    origin=item,
                )
            )
            self.set_rolls(len(self.items) - 1, {})

    def _drop(self, item: BatchItem) -> None:
        for other in [i for i in self.items if i.origin is item]:
            self._drop(other)
        self.items.remove(item)

    def roll_all(self, dice: Any) -> None:
        """The app rolls every die still needed (``dice`` has ``d10`` and ``percentile``)."""
        n = 0
        while n < len(self.items):  # a rout may add rows (EotE 7.5): they are rolled too
            item = self.items[n]
            for _ in range(8):
                if item.check is None or item.outcome is not None or item.refused:
                    break
                trial = item.check.trial(item.rolls)
                if trial.needed is None:
                    break
                die = trial.needed
                value = dice.percentile(die.name) if die.die == PERCENTILE else dice.d10(die.name)
                self.set_rolls(n, {**item.rolls, die.name: value % 10 if die.one_key() else value})
            n += 1

    def ready(self) -> bool:
        """Whether every accepted item is decided (and there is at least one)."""
        due = [i for i in self.due if not i.refused]
        return bool(due) and all(i.outcome is not None for i in due)

    def summary(self) -> str:
        """The journal line: the batch and each unit's result."""
        parts = [f"{i.label}: {i.result}" for i in self.due if i.outcome is not None]
        return f"{self.kind.title} ({len(parts)}): " + "; ".join(parts)

    def apply(self) -> None:
        """Write every decided item as one journal step.

        Raises:
            RefereeError: an item still needs its die, or nothing is due.
        """
        if not self.ready():
            missing = next((i for i in self.due if i.outcome is None and not i.refused), None)
            if missing is not None:
                raise RefereeError(f"{missing.label}: {missing.result}")
            raise RefereeError("no unit is due this check")
        changes: list[Change] = []
        inputs = []
        rolls = []
        outcomes: list[Outcome] = []
        settled: dict[str, list[int]] = {}
        chained = {i.unit.id for i in self.due if i.origin is not None and i.unit and i.outcome}
        for item in self.due:
            if item.outcome is None or item.check is None or item.refused:
                continue
            if chained and "passed_through" in item.check.values:  # they test in this step
                item.check.target["tested_now"] = tuple(sorted(chained))
            changes += item.check.changes(item.outcome)
            inputs.append(
                {
                    **({"unit_id": item.unit.id} if item.unit is not None else {}),
                    "situation": _jsonable(item.check.situation()),
                    **item.check.inputs(),
                }
            )
            if item.target is not None and item.target.settles is not None:
                key, value = item.target.settles
                settled.setdefault(key, []).append(value)
            rolls += [{"name": f"{item.label}.{k}", "value": v} for k, v in item.rolls.items()]
            outcomes.append(item.outcome)
        self.game.record(
            self.kind.key,
            Line.of(self.summary()),  # the results in words: no CE, no target number
            changes,
            inputs={"batch": self.name, "items": inputs, **settled},
            rolls=rolls,
            outcome=check_record(outcomes),
        )
