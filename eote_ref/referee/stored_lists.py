"""Army lists imported into the database, offered by the new-game wizard beside the shipped ones.

A game is set up from army-list files (:class:`~eote_ref.referee.setup.NewGame`), so each
stored list is written out, as the roster editor would export it, to a folder of the user
data directory kept for the purpose (one per database), and summarised from there.
"""

from __future__ import annotations

import hashlib
import pathlib

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.pack_lists import summarise_any
from eote_ref.referee.roster_service import RosterService, RosterServiceError
from eote_ref.referee.setup import ListSummary
from eote_ref.store import Database
from eote_ref.store.paths import user_data_dir

#: The folder (in the user data directory) of the lists written out of databases.
FOLDER = "lists-from-databases"


def _folder(db: Database) -> pathlib.Path:
    where = str(db.path) if db.path is not None else db.url
    tag = hashlib.sha256(where.encode()).hexdigest()[:12]
    return user_data_dir() / FOLDER / tag


def _file_name(name: str) -> str:
    keep = "".join(ch if ch.isalnum() or ch in "-_" else "-" for ch in name)
    return f"{keep.strip('-')[:60] or 'list'}.yaml"


def stored_list_summaries(db: Database, pack: str = DEFAULT_PACK) -> list[ListSummary]:
    """The army lists of ``pack`` stored in ``db``, written out and summarised.

    A list that no longer loads is left out.
    """
    service = RosterService(db)
    try:
        stored = service.list_stored()
    except RosterServiceError:
        return []
    if not stored:
        return []
    folder = _folder(db)
    folder.mkdir(parents=True, exist_ok=True)
    out = []
    for s in stored:
        if s.pack != pack:
            continue
        path = folder / _file_name(s.name)
        try:
            service.export_any_to_file(s.name, path, header="# Written out of the database.\n")
            out.append(summarise_any(path))
        except (RosterServiceError, ValueError, OSError):
            continue
    return out
