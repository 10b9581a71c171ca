"""The phones' server with a plain HTTP client: links, 404, limits, updates, requests, Ready."""

from __future__ import annotations

import http.client
import json
import pathlib
import time
from typing import Any

import pytest

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.store.changes import SetField
from eote_ref.web import server as server_mod
from eote_ref.web.inbox import MAX_PENDING, RequestRefused
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import MAX_BODY, PhoneServer, lan_address
from tests.unit.web.conftest import get, get_json, post, serve, side_url

STATIC = pathlib.Path(server_mod.__file__).parent / "static"


def test_each_side_has_its_own_long_random_link(served: tuple[PhoneServer, Publisher]) -> None:
    server, _ = served
    links = server.links()
    assert sorted(x.name for x in links) == ["Anglo-Allied", "French"]
    tokens = [x.path.split("/")[2] for x in links]
    assert len(set(tokens)) == 2
    assert all(len(t) >= 32 for t in tokens)  # 24 random bytes: 192 bits (>= 128)
    for link in links:
        page = get_json(side_url(server, link.side, "view.json"))
        assert page["me"] == {"position": link.side, "name": link.name}
        status, body, headers = get(server.url(link.path))
        assert status == 200
        assert b"app.js" in body
        assert headers["Referrer-Policy"] == "no-referrer"
        assert "script-src 'self'" in headers["Content-Security-Policy"]
    spectators = get_json(server.url("/view.json"))
    assert spectators["me"] is None
    assert "orders" not in spectators


@pytest.mark.parametrize(
    "path",
    ["/s/nope/", "/s/nope/view.json", "/s//view.json", "/secret", "/static/../server.py",
     "/static/side.html"],
)  # fmt: skip
def test_an_unknown_token_or_path_gets_404(
    served: tuple[PhoneServer, Publisher], path: str
) -> None:
    server, _ = served
    status, body, _ = get(server.url(path))
    assert status == 404
    assert json.loads(body) == {"error": "no such page"}


def test_new_links_revoke_the_old(served: tuple[PhoneServer, Publisher]) -> None:
    server, _ = served
    old = side_url(server, 0, "view.json")
    assert get(old)[0] == 200
    server.new_links()
    assert get(old)[0] == 404
    assert get(side_url(server, 0, "view.json"))[0] == 200
    assert post(old.replace("view.json", "ready"), {"ready": True})[0] == 404


def test_request_bodies_are_bounded_and_checked(served: tuple[PhoneServer, Publisher]) -> None:
    server, _ = served
    url = side_url(server, 0, "request")
    status, answer = post(url, None, raw=b"{" + b" " * MAX_BODY + b"}")
    assert status == 413
    assert post(url, None, raw=b"not json")[0] == 400
    assert post(url, [1, 2])[0] == 400
    status, answer = post(url, {"division_id": -5, "order": "ATTACK"})
    assert (status, answer["error"]) == (400, "choose one of your divisions")
    division = get_json(side_url(server, 0, "view.json"))["form"]["divisions"][0]["id"]
    status, answer = post(url, {"division_id": division, "order": "<script>"})
    assert (status, answer["error"]) == (400, "choose an order type (EotE 3.2)")
    other = get_json(side_url(server, 1, "view.json"))["form"]["divisions"][0]["id"]
    assert post(url, {"division_id": other, "order": "ATTACK"})[0] == 400  # not its own


def test_requests_are_rate_limited(
    served: tuple[PhoneServer, Publisher], monkeypatch: pytest.MonkeyPatch
) -> None:
    server, _ = served
    monkeypatch.setattr(server.buckets, "burst", 5)
    monkeypatch.setattr(server.buckets, "rate", 0.01)
    statuses = [get(server.url("/view.json"))[0] for _ in range(8)]
    assert statuses[:5] == [200] * 5
    assert statuses[5:] == [429] * 3


def test_a_side_may_not_flood_the_umpire(served: tuple[PhoneServer, Publisher]) -> None:
    server, _ = served
    division = get_json(side_url(server, 0, "view.json"))["form"]["divisions"][0]["id"]
    for _ in range(MAX_PENDING):
        assert (
            post(side_url(server, 0, "request"), {"division_id": division, "order": "ATTACK"})[0]
            == 200
        )
    status, answer = post(
        side_url(server, 0, "request"), {"division_id": division, "order": "ATTACK"}
    )
    assert status == 400
    assert "waiting for the umpire" in answer["error"]


