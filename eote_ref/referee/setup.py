"""Setting up games: shipped army lists, a new game from lists, and the demo battle."""

from __future__ import annotations

import pathlib
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from eote_ref.packs import registry
from eote_ref.packs.outcome import Source
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game_rules import RulesetError, eote_rules, new_game_ruleset, pack_of
from eote_ref.referee.phases import Phase
from eote_ref.store.specs import RosterSpec, SideSpec

if TYPE_CHECKING:  # army lists are read when a game is made, not for the first window
    from eote_ref.armylists.model import ArmyList, Command
    from eote_ref.store import Database

FIGURE_SCALES = ("6mm", "15mm", "25mm")
DEMO_NAME = "Demo battle: Waterloo, 18 June 1815"
DEMO_LISTS = ("waterloo-1815-french.yaml", "waterloo-1815-anglo-allied.yaml")


def shipped_army_lists_dir() -> pathlib.Path | None:
    """Where the shipped army lists are: the source tree, an installed copy or a frozen app."""
    here = pathlib.Path(__file__).resolve()
    candidates = [
        here.parents[2] / "army_lists",
        pathlib.Path(sys.prefix) / "share" / "eote-ref" / "army_lists",
    ]
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        candidates.insert(0, pathlib.Path(frozen) / "army_lists")
    for c in candidates:
        if c.is_dir() and any(c.glob("*.yaml")):
            return c
    return None


def shipped_army_lists() -> list[pathlib.Path]:
    """The shipped army-list files, sorted by name (empty when none are installed)."""
    folder = shipped_army_lists_dir()
    return sorted(folder.glob("*.yaml")) if folder else []


def shipped_pack_list_files(pack_id: str) -> list[pathlib.Path]:
    """The army-list files another pack than the default ships, sorted by name.

    A pack's lists are in its own folder's ``lists/`` (found through the registry: a new
    pack's place, shipped as the package's data) or in the shipped lists' subfolder named
    after it (``army_lists/avle/``, where AVlE's and VlE's stay, their scenario files naming
    them ``avle/...``). A name in both is the pack folder's.
    """
    from eote_ref.packs import registry

    folders = [registry.lists_folder(pack_id)]
    if (shipped := shipped_army_lists_dir()) is not None:
        folders.append(shipped / pack_id)
    found: dict[str, pathlib.Path] = {}
    for folder in folders:
        if folder is not None and folder.is_dir():
            for path in folder.glob("*.yaml"):
                found.setdefault(path.name, path)
    return [found[name] for name in sorted(found)]


@dataclass(frozen=True)
class NewGame:
    """What the new-game wizard collects.

    ``sides`` maps a side's name to its army-list files; ``initiative`` is the starting side's
    name, ``"roll"`` to roll for it in turn 1's initiative phase (a journal step, EotE 4.0), or
    None to decide later.
    ``formations`` maps a side's name to the starting formation of each arm
    (``{"infantry": "line"}``), replacing the lists' defaults for this game; ``""`` leaves an
    arm without one. Units whose list gives their own formation keep it.
    """

    name: str
    sides: Mapping[str, Sequence[pathlib.Path]]
    figure_scale: str = "15mm"
    options: Mapping[str, str | int | bool] | None = None
    initiative: str | None = None
    formations: Mapping[str, Mapping[str, str]] | None = None
    #: The pack chosen for the game (a command's ``--pack``); None takes the lists' ruleset.
    pack: str | None = None


#: The arms of service, in the order the wizard shows them: a starting formation is
#: chosen for each, and a late unit (a correction) is of one.
ARMS = ("infantry", "cavalry", "artillery", "engineers")


def _with_formations(spec: RosterSpec, chosen: Mapping[str, str]) -> RosterSpec:
    """``spec`` with its per-arm starting formations replaced by ``chosen`` where given."""
    for arm, value in chosen.items():
        if arm not in ARMS:
            raise SetupError(f"no arm called {arm!r}")
        choices = SetupService.formation_choices(arm)
        if value and value not in choices:
            allowed = ", ".join(choices)
            raise SetupError(f"{arm} cannot start in {value!r} (use {allowed})")
    merged = dict(spec.formations)
    merged.update(chosen)
    return replace(spec, formations=tuple((k, v) for k, v in merged.items() if v))


class SetupError(RefereeError):
    """A game that cannot be set up as asked."""


def _load(path: pathlib.Path) -> ArmyList:
    from eote_ref.armylists.loader import load_army_list

    return load_army_list(path).army_list


