"""A pack's declaration: its id and title, dice, tables by kind, results, options, procedures.

This is the first slice of the pack boundary: what the ``eote-ref rule`` command
and, later, the app ask of a ruleset without naming it, and the markers a unit carries
(:class:`MarkerSpec`, kept in the game's ``game_unit.markers``). Unit models, the turn and
the checks are still EotE's own and not yet declared here. Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.dice import Die, Pool, Sum
from eote_ref.packs.tables import Table

OptionValue = str | int | bool

#: A marker's value as a unit's ``markers`` hold it (JSON): a count, a flag or a choice.
MarkerValue = int | bool | str | None

#: The kinds of marker: a count of markers, a flag on or off, one of named values.
MARKER_KINDS = ("counter", "flag", "choice")

#: How long a marker lasts: the whole game, or the current turn (cleared at a new turn).
MARKER_LASTS = ("game", "turn")


@dataclass(frozen=True)
class MarkerSpec:
    """One marker a unit of the pack carries: its kind, limits, wording and how long it lasts.

    A unit's markers are stored as ``{name: value}`` in its ``markers`` (only values other
    than the default: an absent key reads as ``default``) and changed one key at a time
    through the journal (``markers.NAME``).

    ``dashboard`` is the short mark of the dashboard's column or status (``"D"`` for a flag,
    ``""`` when the dashboard shows it in its own way); ``display`` the words the players'
    display and the status lines show (a flag's words; a counter's with ``{n}`` for the count
    and ``{s}`` for a plural ``s``; a choice's ``value=words`` pairs for the values shown, as
    ``square=square``); ``within`` names the marker whose words this one's follow in
    brackets (a detached stand's own hits); ``sheet`` how the record sheet keeps it (``boxes``
    to tick one by one, ``tick`` a box, ``""`` not printed). ``lasts`` is ``turn`` for a
    marker cleared back to its default when a new turn starts; ``carried_to`` names a marker
    that takes this one's value at a new turn, before it is cleared.
    """

    name: str
    kind: str
    default: MarkerValue
    rule: str = ""
    label: str = ""
    #: A counter's most markers (None: no limit).
    limit: int | None = None
    #: A choice's values (None is always allowed: not set).
    choices: tuple[str, ...] = ()
    #: Only units of these arms carry it (empty: every arm).
    arms: tuple[str, ...] = ()
    dashboard: str = ""
    display: str = ""
    within: str | None = None
    sheet: str = ""
    lasts: str = "game"
    carried_to: str | None = None
    #: The umpire may set it by hand (a dashboard key or menu), besides the checks.
    editable: bool = False

    def __post_init__(self) -> None:
        if self.kind not in MARKER_KINDS:
            raise ValueError(f"marker {self.name!r}: kind {self.kind!r} not in {MARKER_KINDS}")
        if self.lasts not in MARKER_LASTS:
            raise ValueError(f"marker {self.name!r}: lasts {self.lasts!r} not in {MARKER_LASTS}")

    @property
    def text(self) -> str:
        return self.label or self.name.replace("_", " ")

    def check(self, value: MarkerValue) -> str | None:
        """Why ``value`` cannot be this marker's, or None when it can."""
        if self.kind == "flag":
            return None if isinstance(value, bool) else f"{self.text} is on or off"
        if self.kind == "counter":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return f"{self.text} is a count of 0 or more"
            if self.limit is not None and value > self.limit:
                return f"{self.text}: at most {self.limit}"
            return None
        if value is None or value in self.choices:
            return None
        return f"{self.text} is one of {', '.join(self.choices)}"

    def stored(self, value: MarkerValue) -> MarkerValue:
        """The value as a unit's ``markers`` keep it: None (the key removed) for the default."""
        return None if value == self.default and type(value) is type(self.default) else value

    def words(self, value: MarkerValue) -> str:
        """The marker in words as the players' display shows it, or "" when not shown."""
        if not self.display or value == self.default or value is None or value is False:
            return ""
        if self.kind == "counter":
            n = int(value)
            return self.display.format(n=n, s="" if n == 1 else "s")
        if self.kind == "choice":
            shown = dict(pair.split("=", 1) for pair in self.display.split(","))
            return shown.get(str(value), "")
        return self.display


