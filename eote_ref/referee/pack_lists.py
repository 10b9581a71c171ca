"""Army lists and options of any pack, for the new-game wizard (issue 26).

EotE's lists and options stay :class:`~eote_ref.referee.setup.SetupService`'s; a list of
another pack is read through its pack's own schema (:func:`eote_ref.armylists.loader.
load_any_army_list`) and summarised in the same :class:`ListSummary`, with the pack's id
and its one-line summary. Nothing here names a pack: the registry answers.
"""

from __future__ import annotations

import pathlib
from dataclasses import dataclass
from typing import Any

from eote_ref.packs import registry
from eote_ref.referee.scenario_setup import search_folders, shipped_scenarios
from eote_ref.referee.setup import (
    ListSummary,
    OptionInfo,
    SetupService,
    shipped_army_lists,
    shipped_army_lists_dir,
    shipped_pack_list_files,
)


def pack_choices() -> list[tuple[str, str]]:
    """The shipped packs as ``(id, title)``, the default first."""
    return [(pack, registry.PACKS[pack][1]) for pack in registry.pack_ids()]


def pack_title(pack: str) -> str:
    """The pack's title (``Advanced Vive l'Empereur 1.2``); KeyError names the known ones."""
    if pack not in registry.PACKS:
        raise KeyError(f"unknown pack '{pack}' (known: {', '.join(registry.PACKS)})")
    return registry.PACKS[pack][1]


def pack_rule_prefix(pack: str) -> str:
    """How the pack's sections are cited (``EotE 7.5``, ``AVlE 9.0``): from its id."""
    return registry.CITE.get(pack, pack.upper())


def uses_figure_scale(pack: str) -> bool:
    """Whether a game of ``pack`` is set up with a figure scale (the default pack's is)."""
    return pack == registry.DEFAULT_PACK


def summarise_any(path: pathlib.Path) -> ListSummary:
    """Summarise an army list of any pack; ValueError (with every problem) if it is bad.

    The default pack's lists are :meth:`SetupService.summarise`'s; another pack's carry its
    id, their units and the pack's one-line summary (``18 units, 3 Generals``).
    """
    from eote_ref.armylists.loader import load_any_army_list

    loaded = load_any_army_list(path)
    if loaded.pack == registry.DEFAULT_PACK:
        return SetupService.summarise(path)
    army = loaded.army_list
    schema = registry.get_pack(loaded.pack).army_list
    assert schema is not None
    return ListSummary(
        path=path,
        name=army.name,
        nation=army.nation,
        year=army.year,
        battle=army.battle,
        divisions=0,
        units=len(army.units),
        pack=loaded.pack,
        detail=schema.summary(army),
    )


def shipped_lists_of(pack: str) -> list[ListSummary]:
    """The shipped army lists of ``pack`` (files that do not load are left out).

    The default pack's are the folder's own files; another pack's are in its folder's
    ``lists/`` or in the subfolder named after it (``army_lists/avle/``):
    :func:`~eote_ref.referee.setup.shipped_pack_list_files`.
    """
    default = pack == registry.DEFAULT_PACK
    paths = shipped_army_lists() if default else shipped_pack_list_files(pack)
    out = []
    for path in paths:
        try:
            summary = summarise_any(path)
        except ValueError:
            continue
        if summary.pack == pack:
            out.append(summary)
    return out


def pack_options(pack: str) -> list[OptionInfo]:
    """The named options of ``pack`` (the default pack's from its ruleset file)."""
    if pack == registry.DEFAULT_PACK:
        return SetupService.options()
    declared = registry.get_pack(pack)
    return [
        OptionInfo(name, spec.default, tuple(spec.choices), spec.rule, spec.explanation)
        for name, spec in declared.options.items()
    ]


def pack_scenarios(pack: str) -> list[tuple[str, str]]:
    """The scenarios a game of ``pack`` may be set up as, ``(key, title)`` (its play's)."""
    if pack not in getattr(registry, "PLAYS", {}):
        return []
    play = registry.get_play(pack)
    return list(getattr(play, "scenarios", {}).items()) if play is not None else []


