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

    Two changes close together: the stale page used to stay until the next change. The
    first read's answer is held until the page shows the newest game (however fast or slow
    the machine): a page that sent a second read meanwhile shows it, then the held answer.
    One read at a time, the page gives the held one up (after its keep-alive) and reads on.
    """
    import threading

    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "KEEP_ALIVE", 2.0)  # a held read is given up after 2 s
    server = serve(waterloo)
    original = server.page
    slow = threading.Event()
    read = threading.Event()
    release = threading.Event()
    asked = [0]  # the page's reads the server has taken

    def page(side: int | None) -> Any:
        asked[0] += 1
        got = original(side)
        if slow.is_set():
            slow.clear()
            read.set()
            release.wait(WAIT_S * 4)  # read before the second change, answered after it
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
        wait_for(browser, lambda d: _version(d) == final)
        release.set()  # the first read's answer goes back only now
        # the answer to every read taken has reached the page (or was given up), the held
        # one included: then the page's handling of it has run too
        wait_for(browser, lambda d: d.execute_script(READS_RECEIVED) >= asked[0])
        assert _version(browser) == final
        assert "disordered" not in text(browser, "sides")
    finally:
        release.set()
        server.stop()


def _version(driver: Any) -> str:
    return str(driver.find_element("tag name", "body").get_attribute("data-version"))


def test_a_read_that_never_answers_is_given_up_and_the_page_reads_on(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a review: a read on a dead connection froze the page on "Up to date" for good.

    A phone asleep, the Wi-Fi gone: the read never ended, and every later read waited for
    it. The page gives a read up after its keep-alive, says it is not up to date, and reads
    on.
    """
    import threading

    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "KEEP_ALIVE", 2.0)  # the page's reads given up after 2 s
    server = serve(waterloo)
    original = server.page
    hanging = threading.Event()  # while set, every read goes unanswered
    hung = threading.Event()
    answer = threading.Event()

    def page(side: int | None) -> Any:
        if hanging.is_set():
            hung.set()
            answer.wait(WAIT_S * 4)  # never answered while the test runs
        return original(side)

    monkeypatch.setattr(server, "page", page)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Up to date" in text(d, "status"))
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        hanging.set()
        waterloo.toggle_unit(unit.id, "disordered")
        assert hung.wait(WAIT_S)
        wait_for(browser, lambda d: "Not up to date" in text(d, "status"))
        assert "did not answer within 2 s" in text(browser, "status")
        hanging.clear()  # the connection is back: the page reads the change
        final = str(original(None)[0])  # type: ignore[index]
        wait_for(browser, lambda d: _version(d) == final)
        wait_for(browser, lambda d: text(d, "status").startswith("Up to date"))
        assert "disordered" in text(browser, "sides")
    finally:
        answer.set()
        server.stop()


def test_a_read_on_its_way_when_the_stream_dies_is_given_up(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stream taken for dead, the read on its way by the same connection is given up.

    Its own limit is a minute here (the server's keep-alive), longer than the test waits:
    only the stream's end can give it up in time.
    """
    import threading

    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "KEEP_ALIVE", 60.0)
    server = serve(waterloo)
    original_page, original_wait = server.page, server.wait
    hanging = threading.Event()  # while set, every read goes unanswered
    hung = threading.Event()
    ending = threading.Event()  # once set, every event stream ends
    answer = threading.Event()

    def page(side: int | None) -> Any:
        if hanging.is_set():
            hung.set()
            answer.wait(WAIT_S * 4)  # never answered while the test runs
        return original_page(side)

    def wait(seen: int, timeout: float) -> int | None:
        while not ending.is_set():
            version = original_wait(seen, 0.05)
            if version != seen:
                return version
        return None  # as when the server stops: the stream ends

    monkeypatch.setattr(server, "page", page)
    monkeypatch.setattr(server, "wait", wait)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Up to date" in text(d, "status"))
        wait_for(browser, lambda d: d.find_element("tag name", "body").get_attribute(
            "data-live") == "events")  # fmt: skip
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        hanging.set()
        waterloo.toggle_unit(unit.id, "disordered")
        assert hung.wait(WAIT_S)
        ending.set()
        wait_for(browser, lambda d: "stopped answering" in text(d, "status"))
        hanging.clear()
        final = str(original_page(None)[0])  # type: ignore[index]
        wait_for(browser, lambda d: _version(d) == final)
    finally:
        answer.set()
        server.stop()


def test_ready_unanswered_is_given_up_and_can_be_tapped_again(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a review: Ready sent on a dead connection stayed off for minutes.

    The page gives the request up after its keep-alive, says so under the button and turns
    it on again.
    """
    import threading

    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "KEEP_ALIVE", 2.0)  # the page's requests given up after 2 s
    server = serve(waterloo)
    set_ready = server.inbox.set_ready
    hung = threading.Event()
    answer = threading.Event()

    def unanswered(*args: Any) -> Any:
        hung.set()
        answer.wait(WAIT_S * 4)  # never answered while the test runs
        return set_ready(*args)

    monkeypatch.setattr(server.inbox, "set_ready", unanswered)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "(your side)" in text(d, "sides"))
        button = browser.find_element("id", "ready")
        button.click()
        assert hung.wait(WAIT_S)
        wait_for(browser, lambda d: "did not answer within 2 s" in text(d, "ready-note"))
        wait_for(browser, lambda _d: button.is_enabled())
    finally:
        answer.set()
        server.stop()


