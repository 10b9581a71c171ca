"""The printed sheets' content: record sheets, the quick reference and the report (no Qt)."""

from __future__ import annotations

import dataclasses
import html
import pathlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.armylists.loader import load_army_list
from eote_ref.packs.eote.rules.core import Source
from eote_ref.packs.eote.rulesets import load_default
from eote_ref.packs.eote.sheets.options import option_words
from eote_ref.packs.eote.sheets.quick_reference import quick_reference_html
from eote_ref.packs.eote.sheets.record import (
    PAGE_ROWS,
    DivisionSheet,
    UnitLine,
    division_rows,
    formations_of,
    movement_allowances,
    pack_pages,
    record_sheets_html,
    sheets_from_army_list,
    sheets_from_game,
)
from eote_ref.packs.eote.sheets.report import after_action_report, report_html
from eote_ref.referee.game import GameService
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.referee.sheets.marks import HOUSE_MARK, PROVISIONAL_MARK, clean_label

LISTS = shipped_army_lists()


def text_of(markup: str) -> str:
    """The visible text of HTML, tags stripped, entities decoded, spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", markup)).split())


def expected_pages(sheets: list[DivisionSheet]) -> list[list[DivisionSheet]]:
    """The packing rule written out again: divisions in order, a new page when one won't fit."""
    pages: list[list[DivisionSheet]] = []
    used = 0.0
    for sh in sheets:
        cost = division_rows(sh)
        if pages and used + cost <= PAGE_ROWS:
            pages[-1].append(sh)
            used += cost
        else:
            pages.append([sh])
            used = cost
    return pages


@pytest.mark.parametrize("path", LISTS, ids=[p.stem for p in LISTS])
def test_record_sheets_hold_every_division_and_unit(path: pathlib.Path) -> None:
    army = load_army_list(path).army_list
    sheets = sheets_from_army_list(army, load_default())
    assert [s.division for s in sheets] == [d.name for d in army.divisions()]
    markup = record_sheets_html(sheets)
    text = text_of(markup)
    for unit in army.units():
        assert unit.name in text
    # small divisions share a page; a division is never split across pages
    expected = expected_pages(sheets)
    assert pack_pages(sheets) == expected
    assert len(expected) < len(sheets)
    pages = markup.split("page-break-before: always")
    assert len(pages) == len(expected)
    for n, (page, group) in enumerate(zip(pages, expected, strict=True), start=1):
        page_text = text_of(page)
        assert f"page {n} of {len(expected)}" in page_text
        assert army.name in page_text
        for sh in group:
            assert sh.division in page_text
            for line in sh.units:
                assert line.name in page_text


def unit_line(name: str = "1st Foot") -> UnitLine:
    return UnitLine(
        name=name,
        arm="infantry",
        type="line",
        weight=None,
        brigade=None,
        ce=6,
        stands=4,
        formations=("line", "column", "square"),
        skirmish="—",
        movement=(),
        hit_boxes=6,
        blown_boxes=0,
    )


def division(name: str, units: int, side: str = "French") -> DivisionSheet:
    return DivisionSheet(
        army="Armée",
        side=side,
        division=name,
        level="division",
        chain=(),
        leader=None,
        superiors=(),
        units=tuple(unit_line(f"{name} unit {i}") for i in range(units)),
        figure_scale="15mm",
        threshold=3,
        ruleset_title="EotE",
    )


@given(st.lists(st.tuples(st.integers(1, 30), st.booleans()), min_size=1, max_size=30))
def test_packing_keeps_order_and_fills_pages(sizes: list[tuple[int, bool]]) -> None:
    sheets = [
        division(f"D{i}", n, "Prussian" if other else "French")
        for i, (n, other) in enumerate(sizes)
    ]
    pages = pack_pages(sheets)
    # every division once, in order, never split
    assert [s for page in pages for s in page] == sheets
    for page in pages:
        assert len({(s.army, s.side) for s in page}) == 1
        if len(page) > 1:
            assert sum(division_rows(s) for s in page) <= PAGE_ROWS
    # a page starts only when its first division would not fit on the page before
    for before, page in zip(pages, pages[1:], strict=False):
        first = page[0]
        same_side = (before[0].army, before[0].side) == (first.army, first.side)
        if same_side:
            assert sum(division_rows(s) for s in before) + division_rows(first) > PAGE_ROWS


def test_record_sheet_footer_in_words_with_page_numbers() -> None:
    sheets = [division("1st Division", 8), division("2nd Division", 9)]
    markup = record_sheets_html(sheets)
    text = text_of(markup)
    assert "page 1 of 1" in text
    assert "Shaded boxes: morale check from 3 hits" in text
    assert "(EotE 7.5)" in text
    assert "morale_hit_threshold" not in text
    assert "option" not in text
    # no value on this page carries a mark, so no key to the marks either
    assert PROVISIONAL_MARK not in text
    assert HOUSE_MARK not in text
    # formations go to a legend by arm, once per page, not on every row
    assert text.count("line, column, square") == 1
    assert "Formations (EotE 1.0.2, 5.3.6): infantry: line, column, square." in text
    # every division has its tracking strip
    for label in ("Order", "Pending order", "from turn", "Falling back", "Integrity checks"):
        assert text.count(label) == 2
    assert text.count("Leader killed") == 2
    assert text.count("new leader turn") == 2


