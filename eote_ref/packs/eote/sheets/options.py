"""EotE's named options in words, as its sheets print them (the report, the record sheets).

Each option a game plays is said with its EotE section, so a printed sheet shows which reading
of a contradiction or silence of the text the club chose.
"""

from __future__ import annotations

from eote_ref.packs.eote.rules.ruleset import Ruleset

#: Each option's chosen value in words (EotE section in brackets): value → phrase.
_OPTION_WORDS: dict[str, dict[object, str]] = {
    "scale_adjusts": {
        "all_distances": 'the 2" shift for 6mm and 25mm figures applies to every distance '
        "(introduction)",
        "none": "every distance is played as listed at any figure scale",
    },
    "morale_result_reading": {
        "prose": "a morale roll under the modified CE passes, as the prose of 7.5 reads",
        "table": "a morale roll over the modified CE passes, as the results table of 7.5 reads",
    },
    "di_battered_counts_routed": {
        False: "routed units are not counted among those with 3+ hits (EotE 9.0)",
        True: "routed units count among those with 3+ hits (EotE 9.0)",
    },
    "di_routed_this_turn_stacks": {
        True: "a unit routed this turn takes both −3s in an integrity check (EotE 9.0)",
        False: "a unit routed this turn counts once in an integrity check (EotE 9.0)",
    },
    "multi_unit_half_rounding": {
        "down": "a halved CE is rounded down (EotE 7.9)",
        "nearest": "a halved CE is rounded to the nearest whole number (EotE 7.9)",
        "none": "a halved CE keeps its half (EotE 7.9)",
    },
    "multi_unit_three_or_more": {
        "strongest_plus_half_each": "three or more units combine as the strongest plus half of "
        "each other (EotE 7.9)",
        "strongest_plus_half_next_only": "three or more units combine as the strongest plus "
        "half of the next strongest (EotE 7.9)",
    },
    "routed_units_leave_table": {
        "next_command_phase_rally_eligible": "routed units leave the table at the next command "
        "phase and may still be rallied once (EotE 7.5, 9.1)",
        "next_command_phase_final": "routed units leave the table for good at the next command "
        "phase (EotE 7.5)",
        "stay_until_rallied": "routed units stay on the table until rallied (EotE 9.1)",
    },
    "rout_hits": {
        "assault_2_morale_1": "a rout marks 2 hits in an assault, 1 from a morale check "
        "(EotE 7.3–7.5)",
        "always_2": "a rout always marks 2 hits (EotE 7.3–7.5)",
        "always_1": "a rout always marks 1 hit (EotE 7.3–7.5)",
    },
    "skirmish_1812_rating": {
        "after": "skirmishers of 1812 are rated as after 1812 (EotE 5.5.1)",
        "before": "skirmishers of 1812 are rated as before 1812 (EotE 5.5.1)",
    },
    "skirmish_half_ce": {
        "up": "a half skirmish CE counts as a whole point in fire and assault (EotE 5.5.1)",
        "down": "a half skirmish CE is dropped in fire and assault (EotE 5.5.1)",
    },
    "multi_battery_target_modifiers": {
        "once": "several batteries firing together take the target's modifiers once (EotE 6.3)",
        "each": "several batteries firing together take the target's modifiers for each "
        "battery (EotE 6.3)",
    },
    "town_morale_modifier": {
        "replaces_formation": "in a town the town morale modifier stands in for the formation "
        "one; cavalry in the streets gets none (EotE 7.12)",
        "adds_to_formation": "in a town the town morale modifier comes on top of the formation "
        "one; cavalry in the streets gets none (EotE 7.12)",
        "replaces_formation_cavalry_included": "in a town the town morale modifier stands in "
        "for the formation one, cavalry included (EotE 7.12)",
    },
    "routed_move_without_initiative": {
        "half": "routed units of the side without the initiative move half (EotE 4.0, 5.1)",
        "full": "routed units flee their full move with or without the initiative (EotE 4.0, 5.1)",
    },
    "order_distance_rounding": {
        "up": "part of a 1500-yard step beyond the command radius counts as a step (EotE 3.6)",
        "down": "only whole 1500-yard steps beyond the command radius count (EotE 3.6)",
    },
    "scale_manoeuvre_costs": {
        "scaled": "wheel, about-face and limber costs follow the figure scale like the moves "
        "(EotE 5.2, 5.3)",
        "as_printed": "wheel, about-face and limber costs stay as printed at any figure scale "
        "(EotE 5.2, 5.3)",
    },
    "british_countercharge_on_even": {
        "not_offered": "no British counter-charge when cavalry falls back on an even result "
        "(EotE 7.7, 7.11)",
        "offered": "British infantry may counter-charge cavalry falling back on an even result "
        "(EotE 7.7, 7.11)",
    },
    "assault_attacker": {
        "initiative": "the side with the initiative is the attacker for supports and the "
        "British counter-charge, whoever charged (EotE 7.6, 7.2, 7.11)",
        "charger": "the charging side is the attacker for supports and the British "
        "counter-charge (EotE 7.6, 7.2, 7.11)",
    },
    "second_d_cavalry_v_disordered": {
        "both_fall_back": "a second D against cavalry sends the disordered foot back as well "
        "as the cavalry (EotE 7.3, 7.7)",
        "cavalry_only": "a second D against cavalry sends only the cavalry back (EotE 7.3, 7.7)",
    },
    "milling_cavalry_blown": {
        "one_in_all": "cavalry milling among guns takes one blown marker in all (EotE 7.7, 5.10)",
        "one_more_at_end_of_turn": "cavalry milling among guns takes one blown marker, and "
        "another at the end of the turn (EotE 7.7, 5.10)",
    },
    "indecisive_v_unsupported_guns": {
        "rule_7_7": "an indecisive result against unsupported guns is read as an even one: the "
        "gunners leave, the cavalry mills (EotE 7.7)",
        "rule_7_3": "an indecisive result against unsupported guns sends the cavalry back, as "
        "the table's note reads (EotE 7.3)",
    },
    "enfilade_support": {
        "doubled_then_plus_1": "a flank or rear supporter in enfilade takes its position's "
        "factor, then +1 (EotE 7.2)",
        "plus_1_only": "a flank or rear supporter in enfilade counts +1, its position's factor "
        "left out (EotE 7.2)",
    },
    "cavalry_engaged_with_cavalry_pins_cavalry": {
        False: "cavalry busy with enemy cavalry pins no unit, cavalry included (EotE 5.7)",
        True: "cavalry busy with enemy cavalry still pins enemy cavalry (EotE 5.7)",
    },
    "routed_unit_morale": {
        "not_tested": "a routed unit takes no morale check (EotE 7.4, 7.5)",
        "as_formed": "a routed unit's morale check is worked as for a formed unit (EotE 7.5)",
    },
    "kgl_counts_as_british": {
        "skirmish_only": "the KGL skirmish as the British and are otherwise not British "
        "(EotE 5.5.1)",
        "all_british_rules": "the KGL count as British in every British rule (EotE 5.5.1, 5.6, "
        "5.151, 7.11)",
    },
    "infantry_fire_at_close_skirmishers": {
        "refused": 'infantry with enemy skirmishers within 3" in its arc does not fire, as with '
        "any enemy unit (EotE 6.5)",
        "allowed": 'infantry may fire at enemy skirmishers within 3" (EotE 5.5, 6.5)',
    },
    "skirmish_combat_reading": {
        "stands_times_rating": "skirmish groups add in full (stands × rating); formed units "
        "against them combine with the others at half (EotE 5.5, 7.9)",
        "multiple_unit": "skirmish groups combine with the others at half; formed units fire "
        "back one at a time (EotE 5.5, 7.9)",
    },
    "reserve_first_turn": {
        "oac_roll": "a reserve activated in turn 1 rolls on the Activating Orders Chart (EotE 3.3)",
        "at_once": "a reserve activated in turn 1 acts at once, as orders of the first turn do "
        "(EotE 3.1)",
    },
    "scaled_distance_floor": {
        0: "a distance adjusted for the figure scale may fall to 0 (introduction)",
        1: "a distance adjusted for the figure scale is never under 1\" (a club's floor)",
        2: "a distance adjusted for the figure scale is never under 2\" (a club's floor)",
    },
}


def option_words(rs: Ruleset) -> list[str]:
    """The ruleset's options as chosen, each in words, e.g. "morale check from 3 hits (EotE 7.5)".

    An option eote-ref has no words for (a newer ruleset) is written as its name and value.
    """
    out = []
    for name in rs.options:
        value = rs.option(name)
        spec = rs.options[name]
        if name == "inches_per_1500_yards":
            out.append(f'1500 yards are {value}" on the table (EotE {spec.rule})')
        elif name == "morale_hit_threshold":
            out.append(f"morale check from {value} hits (EotE 7.5)")
        elif name == "di_average_rounding":
            out.append(f"a division's average CE is rounded {value} (EotE 9.0)")
        elif name == "support_rear_factor":
            out.append(f"a supporter on the attacker's rear counts ×{value} (EotE 7.2)")
        elif value in _OPTION_WORDS.get(name, {}):
            out.append(_OPTION_WORDS[name][value])
        else:
            shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
            title = name.replace("_", " ")
            out.append(f"{title}: {shown.replace('_', ' ')} (EotE {spec.rule})")
    return out