def test_pages_put_every_text_in_as_text() -> None:
    """No game text is ever parsed as markup: the script never uses innerHTML or the like."""
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    for sink in ("innerHTML", "outerHTML", "insertAdjacentHTML", "document.write", "eval("):
        assert sink not in script
    for page in ("index.html", "side.html"):
        html = (STATIC / page).read_text(encoding="utf-8")
        assert "<script>" not in html
        assert "style=" not in html


def test_a_side_s_page_has_a_place_for_its_briefing_and_the_table_s_none(
    served: tuple[PhoneServer, Publisher],
) -> None:
    """The briefing is rendered on a side's page only (its JSON: test_hidden.py)."""
    server, _ = served
    status, side_page, _ = get(side_url(server, 0))
    assert status == 200
    assert b'id="briefings"' in side_page
    assert b'id="morale"' in side_page
    status, table_page, _ = get(server.url("/"))
    assert status == 200
    assert b"briefing" not in table_page
    assert b'id="morale"' in table_page
    script = (STATIC / "app.js").read_text(encoding="utf-8")
    assert "page.briefings" in script
    assert "page.army_morale" in script


def test_a_name_with_markup_travels_as_json_text(waterloo: GameService) -> None:
    unit = waterloo.view().sides[0].units[0]
    name = "<img src=x onerror=alert(1)> & co"
    waterloo.record("edit", "renamed", [SetField("game_unit", unit.id, "name", name)])
    server, _ = serve(waterloo)
    try:
        status, body, headers = get(side_url(server, 0, "view.json"))
        assert headers["Content-Type"] == "application/json"
        assert b"<" not in body
        assert b">" not in body
        assert b"&" not in body
        assert name in json.dumps(json.loads(body))  # the same text, escaped
        status, body, _ = get(side_url(server, 0))
        assert b"onerror" not in body  # the page is a shell: game text only as JSON
    finally:
        server.stop()


def _events(server: PhoneServer, path: str) -> tuple[http.client.HTTPConnection, Any]:
    """An open event stream, whose reads time out before the next keep-alive line.

    A change that is not pushed would come at best with that line: the test fails instead.
    """
    timeout = server_mod.KEEP_ALIVE / 2  # generous for a loaded machine, short of a keep-alive
    conn = http.client.HTTPConnection(server.host, server.port, timeout=timeout)
    conn.request("GET", path)
    response = conn.getresponse()
    assert response.status == 200
    assert response.getheader("Content-Type") == "text/event-stream"
    return conn, response


def _next_event(response: Any) -> int:
    while True:
        line = response.fp.readline()
        if line.startswith(b"data: "):
            return int(line[6:])


def test_pages_follow_an_apply_an_undo_and_a_redo_as_each_is_published(
    waterloo: GameService,
) -> None:
    """Each change is pushed to the open stream (never left to a keep-alive or a poll).

    No stopwatch: a change not pushed times the stream's read out (:func:`_events`).
    """
    server, _ = serve(waterloo)
    try:
        link = next(x for x in server.links() if x.side == 0)
        conn, response = _events(server, link.path + "events")
        first = _next_event(response)
        unit = waterloo.view().sides[0].units[0]
        for step, marked in (
            (lambda: waterloo.toggle_unit(unit.id, "disordered"), True),
            (waterloo.undo, False),
            (waterloo.redo, True),
        ):
            step()
            version = _next_event(response)
            page = get_json(side_url(server, 0, "view.json"))
            assert version > first
            assert page["version"] >= version
            first = version
            shown = next(u for s in page["sides"] for d in s["divisions"] for u in d["units"]
                         if u["code"] == unit.code)  # fmt: skip
            assert ("disordered" in shown["markers"]) is marked
        conn.close()
    finally:
        server.stop()


