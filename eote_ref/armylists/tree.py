"""The order of battle as an editable tree: nodes, the frozen list taken apart and put together.

The frozen :class:`~eote_ref.armylists.model.ArmyList` is split into a tree of :class:`Node`
objects (army → commands → units), each holding a frozen value without its children; an editor
replaces one node's value, or inserts, removes or moves one node. :func:`to_army_list` puts the
frozen list back together for validation and saving, and :func:`locate` puts each loader
problem on the node it is about. Nothing here needs Qt: the roster editor's model wraps it.
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from eote_ref.armylists.model import (
    FORMAT_VERSION,
    ArmyList,
    Command,
    Leader,
    Skirmish,
    Unit,
    unit_model,
)
from eote_ref.yamlio.problems import Path, Problem

if TYPE_CHECKING:
    from eote_ref.packs.declaration import UnitModelSpec


class Kind(enum.Enum):
    """What a node of the order of battle is."""

    ARMY = "army"
    COMMAND = "command"
    UNIT = "unit"


class Node:
    """One item of the order of battle: the army, a command or a unit.

    ``value`` is an :class:`ArmyList` whose ``army`` has no children (the army node), a
    :class:`Command` without children (a command node) or a :class:`Unit`.
    """

    def __init__(self, kind: Kind, value: Any, parent: Node | None = None) -> None:
        self.kind = kind
        self.value = value
        self.parent = parent
        self.children: list[Node] = []

    def __repr__(self) -> str:
        return f"Node({self.kind.value}, {self.name!r})"

    @property
    def row(self) -> int:
        """Position among the parent's children (0 for the army)."""
        return self.parent.children.index(self) if self.parent is not None else 0

    @property
    def command(self) -> Command:
        """The command of an army or command node."""
        if self.kind is Kind.ARMY:
            command: Command = self.value.army
            return command
        if self.kind is Kind.COMMAND:
            value: Command = self.value
            return value
        raise TypeError("a unit has no command")

    def with_command(self, command: Command) -> Any:
        """The node's value with its command replaced (army or command node)."""
        if self.kind is Kind.ARMY:
            return dataclasses.replace(self.value, army=command)
        return command

    @property
    def level(self) -> str | None:
        """The level of an army or command node, None for a unit."""
        return None if self.kind is Kind.UNIT else self.command.level

    @property
    def root(self) -> Node:
        """The army node at the top of this node's tree."""
        node = self
        while node.parent is not None:
            node = node.parent
        return node

    @property
    def unit_model(self) -> UnitModelSpec:
        """The words of the list: the unit model of its ruleset's pack (read at the army)."""
        army = self.root
        return army.value.unit_model if army.kind is Kind.ARMY else unit_model()

    @property
    def holds_units(self) -> bool:
        """True for a division or brigade (EotE 1.0.1): a manoeuvre level of the unit model."""
        level = self.level
        return level is not None and self.unit_model.is_manoeuvre(level)

    @property
    def name(self) -> str:
        """The name shown in the tree (the list's name for the army)."""
        return str(self.value.name)

    def walk(self) -> Iterator[Node]:
        """This node and every node below it, depth first."""
        yield self
        for child in self.children:
            yield from child.walk()

    def ancestors(self) -> Iterator[Node]:
        """The parent, its parent, … up to the army."""
        node = self.parent
        while node is not None:
            yield node
            node = node.parent

    def units(self) -> list[Unit]:
        """Every unit at or below this node."""
        return [n.value for n in self.walk() if n.kind is Kind.UNIT]

    def clone(self) -> Node:
        """A deep copy of this subtree (values are frozen, so they are shared)."""
        copy = Node(self.kind, self.value)
        for child in self.children:
            c = child.clone()
            c.parent = copy
            copy.children.append(c)
        return copy


# ----------------------------------------------------------------------------- conversion


def _bare(command: Command) -> Command:
    return dataclasses.replace(command, commands=(), units=())


def build_tree(army_list: ArmyList) -> Node:
    """The node tree of an army list."""
    root = Node(Kind.ARMY, dataclasses.replace(army_list, army=_bare(army_list.army)))
    _fill(root, army_list.army)
    return root


def _fill(node: Node, command: Command) -> None:
    for child in command.commands:
        child_node = Node(Kind.COMMAND, _bare(child), node)
        node.children.append(child_node)
        _fill(child_node, child)
    for unit in command.units:
        node.children.append(Node(Kind.UNIT, unit, node))


def to_army_list(root: Node) -> ArmyList:
    """Put the frozen army list back together from the node tree."""
    army_list: ArmyList = dataclasses.replace(root.value, army=_command_of(root))
    return army_list


def _command_of(node: Node) -> Command:
    return dataclasses.replace(
        node.command,
        commands=tuple(_command_of(c) for c in node.children if c.kind is Kind.COMMAND),
        units=tuple(c.value for c in node.children if c.kind is Kind.UNIT),
    )


