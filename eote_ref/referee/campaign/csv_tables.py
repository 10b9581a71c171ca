"""The campaign's CSV tables: league tables and the battle list, written and read back.

The file format's own rules (encodings, formula cells, escaping, limits) are in
:mod:`eote_ref.referee.campaign.csv_format`; this module lays out the columns and turns a
battle-list row into a :class:`~eote_ref.referee.campaign.views.NewBattle`.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping, Sequence

from eote_ref.referee.campaign import csv_format
from eote_ref.referee.campaign.battle_view import BattleView
from eote_ref.referee.campaign.league import LeagueRow
from eote_ref.referee.campaign.views import NewBattle
from eote_ref.store.campaigns import CampaignWork

#: Columns of the battle-list CSV (export and import); several armies are joined by ``; ``.
BATTLE_COLUMNS = (
    "date",
    "scenario",
    "table_size",
    "figure_scale",
    "umpire",
    "side_a",
    "side_b",
    "armies_a",
    "armies_b",
    "losses_a",
    "losses_b",
    "game_id",
    "victory",
    "winner",
    "notes",
)
LEAGUE_COLUMNS = (
    "position",
    "name",
    "played",
    "won",
    "drawn",
    "lost",
    "points",
    "losses_inflicted",
    "losses_suffered",
)


def _split(text: str) -> list[str]:
    return csv_format.split_names(text)


def league_csv(rows: Sequence[LeagueRow]) -> str:
    """A league table as CSV text (cells a spreadsheet would run as formulas neutralised)."""
    # the CSV leaves the difference to the reader
    return csv_format.write_rows(
        [LEAGUE_COLUMNS, *(r.cells(i)[:-1] for i, r in enumerate(rows, 1))]
    )


def battles_csv(battles: Sequence[BattleView]) -> str:
    """A battle list as CSV text (the format ``CampaignService.import_battles`` reads)."""
    rows: list[Sequence[object]] = [BATTLE_COLUMNS]
    for b in sorted(battles, key=lambda b: (b.date, b.id)):
        a, z = b.side_armies(0), b.side_armies(1)
        rows.append(
            [
                b.date.isoformat(),
                b.scenario,
                b.table_size,
                b.figure_scale,
                b.umpire or "",
                b.side_names[0],
                b.side_names[1],
                csv_format.join_names(x.army for x in a),
                csv_format.join_names(x.army for x in z),
                "; ".join(str(x.losses) for x in a),
                "; ".join(str(x.losses) for x in z),
                "" if b.game_id is None else b.game_id,
                b.victory or "",
                "" if b.winner is None else b.side_names[b.winner],
                b.notes or "",
            ]
        )
    return csv_format.write_rows(rows)


def known_armies(spec: NewBattle, known: Mapping[str, str]) -> NewBattle:
    """``spec`` with its army names spelt as the campaign spells them (any case matches)."""

    def name(n: str) -> str:
        return known.get(n.casefold(), n)

    return dataclasses.replace(
        spec,
        sides=([name(n) for n in spec.sides[0]], [name(n) for n in spec.sides[1]]),
        losses={name(n): v for n, v in spec.losses.items()},
        units_lost={name(n): v for n, v in spec.units_lost.items()},
    )


def parse_row(row: Mapping[str, str | None]) -> tuple[NewBattle | None, list[str]]:
    """A battle-list row as a battle, or None and what is wrong with it."""
    errors: list[str] = []

    def get(key: str) -> str:
        value = row.get(key)
        return (value or "").strip()

    try:
        date = datetime.date.fromisoformat(get("date"))
    except ValueError:
        errors.append(f"date {get('date')!r} is not YYYY-MM-DD")
        date = datetime.date.min
    side_names = (get("side_a") or "Side A", get("side_b") or "Side B")
    armies = (_split(get("armies_a")), _split(get("armies_b")))
    losses: dict[str, int] = {}
    for key, names in (("losses_a", armies[0]), ("losses_b", armies[1])):
        parts = _split(get(key))
        if not parts:
            continue
        if len(parts) != len(names):
            errors.append(f"{key} needs one number per army ({len(names)})")
            continue
        for n, p in zip(names, parts, strict=True):
            number = csv_format.whole_number(p)
            if number is None:
                errors.append(
                    f"{key}: {p[:40]!r} is not a whole number from 0 to {csv_format.MAX_NUMBER}"
                )
            else:
                losses[n] = number
    game_id: int | None = None
    if get("game_id"):
        game_id = csv_format.whole_number(get("game_id"))
        if game_id is None:
            errors.append(f"game_id {get('game_id')[:40]!r} is not a number")
    victory = get("victory").lower() or None
    winner: int | None = None
    if get("winner"):  # any case: "french" and "FRENCH" name the side "French"
        folded = [n.casefold() for n in side_names]
        if get("winner").casefold() not in folded:
            errors.append(
                f"winner {get('winner')!r} is neither {side_names[0]} nor {side_names[1]}"
            )
        else:
            winner = folded.index(get("winner").casefold())
    if errors:
        return None, errors
    return (
        NewBattle(
            date=date,
            scenario=get("scenario"),
            sides=armies,
            side_names=side_names,
            table_size=get("table_size"),
            figure_scale=get("figure_scale") or "15mm",
            umpire=get("umpire") or None,
            game_id=game_id,
            victory=victory,
            winner=winner,
            notes=get("notes") or None,
            losses=losses,
        ),
        [],
    )


def insert_battles(
    w: CampaignWork, campaign_id: int, battles: Sequence[NewBattle], draw: str
) -> None:
    """Insert checked battles in bulk (two statements, not committed); ``draw`` has no winner."""
    if not battles:
        return
    armies: dict[str, int] = {a.name: a.id for a in w.armies(campaign_id) if a.id is not None}
    members = {m.name: m.id for m in w.members(campaign_id)}
    values = [
        {
            "campaign_id": campaign_id,
            "date": spec.date,
            "scenario": spec.scenario.strip(),
            "table_size": spec.table_size,
            "figure_scale": spec.figure_scale,
            "umpire_id": members[spec.umpire] if spec.umpire else None,
            "side_names": [spec.side_names[0], spec.side_names[1]],
            "game_id": spec.game_id,
            "victory": spec.victory,
            "winner": None if spec.victory in (None, draw) else spec.winner,
            "notes": spec.notes,
        }
        for spec in battles
    ]
    ids = w.insert_battles(values)
    links = [
        {
            "battle_id": battle_id,
            "army_id": armies[n],
            "side": side,
            "losses": int(spec.losses.get(n, 0)),
            "units_lost": int(spec.units_lost.get(n, 0)),
            "unit_map": {},
            "unit_results": {},
        }
        for battle_id, spec in zip(ids, battles, strict=True)
        for side, names in enumerate(spec.sides)
        for n in names
    ]
    w.insert_battle_armies(links)
