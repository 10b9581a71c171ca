"""AVlE 1.2's unit and General markers, declared (the pack's ``unit_markers``, ``leader_markers``).

Every key the AVlE play writes in a unit's or a General's ``markers`` is declared here, with
its section, how the dashboard, the players' display and the record sheet show it, whether
the umpire may set it by hand, and how long it lasts: the round's markers (a unit ordered,
fired, reacted...) go back to their default when the round's victory check starts the next
round (5.1, 7.0.1, 9.3); the play reads that from here (``lasts="round"``), not from a list
of its own.

A unit's elements are counted up to its type's on the Reference Sheet (1.1): the limit by
type is the pack's data, filled in by :func:`with_type_limits` when the pack is declared.
Standard library only, apart from the shared declaration.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from eote_ref.packs.avle.board import all_hexes
from eote_ref.packs.declaration import MarkerSpec

UNIT_MARKERS: tuple[MarkerSpec, ...] = (
    MarkerSpec(
        "elements",
        "counter",
        None,  # always written at set-up, from the list or the unit type (1.1)
        rule="AVlE 1.1",
        label="elements",
        display="{n} element{s}",
        sheet="boxes",
        editable=True,
    ),
    # --- the round's: cleared when the next round starts (5.1)
    MarkerSpec(
        "ordered",
        "flag",
        False,
        rule="AVlE 5.1",
        label="ordered",
        dashboard="O",
        display="ordered",
        lasts="round",
        editable=True,
    ),
    MarkerSpec(
        "fired",
        "flag",
        False,
        rule="AVlE 7.0.1",
        label="fired",
        dashboard="F",
        display="fired",
        lasts="round",
    ),
    MarkerSpec(
        "fired_on",
        "flag",
        False,
        rule="AVlE 10.1 H",
        label="fired on",
        dashboard="FO",
        lasts="round",
    ),
    MarkerSpec(
        "reacted",
        "flag",
        False,
        rule="AVlE 9.3",
        label="reacted",
        dashboard="Re",
        display="reacted",
        lasts="round",
        editable=True,
    ),
    MarkerSpec(
        "stopped",
        "flag",
        False,
        rule="AVlE 9.3",
        label="stopped",
        dashboard="St",
        display="stopped, no shock",
        lasts="round",
    ),
    MarkerSpec(
        "retreated",
        "flag",
        False,
        rule="AVlE 10.1 D",
        label="retreated",
        dashboard="Rt",
        display="retreated, fires but does not move",
        lasts="round",
        editable=True,
    ),
    MarkerSpec(
        "reformed",
        "flag",
        False,
        rule="AVlE 6.0",
        label="changed formation",
        dashboard="Cf",
        display="changed formation, no move and fire",
        lasts="round",
    ),
    # --- the battle's
    MarkerSpec(
        "formation",
        "choice",
        None,  # combat formation (6.0)
        rule="AVlE 6.0, 9.3",
        label="formation",
        choices=("combat", "square"),
        dashboard="Sq",
        display="square=square",
        editable=True,
    ),
    MarkerSpec(
        "passed_morale",
        "flag",
        False,
        rule="AVlE 15.0",
        label="morale tested",
        dashboard="M",
        display="passed its morale test, fights at 0",
        sheet="tick",
        editable=True,
    ),
    MarkerSpec(
        "withdrawn",
        "flag",
        False,
        rule="AVlE 15.0",
        label="withdrawn",
        dashboard="W",
        display="withdrawn from the battle",
        editable=True,
        off_map="while_set",
    ),
    MarkerSpec(
        "eliminated",
        "flag",
        False,
        rule="AVlE 4.2, 9.1",
        label="eliminated",
        dashboard="Elim",
        display="eliminated",
        sheet="tick",
        editable=True,
        off_map="while_set",
    ),
    *(
        _ARRIVAL := (
            MarkerSpec(
                "arrives",
                "counter",
                1,
                rule="AVlE 4.1",
                label="arrives",
                dashboard="T",
                display="arrives turn {n}",
                off_map="until_turn",
            ),
            MarkerSpec(
                "held",
                "choice",
                None,  # on the table as the list says (4.1)
                rule="AVlE 13.1, 14.0",
                label="held back",
                choices=("prussian", "reinforcement"),
                dashboard="H",
                display="prussian=held back (Prussian),reinforcement=held back (reinforcement)",
                off_map="while_set",
            ),
            MarkerSpec(
                "entered",
                "choice",
                None,  # not brought on by the dice
                rule="AVlE 13.1, 14.0",
                label="entered at",
                # A hypothetical battle's sector (14.0) or a Prussian entry hex (13.1's d6
                # table, or anywhere in V6-V12 in turn 4 by option).
                choices=("left", "centre", "right", "V5", "V9", "V11", "T13", "V6-V12"),
            ),
        )
    ),
    # --- set-up facts the checks read; not shown
    MarkerSpec("start", "counter", None, rule="AVlE 12.0", label="elements at the start"),
    _SET_UP_HEX := MarkerSpec(
        "hex",
        "choice",
        None,  # no hex given: the players place it (a hypothetical battle, 14.0)
        rule="AVlE 13.1-13.3",
        label="set-up hex",
        # The scenario's hex it is set up in, or enters at when it arrives later.
        choices=all_hexes(),
    ),
    MarkerSpec(
        "flag",
        "choice",
        None,  # the side's flag
        rule="AVlE 9.3",
        label="reaction flag",
        choices=("french", "english", "prussian"),
    ),
)

LEADER_MARKERS: tuple[MarkerSpec, ...] = (
    MarkerSpec(
        "killed",
        "flag",
        False,
        rule="AVlE 9.4",
        label="killed",
        dashboard="K",
        display="killed",
        sheet="tick",
        editable=True,
        off_map="while_set",
    ),
    MarkerSpec(
        "captured",
        "flag",
        False,
        rule="AVlE 9.4.2",
        label="captured",
        dashboard="C",
        display="captured",
        sheet="tick",
        editable=True,
        off_map="while_set",
    ),
    *_ARRIVAL,  # a General arrives, is held back and comes on as a unit does (4.1, 13.1)
    _SET_UP_HEX,
    MarkerSpec(
        "flag",
        "choice",
        None,  # a game made before it was written: read as play_state.general_flag says
        rule="AVlE 9.4.3, 13.1",
        label="nation",
        # His army list's flag, written at set-up: the nation he counts for when lost (13.1).
        choices=("french", "english", "prussian"),
    ),
    MarkerSpec(
        "ordered",
        "flag",
        False,
        rule="AVlE 5.1",
        label="ordered on his own",
        dashboard="O",
        display="ordered",
        lasts="round",
    ),
)

UNIT_MARKER_BY_NAME: Mapping[str, MarkerSpec] = {m.name: m for m in UNIT_MARKERS}
LEADER_MARKER_BY_NAME: Mapping[str, MarkerSpec] = {m.name: m for m in LEADER_MARKERS}


def with_type_limits(
    markers: tuple[MarkerSpec, ...], elements: Mapping[str, int]
) -> tuple[MarkerSpec, ...]:
    """``markers`` with the elements counted up to each unit type's (1.1; ``type: elements``)."""
    limits = tuple(sorted(elements.items()))
    most = max(elements.values(), default=None)
    return tuple(
        replace(m, limits=limits, limit=most) if m.name in ("elements", "start") else m
        for m in markers
    )
