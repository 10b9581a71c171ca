"""SQLModel tables: master rosters (army lists), games with their state, and the journal.

Three groups of tables, kept apart on purpose:

* **Rosters** (``roster``, ``roster_command``, ``roster_unit``) mirror the army-list YAML
  format (docs/army-list-format.md): an army list, its command tree with one leader per
  command, and the units of each division or brigade.
* **Games** (``game``, ``game_side``, ``game_command``, ``game_leader``, ``game_unit``) hold
  a *copy* of the order of battle made at set-up, so later roster edits never touch a game
  in progress, plus every piece of state the umpire tracks. Division state lives on the
  ``game_command`` rows of level ``division``/``brigade``.
* **Journal** (``journal_event``, ``journal_change``): one event per adjudication, with the
  generic before/after changes that undo and redo replay (see :mod:`eote_ref.store.journal`).

The models use only portable types (integers, text, booleans, JSON, timestamps), so the same
code runs on SQLite and PostgreSQL. ``sqlite_autoincrement`` is a dialect option that other
databases ignore; it keeps SQLite from reusing the id of a deleted row, which redo relies on.
There are no ORM relationships: every load is an explicit query (no lazy N+1 loads).
"""

import datetime
from typing import Any

from sqlalchemy import JSON, Index, MetaData, UniqueConstraint
from sqlmodel import Field, SQLModel

from eote_ref.store import limits
from eote_ref.store.unit_markers import UnitMarkers

# Every engine's INSERT and UPDATE keep the text limits of both back ends (limits.py).
limits.install()

#: The metadata every eote-ref table belongs to (Alembic's ``target_metadata``).
metadata: MetaData = SQLModel.metadata

#: Table options shared by every table whose ids must never be reused.
_NO_ID_REUSE: dict[str, Any] = {"sqlite_autoincrement": True}

#: Values of :attr:`JournalEvent.status`.
DONE = "done"
UNDONE = "undone"
DISCARDED = "discarded"

#: Values of :attr:`JournalChange.op`.
UPDATE = "update"
INSERT = "insert"
DELETE = "delete"


def utcnow() -> datetime.datetime:
    """The current time in UTC (timezone-aware, as SQLModel stores timestamps)."""
    return datetime.datetime.now(datetime.UTC)


def _json(default: Any = None) -> Any:
    """A JSON column (SQL NULL for ``None``) with a copied mutable default."""
    if default is None:
        return Field(default=None, sa_type=JSON(none_as_null=True), nullable=True)
    return Field(default_factory=lambda: type(default)(default), sa_type=JSON)


class EoteMeta(SQLModel, table=True):
    """Key/value facts about the database itself; ``application = eote-ref`` marks our files."""

    __tablename__ = "eote_meta"

    key: str = Field(primary_key=True, max_length=64)
    value: str


# ----------------------------------------------------------------------------- rosters


class Roster(SQLModel, table=True):
    """A master army list (one YAML file): the top-level keys of the army-list format."""

    __tablename__ = "roster"

    id: int | None = Field(default=None, primary_key=True)
    name: str = Field(unique=True, max_length=200)
    nation: str
    year: int
    format_version: int = 1
    ruleset: str = "eote-6.2"
    battle: str | None = None
    sources: list[str] = _json([])
    notes: str | None = None
    #: The starting formation of each arm (army-list key ``formations``).
    formations: dict[str, str] = _json({})
    imported_at: datetime.datetime = Field(default_factory=utcnow)
    #: A list of another pack than EotE (``ruleset`` ``avle-1.2``), kept whole as its YAML
    #: text: it has no command tree. None for an EotE list.
    list_yaml: str | None = None


class RosterCommand(SQLModel, table=True):
    """One command of an army list (army, wing, corps, division or brigade) and its leader."""

    __tablename__ = "roster_command"

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", ondelete="CASCADE", index=True)
    parent_id: int | None = Field(
        default=None, foreign_key="roster_command.id", ondelete="CASCADE", index=True
    )
    position: int = 0
    name: str
    level: str
    notes: str | None = None
    leader_name: str
    leader_rating: int
    leader_notes: str | None = None


class RosterUnit(SQLModel, table=True):
    """One unit of a division or brigade in an army list."""

    __tablename__ = "roster_unit"

    id: int | None = Field(default=None, primary_key=True)
    roster_id: int = Field(foreign_key="roster.id", ondelete="CASCADE", index=True)
    command_id: int = Field(foreign_key="roster_command.id", ondelete="CASCADE", index=True)
    position: int = 0
    name: str
    arm: str
    type: str
    ce: int
    stands: int
    skirmish: str = "none"
    weight: str | None = None
    howitzers: int = 0
    brigade: str | None = None
    nation: str | None = None
    notes: str | None = None
    #: The unit's own starting formation (army-list key ``formation``).
    formation: str | None = None


# ----------------------------------------------------------------------------- games


