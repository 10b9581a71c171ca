"""The wizard loop, Qt-free: facts the umpire reads off the table, odds, dice, one journal step.

An :class:`Adjudication` is one check on a live game (a square attempt, a morale check, an
order's activation roll...). It is built from the game state and a target (a unit, a division,
a side), and exposes:

* :meth:`~Adjudication.facts` — the questions for the umpire, each a :class:`Question` pre-filled
  from the state (``derived``) or with the usual default; :attr:`~Adjudication.values` holds the
  answers (the wizard's draft);
* :meth:`~Adjudication.preview` — the rules outcome before any die: modifiers with their
  sections and sources, the modified value, the odds of every result;
* :meth:`~Adjudication.trial` — the outcome with the dice entered so far, or the
  :class:`DieNeeded` the rules ask for next (so a second roll is asked only when it is due);
* :meth:`~Adjudication.apply` — the outcome written as **one** journal event: inputs, rolls,
  the outcome with its trace, and every state change, so one undo reverts all of it.

The desktop wizards (``eote_ref.ui.wizards``) are a thin skin over this; tests drive it
directly on real game files. :data:`REGISTRY` maps a check's key to the class that resolves
it, so the turn guide's to-do items open the right wizard; every key is declared once in
:mod:`eote_ref.referee.catalogue`.
"""

from __future__ import annotations

import abc
import copy
import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from eote_ref.packs.dice import D10, PERCENTILE
from eote_ref.packs.eote.checks.situations import PreviewDice
from eote_ref.packs.eote.rules.core import Outcome, RulesError
from eote_ref.packs.eote.rules.dice import read_d10, read_percentile
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.packs.eote.rules.results import RESULTS, Party, ResultCode, Tone, tone_of
from eote_ref.packs.eote.service import GameService

# The check vocabulary is every pack's: the questions are the boundary's, the dice and trials
# the shared wizard's (EotE's checks name them from here too).
from eote_ref.packs.questions import Choice as Choice
from eote_ref.packs.questions import Question as Question
from eote_ref.referee import catalogue
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.journal_line import Line
from eote_ref.referee.journal_record import check_record
from eote_ref.referee.markers import unit_change
from eote_ref.referee.views import DivisionView, GameView, UnitView
from eote_ref.referee.wizard_check import DieSpec as DieSpec
from eote_ref.referee.wizard_check import ModifierLine as ModifierLine
from eote_ref.referee.wizard_check import Trial as Trial
from eote_ref.store import Change, GameUnit, InsertRow, SetField, game_rows


class DieNeeded(Exception):  # noqa: N818 - a request, not a failure
    """The rules asked for a die that has not been entered yet."""

    def __init__(self, die: DieSpec) -> None:
        super().__init__(die.name)
        self.die = die


class _AskingDice:
    """Dice that read the entered rolls and raise :class:`DieNeeded` for the first missing one."""

    def __init__(self, rolls: Mapping[str, int], labels: Mapping[str, str]) -> None:
        self.rolls = dict(rolls)
        self.labels = labels

    def d10(self, name: str = "roll") -> int:
        if name not in self.rolls:
            raise DieNeeded(DieSpec(name, self.labels.get(name, _die_label(name)), D10))
        return read_d10(self.rolls[name], name)

    def percentile(self, name: str = "percentile") -> int:
        if name not in self.rolls:
            label = self.labels.get(name, _die_label(name))
            raise DieNeeded(DieSpec(name, label, PERCENTILE))
        return read_percentile(self.rolls[name], name)


def _die_label(name: str) -> str:
    """A die's name in words: ``French.reroll1`` reads "French re-roll 1"."""
    if name == "roll":
        return "d10"
    if name == "second_roll":
        return "second d10"
    if name == "percentile":
        return "percentile dice"
    who, _, what = name.rpartition(".")
    if what.startswith("reroll"):
        what = f"re-roll {what[len('reroll') :]}".strip()
    elif what == "roll":
        what = "d10"
    return f"{who} {what}".strip().replace("_", " ")


