"""A VlE check's changes in the umpire's words (what *Apply* will do, the dialog's Changes line).

Without them the shared plain words showed the keys as they are stored: ``disorganized 1``,
``phase defensive_fire``, and a check falling due as the raw record of the turn guide's list.
"" is bookkeeping the umpire need not read (a marker of the turn cleared); None leaves a key
to the shared plain words.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.play import PlayState, Put

#: Markers the next phase clears (a countercharge's also its melee or the cavalry out, IX.7).
_QUIET = frozenset({"fired", "charged", "charged_last_turn", "formation_before_countercharge"})


def words(state: PlayState, put: Put, rules: Any = None) -> str | None:
    """One change in the umpire's words ("" for bookkeeping; None: the shared plain words)."""
    v, key = put.value, put.key
    if put.entity == "unit":
        return _unit_words(state, put.row_id, key, v)
    if put.entity == "side":
        name = state.side(put.row_id).name
        if key == "losses":
            return f"{name}: {v} steps lost in all"
        if key == "demoralized":
            return f"{name}: demoralized (XII)" if v else f"{name}: no longer demoralized"
        return None
    if put.entity == "leader":
        name = state.leader(put.row_id).name
        if key == "killed":
            return f"{name} killed (XIV.5)" if v else f"{name} back in the battle"
        if key == "wounded_until":
            return f"{name}: wounded, back on turn {v} (XVII.1)" if v else f"{name}: back"
        if key == "initiative_turn":
            return f"{name}: his units' morale lower on turn {v} (XVII.7)"
        if key == "initiative_malus":
            return f"{name}: by {v}"
        return None
    if key == "pending":
        return _due_words(state, v)
    if key == "phase":
        return f"on to the {str(v).replace('_', ' ')} phase"
    if key == "round":
        return f"player turn {v}"
    if key == "turn":
        return f"turn {v}"
    return None


def _unit_words(state: PlayState, unit_id: int, key: str, v: Any) -> str | None:
    u = state.unit(unit_id)
    if key in _QUIET:
        return ""
    if key == "steps":
        return f"{u.name}: {u.markers.get('steps', v)} → {v} steps"
    if key == "disorganized":
        return f"{u.name}: disorganized (marker of turn {v})" if v else f"{u.name}: rallied"
    if key == "eliminated":
        return f"{u.name} eliminated" if v else f"{u.name} back in the battle"
    if key == "straggler":
        return f"{u.name}: a straggler (XII.2)" if v else f"{u.name}: no longer a straggler"
    if key == "routed":
        return f"{u.name}: routed (XVI.5)" if v else f"{u.name}: no longer routed"
    if key == "half_loss":
        half = u.markers.get("half_loss")
        if v:
            return f"{u.name}: half a step lost (XVI.2)"
        return f"{u.name}: the second half makes a whole step (XVI.2)" if half else ""
    if key == "formation":
        return f"{u.name}: in {v}" if v else None
    return None


def _due_words(state: PlayState, items: Any) -> str:
    """The checks a change makes due, by their turn guide's label; one done is not news."""
    before = list(state.pack_state.get("pending") or [])
    added = [p for p in items or [] if p not in before and isinstance(p, dict)]
    return "; ".join(f"due: {p.get('label', p.get('check'))} ({p.get('rule')})" for p in added)
