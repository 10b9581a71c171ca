"""No page reads a game it should no longer read: a stopped server, a revoked link, a past phase.

Found in a trial of the phones' pages as the players use them (a throw-away script driving
Chromium over each pack's games): each defect here is the server's side of it; the pages'
side is in ``tests/browser/test_phones_browser.py``.
"""

from __future__ import annotations

import http.client
import json

from eote_ref.referee.game import GameService
from eote_ref.web.publisher import Publisher
from eote_ref.web.server import PhoneServer
from tests.unit.web.conftest import get_json, post, serve, side_url
from tests.unit.web.test_server import _events, _next_event


def _get(conn: http.client.HTTPConnection, path: str) -> tuple[int, bytes]:
    conn.request("GET", path)
    response = conn.getresponse()
    return response.status, response.read()


def test_a_stopped_server_serves_no_page_on_a_connection_kept_alive(
    waterloo: GameService,
) -> None:
    """Found in the trial: the phones stopped (another game opened), the pages stayed "Up to date".

    A page asks on the connection it keeps alive; its thread outlived the listening socket
    and kept answering, so a phone read a game the umpire no longer served (and, with the
    publisher still following, even its changes). It is answered 503 in words now.
    """
    server, _ = serve(waterloo)
    conn = http.client.HTTPConnection(server.host, server.port, timeout=5)
    try:
        assert _get(conn, "/view.json")[0] == 200
        link = next(x for x in server.links() if x.side == 0)
        server.stop()
        status, body = _get(conn, "/view.json")
        assert status == 503
        assert "stopped serving" in json.loads(body)["error"]
    finally:
        conn.close()
    conn = http.client.HTTPConnection(server.host, server.port, timeout=5)
    try:  # a side's request is refused too, nothing taken
        conn.request(
            "POST", link.path + "ready", b'{"ready": true}', {"Content-Type": "application/json"}
        )
    except OSError:
        pass  # nothing listens any more
    else:
        raise AssertionError("a new connection to a stopped server was taken")
    finally:
        conn.close()
    assert server.inbox.ready() == frozenset()


def test_a_revoked_link_s_event_stream_ends(served: tuple[PhoneServer, Publisher]) -> None:
    """Found in the trial: after New links a revoked page's stream stayed open.

    It held one of the server's threads (of :data:`~eote_ref.web.server.MAX_STREAMS`) as
    long as the phone kept the page, and told it of every change, each read then refused.
    """
    server, _ = served
    link = next(x for x in server.links() if x.side == 0)
    other = next(x for x in server.links() if x.side == 1)
    conn, response = _events(server, link.path + "events")
    table, table_events = _events(server, "/events")
    try:
        first = _next_event(response)
        _next_event(table_events)
        server.new_links()
        assert response.fp.read() in (b"", b"\n")  # the stream ended (no timeout)
        assert _next_event(table_events) > first  # the table's page goes on
    finally:
        conn.close()
        table.close()
    status, _ = post(server.url(other.path + "ready"), {"ready": True})
    assert status == 404


def test_ready_pressed_on_a_phase_gone_by_is_refused(waterloo: GameService) -> None:
    """Found in the trial: Ready pressed as the umpire moved on counted for the new phase.

    The page showed the movement phase; the umpire went on to the fire phase (clearing every
    Ready); the tap, arriving just after, made the side ready for a phase it had not read.
    The page now sends the phase it shows, and a phase gone by is refused in words.
    """
    server, _ = serve(waterloo)
    try:
        page = get_json(side_url(server, 1, "view.json"))
        assert page["phase_key"] == [page["turn"], waterloo.view().phase.value]
        waterloo.advance_phase()
        status, answer = post(
            side_url(server, 1, "ready"), {"ready": True, "phase": page["phase_key"]}
        )
        assert status == 400
        assert "another phase" in answer["error"]
        assert server.inbox.ready() == frozenset()
        page = get_json(side_url(server, 1, "view.json"))
        status, _ = post(side_url(server, 1, "ready"), {"ready": True, "phase": page["phase_key"]})
        assert status == 200
        assert server.inbox.ready() == {1}
        assert post(side_url(server, 1, "ready"), {"ready": True, "phase": "movement"})[0] == 400
    finally:
        server.stop()


def test_a_display_process_takes_no_ready(waterloo: GameService) -> None:
    """Found in the trial: Ready pressed on a page of ``display --web`` went nowhere.

    The flag lived in the display process, which the umpire's app never reads: the player
    read "French: ready" while the umpire's turn guide said nothing. It is refused in words.
    """
    server, _ = serve(waterloo, accepts_requests=False)
    try:
        status, answer = post(side_url(server, 1, "ready"), {"ready": True})
        assert status == 400
        assert "umpire's app" in answer["error"]
        assert server.inbox.ready() == frozenset()
    finally:
        server.stop()
