"""What each phone may see of a game, as plain JSON-ready dicts built once per change.

The players' phones are another view of the same frozen game view the players' display
renders, filtered the same way (:mod:`eote_ref.referee.players_view` for EotE, the pack's
``players_state`` for a pack with declared play):

* the spectators' page is the display shown to the whole table (no viewing side);
* a side's page is the display shown to that side (its own CE where the fog of war allows,
  EotE 7.4), plus what belongs to that side alone: its leaders with their ratings, the
  content of its orders in force and in transit (its order sheet, EotE 3.1-3.4), and in a
  pack game its hidden keys (an AVlE hand of cards, 4.1) and the checks it may ask for;
  under fog of war a pack game's pages leave out what the pack declares fogged
  (``Play.fog``: an AVlE unit's elements) of each side the page's reader may not see.

Nothing is redacted by reading words: the CE is left out by :func:`ce_hidden`, the results by
their pieces' ``reveals`` marks (:func:`last_results`), an order's content by taking it only
from the side's own order sheet, a hand by the play's ``hidden`` keys. A snapshot is built on
the thread that owns the game's service (the server threads only serve it).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.referee.army_morale import TrackView, shown_line, tracks_of
from eote_ref.referee.briefings import visible_briefings
from eote_ref.referee.fog import fog_line
from eote_ref.referee.game import GameService
from eote_ref.referee.order_sheet import order_sheet
from eote_ref.referee.players_view import (
    FOG_WORDS,
    Fog,
    ShownResult,
    ce_hidden,
    division_state,
    fog_of_war,
    last_results,
    order_state,
    unit_markers,
)
from eote_ref.referee.scenario_state import scenario_of
from eote_ref.referee.views import GameView, LeaderView, SideView

#: Results each page shows, newest first (as the display).
RESULTS_SHOWN = 4

#: The order types a side may write on its phone (EotE 3.2), as on the order form.
ORDER_TYPES = ("DEFEND", "ATTACK", "MANEUVER", "RESERVE", "WITHDRAW", "PURSUIT")


@dataclass(frozen=True)
class Snapshot:
    """One change of the game as every page sees it: the spectators' and each side's dict.

    ``sides`` maps a side's position to its page; ``names`` its name; ``forms`` what the side
    may send (the EotE order form, a pack's checks due to it), for the server to check a
    request against.
    """

    spectators: dict[str, Any]
    sides: dict[int, dict[str, Any]]
    names: dict[int, str]
    forms: dict[int, dict[str, Any]] = field(default_factory=dict)
    #: ``(turn, phase)``: the ready flags are for this phase and cleared at the next.
    phase_key: tuple[int, str] = (0, "")


def _results(shown: list[ShownResult]) -> list[dict[str, Any]]:
    out = []
    for r in shown:
        parts = []
        for p in r.parts:
            part: dict[str, Any] = {
                "title": p.title,
                "modifiers": [
                    {
                        "value": m.value,
                        "reason": m.reason,
                        "rule": m.rule,
                        "provisional": m.provisional,
                    }
                    for m in p.modifiers
                ],
                "dice": list(p.dice),
                "result": p.result,
                "ce_hidden": p.ce_hidden,
            }
            if p.base is not None:
                part["base"] = p.base
            if p.modified is not None:
                part["modified"] = p.modified
            parts.append(part)
        out.append({"turn": r.turn, "summary": r.summary, "parts": parts})
    return out


def _leader(leader: LeaderView | None, *, own: bool) -> dict[str, Any] | None:
    """A leader: his name and state for all; his rating for his own side only."""
    if leader is None:
        return None
    out: dict[str, Any] = {"name": leader.name, "killed": leader.killed}
    if own:
        out["level"] = leader.level
        out["rating"] = leader.rating
    return out


def _side(side: SideView, *, show_ce: bool, own: bool) -> dict[str, Any]:
    divisions = []
    for d in side.divisions:
        units = []
        for u in d.units:
            unit: dict[str, Any] = {
                "code": u.code,
                "name": u.name,
                "markers": unit_markers(u),
                "routed": u.routed,
            }
            if show_ce:  # as on the dashboard: CE after hits / printed CE (EotE 7.4)
                unit["ce"] = f"{u.effective_ce}/{u.ce}"
            units.append(unit)
        divisions.append(
            {
                "title": d.title,
                "state": division_state(d),
                "orders": order_state(d),
                "leader": _leader(d.leader, own=own),
                "units": units,
            }
        )
    out: dict[str, Any] = {
        "position": side.position,
        "name": side.name,
        "own": own,
        "divisions": divisions,
    }
    if own:
        out["commanders"] = [
            {"name": c.name, "level": c.level, "leader": _leader(c.leader, own=True)}
            for c in side.commanders
        ]
    return out


def _fog_words(fog: Fog, viewer: str | None) -> str:
    return fog_line(fog, FOG_WORDS, viewer)


@dataclass(frozen=True)
class _Scenario:
    """What a scenario adds to the pages, read once per snapshot (empty for no scenario)."""

    data: Mapping[str, Any]
    tracks: tuple[TrackView, ...]


def _tracks(scenario: _Scenario, view: GameView, fog: Fog, viewer: int | None) -> list[Any]:
    """The army morale tracks as ``viewer``'s players' display shows them (house rule)."""
    names = [s.name for s in sorted(view.sides, key=lambda s: s.position)]
    return [
        {
            "side": t.side,
            "text": shown_line(t, names, hidden=ce_hidden(fog, t.side, viewer)),
        }
        for t in scenario.tracks
    ]


def _eote_page(
    service: GameService,
    view: GameView,
    viewer: int | None,
    results: list[dict[str, Any]],
    fog: Fog,
    scenario: _Scenario,
) -> dict[str, Any]:
    me = next((s for s in view.sides if s.position == viewer), None)
    page: dict[str, Any] = {
        "pack": "eote",
        "game": view.name,
        "turn": view.turn,
        "phase": view.phase.label,
        "heading": f"Turn {view.turn} · {view.phase.label} phase",
        "initiative": view.initiative_side or "not yet decided",
        "fog": _fog_words(fog, me.name if me else None),
        "me": None if me is None else {"position": me.position, "name": me.name},
        "sides": [
            _side(
                s,
                show_ce=not ce_hidden(fog, s.position, viewer),
                own=viewer is not None and s.position == viewer,
            )
            for s in view.sides
        ],
        "results": results,
        "army_morale": _tracks(scenario, view, fog, viewer),
    }
    if me is not None:
        # Its own briefings only, as on its order sheet: a timed note from its turn on.
        page["briefings"] = [
            {"text": b.text, "turn": b.turn}
            for b in visible_briefings(scenario.data, me.position, view.turn)
        ]
        sheet = order_sheet(service, me.position, view)
        page["orders"] = {
            "in_transit": [
                {
                    "division": o.division,
                    "order": o.order,
                    "sender": o.sender,
                    "written_turn": o.written_turn,
                    "takes_effect_turn": o.takes_effect_turn,
                }
                for o in sheet.in_transit
            ],
            "in_force": [{"division": o.division, "order": o.order} for o in sheet.in_force],
        }
    return page


def eote_snapshot(
    service: GameService, view: GameView | None = None, fog: Fog | None = None
) -> Snapshot:
    """Every page of an EotE game as of ``view`` (read now when None).

    ``fog`` is the fog of war the players' display holds (None: the game's own choice, as
    :func:`fog_of_war` reads it): the one place the phones take it from.
    """
    view = view or service.view()
    fog = fog_of_war(view) if fog is None else fog
    data, state = scenario_of(service)
    tracks = tracks_of(service.read, data, state, view.turn) if data.get("army_morale") else ()
    scenario = _Scenario(data, tracks)
    # As the display: one hidden CE hides the CE-built figures of every result (a result
    # names no side the reader could be sure of).
    hide = any(ce_hidden(fog, s.position, None) for s in view.sides)
    results_all = _results(last_results(service, RESULTS_SHOWN, hide_ce=hide))
    sides: dict[int, dict[str, Any]] = {}
    forms: dict[int, dict[str, Any]] = {}
    for s in view.sides:
        hide_own = any(ce_hidden(fog, o.position, s.position) for o in view.sides)
        results = _results(last_results(service, RESULTS_SHOWN, hide_ce=hide_own))
        sides[s.position] = _eote_page(service, view, s.position, results, fog, scenario)
        form = {
            "kind": "order",
            "divisions": [{"id": d.id, "title": d.title} for d in s.divisions],
            "types": list(ORDER_TYPES),
        }
        forms[s.position] = form
        sides[s.position]["form"] = form
    return Snapshot(
        spectators=_eote_page(service, view, None, results_all, fog, scenario),
        sides=sides,
        names={s.position: s.name for s in view.sides},
        forms=forms,
        phase_key=(view.turn, view.phase.value),
    )


# ----------------------------------------------------------------------------- packs


def _pack_side(view: Any, shown: Any, side: Any, service: Any, *, own: bool) -> dict[str, Any]:
    from eote_ref.referee.pack_view import players_leader_lines, players_lines, players_unit_lines

    return {
        "position": side.position,
        "name": side.name,
        "own": own,
        "lines": players_lines(side, service),
        "units": [{"name": n, "markers": m} for n, m in players_unit_lines(view, shown, side)],
        "leaders": [{"name": n, "markers": m} for n, m in players_leader_lines(view, shown, side)],
    }


def _asks(check: Any) -> list[dict[str, Any]]:
    out = []
    for a in check.facts():
        if a.derived:
            continue
        out.append(
            {
                "key": a.key,
                "label": a.label,
                "kind": a.kind,
                "default": a.default,
                "rule": a.rule,
                "choices": [[v, label] for v, label in a.choices],
                "minimum": a.minimum,
                "maximum": a.maximum,
            }
        )
    return out


def pack_snapshot(service: Any, fog: Fog | None = None) -> Snapshot:
    """Every page of a pack game (a ``PackGameService``'s), hidden keys kept to their side.

    ``fog`` is the fog of war the players' display holds (None: the game's own choice): a
    side's page leaves out what the pack declares fogged of the other side (of both, with
    "both"), the spectators' page of every side.
    """
    from eote_ref.referee.pack_view import read_pack_view, side_words

    view = read_pack_view(service)
    fog = service.fog(view.state) if fog is None else fog
    fog_words = service.play.fog_words if service.play.fog else ""
    hidden: Mapping[str, frozenset[str]] = getattr(service.play, "hidden", {})

    def results(viewer: Any) -> list[dict[str, Any]]:  # a fogged hand edit veiled (issue 32)
        position = None if viewer is None else viewer.position
        shown = service.players_results(RESULTS_SHOWN, position, fog, view.state)
        return [{"turn": turn, "summary": line, "parts": []} for turn, line in shown]

    label = view.turn_label[:1].upper() + view.turn_label[1:]

    def page(viewer: Any) -> dict[str, Any]:
        position = None if viewer is None else viewer.position
        shown = service.players_state(position, fog, view.state)
        return {
            "pack": view.pack,
            "game": view.name,
            "turn": view.turn,
            "phase": str(view.state.phase),
            "heading": label,
            "fog": fog_line(fog, fog_words, None if viewer is None else viewer.name)
            if fog_words
            else "",
            "me": None if viewer is None else {"position": viewer.position, "name": viewer.name},
            "sides": [
                _pack_side(view, shown, s, service, own=viewer is not None and s.id == viewer.id)
                for s in shown.sides
            ],
            "results": results(viewer),
        }

    sides: dict[int, dict[str, Any]] = {}
    forms: dict[int, dict[str, Any]] = {}
    for real in view.state.sides:
        p = page(real)
        # The side's own hidden keys (its hand, 4.1): shown to it alone, in the pack's words.
        secret = []
        for key in sorted(hidden.get("side", frozenset())):
            value = real.pack_state.get(key)
            words = side_words(service, key, value)
            if words:
                secret.append(words)
        p["secret"] = secret
        checks = []
        for due in view.due:
            if dict(due.target) != {"side_id": real.id}:
                continue
            try:
                asks = _asks(service.open_check(due.check, **due.target))
            except ValueError:  # a check the pack refuses now: nothing to offer
                continue
            checks.append(
                {
                    "check": due.check,
                    "label": due.label,
                    "rule": due.rule,
                    "target": dict(due.target),
                    "asks": asks,
                }
            )
        form = {"kind": "pack", "checks": checks}
        p["form"] = form
        sides[real.position] = p
        forms[real.position] = form
    return Snapshot(
        spectators=page(None),
        sides=sides,
        names={s.position: s.name for s in view.state.sides},
        forms=forms,
        phase_key=(view.turn, f"{view.state.phase}/{view.round}"),
    )


def snapshot(service: GameService, fog: Fog | None = None) -> Snapshot:
    """The pages of the game of ``service``, whichever its pack (``fog``: the display's, if any)."""
    if hasattr(service, "players_state"):
        return pack_snapshot(service, fog)
    return eote_snapshot(service, fog=fog)