class Adjudication(abc.ABC):
    """One check on a live game; subclass per procedure (see the module docstring).

    Args:
        game: the open game's service.
        target: what the check concerns (unit_id, division_id, side...), as the to-do item or
            menu command gave it.
    """

    #: The rules procedure (a key of :data:`eote_ref.packs.eote.rules.procedures.PROCEDURES`).
    procedure: ClassVar[str]
    #: The wizard's title and governing section.
    title: ClassVar[str]
    rule: ClassVar[str]
    #: Labels of the dice the procedure reads, by name.
    dice_labels: ClassVar[Mapping[str, str]] = {}
    #: How the wizard cites the check's sections.
    cite: ClassVar[str] = "EotE"

    def __init__(self, game: GameService, **target: Any) -> None:
        self.game = game
        self.target = dict(target)
        self._view: GameView | None = None
        #: The service's version when :attr:`_view` was taken (see :attr:`view`).
        self._view_version: int | None = None
        asked = self.facts()
        self.values: dict[str, Any] = {f.key: f.default for f in asked}
        self._asked: tuple[GameView | None, dict[str, Any], list[Question]] = (
            self._view,
            dict(self.values),
            asked,
        )

    def questions(self) -> list[Question]:
        """:meth:`facts`, not worked out again while the view and the answers are the same.

        The wizard asks for them as it opens, right after the check made its defaults from
        them: an assault on 2,000 units lists every unit of both sides each time.
        """
        view, values, asked = self._asked
        if view is self._view and values == self.values:
            return asked
        asked = self.facts()
        self._asked = (self._view, dict(self.values), asked)
        return asked

    @property
    def view(self) -> GameView:
        """The whole game, read once when first used (single-unit checks never need it).

        One read per step: the check keeps the view it opened on and works out everything
        from it (its questions, situation, changes and their words), never the rows again.
        It takes the service's view anew only once the service has read a newer version of
        the game (its own step applied, or another copy's step followed); the view of a
        version the service knows is its cached one, so that costs no read of the game.
        """
        if self._view is None or self._view_version != self.game.version:
            self._pin(self.game.view())
        assert self._view is not None
        return self._view

    #: What a check keeps of one view of the game (dropped when it takes a newer one).
    PER_VIEW: ClassVar[tuple[str, ...]] = ("_units", "_divisions", "_scenario_notes", "_runs")

    def _pin(self, view: GameView) -> None:
        """Work from ``view`` (the service's, of its :attr:`~GameService.version`) from now."""
        if view is not self._view:
            for key in self.PER_VIEW:
                self.__dict__.pop(key, None)
        self._view = view
        self._view_version = self.game.version

    def fresh_view(self) -> GameView:
        """The view, the game's version read first: another copy's step is taken in.

        For the moment a step is applied: a check opened before another copy changed the
        game works out its changes from the game as it stands (one cheap read of the
        version; the whole game only when it moved).
        """
        self._pin(self.game.view())
        return self.view

    # ------------------------------------------------------------------ to override
    @abc.abstractmethod
    def facts(self) -> list[Question]:
        """The questions, pre-filled from the state (called once; then see :attr:`values`)."""

    @abc.abstractmethod
    def situation(self) -> Any:
        """The rules situation for the current :attr:`values`."""

    @abc.abstractmethod
    def changes(self, outcome: Outcome) -> list[Change]:
        """The state changes ``outcome`` calls for."""

    @abc.abstractmethod
    def summary(self, outcome: Outcome) -> str:
        """The journal line of ``outcome``."""

    def line(self, outcome: Outcome) -> Line:
        """The journal line in pieces, each saying what it reveals.

        By default the summary, revealing nothing; a check whose line states a CE overrides
        this and reads its :meth:`summary` from it.
        """
        return Line.of(self.summary(outcome))

    def unasked(self) -> frozenset[str]:
        """The questions that do not concern the units in hand now: the wizard hides them.

        Their answers stay in :attr:`values` (the situation ignores them); a check asks again
        after each answer, so a question comes back when the units it concerns are chosen.
        """
        return frozenset()

    def settled(self) -> dict[str, tuple[Any, str]]:
        """Answers another answer or the game state settles: key -> (its value, why).

        The wizard shows them greyed with the reason, not asked; the value stands whatever
        was answered before (:meth:`set`), and ``eote-ref game check`` refuses another one
        that contradicts it (:meth:`contradiction`).
        """
        return {}

    def contradiction(self, key: str, value: Any) -> str | None:
        """Why ``value``, given for the settled answer ``key``, cannot stand; None if it may.

        By default any value but the settled one contradicts it. A check whose settled
        answer makes the question moot says which values the rules would still refuse (an
        attached commander's distance: only one beyond his radius); the others are let
        through, the settled value standing for them.
        """
        settled = self.settled().get(key)
        if settled is None or value == settled[0]:
            return None
        return settled[1]

    def subject(self) -> str:
        """What the check is about, for the wizard's heading."""
        return self.title

    def result_text(self, outcome: Outcome) -> str:
        """The result in the umpire's words (default: the result code, spaced)."""
        return outcome.result.replace("_", " ")

    def value_label(self, outcome: Outcome) -> tuple[str, str]:
        """The name and unit of the value a check decided without a die computed."""
        return outcome.value_label()

    def roll_heading(self, outcome: Outcome) -> str | None:
        """What the roll page says the die is rolled against, when not one modified value.

        None (the default): the page shows the outcome's modified value and target. A check
        where each side rolls its own die says each side's modifier instead.
        """
        return None

    def inputs(self) -> dict[str, Any]:
        """What the journal keeps of the question (besides the situation)."""
        return {"target": self.target, "facts": dict(self.values)}

    # ------------------------------------------------------------------ shared
    #: Questions that choose the unit (or units) in hand: answering one derives the state's
    #: answers again for the new choice (:meth:`rederive`), so nothing follows the unit the
    #: wizard opened on.
    subject_keys: ClassVar[frozenset[str]] = frozenset()

    def set(self, key: str, value: Any) -> None:
        """Answer one question; a new unit in hand re-derives the state's answers for it."""
        if key not in self.values:
            raise RefereeError(f"{self.title} has no question {key!r}")
        before = self._derived_keys() if key in self.subject_keys else frozenset()
        self.values[key] = value
        self.__dict__.setdefault("answered", set()).add(key)
        if key in self.subject_keys:
            self.rederive(key, before)
        for settled, (value, _why) in self.settled().items():
            self.values[settled] = value

    def _derived_keys(self) -> frozenset[str]:
        return frozenset(f.key for f in self.facts() if f.derived)

    def rederive(self, changed: str, derived_before: frozenset[str] = frozenset()) -> None:
        """The answers the state gives, again, after the umpire chose ``changed``.

        A fact derived from the state (now, or for the unit chosen before) takes its new
        value; a question the umpire has not answered takes its new default; his own answers
        to the table's questions (cover, distances) are kept.
        """
        answered: set[str] = self.__dict__.setdefault("answered", set())
        for f in self.facts():
            if f.key in self.subject_keys:
                continue  # the units in hand are the umpire's to pick
            if f.derived or f.key in derived_before or f.key not in answered:
                self.values[f.key] = f.default
                answered.discard(f.key)

    def run(self, dice: Any) -> Outcome:
        """Run the procedure on the current situation with ``dice``."""
        return PROCEDURES[self.procedure].run(self.situation(), self.game.ruleset, dice)

    def _answers(self) -> tuple[int, dict[str, Any], dict[str, Any]]:
        """What an outcome depends on: the game's version, the answers and the target."""
        return (self.game.version, copy.deepcopy(self.values), copy.deepcopy(self.target))

    def _memo(self) -> dict[Any, Any]:
        """The outcomes worked out for the answers as they are (forgotten when they change).

        The wizard asks for the preview, whether a die is needed and the trial after every
        answer and every die, and again as it applies: the procedure runs once per answer
        (and once per set of dice), not once per question.
        """
        answers = self._answers()
        kept = self.__dict__.get("_runs")
        if kept is None or kept[0] != answers:
            kept = self.__dict__["_runs"] = (answers, {})
        memo: dict[Any, Any] = kept[1]
        return memo

    def _run_once(self, key: Any, dice: Any) -> Outcome:
        """:meth:`run` with ``dice``, once per ``key`` and set of answers (a refusal too)."""
        memo = self._memo()
        if key not in memo:
            try:
                memo[key] = self.run(dice)
            except (DieNeeded, RulesError, RefereeError) as e:
                memo[key] = e
        found = memo[key]
        if isinstance(found, DieNeeded):
            raise DieNeeded(found.die)
        if isinstance(found, Exception):
            raise found.with_traceback(None)
        result: Outcome = found
        return result

    def preview(self) -> Outcome:
        """The outcome before any roll: modifiers, modified value, odds (nothing is written)."""
        return self._run_once("preview", PreviewDice())

    def modifiers(self, outcome: Outcome | None = None) -> list[ModifierLine]:
        """The modifiers of ``outcome`` (default: the preview's), for display."""
        o = outcome or self.preview()
        return [ModifierLine.of(m) for m in o.modifiers]

    def odds(self, outcome: Outcome | None = None) -> list[tuple[str, float]]:
        """Each result with its probability, most likely first."""
        o = outcome or self.preview()
        pairs = [(self.result_label(k), float(v)) for k, v in o.probabilities.items()]
        return sorted(pairs, key=lambda kv: -kv[1])

    def result_label(self, code: str) -> str:
        """A result code as the odds list shows it."""
        return code.replace("_", " ")

    #: The results of the referee's own no-roll action, when it is not a rules procedure's
    #: (each with its tone); the rules' results come from
    #: :data:`eote_ref.packs.eote.rules.results.RESULTS`.
    own_results: ClassVar[type[ResultCode] | None] = None

    @property
    def reading(self) -> Party | None:
        """Whose reading of the results the wizard shows: the party tested, or nobody.

        Nobody (every result neutral) when both sides are at the table (fire, assault).
        """
        kind = self.own_results or RESULTS.get(self.procedure)
        return None if kind is not None and kind.two_sided() else Party.SUBJECT

    def tone(self, code: str) -> Tone:
        """How result ``code`` reads for the party the check tests (neutral when two-sided)."""
        party = self.reading
        if party is None:
            return Tone.NEUTRAL
        if self.own_results is not None:
            try:
                return self.own_results(code).tone(party)
            except ValueError:
                return Tone.NEUTRAL
        return tone_of(self.procedure, code, party)

    def result_tone(self, code: str) -> str:
        """``good``, ``bad`` or ``neutral``: how result ``code`` reads for the party tested."""
        return self.tone(code).value

    def notes(self, outcome: Outcome) -> list[str]:
        """What the umpire must still do on the table (the outcome's and its effects' notes)."""
        out = list(outcome.notes)
        for effect in outcome.effects.values():
            out.extend(n for n in effect.notes if n not in out)
        out.extend(n for n in scenario_notes(self) if n not in out)
        return out

    def needs_roll(self) -> bool:
        """Whether the check takes a die at all (some results are decided by the state)."""
        try:
            self._run_once(("rolls",), _AskingDice({}, self.dice_labels))
        except DieNeeded:
            return True
        return False

    def trial(self, rolls: Mapping[str, int]) -> Trial[Outcome]:
        """The outcome with ``rolls``, or the die still needed; nothing is written.

        Worked out once per set of answers and dice (the wizard asks again as it applies).
        """
        key = ("trial", tuple(sorted(rolls.items())))
        memo = self._memo()
        if key not in memo:
            memo[key] = self._trial(rolls)
        found: Trial[Outcome] = memo[key]
        return dataclasses.replace(found, changes=list(found.changes), notes=list(found.notes))

    def _trial(self, rolls: Mapping[str, int]) -> Trial[Outcome]:
        try:
            outcome = self._run_once(
                ("rolls", *sorted(rolls.items())), _AskingDice(rolls, self.dice_labels)
            )
        except DieNeeded as e:
            return Trial(needed=e.die)
        except (RulesError, RefereeError) as e:
            return Trial(error=str(e))
        return Trial(
            outcome=outcome,
            changes=self.describe(self.changes(outcome)),
            notes=self.notes(outcome),
        )

    def apply(self, rolls: Mapping[str, int]) -> Outcome:
        """Resolve with ``rolls`` (every die the rules ask for) as one journal event.

        A check that works from a view of the game reads the game's version first: a step
        another copy made since it opened is taken in (:meth:`fresh_view`).

        Raises:
            RefereeError: a die is missing or the situation is refused by the rules.
        """
        if self._view is not None:
            self.fresh_view()
        trial = self.trial(rolls)
        if trial.outcome is None:
            if trial.needed is not None:
                raise RefereeError(f"enter the {trial.needed.label} first")
            raise RefereeError(trial.error or "the check cannot be resolved")
        outcome = trial.outcome
        self.game.record(
            self.procedure,
            self.line(outcome),
            self.changes(outcome),
            inputs={"situation": _jsonable(self.situation()), **self.inputs()},
            rolls=[{"name": k, "value": v} for k, v in rolls.items()],
            outcome=check_record([outcome], single=True),
        )
        return outcome

    def describe(self, changes: Sequence[Change]) -> list[str]:
        """The changes in words: "3rd Ligne: formation line → square".

        A check that works from a view of the game words its units' markers off it, without
        reading them again (:func:`~eote_ref.referee.wording.describe_change`).
        """
        from eote_ref.referee.wording import describe_change

        view = self.view if self._view is not None else None
        db, game_id = self.game.db, self.game.game_id
        markers = self.game.markers
        return [text for c in changes if (text := describe_change(db, game_id, c, view, markers))]

    # ------------------------------------------------------------------ helpers for subclasses
    def inches(self, distance: str) -> str:
        """Ruleset distance ``distance`` at this game's figure scale, in words: ``8"``.

        The arithmetic of the checks is scaled (introduction; options ``scale_adjusts`` and
        ``scaled_distance_floor``); the questions asked say the same inches.
        """
        rs = self.game.ruleset
        listed = rs.distance(distance).value
        scale = self.game.figure_scale
        value = rs.scaled(listed, scale)
        if value <= 0 < listed:
            # A short distance the scale took to nothing: say so, not a bare 0" that reads as
            # a rounding slip (2" support at 6mm, 7.2).
            return f'{value:g}" ({listed:g}" less {listed - value:g}" at {scale}: in contact)'
        return f'{value:g}"'

    def unit(self, unit_id: int | None = None) -> UnitView:
        """The target unit (or ``unit_id``), read on its own (cached per unit).

        Taken from the check's view of the game when it has read one (the assault's heading
        read its units from the database again, twice an opening).
        """
        uid = self.target.get("unit_id") if unit_id is None else unit_id
        if not isinstance(uid, int):
            raise RefereeError("this check needs a unit")
        cache: dict[int, UnitView] = self.__dict__.setdefault("_units", {})
        if uid not in cache:
            side = self._view.side_by_unit.get(uid) if self._view is not None else None
            found = next((u for u in side.units if u.id == uid), None) if side else None
            cache[uid] = found if found is not None else self.game.unit_view(uid)
        return cache[uid]

    def division(self, division_id: int | None = None) -> DivisionView:
        """The target division (or ``division_id``, or the target unit's), read on its own."""
        did = division_id
        if did is None:
            did = self.target.get("division_id")
        if did is None and "unit_id" in self.target:
            did = self.unit().division_id
        if not isinstance(did, int):
            raise RefereeError("this check needs a division")
        cache: dict[int, DivisionView] = self.__dict__.setdefault("_divisions", {})
        if did not in cache:
            cache[did] = self.game.division_view(did)
        return cache[did]


