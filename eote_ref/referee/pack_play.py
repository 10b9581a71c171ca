"""Games of a pack that declares its play (:mod:`eote_ref.packs.play`): set-up, state, checks.

Names no pack. How the UI (or a script) drives an AVlE game, or any such pack's::

    shipped_pack_lists("avle")               # PackList(path, name, nation, summary)
    game_id = new_pack_game(db, NewPackGame("Quatre Bras", "avle",
                                            {"French": [french_yaml], "Allies": [allied_yaml]}))
    runs_with_play(ruleset_column)           # True for an AVlE game: open it as below
    game = PackGameService(db, game_id)      # the core's undo(), redo(), subscribe()...
    state = game.state()                     # PlayState: sides, sectors, units, Generals with
                                             # their markers and pack_state (plain, frozen)
    game.players_state()                     # the same for the players' display: no hands
    game.turn_label()                        # "Turn 1, round 1 of 6 · Card played"
    for item in game.due():                  # the turn guide: Due(check, label, rule, target)
        check = game.open_check(item.check, **item.target)
    check = game.open_check("fire", unit_id=12)
    check.facts()                            # [Question]: the questions, pre-filled (derived)
    check.set("target_unit", 31)             # answer one (derived answers follow it)
    check.preview()                          # the pack's Outcome: modifiers, odds (no dice)
    trial = check.trial({"roll": 4})         # PackTrial: outcome, or the die still needed
    trial.needed                             # NeededDie(name, label, faces, count) or None
    check.apply({"roll": 4, "effect_roll": 6})   # one journal step; game.undo() reverts it
    batch = open_batch(game, "rally", batch_targets(game, "rally", side_id))  # pack_batch.py

Dice are entered by the names the pack's procedure reads them (``roll``, ``effect_roll``, a
pool as a list of faces: ``{"French_dice": ["flag", "infantry", ...]}``).
"""

from __future__ import annotations

import copy
import dataclasses
import pathlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from eote_ref.packs.dice import Die, Face, Pool, Roller
from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.play import SHARED_COLUMNS, CheckSpec, Ctx, Due, Play, PlayError, Put
from eote_ref.packs.play import PlayState as PlayState
from eote_ref.packs.questions import Question
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.fog import Fog, fog_in, fogged_sides
from eote_ref.referee.game_core import GameCore
from eote_ref.referee.journal_record import CHECKS, RESULT
from eote_ref.referee.pack_fog import check_veil, edit_veil, players_results, veil_inputs
from eote_ref.store.changes import Change, SetField
from eote_ref.yamlio.text import name_problem

if TYPE_CHECKING:
    from eote_ref.packs.declaration import Pack
    from eote_ref.store import Database

#: The store's table of each entity a pack keeps state on, and the JSON column of its keys.
_TABLES: Mapping[str, tuple[str, str]] = {
    "game": ("game", "pack_state"),
    "side": ("game_side", "pack_state"),
    "unit": ("game_unit", "markers"),
    "leader": ("game_leader", "markers"),
}


class PackPlayError(RefereeError):
    """A pack's game or check that cannot go on as asked."""


def _play_of(pack_id: str) -> tuple[Pack, Play]:
    from eote_ref.packs.registry import get_pack, get_play

    play = get_play(pack_id)
    if play is None:
        raise PackPlayError(f"pack {pack_id} has no play declared for the referee")
    return get_pack(pack_id), play


def runs_with_play(ruleset: str) -> bool:
    """Whether a game of this ``ruleset`` column is run by :class:`PackGameService`.

    True for AVlE; an EotE game is run by the checks of ``packs/eote/checks``.
    """
    from eote_ref.packs.registry import PLAYS, RULESETS

    return RULESETS.get(ruleset) in PLAYS


# ----------------------------------------------------------------------------- set-up
@dataclass(frozen=True)
class NewPackGame:
    """A new game of pack ``pack``: ``sides`` maps each side's name to its army-list files."""

    name: str
    pack: str
    sides: Mapping[str, Sequence[pathlib.Path | str]]
    options: Mapping[str, str | int | bool] = field(default_factory=dict)
    #: One of the pack's scenarios (:attr:`~eote_ref.packs.play.Play.scenarios`), whose
    #: victory conditions the game takes; None: the lists' battle with the rules' own.
    scenario: str | None = None


@dataclass(frozen=True)
class PackList:
    """A shipped army list of a pack, as a new-game page offers it."""

    path: pathlib.Path
    name: str
    nation: str
    summary: str


