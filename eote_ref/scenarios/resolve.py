"""Finding a scenario's command and unit references in its army lists.

A reference is a command's name (``I Corps``), or a path of names ending in one
(``II Corps / 6th Infantry Division``), or such a path ending in a unit's name
(``Reserve Artillery / Sandham's Battery``). Names compare as army lists compare them
(case, runs of spaces and Unicode normal form aside). A name found in two places must be
given with enough of its path to tell them apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from eote_ref.armylists.model import ArmyList, Command
from eote_ref.scenarios.model import PATH_SEPARATOR
from eote_ref.yamlio.text import name_key


@dataclass(frozen=True)
class Ref:
    """A resolved reference: a command (its names from the army down) or one unit of it."""

    list_index: int
    path: tuple[str, ...]
    unit: str | None = None

    def text(self) -> str:
        """The full reference, e.g. ``Armée du Nord / Left Wing / II Corps``."""
        names = [*self.path, *([self.unit] if self.unit else [])]
        return PATH_SEPARATOR.join(names)

    def contains(self, other: Ref) -> bool:
        """True when ``other`` is this command, a command under it or a unit of either."""
        if self.unit is not None or other.list_index != self.list_index:
            return self == other
        return other.path[: len(self.path)] == self.path


class ResolveError(ValueError):
    """A reference that names nothing, or more than one thing, in the lists."""


def split(reference: str) -> list[str]:
    """The names of a reference, in order."""
    return [part.strip() for part in reference.split(PATH_SEPARATOR.strip()) if part.strip()]


def _walk(command: Command, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Command]]:
    here = (*path, command.name)
    out = [(here, command)]
    for child in command.commands:
        out += _walk(child, here)
    return out


def _ends_with(path: Sequence[str], names: Sequence[str]) -> bool:
    if len(names) > len(path):
        return False
    tail = path[len(path) - len(names) :]
    return all(name_key(a) == name_key(b) for a, b in zip(tail, names, strict=True))


def resolve(lists: Sequence[ArmyList], reference: str) -> Ref:
    """The command or unit ``reference`` names in ``lists``.

    Raises:
        ResolveError: nothing matches, or more than one command or unit does.
    """
    names = split(reference)
    if not names:
        raise ResolveError("the reference is empty")
    commands: list[Ref] = []
    units: list[Ref] = []
    for i, army in enumerate(lists):
        for path, command in _walk(army.army, ()):
            if _ends_with(path, names):
                commands.append(Ref(i, path))
            if len(names) == 1 or _ends_with(path, names[:-1]):
                units += [
                    Ref(i, path, u.name)
                    for u in command.units
                    if name_key(u.name) == name_key(names[-1])
                ]
    found = commands or units
    if not found:
        where = " or ".join(f"'{a.name}'" for a in lists)
        raise ResolveError(f"no command or unit '{reference}' in {where}")
    if len(found) > 1:
        options = "; ".join(r.text() for r in found[:4])
        raise ResolveError(
            f"'{reference}' names {len(found)} commands or units ({options}): "
            f"give more of its path, e.g. 'corps{PATH_SEPARATOR}division'"
        )
    return found[0]


def command_at(army: ArmyList, path: Sequence[str]) -> Command:
    """The command at ``path`` (names from the army down) of ``army``."""
    command = army.army
    for name in path[1:]:
        command = next(c for c in command.commands if c.name == name)
    return command
