"""No side's JSON carries what the other side may not see, for every kind of hidden information.

Tested on the JSON the server sends (``/s/TOKEN/view.json`` and ``/view.json``), not on the
HTML: the CE under fog of war (EotE 7.4), the content of an order (EotE 3.1-3.4), a side's
pending request, an AVlE hand of cards (4.1), a scenario's private briefings and timed notes
(its own side's only, from their turn on), an army morale track's value under fog and its
secret threshold (a house rule of the scenario, never shown), and what a pack declares fogged
(an AVlE unit's elements and passed morale test) under the game's fog of war.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from eote_ref.packs.eote.checks import open_check
from eote_ref.referee import army_morale
from eote_ref.referee.fog import choose_fog, fog_in
from eote_ref.referee.follow import DisplayWatcher, open_read_only
from eote_ref.referee.game import GameService
from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.players_view import Fog, set_fog_of_war
from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios
from eote_ref.store import Database, SetField, history
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import PhoneServer
from tests.avle_games import mark
from tests.unit.web.conftest import get_json, post, serve, side_url

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")

#: Words of each briefing of waterloo-derlon: French (side 0), its timed note of turn 4, and
#: the Anglo-Allied's (side 1).
FRENCH = "The Emperor expects the ridge taken"
FRENCH_TURN_4 = "Prussian cavalry seen near Frischermont"
ALLIED = "Hold the lane and the hedges"


def derlon(db: Database) -> GameService:
    """D'Erlon's attack (a scenario with briefings, a timed note and two morale tracks)."""
    return GameService(db, create_scenario_game(db, load(DERLON)))


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


def pack_markers(page: dict[str, Any], position: int) -> str:
    """Every unit's markers of side ``position`` on a pack game's page, as one text."""
    side = next(s for s in page["sides"] if s["position"] == position)
    return json.dumps([u["markers"] for u in side["units"]], ensure_ascii=False)


def test_an_avle_unit_s_fogged_state_reaches_only_its_own_side(avle: PackGameService) -> None:
    """Under fog an AVlE unit's elements and passed morale test (house, 1.1 and 15.0) stay home."""
    state = avle.state()
    by_side = {s.position: state.units_of(s.id) for s in state.sides}
    for units in by_side.values():  # one unit of each side passed its morale test (15.0)
        mark(avle, ("game_unit", units[0].id, "markers.passed_morale", True))
    server, _ = serve(avle)
    try:
        shown = pages(server)
        for page in shown.values():  # fog off: everything shows, on every page
            for position in (0, 1):
                assert "element" in pack_markers(page, position)
                assert "passed its morale test" in pack_markers(page, position)
            assert page["fog"] == ""
        choose_fog(avle, fog_in(avle.state().options), Fog.OPPONENT)
        shown = pages(server)
        for viewer in (0, 1):
            assert "element" in pack_markers(shown[viewer], viewer)
            assert "passed its morale test" in pack_markers(shown[viewer], viewer)
            assert "element" not in pack_markers(shown[viewer], 1 - viewer)
            assert "morale" not in pack_markers(shown[viewer], 1 - viewer)
            assert shown[viewer]["fog"].startswith("Fog of war: shown to ")
        for position in (0, 1):  # the whole table's page hides both
            assert "element" not in pack_markers(shown["spectators"], position)
        assert shown["spectators"]["fog"] == "Fog of war: elements and morale hidden"
        choose_fog(avle, fog_in(avle.state().options), Fog.BOTH)
        for page in pages(server).values():
            for position in (0, 1):
                assert "element" not in pack_markers(page, position)
                assert "morale" not in pack_markers(page, position)
        choose_fog(avle, fog_in(avle.state().options), Fog.OFF)
        for page in pages(server).values():
            assert "element" in pack_markers(page, 0)
            assert "element" in pack_markers(page, 1)
    finally:
        server.stop()


