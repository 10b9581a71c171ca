"""VlE 3rd edition: the rules object its procedures take, its options and shared arithmetic.

Every gap or contradiction of the text that ``VLE-NOTES`` lists is a named option here, with
its default first; the pack settings the text offers as choices (reduced-strength counters or
the loss grid, X.4; the optional rules of XVI) are options too. Standard library only.
"""

from __future__ import annotations

import dataclasses
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from eote_ref.packs.declaration import OptionSpec, OptionValue
from eote_ref.packs.dice import Die, numbered
from eote_ref.packs.outcome import Modifier, PackError, Source

PACK = "vle"

D6 = numbered("d6", "six-sided die", 6)


def _o(name: str, choices: tuple[OptionValue, ...], rule: str, why: str) -> OptionSpec:
    return OptionSpec(name, choices[0], choices, rule, why)


#: The named options, each default first (VLE-NOTES section 4, then the text's own choices).
OPTIONS: tuple[OptionSpec, ...] = (
    _o(
        "loss_morale",
        ("grid", "counters"),
        "X.4",
        "losses lower morale through the loss grid (the original counter kept), or the players "
        "use reduced-strength counters and give their printed morale",
    ),
    _o(
        "loss_malus_above_row_9",
        ("use_row_9", "club_value"),
        "X.4",
        "the loss grid stops at 9 original steps: read a larger unit on row 9, or the club "
        "gives the malus (loss_malus in the situation)",
    ),
    _o(
        "square_bonus_mixed_attack",
        ("cavalry_only", "any_cavalry"),
        "X.4, IV.4",
        "the square's +2 is for an attack by cavalry alone (X.4), or by any attack that "
        "includes cavalry (IV.4 does not limit it)",
    ),
    _o(
        "flank_and_rear_together",
        ("worse_only", "cumulative"),
        "VIII.6, X.4",
        "attacked through a flank and the rear at once: only the rear's -3, or -2 and -3",
    ),
    _o(
        "fortified_morale_cap",
        ("cap_before_other_modifiers", "cap_final_value"),
        "XVI.6",
        "the town/castle bonus raises morale to at most 11 before the other modifiers, or the "
        "final modified morale is capped at 11",
    ),
    _o(
        "withdrawal_no_modifiers",
        ("printed_morale", "drop_situational_only"),
        "VI.8",
        "a withdrawal check uses the printed morale alone, or drops only the situational "
        "modifiers (direction, leader) and keeps losses and disorganization",
    ),
    _o(
        "charge_addon_general_order",
        ("exempt", "not_exempt"),
        "IX.3, IX.6",
        "infantry in general order is spared the charge's extra step (IX.3) or not (IX.6 "
        "spares only the square)",
    ),
    _o(
        "charge_addon_on_countercharge",
        ("applies", "does_not_apply"),
        "IX.7",
        "a countercharge is a charge without movement: the extra step applies, or not",
    ),
    _o(
        "charge_ridge_cost",
        ("added_to_hex", "whole_cost"),
        "IX.2, VI.2",
        "a charge's 2 MP for a ridge is added to the hex's cost, or is the whole cost",
    ),
    _o(
        "post_charge_retreat_classes",
        ("all_cavalry", "light_and_heavy"),
        "XVI.4",
        "which cavalry may disorganize and retreat after a charge: all, or the light and heavy "
        "the text names",
    ),
    _o(
        "melee_die_out_of_range",
        ("clamp_0_7", "club_rows"),
        "VIII.8",
        "a modified melee die beyond the table's rows 0-7 reads the nearest row, or the club's "
        "house table gives more rows",
    ),
    _o(
        "fire_die_out_of_range",
        ("clamp", "club_rows"),
        "VII.3",
        "a modified fire die beyond the table's rows reads the nearest row, or the club's house "
        "table gives more rows",
    ),
    _o(
        "melee_all_defenders_zero",
        ("best_column", "umpire"),
        "VIII.3",
        "every defender at melee value 0: the attacker reads the best column, or the umpire "
        "decides",
    ),
    _o(
        "tirailleur_flank_halving",
        ("halve_once", "halve_twice"),
        "IV.6, VIII.6",
        "a tirailleur attacked in flank or rear is halved once, or twice",
    ),
    _o(
        "leader_casualty_multiple_causes",
        ("one_roll_per_event", "one_roll_per_cause"),
        "XIV.5",
        "one event meeting two causes: one casualty roll, or one per cause",
    ),
    _o(
        "leader_casualty_basis",
        ("table_result", "steps_actually_lost"),
        "XIV.5, XVI.2",
        "a 2 or 3 fire result puts the leader at risk as read on the table, or only for the "
        "steps actually lost after artillery half or random losses",
    ),
    _o(
        "wound_count_start",
        ("next_turn", "current_turn"),
        "XVII.1",
        "a wounded leader's 1-5 turns count from the next turn, or include the current one",
    ),
    _o(
        "substitute_while_wounded",
        ("yes", "no"),
        "XVII.1, XIV.6",
        "a wounded leader is replaced by a substitute until he returns, or not",
    ),
    _o(
        "reduced_battery_order",
        ("halve_then_range", "range_then_halve"),
        "IV.12, VII.1",
        "a reduced battery halves its value before the range reduction, or after",
    ),
    _o(
        "combined_artillery_minimum",
        ("per_battery", "combined_total"),
        "IV.12",
        "the minimum of 1 within range applies to each battery, or to the combined total",
    ),
    _o(
        "modulated_threshold_overshoot",
        ("immediate", "next_loss"),
        "XVI.8",
        "losses already past the drawn threshold demoralize at once, or at the next loss",
    ),
    _o(
        "modulated_scope",
        ("corps_only", "army_too"),
        "XVI.8",
        "modulated demoralization for corps thresholds only, or for an army's too",
    ),
    _o(
        "time_penalty_scope",
        ("whole_army", "corps_concerned"),
        "XIX.2",
        "the over-time malus falls on the whole army, or on the corps moved over time",
    ),
    _o(
        "rally_event_overrides_wait",
        ("yes", "no"),
        "XXII.3 #16, XI.1",
        "the Rally event lets a unit rally before its two turns, or not",
    ),
    _o(
        "routed_morale",
        ("minus_3_only", "minus_3_and_minus_2"),
        "XVI.5",
        "a routed unit's morale takes -3 only, or -3 and the disorganized -2",
    ),
    _o(
        "heavy_charge_square_immunity",
        ("ignores_value_reduction", "numeric_only"),
        "XXII.3 #9",
        "Heavy Charge's immunity also lifts the drop to value 1 against a square, or only the "
        "numeric negatives",
    ),
    _o(
        "event_bonus_sign",
        ("favourable",),
        "XXII.3",
        "an event's bonus always makes the check likelier to succeed, a malus less likely: "
        "stored as a change of the target, not of the dice",
    ),
    _o("rout", (False, True), "XVI.5", "the optional rout rule is in use"),
    _o(
        "town_castle_morale",
        (False, True),
        "XVI.6",
        "units in a town or castle check morale with +2/+3 (at most 11) instead of never",
    ),
    _o(
        "artillery_losses",
        ("none", "system_a", "system_b"),
        "XVI.2",
        "artillery fired on by artillery: full losses, half losses (A) or random losses (B)",
    ),
    _o(
        "cavalry_classes",
        (True, False),
        "XVI.4",
        "the optional light, line and heavy cavalry rules are in use",
    ),
)


