"""The packs eote-ref ships, by id; a pack's modules are imported only when it is asked for.

``eote`` wraps the EotE 6.2 engine (:mod:`eote_ref.packs.eote.rules` and ``eote-6.2.yaml``)
unchanged;
``avle`` is Advanced Vive l'Empereur 1.2, ``vle`` Vive l'Empereur! 3rd edition. A pack is one
line of :data:`SHIPPED`. Standard library only: the packs are named by module path, so this
module imports none of them.

A pack that is not shipped (a test's, a club's own) is added while the program runs with
:func:`register` (the same :class:`Shipped` line) and taken out with :func:`unregister`;
every table below follows.
"""

from __future__ import annotations

import importlib
import importlib.resources
import pathlib
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from eote_ref.packs.outcome import PackError, ResultWords

if TYPE_CHECKING:  # the declaration and the play vocabulary are loaded with the pack asked for
    from eote_ref.packs.declaration import Pack, UnitModelSpec
    from eote_ref.packs.play import Play
    from eote_ref.packs.state_specs import MarkerSpec, RefereeSpec, TurnSpec


class Shipped(NamedTuple):
    """One shipped pack, one line of :data:`SHIPPED`.

    Its id, the module with ``declare()``, its title, the ``ruleset:`` its army lists,
    scenarios and games name, the module whose ``declare_play()`` gives its play in the
    referee (None: the referee runs it with its own checks, as EotE's), how its sections
    are cited (``AVlE 9.0``) and the service that runs its games, as ``module:name`` of a
    class or function taking ``(database, game id)`` (None: the shared service of a pack
    with declared play, :class:`eote_ref.referee.pack_play.PackGameService`).
    """

    id: str
    module: str
    title: str
    ruleset: str
    play: str | None
    cite: str
    service: str | None = None
    #: The module of the pack's own ``eote-ref rule`` calculator, with ``run(args)`` (None:
    #: the pack is answered on its declaration by ``eote_ref.commands.rule_pack``).
    calculator: str | None = None
    #: The module whose ``open_check(game, key, **target)`` opens one of the pack's checks on
    #: the referee's own game service, for its wizards and ``eote-ref game check`` (EotE's
    #: checks; None: the pack's play declares its checks).
    checks: str | None = None
    #: Where the pack's turn and unit markers are declared apart from its engine, as
    #: ``module:NAME`` (read by :func:`get_turn` and :func:`get_unit_markers` without loading
    #: its rules or its data; None: they are read off its declaration, ``Pack.turn``,
    #: ``Pack.unit_markers``).
    turn: str | None = None
    unit_markers: str | None = None
    #: The pack's result codes in words (a :class:`~eote_ref.packs.outcome.ResultWords`), as
    #: ``module:NAME`` declared apart from its engine (None: its procedures' declared
    #: ``ResultSpec`` labels, read off its declaration).
    result_words: str | None = None
    #: What the pack adds to the main window for its games, as ``module:NAME`` of an object
    #: with ``docks`` (each with ``make(window)``, ``attach(window, hub)`` and
    #: ``hide(window)``), ``batch_dialog(hub, name, parent)`` and ``fire_sub_phase(arm,
    #: formation)`` (:class:`eote_ref.ui.main_window.PackWindow`); None: nothing. Read when the
    #: main window is made (its docks exist before the saved layout is restored), so the module
    #: loads no rules and no dialog until they are asked for.
    window: str | None = None
    #: The pack's unit model (a :class:`~eote_ref.packs.declaration.UnitModelSpec`) as
    #: ``module:NAME`` declared apart from its engine, read by :func:`get_unit_model` for the
    #: shared army-list format without loading its rules (None: ``Pack.unit_model``).
    unit_model: str | None = None
    #: What the referee's own game service asks of the pack's procedures (a
    #: :class:`~eote_ref.packs.state_specs.RefereeSpec`), as ``module:NAME``, read without
    #: loading them (None: the pack's games are not run by that service).
    referee: str | None = None


