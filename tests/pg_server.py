"""A PostgreSQL server of a test's own, which the test stops and starts again; and a cutting proxy.

The shared server of ``scripts/pg_cluster.sh`` serves every test at once, so a test that stops
a server must have its own: :func:`own_server` initialises one in a fresh folder with the same
programs (``EOTE_REF_TEST_PGBIN``), run as the same unprivileged user when the tests run as
root. :class:`CuttingProxy` sits between a client and a server and breaks the connection once,
right before or right after passing on a ``COMMIT``: the client then cannot tell whether the
server committed, which is what a server dying during a commit looks like.
"""

from __future__ import annotations

import contextlib
import os
import pathlib
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.backends import require_server

RUN_USER = os.environ.get("EOTE_REF_PG_USER", "eoteref")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class OwnServer:
    """A running server of this test's own: its URL, and how to stop and start it."""

    pgbin: pathlib.Path
    folder: pathlib.Path
    port: int

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://eote_admin@127.0.0.1:{self.port}/postgres"

    def _run(self, *words: str) -> None:
        command = [str(self.pgbin / words[0]), *words[1:]]
        if os.geteuid() == 0:
            command = ["runuser", "-u", RUN_USER, "--", *command]
        subprocess.run(command, check=True, capture_output=True, cwd=self.folder, timeout=120)

    def start(self) -> None:
        self._run(
            "pg_ctl",
            "-D",
            str(self.folder / "data"),
            "-l",
            str(self.folder / "server.log"),
            "-w",
            "-t",
            "60",
            "-o",
            f"-c listen_addresses=127.0.0.1 -p {self.port} -k {self.folder} -c fsync=off",
            "start",
        )

    def stop(self) -> None:
        """Stop at once, as a crash would (no clean shut-down of the connections)."""
        self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")


@contextlib.contextmanager
def own_server() -> Iterator[OwnServer]:
    """A fresh server (PostgreSQL's programs of the shared test server), removed at the end."""
    require_server()
    pgbin = pathlib.Path(os.environ.get("EOTE_REF_TEST_PGBIN", "/usr/lib/postgresql/15/bin"))
    if not (pgbin / "initdb").exists():
        pytest.fail(f"PostgreSQL's programs are not in {pgbin}: run the tests with pg_cluster.sh")
    folder = pathlib.Path(tempfile.mkdtemp(prefix="eote-own-pg."))
    folder.chmod(0o755)
    if os.geteuid() == 0:
        shutil.chown(folder, RUN_USER)
    server = OwnServer(pgbin, folder, 0)  # its port is chosen once it can be taken at once
    started = False
    try:
        server._run(
            "initdb",
            "-D",
            str(folder / "data"),
            "-U",
            "eote_admin",
            "--auth=trust",
            "--encoding=UTF8",
            "--locale=C",
        )
        # A free port is free only until someone takes it (another process's connection,
        # during the seconds initdb takes on a loaded machine): chosen after initdb, and
        # chosen again should the server find it taken.
        for attempt in range(3):
            server.port = _free_port()
            try:
                server.start()
                break
            except subprocess.CalledProcessError:
                if attempt == 2:
                    raise
        started = True
        yield server
    finally:
        if started:
            with contextlib.suppress(subprocess.CalledProcessError):
                server.stop()
        shutil.rmtree(folder, ignore_errors=True)


#: The head of PostgreSQL's BackendKeyData message (type K, length 12), a process id follows.
BACKEND_KEY = b"K\x00\x00\x00\x0c"