def list_ruleset(army_list: Any, pack: str) -> str:
    """The ruleset an army list of ``pack`` names (an EotE list's as written, checked later)."""
    named = getattr(army_list, "ruleset", None)
    return named if isinstance(named, str) and named else registry.ruleset_of(pack)


def game_ruleset(rulesets: Sequence[str | None], pack: str | None = None) -> str:
    """The ruleset of a new game of lists (or a scenario's) naming ``rulesets``; EotE only.

    Raises:
        SetupError: lists of two packs, a ruleset no pack has (the known ones named), lists
            not of the ``pack`` chosen, or another pack than EotE (set up elsewhere).
    """
    try:
        ruleset = new_game_ruleset(rulesets, pack)
        eote_rules(ruleset, what="a game of these army lists")
    except RulesetError as error:
        raise SetupError(str(error)) from None
    return ruleset


def _load_sides(spec: NewGame) -> tuple[str, dict[str, list[ArmyList]]]:
    """The game's ruleset and each side's army lists, every list of one pack (EotE's)."""
    from eote_ref.armylists.loader import load_any_army_list

    loaded = {
        name: [load_any_army_list(pathlib.Path(f)) for f in files]
        for name, files in spec.sides.items()
    }
    named = []
    for name, files in spec.sides.items():
        for f, r in zip(files, loaded[name], strict=True):
            ruleset = list_ruleset(r.army_list, r.pack)
            try:
                pack_of(ruleset, f"army list {pathlib.Path(f).name}")
            except RulesetError as error:
                raise SetupError(str(error)) from None
            named.append(ruleset)
    ruleset = game_ruleset(named, spec.pack)
    return ruleset, {name: [r.army_list for r in rs] for name, rs in loaded.items()}


def create_new_game(db: Database, spec: NewGame) -> int:
    """Copy the chosen army lists into a new game and return its id.

    The order of battle is copied, so later edits of the lists never touch this game; the
    ruleset options are checked against the ruleset and stored with the game.
    """
    if spec.figure_scale not in FIGURE_SCALES:
        raise SetupError(f"figure scale must be one of {', '.join(FIGURE_SCALES)}")
    if len(spec.sides) != 2:
        raise SetupError("a game has two sides")
    if any(not files for files in spec.sides.values()):
        raise SetupError("each side needs at least one army list")
    from eote_ref.referee.rosters import to_spec

    options = dict(spec.options or {})
    ruleset_id, lists = _load_sides(spec)
    ruleset = eote_rules(ruleset_id, options)
    chosen = spec.formations or {}
    sides = [
        SideSpec(
            name,
            tuple(_with_formations(to_spec(army), chosen.get(name, {})) for army in armies),
        )
        for name, armies in lists.items()
    ]
    names = list(spec.sides)
    initiative: int | None = None
    if spec.initiative == "roll":
        # No roll here: turn 1's initiative phase asks for it, and the journal keeps it as
        # the one roll of the turn (EotE 4.0); a roll made now was silent and then rolled
        # again in turn 1.
        initiative = None
    elif spec.initiative is not None:
        if spec.initiative not in names:
            raise SetupError(f"no side called {spec.initiative!r}")
        initiative = names.index(spec.initiative)
    from eote_ref.store.game_queries import new_game

    return new_game(
        db,
        spec.name,
        sides,
        ruleset=ruleset_id,
        ruleset_version=ruleset.version,
        options=options,
        phase=Phase.COMMAND.value,
        initiative=initiative,
        figure_scale=spec.figure_scale,
    )


def demo_game(db: Database) -> int:
    """The demo battle (Waterloo: Armée du Nord against Wellington's army), made once."""
    reader = db.rows()
    if reader is not None:  # an SQLite file: found without loading the ORM
        games = reader.games()
    else:
        from eote_ref.store.game_queries import all_games

        games = all_games(db)
    for g in games:
        if g.name == DEMO_NAME:
            assert g.id is not None
            return int(g.id)
    folder = shipped_army_lists_dir()
    if folder is None:
        raise SetupError("the shipped army lists are not installed")
    french, allied = (folder / n for n in DEMO_LISTS)
    return create_new_game(
        db,
        NewGame(
            DEMO_NAME,
            {"French": [french], "Anglo-Allied": [allied]},
            figure_scale="15mm",
            initiative="French",
        ),
    )