#: One line a pack.
SHIPPED: tuple[Shipped, ...] = (
    Shipped("eote", "eote_ref.packs.eote.pack", "Eagles Over the Empire 6.2", "eote-6.2",
            None, "EotE", service="eote_ref.referee.game:GameService",
            calculator="eote_ref.packs.eote.calculator", checks="eote_ref.packs.eote.checks",
            turn="eote_ref.packs.eote.turn:TURN",
            unit_markers="eote_ref.packs.eote.markers:UNIT_MARKERS",
            result_words="eote_ref.packs.eote.rules.results:RESULT_WORDS",
            window="eote_ref.packs.eote.ui.window:WINDOW",
            unit_model="eote_ref.packs.eote.unit_model:UNIT_MODEL",
            referee="eote_ref.packs.eote.pack:REFEREE"),
    Shipped("avle", "eote_ref.packs.avle.pack", "Advanced Vive l'Empereur 1.2", "avle-1.2",
            "eote_ref.packs.avle.play", "AVlE"),
    Shipped("vle", "eote_ref.packs.vle.pack", "Vive l'Empereur! 3rd edition", "vle-3",
            "eote_ref.packs.vle.play", "VlE"),
)  # fmt: skip

#: id -> how its sections are cited.
CITE: dict[str, str] = {p.id: p.cite for p in SHIPPED}

#: id -> (module with ``declare()``, title).
PACKS: dict[str, tuple[str, str]] = {p.id: (p.module, p.title) for p in SHIPPED}

#: The pack of a game or a command that names none.
DEFAULT_PACK = "eote"

#: The ``ruleset:`` values of army lists and scenarios, each naming its pack.
RULESETS: dict[str, str] = {p.ruleset: p.id for p in SHIPPED}


#: The ruleset a game of a pack records in its ``ruleset`` column.
RULESET_OF_PACK: dict[str, str] = {pack: ruleset for ruleset, pack in RULESETS.items()}


class UnknownRuleset(PackError):
    """A game, an army list, a scenario or a command names a ruleset (or pack) no pack has."""


def pack_of_ruleset(ruleset: str) -> str | None:
    """The id of the pack an army list's ``ruleset:`` names (None for a name no pack has)."""
    return RULESETS.get(ruleset)


def known_rulesets() -> str:
    """The rulesets eote-ref knows, in words (for an error message)."""
    return ", ".join(f"{r} ({PACKS[p][1]})" for r, p in RULESETS.items())


def pack_for(ruleset: str, what: str = "ruleset") -> str:
    """The id of the pack that plays ``ruleset``; :class:`UnknownRuleset` names the known ones.

    ``what`` says who named it in the message ("game 3's ruleset", "the army list's ruleset").
    """
    pack = RULESETS.get(ruleset)
    if pack is None:
        raise UnknownRuleset(
            f"{what} '{ruleset}' is not one eote-ref has; it knows {known_rulesets()}",
            field="ruleset",
        )
    return pack


def game_pack(ruleset: str | None, what: str = "the game") -> str:
    """The pack a game's (or a list's) ``ruleset`` names, empty or None being the default's.

    The one strict ruleset-to-pack lookup: a ruleset no pack has raises
    :class:`UnknownRuleset`, naming ``what`` ("the game's ruleset") and the known ones.
    """
    return pack_for(ruleset or RULESET_OF_PACK[DEFAULT_PACK], f"{what}'s ruleset")


def pack_or_default(ruleset: str | None) -> str:
    """The pack ``ruleset`` names; empty, None or one no pack has reads as the default pack.

    The one lenient lookup, for what is already stored (a game's or a stored list's column)
    and read without refusing it.
    """
    return RULESETS.get(ruleset or "", DEFAULT_PACK)


def ruleset_of(pack_id: str) -> str:
    """The ruleset id a game of pack ``pack_id`` records; :class:`UnknownRuleset` if none."""
    if pack_id not in RULESET_OF_PACK:
        raise UnknownRuleset(f"unknown pack '{pack_id}' (known: {', '.join(PACKS)})", field="pack")
    return RULESET_OF_PACK[pack_id]


