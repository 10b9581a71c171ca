"""Load and validate army-list files, reporting every problem at once with its file:line:column."""

from __future__ import annotations

import dataclasses
import enum
import pathlib
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from eote_ref.armylists.model import (
    FORMAT_VERSION,
    KNOWN_RULESETS,
    ArmyList,
    Skirmish,
    StartingFormations,
    unit_model,
)
from eote_ref.packs import registry
from eote_ref.yamlio.document import Document, format_version_problem
from eote_ref.yamlio.loader import load_file, load_text
from eote_ref.yamlio.problems import Path, Problem, YamlError
from eote_ref.yamlio.text import is_blank, name_key, show, too_long
from eote_ref.yamlio.typed import parse

if TYPE_CHECKING:
    from eote_ref.packs.declaration import UnitModelSpec

E = TypeVar("E", bound=enum.Enum)

ERROR = "error"
WARNING = "warning"

#: A nation key: lower-case ASCII words joined by hyphens, e.g. ``dutch-belgian``.
NATION_KEY = re.compile(r"[a-z]+(?:-[a-z]+)*")

#: CE values above this load with a warning (EotE 1.4 values rarely go higher).
CE_WARNING_ABOVE = 10

# The words of the format's own checks (its document names them): the arms that may detach
# skirmishers, the formation only a unit of full skirmish ability may start in, and the
# formation of one nation's units. A pack whose unit model has none of them is simply not
# checked for them.
_SKIRMISHERS = ("infantry", "cavalry")
_SKIRMISH_ORDER = "skirmish"
_ASSAULT_COLUMN = "french_assault_column"
_ASSAULT_NATION = "french"

#: The keys of the list's ``formations:`` (the arms a default formation may be given for).
_DEFAULT_KEYS = frozenset(f.name for f in dataclasses.fields(StartingFormations))


class ArmyListError(YamlError):
    """An army list with at least one error; ``problems`` holds every error and warning."""


@dataclass(frozen=True)
class AnyLoadResult:
    """An army list of any pack: the pack's id, its typed list and its warnings."""

    pack: str
    army_list: Any
    warnings: tuple[Problem, ...] = ()


@dataclass(frozen=True)
class LoadResult:
    """A loaded army list and the warnings it raised (errors never get this far)."""

    army_list: ArmyList
    warnings: tuple[Problem, ...] = ()


def load_army_list(path: str | pathlib.Path) -> LoadResult:
    """Load an army-list file.

    Args:
        path: the YAML file to read (UTF-8).

    Returns:
        The army list and its warnings.

    Raises:
        ArmyListError: the file has at least one error; its ``problems`` lists all of them,
            warnings included, in file order.
    """
    try:
        doc = load_file(path)
    except YamlError as exc:
        raise ArmyListError(exc.problems) from exc
    return _result(doc)


def load_army_list_text(text: str, file: str = "<string>") -> LoadResult:
    """Load an army list from text; ``file`` names it in problems. Raises ArmyListError."""
    try:
        doc = load_text(text, file)
    except YamlError as exc:
        raise ArmyListError(exc.problems) from exc
    return _result(doc)


def load_any_army_list(path: str | pathlib.Path) -> AnyLoadResult:
    """Load an army-list file of any pack (its ``ruleset:`` picks the schema).

    Raises:
        ArmyListError: the file has at least one error (every problem listed).
    """
    try:
        doc = load_file(path)
    except YamlError as exc:
        raise ArmyListError(exc.problems) from exc
    return _any_result(doc)


def load_any_army_list_text(text: str, file: str = "<string>") -> AnyLoadResult:
    """An army list of any pack from text (a campaign's copy); ``file`` names it in problems.

    Raises:
        ArmyListError: the text has at least one error (every problem listed).
    """
    try:
        doc = load_text(text, file)
    except YamlError as exc:
        raise ArmyListError(exc.problems) from exc
    return _any_result(doc)


def _any_result(doc: Document) -> AnyLoadResult:
    """A parsed list of any pack, checked by its pack's schema (ArmyListError on an error)."""
    pack, army_list, problems = check_any_document(doc)
    if army_list is None:
        raise ArmyListError(problems)
    return AnyLoadResult(pack, army_list, tuple(problems))


def validate_file(path: str | pathlib.Path) -> list[Problem]:
    """Every error and warning of an army-list file, in file order (empty when it is clean)."""
    try:
        doc = load_file(path)
    except YamlError as exc:
        return list(exc.problems)
    return check_any_document(doc)[2]