def test_an_order_waits_for_the_umpire_who_accepts_it_as_one_step(waterloo: GameService) -> None:
    while waterloo.view().turn < 2 or waterloo.view().phase is not Phase.COMMAND:
        waterloo.advance_phase()
    server, publisher = serve(waterloo)
    try:
        d = next(d for d in waterloo.view().sides[0].divisions if len(d.units) >= 4)
        before = waterloo.view()
        status, answer = post(
            side_url(server, 0, "request"),
            {"division_id": d.id, "order": "ATTACK", "objective": "  the   ridge "},
        )
        assert status == 200
        assert answer["status"] == "pending"
        # nothing is written: the game is as it was, the request waits in the umpire's app
        assert waterloo.view() == before or waterloo.view().can_undo == before.can_undo
        pending = server.inbox.pending()
        assert [r.summary for r in pending] == [f"{d.title}: ATTACK, objective: the ridge"]
        page = get_json(side_url(server, 0, "view.json"))
        assert page["requests"][0]["status"] == "pending"
        publisher.accept(pending[0].id, {"distance_in": 40.0}, {"roll": 0})
        division = next(x for x in waterloo.view().sides[0].divisions if x.id == d.id)
        assert division.pending_order == "ATTACK"
        assert division.pending_order_turns
        assert waterloo.view().can_undo is not None
        page = get_json(side_url(server, 0, "view.json"))
        assert page["requests"][0]["status"] == "accepted"
        assert [o["order"] for o in page["orders"]["in_transit"]] == ["ATTACK"]
        waterloo.undo()  # one journal step
        division = next(x for x in waterloo.view().sides[0].divisions if x.id == d.id)
        assert division.pending_order is None
        with pytest.raises(RequestRefused):
            publisher.accept(pending[0].id)
    finally:
        server.stop()


def test_the_umpire_sends_a_request_back_with_a_word(
    served: tuple[PhoneServer, Publisher],
) -> None:
    server, publisher = served
    division = get_json(side_url(server, 1, "view.json"))["form"]["divisions"][0]["id"]
    _, answer = post(side_url(server, 1, "request"), {"division_id": division, "order": "WITHDRAW"})
    publisher.send_back(answer["id"], "no courier reaches them")
    page = get_json(side_url(server, 1, "view.json"))
    assert page["requests"][0] | {"id": 0} == {
        "id": 0,
        "summary": page["requests"][0]["summary"],
        "status": "returned",
        "reply": "no courier reaches them",
    }
    assert server.inbox.pending() == []


def test_ready_is_for_the_phase(waterloo: GameService) -> None:
    server, _ = serve(waterloo)
    try:
        assert post(side_url(server, 1, "ready"), {"ready": True}) == (200, {"ready": True})
        assert post(side_url(server, 1, "ready"), {"ready": "yes"})[0] == 400
        page = get_json(side_url(server, 0, "view.json"))
        assert page["ready"] == [
            {"name": "Anglo-Allied", "ready": False},
            {"name": "French", "ready": True},
        ] or page["ready"] == [
            {"name": "French", "ready": True},
            {"name": "Anglo-Allied", "ready": False},
        ]
        assert get_json(side_url(server, 1, "view.json"))["i_am_ready"] is True
        waterloo.advance_phase()
        assert not any(r["ready"] for r in get_json(server.url("/view.json"))["ready"])
    finally:
        server.stop()


def test_a_display_process_refuses_requests_in_words(waterloo: GameService) -> None:
    server, _ = serve(waterloo, accepts_requests=False)
    try:
        division = get_json(side_url(server, 0, "view.json"))["form"]["divisions"][0]["id"]
        status, answer = post(
            side_url(server, 0, "request"), {"division_id": division, "order": "ATTACK"}
        )
        assert status == 400
        assert "umpire's app" in answer["error"]
    finally:
        server.stop()


def test_an_avle_hand_is_checked_and_accepted_through_the_pack(avle: Any) -> None:
    server, publisher = serve(avle)
    try:
        url = side_url(server, 0, "request")
        form = get_json(side_url(server, 0, "view.json"))["form"]
        assert [c["check"] for c in form["checks"]] == ["hand"]
        assert post(url, {"check": "hand", "answers": {"hand": ["left"] * 6}})[0] == 400
        assert post(url, {"check": "round", "answers": {}})[0] == 400
        hand = ["left", "centre", "right", "bombardment", "coordinated_attack", "left"]
        status, answer = post(url, {"check": "hand", "answers": {"hand": hand}})
        assert status == 200
        publisher.accept(answer["id"])
        side = next(s for s in avle.state().sides if s.position == 0)
        assert side.pack_state["hand"] == hand
        page = get_json(side_url(server, 0, "view.json"))
        assert page["form"]["checks"] == []  # chosen: no longer asked
        assert page["requests"][0]["status"] == "accepted"
    finally:
        server.stop()


def test_the_server_stops_cleanly_with_a_stream_open(waterloo: GameService) -> None:
    server = PhoneServer("127.0.0.1", 0)
    Publisher(waterloo, server).refresh()
    server.start()
    conn, response = _events(server, "/events")
    _next_event(response)
    started = time.monotonic()
    server.stop()
    # the open stream is woken at once, never left to its keep-alive (a loaded machine is slow)
    assert time.monotonic() - started < server_mod.KEEP_ALIVE
    assert response.fp.read() in (b"", b"\n")  # the stream ended
    conn.close()