def rules_for(ruleset: str, options: Mapping[str, object] | None = None) -> Any:
    """The rules object of ``ruleset``'s pack with ``options`` chosen, as its procedures take it.

    EotE's is :class:`eote_ref.packs.eote.rules.ruleset.Ruleset`, AVlE's its ``AvleRules``. Only the
    pack's module is imported, not its whole declaration (each pack module's ``rules()``). An
    unknown ruleset raises :class:`UnknownRuleset`; an unknown option or a value not offered
    is refused by the pack (a ``ValueError``).
    """
    module = importlib.import_module(PACKS[pack_for(ruleset)][0])
    return module.rules(dict(options or {}))


def ruleset_of_choice(rulesets: Iterable[str], pack: str | None = None) -> str:
    """The one ruleset of a new game: the army lists' ``ruleset:`` values and a chosen pack.

    Every list must name a ruleset a pack has, all the same pack; ``pack`` (a command's
    ``--pack``), when given, must be that pack too. With no list naming a ruleset, the
    chosen pack's (else the default pack's) ruleset. :class:`UnknownRuleset` says what is wrong.
    """
    named = list(dict.fromkeys(rulesets))
    packs = {r: pack_for(r, "the army list's ruleset") for r in named}
    if len(set(packs.values())) > 1:
        mixed = ", ".join(f"{r} ({PACKS[p][1]})" for r, p in packs.items())
        raise UnknownRuleset(
            f"the army lists are for different rulesets ({mixed}); a game has one", "ruleset"
        )
    if pack is not None:
        wanted = ruleset_of(pack)
        if packs and next(iter(packs.values())) != pack:
            raise UnknownRuleset(
                f"the army lists are for {named[0]} ({PACKS[packs[named[0]]][1]}), not for "
                f"the pack chosen, {pack} ({PACKS[pack][1]})",
                "pack",
            )
        return wanted
    if named:
        # Two names of one pack (none today): the pack's own ruleset is the game's.
        return ruleset_of(packs[named[0]]) if len(named) > 1 else named[0]
    return ruleset_of(DEFAULT_PACK)


def pack_ids() -> tuple[str, ...]:
    """The ids of the shipped packs."""
    return tuple(PACKS)


def get_pack(pack_id: str) -> Pack:
    """The declaration of pack ``pack_id``; KeyError names the known ones."""
    if pack_id not in PACKS:
        raise KeyError(f"unknown pack '{pack_id}' (known: {', '.join(PACKS)})")
    module = importlib.import_module(PACKS[pack_id][0])
    pack: Pack = module.declare()
    return pack


def lists_folder(pack_id: str) -> pathlib.Path | None:
    """The army lists pack ``pack_id`` ships in its own folder (``lists/``), or None.

    The folder is the package of the pack's declaration module (``eote_ref/packs/avle/``, or
    a registered pack's own), found as an installed package's data is (a wheel's package
    data, a frozen app's bundle). KeyError names the known packs.
    """
    if pack_id not in PACKS:
        raise KeyError(f"unknown pack '{pack_id}' (known: {', '.join(PACKS)})")
    package = PACKS[pack_id][0].rpartition(".")[0]
    folder = pathlib.Path(str(importlib.resources.files(package))) / "lists"
    return folder if folder.is_dir() else None


#: id -> the service that runs a game of the pack, as ``module:name`` (a pack with declared
#: play and none here is run by the shared one: :mod:`eote_ref.referee.game_open`).
SERVICES: dict[str, str] = {p.id: p.service for p in SHIPPED if p.service is not None}


def get_service(pack_id: str) -> Any:
    """The service class (or function) a pack declares for its games, or None.

    ``service(db, game_id)`` opens a game; only its module is imported. None: the pack
    declares none (the shared service of declared play runs it, if it has play).
    """
    path = SERVICES.get(pack_id)
    if path is None:
        return None
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


#: id -> the module whose ``declare_play()`` gives the pack's play in the referee (set-up,
#: game state, checks, what falls due: :mod:`eote_ref.packs.play`). EotE's play is still the
#: referee's own (``packs/eote/checks``), so it has none here (its SHIPPED line says None).
PLAYS: dict[str, str] = {p.id: p.play for p in SHIPPED if p.play is not None}