def validate_text(text: str, file: str = "<string>") -> list[Problem]:
    """Every error and warning of an army list given as text, in file order."""
    try:
        doc = load_text(text, file)
    except YamlError as exc:
        return list(exc.problems)
    return check_any_document(doc)[2]


def pack_of(doc: Document) -> str:
    """The pack whose schema an army list follows: the one its ``ruleset:`` names.

    A list with no ``ruleset:``, or one no pack has (a warning of the default format), follows
    the default pack's format, this module's.
    """
    data = doc.data
    ruleset = data.get("ruleset") if isinstance(data, dict) else None
    if isinstance(ruleset, str):
        pack = registry.pack_of_ruleset(ruleset)
        if pack is not None:
            return pack
    return registry.DEFAULT_PACK


def pack_schema(pack: str) -> Any:
    """The pack's own army-list schema (None for the default pack: this module's format).

    The schema is the pack's :class:`~eote_ref.packs.declaration.ArmyListSchema`.
    """
    if pack == registry.DEFAULT_PACK:
        return None
    return registry.get_pack(pack).army_list


def check_any_document(doc: Document) -> tuple[str, Any | None, list[Problem]]:
    """Check an army list against the schema its ``ruleset:`` picks.

    Returns:
        The pack's id, the typed list (None when there is any error) and every problem.
    """
    pack = pack_of(doc)
    schema = pack_schema(pack)
    if schema is None:
        army_list, problems = check_document(doc)
        return pack, army_list, problems
    other, problems = schema.check(doc)
    return pack, other, list(problems)


def has_errors(problems: Sequence[Problem]) -> bool:
    """True when any of ``problems`` is an error (not just a warning)."""
    return any(p.severity == ERROR for p in problems)


def check_document(doc: Document) -> tuple[ArmyList | None, list[Problem]]:
    """Parse and check a loaded document.

    Args:
        doc: the document from :func:`eote_ref.yamlio.loader.load_file` or ``load_text``.

    Returns:
        The army list (None when there is any error) and every problem in file order.
    """
    data = doc.data
    pack = pack_of(doc)
    if pack_schema(pack) is not None:
        # Another pack's list: its schema is not this one, and its units are not EotE's.
        message = (
            f"a list for {registry.PACKS[pack][1]} ('{data['ruleset']}'), not for "
            f"{registry.PACKS[registry.DEFAULT_PACK][1]}: it cannot be used here"
        )
        return None, [Problem(doc.mark(("ruleset",)), ("ruleset",), message)]
    # The rest of a later format's file is not checked against this one: that would only
    # bury the one problem that matters.
    later = format_version_problem(doc, FORMAT_VERSION)
    if later is not None:
        return None, [later]
    army_list: ArmyList | None
    structural: list[Problem] = []
    try:
        army_list = parse(ArmyList, doc, null_is_absent=True)
    except YamlError as exc:
        army_list = None
        structural = exc.problems
    # The words it is checked against: its pack's, else the default pack's.
    checker = _Checker(doc, registry.get_unit_model(pack) or unit_model())
    checker.check(data)
    problems = [
        p
        for p in structural
        if (p.path, p.message) not in checker.superseded and p.path not in checker.word_paths
    ]
    problems.extend(checker.problems)
    problems = _in_file_order(problems)
    if has_errors(problems):
        army_list = None
    return army_list, problems


def _result(doc: Document) -> LoadResult:
    army_list, problems = check_document(doc)
    if army_list is None:
        raise ArmyListError(problems)
    return LoadResult(army_list, tuple(problems))


def _in_file_order(problems: list[Problem]) -> list[Problem]:
    unique = list(dict.fromkeys(problems))

    def key(p: Problem) -> tuple[str, int, int]:
        return (p.mark.file, p.mark.line, p.mark.column) if p.mark else ("", 0, 0)

    return sorted(unique, key=key)


def _as_enum(cls: type[E], value: Any) -> E | None:
    if not isinstance(value, str):
        return None
    try:
        return cls(value)
    except ValueError:
        return None


def _as_word(value: Any, words: Sequence[str]) -> str | None:
    """``value`` when it is one of ``words``, else None."""
    return value if isinstance(value, str) and value in words else None


def _carries_guns(unit: Any, model: UnitModelSpec) -> bool:
    return isinstance(unit, dict) and unit.get("arm") in model.gun_arms


def _either(words: Sequence[str]) -> str:
    """``'light', 'medium' or 'heavy'``."""
    quoted = [f"'{w}'" for w in words]
    return " or ".join([", ".join(quoted[:-1]), quoted[-1]]) if len(quoted) > 1 else "".join(quoted)


