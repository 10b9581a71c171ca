"""No side's JSON carries what the other side may not see, for every kind of hidden information.

Tested on the JSON the server sends (``/s/TOKEN/view.json`` and ``/view.json``), not on the
HTML: the CE under fog of war (EotE 7.4), the content of an order (EotE 3.1-3.4), a side's
pending request, an AVlE hand of cards (4.1). The game has no private briefing yet: none
can leak.
"""

from __future__ import annotations

import json
from typing import Any

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.players_view import Fog, set_fog_of_war
from tests.unit.web.conftest import get_json, post, serve, side_url


def pages(server: Any) -> dict[str, Any]:
    """Every page's JSON, by whose it is (side position or ``spectators``)."""
    out: dict[str, Any] = {"spectators": get_json(server.url("/view.json"))}
    for link in server.links():
        out[link.side] = get_json(side_url(server, link.side, "view.json"))
    return out


def without_form(page: dict[str, Any]) -> str:
    """The page as text without its order form (the same list of order types for all)."""
    return json.dumps({k: v for k, v in page.items() if k != "form"}, ensure_ascii=False)


def units_of(page: dict[str, Any], position: int) -> list[dict[str, Any]]:
    side = next(s for s in page["sides"] if s["position"] == position)
    return [u for d in side["divisions"] for u in d["units"]]


def test_ce_under_fog_reaches_only_its_own_side(waterloo: GameService) -> None:
    server, _ = serve(waterloo)
    try:
        assert all(
            "ce" in u for p in pages(server).values() for s in (0, 1) for u in units_of(p, s)
        )
        set_fog_of_war(waterloo, Fog.OPPONENT)
        shown = pages(server)
        for viewer in (0, 1):
            assert all("ce" in u for u in units_of(shown[viewer], viewer))
            assert not any("ce" in u for u in units_of(shown[viewer], 1 - viewer))
        assert not any("ce" in u for s in (0, 1) for u in units_of(shown["spectators"], s))
        # a morale test's CE-built figures are left out of every page (EotE 7.5)
        unit = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
        open_check(waterloo, "morale", unit_id=unit.id).apply({"roll": 1})
        for page in pages(server).values():
            part = page["results"][0]["parts"][0]
            assert part["ce_hidden"] is True
            assert "base" not in part
            assert "modified" not in part
        set_fog_of_war(waterloo, Fog.BOTH)
        shown = pages(server)
        for page in shown.values():
            assert not any("ce" in u for s in (0, 1) for u in units_of(page, s))
    finally:
        server.stop()


def test_an_order_s_content_and_a_request_reach_only_the_side_that_wrote_them(
    waterloo: GameService,
) -> None:
    while waterloo.view().turn < 2 or waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    server, _ = serve(waterloo)
    try:
        d = next(d for d in waterloo.view().sides[0].divisions if len(d.units) >= 4)
        check = open_check(waterloo, "order", division_id=d.id)
        check.set("order", "MANEUVER")
        check.set("distance_in", 40.0)
        check.apply({"roll": 0})
        status, _ = post(
            side_url(server, 0, "request"),
            {"division_id": d.id, "order": "PURSUIT", "objective": "the windmill of Zwijn"},
        )
        assert status == 200
        shown = pages(server)
        own = without_form(shown[0])
        assert "MANEUVER" in own
        assert "the windmill of Zwijn" in own
        for other in (shown[1], shown["spectators"]):
            text = without_form(other)
            assert "MANEUVER" not in text
            assert "PURSUIT" not in text
            assert "Zwijn" not in text
            assert other.get("requests", []) == []
            assert "orders" not in other or other["orders"]["in_transit"] == []
        # the other side sees only that an order travels (EotE 3.1)
        them = next(x for x in shown[1]["sides"] if x["position"] == 0)
        division = next(x for x in them["divisions"] if x["title"] == d.title)
        assert division["orders"] == "order in transit"
        # leaders' ratings are their own side's
        assert all(dv["leader"] is None or "rating" not in dv["leader"] for dv in them["divisions"])
        assert "commanders" not in them
    finally:
        server.stop()


def test_a_hand_of_cards_reaches_only_its_side(avle: PackGameService) -> None:
    server, _ = serve(avle)
    try:
        sides = {s.position: s.id for s in avle.state().sides}
        secret = ["coordinated_attack", "infantry_manoeuvre", "cavalry_grand_charge",
                  "bombardment", "left", "right"]  # fmt: skip
        status, answer = post(
            side_url(server, 1, "request"), {"check": "hand", "answers": {"hand": secret}}
        )
        assert status == 200, answer
        shown = pages(server)
        assert "Coordinated Attack" in json.dumps(shown[1]["requests"])
        assert "Coordinated Attack" not in without_form(shown[0])
        assert "Coordinated Attack" not in json.dumps(shown["spectators"])
        # the umpire accepts both hands; each side reads its own, never the other's
        check = avle.open_check("hand", side_id=sides[0])
        check.apply()
        check = avle.open_check("hand", side_id=sides[1])
        check.set("hand", secret)
        check.apply()
        shown = pages(server)
        assert any("Coordinated Attack" in line for line in shown[1]["secret"])
        for other in (shown[0], shown["spectators"]):
            text = json.dumps(other, ensure_ascii=False)
            for card in ("coordinated_attack", "Coordinated Attack", "Bombardment"):
                assert card not in text
        assert shown[0]["secret"]
        assert not any("Bombardment" in x for x in shown[0]["secret"])
        assert "secret" not in shown["spectators"]
    finally:
        server.stop()


def test_the_fog_the_display_holds_is_the_phones_fog(waterloo: GameService) -> None:
    """A fog chosen for the display outside the game's options still hides the CE."""
    server, publisher = serve(waterloo)
    try:
        publisher.fog = Fog.BOTH
        publisher.refresh()
        for page in pages(server).values():
            assert not any("ce" in u for s in (0, 1) for u in units_of(page, s))
    finally:
        server.stop()