def test_record_sheet_lists_formations_only_where_they_differ() -> None:
    path = next(p for p in LISTS if p.stem == "waterloo-1815-anglo-allied")
    army = load_army_list(path).army_list
    markup = record_sheets_html(sheets_from_army_list(army, load_default()))
    # light infantry that may take skirmish order says so on its row
    assert "+ skirmish order" in text_of(markup)
    for page in markup.split("page-break-before: always"):
        page_text = text_of(page)
        assert page_text.count("infantry: line, column, square") <= 1
        assert page_text.count("Formations (EotE") == 1


def test_record_sheet_skirmish_in_words() -> None:
    army = load_army_list(LISTS[0]).army_list
    text = text_of(record_sheets_html(sheets_from_army_list(army, load_default())))
    assert "/stand" not in text
    assert "per stand" in text
    assert "(EotE 5.4)" in text
    assert "(EotE 5.5)" in text


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
    # the ruleset doubts the transcription of the cavalry rows: printed provisional
    assert movement_allowances(rs, "cavalry", None, "heavy", "25mm")[0] == ("line", '12"†')
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
    assert "Shaded boxes: morale check from 4 hits" in text_of(markup)
    # shaded boxes start at the threshold: three plain boxes, then shaded ones
    first_row = markup.split('<table class="units"')[1].split("</th></tr>")[1]
    row = first_row.split('<table class="boxes"')[1]
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
            assert cell.replace("/", " / ") in text
    for group in rs.modifiers.values():
        for v in group.values():
            assert v.reason in text
    for r in rs.di_base:
        assert str(r.base) in text
    for r in rs.command_radius:
        assert f'{r.division:g}"' in text
        assert f'{r.army:g}"' in text
    for key in ("infantry_line", "cavalry_line", "artillery_heavy", "rout"):
        assert clean_label(rs.movement[key].reason)[0] in text


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
    count = sum(1 for v in rs.all_values() if v.source is Source.PROVISIONAL)
    doubted = sum(
        1
        for v in rs.all_values()
        if v.source is not Source.PROVISIONAL and clean_label(getattr(v, "reason", ""))[1]
    )
    assert f"{PROVISIONAL_MARK} {count + doubted} provisional values" in text_of(markup)
    # no club values: no count of them and no key
    assert HOUSE_MARK not in text_of(markup)
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
    assert HOUSE_MARK + " 1 club (house) value" in club_text


def test_quick_reference_scales_distances() -> None:
    rs = load_default()
    text = text_of(quick_reference_html(rs, "25mm"))
    assert "Command radius at 25mm" in text
    assert '18"' in text  # a rating 4 division radius of 16" plus 2"


def test_report_of_the_sample_game(sample_game: GameService) -> None:
    game = sample_game
    report = after_action_report(game)
    assert [t.turn for t in report.turns] == [1, 2]
    assert [x.name for x in report.leaders_lost] == ["Quiot du Passage"]
    markup = report_html(report, "chart.png")
    text = text_of(markup)
    # Written out by hand from the script (the checks' own journal lines).
    for line in (
        "Fire: 20/6 Foot Battery → Lloyd's Battery RA at 10\": 1 hit",
        'Fire: 2/30th Foot → 1/54e Ligne at 4": disorder',
        "1/54e Ligne: morale rout (rolled 9 against 4)",
        "Quiot du Passage: killed (rolled 1)",
        "1st Infantry Division: integrity falls back",
        "33rd Foot: morale rout",
    ):
        assert line in text
    assert "Tactical fire" in text
    assert "Leader casualty" in text
    assert '<img src="chart.png"' in markup
    # losses per turn: French 4 in turn 1, Anglo-Allied 1 then 1. The 1st Infantry Division
    # fell back disordered in turn 1 (9.0), so its battery fires at -2 in turn 2 and misses.
    assert report.summary.losses_per_turn == {1: {0: 4, 1: 1}, 2: {1: 1}}


def test_report_skips_undone_steps(sample_game: GameService) -> None:
    game = sample_game
    game.undo()  # the last integrity check
    text = text_of(report_html(after_action_report(game)))
    assert "3rd British Division: integrity" not in text
    assert "1st Infantry Division: integrity falls back" in text


def test_game_sheets_tick_the_markers(sample_game: GameService) -> None:
    game = sample_game
    sheets = sheets_from_game(game)
    first = next(s for s in sheets if s.division == "1st Infantry Division")
    unit = next(u for u in first.units if u.name == "1/54e Ligne")
    assert unit.hits == 4
    assert unit.routed
    assert unit.disordered
    assert first.leader is not None
    assert first.leader.killed
    # the tracking strip: one integrity check taken, falling back, the leader killed
    assert first.integrity_checks == 1
    assert first.falling_back
    assert not any(s.integrity_checks for s in sheets if "Cavalry" in s.division)
    markup = record_sheets_html([first])
    strip = markup.split('<table class="strip"')[1].split('<table class="units"')[0]
    assert strip.count("#333333") == 3  # falling back, one integrity check, leader killed
    text = text_of(record_sheets_html([first]))
    assert "Quiot du Passage (killed)" in text
    assert "ROUTED" in text
    assert "falling back" in text


