"""The EotE 6.2 pack: today's engine (:mod:`eote_ref.rules`, ``eote-6.2.yaml``), unchanged.

This module only *declares* what the engine already has: its dice (a d10 read 0 as 10 and
percentile dice, the :mod:`~eote_ref.packs.dice` objects the engine reads its entries with),
its options and result codes, its unit markers (declared apart, in
:mod:`eote_ref.packs.eote_markers`, so the store reads them without the engine), its
procedures from
:data:`eote_ref.rules.procedures.PROCEDURES`, and its turn (:data:`TURN`, the seven phases
of EotE 2.0 that :mod:`eote_ref.referee.phases` and the turn guide read). Its procedures
still take ``(situation, ruleset, dice)`` and are adjudicated by ``eote-ref rule`` exactly as
before. Its tables are the ruleset's charts as table kinds (:mod:`eote_ref.rules.charts`):
the same objects the engine looks its results up in and the loader checks. :func:`rules`
gives the ruleset with a game's options (what :func:`eote_ref.packs.registry.rules_for`
returns for ``eote-6.2``).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from eote_ref.packs.declaration import (
    OptionSpec,
    Pack,
    PhaseSpec,
    ProcedureSpec,
    ResultSpec,
    TurnChange,
    TurnSpec,
)
from eote_ref.packs.dice import D10, PERCENTILE
from eote_ref.packs.eote_markers import UNIT_MARKERS
from eote_ref.packs.tables import Table
from eote_ref.rules.ruleset import Ruleset
from eote_ref.rulesets import load_default

ID = "eote"
TITLE = "Eagles Over the Empire 6.2"

#: The turn of EotE 2.0: seven phases, once each, a turn being 30 minutes. The app's first
#: window reads it (the phase bar, the dashboard's steps), so this module imports the engine's
#: procedures only when the whole pack is declared.
TURN = TurnSpec(
    rule="2.0",
    time="30 minutes",
    phases=(
        PhaseSpec(
            "command",
            "Command control",
            "3.0",
            (
                "both sides together: which units are within their commander's radius (3.6)",
                "disordered units in command and not pinned rally (3.6, 5.7)",
                "blown cavalry that rested a full turn becomes disordered instead (5.12)",
                "orders are issued or changed on the Activating Orders Chart (3.1-3.4)",
                "routed units from last turn leave the table (7.5)",
            ),
            short="Command",
        ),
        PhaseSpec(
            "initiative",
            "Initiative",
            "4.0",
            ("each side rolls a d10 plus its modifiers; the higher wins, ties roll again",),
        ),
        PhaseSpec(
            "movement",
            "Movement",
            "5.0",
            (
                "the side with the initiative moves first, at full allowance (5.3.1)",
                "then the other side moves unpinned units at half, or changes formation (4.0)",
                "square attempts as cavalry closes to pinning distance (5.6)",
            ),
        ),
        PhaseSpec(
            "fire",
            "Tactical fire",
            "6.0",
            (
                "artillery not being assaulted fires, all at once; then morale checks (6.2)",
                'infantry within 5" and not assaulted fires, all at once; then morale checks (6.5)',
            ),
            short="Fire",
        ),
        PhaseSpec(
            "assault",
            "Tactical assault",
            "7.0",
            (
                "every combat involving cavalry first, with its breakthrough combats (7.7)",
                'then infantry against infantry or artillery within 3" (7.6)',
                "morale checks as results call for them (7.5)",
            ),
            short="Assault",
        ),
        PhaseSpec(
            "leader_casualty",
            "Leader casualty",
            "8.0",
            ('a roll for each leader within 3" of combat or artillery fire (8.0)',),
        ),
        PhaseSpec(
            "integrity",
            "Divisional integrity",
            "9.0",
            (
                "divisions whose infantry routed or whose commander was killed check (9.0)",
                "divisions out of tactical combat range may rally routed units (9.1)",
                "cavalry that fought becomes blown; blown cavalry that fought disintegrates (5.10)",
            ),
            short="Integrity",
        ),
    ),
    # What eote_ref.referee.turn.carry_over writes at a new turn besides the state of units and
    # leaders (their markers say what lasts a turn).
    new_turn=(
        TurnChange("game_fact", "clear", "2.0", "the facts of the turn that ended are cleared"),
        TurnChange(
            "initiative",
            "keep",
            "4.0",
            "the initiative becomes last turn's (a modifier of the next roll) and is rolled again",
            into="initiative_last_turn",
        ),
        TurnChange(
            "game_command.pending_order_turns",
            "tick",
            "3.1",
            "pending orders count down a turn; one at 0 becomes the division's order (3.4)",
        ),
    ),
)


def rules(options: Mapping[str, Any]) -> Ruleset:
    """The shipped EotE 6.2 ruleset with ``options`` chosen (RulesError on a bad one)."""
    return load_default().with_options(dict(options))


@functools.cache
def declare() -> Pack:
    """The EotE pack (built once per process)."""
    from eote_ref.rules.procedures import PROCEDURES
    from eote_ref.rules.results import RESULTS

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
    )


def tables(rs: Ruleset) -> dict[str, Table]:
    """EotE's charts: the very table-kind objects the engine looks up (``rs.charts``)."""
    return dict(rs.charts.by_name())