def pack_scenarios_for(
    pack: str, lists: list[list[pathlib.Path]]
) -> list[tuple[str, str, str | None]]:
    """The pack's scenarios for these lists (each side's files): ``(key, title, refusal)``.

    ``refusal`` is None when the lists fit the scenario, else why not in words (the play's
    ``scenario_refusal``: Waterloo without a Prussian list). A list that does not load is
    left out of the reading (the lists page reports it).
    """
    from eote_ref.armylists.loader import load_any_army_list

    scenarios = pack_scenarios(pack)
    if not scenarios:
        return []
    play = registry.get_play(pack)
    sides: list[list[object]] = []
    for side in lists:
        loaded = []
        for path in side:
            try:
                result = load_any_army_list(path)
            except (OSError, ValueError):  # a bad list (YamlError is one) is the lists page's
                continue
            if result.pack == pack and result.army_list is not None:
                loaded.append(result.army_list)
        sides.append(loaded)
    refusal = getattr(play, "scenario_refusal", None)
    out = []
    for key, title in scenarios:
        # Whose set-up it is, when the lists are a ready battle's: the text's or historical.
        battle = battle_of_lists(pack, key, lists)
        if battle is None and any(b.scenario == key for b in pack_battles(pack)):
            title = f"{title} — with the lists chosen (not the text's set-up)"
        out.append(
            (key, battle.title if battle else title, refusal(key, sides) if refusal else None)
        )
    return out


@dataclass(frozen=True)
class PackBattle:
    """A battle of ``pack`` ready to start: its scenario and each side's shipped list files."""

    key: str
    title: str
    scenario: str
    #: ``text``: the rules text's own set-up; ``historical``: lists drawn from the history.
    kind: str
    sides: tuple[tuple[str, tuple[pathlib.Path, ...]], ...]
    #: The scenario file it is read from (None: a pack's battle declared in its play).
    file: pathlib.Path | None = None
    #: The pack it is a battle of.
    pack: str = ""


def battle_key(pack: str, path: pathlib.Path) -> str:
    """A shipped scenario file's key: its name without the pack's prefix, ``_`` for ``-``.

    ``avle-ligny``: ``ligny``; ``avle-quatre-bras-historical``: ``quatre_bras_historical``.
    """
    stem = path.stem.removeprefix(f"{pack}-")
    return stem.replace("-", "_")


def pack_battles(pack: str) -> list[PackBattle]:
    """The battles of ``pack`` ready to start, their shipped lists found.

    A pack whose scenarios are files (its play's ``scenario_section``) ships them in
    ``army_lists/scenarios/`` (a file that does not validate is left out); another pack's
    are its play's ``battles``, their lists among the pack's shipped lists (its folder's
    ``lists/``, ``army_lists/<pack>/``; a battle whose files are not all there is left out).
    """
    if pack not in getattr(registry, "PLAYS", {}):
        return []
    version = _shipped_version(pack)
    if (pack, version) not in _BATTLES:
        if len(_BATTLES) > 64:
            _BATTLES.clear()
        _BATTLES[pack, version] = tuple(_read_battles(pack))
    return list(_BATTLES[pack, version])


#: The battles of a pack as last read, by the version of the files they are read from
#: (:func:`_shipped_version`): the new-game wizard asks a dozen times for one game.
_BATTLES: dict[tuple[str, tuple[object, ...]], tuple[PackBattle, ...]] = {}


def _shipped_version(pack: str) -> tuple[object, ...]:
    """What a pack's battles are read from, as a value to compare.

    The pack's play module, the rulesets known, and the path, modification time and size of
    each shipped list and scenario (``army_lists/`` and its folders) and of each list of the
    pack's folder: any file added, removed or changed gives another version.
    """
    out: list[object] = [registry.PLAYS.get(pack), tuple(registry.RULESETS.items())]
    for folder in (shipped_army_lists_dir(), registry.lists_folder(pack)):
        for path in sorted(folder.rglob("*.yaml")) if folder is not None else ():
            try:
                stat = path.stat()
            except OSError:
                continue
            out.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(out)