class CuttingProxy:
    """A TCP proxy to a server that, once armed, breaks the connection at the next ``COMMIT``.

    ``arm("after")`` passes the COMMIT on, waits for the server's answer (so the server has
    carried it out, however slow the machine) and drops it, then closes both ends: the client
    never hears it. ``arm("before")`` closes them without passing the COMMIT on.
    ``arm("late")`` closes the client's end at once but holds the COMMIT until
    :meth:`release`, then passes it on to the server's end if that is still open (a COMMIT
    still on its way when the client finds its connection broken); :attr:`late_done` is set
    once the server answered it or had gone. Every other byte, and every later connection,
    goes through untouched, but for the process id the server gives each new connection at
    its start (BackendKeyData) where :attr:`key_pid` is set: the client is given that one
    instead, as a pooler (PgBouncer) gives its own.
    """

    #: Seconds to wait for the server's answer to a COMMIT passed on (generous: a loaded
    #: machine; the cut comes after it all the same).
    ANSWER_S = 60.0

    def __init__(self, host: str, port: int) -> None:
        self.target = (host, port)
        self._listener = socket.create_server(("127.0.0.1", 0))
        self.port = int(self._listener.getsockname()[1])
        self._armed: str | None = None
        self.cut = threading.Event()
        self._closing = False
        self._held: set[int] = set()  # connections whose answers are no longer passed on
        self._answered = threading.Event()  # the server answered (or left) a held connection
        self._release = threading.Event()
        self.late_done = threading.Event()
        #: The process id every new connection is told it has, None: the server's own.
        self.key_pid: int | None = None
        threading.Thread(target=self._accept, daemon=True).start()

    def arm(self, when: str) -> None:
        assert when in ("before", "after", "late")
        self.cut.clear()
        self._answered.clear()
        self._release.clear()
        self.late_done.clear()
        self._armed = when

    def release(self) -> None:
        """Let a COMMIT held by ``arm("late")`` go on to the server."""
        self._release.set()

    def close(self) -> None:
        self._closing = True
        self._listener.close()

    def _accept(self) -> None:
        while not self._closing:
            try:
                client, _ = self._listener.accept()
            except OSError:
                return
            server = socket.create_connection(self.target)
            pair = (client, server)
            threading.Thread(
                target=self._pump, args=(client, server, pair, True), daemon=True
            ).start()
            threading.Thread(
                target=self._pump, args=(server, client, pair, False), daemon=True
            ).start()

    def _pump(
        self, source: socket.socket, sink: socket.socket, pair: tuple[socket.socket, ...], up: bool
    ) -> None:
        keyed = up  # the server's BackendKeyData (at a connection's start) not yet passed on
        try:
            while True:
                data = source.recv(65536)
                if not data:
                    break
                if not keyed and (key := data.find(BACKEND_KEY)) >= 0:
                    keyed = True
                    if self.key_pid is not None:
                        pid = self.key_pid.to_bytes(4, "big")
                        start = key + len(BACKEND_KEY)
                        data = data[:start] + pid + data[start + 4 :]
                if up and self._armed is not None and b"COMMIT" in data:
                    when, self._armed = self._armed, None
                    self._held.add(id(pair))
                    if when == "late":
                        self._late(data, source, sink)
                        return
                    if when == "after":
                        sink.sendall(data)
                        self._answered.wait(self.ANSWER_S)  # committed: never passed on
                    self.cut.set()
                    for s in pair:
                        with contextlib.suppress(OSError):
                            s.shutdown(socket.SHUT_RDWR)
                        s.close()
                    return
                if not up and id(pair) in self._held:
                    self._answered.set()
                    continue  # the answer is dropped; the other pump closes both ends
                sink.sendall(data)
        except OSError:
            pass
        finally:
            if not up and id(pair) in self._held:
                self._answered.set()  # the server's end closed: no answer will come
            for s in pair:
                with contextlib.suppress(OSError):
                    s.close()

    def _late(self, commit: bytes, client: socket.socket, server: socket.socket) -> None:
        """``arm("late")``: the client's end closed now, the COMMIT passed on when released."""
        with contextlib.suppress(OSError):
            client.shutdown(socket.SHUT_RDWR)
        client.close()
        self.cut.set()
        try:
            self._release.wait(self.ANSWER_S)
            server.sendall(commit)
            self._answered.wait(self.ANSWER_S)  # carried out, or the server's end had gone
        except OSError:
            pass  # the server's end had gone: the COMMIT never arrived
        finally:
            with contextlib.suppress(OSError):
                server.close()
            self.late_done.set()