@dataclass(frozen=True)
class VleRules:
    """The rules with options chosen; ``house`` holds the cells a club's table file sets."""

    chosen: Mapping[str, OptionValue] = field(default_factory=dict)
    house: Mapping[str, Mapping[tuple[str, str], str]] = field(default_factory=dict)

    def option_specs(self) -> dict[str, OptionSpec]:
        return {o.name: o for o in OPTIONS}

    def opt(self, name: str) -> OptionValue:
        return self.chosen.get(name, self.option_specs()[name].default)

    def with_options(self, overrides: Mapping[str, object]) -> VleRules:
        specs = self.option_specs()
        chosen = dict(self.chosen)
        for name, value in overrides.items():
            spec = specs.get(name)
            if spec is None:
                raise PackError(f"unknown option '{name}' (known: {', '.join(specs)})", name)
            match = [c for c in spec.choices if c == value and type(c) is type(value)]
            if not match:
                offered = ", ".join(
                    str(c).lower() if isinstance(c, bool) else str(c) for c in spec.choices
                )
                raise PackError(f"option {name}: {value!r} is not one of {offered}", field=name)
            chosen[name] = match[0]
        return dataclasses.replace(self, chosen=chosen)

    def with_house(self, cells: Mapping[str, Mapping[tuple[str, str], str]]) -> VleRules:
        """These rules with a club's cells of the Fire and Melee tables (``house``)."""
        house = {t: dict(c) for t, c in self.house.items()}
        for t, c in cells.items():
            house.setdefault(t, {}).update(c)
        return dataclasses.replace(self, house=house)

    def tables(self) -> dict[str, Any]:
        """The Fire and Melee tables as this game reads them (house cells in place)."""
        from eote_ref.packs.vle.data import fire_table, melee_table

        return {
            "fire": fire_table(dict(self.house.get("fire", {}))),
            "melee": melee_table(dict(self.house.get("melee", {}))),
        }

    def note(self, name: str) -> str:
        value = self.opt(name)
        text = str(value).lower() if isinstance(value, bool) else str(value)
        return f"option {name}={text}"


def text(value: float, reason: str, rule: str) -> Modifier:
    """A modifier the text gives."""
    return Modifier(value, reason, rule, Source.TEXT)


def half_up(n: int) -> int:
    """A halving rounded up (III.1)."""
    return (n + 1) // 2


def d6_at_most(n: int) -> Fraction:
    """The chance a d6 shows n or less."""
    return Fraction(max(0, min(n, 6)), 6)


def check_range(value: int, lo: int, hi: int, name: str, rule: str | None = None) -> None:
    """Refuse a number out of ``lo..hi`` naming its field."""
    if isinstance(value, bool) or not lo <= value <= hi:
        raise PackError(f"{name} must be {lo}..{hi}, not {value}", name, rule)


def check_choices(situation: Any, rule: str | None = None) -> None:
    """Refuse a word no choice of its field names (a direction "sideways"), naming the field.

    ``eote-ref rule`` reads its JSON against the fields' types; a game's check builds the
    situation from the umpire's answers, where a word typed wrong would otherwise be read as
    another one (a rear's -3 for an unknown direction).
    """
    hints = typing.get_type_hints(type(situation))
    for f in dataclasses.fields(situation):
        kind = hints.get(f.name)
        if typing.get_origin(kind) is not Literal:
            continue
        value = getattr(situation, f.name)
        allowed = typing.get_args(kind)
        if value not in allowed:
            words = " | ".join(repr(a) for a in allowed)
            raise PackError(f"{f.name}: expected one of {words}, found {value!r}", f.name, rule)


def die(name: str) -> Die:
    """The pack's one die."""
    assert name == "d6"
    return D6
