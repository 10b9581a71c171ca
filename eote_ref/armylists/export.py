"""Write an army list back to the army-list YAML format (the loader reads it back unchanged)."""

from __future__ import annotations

import dataclasses
import enum
from typing import Any

from eote_ref.armylists.model import ArmyList, Leader, Unit
from eote_ref.yamlio.dumper import FlowMap, dump
from eote_ref.yamlio.typed import yaml_key

#: Wide enough that a leader or a unit stays on one line, as in hand-written lists.
_WIDTH = 4096


def dump_army_list(army_list: ArmyList) -> str:
    """The army list as YAML text.

    Keys come in the order of the format document; keys at their default value are left
    out; leaders and units are written one per line in flow style (``{name: ..., ce: 5}``),
    commands in block style. Loading the text gives back an equal :class:`ArmyList`.
    """
    return dump(_plain(army_list), width=_WIDTH, indent_lists=True)


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = FlowMap() if isinstance(value, Leader | Unit) else {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and item == f.default_factory():
                continue
            out[yaml_key(f)] = _plain(item)
        return out
    return value
