"""A pack's declaration: its id and title, dice, tables by kind, results, options, procedures.

This is the pack boundary: what the ``eote-ref rule`` command and the app ask of a ruleset
without naming it. The turn is declared (:class:`TurnSpec`: phases or rounds, their labels,
sections and steps, and what clears or ticks at a new turn), and the markers a unit carries
(:class:`MarkerSpec`, kept in the game's ``game_unit.markers``, each saying whether it lasts
a turn or a round) and a leader's (``Pack.leader_markers``), and the words of a unit model
(:class:`UnitModelSpec`: arms, command levels, weights, the starting formation); the checks
are still EotE's own and not yet declared here.
Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from eote_ref.packs.dice import Die, Pool, Sum
from eote_ref.packs.state_specs import (
    MARKER_KINDS,
    MARKER_LASTS,
    MARKER_OFF_MAP,
    MarkerSpec,
    MarkerValue,
    PhaseSpec,
    RefereeSpec,
    TurnAction,
    TurnChange,
    TurnSpec,
    cleared_markers,
    marker_defaults,
    off_map,
)
from eote_ref.packs.tables import Table

#: The declaration's names; the turn and the markers are :mod:`eote_ref.packs.state_specs`'s,
#: re-exported (the first window reads them there, without the rest).
__all__ = [
    "MARKER_KINDS",
    "MARKER_LASTS",
    "MARKER_OFF_MAP",
    "ArmyListSchema",
    "MarkerSpec",
    "MarkerValue",
    "OptionSpec",
    "OptionValue",
    "Pack",
    "PhaseSpec",
    "ProcedureSpec",
    "RefereeSpec",
    "ResultSpec",
    "TurnAction",
    "TurnChange",
    "TurnSpec",
    "UnitModelSpec",
    "cleared_markers",
    "marker_defaults",
    "off_map",
]

OptionValue = str | int | bool


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


#: A club's cells of a pack's tables: table -> {(row, column): value}, every one ``house``.
HouseCells = Mapping[str, Mapping[tuple[str, str], str]]


@dataclass(frozen=True)
class HouseTablesSpec:
    """Which of a pack's tables a club may type from its play aid, and how they apply.

    ``values`` gives, by table name (a :class:`~eote_ref.packs.tables.Grid` of the pack's
    ``tables``), the values a cell may take (empty: any text); ``apply(rules, cells)`` returns
    the pack's rules with the club's cells in place of the shipped ones; ``warn(table, cells)``
    lists ``((row, column), message)`` for cells that are lawful but odd (a result that falls
    as the die rises), which are shown, never refused.
    """

    values: Mapping[str, tuple[str, ...]]
    apply: Callable[[Any, HouseCells], Any]
    warn: Callable[[str, Mapping[tuple[str, str], str]], list[tuple[tuple[str, str], str]]] = (
        lambda table, cells: []
    )


@dataclass(frozen=True)
class ListTable:
    """One table of a pack's army list as the roster editor shows it, a row a map.

    ``key`` is the list's key whose value is a list of maps (``units``); ``columns`` the keys
    shown, in order; ``new`` the values of a row added (a text value's ``{n}`` is the new
    row's number: ``New unit {n}``).
    """

    key: str
    columns: tuple[str, ...]
    new: Mapping[str, object] = field(default_factory=dict)
    #: One row in words (``unit``, ``General``); the key without its last letter if empty.
    row: str = ""

    @property
    def row_word(self) -> str:
        """One row in words, for the add and delete buttons."""
        return self.row or self.key.removesuffix("s")


@dataclass(frozen=True)
class ListForm:
    """How the roster editor lays a pack's army list out: its facts and its tables.

    ``facts`` are the top-level keys shown as line edits; ``numbers`` the keys (of a fact or
    a column) whose typed text is read as a whole number when it is one; ``required`` the
    keys kept as an empty text when emptied (the check then says what is wrong) rather than
    left out.
    """

    facts: tuple[str, ...]
    tables: tuple[ListTable, ...]
    numbers: frozenset[str] = frozenset()
    required: frozenset[str] = frozenset()
    #: Keys whose typed text is read as yes or no (``true``, ``false``, ``yes``, ``no``).
    flags: frozenset[str] = frozenset()


def list_form_of(data: Mapping[str, Any]) -> ListForm:
    """A form for a list whose pack declares none, from the list's own data.

    Its facts: the top-level keys with a plain value (``format`` and ``ruleset`` aside); its
    tables: the top-level keys holding a list of maps, their columns every key the rows use,
    in the order met; numbers the keys with whole numbers, flags those with yes or no.
    """
    facts: list[str] = []
    tables: list[ListTable] = []
    numbers: set[str] = set()
    flags: set[str] = set()

    def note(key: str, value: object) -> None:
        if isinstance(value, bool):
            flags.add(key)
        elif isinstance(value, int):
            numbers.add(key)

    for key, value in data.items():
        if isinstance(value, list) and value and all(isinstance(v, dict) for v in value):
            columns: dict[str, None] = {}
            for row in value:
                for k, v in row.items():
                    columns.setdefault(str(k))
                    note(str(k), v)
            first = next(iter(columns), "name")
            table = ListTable(str(key), tuple(columns))
            tables.append(replace(table, new={first: f"New {table.row_word} {{n}}"}))
        elif not isinstance(value, list | dict) and key not in ("format", "ruleset"):
            facts.append(str(key))
            note(str(key), value)
    return ListForm(
        tuple(facts), tuple(tables), frozenset(numbers), frozenset({"name"}), frozenset(flags)
    )


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
    #: The typed list back as YAML text the check reads as an equal list (the roster
    #: database keeps a pack's list so); None: such lists are not stored.
    dump: Callable[[Any], str] | None = None
    #: Its facts and tables in the roster editor (None: laid out from each list's own data,
    #: :func:`list_form_of`).
    form: ListForm | None = None


@dataclass(frozen=True)
class PagedHtml:
    """A printed document as its parts, so a long one is laid out a few pages at a time.

    ``head`` is the HTML before the body (``<!DOCTYPE html>...</head>``, its title and style
    sheet); ``blocks`` the body's pieces in order, each kept whole on paper, made as they are
    asked for and read once. With ``page_break`` (the attributes of the ``<div>`` that starts a
    new sheet of paper) each block is a page of its own. ``landscape``: printed across the
    page. The shared printing lays it out (:func:`eote_ref.ui.printing.write_document`).
    """

    head: str
    blocks: Iterable[str]
    page_break: str | None = None
    landscape: bool = False

    def html(self) -> str:
        """The whole document as one HTML page (a print preview's, a web browser's)."""
        if self.page_break is None:
            body = "".join(self.blocks)
        else:
            body = "".join(
                f"<div{self.page_break if i else ''}>{block}</div>"
                for i, block in enumerate(self.blocks)
            )
        return f"{self.head}<body>{body}</body></html>"


@dataclass(frozen=True)
class PrintedReport:
    """A game's after-action report as its pack writes it, around a chart the printing draws.

    ``summary`` is the battle's summary (:class:`~eote_ref.referee.summary.BattleSummary`:
    its sides, turns and ``losses_per_turn``), from which the printing draws the hits taken
    per turn; ``document(chart)`` is the report with that chart's image at ``chart`` (a
    resource's name or a ``data:`` URI; None: no chart).
    """

    name: str
    summary: Any
    document: Callable[[str | None], PagedHtml]


@dataclass(frozen=True)
class PrintedSheets:
    """The printed sheets of a pack whose games the referee's own game service runs (EotE's).

    Each returns its document for the shared printing to lay out (a pack with declared play
    prints through ``Pack.game_sheets`` and its army list's schema instead):

    * ``list_record_sheets(army_list, rules, figure_scale, title)``: the record sheets of an
      army list of the shared format, a page at a time (a big list makes many);
    * ``game_record_sheets(game, title)``: those of a game's divisions, markers as they
      stand, a page at a time;
    * ``quick_reference(rules, figure_scale)``: the quick reference, one whole HTML page;
    * ``report(game)``: the after-action report of a game from its journal.

    ``title`` is the document's own title (``Borodino — record sheets``).
    """

    list_record_sheets: Callable[[Any, Any, str, str], PagedHtml]
    game_record_sheets: Callable[[Any, str], PagedHtml]
    quick_reference: Callable[[Any, str], str]
    report: Callable[[Any], PrintedReport]


def own_else_default(
    own: str | None, default: str | None, nation: str, list_nation: str
) -> str | None:
    """A unit's starting formation: its own, else its arm's default (None when neither is)."""
    return own or default or None


@dataclass(frozen=True)
class UnitModelSpec:
    """A pack's unit model as data: the words its army lists and its game rows write.

    ``arms`` and ``levels`` (the command levels, highest first: the first is the top
    command's) in the order the lists give them; ``manoeuvre_levels`` are the levels whose
    commands hold units and carry a division's state; ``weights`` the guns' weights an arm may
    carry. ``formations_by_arm`` the formations the rules let each arm take. The fields after
    it are what the shared army-list format (:mod:`eote_ref.armylists`) checks a list's
    words against. ``starting_formation`` takes a unit's own formation, its arm's default, its
    nation and its list's nation and returns the formation it starts the game in (None:
    none), which may be a rule of the pack's (EotE 5.3.6: an ally's default French assault
    column is a plain column).
    """

    arms: tuple[str, ...]
    levels: tuple[str, ...]
    manoeuvre_levels: frozenset[str]
    weights: tuple[str, ...] = ()
    starting_formation: Callable[[str | None, str | None, str, str], str | None] = own_else_default
    #: The formations each arm may take in play, in the pack's order (an arm not named: none).
    formations_by_arm: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Every formation word, in the pack's order (what a list's ``formation:`` may say).
    formations: tuple[str, ...] = ()
    #: The formations a unit of each arm may start a battle in (an arm not named: none).
    start_formations_by_arm: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: Starting formations an arm's default may not name (not every unit of it may take them).
    not_a_default: frozenset[str] = frozenset()
    #: The unit types each arm allows, in the order the list format gives them.
    types_by_arm: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    #: The nation keys the pack knows (an army list's other key loads with a warning).
    nations: frozenset[str] = frozenset()
    #: The arms whose units carry one of :attr:`weights` (and howitzers): EotE's artillery.
    gun_arms: frozenset[str] = frozenset()

    @property
    def unit_types(self) -> tuple[str, ...]:
        """Every unit type of every arm, each once, in the order :attr:`types_by_arm` gives."""
        return tuple(dict.fromkeys(t for types in self.types_by_arm.values() for t in types))

    def rank(self, level: str) -> int:
        """The height of ``level`` in the command tree, for ordering only.

        The manoeuvre levels are 1; each level above them one more than the next one down
        (EotE: army 4 > wing 3 > corps 2 > division = brigade 1). An unknown level is 0.
        """
        if level in self.manoeuvre_levels:
            return 1
        if level not in self.levels:
            return 0
        below = self.levels[self.levels.index(level) :]
        return 1 + sum(1 for lv in below if lv not in self.manoeuvre_levels)

    def is_manoeuvre(self, level: str) -> bool:
        """True for a level whose commands hold units (EotE's divisions and brigades)."""
        return level in self.manoeuvre_levels


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
    #: Its units' and commands' words as the store and the list layer read them (None: the
    #: pack keeps its units in its own list format and game rows).
    unit_model: UnitModelSpec | None = None
    #: Notes printed under its reference sheet (the marks, what the tables leave out).
    reference_notes: tuple[str, ...] = ()
    #: The printed sheets of a game in progress, by title (``record sheets``): each takes the
    #: game's state (:class:`~eote_ref.packs.play.PlayState`), the pack's rules and where
    #: the game is ("turn 2, round 3 of 6") and returns a whole HTML document.
    game_sheets: Mapping[str, Callable[[Any, Any, str], str]] = field(default_factory=dict)
    #: Its turn: phases or rounds, their labels, sections and steps, what a new turn resets.
    turn: TurnSpec | None = None
    #: The markers each unit carries, in the order the players' display words them.
    unit_markers: tuple[MarkerSpec, ...] = ()
    #: The markers each leader carries (an AVlE General killed or captured); empty when the
    #: pack keeps its leaders' state in its own way (EotE's are columns).
    leader_markers: tuple[MarkerSpec, ...] = ()
    #: The tables a club may type (a house table file, ``source: house``); None: none.
    house_tables: HouseTablesSpec | None = None
    #: Its record sheets, quick reference and after-action report when the referee's own game
    #: service runs its games (EotE's), given by a function that imports them when something
    #: is printed, so the declaration loads none of them; None: it has none of these.
    printed_sheets: Callable[[], PrintedSheets] | None = None

    def unit_marker(self, name: str) -> MarkerSpec:
        return _named(self.unit_markers, name)

    def leader_marker(self, name: str) -> MarkerSpec:
        return _named(self.leader_markers, name)

    def procedure(self, name: str) -> ProcedureSpec:
        try:
            return self.procedures[name]
        except KeyError:
            known = ", ".join(self.procedures)
            raise KeyError(f"unknown procedure '{name}' (known: {known})") from None

    def option_defaults(self) -> dict[str, OptionValue]:
        return {name: spec.default for name, spec in self.options.items()}


def _named(markers: tuple[MarkerSpec, ...], name: str) -> MarkerSpec:
    for spec in markers:
        if spec.name == name:
            return spec
    known = ", ".join(m.name for m in markers)
    raise KeyError(f"unknown marker '{name}' (known: {known})")