def test_a_hand_edit_of_a_fogged_count_is_veiled_in_the_results(avle: PackGameService) -> None:
    """Found in a club-night trial: a unit's elements set by hand named them in the results.

    Under fog the markers hid an AVlE unit's elements (house, 1.1), but the step's line
    (*By hand: Bijlandt's brigade (line): 4 → 3 element(s)*) reached the other side's page
    and the whole table's. It is veiled there now; its own side and the umpire read it whole.
    """
    state = avle.state()
    side = {s.position: s for s in state.sides}
    unit = state.units_of(side[1].id)[0]
    choose_fog(avle, fog_in(avle.state().options), Fog.OPPONENT)
    avle.edit("unit", unit.id, "elements", 3)
    assert "4 → 3" in avle.journal()[0].summary  # the umpire's journal keeps it whole
    server, _ = serve(avle)
    try:
        shown = pages(server)
        for whose in (0, "spectators"):
            text = json.dumps(shown[whose]["results"], ensure_ascii=False)
            assert "→" not in text, whose
            assert "element(s)" not in text, whose
            assert unit.name in text  # the step is there, its figures are not
        assert "4 → 3" in json.dumps(shown[1]["results"], ensure_ascii=False)
    finally:
        server.stop()
    choose_fog(avle, fog_in(avle.state().options), Fog.OFF)
    shown_off = avle.players_results(3, None, Fog.OFF)
    assert "4 → 3" in shown_off[0][1]


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


def test_a_briefing_reaches_its_own_side_and_a_timed_note_only_from_its_turn(
    db: Database,
) -> None:
    game = derlon(db)
    server, _ = serve(game)
    try:
        shown = pages(server)
        assert [b["turn"] for b in shown[0]["briefings"]] == [None]
        assert FRENCH in shown[0]["briefings"][0]["text"]
        assert [b["turn"] for b in shown[1]["briefings"]] == [None]
        assert ALLIED in shown[1]["briefings"][0]["text"]
        assert "briefings" not in shown["spectators"]
        for page in shown.values():  # the note of turn 4 is nowhere before turn 4
            assert FRENCH_TURN_4 not in json.dumps(page, ensure_ascii=False)
        assert FRENCH not in json.dumps(shown[1], ensure_ascii=False)
        assert ALLIED not in json.dumps(shown[0], ensure_ascii=False)
        while game.view().turn < 4:
            game.advance_phase()
        shown = pages(server)
        assert [b["turn"] for b in shown[0]["briefings"]] == [None, 4]
        assert FRENCH_TURN_4 in shown[0]["briefings"][1]["text"]
        for other in (shown[1], shown["spectators"]):
            text = json.dumps(other, ensure_ascii=False)
            for words in (FRENCH, FRENCH_TURN_4):
                assert words not in text
        assert ALLIED not in json.dumps(shown["spectators"], ensure_ascii=False)
        assert ALLIED not in json.dumps(shown[0], ensure_ascii=False)
    finally:
        server.stop()


def morale_lines(page: dict[str, Any]) -> dict[int, str]:
    return {t["side"]: t["text"] for t in page["army_morale"]}


def test_the_army_morale_tracks_are_shown_as_the_fog_allows(db: Database) -> None:
    game = derlon(db)
    server, _ = serve(game)
    try:
        shown = pages(server)
        for page in shown.values():  # no fog: both values, the secret level never
            lines = morale_lines(page)
            assert lines[0] == "French army morale 20 of 20 (demoralised at 8)"
            assert lines[1] == "Anglo-Allied army morale 18 of 18 (demoralised at a secret level)"
        set_fog_of_war(game, Fog.OPPONENT)
        shown = pages(server)
        full = {0: "French army morale 20 of 20", 1: "Anglo-Allied army morale 18 of 18"}
        veiled = {0: "French army morale: holding", 1: "Anglo-Allied army morale: holding"}
        for viewer in (0, 1):  # its own value, the other's only holding or demoralised
            lines = morale_lines(shown[viewer])
            assert lines[viewer].startswith(full[viewer])
            assert lines[1 - viewer] == veiled[1 - viewer]
        assert morale_lines(shown["spectators"]) == veiled
        set_fog_of_war(game, Fog.BOTH)
        for page in pages(server).values():
            assert morale_lines(page) == veiled
    finally:
        server.stop()


