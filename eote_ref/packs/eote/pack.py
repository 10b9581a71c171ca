"""The EotE 6.2 pack: today's engine (:mod:`.rules`, ``eote-6.2.yaml``), unchanged.

This module only *declares* what the engine already has: its dice (a d10 read 0 as 10 and
percentile dice, the :mod:`~eote_ref.packs.dice` objects the engine reads its entries with),
its options and result codes, its unit markers (declared apart, in
:mod:`eote_ref.packs.eote.markers`, so the store reads them without the engine), its
procedures from
:data:`.rules.procedures.PROCEDURES`, and its turn (:data:`TURN`, the seven phases
of EotE 2.0 that :mod:`eote_ref.referee.phases` and the turn guide read), and what the
referee's own game service asks of its procedures (:data:`REFEREE`). Its procedures
still take ``(situation, ruleset, dice)`` and are adjudicated by ``eote-ref rule`` exactly as
before. Its tables are the ruleset's charts as table kinds (:mod:`.rules.charts`):
the same objects the engine looks its results up in and the loader checks. :func:`rules`
gives the ruleset with a game's options (what :func:`eote_ref.packs.registry.rules_for`
returns for ``eote-6.2``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from eote_ref.packs.dice import D10, PERCENTILE
from eote_ref.packs.eote.markers import UNIT_MARKERS
from eote_ref.packs.eote.rules.command import MANOEUVRE_LEVELS
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.eote.rules.units import morale_due
from eote_ref.packs.eote.rulesets import load_default, load_ruleset
from eote_ref.packs.eote.turn import TURN
from eote_ref.packs.state_specs import RefereeSpec
from eote_ref.packs.tables import Table

if TYPE_CHECKING:  # the declaration is imported by declare(): a game's rules need not load it
    from eote_ref.packs.declaration import Pack, PrintedSheets

ID = "eote"
TITLE = "Eagles Over the Empire 6.2"
#: The module of the turn guide's items (``checks_due``, ``morale_checks_due``), which the
#: shared turn guide asks for (:mod:`eote_ref.referee.todo`).
TURN_GUIDE = "eote_ref.packs.eote.todo"


def rules(options: Mapping[str, Any]) -> Ruleset:
    """The shipped EotE 6.2 ruleset with ``options`` chosen (RulesError on a bad one)."""
    return load_default().with_options(dict(options))


@functools.cache
def declare() -> Pack:
    """The EotE pack (built once per process)."""
    from eote_ref.packs.declaration import (
        OptionSpec,
        Pack,
        ProcedureSpec,
        ResultSpec,
    )
    from eote_ref.packs.eote.rules.procedures import PROCEDURES
    from eote_ref.packs.eote.rules.results import RESULTS
    from eote_ref.packs.eote.unit_model import UNIT_MODEL

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
        configure=rules,
        turn=TURN,
        unit_markers=UNIT_MARKERS,
        # Declared apart (read by the registry's ``unit_model`` line without the engine).
        unit_model=UNIT_MODEL,
        # Its sheets are imported when something is printed, not with the declaration.
        printed_sheets=printed_sheets,
    )


def printed_sheets() -> PrintedSheets:
    """EotE's record sheets, quick reference and after-action report, as the printing asks."""
    from eote_ref.packs.eote.sheets.printed import PRINTED

    return PRINTED


def tables(rs: Ruleset) -> dict[str, Table]:
    """EotE's charts: the very table-kind objects the engine looks up (``rs.charts``)."""
    return dict(rs.charts.by_name())


def _morale_due(hits: int, threshold: int, routed: bool) -> bool:
    """A unit checks morale from the threshold on, at every hit; a routed one never (7.5, 6.8)."""
    return morale_due(hits, threshold, routed=routed)


def _orders() -> tuple[str, ...]:
    """The broad order types a division may hold (EotE 3.2)."""
    from eote_ref.packs.eote.rules.orders import OrderType  # a procedure: not at start

    return tuple(o.value for o in OrderType)


def _replacement_rating(rs: Ruleset) -> int:
    """The rating of a killed leader's replacement (EotE 8.0)."""
    from eote_ref.packs.eote.rules.leader_casualty import replacement

    return replacement(rs)[1]


#: What the referee's own game service asks of EotE's procedures (the registry's ``referee``
#: line): the divisions and brigades carry a division's state (EotE 1.0.1; declared once, in
#: ``rules.command``, as the unit model's manoeuvre levels too), the morale due (7.5, 6.8),
#: the orders (3.2), a leader's replacement (8.0) and a club's ruleset file.
REFEREE = RefereeSpec[Ruleset](
    division_levels=MANOEUVRE_LEVELS,
    morale_due=_morale_due,
    orders=_orders,
    replacement_rating=_replacement_rating,
    load_rules_file=load_ruleset,
)
