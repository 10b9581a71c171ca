"""The EotE 6.2 pack: today's engine (:mod:`eote_ref.rules`, ``eote-6.2.yaml``), unchanged.

This module only *declares* what the engine already has: its dice (a d10 read 0 as 10 and
percentile dice), its options and result codes, its unit markers (declared apart, in
:mod:`eote_ref.packs.eote_markers`, so the store reads them without the engine), and its
procedures from
:data:`eote_ref.rules.procedures.PROCEDURES`. Its procedures still take ``(situation,
ruleset, dice)`` and are adjudicated by ``eote-ref rule`` exactly as before. The tables stay
in :class:`~eote_ref.rules.ruleset.Ruleset`, which the engine reads; :func:`tables` shows
them as the pack's table kinds (a view for the quick reference and the checks, not yet what
the engine looks up).
"""

from __future__ import annotations

import functools

from eote_ref.packs.declaration import OptionSpec, Pack, ProcedureSpec, ResultSpec
from eote_ref.packs.dice import D10, PERCENTILE
from eote_ref.packs.eote_markers import UNIT_MARKERS
from eote_ref.packs.tables import Band, Bands, Grid, Table
from eote_ref.rules.procedures import PROCEDURES
from eote_ref.rules.results import RESULTS
from eote_ref.rules.ruleset import FireRow, Ruleset
from eote_ref.rulesets import load_default

ID = "eote"
TITLE = "Eagles Over the Empire 6.2"


@functools.cache
def declare() -> Pack:
    """The EotE pack (built once per process)."""
    rs = load_default()
    options = {
        name: OptionSpec(name, spec.default, tuple(spec.choices), spec.rule, spec.explanation)
        for name, spec in rs.options.items()
    }
    procedures = {}
    for name, p in PROCEDURES.items():
        kind = RESULTS.get(name)
        results = (
            tuple(ResultSpec(str(m.value), m.tone().value, m.label) for m in kind) if kind else ()
        )
        rolls = {r: ("percentile" if r.startswith("percentile") else "d10") for r in p.rolls}
        procedures[name] = ProcedureSpec(
            name, p.rule, p.summary, p.situation, p.run, rolls=rolls, results=results
        )
    return Pack(
        id=ID,
        title=TITLE,
        dice={"d10": D10, "percentile": PERCENTILE},
        tables=tables(rs),
        options=options,
        procedures=procedures,
        unit_markers=UNIT_MARKERS,
    )


def _d10_bands(name: str, ranges: list[tuple[int, int, str]], fill: str) -> Bands[str]:
    """Bands over a d10 from the ranges given, the faces between them reading ``fill``."""
    out: list[Band[str]] = []
    face = 1
    for lo, hi, code in sorted(ranges):
        if lo > face:
            out.append(Band(face, lo - 1, fill))
        out.append(Band(lo, hi, code))
        face = hi + 1
    if face <= 10:
        out.append(Band(face, 10, fill))
    return Bands(name, tuple(out), 1, 10)


def _fire_row(row: FireRow) -> Bands[str]:
    ranges = [
        (band[0], band[1], code)
        for code, band in (("D", row.disorder), ("1", row.one_hit), ("2", row.two_hits))
        if band
    ]
    return _d10_bands(f"fire table, CE {row.ce}", ranges, "none")


def tables(rs: Ruleset) -> dict[str, Table]:
    """EotE's charts as the pack's table kinds (read from the ruleset, not copied)."""

    def span(lo_hi: list[int | None]) -> tuple[int | None, int | None]:
        return lo_hi[0], lo_hi[1]

    fire = Bands(
        "fire table (6.6): modified CE",
        tuple(Band(*span(r.ce), _fire_row(r)) for r in rs.fire_table),
    )
    assault = Bands(
        "assault table (7.6): size of the attack value",
        tuple(Band(*span(c.attack_value), tuple(c.cells)) for c in rs.assault_table),
        0,
    )
    base = Bands("integrity CE base (9.0)", tuple(Band(*span(r.ce), r.base) for r in rs.di_base))
    named = {}
    for key, chart in (("integrity_fail", rs.di_fail), ("leader_casualty", rs.leader_casualty)):
        ordered = sorted(chart.bands.items(), key=lambda kv: kv[1][0] or -(10**6))
        first, last = ordered[0][1][0], ordered[-1][1][1]
        named[key] = Bands(
            f"{key} ({chart.rule})",
            tuple(Band(lo_hi[0], lo_hi[1], n) for n, lo_hi in ordered),
            first,
            last,
        )
    radius = Grid(
        "command radius (3.6)",
        ("division", "corps", "army"),
        {
            str(r.rating): {"division": r.division, "corps": r.corps, "army": r.army}
            for r in rs.command_radius
        },
    )
    return {
        "fire_table": fire,
        "assault_table": assault,
        "integrity_base": base,
        **named,
        "command_radius": radius,
    }