def _jsonable(situation: Any) -> Any:
    if dataclasses.is_dataclass(situation) and not isinstance(situation, type):
        return dataclasses.asdict(situation)
    return situation


def unit_row(check: Adjudication, unit_id: int | None = None) -> GameUnit:
    """The target unit's row (or ``unit_id``'s), detached from its session."""
    uid = int(check.target["unit_id"] if unit_id is None else unit_id)
    row = check.game.read(game_rows.unit, uid)
    if row is None:
        raise RefereeError(f"there is no unit {uid} in this game")
    return row


def scenario_effect(check: Adjudication, command_id: int | None, kind: str) -> dict[str, Any]:
    """The scenario's house modifier to a ``morale`` or ``integrity`` check of a command.

    A demoralised army (or a broken command) of a scenario may change its checks
    (:mod:`eote_ref.referee.army_morale`); read once per check and kept, as the wizard asks
    for the situation after every answer. The situation's ``scenario_modifier`` and
    ``scenario_reason``.
    """
    cache: dict[tuple[int | None, str], tuple[int, str]] = check.__dict__.setdefault(
        "_scenario_effects", {}
    )
    if (command_id, kind) not in cache:
        from eote_ref.referee.army_morale import check_modifier

        cache[(command_id, kind)] = check_modifier(check.game, command_id, kind)
    value, reason = cache[(command_id, kind)]
    return {"scenario_modifier": value, "scenario_reason": reason}