class Game(SQLModel, table=True):
    """A battle: the ruleset it started with, its options, and the turn, phase and initiative."""

    __tablename__ = "game"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    name: str
    created_at: datetime.datetime = Field(default_factory=utcnow)
    ruleset: str = "eote-6.2"
    ruleset_version: str = ""
    options: dict[str, Any] = _json({})
    turn: int = 1
    phase: str = ""
    #: Figure scale: distances shift by 2" for 6mm and 25mm (EotE introduction).
    figure_scale: str = "15mm"
    #: ``position`` of the :class:`GameSide` holding the initiative, if decided.
    initiative: int | None = None
    #: ``position`` of the side that held the initiative last turn (a modifier, EotE 4.0).
    initiative_last_turn: int | None = None
    notes: str | None = None
    #: The scenario the game was made from (docs/scenario-format.md), as plain data: its
    #: name, set-up text, turn limit, objectives, breakpoints and the order of battle of its
    #: reinforcements; empty for a game of whole army lists. Written once, at set-up.
    scenario: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    #: What the table has established of the scenario, journaled: reinforcements arrived
    #: (``arrived``: key -> turn), rolled for (``rolled``: key -> last turn) and objectives
    #: held (``held``: name -> side position or None).
    scenario_state: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    #: The game's state that its pack declares (a round, cards, dice rolled: issue 26), as
    #: plain data keyed by the pack's names; written through the journal (``pack_state.KEY``).
    pack_state: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    #: Raised by one with every command, undo and redo, in the same transaction: a command
    #: built from an older view is refused (two copies of the app on one game). Not journaled.
    version: int = Field(default=0, sa_column_kwargs={"server_default": "0"})


class GameSide(SQLModel, table=True):
    """One side of a game, with the names of the army lists its order of battle came from."""

    __tablename__ = "game_side"
    __table_args__ = (
        UniqueConstraint("game_id", "position", name="uq_game_side_position"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    position: int
    name: str
    army_lists: list[str] = _json([])
    #: The side's state that its pack declares (a hand of cards, cards played), keyed by the
    #: pack's names; written through the journal (``pack_state.KEY``).
    pack_state: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )


class GameCommand(SQLModel, table=True):
    """A command of a game's order of battle; for divisions and brigades, the division state."""

    __tablename__ = "game_command"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    side_id: int = Field(foreign_key="game_side.id", ondelete="CASCADE", index=True)
    parent_id: int | None = Field(
        default=None, foreign_key="game_command.id", ondelete="CASCADE", index=True
    )
    position: int = 0
    name: str
    level: str
    notes: str | None = None
    # division / brigade state
    current_order: str | None = None
    pending_order: str | None = None
    pending_order_turns: int | None = None
    falling_back: bool = False
    routed: bool = False
    objective_lost: bool = False
    in_town: bool = False


class GameLeader(SQLModel, table=True):
    """A leader in a game: the commander of a command, or a replacement that arrived later."""

    __tablename__ = "game_leader"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    command_id: int = Field(foreign_key="game_command.id", ondelete="CASCADE", index=True)
    name: str
    level: str
    rating: int
    notes: str | None = None
    replacement: bool = False
    killed: bool = False
    no_rally_next_turn: bool = False
    #: The turn a replacement for this leader arrives, when one is due.
    replacement_due_turn: int | None = None
    #: The turn this leader cannot rally in (set from ``no_rally_next_turn`` at the turn's start).
    no_rally_turn: int | None = None
    #: The division an army, wing or corps leader has attached himself to (EotE 3.5).
    #: The leader's markers that his pack declares (a General hit, captured), keyed by the
    #: pack's names; written through the journal (``markers.KEY``).
    markers: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )
    attached_command_id: int | None = Field(
        default=None, foreign_key="game_command.id", ondelete="SET NULL"
    )


class GameUnit(UnitMarkers, SQLModel, table=True):
    """A unit in a game: its order-of-battle copy and its state on the table.

    Its state is its ``markers`` (hits, disorder, formation...: the pack's names), read as
    attributes through :class:`~eote_ref.store.unit_markers.UnitMarkers`.
    """

    __tablename__ = "game_unit"
    __table_args__ = _NO_ID_REUSE

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE", index=True)
    command_id: int = Field(foreign_key="game_command.id", ondelete="CASCADE", index=True)
    position: int = 0
    name: str
    arm: str
    type: str
    nation: str
    ce: int
    stands: int
    skirmish: str = "none"
    weight: str | None = None
    howitzers: int = 0
    brigade: str | None = None
    notes: str | None = None
    attached_leader_id: int | None = Field(default=None, foreign_key="game_leader.id", index=True)
    #: The unit's short code (side letter and number, ``F12``), given at set-up and never
    #: changed: pickers take it and the record sheets and base labels print it.
    code: str | None = Field(default=None, max_length=16)
    #: The unit's markers that its pack declares (EotE's hits, disorder, formation...; AVlE's
    #: elements), keyed by the pack's names, only values other than the default; written
    #: through the journal (``markers.KEY``).
    markers: dict[str, Any] = Field(
        default_factory=dict, sa_type=JSON, sa_column_kwargs={"server_default": "{}"}
    )


