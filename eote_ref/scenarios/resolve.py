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


#: The levels whose leader issues orders and activates reserves (EotE 3.1).
ORDER_LEVELS = frozenset({"army", "wing", "corps"})


def _kept(
    lists: Sequence[ArmyList], in_play: Sequence[Ref], commander: Ref | None
) -> set[tuple[int, tuple[str, ...]]]:
    """The commands a side's game holds, as (list, path): the cut of ``scenario-format.md``.

    Whole lists without ``in_play``; else each command in play with everything under it (a
    single unit's command alone), and the commander with the commands between him and the
    commands in play under him.
    """
    kept: set[tuple[int, tuple[str, ...]]] = set()
    if not in_play:
        for i, army in enumerate(lists):
            kept.update((i, path) for path, _ in _walk(army.army, ()))
        return kept
    for ref in in_play:
        if ref.unit is None:
            under = command_at(lists[ref.list_index], ref.path)
            kept.update((ref.list_index, p) for p, _ in _walk(under, ref.path[:-1]))
        else:
            kept.add((ref.list_index, ref.path))
        if commander is not None and commander.unit is None and commander.contains(ref):
            top = len(commander.path)
            kept.update((ref.list_index, ref.path[:n]) for n in range(top, len(ref.path) + 1))
    return kept


def order_issuers(
    lists: Sequence[ArmyList], in_play: Sequence[Ref], commander: Ref | None = None
) -> list[str]:
    """The leaders on the table who may issue orders to a division of their own (EotE 3.1).

    An army, wing or corps leader whose command the side's game holds, with a command under
    him held too; empty when the side's divisions have nobody above them to order them.
    """
    kept = _kept(lists, in_play, commander)
    out: list[str] = []
    for i, path in sorted(kept):
        command = command_at(lists[i], path)
        below = any(j == i and len(q) > len(path) and q[: len(path)] == path for j, q in kept)
        if str(command.level) in ORDER_LEVELS and below and command.leader.name not in out:
            out.append(command.leader.name)
    return out
