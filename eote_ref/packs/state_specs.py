"""A pack's turn (phases, rounds, what a new turn resets) and its units' markers, as data.

Split from :mod:`eote_ref.packs.declaration` (which re-exports every name) because the app's
first window reads EotE's turn and markers (:mod:`eote_ref.packs.eote.turn`,
:mod:`eote_ref.packs.eote.markers`) before anything else of a pack is needed: it paints
without the rest of the declaration, its dice and its tables. So does the referee's own game
service read what it asks of a pack's procedures (:class:`RefereeSpec`). Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar

#: A marker's value as a unit's ``markers`` hold it (JSON): a count, a flag or a choice.
MarkerValue = int | bool | str | None

#: The kinds of marker: a count of markers, a flag on or off, one of named values.
MARKER_KINDS = ("counter", "flag", "choice")

#: How long a marker lasts: the whole game, the current turn (cleared at a new turn), or the
#: current round of a pack whose turn has rounds (cleared at a new round, so at a new turn).
MARKER_LASTS = ("game", "turn", "round")
#: What a marker says of whether the unit is on the map: nothing, off while the flag is set
#: (eliminated), or off until the game's turn reaches the value (the turn it arrives).
MARKER_OFF_MAP = ("", "while_set", "until_turn")


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
    marker cleared back to its default when a new turn starts, ``round`` for one cleared when
    a new round starts (a pack whose turn has rounds); ``carried_to`` names a marker
    that takes this one's value at a new turn, before it is cleared. ``limits`` gives a
    counter's most by unit type (an AVlE unit's elements, its type's own) over ``limit``;
    ``off_map`` says the unit is off the map while this flag is set (``while_set``) or until
    the game's turn reaches this value (``until_turn``): the dashboard greys it out.
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
    #: A counter's most by unit type, ``(type, most)`` pairs, over :attr:`limit`.
    limits: tuple[tuple[str, int], ...] = ()
    off_map: str = ""

    def __post_init__(self) -> None:
        if self.kind not in MARKER_KINDS:
            raise ValueError(f"marker {self.name!r}: kind {self.kind!r} not in {MARKER_KINDS}")
        if self.lasts not in MARKER_LASTS:
            raise ValueError(f"marker {self.name!r}: lasts {self.lasts!r} not in {MARKER_LASTS}")
        if self.off_map not in MARKER_OFF_MAP:
            raise ValueError(
                f"marker {self.name!r}: off_map {self.off_map!r} not in {MARKER_OFF_MAP}"
            )
        if self.limits and self.kind != "counter":
            raise ValueError(f"marker {self.name!r}: only a counter has limits by unit type")

    @property
    def text(self) -> str:
        return self.label or self.name.replace("_", " ")

    def limit_for(self, unit_type: str | None = None) -> int | None:
        """A counter's most for a unit of ``unit_type`` (its type's own, else :attr:`limit`)."""
        if unit_type is not None:
            for kind, most in self.limits:
                if kind == unit_type:
                    return most
        return self.limit

    def keeps_off_map(self, value: MarkerValue, turn: int) -> bool:
        """Whether a unit with this value is off the map on turn ``turn`` (:attr:`off_map`)."""
        if self.off_map == "while_set":
            return bool(value)
        if self.off_map == "until_turn":
            return isinstance(value, int) and not isinstance(value, bool) and value > turn
        return False

    def check(self, value: MarkerValue, unit_type: str | None = None) -> str | None:
        """Why ``value`` cannot be this marker's (on a unit of ``unit_type``), or None."""
        if self.kind == "flag":
            return None if isinstance(value, bool) else f"{self.text} is on or off"
        if self.kind == "counter":
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                return f"{self.text} is a count of 0 or more"
            most = self.limit_for(unit_type)
            if most is not None and value > most:
                return f"{self.text}: at most {most}"
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


def cleared_markers(markers: tuple[MarkerSpec, ...], *, new_turn: bool) -> tuple[str, ...]:
    """The markers a new round clears (``lasts="round"``), and a new turn's too with ``new_turn``.

    A new turn is a new round as well: it clears the round's markers and the turn's.
    """
    lasting = ("round", "turn") if new_turn else ("round",)
    return tuple(m.name for m in markers if m.lasts in lasting)


def off_map(markers: tuple[MarkerSpec, ...], values: Mapping[str, Any], turn: int) -> bool:
    """Whether a row whose markers are ``values`` is off the map on turn ``turn``."""
    return any(m.keeps_off_map(values.get(m.name, m.default), turn) for m in markers if m.off_map)


_CITED = re.compile(r"\(([^()]*\d[^()]*)\)$")
_SECTION = re.compile(r"\d+(?:\.\d+)*")


