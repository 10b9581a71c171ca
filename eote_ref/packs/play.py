"""A pack's play declared as data: its set-up, its game state, its checks, what falls due.

The shared referee (:mod:`eote_ref.referee.pack_play`) runs a game of any pack through this
vocabulary and names no pack; a pack gives one :class:`Play` (``eote_ref.packs.<id>.play``,
found by :func:`eote_ref.packs.registry.get_play`):

* :attr:`Play.setup` turns the pack's army lists into a :class:`Plan` (sides, commands,
  leaders, units, each with its pack state), which the store writes as a new game;
* the game is read back as a :class:`PlayState`: plain rows whose ``markers`` and
  ``pack_state`` hold what the pack keeps (keys of the pack's own names);
* each :class:`CheckSpec` is one check of the shared adjudication loop: its questions
  (:class:`~eote_ref.packs.questions.Question`, every pack's, pre-filled from the state),
  the situation of its procedure, the changes of its outcome (:class:`Put`: one key of one
  row) and the journal's line; one check is one journal step, undone as one;
* :attr:`Play.due` lists what falls due now (the turn guide's items, :class:`Due`).

Standard library only.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any, Literal

from eote_ref.packs.questions import Question

if TYPE_CHECKING:
    from eote_ref.packs.declaration import TurnSpec

#: The rows a pack keeps state on: the game's and a side's ``pack_state``, a unit's and a
#: leader's ``markers``.
Entity = Literal["game", "side", "unit", "leader"]
#: Columns every pack shares and a pack may set (the game's turn and its phase's label, a
#: unit's leader attached and its command: an AVlE reinforcement enters a sector).
SHARED_COLUMNS: Mapping[Entity, frozenset[str]] = {
    "game": frozenset({"turn", "phase"}),
    "unit": frozenset({"attached_leader_id", "command_id"}),
}


@dataclass(frozen=True)
class Put:
    """Set one key of one row's pack state (None removes the key).

    ``column`` names a shared column (:data:`SHARED_COLUMNS`) instead of a key.
    """

    entity: Entity
    row_id: int
    key: str
    value: Any
    column: bool = False


def possessive(name: str) -> str:
    """``name`` owning what follows: ``French's``, ``Prussians'`` (a plural's s takes ``'``).

    The one place a side's name (or a unit's) is made possessive in the packs' and the
    referee's words: ``f"{possessive(side.name)} player turn"``.
    """
    return f"{name}'" if name.endswith(("s", "S")) else f"{name}'s"


# ----------------------------------------------------------------------------- set-up
@dataclass(frozen=True)
class PlanUnit:
    """A unit of a new game: its order-of-battle words and its starting markers."""

    name: str
    arm: str
    type: str
    nation: str
    markers: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlanLeader:
    """A leader of a new game; ``attached`` names a unit of the same side, if any."""

    name: str
    level: str
    markers: Mapping[str, Any] = field(default_factory=dict)
    attached: str | None = None


@dataclass(frozen=True)
class PlanCommand:
    """A command of a new game (an EotE division, an AVlE sector) with its units and leaders."""

    name: str
    level: str
    units: tuple[PlanUnit, ...] = ()
    leaders: tuple[PlanLeader, ...] = ()


@dataclass(frozen=True)
class PlanSide:
    """A side of a new game: its name, the lists it came from, its state and its commands."""

    name: str
    army_lists: tuple[str, ...]
    commands: tuple[PlanCommand, ...]
    pack_state: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class PlayBattle:
    """A battle ready to start: a scenario of the pack with the army lists it is played with.

    ``sides`` pairs each side's name with its shipped list files (in ``army_lists/<pack>/``);
    ``scenario`` is one of :attr:`Play.scenarios` (its victory conditions); ``kind`` says
    whose set-up it is: ``text`` (the rules text's own order of battle and hexes) or
    ``historical`` (lists drawn from the history, with the scenario's victory).
    """

    title: str
    scenario: str
    sides: tuple[tuple[str, tuple[str, ...]], ...]
    kind: Literal["text", "historical"] = "text"


@dataclass(frozen=True)
class ScenarioSection:
    """What a pack adds to the shared scenario format: its ``pack:`` section (issue 33).

    ``section`` is a frozen dataclass the shared typed parser reads at the scenario's
    ``pack:`` key (an unknown key refused at its file:line:column, as every key). ``check``
    takes the parsed section and each side's lists as ``(file name as the scenario writes
    it, typed list)`` (in the file's order) and
    returns the problems the parse cannot see, each as ``(path, message)`` with ``path``
    from the scenario's root (``("pack", "hexes", "Unit")``, ``("sides", 1, "lists", 0)``).
    ``scenario`` gives the play's scenario key (one of :attr:`Play.scenarios`, or None) and
    ``options`` the pack options the scenario sets; ``kind`` says whose set-up it is
    (``text``: the rules text's own; ``historical``); ``adjust`` changes the plan the
    play's set-up made (set-up hexes given in the scenario).
    """

    section: type[Any]
    check: Callable[
        [Any, Sequence[Sequence[tuple[str, Any]]]], list[tuple[tuple[str | int, ...], str]]
    ]
    scenario: Callable[[Any], str | None]
    options: Callable[[Any], Mapping[str, Any]] = lambda section: {}
    kind: Callable[[Any], Literal["text", "historical"]] = lambda section: "text"
    adjust: Callable[[Plan, Any], Plan] = lambda plan, section: plan
    #: The battle's length in turns the pack plays for this section (None: any); a
    #: scenario's ``end: {turns: N}`` of another length is refused, the game could not keep it.
    turns: Callable[[Any], int | None] = lambda section: None


@dataclass(frozen=True)
class Plan:
    """A new game of a pack, as the store writes it in one transaction."""

    ruleset: str
    ruleset_version: str
    phase: str
    sides: tuple[PlanSide, ...]
    pack_state: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] = field(default_factory=dict)
    #: The scenario file the game was made from (``{"source": its text, "file": its name}``),
    #: kept in the game's ``scenario`` column so that ``scenario export`` writes it back.
    scenario: Mapping[str, Any] = field(default_factory=dict)


# ----------------------------------------------------------------------------- state
@dataclass(frozen=True)
class UnitState:
    """A unit: its order-of-battle words and its markers."""

    id: int
    side_id: int
    command_id: int
    name: str
    arm: str
    type: str
    nation: str
    markers: Mapping[str, Any]
    #: The leader attached to the unit (the shared column ``attached_leader_id``).
    attached_leader_id: int | None = None
    #: The unit's short code (``F3``) when the game gave it one, else "".
    code: str = ""

    @property
    def label(self) -> str:
        """The unit as a check names its subject: its code (if any) and its name."""
        return f"{self.code} {self.name}" if self.code else self.name


@dataclass(frozen=True)
class LeaderState:
    """A leader (an AVlE General): his markers and the unit he is attached to."""

    id: int
    side_id: int
    command_id: int
    name: str
    level: str
    markers: Mapping[str, Any]
    #: The unit he is attached to, if any (read from the units' ``attached_leader_id``).
    attached_unit_id: int | None = None


@dataclass(frozen=True)
class CommandState:
    """A command (an EotE division, an AVlE sector)."""

    id: int
    side_id: int
    name: str
    level: str


@dataclass(frozen=True)
class SideState:
    """A side and its pack state."""

    id: int
    position: int
    name: str
    pack_state: Mapping[str, Any]


@dataclass(frozen=True)
class PlayState:
    """A game of a pack as its checks read it (every row, plain and frozen)."""

    game_id: int
    name: str
    ruleset: str
    turn: int
    phase: str
    options: Mapping[str, Any]
    pack_state: Mapping[str, Any]
    sides: tuple[SideState, ...]
    commands: tuple[CommandState, ...]
    leaders: tuple[LeaderState, ...]
    units: tuple[UnitState, ...]

    def unit(self, unit_id: int) -> UnitState:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise PlayError(f"there is no unit {unit_id} in this game")

    def leader(self, leader_id: int) -> LeaderState:
        for g in self.leaders:
            if g.id == leader_id:
                return g
        raise PlayError(f"there is no leader {leader_id} in this game")

    def side(self, side_id: int) -> SideState:
        for s in self.sides:
            if s.id == side_id:
                return s
        raise PlayError(f"there is no side {side_id} in this game")

    def command(self, command_id: int) -> CommandState:
        for c in self.commands:
            if c.id == command_id:
                return c
        raise PlayError(f"there is no command {command_id} in this game")

    def other_side(self, side_id: int) -> SideState:
        return next(s for s in self.sides if s.id != side_id)

    def units_of(self, side_id: int) -> list[UnitState]:
        return [u for u in self.units if u.side_id == side_id]

    def leaders_of(self, side_id: int) -> list[LeaderState]:
        return [g for g in self.leaders if g.side_id == side_id]

    def with_puts(self, puts: Sequence[Put]) -> PlayState:
        """The state with ``puts`` made (None removes a key), as the store would write them.

        A batch reads each target's check on the state its earlier targets left.
        """
        state = self
        for put in puts:
            state = _with_put(state, put)
        return state


class PlayError(ValueError):
    """A check or set-up a pack refuses, in words."""


def _set_key(values: Mapping[str, Any], key: str, value: Any) -> dict[str, Any]:
    out = dict(values)
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def _with_put(state: PlayState, put: Put) -> PlayState:
    """``state`` with one :class:`Put` made (a key of the row's state, or a shared column)."""

    def changed(row: Any, values: str) -> Any:
        if put.column:
            return replace(row, **{put.key: put.value})
        return replace(row, **{values: _set_key(getattr(row, values), put.key, put.value)})

    if put.entity == "game":
        game: PlayState = changed(state, "pack_state")
        return game
    if put.entity == "unit" and put.column and put.key == "attached_leader_id":
        was = next((u.attached_leader_id for u in state.units if u.id == put.row_id), None)
        state = replace(
            state,
            leaders=tuple(
                replace(g, attached_unit_id=put.row_id)
                if g.id == put.value
                else replace(g, attached_unit_id=None)
                if g.id == was and g.attached_unit_id == put.row_id
                else g
                for g in state.leaders
            ),
        )
    rows, values = {
        "side": ("sides", "pack_state"),
        "unit": ("units", "markers"),
        "leader": ("leaders", "markers"),
    }[put.entity]
    made: dict[str, Any] = {
        rows: tuple(changed(r, values) if r.id == put.row_id else r for r in getattr(state, rows))
    }
    return replace(state, **made)


# ----------------------------------------------------------------------------- checks
@dataclass(frozen=True)
class Ctx:
    """What a check's functions read: the game, the target, the answers, the pack's rules."""

    state: PlayState
    target: Mapping[str, Any]
    answers: Mapping[str, Any]
    rules: Any
    #: The pack's declared turn (:class:`~eote_ref.packs.declaration.TurnSpec`), if any.
    turn: TurnSpec | None = None


@dataclass(frozen=True)
class Veil:
    """A check's journal line as a player reads it who may not see what the pack fogs.

    ``words``: the line without the figures built on a key of :attr:`Play.fog` (a unit's
    steps or elements, the losses it took, a value worked out from them), with what the
    table sees happen anyway kept (a unit removed, routed, disorganized, falling back, a
    check that follows). ``sides``: the ids of the sides whose fogged keys the whole line
    gives away; empty: the side of the check's subject (or of its target side).
    """

    words: str
    sides: tuple[int, ...] = ()


@dataclass(frozen=True)
class CheckSpec:
    """One check a pack declares for the shared adjudication loop.

    ``procedure`` is a procedure of the pack's declaration, or None for a check that rolls
    nothing and only records (an order given); ``target`` is what it needs in hand
    (``unit_id``, ``leader_id``, ``side_id``, or nothing for the game). ``changes`` and
    ``summary`` take the outcome (None when there is no procedure).
    """

    key: str
    title: str
    rule: str
    procedure: str | None
    target: Literal["unit", "leader", "side", "game"]
    questions: Callable[[Ctx], list[Question]]
    situation: Callable[[Ctx], Any]
    changes: Callable[[Ctx, Any], list[Put]]
    summary: Callable[[Ctx, Any], str]
    #: Labels of the dice the procedure reads, by roll name (``roll``: "to hit d10").
    dice_labels: Callable[[Ctx], Mapping[str, str]] = lambda ctx: {}
    #: ``reading(ctx, outcome)``: the outcome as the check reads it, line by line, where a
    #: base and its modifiers summed mean nothing (a victory's losses against each side's
    #: count). Empty: the wizard shows the base, the modifiers and the modified value.
    reading: Callable[[Ctx, Any], list[str]] = lambda ctx, outcome: []
    #: ``subject(ctx)``: the unit or leader the check acts with when its target does not name
    #: one (an order opened on a side: the unit chosen), as ``("unit" | "leader", id)``;
    #: None while none is chosen. A target naming a unit or a leader is always the subject.
    subject: Callable[[Ctx], tuple[str, int] | None] = lambda ctx: None
    #: The checks the screen offers on the subject once this one is applied (an order's
    #: unit fires, shocks or rallies next); those that would refuse it are left out.
    then: tuple[str, ...] = ()
    #: Whether the check may be done for several targets of its kind (``unit`` or
    #: ``leader``) of one side in one journal step, a *batch*: each target keeps its own
    #: questions, dice and changes, applied one after another, and one undo takes them all
    #: back. Only for a check whose targets do not decide one another's result.
    batch: bool = False
    #: The scenarios (keys of :attr:`Play.scenarios`) whose own check this is (Quatre Bras's
    #: control of the crossroads): a game set up as another has it not (:meth:`Play.offered`).
    #: Empty: a check of every game of the pack.
    scenarios: tuple[str, ...] = ()
    #: ``veiled(ctx, outcome)``: the journal line under fog of war (:class:`Veil`), for a
    #: player who may not see the fogged keys of the sides it names; None: the line gives
    #: away nothing the pack fogs and every player reads it whole.
    veiled: Callable[[Ctx, Any], Veil | None] = lambda ctx, outcome: None


@dataclass(frozen=True)
class Due:
    """A turn-guide item: a check that falls due now, with its target."""

    check: str
    label: str
    rule: str
    target: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class CampaignEntry:
    """One piece of an army list a campaign keeps losses for: a unit or a leader.

    ``group`` is where it stands in the list (an EotE division, an AVlE sector), ``strength``
    its size at full strength in the pack's own measure (an AVlE unit's elements; 0 for a
    leader), ``leader`` whether it is a leader (matched to the game's leaders, not units).
    """

    name: str
    group: str
    arm: str
    strength: int
    leader: bool = False


@dataclass(frozen=True)
class Carried:
    """What a campaign piece carries into a battle: the losses kept, lost for good or not."""

    lost: int = 0
    destroyed: bool = False


@dataclass(frozen=True)
class PieceResult:
    """What one battle did to one piece of a game (a unit or a leader).

    ``taken``: the losses taken in this battle, in the pack's measure (elements); ``destroyed``
    lost for good (an AVlE unit eliminated, a General killed or captured); ``counted`` whether
    it counts as a unit lost in the battle's tally.
    """

    taken: int
    destroyed: bool
    counted: bool


@dataclass(frozen=True)
class CampaignPlay:
    """How a pack's games serve as campaign battles; the shared campaign code reads only this.

    * ``victory_levels``: the levels a battle's result may take, best first, ``draw`` among
      them (the level with no winner);
    * ``roster(army_list, rules)``: the pieces of an army list a campaign keeps losses for;
    * ``for_battle(army_list, carried, rules)``: the army list a battle is set up with, given
      what each piece carries (by piece name): the pieces lost for good left out, the losses
      kept put on;
    * ``result(state)``: the game's result as ``(level, winner's side position or None)``,
      None while the battle is not decided;
    * ``losses(state)``: what the battle did to each piece, by ``("unit"|"leader", row id)``.
    """

    victory_levels: tuple[str, ...]
    draw: str
    roster: Callable[[Any, Any], list[CampaignEntry]]
    for_battle: Callable[[Any, Mapping[str, Carried], Any], Any]
    result: Callable[[PlayState], tuple[str, int | None] | None]
    losses: Callable[[PlayState], Mapping[tuple[str, int], PieceResult]]
    #: The heading of a campaign unit's strength (``ce`` of its row) and of its group.
    strength: str = "Strength"
    group: str = "Group"
    #: The losses a campaign unit keeps, in words: one and several; a side's losses in a
    #: battle, as a column heading and as a phrase (``Elements``, ``elements lost``).
    measure: tuple[str, str] = ("loss", "losses")
    column: str = "Losses"
    taken: str = "losses"
    #: The unit marker whose changes in the journal are the losses taken per turn, and the
    #: sign of a loss (``("elements", -1)``: an element lost is one less); None: not read.
    journal_losses: tuple[str, int] | None = None


@dataclass(frozen=True)
class FogKey:
    """One key of a row's pack state that fog of war hides from the side it does not belong to.

    ``entity`` is the row (a side's ``pack_state``, a unit's or a leader's ``markers``),
    ``key`` its key; ``rule`` the section that makes it hidden and ``source`` whether the
    text says so (``text``) or the pack chose it (``house``: the text hides nothing, a club
    playing with fog hides it), with ``why`` in words for the View menu's tip.
    """

    entity: Literal["side", "unit", "leader"]
    key: str
    rule: str
    source: Literal["text", "provisional", "house"] = "house"
    why: str = ""


@dataclass(frozen=True)
class Play:
    """A pack's play: set-up, checks, what falls due and how its turn reads."""

    pack: str
    ruleset: str
    #: ``setup(sides, rules, scenario)``: sides as ``(name, [(file name, army list), ...])``,
    #: ``scenario`` one of the pack's :attr:`scenarios` or None (a battle of the lists alone).
    setup: Callable[[Sequence[tuple[str, Sequence[tuple[str, Any]]]], Any, str | None], Plan]
    checks: Mapping[str, CheckSpec]
    due: Callable[[PlayState, Any], list[Due]]
    #: The pack's own words after the declared turn's heading (a victory won), or "".
    turn_label: Callable[[PlayState], str]
    #: ``words(state, put, rules)``: a change in the umpire's words ("" for bookkeeping;
    #: None: the shared plain words).
    words: Callable[[PlayState, Put, Any], str | None] = lambda state, put, rules: None
    #: ``state_words(key, value, rules)``: one key of a side's state as the screens, the
    #: players' display and ``game show`` word it ("" leaves it out; None: the shared plain
    #: words). The pack names its own values here (its cards, its dice faces).
    state_words: Callable[[str, Any, Any], str | None] = lambda key, value, rules: None
    #: ``unit_type_words(unit_type, rules)``: a unit's type as the screens name it (the
    #: pack's title for it: ``dragoons or lancers``); None: its key in plain words.
    unit_type_words: Callable[[str, Any], str | None] = lambda unit_type, rules: None
    #: ``option_words(text, rules)``: a note or a line naming an option by its keys
    #: (``option NAME=VALUE``) worded from the pack's declared options.
    option_words: Callable[[str, Any], str] = lambda text, rules: text
    #: Keys of the pack state the players' display never shows (a hand of cards), by row.
    hidden: Mapping[str, frozenset[str]] = field(default_factory=dict)
    #: Keys fog of war hides from the other side (View → Fog of war), each with its source;
    #: none: the game's fog hides nothing of this pack.
    fog: tuple[FogKey, ...] = ()
    #: What the fog hides, as the View menu and the players' display word it (``elements``).
    fog_words: str = "hidden state"
    #: The scenarios a game may be set up as (their victory conditions), by key: title.
    scenarios: Mapping[str, str] = field(default_factory=dict)
    #: ``scenario_refusal(scenario, sides)``: why the sides' army lists (each side's list of
    #: loaded lists) do not fit ``scenario``, in words, or None when they do.
    scenario_refusal: Callable[[str, Sequence[Sequence[Any]]], str | None] = (
        lambda scenario, sides: None
    )
    #: ``edit_refusal(state, put, rules)``: why the umpire may not set this by hand (the
    #: dashboard's edits), or None when he may. By default nothing is set by hand.
    edit_refusal: Callable[[PlayState, Put, Any], str | None] = lambda state, put, rules: (
        "nothing is set by hand in this pack"
    )
    #: How a game of the pack is a campaign's battle (None: it cannot be one).
    campaign: CampaignPlay | None = None
    #: The battles ready to start (a scenario with its shipped lists), by key; a pack with
    #: a :attr:`scenario_section` ships them as scenario files instead.
    battles: Mapping[str, PlayBattle] = field(default_factory=dict)
    #: What the pack adds to the shared scenario format (None: its scenarios are not files).
    scenario_section: ScenarioSection | None = None
    #: ``scenario_of(state)``: the key of the scenario the game was set up as (one of
    #: :attr:`scenarios`), or None for a battle of the lists alone.
    scenario_of: Callable[[PlayState], str | None] = lambda state: None
    #: ``acting_side(state)``: the id of the side whose turn it is, as the game's turn says
    #: (VlE's player turn, II: its rally phase is that player's), or None when the turn is
    #: both sides' (AVlE's rally, 12.0): a batch is made for that side, not the selection's.
    acting_side: Callable[[PlayState], int | None] = lambda state: None

    def offered(self, state: PlayState) -> dict[str, CheckSpec]:
        """The checks a game in ``state`` has, by key: a scenario's own only in that scenario."""
        scenario = self.scenario_of(state)
        return {
            key: spec
            for key, spec in self.checks.items()
            if not spec.scenarios or scenario in spec.scenarios
        }

    def players_state(self, state: PlayState, fogged: Collection[int] = ()) -> PlayState:
        """``state`` as the players' display shows it: the hidden keys of each row taken out.

        A hidden list's length is kept as ``KEY_count``: how many cards in a hand, not which.
        ``fogged`` names the sides (ids) whose :attr:`fog` keys the viewer may not see: those
        are taken out of the side's row and of its units' and leaders' (count and all).
        """
        fog: dict[str, set[str]] = {}
        for f in self.fog:
            fog.setdefault(f.entity, set()).add(f.key)

        def shown(entity: str, values: Mapping[str, Any], side_id: int | None) -> dict[str, Any]:
            out = dict(values)
            if side_id is not None and side_id in fogged:
                for key in fog.get(entity, ()):
                    out.pop(key, None)
            for key in self.hidden.get(entity, frozenset()):
                if key in out:
                    v = out.pop(key)
                    if isinstance(v, list):
                        out[f"{key}_count"] = len(v)
            return out

        return replace(
            state,
            pack_state=shown("game", state.pack_state, None),
            sides=tuple(
                replace(s, pack_state=shown("side", s.pack_state, s.id)) for s in state.sides
            ),
            units=tuple(
                replace(u, markers=shown("unit", u.markers, u.side_id)) for u in state.units
            ),
            leaders=tuple(
                replace(g, markers=shown("leader", g.markers, g.side_id)) for g in state.leaders
            ),
        )

    def check(self, key: str) -> CheckSpec:
        try:
            return self.checks[key]
        except KeyError:
            known = ", ".join(self.checks)
            raise PlayError(f"no check '{key}' in pack {self.pack} (known: {known})") from None


# ----------------------------------------------------------------------------- the turn's changes
def turn_puts(turn: TurnSpec, state: PlayState, *, new_turn: bool) -> list[Put]:
    """What a new round (and, with ``new_turn``, a new turn) changes of the pack state.

    As the pack's :class:`~eote_ref.packs.declaration.TurnSpec` declares it.

    Only the keys of ``pack_state`` (``pack_state.KEY``, ``side.pack_state.KEY``) are the
    pack state's; the other declared state (``game_fact``, a column) is not written here.
    ``keep`` copies the value into ``into``; ``clear`` removes the key; ``reset`` sets ``to``;
    ``tick`` adds 1; ``deal`` removes the key for a check to deal it again (a hand of cards).
    """
    changes = [*turn.new_round, *(turn.new_turn if new_turn else ())]
    out: list[Put] = []
    for change in changes:
        entity, key = _pack_key(change.state)
        if entity is None:
            continue
        rows: list[tuple[Entity, int, Mapping[str, Any]]] = (
            [("game", state.game_id, state.pack_state)]
            if entity == "game"
            else [("side", s.id, s.pack_state) for s in state.sides]
        )
        for kind, row_id, values in rows:
            if change.action == "keep" and change.into is not None:
                _into_entity, into = _pack_key(change.into)
                if into is not None:
                    out.append(Put(kind, row_id, into, values.get(key)))
            elif change.action in ("clear", "deal"):
                out.append(Put(kind, row_id, key, None))
            elif change.action == "reset":
                out.append(Put(kind, row_id, key, change.to))
            elif change.action == "tick":
                out.append(Put(kind, row_id, key, int(values.get(key) or 0) + 1))
    return out


def _pack_key(state: str) -> tuple[Literal["game", "side"] | None, str]:
    for prefix, entity in (("side.pack_state.", "side"), ("pack_state.", "game")):
        if state.startswith(prefix):
            return entity, state[len(prefix) :]  # type: ignore[return-value]
    return None, ""
