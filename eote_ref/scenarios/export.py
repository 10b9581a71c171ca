"""Write a scenario back to the scenario YAML format (the loader reads it back unchanged)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from eote_ref.armylists.model import StartingFormations
from eote_ref.scenarios.model import (
    ArrivalEvent,
    AutomaticVictory,
    Breakpoint,
    Effects,
    LossRatio,
    MoraleCosts,
    MoraleEvent,
    MoraleRestores,
    Objective,
    Scenario,
    SecretThreshold,
)
from eote_ref.yamlio.dumper import FlowMap, dump
from eote_ref.yamlio.typed import yaml_key


def dump_scenario(scenario: Scenario) -> str:
    """The scenario as YAML text; keys at their default value are left out."""
    return dump(_plain(scenario), width=100, indent_lists=True)


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        flow = isinstance(
            value,
            Objective
            | ArrivalEvent
            | AutomaticVictory
            | LossRatio
            | Breakpoint
            | StartingFormations
            | Effects
            | MoraleCosts
            | MoraleRestores
            | MoraleEvent
            | SecretThreshold,
        )
        out: dict[str, Any] = FlowMap() if flow else {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            out[yaml_key(f)] = _plain(item)
        return out
    return value