#: The scenario's effects a check concerns (an effect's key, the words of the note), by the
#: check's procedure: a charge is refused, an assault's winner does not advance.
_SCENARIO_NOTES = {
    "charge": ("no_charges", "no charge (the scenario's house rule)"),
    "assault": ("no_advance", "no advance after combat (the scenario's house rule)"),
}


def scenario_notes(check: Adjudication) -> list[str]:
    """A scenario's effects in force on the check's unit that the umpire applies at the table.

    A demoralised side (or a command at its breakpoint) may not charge, or not advance after
    combat (:mod:`eote_ref.referee.army_morale`): said in the check's notes, with who.
    """
    found = _SCENARIO_NOTES.get(check.procedure)
    uid = check.target.get("unit_id")
    if found is None or not isinstance(uid, int):
        return []
    key, words = found
    cache: dict[str, list[str]] = check.__dict__.setdefault("_scenario_notes", {})
    if key not in cache:
        from eote_ref.referee.army_morale import in_force

        command_id = check.unit(uid).division_id
        cache[key] = [
            f"{force.source}: {words}"
            for force in in_force(check.game, command_id)
            if force.effects.get(key)
        ]
    return cache[key]


def set_unit(unit_id: int, field_name: str, value: Any) -> SetField:
    """A unit's change (shorthand for subclasses): a marker (``markers.NAME``) or a column."""
    return unit_change(unit_id, field_name, value)