def shipped_pack_lists(pack_id: str) -> list[PackList]:
    """The shipped army lists of pack ``pack_id``, by file name.

    Its folder's ``lists/`` and ``army_lists/<pack>/``
    (:func:`eote_ref.referee.setup.shipped_pack_list_files`).
    """
    from eote_ref.armylists.loader import ArmyListError, load_any_army_list
    from eote_ref.referee.setup import shipped_pack_list_files

    pack, _play = _play_of(pack_id)
    out = []
    for path in shipped_pack_list_files(pack_id):
        try:
            loaded = load_any_army_list(path)
        except ArmyListError:
            continue
        if loaded.pack != pack_id or pack.army_list is None:
            continue
        army = loaded.army_list
        out.append(PackList(path, army.name, army.nation, pack.army_list.summary(army)))
    return out


def new_pack_game(db: Database, spec: NewPackGame) -> int:
    """Check the lists (each of the pack's own format), plan the game, write it; its id.

    Raises:
        PackPlayError: not two sides, a side without lists, a list of another pack, a bad
            option. An army list with errors raises the loader's ``ArmyListError``.
    """
    from eote_ref.armylists.loader import load_any_army_list

    _play_of(spec.pack)
    if len(spec.sides) != 2:
        raise PackPlayError("a game has two sides")
    if not spec.name.strip():
        raise PackPlayError("give the game a name")
    sides: dict[str, list[tuple[str, Any]]] = {}
    for side, files in spec.sides.items():
        if not files:
            raise PackPlayError(f"{side} needs at least one army list")
        lists: list[tuple[str, Any]] = []
        for f in files:
            loaded = load_any_army_list(f)
            if loaded.pack != spec.pack:
                raise PackPlayError(
                    f"{pathlib.Path(f).name} is a list of pack {loaded.pack}, not {spec.pack}"
                )
            lists.append((pathlib.Path(f).name, loaded.army_list))
        sides[side] = lists
    return new_pack_game_of_lists(
        db, spec.name, spec.pack, sides, options=spec.options, scenario=spec.scenario
    )


def new_pack_game_of_lists(
    db: Database,
    name: str,
    pack_id: str,
    sides: Mapping[str, Sequence[tuple[str, Any]]],
    *,
    options: Mapping[str, str | int | bool] | None = None,
    scenario: str | None = None,
    section: Any = None,
    source: Mapping[str, Any] | None = None,
) -> int:
    """A new game of pack ``pack_id`` from army lists already loaded; its id.

    ``sides`` is ``{side: [(list's name, typed list), ...]}``, each list of the pack's own
    format: a campaign's copies. A game from a scenario file gives its pack section
    (``section``: the set-up it changes) and ``source`` (kept as the game's scenario, which
    ``scenario export`` writes back).

    Raises:
        PackPlayError: not two sides, a side without lists, a bad option or scenario.
    """
    from eote_ref.store.pack_games import new_pack_game as store_new

    pack, play = _play_of(pack_id)
    if len(sides) != 2:
        raise PackPlayError("a game has two sides")
    if not name.strip():
        raise PackPlayError("give the game a name")
    named = {"the game's name": name.strip()} | {f"side {s!r}'s name": s for s in sides}
    for what, text in named.items():
        if (problem := name_problem(text)) is not None:
            raise PackPlayError(f"{what} {problem}; nothing was written")
    for side, lists in sides.items():
        if not lists:
            raise PackPlayError(f"{side} needs at least one army list")
    if pack.configure is None:
        raise PackPlayError(f"pack {pack_id} has no rules to configure")
    chosen = dict(options or {})
    try:
        rules = pack.configure(chosen)
        plan = play.setup([(s, list(lists)) for s, lists in sides.items()], rules, scenario)
        if section is not None and play.scenario_section is not None:
            plan = play.scenario_section.adjust(plan, section)
    except (PackError, PlayError) as e:
        raise PackPlayError(str(e)) from e
    if source:
        plan = dataclasses.replace(plan, scenario=dict(source))
    # The scenario's options (its victory checked a turn), then the umpire's own choices.
    plan = dataclasses.replace(plan, options={**plan.options, **chosen})
    return store_new(db, name.strip(), plan)