def _read_battles(pack: str) -> list[PackBattle]:
    play = registry.get_play(pack)
    if play is None:
        return []
    if play.scenario_section is not None:
        found = [b for path in shipped_scenarios(pack) if (b := battle_of_file(path)) is not None]
        keys = list(play.scenarios)

        def order(b: PackBattle) -> tuple[int, bool]:  # the play's order, the text's first
            return (keys.index(b.scenario) if b.scenario in keys else len(keys), b.kind != "text")

        return sorted(found, key=order)
    shipped = {p.name: p for p in shipped_pack_list_files(pack)}
    out = []
    for key, battle in play.battles.items():
        if not all(f in shipped for _n, files in battle.sides for f in files):
            continue
        sides = tuple((name, tuple(shipped[f] for f in files)) for name, files in battle.sides)
        out.append(PackBattle(key, battle.title, battle.scenario, battle.kind, sides, None, pack))
    return out


def battle_of_file(path: pathlib.Path) -> PackBattle | None:
    """The battle a scenario file of another pack than the default starts.

    None: the file has errors, or is the default pack's.
    """
    from eote_ref.scenarios.loader import ScenarioError
    from eote_ref.scenarios.pack_scenario import LoadedPackScenario, load_any_scenario

    try:
        loaded = load_any_scenario(path, search_folders())
    except ScenarioError:
        return None
    if not isinstance(loaded, LoadedPackScenario):
        return None
    return PackBattle(
        battle_key(loaded.pack, path),
        loaded.scenario.name,
        loaded.key() or "",
        loaded.kind(),
        tuple((name, tuple(p for p, _a in lists)) for name, lists in loaded.sides),
        path,
        loaded.pack,
    )


def other_packs_battles(pack: str) -> list[PackBattle]:
    """The ready battles of every pack but ``pack``, pack by pack (the registry's order)."""
    return [b for other in registry.pack_ids() if other != pack for b in pack_battles(other)]


def pack_battle(pack: str, key: str) -> PackBattle:
    """The battle ``key`` of ``pack``; KeyError names the known ones."""
    battles = {b.key: b for b in pack_battles(pack)}
    if key not in battles:
        known = ", ".join(battles) or "none"
        raise KeyError(f"no battle '{key}' of pack {pack} (known: {known})")
    return battles[key]


def battle_of_lists(pack: str, scenario: str, lists: list[list[pathlib.Path]]) -> PackBattle | None:
    """The ready battle of ``scenario`` played with exactly these lists (each side's), if any."""

    def files(side: list[pathlib.Path] | tuple[pathlib.Path, ...]) -> set[pathlib.Path]:
        return {p.resolve() for p in side}

    chosen = [files(side) for side in lists]
    for battle in pack_battles(pack):
        if battle.scenario == scenario and [files(p) for _n, p in battle.sides] == chosen:
            return battle
    return None


def pack_scenario_file(pack: str, text: str) -> Any:
    """A scenario of ``pack``: a file, or a shipped one by its key (``waterloo``) or name.

    Raises:
        HeadlessInputError: no such scenario, or a file of another pack.
        ScenarioError: the file has errors (every problem listed).
    """
    from eote_ref.referee.errors import HeadlessInputError
    from eote_ref.referee.scenario_setup import search_folders
    from eote_ref.scenarios.pack_scenario import LoadedPackScenario, load_any_scenario

    path = pathlib.Path(text)
    if not path.is_file():
        battles = pack_battles(pack)
        found = next(
            (b.file for b in battles if b.file and text in (b.key, b.file.stem, b.file.name)),
            None,
        )
        if found is None:
            names = ", ".join(b.key for b in battles)
            raise HeadlessInputError(
                "--scenario",
                f"no scenario {text!r} of pack {pack} (the shipped ones: {names or 'none'})",
            )
        path = found
    loaded = load_any_scenario(path, search_folders())
    if not isinstance(loaded, LoadedPackScenario) or loaded.pack != pack:
        whose = loaded.pack if isinstance(loaded, LoadedPackScenario) else "eote"
        raise HeadlessInputError(
            "--scenario", f"{path.name} is a scenario of pack {whose}, not {pack}"
        )
    return loaded