@dataclass(frozen=True)
class ListSummary:
    """An army-list file as the new-game wizard lists it."""

    path: pathlib.Path
    name: str
    nation: str
    year: int
    battle: str | None
    divisions: int
    units: int
    #: The starting formation the list gives each arm, ``(("infantry", "column"), ...)``.
    formations: tuple[tuple[str, str], ...] = ()
    #: The pack whose list it is (its ``ruleset:``), and that pack's one-line summary of it
    #: when it is not the default pack's (``18 units, 3 Generals``).
    pack: str = "eote"
    detail: str = ""


@dataclass(frozen=True)
class OptionInfo:
    """A ruleset option with its explanation and the sections in conflict."""

    name: str
    default: str | int | bool
    choices: tuple[str | int | bool, ...]
    rule: str
    explanation: str


@dataclass(frozen=True)
class ScaledDistance:
    """A listed distance and what it becomes at a figure scale (introduction)."""

    key: str
    label: str
    rule: str
    listed: float
    scaled: float


#: The distances the new-game wizard shows to explain a figure scale, with their labels.
SCALE_EXAMPLES = {
    "infantry_fire": "Infantry fire range",
    "pinning_infantry": "Infantry pins enemy within",
    "cavalry_charge": "Cavalry charge closes to",
    "tactical_combat_range": "Tactical combat range",
    "artillery_max": "Artillery maximum range",
}


@dataclass(frozen=True)
class ProvisionalValue:
    """A ruleset value the text does not give (a lost chart), with its rules section."""

    rule: str
    what: str


class SetupService:
    """What the new-game wizard needs: army lists to choose from, options, and creation."""

    def __init__(self, db: Database) -> None:
        self.db = db

    def shipped_lists(self) -> list[ListSummary]:
        """Every shipped army list, summarised (files that do not load are left out)."""
        out = []
        for path in shipped_army_lists():
            try:
                out.append(self.summarise(path))
            except ValueError:
                continue
        return out

    @staticmethod
    def summarise(path: pathlib.Path) -> ListSummary:
        """Load an army-list file and summarise it; ValueError (with every problem) if bad."""
        from eote_ref.referee.rosters import to_spec

        army = _load(path)
        manoeuvre = army.unit_model.manoeuvre_levels
        divisions = [c for c in _walk(army.army) if c.level in manoeuvre]
        return ListSummary(
            path=path,
            name=army.name,
            nation=army.nation,
            year=army.year,
            battle=army.battle,
            divisions=len(divisions),
            units=sum(len(d.units) for d in divisions),
            formations=to_spec(army).formations,
        )

    @staticmethod
    def options() -> list[OptionInfo]:
        """The ruleset's named options (EotE contradictions and gaps), with explanations."""
        rs = eote_rules()
        return [
            OptionInfo(name, spec.default, tuple(spec.choices), spec.rule, spec.explanation)
            for name, spec in rs.options.items()
        ]

    @staticmethod
    def distances_at_scale(
        figure_scale: str, options: Mapping[str, str | int | bool] | None = None
    ) -> list[ScaledDistance]:
        """Some listed distances at ``figure_scale`` under ``options`` (EotE introduction)."""
        rs = eote_rules(options=options)
        out = []
        for key, label in SCALE_EXAMPLES.items():
            d = rs.distance(key)
            out.append(
                ScaledDistance(key, label, d.rule, d.value, rs.scaled(d.value, figure_scale))
            )
        return out

    @staticmethod
    def provisional_values() -> list[ProvisionalValue]:
        """The ruleset values eote-ref supplies because the text lost them (``provisional``)."""
        out = []
        for v in eote_rules().all_values():
            if v.source is Source.PROVISIONAL:
                what = getattr(v, "reason", "") or type(v).__name__
                out.append(ProvisionalValue(v.rule, what))
        return out

    @staticmethod
    def formation_choices(arm: str) -> tuple[str, ...]:
        """The formations ``arm`` may start in (docs/army-list-format.md)."""
        from eote_ref.armylists.model import unit_model

        return tuple(unit_model().start_formations_by_arm[arm])

    @staticmethod
    def list_formations(lists: Sequence[ListSummary]) -> dict[str, str]:
        """Each arm's starting formation in the lists (the first list's where they differ)."""
        out: dict[str, str] = {}
        for summary in lists:
            for arm, value in summary.formations:
                out.setdefault(arm, value)
        return out

    def create(self, spec: NewGame) -> int:
        """Create the game; returns its id (SetupError or ValueError when it cannot)."""
        return create_new_game(self.db, spec)

    def demo(self) -> int:
        """The demo battle's id (created on first use)."""
        return demo_game(self.db)


def _walk(command: Command) -> list[Command]:
    out = [command]
    for child in command.commands:
        out += _walk(child)
    return out