def new_pack_game_of_scenario(
    db: Database,
    name: str,
    loaded: Any,
    options: Mapping[str, str | int | bool] | None = None,
    side_names: Sequence[str] | None = None,
) -> int:
    """A new game from a scenario file of a pack (a ``LoadedPackScenario``); its id.

    Its sides and lists, its victory conditions and options (the umpire's ``options`` over
    the file's), its set-up; the file's text is kept as the game's scenario. ``side_names``
    renames the sides (the wizard's typed names).
    """
    names = list(side_names or [n for n, _lists in loaded.sides])
    sides = {
        name: [(p.name, a) for p, a in lists]
        for name, (_n, lists) in zip(names, loaded.sides, strict=True)
    }
    file = loaded.file.name if loaded.file is not None else None
    return new_pack_game_of_lists(
        db,
        name,
        loaded.pack,
        sides,
        options={**loaded.options(), **dict(options or {})},
        scenario=loaded.key(),
        section=loaded.section,
        source={"source": loaded.source, "file": file, "pack": loaded.pack},
    )


#: The game's ``pack_state`` key keeping a club's house table cells (any pack that takes them).
HOUSE_KEY = "house_tables"


# ----------------------------------------------------------------------------- the game
class PackGameService(GameCore):
    """An open game of a pack with declared play; journal, undo and redo are the core's.

    ``PackGameService(db, game_id)``; a game of a pack without play is refused in words.
    It carries the game's pack, its play and its rules (:attr:`rules`), no other pack's.
    """

    def _take_rules(self, game: Any) -> None:
        """The game's pack, play and rules (:attr:`rules`), from its ``ruleset`` column."""
        from eote_ref.referee.game_rules import pack_of, rules_of

        whose = f"game {self.game_id}"
        self.pack_id: str = pack_of(game.ruleset, whose)
        self.pack, self.play = _play_of(self.pack_id)
        try:
            self.rules: Any = rules_of(game.ruleset, game.options, whose)
        except (PackError, ValueError) as e:
            raise PackPlayError(f"{whose}: {e}") from e

    def state(self) -> PlayState:
        """The whole game as its pack's checks read it."""
        from eote_ref.store.pack_games import play_state

        return self.read(play_state)

    def players_state(
        self, viewer: int | None = None, fog: Fog | None = None, state: PlayState | None = None
    ) -> PlayState:
        """The game as the players' display shows it (hands hidden, cards played shown).

        ``viewer`` is the side (position) a page is shown to, None the whole table; ``fog``
        the fog of war (None: the game's own choice): the keys the pack declares fogged are
        taken out of each side ``viewer`` may not see (:func:`~eote_ref.referee.fog.hides`).
        """
        state = state or self.state()
        fog = fog_in(state.options) if fog is None else fog
        return self.play.players_state(state, fogged_sides(fog, state.sides, viewer))

    def fog(self, state: PlayState | None = None) -> Fog:
        """The game's fog of war (View → Fog of war), a display choice of its options."""
        return fog_in((state or self.state()).options)

    def due(self, state: PlayState | None = None) -> list[Due]:
        """What falls due now, from the pack (the turn guide's items)."""
        return self.play.due(state or self.state(), self.rules)

    def turn_label(self, state: PlayState | None = None) -> str:
        """Where the game stands: the declared turn's heading and the pack's own words.

        ``Turn 1, round 2 of 6 · Orders in alternation``; a won battle adds its victory.
        """
        state = state or self.state()
        extra = self.play.turn_label(state)
        turn = self.pack.turn
        if turn is None:
            return extra or f"Turn {state.turn}"
        round_ = int(state.pack_state.get("round", 1))
        head = turn.heading(state.turn, state.phase, round_)
        return f"{head}: {extra}" if extra else head

    def open_check(self, key: str, **target: Any) -> PackCheck:
        """Check ``key`` of the pack on ``target`` (``unit_id=``, ``leader_id=``, ``side_id=``)."""
        try:
            spec = self.play.check(key)
        except PlayError as e:
            raise PackPlayError(str(e)) from e
        return PackCheck(self, spec, target)

    def rules_for(self, state: PlayState) -> Any:
        """The game's rules with the club's house table cells it keeps (``house_tables``).

        A pack that takes house tables (``Pack.house_tables``) reads them from the game's
        ``pack_state``; any other pack's rules are :attr:`rules` as they are.
        """
        spec = self.pack.house_tables
        data = state.pack_state.get(HOUSE_KEY)
        if spec is None or not data:
            return self.rules
        from eote_ref.packs.house import HouseTables

        return spec.apply(self.rules, HouseTables.from_json(self.pack_id, data).cells)

    def house_tables(self, state: PlayState | None = None) -> Any:
        """The game's house tables (:class:`~eote_ref.packs.house.HouseTables`), or None."""
        from eote_ref.packs.house import HouseTables

        data = (state or self.state()).pack_state.get(HOUSE_KEY)
        return HouseTables.from_json(self.pack_id, data) if data else None

    def set_house_tables(self, house: Any) -> None:
        """Put a club's house tables in the game (None takes them out), as one journal step."""
        if house is not None and self.pack.house_tables is None:
            raise PackPlayError(f"pack {self.pack_id} takes no house tables")
        if house is None and self.house_tables() is None:
            raise PackPlayError("the game has no house tables to take out")
        if house is not None and house.pack != self.pack_id:
            raise PackPlayError(f"these house tables are for pack {house.pack}, not {self.pack_id}")
        put = Put("game", self.game_id, HOUSE_KEY, None if house is None else house.to_json())
        words = f"house tables: {house.name}" if house is not None else "house tables taken out"
        self.record(f"{self.pack_id}.house", words, [self.store_change(put)])

    def edit(self, entity: str, row_id: int, key: str, value: Any) -> None:
        """Set one marker by hand (the dashboard), as one journal step; refused in words.

        ``entity`` is ``unit``, ``leader``, ``side`` or ``game``; what may be set and its
        values are the pack's (:attr:`Play.edit_refusal`).
        """
        if entity not in _TABLES:
            raise PackPlayError(f"no pack state on {entity!r}")
        put = Put(entity, row_id, key, value)  # type: ignore[arg-type]
        state = self.state()
        try:
            refusal = self.play.edit_refusal(state, put, self.rules)
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e
        if refusal:
            raise PackPlayError(refusal)
        text = change_words(self.play, state, put, self.rules) or f"{key} set by hand"
        self.record(
            f"{self.pack_id}.edit",
            f"By hand: {text}",
            [self.store_change(put)],
            inputs=edit_veil(self.play, state, put),
        )

    def players_results(
        self,
        limit: int = 3,
        viewer: int | None = None,
        fog: Fog | None = None,
        state: PlayState | None = None,
    ) -> list[tuple[int, str]]:
        """The last ``limit`` steps done, newest first, as ``viewer`` may read them (turn, line).

        ``viewer`` is the side (position) a page is shown to, None the whole table; under
        ``fog`` (None: the game's own) a step whose line gives away what the pack fogs of a
        side the viewer may not see (a hand edit of a fogged key, a check's figures built on
        one) reads its veiled words (:mod:`~eote_ref.referee.pack_fog`); the umpire's journal
        keeps it whole.
        """
        state = state or self.state()
        return players_results(self, state.sides, limit, viewer, fog, state.options)

    def store_change(self, put: Put) -> Change:
        """The journal's change for one key of a pack's state (or a shared column)."""
        if put.entity not in _TABLES:
            raise PackPlayError(f"no pack state on {put.entity!r}")
        table, column = _TABLES[put.entity]
        if put.column:
            if put.key not in SHARED_COLUMNS.get(put.entity, frozenset()):
                raise PackPlayError(f"a pack may not set {table}.{put.key}")
            return SetField(table, put.row_id, put.key, put.value)
        return SetField(table, put.row_id, f"{column}.{put.key}", put.value)


