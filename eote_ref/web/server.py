"""The players' phones' web server: the standard library's threading HTTP server and SSE.

Why this server: ``http.server.ThreadingHTTPServer`` is in the standard library, so the app
gains no dependency and the frozen app no hidden import; a club's table has a dozen phones,
which a thread each serves with room to spare; and server-sent events (a long GET answered
line by line) push a change to every page within a poll of the owner's loop with no
WebSocket framing to write. Qt's ``QtHttpServer`` was ruled out (its PySide6 binding cannot
route a path with a parameter), and aiohttp or Starlette would add a dependency and an event
loop beside Qt's for no gain at this size.

The server never reads the database: the thread that owns the game's service builds a
:class:`~eote_ref.web.snapshot.Snapshot` after each change and :meth:`PhoneServer.publish`
hands it over; the server's threads serve the last one. A side's request goes into the
:class:`~eote_ref.web.inbox.Inbox`, which the umpire's app answers.

Routes: ``/`` the spectators' page, ``/view.json``, ``/events``; ``/s/TOKEN/`` a side's page,
``/s/TOKEN/view.json``, ``/s/TOKEN/events``, ``POST /s/TOKEN/request`` and
``POST /s/TOKEN/ready``; ``/static/NAME`` the page's CSS and script. An unknown token or path
is 404. Safety: one random token per side (``secrets``, 192 bits), JSON bodies of at most
:data:`MAX_BODY` bytes, a rate limit per client address, a bounded number of event streams,
and pages that put every text in with ``textContent`` under a strict content policy.
"""

from __future__ import annotations

import gzip
import hmac
import http.server
import json
import logging
import secrets
import socket
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from typing import Any
from urllib.parse import urlsplit

from eote_ref.web.inbox import MAX_TEXT, Inbox, RequestRefused
from eote_ref.web.snapshot import Snapshot

#: The largest request body accepted (an order or a hand is a few hundred bytes).
MAX_BODY = 4096

#: Requests a client address may make in a burst, and how many it earns back a second.
BURST = 60
PER_SECOND = 20.0

#: Event streams open at once (each holds a thread).
MAX_STREAMS = 48

#: Seconds between two keep-alive lines of an event stream. Each says the version again, as
#: an event the page hears: a page that hears nothing for three of them takes its stream
#: for dead (a phone woken from sleep, the Wi-Fi gone without a word) and reads otherwise.
KEEP_ALIVE = 15.0

#: Answers longer than this many bytes go gzipped to a browser that takes it: a big
#: game's page (300 units, 38 kB) is an eighth of that on the club's Wi-Fi, for well under
#: a millisecond of the server's time.
GZIP_FROM = 1024

_STATIC = {
    "app.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
}

_SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'none'; script-src 'self'; style-src 'self'; "
    "connect-src 'self'; img-src 'self'; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",  # a side's link is its key: never sent elsewhere
    "Cache-Control": "no-store",
    "X-Frame-Options": "DENY",
}


def new_token() -> str:
    """A side's secret: 24 random bytes (192 bits), URL-safe."""
    return secrets.token_urlsafe(24)


def lan_address() -> str:
    """This machine's address on the local network (loopback when it has none).

    The address the system would send from towards a public one; no packet is sent.
    """
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed, nothing sent (UDP)
        return str(s.getsockname()[0])
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


class _Buckets:
    """A token bucket per client address."""

    def __init__(self, burst: int = BURST, rate: float = PER_SECOND) -> None:
        self.burst, self.rate = burst, rate
        self._lock = threading.Lock()
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, who: str) -> bool:
        now = time.monotonic()
        with self._lock:
            tokens, last = self._buckets.get(who, (float(self.burst), now))
            tokens = min(float(self.burst), tokens + (now - last) * self.rate)
            if tokens < 1:
                self._buckets[who] = (tokens, now)
                return False
            self._buckets[who] = (tokens - 1, now)
            if len(self._buckets) > 4096:  # forget the oldest visitors
                for key in list(self._buckets)[:1024]:
                    del self._buckets[key]
            return True


