"""A game played headless (``eote-ref game``), any pack's: one protocol over the two services.

EotE's checks are the catalogue's ``Adjudication`` classes (the registry's ``checks`` line of the
pack, :func:`~eote_ref.packs.registry.get_checks`) run by
:class:`~eote_ref.referee.game.GameService`; a pack with declared play (AVlE) is run by
:class:`~eote_ref.referee.pack_play.PackGameService`. :class:`HeadlessGame` is what the
command needs of either (both share the core's journal, undo and redo:
:class:`~eote_ref.referee.game_core.GameCore`), and :func:`open_headless` opens the service
the pack of the game's ``ruleset`` column declares (:mod:`eote_ref.referee.game_open`)::

    game = open_headless(db, game_id)
    game.label()                           # "Turn 1, Command phase"
    game.show()                            # the sides, units with codes and markers, what is due
    game.check("morale", Subject(unit="F12"), {}, {"roll": 7})   # one journal step
    game.check(NEXT_PHASE, Subject(), {}, {})                     # EotE: the next phase
    game.service.undo(1); game.service.redo(1)

:func:`new_game` sets a game up the way the new-game wizard does (EotE through
:class:`~eote_ref.referee.new_game_draft.NewGameDraft`, a pack with play through
:func:`~eote_ref.referee.pack_play.new_pack_game`). A unit is named by its short code
(``F12``) or its name. What the umpire typed wrong is a :class:`HeadlessInputError` naming
the argument; what the rules refuse is a plain :class:`RefereeError`.
"""

from __future__ import annotations

import pathlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, cast

from eote_ref.referee.errors import HeadlessInputError, RefereeError
from eote_ref.referee.pack_answers import answer_value, unit_names
from eote_ref.referee.pack_lists import pack_scenario_file

if TYPE_CHECKING:
    from eote_ref.referee.game import GameService
    from eote_ref.referee.game_core import GameCore
    from eote_ref.referee.pack_play import PackGameService
    from eote_ref.referee.views import GameView, UnitView
    from eote_ref.store import Database

#: The check key that moves an EotE game to its next phase (EotE 2.0).
NEXT_PHASE = "next-phase"


@dataclass(frozen=True)
class Subject:
    """What a check is on, as typed: a unit's code or name, a target unit, a leader, a side."""

    unit: str | None = None
    target: str | None = None
    leader: str | None = None
    side: str | None = None


@dataclass(frozen=True)
class CheckDone:
    """A check written as one journal step: its line, its result, and more lines in words."""

    summary: str
    #: ``{"result": ..., "modified": ...}``; None for a step without a roll (a phase).
    result: dict[str, Any] | None = None
    details: tuple[str, ...] = ()


class HeadlessGame(Protocol):
    """What ``eote-ref game`` needs of an open game, whichever pack plays it."""

    @property
    def service(self) -> GameCore:
        """The game's service (the core's journal: undo, redo)."""
        ...

    def label(self) -> str:
        """Where the game stands: its turn and phase (or round)."""
        ...

    def show(self) -> list[str]:
        """The game in words: sides, units with their markers, and what falls due."""
        ...

    def check(
        self,
        key: str,
        subject: Subject,
        answers: Mapping[str, Any],
        rolls: Mapping[str, Any],
    ) -> CheckDone:
        """Run check ``key`` on ``subject`` with ``answers`` and ``rolls`` as one journal step."""
        ...


def open_headless(db: Database, game_id: int) -> HeadlessGame:
    """The game ``game_id`` with the service its pack plays it by (refused in words if none).

    The service is the one the pack's registry line declares
    (:func:`eote_ref.referee.game_open.open_service`); a pack's declared play is driven by
    :class:`PackHeadless`, EotE's own service by :class:`EoteHeadless`.
    """
    from eote_ref.referee.game_open import open_service
    from eote_ref.referee.pack_play import PackGameService

    service = open_service(db, game_id)
    if isinstance(service, PackGameService):
        return PackHeadless(service)
    return EoteHeadless(cast("GameService", service))