def test_a_secret_morale_threshold_is_on_no_page_once_rolled(db: Database) -> None:
    """The Anglo-Allied level, rolled near the end of its track, is told to no side."""
    game = derlon(db)
    server, _ = serve(game)
    try:
        units = [u for u in game.view().sides[1].units if not u.routed][:9]
        game.record(
            "marker", "rout", [SetField("game_unit", u.id, "markers.routed", True) for u in units]
        )  # 18 - 9 = 9: within 3 of the level, the secret roll is due
        track = army_morale.tracks(game)[1]
        assert track.secret_due
        army_morale.roll_secret(game, track.key, 4)  # 6 + 4 - 3: demoralised at 7
        assert army_morale.tracks(game)[1].level == 7
        shown = pages(server)
        for page in shown.values():
            line = morale_lines(page)[1]
            assert line == "Anglo-Allied army morale 9 of 18 (demoralised at a secret level)"
            track_words = json.dumps(page["army_morale"])
            assert "at 7" not in track_words
            assert all(set(t) == {"side", "text"} for t in page["army_morale"])  # no figures
        # under fog the other side learns only that the track holds (9 > 7)
        set_fog_of_war(game, Fog.OPPONENT)
        shown = pages(server)
        assert morale_lines(shown[0])[1] == "Anglo-Allied army morale: holding"
        assert morale_lines(shown[1])[1].startswith("Anglo-Allied army morale 9 of 18")
    finally:
        server.stop()


def test_fog_set_as_a_view_setting_reaches_the_phones_at_the_next_update(
    waterloo: GameService,
) -> None:
    """No journal step, but a new version: the pages are built again at once (EotE 7.4)."""
    server, _ = serve(waterloo)
    steps = len(waterloo.read(history, limit=1000))
    try:
        before = get_json(side_url(server, 1, "view.json"))
        assert all("ce" in u for s in (0, 1) for u in units_of(before, s))
        assert set_fog_of_war(waterloo, Fog.OPPONENT)
        after = get_json(side_url(server, 1, "view.json"))
        assert after["version"] == before["version"] + 1  # one update
        assert after["fog"] == "Fog of war: shown to French"
        assert all("ce" in u for u in units_of(after, 1))
        assert not any("ce" in u for u in units_of(after, 0))
        assert len(waterloo.read(history, limit=1000)) == steps  # a view setting
    finally:
        server.stop()


def test_a_display_process_follows_the_fog_the_umpire_sets(waterloo: GameService) -> None:
    """``display --web`` on the file: the umpire's fog reaches the phones at its next look."""
    if waterloo.db.path is None:
        pytest.skip("followed here on a database file (PostgreSQL: the same watcher)")
    ro = open_read_only(waterloo.db.path)
    server = PhoneServer("127.0.0.1", 0, accepts_requests=False)
    watcher = DisplayWatcher(ro)
    try:
        publisher = Publisher(GameService(ro, waterloo.game_id), server)
        publisher.refresh()
        server.start()
        before = get_json(side_url(server, 0, "view.json"))
        assert all("ce" in u for u in units_of(before, 1))
        set_fog_of_war(waterloo, Fog.OPPONENT)
        assert watcher.changed()  # the headless loop's look, as run_web makes it
        publisher.refresh()
        after = get_json(side_url(server, 0, "view.json"))
        assert after["version"] == before["version"] + 1
        assert all("ce" in u for u in units_of(after, 0))
        assert not any("ce" in u for u in units_of(after, 1))
    finally:
        server.stop()
        watcher.close()
        ro.close()