@dataclass(frozen=True)
class Link:
    """A side's link: its position, name and URL path."""

    side: int
    name: str
    path: str


_log = logging.getLogger(__name__)


class _Server(http.server.ThreadingHTTPServer):
    """The threading server, saying a request's fault in the app's log, never on stderr.

    A phone that goes away mid-answer (its browser closed, the Wi-Fi lost) is the table's
    ordinary life, not a fault: it is let go without a word. Anything else is logged with
    its traceback, where the app's error report finds it.
    """

    def handle_error(self, request: Any, client_address: Any) -> None:
        fault = sys.exc_info()[1]
        if isinstance(fault, ConnectionError | TimeoutError):
            return
        _log.error("a phone's request from %s failed", client_address, exc_info=fault)


class PhoneServer:
    """The pages of one game for the table's phones, served from a thread.

    ``PhoneServer(host, port)`` binds at once (port 0: a free one); :meth:`start` serves,
    :meth:`stop` stops. ``accepts_requests`` False (a read-only display process) refuses the
    players' requests in words: only the umpire's app takes them.
    """

    def __init__(
        self, host: str = "127.0.0.1", port: int = 0, *, accepts_requests: bool = True
    ) -> None:
        self.inbox = Inbox()
        self.accepts_requests = accepts_requests
        self._cond = threading.Condition()
        self._snapshot: Snapshot | None = None
        self._version = 0
        self._tokens: dict[int, str] = {}
        self._stopping = False
        self._streams = 0
        self.buckets = _Buckets()
        self.inbox.listeners.append(self._bump)
        handler = type("Handler", (_Handler,), {"phones": self})
        self.httpd = _Server((host, port), handler)
        self.httpd.daemon_threads = True
        self._thread: threading.Thread | None = None

    # ------------------------------------------------------------------ the owner's side
    @property
    def host(self) -> str:
        return str(self.httpd.server_address[0])

    @property
    def port(self) -> int:
        return int(self.httpd.server_address[1])

    def url(self, path: str = "/") -> str:
        """The address a phone opens: served on every interface, this machine's LAN one."""
        host = self.host
        if host in ("0.0.0.0", "::", ""):
            host = lan_address()
        if ":" in host:
            host = f"[{host}]"
        return f"http://{host}:{self.port}{path}"

    def start(self) -> None:
        """Serve in a daemon thread."""
        self._thread = threading.Thread(
            target=self.httpd.serve_forever, name="eote-ref phones", daemon=True
        )
        self._thread.start()

    @property
    def stopping(self) -> bool:
        """Whether :meth:`stop` was called: every request from then on is refused."""
        with self._cond:
            return self._stopping

    def stop(self) -> None:
        """Stop serving and wake every open stream (it ends).

        A phone's connection kept alive outlives the listening socket (its thread waits for
        the next request on it): what it asks from now on is answered 503 and the
        connection closed, so no page reads a game the umpire no longer serves.
        """
        with self._cond:
            self._stopping = True
            self._cond.notify_all()
        self.httpd.shutdown()
        self.httpd.server_close()
        if self._thread is not None:
            self._thread.join(5)

    def publish(self, snap: Snapshot) -> None:
        """The game as of its last change: every page follows within a second."""
        self.inbox.set_phase(snap.phase_key)
        with self._cond:
            self._snapshot = snap
            for side in snap.sides:
                self._tokens.setdefault(side, new_token())
            self._version += 1
            self._cond.notify_all()

    def new_links(self) -> None:
        """Revoke every side's link: new tokens, the old ones answer 404 from now on."""
        with self._cond:
            self._tokens = {side: new_token() for side in self._tokens}
            self._version += 1
            self._cond.notify_all()

    def links(self) -> list[Link]:
        """Each side's link (the umpire's app shows them, and ``display --web`` prints them)."""
        with self._cond:
            snap = self._snapshot
            tokens = dict(self._tokens)
        names = snap.names if snap is not None else {}
        return [
            Link(side, names.get(side, f"Side {side}"), f"/s/{t}/") for side, t in tokens.items()
        ]

    def _bump(self) -> None:
        with self._cond:
            self._version += 1
            self._cond.notify_all()

    # ------------------------------------------------------------------ the threads' side
    def side_of(self, token: str) -> int | None:
        """The side whose token this is (compared in constant time), or None."""
        with self._cond:
            tokens = list(self._tokens.items())
        found = None
        for side, t in tokens:
            if hmac.compare_digest(t.encode(), token.encode()):
                found = side
        return found

    def page(self, side: int | None) -> tuple[int, dict[str, Any]] | None:
        """The version and the page of ``side`` (None: the spectators'), or None before any."""
        with self._cond:
            snap, version = self._snapshot, self._version
        if snap is None:
            return None
        if side is None:
            page = dict(snap.spectators)
        else:
            if side not in snap.sides:
                return None
            page = dict(snap.sides[side])
            page["requests"] = self.inbox.of_side(side)
            page["accepts_requests"] = self.accepts_requests
        ready = self.inbox.ready()
        page["ready"] = [{"name": snap.names[s], "ready": s in ready} for s in sorted(snap.names)]
        if side is not None:
            page["i_am_ready"] = side in ready
        page["version"] = version
        # The phase the page shows: Ready pressed on it counts for it only (set_ready).
        page["phase_key"] = list(snap.phase_key)
        # How often the page's event stream speaks, for it to tell a dead one.
        page["keep_alive"] = KEEP_ALIVE
        return version, page

    def form(self, side: int) -> tuple[str, dict[str, Any]]:
        with self._cond:
            snap = self._snapshot
        if snap is None or side not in snap.forms:
            raise RequestRefused("the game is not served yet")
        return snap.names[side], snap.forms[side]

    def wait(self, seen: int, timeout: float) -> int | None:
        """Wait until the version passes ``seen`` (or ``timeout``); None once stopping."""
        with self._cond:
            self._cond.wait_for(lambda: self._stopping or self._version != seen, timeout)
            return None if self._stopping else self._version

    @property
    def streams(self) -> int:
        """The event streams open now (a page that reads by polling has none)."""
        with self._cond:
            return self._streams

    def open_stream(self) -> bool:
        with self._cond:
            if self._streams >= MAX_STREAMS or self._stopping:
                return False
            self._streams += 1
            return True

    def close_stream(self) -> None:
        with self._cond:
            self._streams -= 1

    def take_request(self, side: int, body: dict[str, Any]) -> int:
        """A side's request checked against its form; its id (refused in words)."""
        if not self.accepts_requests:
            raise RequestRefused(
                "orders are taken by the umpire's app (View → Players' phones), not by this display"
            )
        name, form = self.form(side)
        if form["kind"] == "order":
            return self._order(side, name, form, body)
        return self._pack_request(side, name, form, body)

    def _order(self, side: int, name: str, form: dict[str, Any], body: dict[str, Any]) -> int:
        division = body.get("division_id")
        title = next((d["title"] for d in form["divisions"] if d["id"] == division), None)
        if title is None or isinstance(division, bool):
            raise RequestRefused("choose one of your divisions")
        order = body.get("order")
        if order not in form["types"]:
            raise RequestRefused("choose an order type (EotE 3.2)")
        objective = body.get("objective", "")
        if not isinstance(objective, str):
            raise RequestRefused("the objective is words")
        objective = " ".join(objective.split())[:MAX_TEXT]
        text = f"{title}: {order}" + (f", objective: {objective}" if objective else "")
        data = {
            "division_id": division,
            "division": title,
            "order": order,
            "objective": objective,
        }
        return self.inbox.add(side, name, "order", data, text)

    def _pack_request(
        self, side: int, name: str, form: dict[str, Any], body: dict[str, Any]
    ) -> int:
        check = next((c for c in form["checks"] if c["check"] == body.get("check")), None)
        if check is None:
            raise RequestRefused("nothing of that kind is asked of your side now")
        answers = body.get("answers")
        if not isinstance(answers, dict):
            raise RequestRefused("the answers are missing")
        clean: dict[str, Any] = {}
        words = []
        for ask in check["asks"]:
            value = answers.get(ask["key"], ask["default"])
            allowed = [c[0] for c in ask["choices"]]
            labels = {c[0]: c[1] for c in ask["choices"]}
            if ask["kind"] == "choices":
                hashable = isinstance(value, list) and all(
                    isinstance(v, str | int) and not isinstance(v, bool) for v in value
                )
                if not hashable or Counter(value) - Counter(allowed):
                    raise RequestRefused(f"{ask['label']}: choose among the cards offered")
                if not ask["minimum"] <= len(value) <= ask["maximum"]:
                    raise RequestRefused(
                        f"{ask['label']}: choose {ask['minimum']} (you chose {len(value)})"
                    )
                words.append(", ".join(str(labels[v]) for v in value))
            elif ask["kind"] == "choice":
                if value not in allowed:
                    raise RequestRefused(f"{ask['label']}: choose one of those offered")
                words.append(str(labels[value]))
            elif ask["kind"] == "bool":
                if not isinstance(value, bool):
                    raise RequestRefused(f"{ask['label']}: yes or no")
                words.append(f"{ask['label']}: {'yes' if value else 'no'}")
            else:
                if not isinstance(value, int) or isinstance(value, bool):
                    raise RequestRefused(f"{ask['label']}: a whole number")
                if not ask["minimum"] <= value <= ask["maximum"]:
                    raise RequestRefused(f"{ask['label']}: out of range")
                words.append(f"{ask['label']}: {value}")
            clean[ask["key"]] = value
        data = {
            "check": check["check"],
            "label": check["label"],
            "target": dict(check["target"]),
            "answers": clean,
        }
        return self.inbox.add(side, name, "pack", data, f"{check['label']}: {'; '.join(words)}")