class GameLink(SQLModel, table=True):
    """A relation between two units that outlasts one adjudication.

    ``kind`` says which: ``engaged`` (an assault with no decision, carried into the next turn,
    EotE 7.0), ``fired_at`` (an artillery target, remembered for bombardment, EotE 6.4),
    ``charge`` (cavalry contact recorded in movement, EotE 5.8). ``turn`` is the turn it was
    made; ``data`` holds anything else the wizard that made it needs.
    """

    __tablename__ = "game_link"
    __table_args__ = (
        Index("ix_game_link_game_kind_turn", "game_id", "kind", "turn"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    kind: str = Field(max_length=32)
    turn: int
    unit_id: int = Field(foreign_key="game_unit.id", ondelete="CASCADE", index=True)
    other_id: int = Field(foreign_key="game_unit.id", ondelete="CASCADE", index=True)
    data: dict[str, Any] = _json({})


class GameFact(SQLModel, table=True):
    """A fact of the current turn, written by the check that established it.

    ``kind`` says which: ``charge`` (cavalry contact made in movement, EotE 5.8; ``other_id``
    the unit contacted), ``fired`` (a firer and its target, EotE 6.0), ``fought`` (an attacker
    and a defender of an assault, EotE 7.0), ``supported`` (a supporter and the defender it
    backed, EotE 7.2), ``breakthrough`` (cavalry that took its breakthrough and the unit it beat,
    EotE 5.15), ``leader_rolled`` (a leader's casualty check, EotE 8.0; the leader in ``data``,
    the unit whose combat brought him within reach in ``unit_id``), ``cavalry_settled`` (cavalry
    whose end of turn was applied, EotE 5.10), ``guns_abandoned`` (a battery that left its guns
    this turn, EotE 7.5); and about a division (``command_id``, no unit): ``radius_measured``
    (command radius and control measured, EotE 3.6) and ``integrity_checked`` (an integrity
    check taken, EotE 9.0). Facts are journaled with
    their check (undo removes them) and deleted when the next turn starts; later checks and the
    turn guide read them, never the journal.
    """

    __tablename__ = "game_fact"
    __table_args__ = (
        Index("ix_game_fact_game_turn_kind", "game_id", "turn", "kind"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    kind: str = Field(max_length=32)
    turn: int
    #: The unit the fact is about; None for a fact about a division (``command_id``).
    unit_id: int | None = Field(
        default=None, foreign_key="game_unit.id", ondelete="CASCADE", index=True
    )
    other_id: int | None = Field(
        default=None, foreign_key="game_unit.id", ondelete="CASCADE", index=True
    )
    #: The division a division fact is about (command radius measured, integrity checked).
    command_id: int | None = Field(
        default=None, foreign_key="game_command.id", ondelete="CASCADE", index=True
    )
    data: dict[str, Any] = _json({})


# ----------------------------------------------------------------------------- journal


class JournalEvent(SQLModel, table=True):
    """One adjudication or umpire action: its inputs, rolls and outcome (with its trace)."""

    __tablename__ = "journal_event"
    __table_args__ = (
        UniqueConstraint("game_id", "seq", name="uq_journal_event_seq"),
        Index("ix_journal_event_game_status_seq", "game_id", "status", "seq"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game.id", ondelete="CASCADE")
    #: 1, 2, 3... within the game, in the order the events were applied.
    seq: int
    kind: str = Field(max_length=100)
    #: ``done``, ``undone`` (can be redone) or ``discarded`` (undone, then replaced).
    status: str = Field(default=DONE, max_length=16)
    turn: int
    phase: str
    summary: str = ""
    inputs: dict[str, Any] = _json({})
    rolls: list[Any] = _json([])
    outcome: dict[str, Any] = _json({})
    created_at: datetime.datetime = Field(default_factory=utcnow)


class JournalChange(SQLModel, table=True):
    """One change made by an event: a field update, or a whole row inserted or deleted.

    ``update``: ``field`` changed from ``before`` to ``after``. ``insert``: ``after`` holds the
    whole new row. ``delete``: ``before`` holds the whole deleted row.
    """

    __tablename__ = "journal_change"
    __table_args__ = (
        UniqueConstraint("event_id", "position", name="uq_journal_change_position"),
        _NO_ID_REUSE,
    )

    id: int | None = Field(default=None, primary_key=True)
    event_id: int = Field(foreign_key="journal_event.id", ondelete="CASCADE")
    position: int
    op: str = Field(max_length=16)
    entity: str = Field(max_length=64)
    row_id: int
    field: str | None = Field(default=None, max_length=64)
    before: Any = _json()
    after: Any = _json()


#: Columns of journaled tables that are not game state: left out of snapshots, never changed.
UNJOURNALED: frozenset[str] = frozenset({"version"})

#: Tables whose rows journal changes may touch, by table name.
JOURNALED: dict[str, type[SQLModel]] = {
    str(m.__tablename__): m
    for m in (
        Game,
        GameSide,
        GameCommand,
        GameLeader,
        GameUnit,
        GameLink,
        GameFact,
    )
}

#: Tables whose rows journal changes may insert or delete.
ROW_ENTITIES: frozenset[str] = frozenset(
    {"game_command", "game_leader", "game_unit", "game_link", "game_fact"}
)