def get_play(pack_id: str) -> Play | None:
    """The play of pack ``pack_id`` (None for a pack the referee runs with its own checks)."""
    if pack_id not in PLAYS:
        return None
    module = importlib.import_module(PLAYS[pack_id])
    play: Play = module.declare_play()
    return play


#: id -> the module of the pack's own ``eote-ref rule`` calculator (EotE's engine has its own
#: JSON fields, ``docs/rule-cli.md``); the other packs are answered on their declarations.
CALCULATORS: dict[str, str] = {p.id: p.calculator for p in SHIPPED if p.calculator is not None}


def get_calculator(pack_id: str) -> Any | None:
    """The calculator module of pack ``pack_id`` (``run(args)``), or None if it has none."""
    if pack_id not in CALCULATORS:
        return None
    return importlib.import_module(CALCULATORS[pack_id])


#: id -> the module of the checks the referee's own game service runs for the pack (EotE's).
CHECKS: dict[str, str] = {p.id: p.checks for p in SHIPPED if p.checks is not None}


def get_checks(pack_id: str) -> Any:
    """The checks module of pack ``pack_id`` (``open_check``).

    Raises:
        UnknownRuleset: the pack has none (its play declares its checks), or no such pack.
    """
    if pack_id not in CHECKS:
        raise UnknownRuleset(
            f"pack '{pack_id}' has no checks for the referee's own game service", field="pack"
        )
    return importlib.import_module(CHECKS[pack_id])


#: id -> ``module:NAME`` of the pack's turn and of its unit markers, declared apart from its
#: engine (the app's first window and the store's rows read them before any rules load).
TURNS: dict[str, str] = {p.id: p.turn for p in SHIPPED if p.turn is not None}
UNIT_MARKERS: dict[str, str] = {p.id: p.unit_markers for p in SHIPPED if p.unit_markers is not None}