def new_army_list() -> ArmyList:
    """The list File → New starts from: an army with a commander to name."""
    top = unit_model().levels[0]
    return ArmyList(
        format=FORMAT_VERSION,
        name="New army",
        nation="french",
        year=1815,
        army=Command(name="New army", level=top, leader=Leader(name="", rating=2)),
    )


def child_level(parent: str, model: UnitModelSpec | None = None) -> str:
    """The level a new command gets under ``parent``: the commonest, EotE's corps then division.

    That is the lowest level above the manoeuvre levels under any higher one, and the first
    manoeuvre level under that one.
    """
    model = model or unit_model()
    above = [lv for lv in model.levels if not model.is_manoeuvre(lv)]
    below = [lv for lv in model.levels if model.is_manoeuvre(lv)]
    if above and model.rank(parent) > model.rank(above[-1]):
        return above[-1]
    return below[0] if below else parent


def allowed_levels(node: Node) -> list[str]:
    """The levels a command node may take where it stands, given its parent and children."""
    model = node.unit_model
    if node.kind is not Kind.COMMAND or node.parent is None:
        return [] if node.kind is Kind.UNIT else [model.levels[0]]
    parent_rank = model.rank(node.parent.command.level)
    out = [lv for lv in model.levels if model.rank(lv) < parent_rank]
    commands = [c for c in node.children if c.kind is Kind.COMMAND]
    if any(c.kind is Kind.UNIT for c in node.children):
        out = [lv for lv in out if model.is_manoeuvre(lv)]
    if commands:
        top = max(model.rank(c.command.level) for c in commands)
        out = [lv for lv in out if model.rank(lv) > top and not model.is_manoeuvre(lv)]
    return out


def can_hold(parent: Node, node: Node) -> bool:
    """True when ``node`` may be a child of ``parent`` (the loader's rules of the tree)."""
    if node.kind is Kind.ARMY or parent.kind is Kind.UNIT:
        return False
    if node.kind is Kind.UNIT:
        return parent.holds_units
    if parent.holds_units or parent is node or parent in list(node.walk()):
        return False
    model = parent.unit_model
    return model.rank(node.command.level) < model.rank(parent.command.level)


def _name_key(name: str) -> str:
    return " ".join(name.split()).casefold()


def unique_name(base: str, siblings: Sequence[Node], *, skip: Node | None = None) -> str:
    """``base``, or ``base 2``, ``base 3``… whichever no sibling uses (names ignore case)."""
    taken = {_name_key(s.name) for s in siblings if s is not skip}
    if _name_key(base) not in taken:
        return base
    n = 2
    while _name_key(f"{base} {n}") in taken:
        n += 1
    return f"{base} {n}"


def unit_summary(unit: Unit) -> str:
    """``line infantry · 4 stands · detach``, ``medium foot artillery · 2 howitzers``."""
    parts = [f"{unit.type} {unit.arm}"]
    if unit.weight is not None:
        parts = [f"{unit.weight} {unit.type} {unit.arm}"]
    parts.append(f"{unit.stands} stand{'s' if unit.stands != 1 else ''}")
    if unit.howitzers:
        parts.append(f"{unit.howitzers} howitzer{'s' if unit.howitzers != 1 else ''}")
    if unit.skirmish is not Skirmish.NONE:
        parts.append(f"skirmish {unit.skirmish}")
    if unit.nation:
        parts.append(unit.nation)
    return " · ".join(parts)


def command_summary(node: Node) -> str:
    """``corps · d'Erlon (2)``."""
    command = node.command
    leader = command.leader.name.strip() or "no leader yet"
    return f"{command.level} · {leader} ({command.leader.rating:+d})"


@dataclasses.dataclass(frozen=True)
class NodeProblem:
    """A validation problem located on a node: ``field`` is the key path below the node."""

    field: Path
    message: str
    severity: str

    @property
    def text(self) -> str:
        """``leader.name: must not be empty``."""
        where = ".".join(str(p) for p in self.field if not isinstance(p, int))
        return f"{where}: {self.message}" if where else self.message


def locate(root: Node, problem: Problem) -> tuple[Node, NodeProblem]:
    """The node a loader problem is about, and its key path below that node.

    Top-level keys of the list (``name``, ``nation``, ``sources[2]``) land on the army node
    under ``("list", key)``; ``army.commands[1].units[3].ce`` lands on that unit as ``("ce",)``.
    """
    path = problem.path
    if not path or path[0] != "army":
        field: Path = ("list", path[0]) if path else ("list",)
        return root, NodeProblem(field, problem.message, problem.severity)
    node = root
    i = 1
    while i + 1 < len(path) and path[i] in ("commands", "units") and isinstance(path[i + 1], int):
        kind = Kind.COMMAND if path[i] == "commands" else Kind.UNIT
        kids = [c for c in node.children if c.kind is kind]
        index = path[i + 1]
        assert isinstance(index, int)
        if index >= len(kids):
            break
        node = kids[index]
        i += 2
    rest = tuple(path[i:])
    if not rest and node.kind is Kind.UNIT and "'weight'" in problem.message:
        rest = ("weight",)
    return node, NodeProblem(rest, problem.message, problem.severity)
