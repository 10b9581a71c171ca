"""Load and completely validate a ruleset YAML file into a :class:`Ruleset`.

Beyond the strict typed parse (unknown keys, wrong types), a ruleset is checked for what
makes a chart unusable: missing rows or entries, overlapping or gappy d10 ranges and CE
rows, malformed assault cells, option defaults outside their choices. Every problem is
reported with ``file:line:column`` and its key path. A club's edited copy, passed with
``--ruleset FILE``, must hold every entry of the shipped file and no unknown ones.
"""

from __future__ import annotations

import functools
import math
import pathlib
from collections.abc import Iterator, Sequence
from typing import Any

from eote_ref.packs.eote.rules.charts import D10_HIGH, D10_LOW
from eote_ref.packs.eote.rules.options import option_problems
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.tables import Bands
from eote_ref.yamlio.document import Document
from eote_ref.yamlio.loader import load_file
from eote_ref.yamlio.problems import Problem, YamlError, raise_if
from eote_ref.yamlio.typed import parse

DEFAULT_RULESET = pathlib.Path(__file__).with_name("eote-6.2.yaml")
#: The sources a loaded ruleset depends on besides its file (its parsed copy's key).
SOURCES = (
    "packs/eote/rules/*.py",
    "packs/eote/rulesets/*.py",
    "yamlio/*.py",
    # a Ruleset holds the boundary's objects: its charts are table kinds, its values sourced
    "packs/outcome.py",
    "packs/dice.py",
    "packs/tables.py",
)

ASSAULT_CODES = {".", "D", "F", "1", "2", "R"}
#: No number in a ruleset may be larger than this (a year is the largest that means anything).
MAX_MAGNITUDE = 10_000
#: Tables of inches, allowances and chances: never negative, never past this many inches.
MAX_INCHES = 1_000
INCHES = ("distances", "movement", "burning", "engineering", "support", "command_radius")
RATINGS = list(range(-1, 5))


def load_ruleset(path: str | pathlib.Path | None = None) -> Ruleset:
    """Load a ruleset file (the shipped EotE 6.2 data when ``path`` is None); YamlError if bad."""
    if path is None:
        return load_default()
    doc = load_file(path)
    return _load(doc)


@functools.cache
def load_default() -> Ruleset:
    """The shipped EotE 6.2 ruleset (loaded and validated once per process).

    The validated result is kept beside the bytecode (:mod:`eote_ref.yamlio.cache`), so a
    new process reads it back instead of parsing the YAML file again.
    """
    from eote_ref.yamlio.cache import cached

    return cached(DEFAULT_RULESET, lambda: _load(load_file(DEFAULT_RULESET)), Ruleset, SOURCES)


def validate_ruleset(path: str | pathlib.Path) -> list[Problem]:
    """Every problem of a ruleset file (empty when it is valid)."""
    try:
        load_ruleset(path)
    except YamlError as exc:
        return exc.problems
    return []


def _load(doc: Document) -> Ruleset:
    raise_if(_check_numbers(doc))
    rs = parse(Ruleset, doc)
    problems = list(_check(rs, doc))
    raise_if(problems)
    return rs


def _check_numbers(doc: Document) -> Iterator[Problem]:
    """NaN, infinities, absurd magnitudes and negative inches, before the typed parse."""

    def walk(data: Any, path: tuple[str | int, ...]) -> Iterator[Problem]:
        if isinstance(data, dict):
            for key, value in data.items():
                yield from walk(value, (*path, key))
        elif isinstance(data, list):
            for i, value in enumerate(data):
                yield from walk(value, (*path, i))
        elif isinstance(data, int | float) and not isinstance(data, bool):
            if isinstance(data, float) and not math.isfinite(data):
                yield Problem(doc.mark(path), path, f"{data} is not a number a rule can use")
            elif abs(data) > MAX_MAGNITUDE:
                yield Problem(doc.mark(path), path, f"{data:.4g} is beyond {MAX_MAGNITUDE}")
            elif path[0] in INCHES and path[-1] in ("value", "division", "corps", "army"):
                if data < 0:
                    yield Problem(doc.mark(path), path, f"{data:g} cannot be negative")
                elif data > MAX_INCHES:
                    yield Problem(doc.mark(path), path, f"{data:g} is beyond {MAX_INCHES}")

    yield from walk(doc.data, ())


