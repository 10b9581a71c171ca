"""Build a sample club campaign and write its HTML report to docs/samples/campaign-report.html.

Three players fight three battles run through the referee services (with hits over several
turns, routs, a disintegrated unit and losses carried between battles) and a fourth battle
entered by hand, as a club moving from a spreadsheet would. ``python scripts/sample_campaign.py``
(optionally ``-o FILE``) rewrites the report; the screenshots script reuses the campaign.
"""

from __future__ import annotations

import argparse
import datetime
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "samples" / "campaign-report.html"
NAME = "The Hundred Days (club sample)"


def _next_turn(game: object) -> None:
    from eote_ref.referee.game import GameService

    assert isinstance(game, GameService)
    start = game.view().turn
    while game.view().turn == start:
        game.advance_phase()


def _fight(game: object, plan: list[list[tuple[int, int, int]]]) -> None:
    """Play ``plan``: per turn, (side, unit index, hits added); 6+ hits rout and leave."""
    from eote_ref.referee.game import GameService

    assert isinstance(game, GameService)
    for turn, hits in enumerate(plan):
        if turn:
            _next_turn(game)
        for side, index, added in hits:
            unit = game.view().sides[side].units[index]
            game.set_unit(unit.id, "hits", min(20, unit.hits + added))
            if unit.hits + added >= 6:
                game.set_unit(unit.id, "routed", True)
                game.set_unit(unit.id, "off_table", True)


def build_sample_campaign(db: object) -> int:
    """Create the sample campaign in ``db`` (an open database) and return its id."""
    from eote_ref.referee.campaign import CampaignService, NewBattle
    from eote_ref.referee.game import GameService
    from eote_ref.referee.setup import shipped_army_lists
    from eote_ref.store import Database, SetField

    assert isinstance(db, Database)
    lists = {p.name: p for p in shipped_army_lists()}
    svc = CampaignService(db)
    cid = svc.create_campaign(
        NAME, notes="A sample campaign made by scripts/sample_campaign.py from the shipped lists."
    )
    for player in ("Alice", "Bob", "Carol"):
        svc.add_member(cid, player)
    svc.add_member(cid, "Ursula", "umpire")
    svc.add_army(cid, "Alice", lists["waterloo-1815-french.yaml"])  # "Armée du Nord"
    svc.add_army(cid, "Bob", lists["waterloo-1815-prussian.yaml"], name="Prussian IV Corps")
    svc.add_army(cid, "Carol", lists["waterloo-1815-anglo-allied.yaml"], name="Wellington's army")

    def battle(day: int, scenario: str, a: str, b: str, names: tuple[str, str]) -> int:
        return svc.add_battle(
            cid,
            NewBattle(
                date=datetime.date(2026, 3, day),
                scenario=scenario,
                sides=([a], [b]),
                side_names=names,
                table_size="6 x 4 ft",
                figure_scale="15mm",
                umpire="Ursula",
            ),
        )

    b1 = battle(7, "Ligny", "Armée du Nord", "Prussian IV Corps", ("French", "Prussians"))
    g1 = GameService(db, svc.start_game(b1, initiative=0))
    _fight(
        g1,
        [
            [(0, 0, 2), (1, 0, 3), (1, 1, 2)],
            [(0, 0, 1), (0, 3, 2), (1, 0, 3), (1, 2, 4)],
            [(0, 5, 3), (1, 1, 4), (1, 4, 2), (1, 2, 1)],
        ],
    )
    unit = g1.view().sides[1].units[6]
    g1.record(
        "disintegrate",
        f"{unit.name} disintegrates",
        [SetField("game_unit", unit.id, "markers.disintegrated", True)],
    )
    svc.set_result(b1, "decisive", 0, notes="The Prussian centre broke in the third turn.")
    svc.carry_losses(b1)

    b2 = battle(14, "Quatre Bras", "Wellington's army", "Armée du Nord", ("Allies", "French"))
    g2 = GameService(db, svc.start_game(b2, initiative=1))
    _fight(
        g2,
        [
            [(0, 1, 2), (1, 0, 1), (1, 2, 2)],
            [(0, 1, 2), (0, 3, 3), (1, 4, 2)],
            [(0, 5, 1), (1, 2, 2), (1, 6, 3)],
            [(0, 3, 2), (1, 8, 1)],
        ],
    )
    svc.set_result(b2, "draw", notes="Both sides held their ground at nightfall.")
    svc.carry_losses(b2)

    b3 = battle(21, "Wavre", "Prussian IV Corps", "Wellington's army", ("Prussians", "Allies"))
    g3 = GameService(db, svc.start_game(b3, initiative=0))
    _fight(
        g3,
        [
            [(0, 0, 1), (1, 0, 2), (1, 1, 2)],
            [(0, 2, 2), (1, 0, 2), (1, 4, 3)],
        ],
    )
    svc.set_result(b3, "marginal", 0, notes="The Prussians took the bridge late in the day.")
    svc.carry_losses(b3)

    svc.add_battle(
        cid,
        NewBattle(
            date=datetime.date(2026, 3, 28),
            scenario="Plancenoit (played at a member's house)",
            sides=(["Prussian IV Corps"], ["Armée du Nord"]),
            side_names=("Prussians", "French"),
            table_size="8 x 5 ft",
            figure_scale="6mm",
            umpire="Ursula",
            victory="marginal",
            winner=1,
            notes="Entered by hand from the club's spreadsheet.",
            losses={"Prussian IV Corps": 17, "Armée du Nord": 11},
            units_lost={"Prussian IV Corps": 2, "Armée du Nord": 1},
        ),
    )
    return cid


def write_sample_report(output: pathlib.Path = OUT) -> pathlib.Path:
    """Build the sample campaign in a throw-away database and write its HTML report."""
    sys.path.insert(0, str(ROOT))
    from eote_ref.referee.campaign import CampaignService
    from eote_ref.referee.campaign.report import campaign_report_html
    from eote_ref.store import open_database

    with tempfile.TemporaryDirectory(prefix="eote-campaign-") as tmp:
        os.environ.setdefault("EOTE_REF_HOME", str(pathlib.Path(tmp) / "data"))
        with open_database(pathlib.Path(tmp) / "campaign.sqlite") as db:
            cid = build_sample_campaign(db)
            page = campaign_report_html(
                CampaignService(db), cid, generated=datetime.date(2026, 4, 1)
            )
    output.parent.mkdir(parents=True, exist_ok=True)
    output.write_text(page, encoding="utf-8")
    return output


def main(argv: list[str]) -> int:
    """Write the sample report; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("-o", "--output", type=pathlib.Path, default=OUT, help="the HTML file")
    args = parser.parse_args(argv)
    print(f"Wrote {write_sample_report(args.output)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