def _name_key(name: str) -> str:
    """Names compare regardless of case, runs of spaces and Unicode normal form."""
    return name_key(name)


def _a(word: str) -> str:
    return f"an {word}" if word[:1] in "aeiou" else f"a {word}"


class _Checker:
    """The semantic checks, run on the plain data so they work even where the parse failed."""

    def __init__(self, doc: Document, model: UnitModelSpec) -> None:
        self.doc = doc
        self.model = model
        self.problems: list[Problem] = []
        #: (path, message) of structural problems that a clearer semantic one replaces.
        self.superseded: set[tuple[Path, str]] = set()
        #: Paths of words not of the unit model: the parser's problems there are replaced.
        self.word_paths: set[Path] = set()
        self.army_nation: str | None = None

    def report(self, severity: str, path: Path, message: str, *, at_key: bool = False) -> None:
        mark = self.doc.key_mark(path) if at_key else self.doc.mark(path)
        self.problems.append(Problem(mark, path, message, severity))

    def error(self, path: Path, message: str, *, at_key: bool = False) -> None:
        self.report(ERROR, path, message, at_key=at_key)

    def warn(self, path: Path, message: str, *, at_key: bool = False) -> None:
        self.report(WARNING, path, message, at_key=at_key)

    def text(self, mapping: dict[Any, Any], key: str, path: Path) -> str | None:
        """The text at ``key``, or None; blank text is an error (wrong types are the parser's)."""
        value = mapping.get(key)
        if not isinstance(value, str):
            return None
        if not value.strip():
            self.error((*path, key), "must not be empty")
            return None
        if is_blank(value):
            self.error((*path, key), "must not be empty (it holds only invisible characters)")
            return None
        if (key == "name" or key.endswith("_name")) and (long := too_long(value)):
            self.error((*path, key), f"{long} (a name is stored in the database)")
            return None
        return value

    def word(
        self, mapping: dict[Any, Any], key: str, path: Path, words: Sequence[str]
    ) -> str | None:
        """The word at ``key`` when it is one of the unit model's ``words``, else None.

        A value that is none of them is an error worded as the typed parse words an unknown
        enum value (``expected one of 'line' | 'column', found 'wedge'``); a key left out, or
        null where null reads as absent, is the parser's to report.
        """
        if key not in mapping:
            return None
        value = mapping[key]
        if isinstance(value, str) and value in words:
            return value
        if value is None and key not in ("arm", "type", "level"):
            return None  # an optional key given as null reads as absent
        where = (*path, key)
        self.word_paths.add(where)
        choices = " | ".join(repr(w) for w in words)
        self.error(where, f"expected one of {choices}, found {show(value)}")
        return None

    def line_of(self, path: Path) -> int:
        mark = self.doc.mark(path)
        return mark.line if mark else 0

    # ------------------------------------------------------------------ top level

    def check(self, data: Any) -> None:
        if not isinstance(data, dict):
            return
        self.text(data, "name", ())
        self.army_nation = self.nation(data, ())
        ruleset = data.get("ruleset")
        if isinstance(ruleset, str) and ruleset not in KNOWN_RULESETS:
            known = ", ".join(sorted(KNOWN_RULESETS))
            self.warn(
                ("ruleset",),
                f"unknown ruleset '{ruleset}' (eote-ref knows {known}); "
                "CE values may not fit the rules in use",
            )
        sources = data.get("sources")
        if isinstance(sources, list):
            for i, source in enumerate(sources):
                if isinstance(source, str) and is_blank(source):
                    self.error(("sources", i), "must not be empty")
        formations = data.get("formations")
        if isinstance(formations, dict):
            self.default_formations(formations)
        army = data.get("army")
        if isinstance(army, dict):
            top = self.model.levels[0]
            level = _as_word(army.get("level"), self.model.levels)
            if level is not None and level != top:
                self.error(
                    ("army", "level"),
                    f"the top command must have level '{top}', found '{level}'",
                )
            self.command(army, ("army",))

    def default_formations(self, formations: dict[Any, Any]) -> None:
        """Each arm's starting formation must fit the arm and every unit of it."""
        model = self.model
        for key in formations:
            if key not in _DEFAULT_KEYS:
                continue  # the parser names unknown keys
            arm = key
            formation = self.word(formations, key, ("formations",), model.formations)
            if formation is None:
                continue
            where: Path = ("formations", key)
            if formation not in model.start_formations_by_arm.get(arm, ()):
                self.error(where, _wrong_formation(model, formation, arm))
            elif formation in model.not_a_default:
                self.error(
                    where,
                    f"'{formation}' cannot be a default for every {arm} unit: give it to "
                    "the units that start in it with their own 'formation'",
                )
            elif formation == _ASSAULT_COLUMN and self.army_nation not in (None, _ASSAULT_NATION):
                self.warn(
                    where,
                    f"a French assault column for a {self.army_nation} army: only nations "
                    "that used the formation may take it (EotE 5.3.6)",
                )

    def nation(self, mapping: dict[Any, Any], path: Path) -> str | None:
        nation = self.text(mapping, "nation", path)
        if nation is None:
            return None
        where = (*path, "nation")
        if not NATION_KEY.fullmatch(nation):
            suggestion = "-".join(re.findall(r"[a-z]+", nation.lower()))
            hint = f", e.g. '{suggestion}'" if suggestion else ""
            self.error(
                where,
                f"'{nation}' is not a nation key: write it in lower-case letters and hyphens{hint}",
            )
            return None
        if nation not in self.model.nations:
            self.warn(
                where,
                f"unknown nation '{nation}' (a typo?); the skirmish rating (EotE 5.5.1) "
                "depends on the nation",
            )
        return nation

    # ------------------------------------------------------------------ commands

    def command(self, cmd: dict[Any, Any], path: Path) -> None:
        level = self.word(cmd, "level", path, self.model.levels)
        name = self.text(cmd, "name", path)
        what = f"{level or 'command'} '{name}'" if name else f"{level or 'command'}"
        if "leader" not in cmd:
            self.superseded.add((path, "missing key 'leader'"))
            self.error(path, f"the {what} has no leader (missing key 'leader')")
        elif isinstance(cmd["leader"], dict):
            self.text(cmd["leader"], "name", (*path, "leader"))
        self.subcommands(cmd, path, level, what)
        self.units(cmd, path, level, what)
        if (
            level is not None
            and not self.model.is_manoeuvre(level)
            and not cmd.get("commands")
            and not cmd.get("units")
        ):
            self.warn(path, f"the {what} has no subordinate commands")

    def subcommands(self, cmd: dict[Any, Any], path: Path, level: str | None, what: str) -> None:
        model = self.model
        children = cmd.get("commands")
        if not isinstance(children, list):
            return
        if level is not None and model.is_manoeuvre(level) and children:
            self.error(
                (*path, "commands"),
                f"{_a(str(level))} has units, not subordinate commands "
                "(only army, wing and corps have 'commands')",
                at_key=True,
            )
        seen: dict[str, Path] = {}
        for i, child in enumerate(children):
            child_path: Path = (*path, "commands", i)
            if not isinstance(child, dict):
                continue
            child_level = _as_word(child.get("level"), model.levels)
            if (
                level is not None
                and not model.is_manoeuvre(level)
                and child_level is not None
                and model.rank(child_level) >= model.rank(level)
            ):
                self.error(
                    (*child_path, "level"),
                    f"{_a(child_level)} cannot serve under {_a(level)}: each level "
                    f"must be lower than its parent's ({_level_order(model)})",
                )
            name = child.get("name")
            if isinstance(name, str) and not is_blank(name):
                key = _name_key(name)
                if key in seen:
                    first = self.line_of((*seen[key], "name"))
                    self.error(
                        (*child_path, "name"),
                        f"duplicate command name '{name}' under the {what} (first at line {first})",
                    )
                else:
                    seen[key] = child_path
            self.command(child, child_path)

    # ------------------------------------------------------------------ units

    def units(self, cmd: dict[Any, Any], path: Path, level: str | None, what: str) -> None:
        units = cmd.get("units")
        units_path: Path = (*path, "units")
        manoeuvre = level is not None and self.model.is_manoeuvre(level)
        if manoeuvre:
            if "units" not in cmd:
                self.error(path, f"the {what} has no units (missing key 'units')")
            elif isinstance(units, list) and not units:
                self.error(units_path, f"the {what} has no units: it needs at least one")
            elif (
                isinstance(units, list)
                and len(units) == 1
                and not _carries_guns(units[0], self.model)
            ):
                # A corps artillery reserve of one battery is common; anything else is odd.
                self.warn(path, f"the {what} has a single unit")
        if not isinstance(units, list):
            return
        outside = level is not None and not manoeuvre
        seen: dict[str, Path] = {}
        for i, unit in enumerate(units):
            unit_path: Path = (*units_path, i)
            if outside:
                self.error(
                    unit_path,
                    f"unit outside any division: units belong to a division or brigade, "
                    f"not to {_a(str(level))}",
                )
            if not isinstance(unit, dict):
                continue
            name = self.unit(unit, unit_path)
            if name is not None:
                key = _name_key(name)
                if key in seen:
                    first = self.line_of((*seen[key], "name"))
                    self.error(
                        (*unit_path, "name"),
                        f"duplicate unit name '{name}' in the {what} (first at line {first})",
                    )
                else:
                    seen[key] = unit_path

    def unit(self, unit: dict[Any, Any], path: Path) -> str | None:
        """Check one unit; returns its name when it has a usable one."""
        model = self.model
        name = self.text(unit, "name", path)
        self.text(unit, "brigade", path)
        arm = self.word(unit, "arm", path, model.arms)
        self.word(unit, "type", path, model.unit_types)
        if model.weights:
            self.word(unit, "weight", path, model.weights)
        unit_type = unit.get("type")
        allowed = model.types_by_arm.get(arm) if arm is not None else None
        if allowed is not None and isinstance(unit_type, str) and unit_type not in allowed:
            types = ", ".join(allowed)
            self.error(
                (*path, "type"),
                f"type '{unit_type}' does not fit arm '{arm}' ({arm} types: {types})",
            )
        if arm in model.gun_arms:
            weights = _either(model.weights)
            if "weight" not in unit:
                self.error(
                    path, f"missing key 'weight': {arm} needs its battery weight ({weights})"
                )
            elif unit["weight"] is None:
                self.error(
                    (*path, "weight"), f"{arm} needs its battery weight ({weights}), found nothing"
                )
        elif arm is not None:
            for key in ("weight", "howitzers"):
                if key in unit:
                    self.error(
                        (*path, key),
                        f"'{key}' is for {' or '.join(sorted(model.gun_arms))} only, and this "
                        f"unit's arm is '{arm}'",
                        at_key=True,
                    )
        ce = unit.get("ce")
        if isinstance(ce, int) and not isinstance(ce, bool):
            if CE_WARNING_ABOVE < ce <= 20:
                self.warn((*path, "ce"), f"CE {ce} is above {CE_WARNING_ABOVE}: check the value")
            if ce == 0 and arm in model.gun_arms:
                self.warn((*path, "ce"), f"{arm} with CE 0: check the value")
        skirmish = _as_enum(Skirmish, unit.get("skirmish"))
        if skirmish not in (None, Skirmish.NONE) and arm is not None and arm not in _SKIRMISHERS:
            self.warn(
                (*path, "skirmish"),
                f"{arm} with skirmish '{skirmish}': only infantry and cavalry detach "
                "skirmishers (EotE 5.4)",
            )
        nation = self.nation(unit, path)
        if nation is not None and nation == self.army_nation:
            self.warn((*path, "nation"), f"'{nation}' is the army's nation already: leave it out")
        self.unit_formation(unit, path, arm, skirmish, nation or self.army_nation)
        return name

    def unit_formation(
        self,
        unit: dict[Any, Any],
        path: Path,
        arm: str | None,
        skirmish: Skirmish | None,
        nation: str | None,
    ) -> None:
        """A unit's own starting formation must be one its arm, ability and nation allow."""
        model = self.model
        formation = self.word(unit, "formation", path, model.formations)
        if formation is None or arm is None:
            return
        where: Path = (*path, "formation")
        if formation not in model.start_formations_by_arm.get(arm, ()):
            self.error(where, _wrong_formation(model, formation, arm))
        elif formation == _SKIRMISH_ORDER and (skirmish or Skirmish.NONE) is not Skirmish.FULL:
            self.error(
                where,
                "only a unit with 'skirmish: full' may start in skirmish order (EotE 5.4)",
            )
        elif formation == _ASSAULT_COLUMN and nation not in (None, _ASSAULT_NATION):
            self.warn(
                where,
                f"a French assault column for a {nation} unit: only nations that used the "
                "formation may take it (EotE 5.3.6)",
            )


def _wrong_formation(model: UnitModelSpec, formation: str, arm: str) -> str:
    allowed = ", ".join(model.start_formations_by_arm.get(arm, ()))
    return f"{arm} cannot start in '{formation}' ({arm} formations: {allowed})"


def _level_order(model: UnitModelSpec) -> str:
    """The command levels highest first: ``army > wing > corps > division = brigade``."""
    above = [lv for lv in model.levels if not model.is_manoeuvre(lv)]
    below = [lv for lv in model.levels if model.is_manoeuvre(lv)]
    return " > ".join([*above, " = ".join(below)] if below else above)
