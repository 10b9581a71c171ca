"""The players' pages in a real browser: load, follow an apply, send an order, press Ready.

The server runs in this process on 127.0.0.1 (a free port), following a real game file; the
referee's services make the changes, as the umpire's app does.
"""

from __future__ import annotations

import pathlib
from collections.abc import Iterator
from typing import Any

import pytest

from eote_ref.referee.game import GameService
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import PhoneServer
from tests.avle_games import quatre_bras
from tests.backends import DbTarget
from tests.browser.browser import WAIT_S, wait_for
from tests.conftest import DatabaseTemplates, open_from_template, waterloo_setup

pytestmark = pytest.mark.slow


@pytest.fixture
def waterloo(db_target: DbTarget, db_templates: DatabaseTemplates) -> Iterator[GameService]:
    db, game_id = open_from_template(db_target, db_templates, "waterloo", waterloo_setup)
    assert isinstance(game_id, int)
    yield GameService(db, game_id)
    db.close()


def serve(game: GameService) -> PhoneServer:
    server = PhoneServer("127.0.0.1", 0)
    publisher = Publisher(game, server)
    publisher.follow()
    publisher.refresh()
    server.start()
    return server


#: The page's reads of the game whose answers have come back whole (Resource Timing).
READS_RECEIVED = (
    "return performance.getEntriesByType('resource')"
    ".filter(function (e) { return e.name.indexOf('view.json') >= 0; }).length;"
)


def text(driver: Any, element_id: str) -> str:
    return str(driver.find_element("id", element_id).text)


def test_a_side_follows_the_game_sends_an_order_and_is_ready(
    browser: Any, waterloo: GameService, tmp_path: pathlib.Path
) -> None:
    from selenium.webdriver.support.ui import Select

    server = serve(waterloo)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Turn 1" in text(d, "heading"))
        assert "Anglo-Allied" in text(browser, "sides")
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "French" in text(d, "game"))
        assert "(your side)" in text(browser, "sides")
        chief = next(c.leader for c in waterloo.view().sides[1].commanders if c.leader is not None)
        assert f"{chief.name} (" in text(browser, "sides")  # his level and rating
        # an apply made by the referee's service reaches the page (server-sent events)
        unit = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
        waterloo.toggle_unit(unit.id, "disordered")
        wait_for(browser, lambda d: "disordered" in text(d, "sides"))
        # an order written on the phone waits for the umpire
        division = waterloo.view().sides[1].divisions[1]
        Select(browser.find_element("id", "order-division")).select_by_visible_text(division.title)
        Select(browser.find_element("id", "order-type")).select_by_visible_text("ATTACK")
        browser.find_element("id", "order-objective").send_keys("the farm <b>by</b> the road")
        browser.find_element("id", "send-order").click()
        wait_for(browser, lambda d: "Sent" in text(d, "sent"))
        pending = server.inbox.pending()
        assert [r.data["division_id"] for r in pending] == [division.id]
        assert pending[0].data["objective"] == "the farm <b>by</b> the road"
        wait_for(browser, lambda d: "the farm <b>by</b> the road" in text(d, "requests"))
        # Ready for the phase
        browser.find_element("id", "ready").click()
        wait_for(browser, lambda _d: french.side in server.inbox.ready())
        wait_for(browser, lambda d: "French: ready" in text(d, "readiness"))
        shot = tmp_path / "side.png"
        assert browser.save_screenshot(str(shot))
        assert shot.stat().st_size > 10_000
    finally:
        server.stop()


def test_an_avle_side_chooses_its_hand_on_the_phone(browser: Any, db: Any) -> None:
    game = quatre_bras(db)
    server = serve(game)
    try:
        allies = next(x for x in server.links() if x.name == "Allies")
        browser.get(server.url(allies.path))
        wait_for(browser, lambda d: "hand of 6 cards" in text(d, "form"))
        boxes = browser.find_elements("css selector", "#form input[type=checkbox]")
        assert sum(1 for b in boxes if b.is_selected()) == 6  # the hand the rules offer
        browser.find_element("css selector", "#form button.pack-send").click()
        wait_for(browser, lambda d: "Sent" in text(d, "sent"))
        assert [r.data["check"] for r in server.inbox.pending()] == ["hand"]
    finally:
        server.stop()


def test_without_server_sent_events_the_page_asks_every_second(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "MAX_STREAMS", 0)  # every event stream refused
    server = serve(waterloo)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Turn 1" in text(d, "heading"))
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        waterloo.toggle_unit(unit.id, "disordered")
        wait_for(browser, lambda d: "disordered" in text(d, "sides"))
    finally:
        server.stop()


def test_a_side_reads_its_briefing_its_timed_note_and_the_morale_tracks(
    browser: Any, db: Any
) -> None:
    from eote_ref.referee.scenario_setup import create_scenario_game, load, shipped_scenarios

    derlon = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")
    game = GameService(db, create_scenario_game(db, load(derlon)))
    server = serve(game)
    try:
        french, allied = (next(x for x in server.links() if x.side == s) for s in (0, 1))
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "The Emperor expects" in text(d, "briefings"))
        assert "Frischermont" not in text(browser, "briefings")  # its turn is 4
        assert "French army morale 20 of 20" in text(browser, "morale")
        # the timed note comes at its turn, pushed by server-sent events
        while game.view().turn < 4:
            game.advance_phase()
        wait_for(browser, lambda d: "Turn 4: Word from the right" in text(d, "briefings"))
        browser.get(server.url(allied.path))
        wait_for(browser, lambda d: "Hold the lane" in text(d, "briefings"))
        assert "Emperor" not in browser.page_source
        assert "Frischermont" not in browser.page_source
        browser.get(server.url("/"))  # the table's page: tracks, never a briefing
        wait_for(browser, lambda d: "Anglo-Allied army morale" in text(d, "morale"))
        assert not browser.find_elements("id", "briefings")
        assert "secret level" in text(browser, "morale")
    finally:
        server.stop()


def test_a_late_answer_never_replaces_a_newer_page(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A read slowed on its way back never paints over the newer page read after it.

    Two changes close together: the stale page used to stay until the next change.
    """
    import threading
    import time

    server = serve(waterloo)
    original = server.page
    slow = threading.Event()
    read = threading.Event()
    asked = [0]  # the page's reads the server has taken

    def page(side: int | None) -> Any:
        asked[0] += 1
        got = original(side)
        if slow.is_set():
            slow.clear()
            read.set()
            time.sleep(0.8)  # read before the second change, answered after it
        return got

    monkeypatch.setattr(server, "page", page)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Turn 1" in text(d, "heading"))
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        slow.set()
        waterloo.toggle_unit(unit.id, "disordered")
        assert read.wait(WAIT_S)
        waterloo.toggle_unit(unit.id, "disordered")  # undone: the newest page has no disorder
        final = str(original(None)[0])  # type: ignore[index]
        wait_for(
            browser,
            lambda d: d.find_element("tag name", "body").get_attribute("data-version") == final,
        )
        # the answer to every read taken has reached the page, the slow one included
        # (however loaded the machine): then the page's handling of it has run too
        wait_for(browser, lambda d: d.execute_script(READS_RECEIVED) >= asked[0])
        assert browser.find_element("tag name", "body").get_attribute("data-version") == final
        assert "disordered" not in text(browser, "sides")
    finally:
        server.stop()