# ----------------------------------------------------------------------------- set-up
@dataclass(frozen=True)
class HeadlessNew:
    """A new game as typed: its pack, name, sides' lists, options, scale and scenario."""

    pack: str
    name: str
    sides: Mapping[str, Sequence[str]] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    #: EotE: a scenario file (or a shipped one's name); another pack: one of its scenarios.
    scenario: str | None = None
    figure_scale: str | None = None


def scenario_file(text: str) -> pathlib.Path:
    """An EotE scenario given as a file, or by a shipped scenario's name (``waterloo-derlon``)."""
    from eote_ref.referee.scenario_setup import shipped_scenarios

    path = pathlib.Path(text)
    if path.is_file():
        return path
    for shipped in shipped_scenarios():
        if text in (shipped.stem, shipped.name):
            return shipped
    names = ", ".join(p.stem for p in shipped_scenarios())
    raise HeadlessInputError(
        "--scenario", f"no scenario file {text!r} (the shipped ones: {names or 'none'})"
    )


def new_game(db: Database, spec: HeadlessNew) -> int:
    """Set the game up as the new-game wizard does for its pack; its id.

    Raises:
        HeadlessInputError: an argument that does not fit the pack.
        RefereeError: a set-up the referee refuses (lists of another pack...); a list or a
            scenario with errors raises its loader's error, every problem listed.
    """
    from eote_ref.packs.registry import DEFAULT_PACK

    if spec.pack != DEFAULT_PACK:
        from eote_ref.referee.pack_play import NewPackGame, new_pack_game

        if spec.figure_scale is not None:
            raise HeadlessInputError("--scale", f"pack {spec.pack} has no figure scale to choose")
        if spec.scenario is not None and not spec.sides:
            from eote_ref.referee.pack_play import new_pack_game_of_scenario

            loaded = pack_scenario_file(spec.pack, spec.scenario)
            return new_pack_game_of_scenario(db, spec.name, loaded, spec.options)
        return new_pack_game(
            db, NewPackGame(spec.name, spec.pack, spec.sides, spec.options, spec.scenario)
        )
    from eote_ref.referee.new_game_draft import NewGameDraft
    from eote_ref.referee.scenario_setup import load
    from eote_ref.referee.setup import SetupService

    draft = NewGameDraft(name=spec.name, pack=DEFAULT_PACK, options=dict(spec.options))
    if spec.scenario is not None:
        if spec.sides:
            raise HeadlessInputError(
                "--side", "a scenario file brings its own sides and lists: give one or the other"
            )
        draft.choose_scenario(load(scenario_file(spec.scenario)))
    else:
        draft.side_names = list(spec.sides)
        draft.lists = [
            [SetupService.summarise(pathlib.Path(f)) for f in files]
            for files in spec.sides.values()
        ]
    if spec.figure_scale is not None:
        draft.figure_scale = spec.figure_scale
    return draft.create(SetupService(db))


# ----------------------------------------------------------------------------- EotE
def _fold(text: str) -> str:
    from eote_ref.referee.picking import fold

    return " ".join(fold(text).split())


def find_unit(view: GameView, text: str, what: str = "--unit") -> UnitView:
    """The unit whose code (``F12``) or name is ``text``; refused in words naming ``what``."""
    units = [u for s in view.sides for u in s.units]
    typed = _fold(text)
    found = [u for u in units if u.code and _fold(u.code) == typed]
    found = found or [u for u in units if _fold(u.name) == typed]
    if not found:
        raise HeadlessInputError(what, f"no unit {text!r} in this game (its code or its name)")
    if len(found) > 1:
        codes = ", ".join(u.coded_name for u in found)
        raise HeadlessInputError(what, f"{text!r} names several units: give its code ({codes})")
    return found[0]


