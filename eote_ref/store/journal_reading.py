"""Reading the journal: a game's events, what undo and redo would do next, the steps after one.

Split from :mod:`eote_ref.store.journal` (which writes, undoes and redoes, and re-exports these
names) so that each module stays a readable size.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import func
from sqlmodel import Session, col, select

from eote_ref.store.models import DISCARDED, DONE, UNDONE, JournalEvent


@dataclass(frozen=True)
class JournalCounts:
    """How many events of a game can be undone and redone."""

    undoable: int
    redoable: int


def history(
    session: Session,
    game_id: int,
    *,
    include_discarded: bool = False,
    limit: int | None = None,
    newest_first: bool = False,
    kind: str | None = None,
    status: str | None = None,
) -> list[JournalEvent]:
    """The events of a game in order (``seq``), with undone ones and, if asked, discarded ones.

    Args:
        session: the session to read in.
        game_id: the game.
        include_discarded: include events undone and then replaced by a new command.
        limit: at most this many events (the newest ones when ``newest_first``).
        newest_first: order from the newest event back.
        kind: only the events of this kind (``"integrity"``): a reader that wants one kind
            reads those rows, not the whole journal (50,000 steps took 200 MB).
        status: only the events of this status (``DONE``).
    """
    query = select(JournalEvent).where(JournalEvent.game_id == game_id)
    if not include_discarded:
        query = query.where(JournalEvent.status != DISCARDED)
    if kind is not None:
        query = query.where(JournalEvent.kind == kind)
    if status is not None:
        query = query.where(JournalEvent.status == status)
    seq = col(JournalEvent.seq)
    query = query.order_by(seq.desc() if newest_first else seq.asc())
    if limit is not None:
        query = query.limit(limit)
    return list(session.exec(query).all())


def counts(session: Session, game_id: int) -> JournalCounts:
    """How many events of the game can be undone and redone."""
    rows = session.exec(
        select(JournalEvent.status, func.count())
        .where(JournalEvent.game_id == game_id, col(JournalEvent.status) != DISCARDED)
        .group_by(JournalEvent.status)
    ).all()
    by_status = {str(status): int(n) for status, n in rows}
    return JournalCounts(undoable=by_status.get(DONE, 0), redoable=by_status.get(UNDONE, 0))


def next_undo(session: Session, game_id: int) -> JournalEvent | None:
    """The event :func:`undo` would undo next, if any (for an "Undo fire" menu label)."""
    return session.exec(
        select(JournalEvent)
        .where(JournalEvent.game_id == game_id, JournalEvent.status == DONE)
        .order_by(col(JournalEvent.seq).desc())
        .limit(1)
    ).first()


def next_redo(session: Session, game_id: int) -> JournalEvent | None:
    """The event :func:`redo` would redo next, if any."""
    return session.exec(
        select(JournalEvent)
        .where(JournalEvent.game_id == game_id, JournalEvent.status == UNDONE)
        .order_by(col(JournalEvent.seq).asc())
        .limit(1)
    ).first()


def next_steps(session: Session, game_id: int) -> tuple[str | None, str | None]:
    """What :func:`undo` and :func:`redo` would do next, as summaries (the kind if none).

    The labels of :func:`next_undo` and :func:`next_redo` without reading the events whole
    (an "Undo fire" menu entry, after every command).
    """
    out: list[str | None] = []
    for status, order in ((DONE, col(JournalEvent.seq).desc()), (UNDONE, col(JournalEvent.seq))):
        row = session.exec(
            select(JournalEvent.summary, JournalEvent.kind)
            .where(JournalEvent.game_id == game_id, JournalEvent.status == status)
            .order_by(order)
            .limit(1)
        ).first()
        out.append((row[0] or row[1]) if row is not None else None)
    return out[0], out[1]


def journal_last_done(session: Session, game_id: int, at_most: int | None = None) -> int:
    """The number (``seq``) of the last step done (numbered ``at_most`` or lower), 0 if none."""
    query = select(func.max(JournalEvent.seq)).where(
        JournalEvent.game_id == game_id, JournalEvent.status == DONE
    )
    if at_most is not None:
        query = query.where(col(JournalEvent.seq) <= at_most)
    return int(session.exec(query).one() or 0)


def done_after(session: Session, game_id: int, seq: int) -> int:
    """How many steps done are numbered after ``seq`` (what "undo back to here" undoes).

    Counted in the ``(game_id, status, seq)`` index from ``seq`` on, so the cost follows the
    steps counted, not the journal's length (reading the whole history to count them took
    1.9 s at 50,000 steps).
    """
    query = select(func.count()).where(
        JournalEvent.game_id == game_id,
        JournalEvent.status == DONE,
        col(JournalEvent.seq) > seq,
    )
    return int(session.exec(query).one())


def journal_after(session: Session, game_id: int, seq: int) -> list[JournalEvent]:
    """The steps numbered after ``seq``, not discarded, oldest first."""
    return list(
        session.exec(
            select(JournalEvent)
            .where(
                JournalEvent.game_id == game_id,
                JournalEvent.status != DISCARDED,
                col(JournalEvent.seq) > seq,
            )
            .order_by(col(JournalEvent.seq))
        ).all()
    )
