"""Pack games for the tests of their play: Quatre Bras (AVlE) and Saalfeld (VlE)."""

from __future__ import annotations

import pathlib
from typing import Any

from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.store.changes import SetField

LISTS = pathlib.Path(__file__).resolve().parents[1] / "army_lists" / "avle"
FRENCH = LISTS / "quatre-bras-1815-french.yaml"
ALLIED = LISTS / "quatre-bras-1815-allied.yaml"
VLE_LISTS = LISTS.parent / "vle"
#: VlE's Saalfeld lists, by side.
SAALFELD = {
    "French": [VLE_LISTS / "saalfeld-1806-french.yaml"],
    "Prussians": [VLE_LISTS / "saalfeld-1806-prussian.yaml"],
}


def no_battle(path: pathlib.Path, folder: pathlib.Path) -> pathlib.Path:
    """A copy of a shipped list drawn for no battle (its ``battle:`` line left out).

    The Quatre Bras lists are not offered Waterloo or a hypothetical battle (their battle is
    another); the same units drawn for no battle are, as a club's own lists would be.
    """
    text = "".join(
        line for line in path.read_text(encoding="utf-8").splitlines(keepends=True)
        if not line.startswith("battle:")
    )  # fmt: skip
    out = folder / path.name.replace("quatre-bras", "no-battle")
    out.write_text(text, encoding="utf-8")
    return out


def quatre_bras(db: Database, **options: Any) -> PackGameService:
    """A new game of the two Quatre Bras lists, with the named options set."""
    spec = NewPackGame("Quatre Bras", "avle", {"French": [FRENCH], "Allies": [ALLIED]}, options)
    return PackGameService(db, new_pack_game(db, spec))


def avle_battle(db: Database, key: str, **options: Any) -> PackGameService:
    """A new game of one of AVlE's shipped battles (``ligny``, ``waterloo``...), options set."""
    from eote_ref.referee.pack_lists import pack_battle

    battle = pack_battle("avle", key)
    sides = {name: list(paths) for name, paths in battle.sides}
    return PackGameService(
        db, new_pack_game(db, NewPackGame(key, "avle", sides, options, battle.scenario))
    )


def saalfeld(db: Database, scenario: str | None = None) -> PackGameService:
    """A new VlE game of the two Saalfeld lists (with its scenario when named)."""
    return PackGameService(
        db, new_pack_game(db, NewPackGame("Saalfeld", "vle", SAALFELD, scenario=scenario))
    )


def mark(game: PackGameService, *changes: tuple[str, int, str, Any]) -> None:
    """Set fields as one journal step, as the dashboard's edits do."""
    game.record("mark", "set up the test", [SetField(*c) for c in changes])


def unit_id(game: PackGameService, name: str) -> int:
    """The id of the unit called ``name`` (on either side)."""
    return next(u.id for u in game.state().units if u.name == name)


def hands(game: PackGameService, hand: list[str] | None = None) -> None:
    """Each side takes ``hand`` for the turn, or the hand the check offers (4.1)."""
    for side in game.state().sides:
        check = game.open_check("hand", side_id=side.id)
        if hand is not None:
            check.set("hand", hand)
        check.apply()


def dealt(
    game: PackGameService,
    french: str,
    allied: str,
    hand: list[str] | None = None,
    **dice: list[str],
) -> tuple[dict[str, int], dict[str, int]]:
    """Both sides take their hand (:func:`hands`), play a card and roll their command dice (5.1).

    ``dice`` by side (``French=[...]``); returns the sides' and the units' ids by name.
    """
    state = game.state()
    sides = {s.name: s.id for s in state.sides}
    units = {u.name: u.id for u in state.units}
    hands(game, hand)
    check = game.open_check("round")
    check.set(f"card_{sides['French']}", french)
    check.set(f"card_{sides['Allies']}", allied)
    check.apply({f"{k}_dice": v for k, v in dice.items()})
    return sides, units


def play_a_round(game: PackGameService) -> int:
    """Play round 1 of a new game of any AVlE battle through its checks; the steps taken.

    A hypothetical battle is deployed first (14.0: exploration d6s of 3 and 4); then each
    side takes the hand the check offers (4.1), both play their first card with five flags
    (5.1), each passes its orders, and the round's victory check (4.2) starts round 2.
    """
    state = game.state()
    steps = 0
    if any(d.check == "deployment" for d in game.due()):
        game.open_check("deployment").apply(
            {f"{s.name}_exploration": 3 + i for i, s in enumerate(state.sides)}
        )
        steps += 1
    for side in state.sides:
        game.open_check("hand", side_id=side.id).apply()
        steps += 1
    game.open_check("round").apply({f"{s.name}_dice": ["flag"] * 5 for s in state.sides})
    steps += 1
    while due := [d for d in game.due() if d.check == "pass"]:
        game.open_check("pass", **due[0].target).apply()
        steps += 1
    outcome = game.open_check("victory").apply()
    assert outcome is not None
    assert outcome.result == "none"
    assert game.state().pack_state["round"] == 2
    return steps + 1


def last_record(game: PackGameService) -> dict[str, Any]:
    """The journal's last step done, as stored: ``kind``, ``inputs``, ``rolls``, ``outcome``."""
    from eote_ref.store.journal_reading import next_undo

    event = game.read(next_undo)
    assert event is not None, "nothing done yet"
    return {
        "kind": event.kind,
        "summary": event.summary,
        "inputs": dict(event.inputs or {}),
        "rolls": list(event.rolls or []),
        "outcome": dict(event.outcome or {}),
    }