def link(kind: str, turn: int, unit_id: int, other_id: int, **data: Any) -> InsertRow:
    """A new unit link (engaged pair, artillery target, charge contact)."""
    return InsertRow(
        "game_link",
        {"kind": kind, "turn": turn, "unit_id": unit_id, "other_id": other_id, "data": data},
    )


#: check key → the adjudication class that resolves it (filled by ``@register`` in the modules
#: the catalogue names, :data:`eote_ref.referee.catalogue.CATALOGUE`).
REGISTRY: dict[str, type[Adjudication]] = {}


def register(cls: type[Adjudication]) -> type[Adjudication]:
    """Class decorator: make ``cls`` the adjudication of its ``key`` (default: ``procedure``).

    Raises:
        TypeError: the catalogue does not declare that key for ``cls``'s module (a check
            must be declared in :mod:`eote_ref.referee.catalogue` to be offered anywhere).
    """
    key = getattr(cls, "key", cls.procedure)
    entry = catalogue.BY_KEY.get(key)
    module = cls.__module__.rpartition(".")[2]
    if entry is None or entry.module != module:
        declared = f"for module {entry.module!r}" if entry is not None else "nowhere"
        raise TypeError(
            f"{cls.__name__} registers {key!r}, declared {declared} in eote_ref.referee.catalogue"
        )
    REGISTRY[key] = cls
    return cls


def open_check(game: GameService, key: str, **target: Any) -> Adjudication:
    """The adjudication registered under ``key``, built for ``target``."""
    load_checks()
    try:
        cls = REGISTRY[key]
    except KeyError:
        raise RefereeError(f"no wizard resolves {key!r} yet") from None
    return cls(game, **target)


#: Modules that register adjudications (imported on first use), from the catalogue; the fire
#: queue registers nothing but is loaded with them for the fire wizards.
CHECK_MODULES: list[str] = [
    f"eote_ref.packs.eote.checks.{name}" for name in (*catalogue.MODULES, "fire_queue")
]


def load_checks() -> None:
    """Import every module that registers adjudications (idempotent).

    Raises:
        TypeError: a key the catalogue declares was registered by no class of its module.
    """
    import importlib

    for name in CHECK_MODULES:
        importlib.import_module(name)
    if len(REGISTRY) != len(catalogue.CHECK_KEYS):
        missing = sorted(catalogue.CHECK_KEYS - set(REGISTRY))
        raise TypeError(f"the catalogue declares checks no class registers: {missing}")