def test_an_order_tapped_twice_is_sent_once(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a trial: on a slow network a second tap on Send sent the same order again.

    The button stays as it was until the server answers; the player, seeing nothing
    happen, taps again. It is off while its request is on the way now.
    """
    import threading
    import time

    server = serve(waterloo)
    original = server.take_request
    lock = threading.Lock()
    calls = {"in": 0, "out": 0}

    def slow(side: int, body: Any) -> int:
        with lock:
            calls["in"] += 1
        try:
            time.sleep(0.8)  # the club's Wi-Fi: the answer is on its way
            return original(side, body)
        finally:
            with lock:
                calls["out"] += 1

    monkeypatch.setattr(server, "take_request", slow)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "(your side)" in text(d, "sides"))
        button = browser.find_element("id", "send-order")
        button.click()
        button.click()
        wait_for(browser, lambda d: "Sent:" in text(d, "sent"))
        wait_for(browser, lambda _d: calls["in"] == calls["out"])
        assert calls["in"] == 1
        assert len(server.inbox.pending()) == 1
        assert button.is_enabled()  # on again for the next order
    finally:
        server.stop()


def test_a_revoked_link_s_page_shows_nothing_more_of_the_game(
    browser: Any, waterloo: GameService
) -> None:
    """Found in a trial: after New links a revoked page kept the side's secrets on screen.

    Its leaders' ratings, its orders and its form stayed, under a small yellow line, and the
    page went on reading. It now shows only that the link is no longer valid, and stops.
    """
    server = serve(waterloo)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "(your side)" in text(d, "sides"))
        chief = next(c.leader for c in waterloo.view().sides[1].commanders if c.leader is not None)
        assert chief.name in text(browser, "sides")
        server.new_links()
        wait_for(browser, lambda d: "no longer valid" in d.find_element("tag name", "main").text)
        body = browser.find_element("tag name", "body")
        assert chief.name not in body.text
        assert not browser.find_elements("id", "ready")
        assert not browser.find_elements("id", "send-order")
        assert body.get_attribute("data-live") == "revoked"
        wait_for(browser, lambda _d: server.streams == 0)  # its stream ended
    finally:
        server.stop()


def test_the_page_goes_back_to_server_sent_events_after_asking_every_second(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a trial: once its event stream failed, a page asked every second for ever.

    A stream refused (the server's streams all taken) or cut (the Wi-Fi lost a moment) left
    the page polling for the rest of the evening, a whole page a second from each phone.
    It now opens a new stream a few seconds later and stops asking once it is open.
    """
    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "MAX_STREAMS", 0)  # every event stream refused
    server = serve(waterloo)
    opened = server.open_stream
    refused: list[bool] = []

    def open_stream() -> bool:
        took = opened()
        if not took:
            refused.append(True)
        return took

    monkeypatch.setattr(server, "open_stream", open_stream)
    try:
        browser.get(server.url("/"))
        wait_for(browser, lambda d: "Turn 1" in text(d, "heading"))
        wait_for(browser, lambda _d: refused)  # the page's stream refused: it asks instead
        monkeypatch.setattr(server_mod, "MAX_STREAMS", 48)  # room again
        wait_for(browser, lambda _d: server.streams == 1)
        wait_for(
            browser,
            lambda d: d.find_element("tag name", "body").get_attribute("data-live") == "events",
        )
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        waterloo.toggle_unit(unit.id, "disordered")
        wait_for(browser, lambda d: "disordered" in text(d, "sides"))
        assert _version(browser) == str(server.page(None)[0])  # type: ignore[index]
    finally:
        server.stop()


