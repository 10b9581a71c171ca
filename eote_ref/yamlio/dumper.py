"""Writing plain data back as YAML people can read: block style, key order kept, flow maps."""

from __future__ import annotations

import dataclasses
import functools
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import yaml


class FlowMap(dict[str, Any]):
    """A mapping that :func:`dump` writes on one line in flow style: ``{name: x, rating: 2}``."""


def _represent_flow_map(dumper: yaml.SafeDumper, data: FlowMap) -> yaml.Node:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data, flow_style=True)


#: Line breaks PyYAML writes raw inside quotes, where loading would fold them into spaces.
_UNICODE_BREAKS = ("\x85", "\u2028", "\u2029")


def _represent_str(dumper: yaml.SafeDumper, data: str) -> yaml.Node:
    if any(ch in data for ch in _UNICODE_BREAKS):  # double quotes escape them (\N, \L, \P)
        return dumper.represent_scalar("tag:yaml.org,2002:str", data, style='"')
    return dumper.represent_str(data)


@functools.cache
def _dumpers() -> tuple[type[yaml.SafeDumper], type[yaml.SafeDumper]]:
    """The safe dumper plus :class:`FlowMap`, and the same indenting lists under their key.

    Made on the first :func:`dump`, so that importing this module does not import PyYAML.
    """
    import yaml  # on the first dump, not with this module

    class _Dumper(yaml.SafeDumper):
        """The safe dumper, plus :class:`FlowMap`."""

    _Dumper.add_representer(FlowMap, _represent_flow_map)
    _Dumper.add_representer(str, _represent_str)

    class _IndentedDumper(_Dumper):
        """Indents the items of a block list under their key, as people write YAML by hand."""

        def increase_indent(self, flow: bool = False, indentless: bool = False) -> None:
            super().increase_indent(flow, False)

    return _Dumper, _IndentedDumper


def dump(data: Any, *, width: int | None = None, indent_lists: bool = False) -> str:
    """Write plain data as block-style YAML, keeping key order.

    Args:
        data: plain data (dicts, lists, text, numbers, booleans, None); any :class:`FlowMap`
            in it is written in flow style.
        width: preferred line width (PyYAML's default, 80, when None).
        indent_lists: indent the ``-`` of a list under its key by two spaces.
    """
    import yaml

    plain, indented = _dumpers()
    return yaml.dump(
        data,
        Dumper=indented if indent_lists else plain,
        sort_keys=False,
        allow_unicode=True,
        default_flow_style=False,
        width=width,
    )


def dataclass_data(value: Any, flow: tuple[type, ...] = ()) -> Any:
    """Plain data of a dataclass (nested, in lists), each field at its default left out.

    An instance of one of the ``flow`` types becomes a :class:`FlowMap` (one line of YAML:
    a list's unit or leader); the fields keep their declared order. A pack's ``dump_list``
    writes its list with it, so that loading the text gives back an equal list.
    """
    if isinstance(value, list):
        return [dataclass_data(v, flow) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        out: dict[str, Any] = FlowMap() if isinstance(value, flow) else {}
        for f in dataclasses.fields(value):
            item = getattr(value, f.name)
            if f.default is not dataclasses.MISSING and item == f.default:
                continue
            if f.default_factory is not dataclasses.MISSING and item == f.default_factory():
                continue
            out[f.name] = dataclass_data(item, flow)
        return out
    return value