def _named(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


def get_turn(pack_id: str) -> TurnSpec | None:
    """The turn pack ``pack_id`` declares (its phases or rounds), or None if it has none.

    Read from the module its line names when it names one (no rules, no data loaded), else
    off its declaration (``Pack.turn``); KeyError for a pack no one knows.
    """
    if pack_id in TURNS:
        turn: TurnSpec = _named(TURNS[pack_id])
        return turn
    return get_pack(pack_id).turn


def get_unit_markers(pack_id: str) -> tuple[MarkerSpec, ...]:
    """The markers each unit of pack ``pack_id`` carries, in the order they are worded.

    As :func:`get_turn`: from the module its line names, else ``Pack.unit_markers``.
    """
    if pack_id in UNIT_MARKERS:
        markers: tuple[MarkerSpec, ...] = _named(UNIT_MARKERS[pack_id])
        return markers
    return get_pack(pack_id).unit_markers


#: id -> ``module:NAME`` of the pack's result words, declared apart from its engine.
RESULT_WORDS: dict[str, str] = {p.id: p.result_words for p in SHIPPED if p.result_words is not None}


class _DeclaredWords:
    """A pack's result words from its declaration: each procedure's ``ResultSpec`` labels."""

    def __init__(self, pack: Pack) -> None:
        self._labels = {
            (name, r.code): r.text for name, spec in pack.procedures.items() for r in spec.results
        }

    def label(self, procedure: str, code: str) -> str | None:
        return self._labels.get((procedure, code))

    def parts(self, procedure: str, result: str) -> tuple[str, ...]:
        return ()


def get_result_words(pack_id: str) -> ResultWords:
    """How pack ``pack_id``'s result codes read in words (its line's, else its declaration's)."""
    if pack_id in RESULT_WORDS:
        words: ResultWords = _named(RESULT_WORDS[pack_id])
        return words
    return _DeclaredWords(get_pack(pack_id))


#: id -> ``module:NAME`` of what the pack adds to the main window (its docks, its batches).
WINDOWS: dict[str, str] = {p.id: p.window for p in SHIPPED if p.window is not None}


def get_window(pack_id: str) -> Any | None:
    """What pack ``pack_id`` adds to the main window for its games, or None if nothing.

    The object its line names (:class:`Shipped`'s ``window``); only its module is imported.
    """
    if pack_id not in WINDOWS:
        return None
    return _named(WINDOWS[pack_id])


#: id -> ``module:NAME`` of the pack's unit model, declared apart from its engine.
UNIT_MODELS: dict[str, str] = {p.id: p.unit_model for p in SHIPPED if p.unit_model is not None}


def get_unit_model(pack_id: str) -> UnitModelSpec | None:
    """The unit model pack ``pack_id`` declares (the words of its units and commands), or None.

    As :func:`get_turn`: from the module its line names, else ``Pack.unit_model``.
    """
    if pack_id in UNIT_MODELS:
        model: UnitModelSpec = _named(UNIT_MODELS[pack_id])
        return model
    return get_pack(pack_id).unit_model


def unit_model_of(ruleset: str | None) -> UnitModelSpec | None:
    """The unit model of ``ruleset``'s pack (:func:`pack_or_default`), read lazily.

    None when the pack declares none (its lists and games are kept in its own format).
    """
    return get_unit_model(pack_or_default(ruleset))


#: id -> ``module:NAME`` of what the referee's own game service asks of the pack.
REFEREES: dict[str, str] = {p.id: p.referee for p in SHIPPED if p.referee is not None}


def get_referee(pack_id: str) -> RefereeSpec[Any] | None:
    """What the referee's own game service asks of pack ``pack_id``, or None if it declares none.

    Read from the module its line names (no procedure, no data loaded), as :func:`get_turn`.
    """
    if pack_id not in REFEREES:
        return None
    spec: RefereeSpec[Any] = _named(REFEREES[pack_id])
    return spec


#: The optional module paths of a line (its field), each with the table keeping it by pack id.
_BY_FIELD: dict[str, dict[str, str]] = {
    "play": PLAYS,
    "service": SERVICES,
    "calculator": CALCULATORS,
    "checks": CHECKS,
    "turn": TURNS,
    "unit_markers": UNIT_MARKERS,
    "result_words": RESULT_WORDS,
    "window": WINDOWS,
    "unit_model": UNIT_MODELS,
    "referee": REFEREES,
}


def register(pack: Shipped) -> None:
    """Add a pack that is not shipped, as one :class:`Shipped` line, for this process.

    Every table of this module (``PACKS``, ``CITE``, ``RULESETS``, ``RULESET_OF_PACK``,
    ``PLAYS``, ``SERVICES``, ``CALCULATORS``, ``CHECKS``, ``TURNS``, ``UNIT_MARKERS``,
    ``RESULT_WORDS``, ``WINDOWS``, ``UNIT_MODELS``, ``REFEREES``) takes it, so the referee,
    the commands and the app know it as a shipped one. Its modules are imported on demand, as
    a shipped pack's. An id or a
    ruleset already taken is refused (:class:`UnknownRuleset`); :func:`unregister` takes it
    out again.
    """
    if pack.id in PACKS:
        raise UnknownRuleset(f"a pack '{pack.id}' is already known", field="pack")
    if pack.ruleset in RULESETS:
        raise UnknownRuleset(
            f"the ruleset '{pack.ruleset}' is already pack {RULESETS[pack.ruleset]}'s",
            field="ruleset",
        )
    PACKS[pack.id] = (pack.module, pack.title)
    CITE[pack.id] = pack.cite
    RULESETS[pack.ruleset] = pack.id
    RULESET_OF_PACK[pack.id] = pack.ruleset
    for name, table in _BY_FIELD.items():
        path = getattr(pack, name)
        if path is not None:
            table[pack.id] = path


def unregister(pack_id: str) -> None:
    """Take out a pack added by :func:`register` (a shipped one is refused: KeyError)."""
    if any(p.id == pack_id for p in SHIPPED):
        raise KeyError(f"pack '{pack_id}' is shipped and stays")
    if pack_id not in PACKS:
        raise KeyError(f"unknown pack '{pack_id}' (known: {', '.join(PACKS)})")
    del PACKS[pack_id]
    CITE.pop(pack_id, None)
    for table in _BY_FIELD.values():
        table.pop(pack_id, None)
    ruleset = RULESET_OF_PACK.pop(pack_id)
    RULESETS.pop(ruleset, None)