def test_quick_reference_prints_clean_labels_and_options_in_words() -> None:
    rs = load_default()
    markup = quick_reference_html(rs)
    text = text_of(markup)
    assert "transcript" not in text
    assert "row lost" not in text
    # the values whose transcription is doubted print provisional
    assert 'cavalry in line 10"' + PROVISIONAL_MARK in text
    assert 'cavalry in column 10"' + PROVISIONAL_MARK in text
    assert 'leader 18"' + PROVISIONAL_MARK in text
    # options in words, no raw settings
    for name in rs.options:
        assert name not in text
    assert not re.search(r"\w=\w", text)
    for words in option_words(rs):
        assert words in text
    assert "morale check from 3 hits (EotE 7.5)" in text
    assert "ruleset eote" not in text
    # the assault table's key
    assert ". = no effect, D = disorder, F = fall back, 1 / 2 = hits, R = rout" in text
    assert "attacker / defender" in text
    # the movement table pairs foot and horse with the guns, row by row
    assert '<td>infantry in line</td><td class="c"><b>6"</b></td><td>light battery</td>' in markup
    movement = markup.split("Movement allowances")[1]
    assert "<td>horse artillery</td>" in movement.split("<td>infantry in square</td>")[1][:80]


def test_option_words_follow_the_choice() -> None:
    rs = load_default().with_options({"morale_hit_threshold": 4, "rout_hits": "always_1"})
    words = option_words(rs)
    assert "morale check from 4 hits (EotE 7.5)" in words
    assert "a rout always marks 1 hit (EotE 7.3–7.5)" in words
    assert len(words) == len(rs.options)


def test_every_choice_of_every_option_has_its_own_words() -> None:
    """The quick reference names each choice in words, never a setting's machine name."""
    rs = load_default()
    for name, spec in rs.options.items():
        seen = set()
        for choice in spec.choices:
            words = option_words(rs.with_options({name: choice}))
            assert len(words) == len(rs.options)
            index = list(rs.options).index(name)
            phrase = words[index]
            assert not phrase.startswith(name.replace("_", " ") + ":"), phrase  # the fallback
            assert "_" not in phrase, phrase
            seen.add(phrase)
        assert len(seen) == len(spec.choices), name  # each choice reads differently


def test_clean_label() -> None:
    assert clean_label("cavalry in line (transcript possibly damaged)") == (
        "cavalry in line",
        True,
    )
    assert clean_label("leader (row lost in the transcript)") == ("leader", True)
    assert clean_label("in a town (square modifier)") == ("in a town (square modifier)", False)


def test_report_names_and_options(sample_game: GameService) -> None:
    game = sample_game
    text = text_of(report_html(after_action_report(game)))
    assert "Off the table" in text
    assert "Divisions routed" in text
    assert "Removed" not in text
    assert "Divisions broken" not in text
    assert 'Options chosen 1500 yards are 15" on the table (EotE 3.6)' in text
    assert "morale_hit_threshold" not in text


def test_report_counts_checks_by_what_they_are(sample_game: GameService) -> None:
    """Issue 23: the report's tally and dice column read each step for what it is.

    An order's turns are no hits, an attach no radius check, the fog setting no check; the
    dice read short ("French 4", not "French.roll 4").
    """
    from eote_ref.packs.eote.checks import open_check
    from eote_ref.referee.players_view import Fog, set_fog_of_war
    from eote_ref.store import SetField

    game = sample_game
    division = game.view().sides[0].divisions[0]
    game.record(
        "order_activation",
        "1st Division: ATTACK in 2 turns",
        [SetField("game_command", division.id, "pending_order", "ATTACK")],
        rolls=[{"name": "roll", "value": 7}],
        outcome={"result": "2"},
    )
    attached = []
    for d in game.view().sides[1].divisions:
        if d.leader is not None and not d.leader.killed and not attached:
            check = open_check(game, "attach_leader", unit_id=d.units[-1].id)
            if check.trial({}).outcome is not None:
                attached.append(check.apply({}).result)
    assert attached == ["attached"]
    set_fog_of_war(game, Fog.OPPONENT)
    report = after_action_report(game)
    checks = {name: results for name, _n, results in report.checks}
    assert "in 2 turns 1" in checks["Orders"]
    assert "hits" not in checks["Orders"]
    assert "attached 1" in checks["Leader attached or detached"]
    assert not any("radius" in name.lower() and "attached" in r for name, r in checks.items())
    assert not any("display" in name.lower() for name in checks)
    dice = [ln.dice for t in report.turns for ph in t.phases for ln in ph.lines if ln.dice]
    assert dice
    assert not any(".roll" in d or "_roll" in d for d in dice), dice