@dataclass(frozen=True)
class PhaseSpec:
    """One phase of a pack's turn (or one step of its rounds), as the turn guide shows it.

    ``key`` is what the game's ``phase`` column stores; ``label`` the phase's name as the umpire
    says it and ``short`` the name on the turn bar; ``rule`` the section governing it; ``steps``
    what happens in it, in the project's words, each ending with the sections it follows in
    brackets (a distance in listed inches, which the app shows at the game's figure scale).
    """

    key: str
    label: str
    rule: str
    steps: tuple[str, ...]
    short: str = ""

    @property
    def short_label(self) -> str:
        return self.short or self.label

    @property
    def sections(self) -> tuple[str, ...]:
        """The governing section, then every section the steps cite, each once, in order."""
        out = [self.rule]
        for step in self.steps:
            cited = _CITED.search(step)
            if cited:
                out += _SECTION.findall(cited.group(1))
        return tuple(dict.fromkeys(out))


#: What a new turn (or round) does to a piece of state: ``clear`` it, ``tick`` a count down
#: by one (what reaches 0 takes effect), ``keep`` its value in ``into`` before it is cleared,
#: ``reset`` it to ``to``, ``deal`` it anew by the rule cited (a hand of cards).
TurnAction = Literal["clear", "tick", "keep", "reset", "deal"]


@dataclass(frozen=True)
class TurnChange:
    """A piece of game-level state that clears or ticks when a new turn or round starts.

    ``state`` names it: a column of the game (``initiative``), a table of the turn's rows
    (``game_fact``), a command's (``game_command.pending_order_turns``), or a key of the
    game's or a side's ``pack_state`` (``pack_state.round``, ``side.pack_state.hand``).
    Per-unit state is the markers' (their own ``lasts a turn``), not listed here.
    """

    state: str
    action: TurnAction
    rule: str
    summary: str
    into: str | None = None
    to: int | str | None = None


@dataclass(frozen=True)
class TurnSpec:
    """A pack's turn: its phases in order, repeated ``rounds`` times, and what a new one resets.

    EotE plays seven phases once a turn (``rounds`` 1); AVlE plays four steps in each of six
    rounds. ``turns`` is the length of a battle when the rules fix one (None: the scenario's).
    ``new_turn`` and ``new_round`` list what clears or ticks as a turn, or a round within a
    turn, starts.
    """

    rule: str
    phases: tuple[PhaseSpec, ...]
    rounds: int = 1
    turns: int | None = None
    time: str = ""
    new_turn: tuple[TurnChange, ...] = ()
    new_round: tuple[TurnChange, ...] = ()
    round_label: str = "round"

    def __post_init__(self) -> None:
        keys = [p.key for p in self.phases]
        if not keys or len(set(keys)) != len(keys):
            raise ValueError(f"a turn needs phases with distinct keys, not {keys}")
        if self.rounds < 1:
            raise ValueError("a turn has at least one round")

    @property
    def keys(self) -> tuple[str, ...]:
        """The phases' keys in turn order."""
        return tuple(p.key for p in self.phases)

    def phase(self, key: str | None) -> PhaseSpec:
        """The phase stored as ``key`` (an empty value is the first); KeyError names the known."""
        if not key:
            return self.phases[0]
        for p in self.phases:
            if p.key == key:
                return p
        raise KeyError(f"unknown phase '{key}' (known: {', '.join(self.keys)})")

    def number(self, key: str) -> int:
        """1.. of the phase in its round."""
        return self.keys.index(self.phase(key).key) + 1

    def after(self, key: str, round_: int = 1) -> tuple[str, int, bool]:
        """The phase and round after ``key`` of round ``round_``, and whether a new turn starts."""
        i = self.keys.index(self.phase(key).key)
        if i + 1 < len(self.phases):
            return self.phases[i + 1].key, round_, False
        if round_ < self.rounds:
            return self.phases[0].key, round_ + 1, False
        return self.phases[0].key, 1, True

    def heading(self, turn: int, key: str, round_: int = 1) -> str:
        """Where the game stands, as the turn guide heads it: ``Turn 2, round 3 of 6 · Orders``."""
        where = f"Turn {turn}"
        if self.rounds > 1:
            where += f", {self.round_label} {round_} of {self.rounds}"
        return f"{where} · {self.phase(key).label}"


#: A pack's own rules object (EotE's ``Ruleset``), as its procedures take it.
RulesT = TypeVar("RulesT")


@dataclass(frozen=True)
class RefereeSpec(Generic[RulesT]):
    """What the referee's own game service asks of a pack whose checks are its own (EotE's).

    What only the pack's procedures know, as hooks the shared service calls for the game's
    pack (:mod:`eote_ref.referee.game`): declared apart from the pack's declaration and read
    through a registry ``module:NAME`` line, because the first window reads a game's
    divisions and the morale checks due before any procedure is loaded. A hook that needs a
    procedure imports it when first called.
    """

    #: The command levels whose commands hold units and carry a division's state.
    division_levels: frozenset[str]
    #: Whether a unit with ``hits``, of the threshold ``threshold``, routed or not, is due a
    #: morale check: ``morale_due(hits, threshold, routed)``.
    morale_due: Callable[[int, int, bool], bool]
    #: The orders a division may hold, as the umpire types them (upper case).
    orders: Callable[[], tuple[str, ...]]
    #: The rating of a killed leader's replacement under the rules object.
    replacement_rating: Callable[[RulesT], int]
    #: A club's ruleset file (``--ruleset FILE``) read as the rules object (None: the
    #: shipped one).
    load_rules_file: Callable[[str | None], RulesT]