def _reference_keys() -> dict[str, Any]:
    """Key sets of the shipped file's mappings, which every edited copy must match."""
    data = load_file(DEFAULT_RULESET).data
    keys: dict[str, Any] = {
        name: set(data[name]) for name in ("scales", "distances", "movement", "support")
    }
    keys |= {
        name: set(data[name])
        for name in ("skirmish", "burning", "engineering", "quantities", "options")
    }
    keys["modifiers"] = {g: set(v) for g, v in data["modifiers"].items()}
    return keys


def _check(rs: Ruleset, doc: Document) -> Iterator[Problem]:
    def err(path: tuple[str | int, ...], msg: str, *, key: bool = False) -> Problem:
        return Problem(doc.key_mark(path) if key else doc.mark(path), path, msg)

    shipped = doc.file == str(DEFAULT_RULESET)
    if not shipped:
        yield from _check_key_sets(rs, doc, err)
    choices = {name: spec.choices for name, spec in rs.options.items()}
    for name, message in option_problems(choices, names=shipped):  # an edited copy: _diff
        yield err(("options", name) if name in rs.options else ("options",), message)
    for name, spec in rs.options.items():
        if spec.default not in spec.choices:
            yield err(("options", name, "default"), f"default {spec.default!r} is not a choice")
    charts = rs.charts
    yield from _check_chart("fire_table", [r.ce for r in rs.fire_table], charts.fire_table, err)
    for i, row in enumerate(rs.fire_table):
        bands = {"disorder": row.disorder, "one_hit": row.one_hit, "two_hits": row.two_hits}
        yield from _check_bands(("fire_table", i), bands, D10_LOW, D10_HIGH, err)
    yield from _check_chart(
        "assault_table", [c.attack_value for c in rs.assault_table], charts.assault_table, err
    )
    for i, col in enumerate(rs.assault_table):
        if len(col.cells) != 10:
            yield err(("assault_table", i, "cells"), f"needs 10 cells (d10), has {len(col.cells)}")
        for j, cell in enumerate(col.cells):
            parts = cell.split("/")
            if len(parts) != 2 or not set(parts) <= ASSAULT_CODES:
                yield err(
                    ("assault_table", i, "cells", j),
                    f"cell {cell!r} must be attacker/defender, each one of . D F 1 2 R",
                )
    yield from _check_ratings("command_radius", [r.rating for r in rs.command_radius], err)
    for i, rrow in enumerate(rs.command_radius):
        if not 0 < rrow.division <= rrow.corps <= rrow.army:
            yield err(("command_radius", i), "radii must be positive and division ≤ corps ≤ army")
    yield from _check_ratings("oac", [r.rating for r in rs.oac], err)
    for i, orow in enumerate(rs.oac):
        t = orow.thresholds
        if len(t) != 3 or any(b <= a for a, b in zip(t, t[1:], strict=False)):
            yield err(("oac", i, "thresholds"), "needs 3 rising thresholds (1, 2, 3 turns)")
    yield from _check_chart("di_base", [r.ce for r in rs.di_base], charts.integrity_base, err)
    yield from _check_named("di_fail", rs.di_fail.bands, charts.integrity_fail, err)
    if set(rs.di_fail.bands) != {"rout", "fall_back"}:
        yield err(("di_fail", "bands"), "needs exactly the bands rout and fall_back")
    yield from _check_named(
        "leader_casualty", rs.leader_casualty.bands, charts.leader_casualty, err
    )
    if set(rs.leader_casualty.bands) != {"killed", "no_rally", "no_effect"}:
        yield err(("leader_casualty", "bands"), "needs the bands killed, no_rally and no_effect")
    last = 0.0
    for i, band in enumerate(rs.artillery_range):
        if band.max_in <= last:
            yield err(("artillery_range", i, "max_in"), "range bands must rise")
        last = band.max_in
    for name in ("6mm", "15mm", "25mm"):
        if name not in rs.scales:
            yield err(("scales",), f"missing figure scale {name}")