# ----------------------------------------------------------------------------- checks


def change_words(play: Play, state: PlayState, put: Put, rules: Any = None) -> str:
    """A change in the umpire's words: the pack's, else plain (bookkeeping reads "")."""
    text = play.words(state, put, rules)
    if text is not None:
        return text
    name = "Game"
    if put.entity != "game":
        rows: dict[str, tuple[Any, ...]] = {
            "side": state.sides,
            "unit": state.units,
            "leader": state.leaders,
        }
        name = next((r.name for r in rows[put.entity] if r.id == put.row_id), put.entity)
    v = put.value
    shown = "cleared" if v is None else "yes" if v is True else "no" if v is False else v
    return f"{name}: {put.key.replace('_', ' ')} {shown}"


@dataclass(frozen=True)
class NeededDie:
    """A die (``count`` 1) or pool the procedure reads next, with its faces."""

    name: str
    label: str
    faces: tuple[Face, ...]
    count: int = 1
    #: A pool is entered as a list of faces, even a pool of one die.
    pool: bool = False


class _DieNeeded(Exception):  # noqa: N818 - a request, not a failure
    def __init__(self, die: NeededDie, rolled: Die | Pool | None = None) -> None:
        super().__init__(die.name)
        self.die = die
        #: The die or pool itself (its faces' chances, for :meth:`PackCheck.odds_given`).
        self.rolled = rolled