def _static(name: str) -> bytes:
    return resources.files("eote_ref.web").joinpath("static", name).read_bytes()


class _Handler(http.server.BaseHTTPRequestHandler):
    phones: PhoneServer
    server_version = "eote-ref"
    sys_version = ""
    protocol_version = "HTTP/1.1"
    timeout = 20  # a client that stops sending is dropped
    #: The side's token of the request being answered ("" for a public path).
    _token = ""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base's name
        return  # the umpire's app has no console; a token must never reach a log

    # ------------------------------------------------------------------ answers
    def _send(self, status: int, body: bytes, ctype: str) -> None:
        self.send_response(status)
        for k, v in _SECURITY_HEADERS.items():
            self.send_header(k, v)
        self.send_header("Content-Type", ctype)
        self.send_header("Vary", "Accept-Encoding")
        if len(body) > GZIP_FROM and "gzip" in self.headers.get("Accept-Encoding", ""):
            body = gzip.compress(body, 5)
            self.send_header("Content-Encoding", "gzip")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data: Any) -> None:
        # Markup characters escaped too: the JSON of a unit named "<img ...>" holds no "<".
        text = json.dumps(data, ensure_ascii=True)
        text = text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
        self._send(status, text.encode(), "application/json")

    def _error(self, status: int, text: str) -> None:
        self._json(status, {"error": text})

    def _allowed(self) -> bool:
        if self.phones.stopping:
            self.close_connection = True
            self._error(503, "the umpire's app has stopped serving this game")
            return False
        if self.phones.buckets.take(self.client_address[0]):
            return True
        self.close_connection = True
        self._error(429, "too many requests: wait a moment")
        return False

    def _route(self) -> tuple[int | None, str] | None:
        """``(side, rest)`` for a side's path, ``(None, path)`` for a public one; None: 404."""
        path = urlsplit(self.path).path
        self._token = ""
        if path.startswith("/s/"):
            token, _, rest = path[3:].partition("/")
            side = self.phones.side_of(token) if token else None
            if side is None:
                return None
            self._token = token
            return side, "/" + rest
        return None, path

    # ------------------------------------------------------------------ GET
    def do_HEAD(self) -> None:  # noqa: N802 - the base's name
        self.do_GET()

    def do_GET(self) -> None:  # noqa: N802 - the base's name
        if not self._allowed():
            return
        route = self._route()
        if route is None:
            self._error(404, "no such page")
            return
        side, rest = route
        if rest == "/":
            self._send(200, _static("side.html" if side is not None else "index.html"),
                       "text/html; charset=utf-8")  # fmt: skip
        elif rest == "/view.json":
            page = self.phones.page(side)
            if page is None:
                self._error(503, "the game is not served yet")
            else:
                self._json(200, page[1])
        elif rest == "/events":
            self._events(side)
        elif side is None and rest.startswith("/static/") and rest[8:] in _STATIC:
            self._send(200, _static(rest[8:]), _STATIC[rest[8:]])
        else:
            self._error(404, "no such page")

    def _events(self, side: int | None) -> None:
        """Server-sent events: a line with the version at each change, until the client goes.

        A side's stream ends when its link is revoked (:meth:`PhoneServer.new_links`): the
        revoked page holds no thread, and reads nothing more of the game.
        """
        if not self.phones.open_stream():
            self._error(503, "too many pages open: the page asks every second instead")
            return
        try:
            self.send_response(200)
            for k, v in _SECURITY_HEADERS.items():
                self.send_header(k, v)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True
            seen = -1
            while True:
                version = self.phones.wait(seen, KEEP_ALIVE)
                if version is None:
                    return
                if side is not None and self.phones.side_of(self._token) != side:
                    return  # the link was revoked
                # A change, or the keep-alive: the same version said again.
                self.wfile.write(f"data: {version}\n\n".encode())
                seen = version
                self.wfile.flush()
        except OSError:
            return  # the phone went away
        finally:
            self.phones.close_stream()

    # ------------------------------------------------------------------ POST
    def do_POST(self) -> None:  # noqa: N802 - the base's name
        if not self._allowed():
            return
        route = self._route()
        if route is None or route[0] is None:
            self._error(404, "no such page")
            return
        side, rest = route
        assert side is not None
        if self.headers.get_content_type() != "application/json":
            # A page of another site cannot send JSON here without asking first (CORS),
            # and is never answered yes: only the side's own page posts.
            self.close_connection = True
            self._error(415, "a request is JSON")
            return
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self.close_connection = True
            self._error(411, "a request says its length")
            return
        if length < 0 or length > MAX_BODY:
            self.close_connection = True
            self._error(413, f"a request is at most {MAX_BODY} bytes")
            return
        try:
            body = json.loads(self.rfile.read(length) or b"{}")
        except (ValueError, UnicodeDecodeError):
            self._error(400, "the request is not JSON")
            return
        if not isinstance(body, dict):
            self._error(400, "the request is not a JSON object")
            return
        try:
            if rest == "/request":
                rid = self.phones.take_request(side, body)
                self._json(200, {"id": rid, "status": "pending"})
            elif rest == "/ready":
                if not self.phones.accepts_requests:
                    # The umpire's turn guide reads its own app's Ready, never this process's.
                    raise RequestRefused(
                        "Ready is pressed on the umpire's app's pages (View → Players' phones), "
                        "not on this display's"
                    )
                ready = body.get("ready", True)
                if not isinstance(ready, bool):
                    raise RequestRefused("ready is yes or no")
                phase = body.get("phase")
                if phase is not None and not isinstance(phase, list):
                    raise RequestRefused("the phase is the page's phase_key")
                self.phones.inbox.set_ready(side, ready, None if phase is None else tuple(phase))
                self._json(200, {"ready": ready})
            else:
                self._error(404, "no such page")
        except RequestRefused as e:
            self._error(400, str(e)[:MAX_TEXT])
