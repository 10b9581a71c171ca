"""The ruleset's named options, one typed attribute each, declared once.

Every contradiction or silence of the rules text that eote-ref settles by a choice is a named
option in the ruleset file (``options:`` in ``eote_ref/packs/eote/rulesets/eote-6.2.yaml``, with its
default, its choices, its section and its explanation). The engine and the referee read them
as ``ruleset.opts.morale_hit_threshold`` rather than by a string, so a misspelt name fails
mypy, not a game. The loader checks this class against the file
(:func:`option_problems`): the same names, and every choice of the file of the attribute's
type (one of its literals, for a word). Adding an option is its YAML entry, its attribute
here, and the code and tests that read it (``docs/DEVELOPING.md``, "A new ruleset option").
"""

from __future__ import annotations

import dataclasses
import functools
import typing
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Literal


@dataclass(frozen=True)
class Options:
    """The options as chosen for a game (or their defaults); the sections are the YAML's."""

    #: 3.6: inches on the table for each 1500 yards of the order activation modifier.
    inches_per_1500_yards: int
    #: intro: whether the figure scale shifts every distance or none.
    scale_adjusts: Literal["all_distances", "none"]
    #: 7.5, 6.8: the hit at which a morale check is due.
    morale_hit_threshold: int
    #: 7.5: the prose's reading of a morale roll, or the results table's.
    morale_result_reading: Literal["prose", "table"]
    #: 9.0: how a division's average CE is rounded.
    di_average_rounding: Literal["down", "nearest", "up"]
    #: 9.0: whether routed units count among the units with 3+ hits.
    di_battered_counts_routed: bool
    #: 9.0: whether a unit routed this turn counts both -3s.
    di_routed_this_turn_stacks: bool
    #: 7.9: how a half in the multiple-unit rule is rounded.
    multi_unit_half_rounding: Literal["down", "nearest", "none"]
    #: 7.9: how three or more units combine.
    multi_unit_three_or_more: Literal["strongest_plus_half_each", "strongest_plus_half_next_only"]
    #: 7.2: the factor of a supporter on the attacker's rear.
    support_rear_factor: int
    #: 7.5, 9.1: when a routed unit leaves the table.
    routed_units_leave_table: Literal[
        "next_command_phase_rally_eligible", "next_command_phase_final", "stay_until_rallied"
    ]
    #: 7.3, 7.4, 7.5: the hits a rout costs.
    rout_hits: Literal["assault_2_morale_1", "always_2", "always_1"]
    #: 5.5.1: the skirmish rating from 1812, after or before.
    skirmish_1812_rating: Literal["after", "before"]
    #: 5.5.1, 5.5, 6.6: how a half skirmish CE becomes the whole CE fire and assault take.
    skirmish_half_ce: Literal["up", "down"]
    #: 6.3: target modifiers once for several batteries, or for each.
    multi_battery_target_modifiers: Literal["once", "each"]
    #: 7.12: how a town's morale modifier meets the formation's.
    town_morale_modifier: Literal[
        "replaces_formation", "adds_to_formation", "replaces_formation_cavalry_included"
    ]
    #: 4.0, 5.1: a routed unit's move on the side without the initiative.
    routed_move_without_initiative: Literal["half", "full"]
    #: 3.6: how the order distance is rounded.
    order_distance_rounding: Literal["up", "down"]
    #: intro, 5.2, 5.3: manoeuvre costs scaled with the figures, or as printed.
    scale_manoeuvre_costs: Literal["scaled", "as_printed"]
    #: 7.11, 7.7: whether the British countercharge is offered on an even result.
    british_countercharge_on_even: Literal["not_offered", "offered"]
    #: 7.6, 7.2, 7.11: the attacker of supports and counter-charge: initiative or charger.
    assault_attacker: Literal["initiative", "charger"]
    #: 7.3, 7.4, 7.7: a second D of cavalry against disordered units.
    second_d_cavalry_v_disordered: Literal["both_fall_back", "cavalry_only"]
    #: 7.7, 5.10: blown markers of cavalry milling among guns.
    milling_cavalry_blown: Literal["one_in_all", "one_more_at_end_of_turn"]
    #: 7.3, 7.7: an indecisive result against unsupported guns.
    indecisive_v_unsupported_guns: Literal["rule_7_7", "rule_7_3"]
    #: 7.2: a flank or rear supporter in enfilade.
    enfilade_support: Literal["doubled_then_plus_1", "plus_1_only"]
    #: 5.5: how skirmish groups combine in combat.
    skirmish_combat_reading: Literal["stands_times_rating", "multiple_unit"]
    #: intro: the least a distance adjusted for the figure scale may fall to.
    scaled_distance_floor: int
    #: 5.7: whether cavalry busy with enemy cavalry still pins other enemy cavalry.
    cavalry_engaged_with_cavalry_pins_cavalry: bool
    #: 7.4, 7.5: a morale check on a unit already routed: refused, or worked as if formed.
    routed_unit_morale: Literal["not_tested", "as_formed"]
    #: 5.5.1, 5.6, 5.151, 7.11: the King's German Legion as British for skirmish only or all.
    kgl_counts_as_british: Literal["skirmish_only", "all_british_rules"]
    #: 6.5, 5.5: whether infantry may fire at enemy skirmishers within 3".
    infantry_fire_at_close_skirmishers: Literal["refused", "allowed"]
    #: 3.1, 3.3: a reserve's activation in turn 1 is rolled on the OAC, or acts at once.
    reserve_first_turn: Literal["oac_roll", "at_once"]

    @classmethod
    def read(cls, value: Callable[[str], Any]) -> Options:
        """The options from ``value(name)`` (the ruleset's chosen value or default)."""
        return cls(**{f.name: value(f.name) for f in dataclasses.fields(cls)})


@functools.cache
def _allowed() -> dict[str, tuple[type, tuple[Any, ...]]]:
    """Each option's type, and its allowed values when it is a literal (else empty)."""
    out: dict[str, tuple[type, tuple[Any, ...]]] = {}
    for name, hint in typing.get_type_hints(Options).items():
        if typing.get_origin(hint) is Literal:
            args = typing.get_args(hint)
            out[name] = (type(args[0]), args)
        else:
            out[name] = (hint, ())
    return out


def option_problems(
    choices: Mapping[str, list[Any]], *, names: bool = True
) -> list[tuple[str, str]]:
    """``(name, message)`` for each option of a ruleset file that :class:`Options` does not fit.

    ``choices`` maps each option of the file to its list of choices; ``names`` also reports
    the options missing from the file or unknown to :class:`Options`.
    """
    allowed = _allowed()
    out: list[tuple[str, str]] = []
    if names:
        out += [(n, "unknown option (Options has no such attribute)") for n in choices]
        out = [p for p in out if p[0] not in allowed]
        out += [(n, "missing option (Options reads it)") for n in allowed if n not in choices]
    for name, values in choices.items():
        if name not in allowed:
            continue
        kind, literals = allowed[name]
        for v in values:
            if type(v) is not kind:
                out.append((name, f"choice {v!r} is not a {kind.__name__}"))
            elif literals and v not in literals:
                words = ", ".join(map(str, literals))
                out.append((name, f"choice {v!r} is not one the engine knows ({words})"))
    return out