class _AskingRoller(Roller):
    """The entered dice; a die not entered stops the procedure with :class:`_DieNeeded`."""

    def __init__(self, entered: Mapping[str, Any], labels: Mapping[str, str]) -> None:
        super().__init__(entered=dict(entered))
        self.labels = labels

    def die(self, name: str, die: Die) -> Face:
        if name not in self.entered:
            label = self.labels.get(name, f"{name.replace('_', ' ')} ({die.title})")
            raise _DieNeeded(NeededDie(name, label, die.distinct()), die)
        return super().die(name, die)

    def pool(self, name: str, pool: Pool) -> tuple[Face, ...]:
        # A pool of no dice is read as none, not asked for: its result is certain (AVlE 9.3's
        # reaction with no empty hex crossed finds no flag).
        if name not in self.entered and pool.n > 0:
            label = self.labels.get(name, f"{name.replace('_', ' ')} ({pool.n} {pool.die.title})")
            raise _DieNeeded(NeededDie(name, label, pool.die.distinct(), pool.n, pool=True), pool)
        return super().pool(name, pool)


#: How many rolls :meth:`PackCheck.odds_given` tries at most (a d10 then a d6 is 60).
ODDS_RUNS = 1500


def _faces_of(rolled: Die | Pool | None, needed: NeededDie) -> list[tuple[Any, Fraction]] | None:
    """Each way the die (or pool, as a list of faces) may fall, with its chance.

    None for a pool of more rolls than :data:`ODDS_RUNS` (its odds are not worked out).
    """
    if isinstance(rolled, Pool):
        sides = len(rolled.die.faces) ** rolled.n
        if sides > ODDS_RUNS:
            return None
        chances: dict[tuple[Any, ...], Fraction] = {}
        for f in rolled.enumerate():
            chances[f] = chances.get(f, Fraction(0)) + Fraction(1, sides)
        return [(list(f), p) for f, p in chances.items()]
    if isinstance(rolled, Die):
        return list(rolled.distribution().items())
    return [(f, Fraction(1, len(needed.faces))) for f in needed.faces]


@dataclass
class PackTrial:
    """The outcome of the dice entered so far, or the next die, or the refusal in words."""

    outcome: Outcome | None = None
    needed: NeededDie | None = None
    error: str | None = None
    changes: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    done: bool = False