class EoteHeadless:
    """An EotE game: the catalogue's checks through :class:`Adjudication`, EotE's turn."""

    def __init__(self, game: GameService) -> None:
        self._game = game

    @property
    def service(self) -> GameService:
        return self._game

    def label(self, view: GameView | None = None) -> str:
        view = view or self._game.view()
        return f"Turn {view.turn}, {view.phase.label} phase (EotE {view.phase.rule})"

    def show(self) -> list[str]:
        from eote_ref.referee.markers import marker_words
        from eote_ref.referee.todo import checks_due

        view = self._game.view()
        holder = next((s.name for s in view.sides if s.position == view.initiative), None)
        lines = [f"{view.name}: {self.label(view)}", f"Initiative: {holder or 'not yet decided'}"]
        for side in view.sides:
            lines += ["", side.name]
            chiefs = [f"{c.leader.name} ({c.name})" for c in side.commanders if c.leader]
            if chiefs:
                lines.append(f"  Commanders: {'; '.join(chiefs)}")
            for d in side.divisions:
                state = [f"order {d.current_order}"] if d.current_order else []
                if d.pending_order:
                    turns = d.pending_order_turns
                    state.append(
                        f"order {d.pending_order} in transit"
                        + (f", {turns} turn(s)" if turns is not None else "")
                    )
                state += [w for w, on in _division_flags(d) if on]
                lines.append(f"  {d.title}" + (f"  ({'; '.join(state)})" if state else ""))
                if d.leader is not None:
                    dead = ", killed" if d.leader.killed else ""
                    lines.append(f"    Leader {d.leader.name} (rating {d.leader.rating}{dead})")
                for u in d.units:
                    kind = f"{u.type.replace('_', ' ')} {u.arm}, CE {u.ce}"
                    if u.formation:
                        kind += f", {u.formation}"
                    marks = "; ".join(marker_words(u))
                    lines.append(f"    {u.coded_name} ({kind})" + (f"  {marks}" if marks else ""))
        lines += ["", "Due:"]
        codes = {u.id: u.code for s in view.sides for u in s.units}
        for c in checks_due(view, self._game):
            where = f"  [unit {codes.get(c.unit_id, c.unit_id)}]" if c.unit_id is not None else ""
            info = "  (for information)" if not c.due else ""
            lines.append(f"  {c.procedure} ({c.rule}): {c.title}{where}{info}")
        lines.append(f"  {NEXT_PHASE}: move on to the next phase (EotE 2.0)")
        return lines

    def _target(self, key: str, subject: Subject, view: GameView) -> dict[str, Any]:
        """The check's target from what was typed, as the Adjudicate menu builds it."""
        from eote_ref.referee.catalogue import BY_KEY

        entry = BY_KEY.get(key)
        if entry is None or not entry.module:
            known = ", ".join(sorted(k for k, e in BY_KEY.items() if e.module))
            why = "is a batch: run its check on each unit" if entry else "is not a check"
            raise HeadlessInputError("CHECK", f"{key!r} {why} (the checks: {known}, {NEXT_PHASE})")
        needs = entry.menu.needs if entry.menu is not None else "any"
        unit = find_unit(view, subject.unit) if subject.unit is not None else None
        target: dict[str, Any] = {}
        if subject.side is not None:
            side = next((s for s in view.sides if _fold(s.name) == _fold(subject.side)), None)
            if side is None:
                names = ", ".join(s.name for s in view.sides)
                raise HeadlessInputError("--side", f"no side {subject.side!r} (the sides: {names})")
            target["side"] = side.position
        if needs == "side" and unit is not None and "side" not in target:
            target["side"] = next(s.position for s in view.sides if unit in s.units)
        elif needs == "division":
            if unit is None:
                raise HeadlessInputError("--unit", f"{key} is on a division: give one of its units")
            target["division_id"] = unit.division_id
        elif unit is not None:
            target["unit_id"] = unit.id
        elif needs == "unit":
            raise HeadlessInputError("--unit", f"{key} is on a unit: give its code or name")
        if subject.target is not None:
            target["target_id"] = find_unit(view, subject.target, "--target").id
        if subject.leader is not None:
            raise HeadlessInputError("--leader", "an EotE check is on a unit, a division or a side")
        return target

    def check(
        self,
        key: str,
        subject: Subject,
        answers: Mapping[str, Any],
        rolls: Mapping[str, Any],
    ) -> CheckDone:
        if key == NEXT_PHASE:
            if answers or rolls or subject != Subject():
                raise HeadlessInputError("CHECK", f"{NEXT_PHASE} takes no unit, answer or die")
            event = self._game.advance_phase()
            return CheckDone(event.summary or "next phase", details=(self.label(),))
        from eote_ref.packs import registry

        # The referee's own service plays the default pack (EotE): its checks, by the registry.
        checks = registry.get_checks(registry.DEFAULT_PACK)
        view = self._game.view()
        check = checks.open_check(self._game, key, **self._target(key, subject, view))
        given: dict[str, Any] = {}
        for name, value in answers.items():
            if name not in check.values:
                asked = ", ".join(check.values)
                raise HeadlessInputError(
                    "--answer", f"{check.title} has no question {name!r} (its questions: {asked})"
                )
            value = _unit_ids(view, value)
            # What the wizard would not let through (a word for yes or no, a number out of
            # its bounds) is refused naming the field, before anything is written.
            ask = next((q for q in check.questions() if q.key == name), None)
            units = unit_names(u for side in view.sides for u in side.units)
            given[name] = value if ask is None else answer_value(ask, value, units)
            check.set(name, given[name])
        # An answer another one (or the state) settles, given otherwise, may contradict it:
        # refused as the rules would refuse it (a moot one is let through, the settled stands).
        for name in check.settled():
            why = check.contradiction(name, given[name]) if name in given else None
            if why is not None:
                raise HeadlessInputError("--answer", f"{name}={given[name]!r} cannot stand: {why}")
        for name, value in rolls.items():
            if isinstance(value, bool) or not isinstance(value, int):
                raise HeadlessInputError("--roll", f"{name}={value!r} is not a whole number")
        trial = check.trial(dict(rolls))
        if trial.outcome is None:
            if trial.needed is not None:
                die = trial.needed
                raise RefereeError(
                    f"{check.title}: enter the {die.label} first (--roll {die.name}=N); "
                    "nothing was written"
                )
            raise RefereeError(f"{check.title}: {trial.error or 'cannot be resolved'}")
        summary = check.line(trial.outcome).text
        outcome = check.apply(dict(rolls))
        details = [f"{check.subject()}: {check.result_text(outcome)} ({check.rule})"]
        details += [
            f"  {m.value:+g} {m.reason} ({m.rule}{', provisional' if m.provisional else ''})"
            for m in check.modifiers(outcome)
        ]
        details += [f"  then: {c}" for c in trial.changes]
        details += [f"  note: {n}" for n in trial.notes]
        result = {"result": str(outcome.result), "modified": outcome.modified}
        return CheckDone(summary, result, tuple(details))