def test_served_on_every_interface_the_links_name_this_machine(waterloo: GameService) -> None:
    server = PhoneServer("0.0.0.0", 0)
    try:
        assert server.url("/").startswith(f"http://{lan_address()}:")
        assert not server.url("/").startswith("http://0.0.0.0")
    finally:
        server.httpd.server_close()


def test_old_answers_are_forgotten_pending_ones_never() -> None:
    from eote_ref.web.inbox import KEPT_ANSWERED, Inbox

    inbox = Inbox()
    waiting = inbox.add(0, "French", "order", {}, "kept waiting")
    for n in range(KEPT_ANSWERED + 30):
        rid = inbox.add(1, "Allies", "order", {}, f"order {n}")
        inbox.answer(rid, "returned", "no")
    inbox.add(1, "Allies", "order", {}, "the last")
    assert [r.id for r in inbox.pending()][0] == waiting
    assert len(inbox._requests) == KEPT_ANSWERED + 2
    assert inbox.of_side(1)[0]["summary"] == "the last"


def test_a_silent_client_holds_up_no_one(served: tuple[PhoneServer, Publisher]) -> None:
    import socket

    server, _ = served
    silent = socket.create_connection((server.host, server.port), timeout=5)
    try:
        silent.sendall(b"GET /view.json HTTP/1.1\r\nHost: x\r\n")  # never finished
        started = time.monotonic()
        assert get(server.url("/view.json"))[0] == 200
        # not held up until the silent client is dropped (a loaded machine may be slow)
        assert time.monotonic() - started < server_mod._Handler.timeout / 2
    finally:
        silent.close()


def test_only_json_is_taken(served: tuple[PhoneServer, Publisher]) -> None:
    """A form of another site (text/plain, no CORS question asked) is refused."""
    server, _ = served
    conn = http.client.HTTPConnection(server.host, server.port, timeout=5)
    link = next(x for x in server.links() if x.side == 0)
    conn.request("POST", link.path + "ready", b'{"ready": true}', {"Content-Type": "text/plain"})
    response = conn.getresponse()
    assert response.status == 415
    conn.close()
    assert server.inbox.ready() == frozenset()


def test_a_phone_gone_mid_answer_is_let_go_and_a_fault_goes_to_the_log(
    served: tuple[PhoneServer, Publisher],
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A closed browser is the table's ordinary life; a real fault is logged, not printed."""
    server, _ = served
    try:
        raise ConnectionResetError("the phone went away")
    except ConnectionResetError:
        server.httpd.handle_error(None, ("192.0.2.7", 5000))
    try:
        raise ValueError("a fault of ours")
    except ValueError:
        server.httpd.handle_error(None, ("192.0.2.7", 5001))
    assert capfd.readouterr().err == ""
    faults = [r for r in caplog.records if r.name == "eote_ref.web.server"]
    assert len(faults) == 1
    assert "192.0.2.7" in faults[0].getMessage()
    assert faults[0].exc_info is not None


def test_a_big_page_goes_gzipped_to_a_browser_that_takes_it(
    served: tuple[PhoneServer, Publisher],
) -> None:
    """Found in a trial: a game's page went whole to every phone at every change.

    Waterloo's 300-odd units are 38 kB a page, a game of thousands some hundreds: a
    dozen phones read it at each change (each second when polling). It goes gzipped now.
    """
    import gzip

    server, _ = served
    conn = http.client.HTTPConnection(server.host, server.port, timeout=5)
    try:
        path = next(x for x in server.links() if x.side == 0).path + "view.json"
        conn.request("GET", path, headers={"Accept-Encoding": "gzip, deflate"})
        response = conn.getresponse()
        body = response.read()
        assert response.status == 200
        assert response.getheader("Content-Encoding") == "gzip"
        page = json.loads(gzip.decompress(body))
        assert page == get_json(side_url(server, 0, "view.json"))  # urllib asks for none
        assert len(body) * 4 < len(json.dumps(page))
        conn.request("GET", "/view.json")  # a client that takes no gzip reads it plain
        response = conn.getresponse()
        assert response.getheader("Content-Encoding") is None
        assert json.loads(response.read())["game"] == page["game"]
    finally:
        conn.close()
