"""Time an AVlE step that changes many rows: the victory check that clears a round's markers.

``python scripts/bench_pack_step.py [--profile]`` from the repository's root: on the two
Quatre Bras lists (31 units) and on a synthetic game of 2 x 150 units, every unit is marked
``ordered``, ``fired`` and ``fired_on`` (one step), then the victory check of the round is
opened and applied (it clears them all: about 100 changes on Quatre Bras, 900 on the big
game) and undone; then one undo of that check is timed against a redo. Prints the medians
(wall clock, a fresh SQLite file in a temporary folder). ``--profile`` adds cProfile's top
lines. Run the code before and after a change side by side: the machine's load moves the
figures more than anything else. Target: 50 ms a step.
"""

from __future__ import annotations

import cProfile
import pathlib
import pstats
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1]))

from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game  # noqa: E402
from eote_ref.store.changes import SetField  # noqa: E402
from eote_ref.store.database import open_database  # noqa: E402

LISTS = pathlib.Path(__file__).resolve().parents[1] / "army_lists" / "avle"
QUATRE_BRAS = {
    "French": [LISTS / "quatre-bras-1815-french.yaml"],
    "Allies": [LISTS / "quatre-bras-1815-allied.yaml"],
}
Sides = Mapping[str, Sequence[pathlib.Path]]


def big_lists(folder: pathlib.Path, n: int) -> Sides:
    """Two synthetic AVlE lists of ``n`` infantry units each, spread over the sectors."""
    out: dict[str, list[pathlib.Path]] = {}
    for side, flag, kind in (("French", "french", "french_infantry"),
                             ("Allies", "english", "regular_infantry")):  # fmt: skip
        lines = [
            f"format: 1\nruleset: avle-1.2\nname: Big {side}\nnation: {flag}\nyear: 1815\n"
            f"flag: {flag}\ngenerals:\n  - {{name: General {side}, sector: centre}}\nunits:\n"
        ]
        sectors = ("left", "centre", "right")
        lines += [
            f"  - {{name: {side} unit {i}, type: {kind}, sector: {sectors[i % 3]}}}\n"
            for i in range(n)
        ]
        path = folder / f"{side}.yaml"
        path.write_text("".join(lines), encoding="utf-8")
        out[side] = [path]
    return out


def in_orders(db: Any, sides: Sides) -> PackGameService:
    """A new game with both hands chosen and the round's cards and dice played."""
    game = PackGameService(db, new_pack_game(db, NewPackGame("Bench", "avle", sides)))
    for side in game.state().sides:
        game.open_check("hand", side_id=side.id).apply()
    check = game.open_check("round")
    rolls: dict[str, Any] = {}
    while (trial := check.trial(rolls)).needed is not None:
        rolls[trial.needed.name] = ["infantry"] * trial.needed.count
    check.apply(rolls)
    return game


def mark_all(game: PackGameService) -> None:
    """Every unit ``ordered``, ``fired`` and ``fired_on``, as one step."""
    game.record("mark", "bench", [
        SetField("game_unit", u.id, f"markers.{k}", True)
        for u in game.state().units for k in ("ordered", "fired", "fired_on")
    ])  # fmt: skip


def timed(fn: Callable[[], object], profile: cProfile.Profile | None) -> float:
    """Seconds ``fn`` took (profiled when ``profile`` is given)."""
    start = time.perf_counter()
    if profile is not None:
        profile.enable()
    fn()
    if profile is not None:
        profile.disable()
    return time.perf_counter() - start


def run(label: str, sides: Sides, reps: int, profile: bool) -> None:
    """Time the victory check and its undo ``reps`` times on a new game of ``sides``."""
    folder = pathlib.Path(tempfile.mkdtemp())
    game = in_orders(open_database(folder / "bench.sqlite"), sides)
    prof = cProfile.Profile() if profile else None
    applies, undos = [], []
    for _ in range(reps):
        mark_all(game)
        applies.append(timed(lambda: game.open_check("victory").apply({}), prof))
        undos.append(timed(game.undo, None))
        game.undo()  # the marks
    n = len(game.state().units)
    print(f"{label}: {n} units; victory check (open + apply) median "
          f"{statistics.median(applies) * 1000:.1f} ms (min {min(applies) * 1000:.1f}); "
          f"its undo median {statistics.median(undos) * 1000:.1f} ms")  # fmt: skip
    if prof is not None:
        pstats.Stats(prof).sort_stats("cumulative").print_stats(30)


def main() -> None:
    """Both games, the figures printed."""
    profile = "--profile" in sys.argv
    run("Quatre Bras", QUATRE_BRAS, 15, profile)
    run("2 x 150 units", big_lists(pathlib.Path(tempfile.mkdtemp()), 150), 7, profile)


if __name__ == "__main__":
    main()