def _check_key_sets(rs: Ruleset, doc: Document, err: Any) -> Iterator[Problem]:
    ref = _reference_keys()
    for name in ("scales", "distances", "movement", "support", "skirmish", "burning"):
        yield from _diff((name,), set(getattr(rs, name)), ref[name], err)
    yield from _diff(("engineering",), set(rs.engineering), ref["engineering"], err)
    yield from _diff(("quantities",), set(rs.quantities), ref["quantities"], err)
    yield from _diff(("options",), set(rs.options), ref["options"], err)
    yield from _diff(("modifiers",), set(rs.modifiers), set(ref["modifiers"]), err)
    for group, keys in ref["modifiers"].items():
        if group in rs.modifiers:
            yield from _diff(("modifiers", group), set(rs.modifiers[group]), keys, err)


def _diff(path: tuple[str, ...], have: set[str], want: set[str], err: Any) -> Iterator[Problem]:
    for missing in sorted(want - have):
        yield err(path, f"missing entry '{missing}'")
    for extra in sorted(have - want):
        yield err((*path, extra), "unknown entry (the engine does not use it)", key=True)


def _check_ratings(name: str, ratings: list[int], err: Any) -> Iterator[Problem]:
    if sorted(ratings) != RATINGS:
        yield err((name,), f"needs one row for each rating -1..4, found {sorted(ratings)}")


def _check_chart(
    name: str, ranges: Sequence[list[int | None]], chart: Bands[Any], err: Any
) -> Iterator[Problem]:
    """A chart of rows, each over ``[low, high]``: the kind's one check, placed at the row.

    The rows run in order without gap or overlap from the chart's start (open below, or 0
    for the size of an attack value) and the last is open above.
    """
    for i, r in enumerate(ranges):
        if len(r) != 2:
            yield err((name, i), "a range is [low, high] (null for open)")
            return
    for path, message in chart.check():
        row = path[0] if path and isinstance(path[0], int) else None
        yield err((name,) if row is None else (name, row), message)


def _check_named(
    name: str, bands: dict[str, list[int | None]], chart: Bands[str], err: Any
) -> Iterator[Problem]:
    """Named d10 bands: each ``[low, high]`` within the die, then the kind's one check.

    Together: every face of the d10 in exactly one band (an open end takes what lies beyond).
    """
    bad = False
    for band_name, band in bands.items():
        if len(band) != 2:
            yield err((name, band_name), "a band is [low, high]")
            bad = True
            continue
        a = D10_LOW if band[0] is None else band[0]
        b = D10_HIGH if band[1] is None else band[1]
        if a > b or a < D10_LOW or b > D10_HIGH:
            within = f"{D10_LOW}..{D10_HIGH}"
            yield err((name, band_name), f"band {band} must lie within {within}, low ≤ high")
            bad = True
    if not bad:
        for _, message in chart.check():
            yield err((name,), f"{message} (rolls of a d10)")


def _check_bands(
    path: tuple[str | int, ...],
    bands: dict[str, list[int | None] | None] | dict[str, list[int]] | Any,
    lo: int,
    hi: int,
    err: Any,
) -> Iterator[Problem]:
    """A fire row's d10 bands: within lo..hi and not overlapping (the faces between: none)."""
    seen: dict[int, str] = {}
    for name, band in bands.items():
        if band is None:
            continue
        if len(band) != 2:
            yield err((*path, name), "a band is [low, high]")
            continue
        a = lo if band[0] is None else band[0]
        b = hi if band[1] is None else band[1]
        if a > b or a < lo or b > hi:
            yield err((*path, name), f"band {band} must lie within {lo}..{hi}, low ≤ high")
            continue
        for face in range(a, b + 1):
            if face in seen:
                yield err((*path, name), f"roll {face} is also in {seen[face]}")
                break
            seen[face] = name
