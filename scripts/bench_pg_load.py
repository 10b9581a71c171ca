"""Load on a club server: 8 clients on their own games and 2 sharing one, 500 commands each.

    python scripts/bench_pg_load.py [--url URL] [--commands N]

The URL defaults to ``EOTE_REF_BENCH_DATABASE_URL``, then ``EOTE_REF_TEST_DATABASE_URL``
(``scripts/pg_cluster.sh python scripts/bench_pg_load.py`` runs it on a throw-away server).
Each client is its own process with its own connection pool, like a copy of the app. A client
reads its game's version, applies a command built from that view (a compare-and-swap), and on
a refusal (the other sharing client got there first) reads again and retries. At the end every
game's journal must hold exactly the commands sent (no error, none lost, none duplicated).
Prints the median and 95th-percentile time to apply one command; exit status 1 on a failure.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import statistics
import sys
import time
from typing import Any

from sqlmodel import select

from eote_ref.store import (
    Game,
    GameUnit,
    SetField,
    StaleGameError,
    apply,
    create_game,
    history,
    open_database,
)
from eote_ref.store.specs import CommandSpec, LeaderSpec, RosterSpec, SideSpec, UnitSpec

OWN_CLIENTS = 8
SHARED_CLIENTS = 2
COMMANDS = 500


def _sides() -> list[SideSpec]:
    def roster(name: str) -> RosterSpec:
        divisions = tuple(
            CommandSpec(
                f"{name} {d + 1}",
                "division",
                LeaderSpec(f"General {name} {d + 1}", 1),
                units=tuple(
                    UnitSpec(f"{u + 1}/{d + 1} {name}", "infantry", "line", 6, 4) for u in range(10)
                ),
            )
            for d in range(3)
        )
        top = CommandSpec(name, "army", LeaderSpec(f"{name} C-in-C", 3), commands=divisions)
        return RosterSpec(name, "french", 1815, top)

    return [SideSpec("French", (roster("French"),)), SideSpec("Allies", (roster("Allies"),))]


def _client(url: str, game_id: int, client: int, commands: int, out: Any) -> None:
    """One copy of the app: ``commands`` commands on ``game_id``; sends its timings."""
    rng = random.Random(client)
    times: list[float] = []
    conflicts = 0
    error = ""
    try:
        with open_database(url=url) as db:
            with db.session() as s:
                rows = s.exec(select(GameUnit.id).where(GameUnit.game_id == game_id))
                units = [int(u) for u in rows if u is not None]
            with db.session() as s:
                n = 0
                while n < commands:
                    game = s.get(Game, game_id)
                    assert game is not None
                    seen = game.version
                    s.rollback()
                    change = SetField(
                        "game_unit", rng.choice(units), "markers.hits", rng.randint(0, 6)
                    )
                    t = time.perf_counter()
                    try:
                        apply(
                            s,
                            game_id,
                            "load",
                            changes=[change],
                            summary=f"client {client} command {n}",
                            expected_version=seen,
                        )
                    except StaleGameError:
                        conflicts += 1
                        continue
                    times.append((time.perf_counter() - t) * 1000)
                    n += 1
    except Exception as e:  # noqa: BLE001 - reported to the parent
        error = f"{type(e).__name__}: {e}"
    out.put((client, game_id, times, conflicts, error))


def run_load(
    url: str, *, own: int = OWN_CLIENTS, shared: int = SHARED_CLIENTS, commands: int = COMMANDS
) -> dict[str, Any]:
    """Run the load and check the journals; the figures as a dict (``errors`` lists failures)."""
    with open_database(url=url) as db, db.session() as s:
        own_games = [int(create_game(s, f"own {i}", _sides()).id or 0) for i in range(own)]
        shared_game = int(create_game(s, "shared", _sides()).id or 0)
    assignments = [(g, i) for i, g in enumerate(own_games)]
    assignments += [(shared_game, own + i) for i in range(shared)]
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    started = time.perf_counter()
    workers = [
        context.Process(target=_client, args=(url, g, c, commands, queue)) for g, c in assignments
    ]
    for w in workers:
        w.start()
    results = [queue.get() for _ in workers]
    for w in workers:
        w.join()
    elapsed = time.perf_counter() - started
    errors = [f"client {c}: {e}" for c, _, _, _, e in results if e]
    times = sorted(t for _, _, ts, _, _ in results for t in ts)
    conflicts = sum(r[3] for r in results)
    expected: dict[int, set[str]] = {}
    for g, c in assignments:
        expected.setdefault(g, set()).update(f"client {c} command {n}" for n in range(commands))
    lost = duplicated = 0
    with open_database(url=url) as db, db.session() as s:
        for game_id, summaries in expected.items():
            events = history(s, game_id)
            seqs = [e.seq for e in events]
            if seqs != list(range(1, len(summaries) + 1)):
                errors.append(f"game {game_id}: journal seqs are not 1..{len(summaries)}")
            got = [e.summary for e in events]
            lost += len(summaries - set(got))
            duplicated += len(got) - len(set(got))
            if len(got) != len(set(got)) or set(got) != summaries:
                errors.append(f"game {game_id}: commands lost or duplicated")
    p95 = times[max(0, int(len(times) * 0.95) - 1)] if times else float("nan")
    return {
        "clients": own + shared,
        "commands": len(times),
        "conflicts_retried": conflicts,
        "seconds": elapsed,
        "pg_apply_median_ms": statistics.median(times) if times else float("nan"),
        "pg_apply_p95_ms": p95,
        "lost": lost,
        "duplicated": duplicated,
        "errors": errors,
    }


def server_url() -> str | None:
    """The server to load: ``EOTE_REF_BENCH_DATABASE_URL`` or ``EOTE_REF_TEST_DATABASE_URL``."""
    return os.environ.get("EOTE_REF_BENCH_DATABASE_URL") or os.environ.get(
        "EOTE_REF_TEST_DATABASE_URL"
    )


def main() -> int:
    """Run the load on the server named by ``--url``; print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--url", default=server_url(), help="the PostgreSQL server's URL")
    parser.add_argument("--commands", type=int, default=COMMANDS, help="commands per client")
    args = parser.parse_args()
    if not args.url:
        print("no server: set EOTE_REF_BENCH_DATABASE_URL, or run through scripts/pg_cluster.sh")
        return 1
    figures = run_load(args.url, commands=args.commands)
    print(
        f"{figures['clients']} clients, {figures['commands']} commands in "
        f"{figures['seconds']:.1f} s ({figures['conflicts_retried']} refused as stale and "
        f"retried): apply median {figures['pg_apply_median_ms']:.1f} ms, "
        f"p95 {figures['pg_apply_p95_ms']:.1f} ms; journal events lost {figures['lost']}, "
        f"duplicated {figures['duplicated']}"
    )
    for e in figures["errors"]:
        print(f"FAILED: {e}", file=sys.stderr)
    return 1 if figures["errors"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