def marker_defaults(markers: tuple[MarkerSpec, ...]) -> dict[str, MarkerValue]:
    """Each marker's default by name (what a unit with no such key carries)."""
    return {m.name: m.default for m in markers}


@dataclass(frozen=True)
class ResultSpec:
    """One result code of a procedure, how it reads for the unit tested, and its label."""

    code: str
    tone: str  # good | bad | neutral, for the subject of the procedure
    label: str = ""

    @property
    def text(self) -> str:
        return self.label or self.code.replace("_", " ")


@dataclass(frozen=True)
class OptionSpec:
    """A named option settling a gap or contradiction of the rules text."""

    name: str
    default: OptionValue
    choices: tuple[OptionValue, ...]
    rule: str
    explanation: str


@dataclass(frozen=True)
class ProcedureSpec:
    """One adjudication a pack offers.

    ``situation`` is the dataclass of its input; ``run`` takes the situation, the chosen
    options and a :class:`~eote_ref.packs.dice.Roller` (or the pack's own dice) and returns
    an outcome with ``to_json()``. ``rolls`` names the dice it may take as input, each with the
    kind of die.
    """

    name: str
    rule: str
    summary: str
    situation: type[Any]
    run: Callable[..., Any]
    rolls: Mapping[str, str] = field(default_factory=dict)
    results: tuple[ResultSpec, ...] = ()


@dataclass(frozen=True)
class ArmyListSchema:
    """A pack's own army-list format: its check, a one-line summary and its printed sheets.

    ``check`` takes a loaded YAML document (:class:`eote_ref.yamlio.document.Document`) and
    returns the typed list (None when there is any error) and every problem in file order;
    the sheet functions return whole HTML pages for the shared printing machinery.
    """

    check: Callable[[Any], tuple[Any | None, list[Any]]]
    summary: Callable[[Any], str]
    record_sheets_html: Callable[[Any], str]
    card_tracker_html: Callable[[Any], str] | None = None


@dataclass(frozen=True)
class Pack:
    """Everything a ruleset declares to the shared layers (this slice of it)."""

    id: str
    title: str
    dice: Mapping[str, Die | Sum | Pool]
    tables: Mapping[str, Table]
    options: Mapping[str, OptionSpec]
    procedures: Mapping[str, ProcedureSpec]
    #: The pack's rules with options chosen (``NAME -> value``), as its procedures take them;
    #: an unknown option or a value not offered raises :class:`~.outcome.PackError`.
    configure: Callable[[Mapping[str, object]], Any] | None = None
    #: The unit types its procedures name (``firer``, ``target``...), as ids.
    unit_types: tuple[str, ...] = ()
    #: The pack's own army-list format (None: the shared army-list format of ``armylists``).
    army_list: ArmyListSchema | None = None
    #: Notes printed under its reference sheet (the marks, what the tables leave out).
    reference_notes: tuple[str, ...] = ()
    #: The markers each unit carries, in the order the players' display words them.
    unit_markers: tuple[MarkerSpec, ...] = ()

    def unit_marker(self, name: str) -> MarkerSpec:
        for spec in self.unit_markers:
            if spec.name == name:
                return spec
        known = ", ".join(m.name for m in self.unit_markers)
        raise KeyError(f"unknown marker '{name}' (known: {known})")

    def procedure(self, name: str) -> ProcedureSpec:
        try:
            return self.procedures[name]
        except KeyError:
            known = ", ".join(self.procedures)
            raise KeyError(f"unknown procedure '{name}' (known: {known})") from None

    def option_defaults(self) -> dict[str, OptionValue]:
        return {name: spec.default for name, spec in self.options.items()}