class PackCheck:
    """One check of a pack on a live game: questions, preview, dice, one journal step."""

    def __init__(
        self,
        game: PackGameService,
        spec: CheckSpec,
        target: Mapping[str, Any],
        state: PlayState | None = None,
    ):
        self.game = game
        self.spec = spec
        self.target = dict(target)
        #: The game as the check reads it (read now unless given: a batch reads it once).
        self.state = state if state is not None else game.state()
        #: The last situation built: the state and answers it was built for, and it.
        self._situation: tuple[PlayState, Any, Any] | None = None
        self._answered: set[str] = set()
        #: The journal line of the last :meth:`apply`.
        self.last_summary = ""
        self.values: dict[str, Any] = {}
        self.values = {q.key: q.default for q in self.facts()}

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def rule(self) -> str:
        return self.spec.rule

    def ctx(self) -> Ctx:
        return Ctx(self.state, self.target, self.values, self.rules, self.game.pack.turn)

    @property
    def rules(self) -> Any:
        """The game's rules with its house tables, as the state in hand has them."""
        return self.game.rules_for(self.state)

    def subject(self) -> tuple[str, int] | None:
        """The unit or leader the check acts with: ``("unit" | "leader", id)``, or None.

        The unit or leader its target names (the one selected when it was opened), else the
        one the pack reads from the answers (an order opened on a side: the unit chosen).
        """
        for kind in ("unit", "leader"):
            if f"{kind}_id" in self.target:
                return kind, int(self.target[f"{kind}_id"])
        try:
            return self.spec.subject(self.ctx())
        except (PackError, PlayError, KeyError, ValueError, TypeError):
            return None

    def subject_record(self) -> dict[str, Any] | None:
        """The subject as the journal records it: kind, id, code (a unit's) and name."""
        subject = self.subject()
        if subject is None:
            return None
        kind, row_id = subject
        try:
            row: Any = self.state.unit(row_id) if kind == "unit" else self.state.leader(row_id)
        except PlayError:
            return None
        side = self.state.side(row.side_id).name
        code = getattr(row, "code", "") or ""
        return {"kind": kind, "id": row_id, "code": code, "name": row.name, "side": side}

    def subject_text(self) -> str:
        """The subject in words, as the wizard heads it: ``F3 Foy's division (French)``."""
        record = self.subject_record()
        if record is None:
            return ""
        head = f"{record['code']} {record['name']}" if record["code"] else record["name"]
        if record["kind"] == "leader":  # by the pack's word for his level (a General)
            level = str(self.state.leader(record["id"]).level).replace("_", " ").capitalize()
            return f"{head} ({level}, {record['side']})"
        return f"{head} ({record['side']})"

    def facts(self) -> list[Question]:
        """The questions, pre-filled from the state and the answers so far."""
        try:
            return self.spec.questions(self.ctx())
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e

    def set(self, key: str, value: Any) -> None:
        """Answer one question; the answers derived from the state follow it."""
        if key not in self.values:
            raise PackPlayError(f"{self.title} has no question {key!r}")
        self.values[key] = value
        self._answered.add(key)
        # A derived answer may bring a question of its own (the target's General: may it
        # ignore a retreat?): read the questions again until they stand still.
        for _ in range(4):
            before = dict(self.values)
            for q in self.facts():
                if q.key not in self.values or (q.derived and q.key not in self._answered):
                    self.values[q.key] = q.default
            if self.values == before:
                break

    def situation(self) -> Any:
        """The pack's situation for the answers, built once per set of answers.

        The dialog asks for the preview, the trial and the pools' sizes after every answer
        and every die, and the apply asks again: the answers and the state in hand are the
        same, and so is the situation (a refusal is kept as well).
        """
        answers = (copy.deepcopy(self.values), copy.deepcopy(self.target))
        kept = self._situation
        if kept is None or kept[0] is not self.state or kept[1] != answers:
            try:
                built: Any = self.spec.situation(self.ctx())
            except (PackError, PlayError, RefereeError) as e:
                built = e
            kept = self._situation = (self.state, answers, built)
        if isinstance(kept[2], Exception):
            raise kept[2].with_traceback(None)
        return kept[2]

    def _run(self, roller: Roller) -> Outcome | None:
        if self.spec.procedure is None:
            self.situation()  # a refusal is the situation's
            return None
        proc = self.game.pack.procedure(self.spec.procedure)
        outcome: Outcome = proc.run(self.situation(), self.rules, roller)
        return outcome

    def preview(self) -> Outcome | None:
        """The outcome before the dice: its modifiers and odds (the result is a random roll's)."""
        try:
            return self._run(Roller(seed=random.randrange(1 << 30)))
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e

    def reading(self, outcome: Outcome | None) -> list[str]:
        """The check's own reading of ``outcome`` (empty: read its base and modifiers)."""
        if outcome is None:
            return []
        try:
            lines = self.spec.reading(self.ctx(), outcome)
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e
        return [self.game.play.option_words(line, self.game.rules) for line in lines]

    def worded(self, text: str) -> str:
        """``text`` with any option named by its keys worded from the pack's declaration."""
        return self.game.play.option_words(text, self.game.rules)

    def trial(self, rolls: Mapping[str, Any]) -> PackTrial:
        """The outcome with ``rolls``, or the die still needed; nothing is written."""
        labels = self.spec.dice_labels(self.ctx())
        try:
            outcome = self._run(_AskingRoller(rolls, labels))
            changes = self.spec.changes(self.ctx(), outcome)
        except _DieNeeded as e:
            return PackTrial(needed=e.die)
        except (PackError, PlayError, RefereeError) as e:
            return PackTrial(error=str(e))
        words = [self.words(c) for c in changes]
        notes = [self.game.play.option_words(n, self.game.rules)
                 for n in (outcome.notes if outcome is not None else ())]  # fmt: skip
        return PackTrial(outcome, changes=[w for w in words if w], notes=notes, done=True)

    def odds_given(
        self, rolls: Mapping[str, Any], limit: int = ODDS_RUNS
    ) -> dict[str, Fraction] | None:
        """The exact chance of each result with ``rolls`` entered and the other dice to come.

        Every face of each die still read is tried, in the order the procedure asks for
        them (a hit's d6 only after a hit), each weighted by its chance; None when no die is
        entered (the preview's odds are these), when the check cannot be resolved, or when
        more than ``limit`` rolls would be tried (a pool of many dice): the odds shown are
        then those before the dice, and said so.
        """
        if not rolls or self.spec.procedure is None:
            return None
        labels = self.spec.dice_labels(self.ctx())
        odds: dict[str, Fraction] = {}
        todo: list[tuple[dict[str, Any], Fraction]] = [(dict(rolls), Fraction(1))]
        runs = 0
        while todo:
            entered, weight = todo.pop()
            runs += 1
            if runs > limit:
                return None
            try:
                outcome = self._run(_AskingRoller(entered, labels))
            except _DieNeeded as e:
                ways = _faces_of(e.rolled, e.die)
                if ways is None:
                    return None
                todo += [({**entered, e.die.name: f}, weight * p) for f, p in ways]
                continue
            except (PackError, PlayError, RefereeError):
                return None
            if outcome is None:
                return None
            odds[str(outcome.result)] = odds.get(str(outcome.result), Fraction(0)) + weight
        return odds

    def rolled(self, rolls: Mapping[str, Any], seed: int | None = None) -> dict[str, Any]:
        """``rolls`` with every die the procedure still reads rolled here, as its dice fall.

        A pool is a list of faces, as it is entered; a check without a procedure rolls none.
        """
        if self.spec.procedure is None:
            return dict(rolls)
        roller = Roller(entered=dict(rolls), seed=seed)
        try:
            self._run(roller)
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e
        return {**dict(rolls), **roller.used}

    def veil(self, ctx: Ctx, outcome: Outcome | None) -> tuple[frozenset[int], str] | None:
        """The sides whose fog covers the check's line and the words they read, or None.

        The pack's :attr:`~eote_ref.packs.play.CheckSpec.veiled` line, kept with the step
        (:func:`~eote_ref.referee.pack_fog.check_veil`); None: every player reads it whole.
        """
        try:
            return check_veil(
                self.game.play, ctx, outcome, self.spec, self.subject(), self.game.rules
            )
        except (PackError, PlayError) as e:
            raise PackPlayError(str(e)) from e

    def words(self, put: Put) -> str:
        """A change in the umpire's words, from the state in hand (no database read)."""
        return change_words(self.game.play, self.state, put, self.game.rules)

    def puts(self, outcome: Outcome | None) -> list[Put]:
        """The pack's changes for ``outcome``."""
        return self.spec.changes(self.ctx(), outcome)

    def apply(self, rolls: Mapping[str, Any] | None = None) -> Outcome | None:
        """Resolve with ``rolls`` and write it all as one journal event.

        The game is read again first: the changes are made on the state as it stands (a
        check opened before another was applied does not write from its old reading).
        """
        rolls = dict(rolls or {})
        fresh = self.game.state()
        if fresh != self.state:  # the game moved since: the situation is built anew
            self.state = fresh
        trial = self.trial(rolls)
        if not trial.done:
            if trial.needed is not None:
                raise PackPlayError(f"enter the {trial.needed.label} first")
            raise PackPlayError(trial.error or "the check cannot be resolved")
        outcome = trial.outcome
        ctx = self.ctx()
        changes = [self.game.store_change(p) for p in self.spec.changes(ctx, outcome)]
        record: dict[str, Any] | None = None
        if outcome is not None:
            record = {
                CHECKS: [outcome.to_json()],
                RESULT: outcome.result,
                "pack": self.game.pack_id,
            }
        situation = self.situation()
        self.last_summary = self.game.play.option_words(
            self.spec.summary(ctx, outcome), self.game.rules
        )
        veil = self.veil(ctx, outcome)
        self.game.record(
            f"{self.game.pack_id}.{self.spec.key}",
            self.last_summary,
            changes,
            inputs={
                "situation": dataclasses.asdict(situation)
                if dataclasses.is_dataclass(situation) and not isinstance(situation, type)
                else situation,
                "target": self.target,
                "subject": self.subject_record(),
                "facts": dict(self.values),
                **(veil_inputs(*veil) if veil is not None else {}),
            },
            rolls=[{"name": k, "value": v} for k, v in rolls.items()],
            outcome=record,
        )
        return outcome
