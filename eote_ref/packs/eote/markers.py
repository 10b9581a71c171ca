"""EotE 6.2's unit markers, declared (the pack's ``unit_markers``).

What a unit carries on the table beyond its order of battle: hit, disorder, blown and rout
markers (EotE 1.3), its formation, its guns and skirmish stand, and the facts of the turn the
checks and the turn guide read (pinned, fought, routed this turn...). A game keeps them in
``game_unit.markers`` (only the values other than these defaults) and changes them one key
at a time through the journal (``markers.NAME``).

The tuple's order is the order the players' display words them (:func:`marker_words
<eote_ref.referee.markers.marker_words>`). Markers of ``lasts="turn"`` go back to their
default when a new turn starts, after ``carried_to`` takes their value (whether a unit
fought is kept one more turn: blown cavalry that did nothing for a whole turn rests, EotE
5.12).

Standard library only, apart from the shared declaration: the store's unit rows read their
defaults here without loading the rules engine or the ruleset.
"""

from __future__ import annotations

from eote_ref.packs.state_specs import MarkerSpec, marker_defaults

#: Hand edits' caps of the counters (source: house; the rules set no number, these keep a
#: mistyped key from writing a silly count): hits 20, blown 5, a skirmish stand's hits 5.
HITS_CAP = 20
BLOWN_CAP = 5
SKIRMISH_HITS_CAP = 5

UNIT_MARKERS: tuple[MarkerSpec, ...] = (
    # --- on the stands: what the players see, in the order they are worded
    MarkerSpec(
        "routed",
        "flag",
        False,
        rule="EotE 1.3, 7.5",
        dashboard="R",
        display="routed",
        sheet="tick",
        editable=True,
    ),
    MarkerSpec(
        "off_table",
        "flag",
        False,
        rule="EotE 7.5",
        label="off table",
        dashboard="O",
        display="off table",
        sheet="tick",
        editable=True,
    ),
    MarkerSpec(
        "hits",
        "counter",
        0,
        rule="EotE 1.3, 1.4",
        limit=HITS_CAP,
        dashboard="Hits",
        display="{n} hit{s}",
        sheet="boxes",
    ),
    MarkerSpec(
        "skirmishers_out",
        "flag",
        False,
        rule="EotE 5.4",
        label="skirmishers out",
        display="skirmishers out",
        editable=True,
    ),
    MarkerSpec(
        "skirmish_hits",
        "counter",
        0,
        rule="EotE 5.4",
        label="skirmish stand hits",
        limit=SKIRMISH_HITS_CAP,
        display="{n} hit{s}",
        within="skirmishers_out",
    ),
    MarkerSpec(
        "disordered",
        "flag",
        False,
        rule="EotE 1.3, 3.6",
        dashboard="D",
        display="disordered",
        sheet="tick",
        editable=True,
    ),
    MarkerSpec(
        "blown",
        "counter",
        0,
        rule="EotE 1.3, 5.10",
        limit=BLOWN_CAP,
        arms=("cavalry",),
        dashboard="Bl",
        display="blown {n}",
        sheet="boxes",
    ),
    MarkerSpec(
        "formation",
        "choice",
        None,
        rule="EotE 1.0.2",
        choices=(
            "line",
            "column",
            "french_assault_column",
            "square",
            "skirmish",
            "limbered",
            "unlimbered",
        ),
        display="square=square",
    ),
    MarkerSpec(
        "guns_abandoned",
        "flag",
        False,
        rule="EotE 7.5",
        label="guns abandoned",
        arms=("artillery",),
        display="guns abandoned",
        editable=True,
    ),
    # --- kept by the umpire, not shown to the players
    MarkerSpec("limbered", "flag", False, rule="EotE 1.0.2", arms=("artillery",), editable=True),
    MarkerSpec("rallied_once", "flag", False, rule="EotE 9.1", label="has used its one rally"),
    MarkerSpec("routed_by_morale", "flag", False, rule="EotE 7.5"),
    MarkerSpec("disintegrated", "flag", False, rule="EotE 5.10", arms=("cavalry",)),
    # --- the facts of the turn: cleared when the next turn starts
    MarkerSpec(
        "pinned",
        "flag",
        False,
        rule="EotE 5.7",
        dashboard="P",
        lasts="turn",
        editable=True,
    ),
    MarkerSpec(
        "out_of_command",
        "flag",
        False,
        rule="EotE 3.6",
        label="out of command",
        dashboard="out",
        lasts="turn",
        editable=True,
    ),
    MarkerSpec(
        "changed_formation",
        "flag",
        False,
        rule="EotE 1.8.3",
        label="changed formation",
        lasts="turn",
        editable=True,
    ),
    MarkerSpec(
        "fought_this_turn",
        "flag",
        False,
        rule="EotE 5.10, 5.12",
        lasts="turn",
        carried_to="fought_last_turn",
    ),
    MarkerSpec("routed_this_turn", "flag", False, rule="EotE 9.0", lasts="turn"),
    MarkerSpec(
        "fought_while_blown", "flag", False, rule="EotE 5.10", arms=("cavalry",), lasts="turn"
    ),
    #: Set from ``fought_this_turn`` at each new turn (not cleared: carried into).
    MarkerSpec("fought_last_turn", "flag", False, rule="EotE 5.12"),
)

#: Each marker's default by name.
UNIT_DEFAULTS = marker_defaults(UNIT_MARKERS)

#: Each marker by name.
UNIT_MARKER_BY_NAME = {m.name: m for m in UNIT_MARKERS}