def test_ready_tapped_as_the_umpire_moves_on_is_not_counted_for_the_new_phase(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a trial: Ready tapped while the new phase was on its way counted for it.

    The page still showed the old phase (its read of the new one in flight); the tap made
    the side ready for a phase its player had not read. The page sends the phase it shows;
    one gone by is refused in words, and the page reads the new phase.
    """
    import threading

    server = serve(waterloo)
    original = server.page
    held: dict[int | None, Any] = {}
    holding = threading.Event()

    def page(side: int | None) -> Any:
        if holding.is_set():
            return held[side]  # the new page not yet read: the old one is still shown
        return original(side)

    set_ready = server.inbox.set_ready

    def tapped(*args: Any) -> None:
        holding.clear()  # the read in flight comes back after the tap, with the new phase
        set_ready(*args)

    monkeypatch.setattr(server, "page", page)
    monkeypatch.setattr(server.inbox, "set_ready", tapped)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "(your side)" in text(d, "sides"))
        held[french.side] = original(french.side)
        wait_for(browser, lambda d: _version(d) == str(held[french.side][0]))
        holding.set()
        old_heading = text(browser, "heading")
        waterloo.advance_phase()  # every Ready cleared
        browser.find_element("id", "ready").click()
        wait_for(browser, lambda d: "another phase" in text(d, "ready-note"))
        wait_for(browser, lambda d: text(d, "heading") != old_heading)
        assert server.inbox.ready() == frozenset()
        assert text(browser, "ready") == "Ready for this phase"
        browser.find_element("id", "ready").click()  # on the new phase: it counts
        wait_for(browser, lambda _d: server.inbox.ready() == {french.side})
        wait_for(browser, lambda d: "French: ready" in text(d, "readiness"))
    finally:
        server.stop()


def test_the_line_under_send_follows_the_umpire_s_answer(
    browser: Any, waterloo: GameService
) -> None:
    """Found in a trial: "Sent: the umpire decides." stayed after the umpire had answered.

    It stood under the button beside the same request marked accepted (or sent back) in the
    list below, for the rest of the evening. It now says the answer.
    """
    server = serve(waterloo)
    publisher = Publisher(waterloo, server)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "(your side)" in text(d, "sides"))
        browser.find_element("id", "send-order").click()
        wait_for(browser, lambda d: "Sent: the umpire decides." in text(d, "sent"))
        publisher.send_back(server.inbox.pending()[0].id, "no courier reaches them")
        wait_for(browser, lambda d: "returned" in text(d, "requests"))
        wait_for(
            browser, lambda d: text(d, "sent") == "Sent back by the umpire: no courier reaches them"
        )
        browser.find_element("id", "send-order").click()
        wait_for(browser, lambda d: "Sent: the umpire decides." in text(d, "sent"))
        publisher.accept(server.inbox.pending()[0].id)  # turn 1: no die (EotE 3.1)
        wait_for(browser, lambda d: text(d, "sent") == "Accepted by the umpire.")
    finally:
        server.stop()


def test_a_page_of_a_stopped_server_says_it_is_not_up_to_date(
    browser: Any, waterloo: GameService
) -> None:
    """Found in a trial: the phones stopped (another game opened), the pages said "Up to date".

    The page's connection kept alive was still answered after the server stopped, so it
    went on showing the closed game as current. It now says it is not up to date, and a tap
    says why in words, not the browser's "Failed to fetch".
    """
    server = serve(waterloo)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "Up to date" in text(d, "status"))
    finally:
        server.stop()
    wait_for(browser, lambda d: "Not up to date" in text(d, "status"))
    browser.find_element("id", "ready").click()
    wait_for(browser, lambda d: text(d, "ready-note") != "")
    assert text(browser, "ready-note") in (
        "the umpire's app cannot be reached",
        "the umpire's app has stopped serving this game",
    )
    assert "Not up to date" in text(browser, "status")


def test_a_choice_with_nothing_to_choose_is_answered_in_words(browser: Any, db: Any) -> None:
    """Found in a trial: an AVlE order with no unit fitting the dice left did nothing on a tap.

    The form offered the order check with an empty list (none fits, 5.1); the tap threw in
    the page's script and nothing was sent or said. The list says there is none now, and the
    tap is answered with the server's words.
    """
    from tests.avle_games import dealt

    game = quatre_bras(db)
    dice = {
        "French": ["flag", "trooper", "cannon", "infantry", "infantry"],
        "Allies": ["flag", "general", "cannon", "infantry", "infantry"],
    }
    dealt(game, "left", "left", **dice)
    for _ in range(3):  # the Allies, the French, the Allies: the French have none left to order
        due = next(d for d in game.due() if d.check == "order")
        game.open_check("order", **due.target).apply()
    server = serve(game)
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "none fits the dice left" in text(d, "form"))
        browser.find_elements("css selector", "#form button.pack-send")[0].click()
        wait_for(browser, lambda d: "choose one of those offered" in text(d, "sent"))
        assert server.inbox.pending() == []
        assert "(none to choose)" in text(browser, "form")
    finally:
        server.stop()


def test_a_display_process_s_page_offers_no_ready(browser: Any, waterloo: GameService) -> None:
    """Found in a trial: a page of ``display --web`` offered Ready, which no umpire would see."""
    server = PhoneServer("127.0.0.1", 0, accepts_requests=False)
    Publisher(waterloo, server).refresh()
    server.start()
    try:
        french = next(x for x in server.links() if x.name == "French")
        browser.get(server.url(french.path))
        wait_for(browser, lambda d: "only shows the game" in text(d, "form"))
        assert not browser.find_element("id", "ready").is_displayed()
    finally:
        server.stop()


def test_the_last_results_are_read_without_scrolling_past_every_unit(
    browser: Any, waterloo: GameService
) -> None:
    """Found in a trial: the last results came after every unit of both sides.

    On Waterloo's 300-odd units a player scrolled some thirty screens to read what the
    umpire had just decided. They come before the sides' units now, on both pages.
    """
    from eote_ref.packs.eote.checks import open_check

    unit = next(u for u in waterloo.view().sides[1].units if u.arm == "infantry")
    open_check(waterloo, "morale", unit_id=unit.id).apply({"roll": 1})
    server = serve(waterloo)
    try:
        french = next(x for x in server.links() if x.name == "French")
        for path in ("/", french.path):
            browser.get(server.url(path))
            wait_for(browser, lambda d: "Morale" in text(d, "results"))
            top = browser.execute_script(
                "return document.getElementById('results').getBoundingClientRect().top"
                " + window.scrollY"
            )
            assert top < 3 * 844, path  # within the first three screens of a phone
    finally:
        server.stop()


def test_a_stream_gone_silent_is_taken_for_dead_and_the_page_reads_on(
    browser: Any, waterloo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found in a trial: a stream that died without a word left the page "Up to date" for ever.

    A phone woken from sleep, or Wi-Fi gone without closing the connection, gives the page
    no error: it waited on a stream nothing would come down. The server's keep-alive is now
    an event the page hears; three of them missed, the page reads again another way.
    """
    import threading

    from eote_ref.web import server as server_mod

    monkeypatch.setattr(server_mod, "KEEP_ALIVE", 0.5)
    server = serve(waterloo)
    original = server.wait
    silent = threading.Event()
    released = threading.Event()

    def wait(seen: int, timeout: float) -> int | None:
        if silent.is_set():
            silent.clear()  # this stream only: its connection is dead from now on
            released.wait(30)
            return None
        return original(seen, timeout)

    monkeypatch.setattr(server, "wait", wait)
    try:
        browser.get(server.url("/"))
        wait_for(
            browser,
            lambda d: d.find_element("tag name", "body").get_attribute("data-live") == "events",
        )
        silent.set()
        wait_for(browser, lambda _d: not silent.is_set())  # the stream has gone silent
        unit = next(u for u in waterloo.view().sides[0].units if u.arm == "infantry")
        waterloo.toggle_unit(unit.id, "disordered")
        # three keep-alives missed (1.5 s), a look each second, a read: well within 10 s
        wait_for(browser, lambda d: "disordered" in text(d, "sides"))
        assert _version(browser) == str(server.page(None)[0])  # type: ignore[index]
    finally:
        released.set()
        server.stop()
