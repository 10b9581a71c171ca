"""Fog of war over the results' lines of a pack game: what a step keeps, and who reads what.

The umpire's journal keeps every line whole. A step whose line gives away what the game's
pack fogs (:attr:`~eote_ref.packs.play.Play.fog`) keeps, with its inputs under
:data:`FOGGED_KEY`, the sides whose fogged keys it names and the veiled words a player reads
who may not see one of them (:func:`~eote_ref.referee.fog.hides`):

* a hand edit of a fogged key (an AVlE unit's elements set by hand): its row's side, and
  the line without the value (:func:`edit_veil`);
* a check whose pack declares a veiled line (:attr:`~eote_ref.packs.play.CheckSpec.veiled`:
  a VlE fire's steps lost, an AVlE fire's value and elements lost): the sides the pack
  names, else its subject's, and the pack's words (:func:`check_veil`); a batch keeps one for
  all its targets (:func:`batch_veil`).

:func:`players_results` reads the last steps back as a viewer may see them, for the players'
display and the phones alike. Nothing here names a pack.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from eote_ref.packs.play import CheckSpec, Ctx, Play, PlayState, Put
from eote_ref.referee.fog import Fog, fog_in, fogged_sides

if TYPE_CHECKING:
    from eote_ref.referee.game_core import GameCore

#: The key of a step's ``inputs`` that says whose fogged keys its line names (``side_ids``;
#: an older step kept one ``side_id``) and the words shown instead (``veiled``).
FOGGED_KEY = "fogged"


def veil_inputs(sides: Iterable[int], veiled: str) -> dict[str, Any]:
    """What a step keeps for its veiled line: the sides whose fog covers it, its words."""
    return {FOGGED_KEY: {"side_ids": sorted(set(sides)), "veiled": veiled}}


def edit_veil(play: Play, state: PlayState, put: Put) -> dict[str, Any] | None:
    """What a hand edit of a key the pack fogs keeps for the players' lines (else None).

    The line names the value (``4 → 3 element(s)``); under fog of war a side that may
    not see the row's side reads the veiled words instead.
    """
    if not any(f.entity == put.entity and f.key == put.key for f in play.fog):
        return None
    if put.entity == "side":
        side_id, name = put.row_id, state.side(put.row_id).name
    else:
        rows = state.units if put.entity == "unit" else state.leaders
        row = next(r for r in rows if r.id == put.row_id)
        side_id, name = row.side_id, row.name
    words = put.key.replace("_", " ")
    return veil_inputs([side_id], f"By hand: {name}: {words} changed (hidden by fog of war)")


def subject_side(
    state: PlayState, subject: tuple[str, int] | None, target: Mapping[str, Any]
) -> int | None:
    """The side of a check's subject (a unit or a leader), else of the side it targets."""
    try:
        if subject is not None:
            kind, row_id = subject
            return (state.unit(row_id) if kind == "unit" else state.leader(row_id)).side_id
        if "side_id" in target:
            return state.side(int(target["side_id"])).id
    except (ValueError, TypeError):  # a row gone: the line names no side the game has
        return None
    return None


def check_veil(
    play: Play,
    ctx: Ctx,
    outcome: Any,
    spec: CheckSpec,
    subject: tuple[str, int] | None,
    rules: Any,
) -> tuple[frozenset[int], str] | None:
    """A check's veiled line and the sides whose fog covers it, or None (read whole).

    None when the pack fogs nothing or the check's line gives none of it away; the sides
    are those the pack's :class:`~eote_ref.packs.play.Veil` names, else the subject's, else
    (no side found) every side of the game.
    """
    if not play.fog:
        return None
    veil = spec.veiled(ctx, outcome)
    if veil is None:
        return None
    sides = set(veil.sides)
    if not sides:
        side = subject_side(ctx.state, subject, ctx.target)
        if side is not None:
            sides.add(side)
    if not sides:  # no side found (a subject gone): veiled for every side, never read whole
        sides = {s.id for s in ctx.state.sides}
    return frozenset(sides), play.option_words(veil.words, rules)


def batch_veil(
    head: str,
    parts: Sequence[str],
    veils: Sequence[tuple[frozenset[int], str] | None],
    tail: str = "",
) -> dict[str, Any] | None:
    """A batch's one veiled line: each target's veiled words where it has some (else None).

    ``head`` and ``tail`` are the batch line's own words before and after its targets'.
    """
    if not any(v is not None for v in veils):
        return None
    sides: set[int] = set()
    for v in veils:
        if v is not None:
            sides |= v[0]
    words = [v[1] if v is not None else p for p, v in zip(parts, veils, strict=True)]
    return veil_inputs(sides, head + "; ".join(words) + tail)


def _veiled_for(inputs: Mapping[str, Any], fogged: frozenset[int]) -> str | None:
    veil = inputs.get(FOGGED_KEY)
    if not isinstance(veil, Mapping) or not isinstance(veil.get("veiled"), str):
        return None
    sides = veil.get("side_ids")
    if not isinstance(sides, list):
        sides = [veil.get("side_id")]
    return str(veil["veiled"]) if any(s in fogged for s in sides) else None


def players_results(
    game: GameCore,
    sides: Sequence[Any],
    limit: int = 3,
    viewer: int | None = None,
    fog: Fog | None = None,
    options: Mapping[str, Any] | None = None,
) -> list[tuple[int, str]]:
    """The last ``limit`` steps done, newest first, as ``viewer`` may read them (turn, line).

    ``viewer`` is the side (position) a page is shown to, None the whole table; ``sides``
    the game's (their ids and positions); under ``fog`` (None: the one ``options`` hold) a
    step whose line gives away the fogged keys of a side the viewer may not see reads its
    veiled words (the umpire's journal keeps it whole).
    """
    from eote_ref.store import history

    fog = fog_in(options) if fog is None else fog
    fogged = fogged_sides(fog, sides, viewer)
    out: list[tuple[int, str]] = []
    for e in game.read(history, limit=limit * 4 + 20, newest_first=True):
        if e.status != "done":
            continue
        inputs = e.inputs if isinstance(e.inputs, dict) else {}
        veiled = _veiled_for(inputs, fogged) if fogged else None
        out.append((e.turn, veiled if veiled is not None else e.summary))
        if len(out) >= limit:
            break
    return out
