"""The printed sheets' content: record sheets, the quick reference and the report (no Qt)."""

from __future__ import annotations

import dataclasses
import html
import pathlib
import re

import pytest

from eote_ref.armylists.loader import load_army_list
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.referee.sheets import (
    HOUSE_MARK,
    PROVISIONAL_MARK,
    after_action_report,
    formations_of,
    movement_allowances,
    quick_reference_html,
    record_sheets_html,
    report_html,
    sheets_from_army_list,
    sheets_from_game,
)
from eote_ref.referee.sheets_sample import play_sample_game
from eote_ref.rules.core import Source
from eote_ref.rulesets import load_default
from eote_ref.store import Database, open_database

LISTS = shipped_army_lists()


def text_of(markup: str) -> str:
    """The visible text of HTML, tags stripped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


@pytest.fixture
def db(tmp_path: pathlib.Path) -> Database:
    database = open_database(tmp_path / "games.sqlite")
    yield database  # type: ignore[misc]
    database.close()


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_record_sheets_hold_every_division_and_unit(path: pathlib.Path) -> None:
    army = load_army_list(path).army_list
    sheets = sheets_from_army_list(army, load_default())
    assert [s.division for s in sheets] == [d.name for d in army.divisions()]
    markup = record_sheets_html(sheets)
    text = text_of(markup)
    for unit in army.units():
        assert unit.name in text
    # one page per division: every division after the first starts a new page
    assert markup.count("page-break-before: always") == len(sheets) - 1


def test_record_sheet_leader_radius_and_scale() -> None:
    army = load_army_list(LISTS[0]).army_list
    rs = load_default()
    at15 = sheets_from_army_list(army, rs, "15mm")[0]
    at25 = sheets_from_army_list(army, rs, "25mm")[0]
    at6 = sheets_from_army_list(army, rs, "6mm")[0]
    assert at15.leader is not None
    assert at25.leader is not None
    assert at6.leader is not None
    rating = army.divisions()[0].leader.rating
    listed = next(r.division for r in rs.command_radius if r.rating == rating)
    assert at15.leader.radius_in == listed
    assert at25.leader.radius_in == listed + 2
    assert at6.leader.radius_in == listed - 2


def test_movement_allowances_follow_the_ruleset_and_scale() -> None:
    rs = load_default()
    assert movement_allowances(rs, "infantry", None, "line", "15mm") == (
        ("line", '6"'),
        ("column", '8"'),
        ("skirmish", '12"'),
        ("square", '2"'),
    )
    assert movement_allowances(rs, "cavalry", None, "heavy", "25mm")[0] == ("line", '12"')
    horse = movement_allowances(rs, "artillery", "light", "horse", "15mm")
    assert horse == (("limbered", '13"'), ("prolonge", '2"'))


def test_formations_depend_on_nation_and_skirmish() -> None:
    assert "assault column" in formations_of("infantry", "french", "detach")
    assert "assault column" not in formations_of("infantry", "british", "detach")
    assert "skirmish order" in formations_of("infantry", "british", "full")
    assert "skirmish order" not in formations_of("infantry", "british", "detach")
    assert formations_of("artillery", "french", "none") == ("limbered", "unlimbered")


def test_morale_threshold_follows_the_option() -> None:
    army = load_army_list(LISTS[0]).army_list
    rs = load_default().with_options({"morale_hit_threshold": 4})
    sheet = sheets_from_army_list(army, rs)[0]
    assert sheet.threshold == 4
    markup = record_sheets_html([sheet])
    assert "Morale check on reaching 4 hits" in text_of(markup)
    # shaded boxes start at the threshold: three plain boxes, then shaded ones
    row = markup.split('<table class="boxes"')[1]
    colours = re.findall(r'bgcolor="(#[0-9a-f]+)"', row.split("</table>")[0])
    assert colours[:3] == ["#ffffff"] * 3
    assert colours[3] == "#f4c7c3"


def test_quick_reference_holds_every_table_value() -> None:
    rs = load_default()
    text = text_of(quick_reference_html(rs))
    for row in rs.fire_table:
        for band in (row.disorder, row.one_hit, row.two_hits):
            if band:
                lo, hi = band
                assert (str(lo) if lo == hi else f"{lo}–{hi}") in text
    for col in rs.assault_table:
        for cell in col.cells:
            assert cell in text
    for group in rs.modifiers.values():
        for v in group.values():
            assert v.reason in text
    for r in rs.di_base:
        assert str(r.base) in text
    for r in rs.command_radius:
        assert f'{r.division:g}"' in text
        assert f'{r.army:g}"' in text
    for key in ("infantry_line", "cavalry_line", "artillery_heavy", "rout"):
        assert rs.movement[key].reason in text


def test_quick_reference_marks_provisional_and_house_values() -> None:
    rs = load_default()
    markup = quick_reference_html(rs)
    provisional = [
        v for g in rs.modifiers.values() for v in g.values() if v.source is Source.PROVISIONAL
    ]
    assert provisional
    for v in provisional:
        row = markup.split(f"<td>{html.escape(v.reason)}</td>", 1)[1].split("</tr>", 1)[0]
        assert PROVISIONAL_MARK in row
    assert HOUSE_MARK + " house (0)" in text_of(markup)
    # a club edits a value: it prints with the house mark and its own number
    edited = dataclasses.replace(
        rs.modifiers["morale"]["leader_attached"], value=4, source=Source.HOUSE
    )
    club = dataclasses.replace(
        rs,
        modifiers={**rs.modifiers, "morale": {**rs.modifiers["morale"], "leader_attached": edited}},
    )
    club_text = text_of(quick_reference_html(club))
    assert f"leader attached +4 {HOUSE_MARK}" in club_text
    assert HOUSE_MARK + " house (1)" in club_text


def test_quick_reference_scales_distances() -> None:
    rs = load_default()
    text = text_of(quick_reference_html(rs, "25mm"))
    assert "Command radius at 25mm" in text
    assert '18"' in text  # a rating 4 division radius of 16" plus 2"


def test_report_of_the_sample_game(db: Database) -> None:
    game = play_sample_game(db)
    report = after_action_report(game)
    assert [t.turn for t in report.turns] == [1, 2]
    assert [x.name for x in report.leaders_lost] == ["Quiot du Passage"]
    markup = report_html(report, "chart.png")
    text = text_of(markup)
    for line in (
        "20/6 Foot Battery fires at Lloyd's Battery RA: 1 hit",
        "1/54e Ligne: morale rout (rolled 9 against 4)",
        "Quiot du Passage (1st Infantry Division): killed",
        "1st Infantry Division: integrity fall back",
        "33rd Foot: morale rout",
    ):
        assert line in text
    assert "Tactical fire" in text
    assert "Leader casualty" in text
    assert '<img src="chart.png"' in markup
    # losses per turn: French 4 in turn 1, Anglo-Allied 1 then 2
    assert report.summary.losses_per_turn == {1: {0: 4, 1: 1}, 2: {1: 2}}


def test_report_skips_undone_steps(db: Database) -> None:
    game = play_sample_game(db)
    game.undo()  # the last integrity check
    text = text_of(report_html(after_action_report(game)))
    assert "3rd British Division: integrity" not in text
    assert "1st Infantry Division: integrity fall back" in text


def test_game_sheets_tick_the_markers(db: Database) -> None:
    game = play_sample_game(db)
    sheets = sheets_from_game(game)
    first = next(s for s in sheets if s.division == "1st Infantry Division")
    unit = next(u for u in first.units if u.name == "1/54e Ligne")
    assert unit.hits == 4
    assert unit.routed
    assert unit.disordered
    assert first.leader is not None
    assert first.leader.killed
    text = text_of(record_sheets_html([first]))
    assert "Quiot du Passage (killed)" in text
    assert "ROUTED" in text
    assert "falling back" in text
