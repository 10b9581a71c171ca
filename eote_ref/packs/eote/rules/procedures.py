"""The catalogue of procedures: name, governing section, situation type, rolls and function.

The ``eote-ref rule`` command and the desktop wizards both find procedures here, so neither
has rules of its own.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.dice import Dice
from eote_ref.packs.eote.rules.ruleset import Ruleset


def _resolve(ref: str) -> Any:
    """``"square:SquareSituation"``: the object named in a module of this package."""
    module, _, name = ref.partition(":")
    return getattr(importlib.import_module(f"eote_ref.packs.eote.rules.{module}"), name)


@dataclass(frozen=True)
class Procedure:
    """One adjudication the umpire can ask for.

    ``situation_ref`` and ``run_ref`` name the situation type and the function as
    ``"module:name"`` in this package; the module is imported the first time either is
    used, so that one ``eote-ref rule square`` imports the square rules and not the others.
    ``unit_at_top`` means the situation's ``unit`` fields are written at the top level of the
    input (as the RULE-CLI contract does for square and morale); ``implied_arm`` fills
    ``arm`` when the procedure implies it. ``rolls`` names the dice it may take as input.
    """

    name: str
    rule: str
    summary: str
    situation_ref: str
    run_ref: str
    rolls: tuple[str, ...] = ("roll",)
    unit_at_top: bool = False
    implied_arm: str | None = None

    @property
    def situation(self) -> type[Any]:
        """The frozen dataclass describing this procedure's situation."""
        cls: type[Any] = _resolve(self.situation_ref)
        return cls

    @property
    def run(self) -> Callable[[Any, Ruleset, Dice], Outcome]:
        """The rules function: situation, ruleset and dice to an :class:`Outcome`."""
        fn: Callable[[Any, Ruleset, Dice], Outcome] = _resolve(self.run_ref)
        return fn


PROCEDURES: dict[str, Procedure] = {
    p.name: p
    for p in (
        Procedure(
            "command_radius",
            "3.6",
            "a leader's command radius",
            "command:CommandRadiusSituation",
            "command:command_radius",
            rolls=(),
        ),
        Procedure(
            "tactical_combat_range",
            "1.9",
            "is a division within tactical combat range",
            "command:TacticalCombatRangeSituation",
            "command:tactical_combat_range",
            rolls=(),
        ),
        Procedure(
            "order_activation",
            "3.6",
            "turns before a division acts on a new order",
            "orders:OrderActivationSituation",
            "orders:order_activation",
        ),
        Procedure(
            "disorder_rally",
            "3.6",
            "may a disordered unit rally in the command phase",
            "rally:DisorderRallySituation",
            "rally:disorder_rally",
            rolls=(),
        ),
        Procedure(
            "initiative",
            "4.0",
            "which side has the initiative",
            "initiative:InitiativeSituation",
            "initiative:initiative",
            rolls=(),
        ),
        Procedure(
            "movement",
            "5.1",
            "movement allowance and costs",
            "movement:MovementSituation",
            "movement:movement",
            rolls=(),
        ),
        Procedure(
            "pinning",
            "5.7",
            "is a unit pinned",
            "movement:PinningSituation",
            "movement:pinning",
            rolls=(),
        ),
        Procedure(
            "skirmish",
            "5.5.1",
            "skirmish CE of skirmish stands",
            "skirmish:SkirmishSituation",
            "skirmish:skirmish",
            rolls=(),
        ),
        Procedure(
            "skirmishers",
            "5.4",
            "hit bookkeeping of detached skirmishers",
            "skirmish:SkirmishersSituation",
            "skirmish:skirmishers",
            rolls=(),
        ),
        Procedure(
            "square",
            "5.6",
            "an infantry unit attempting square",
            "square:SquareSituation",
            "square:square",
            unit_at_top=True,
            implied_arm="infantry",
        ),
        Procedure(
            "charge",
            "5.8.1",
            "may cavalry charge over this terrain",
            "cavalry:ChargeSituation",
            "cavalry:charge",
            rolls=(),
        ),
        Procedure(
            "fire",
            "6.6",
            "artillery, infantry, skirmisher and pass-through fire",
            "fire:FireSituation",
            "fire:fire",
        ),
        Procedure(
            "assault",
            "7.6",
            "a tactical assault",
            "assault:AssaultSituation",
            "assault:assault",
        ),
        Procedure(
            "morale",
            "7.5",
            "a unit's morale check",
            "morale:MoraleSituation",
            "morale:morale",
            unit_at_top=True,
        ),
        Procedure(
            "leader_casualty",
            "8.0",
            "a leader near combat",
            "leader_casualty:LeaderCasualtySituation",
            "leader_casualty:leader_casualty",
        ),
        Procedure(
            "integrity",
            "9.0",
            "a division's integrity check",
            "integrity:IntegritySituation",
            "integrity:integrity",
            rolls=("roll", "second_roll"),
        ),
        Procedure("rally", "9.1", "rallying a routed unit", "rally:RallySituation", "rally:rally"),
        Procedure(
            "cavalry_end_of_turn",
            "5.10",
            "blown markers, disintegration and rest",
            "cavalry:CavalryEndOfTurnSituation",
            "cavalry:cavalry_end_of_turn",
            rolls=(),
        ),
        Procedure(
            "british_cavalry_breakthrough",
            "5.151",
            "British cavalry declining a breakthrough",
            "cavalry:BritishBreakthroughSituation",
            "cavalry:british_cavalry_breakthrough",
        ),
        Procedure(
            "pontoon",
            "10.0",
            "a turn of pontoon building",
            "engineering:PontoonSituation",
            "engineering:pontoon",
        ),
        Procedure(
            "demolition",
            "10.0",
            "setting or firing a bridge demolition charge",
            "engineering:DemolitionSituation",
            "engineering:demolition",
        ),
        Procedure(
            "burning",
            "7.12",
            "howitzers setting a building on fire",
            "engineering:BurningSituation",
            "engineering:burning",
            rolls=("percentile",),
        ),
    )
}


def get(name: str) -> Procedure:
    """The procedure called ``name``; KeyError names the known ones."""
    try:
        return PROCEDURES[name]
    except KeyError:
        known = ", ".join(PROCEDURES)
        raise KeyError(f"unknown procedure '{name}' (known: {known})") from None