def _division_flags(d: Any) -> list[tuple[str, bool]]:
    return [
        ("falling back", d.falling_back),
        ("routed", d.routed),
        ("in town", d.in_town),
        ("objective lost", d.objective_lost),
    ]


def _unit_ids(view: GameView, value: Any) -> Any:
    """An answer naming units by code or name, as the questions take them (ids)."""
    by_text: dict[str, int] = {}
    for s in view.sides:
        for u in s.units:
            by_text.setdefault(_fold(u.name), u.id)
            if u.code:
                by_text[_fold(u.code)] = u.id
    if isinstance(value, str):
        return by_text.get(_fold(value), value)
    if isinstance(value, list):
        return [by_text.get(_fold(v), v) if isinstance(v, str) else v for v in value]
    return value


# ----------------------------------------------------------------------------- packs with play
class PackHeadless:
    """A game of a pack with declared play (AVlE): its checks and turn are the pack's."""

    def __init__(self, game: PackGameService) -> None:
        self._game = game

    @property
    def service(self) -> GameCore:
        return self._game

    def label(self) -> str:
        return self._game.turn_label()

    def show(self) -> list[str]:
        from eote_ref.referee.pack_view import side_words, umpire_marker_words, unit_type_words

        game = self._game
        state = game.state()
        due = game.due(state)
        lines = [f"{state.name}: {game.turn_label(state)}"]
        units_spec = tuple(getattr(game.pack, "unit_markers", ()))
        leaders_spec = tuple(getattr(game.pack, "leader_markers", ()))
        for side in state.sides:
            words = [w for k, v in side.pack_state.items() if (w := side_words(game, k, v))]
            lines += ["", side.name + (f"  ({'; '.join(words)})" if words else "")]
            for command in (c for c in state.commands if c.side_id == side.id):
                lines.append(f"  {command.name}")
                for g in (g for g in state.leaders if g.command_id == command.id):
                    marks = umpire_marker_words(leaders_spec, g.markers, turn=state.turn)
                    level = g.level.replace("_", " ").capitalize()  # the pack's word (a General)
                    # a leader named after his rank ("General F5") is not named twice
                    name = (
                        g.name
                        if g.name.casefold().startswith(level.casefold())
                        else (f"{level} {g.name}")
                    )
                    lines.append(f"    {name} (id {g.id})" + (f"  {marks}" if marks else ""))
                for u in (u for u in state.units if u.command_id == command.id):
                    marks = umpire_marker_words(units_spec, u.markers, u.type, state.turn)
                    kind = unit_type_words(game, u.type)
                    lines.append(
                        f"    {u.name} (id {u.id}, {kind})" + (f"  {marks}" if marks else "")
                    )
        lines += ["", "Due:"]
        for d in due:
            target = " ".join(f"{k}={v}" for k, v in d.target.items())
            lines.append(f"  {d.check} ({d.rule}): {d.label}" + (f"  [{target}]" if target else ""))
        return lines

    def check(
        self,
        key: str,
        subject: Subject,
        answers: Mapping[str, Any],
        rolls: Mapping[str, Any],
    ) -> CheckDone:
        game = self._game
        if key == NEXT_PHASE:
            raise HeadlessInputError(
                "CHECK", f"pack {game.pack_id} moves its turn on by its own checks (see game show)"
            )
        state = game.state()
        target: dict[str, int] = {}
        for arg, name, rows, what in (
            ("--unit", subject.unit, state.units, "unit_id"),
            ("--leader", subject.leader, state.leaders, "leader_id"),
            ("--side", subject.side, state.sides, "side_id"),
        ):
            if name is not None:
                found = [r.id for r in rows if r.name == name or getattr(r, "code", None) == name]
                if not found:
                    raise HeadlessInputError(arg, f"no {what[:-3]} called {name!r}")
                target[what] = found[0]
        if subject.target is not None:
            raise HeadlessInputError("--target", "answer the check's target: --answer KEY=NAME")
        check = game.open_check(key, **target)
        names = {u.name: u.id for u in state.units}
        given = dict(answers)
        for name, value in list(given.items()):
            # A side's question may be named by the side: card_French for card_1.
            for side in state.sides:
                if name.endswith(f"_{side.name}"):
                    given.pop(name)
                    given[name[: -len(side.name)] + str(side.id)] = value
        for name, value in given.items():
            # A unit asked for may be named: --answer target_unit="Kempt's brigade".
            if isinstance(value, str) and value in names:
                value = names[value]
            if name not in check.values:
                asked = ", ".join(check.values)
                raise HeadlessInputError(
                    "--answer", f"{check.title} has no question {name!r} (its questions: {asked})"
                )
            # What the dialog would not let through (a word for a number, a unit of no
            # choice) is refused here naming the field, before anything is written.
            ask = next((q for q in check.facts() if q.key == name), None)
            units = unit_names(state.units)
            check.set(name, value if ask is None else answer_value(ask, value, units))
        outcome = check.apply(rolls)
        result = None
        if outcome is not None:
            result = {"result": outcome.result, "modified": outcome.modified}
        return CheckDone(check.last_summary, result)
