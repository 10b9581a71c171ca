"""The packs eote-ref ships, by id; a pack's modules are imported only when it is asked for.

``eote`` wraps the EotE 6.2 engine (:mod:`eote_ref.rules` and ``eote-6.2.yaml``) unchanged;
``avle`` is Advanced Vive l'Empereur 1.2. Standard library only: the packs are named by
module path, so this module imports neither.
"""

from __future__ import annotations

import importlib

from eote_ref.packs.declaration import Pack
from eote_ref.packs.play import Play

#: id -> (module with ``declare()``, title).
PACKS: dict[str, tuple[str, str]] = {
    "eote": ("eote_ref.packs.eote", "Eagles Over the Empire 6.2"),
    "avle": ("eote_ref.packs.avle.pack", "Advanced Vive l'Empereur 1.2"),
}

#: The pack of a game or a command that names none.
DEFAULT_PACK = "eote"

#: The ``ruleset:`` values of army lists and scenarios, each naming its pack.
RULESETS: dict[str, str] = {"eote-6.2": "eote", "avle-1.2": "avle"}


def pack_of_ruleset(ruleset: str) -> str | None:
    """The id of the pack an army list's ``ruleset:`` names (None for a name no pack has)."""
    return RULESETS.get(ruleset)


def pack_ids() -> tuple[str, ...]:
    """The ids of the shipped packs."""
    return tuple(PACKS)


def get_pack(pack_id: str) -> Pack:
    """The declaration of pack ``pack_id``; KeyError names the known ones."""
    if pack_id not in PACKS:
        raise KeyError(f"unknown pack '{pack_id}' (known: {', '.join(PACKS)})")
    module = importlib.import_module(PACKS[pack_id][0])
    pack: Pack = module.declare()
    return pack


#: id -> the module whose ``declare_play()`` gives the pack's play in the referee (set-up,
#: game state, checks, what falls due: :mod:`eote_ref.packs.play`). EotE's play is still the
#: referee's own (``referee/checks``), so only AVlE has one here.
PLAYS: dict[str, str] = {"avle": "eote_ref.packs.avle.play"}


def pack_of_game(ruleset: str) -> str:
    """The pack of a game's ``ruleset`` column (a name no pack has is EotE's, as before)."""
    return RULESETS.get(ruleset, DEFAULT_PACK)


def get_play(pack_id: str) -> Play | None:
    """The play of pack ``pack_id`` (None for a pack the referee runs with its own checks)."""
    if pack_id not in PLAYS:
        return None
    module = importlib.import_module(PLAYS[pack_id])
    play: Play = module.declare_play()
    return play
