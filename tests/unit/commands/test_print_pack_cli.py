"""``eote-ref print`` for another pack: AVlE's reference sheet, record sheets and card trackers."""

from __future__ import annotations

import pathlib
from typing import Any

import pytest

pytest.importorskip("PySide6.QtPdf")

from eote_ref.cli import main  # noqa: E402
from eote_ref.packs.printed import reference_sheet_html  # noqa: E402
from eote_ref.packs.registry import get_pack  # noqa: E402
from eote_ref.ui.printing import pdf_text  # noqa: E402
from tests.avle_games import ALLIED, FRENCH  # noqa: E402

REPO = pathlib.Path(__file__).resolve().parents[3]


def _flat(pages: list[str]) -> str:
    return " ".join(" ".join(pages).split())


def _every_cell_shown(pack: Any) -> None:
    """Every cell of every table of ``pack`` stands in its generated reference sheet."""
    html = reference_sheet_html(pack).replace("&#x27;", "'")
    for table in pack.tables.values():
        for row in table.render():
            for cell in row:
                assert f">{cell}<" in html, (table, cell)


def test_the_reference_sheet_shows_every_table_of_the_pack_by_its_kind(
    tmp_path: pathlib.Path,
) -> None:
    pack = get_pack("avle")
    _every_cell_shown(pack)
    out = tmp_path / "ref.pdf"
    assert main(["print", "qrs", "--pack", "avle", "-o", str(out), "--paper", "a4"]) == 0
    text = _flat(pdf_text(out))
    assert "Advanced Vive l'Empereur 1.2 — reference sheet" in text
    assert "combat effect (9.1) (columns)" in text
    assert "fire values (sheet) (grid)" in text
    assert "General killed (9.4) (rows)" in text
    assert "prussian_entry (bands)" in text
    assert "cavalry charging a square −10" in text.replace("-10", "−10")
    assert "fire_value_over_ten remainder" in text
    # Tables on the first page, the options on the second, on either paper.
    assert len(pdf_text(out)) == 2
    letter = tmp_path / "letter.pdf"
    assert main(["print", "qrs", "--pack", "avle", "-o", str(letter), "--paper", "letter"]) == 0
    assert len(pdf_text(letter)) == 2


def test_eotes_charts_print_through_the_same_generated_sheet(tmp_path: pathlib.Path) -> None:
    """EotE's charts are table kinds too: the shared renderer lays out each of them."""
    pack = get_pack("eote")
    _every_cell_shown(pack)
    out = tmp_path / "eote.pdf"
    assert main(["print", "qrs", "--generated", "-o", str(out), "--paper", "a4"]) == 0
    text = _flat(pdf_text(out))
    assert "Eagles Over the Empire 6.2 — reference sheet" in text
    assert "fire table (6.6): modified CE (bands)" in text
    assert "1-2:D 3-4:1 5-10:none" in text  # the 5-7 row, the text's own (6.6)
    assert "command radius (3.6): leader rating (rows)" in text
    assert "morale_hit_threshold" in text
    bad = ["print", "qrs", "--generated", "--ruleset", "x.yaml", "-o", str(out)]
    assert main(bad) == 1


def test_record_sheets_have_a_box_for_every_element(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "roster.pdf"
    assert main(["print", "roster", str(FRENCH), "-o", str(out)]) == 0
    assert "record sheets" in capsys.readouterr().out
    text = _flat(pdf_text(out))
    for unit in ("Bachelu's division (Husson)", "Guiton's cuirassiers", "Piré's horse battery"):
        assert unit in text
    assert "moved: 10 / 6 / 3" in text  # horse artillery's second row
    assert "Kellermann centre Guiton's cuirassiers turn 3" in text
    assert len(pdf_text(out)) == 1

    from eote_ref.armylists.loader import load_any_army_list
    from eote_ref.packs.avle.armylist import AvleArmyList
    from eote_ref.packs.avle.printed import record_sheets_html

    army = load_any_army_list(FRENCH).army_list
    assert isinstance(army, AvleArmyList)
    html = record_sheets_html(army)
    elements = sum(army.unit_type(u).elements for u in army.units)
    general_boxes = 2 * len(army.generals)  # killed, captured
    lost_boxes = len(army.units) + len(army.generals)
    morale_boxes = len(army.units)
    assert html.count('<td width="19"') == (elements + general_boxes + lost_boxes + morale_boxes)


def test_a_sector_that_does_not_fit_starts_a_new_page_whole(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "allied.pdf"
    assert main(["print", "roster", str(ALLIED), "-o", str(out), "--paper", "letter"]) == 0
    first, second = (" ".join(p.split()) for p in pdf_text(out))
    assert "Left sector (7 units)" in first
    assert "Centre sector (8 units)" in first
    assert "Right sector" not in first
    assert second.startswith("Anglo-Allied army (Wellington) — record sheet, continued")
    for unit in ("Saxe-Weimar's brigade", "Byng's Guards"):
        assert unit in second


def test_a_unit_short_of_elements_has_its_missing_boxes_shaded() -> None:
    from eote_ref.armylists.loader import check_any_document
    from eote_ref.packs.avle.printed import record_sheets_html
    from eote_ref.yamlio.loader import load_text

    text = FRENCH.read_text(encoding="utf-8")
    _, army, _ = check_any_document(load_text(text, "full.yaml"))
    assert army is not None
    assert record_sheets_html(army).count('bgcolor="#c9c9c9"') == 0
    short = text.replace("type: heavy_cavalry,", "type: heavy_cavalry, elements: 1,")
    _, army, problems = check_any_document(load_text(short, "short.yaml"))
    assert army is not None
    assert problems == []
    assert record_sheets_html(army).count('bgcolor="#c9c9c9"') == 2


def test_card_trackers_one_page_a_player(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "cards.pdf"
    assert main(["print", "cards", str(FRENCH), str(ALLIED), "-o", str(out)]) == 0
    assert "2 card trackers (2 pages)" in capsys.readouterr().out
    first, second = pdf_text(out)
    assert "Left wing of the Armée du Nord (Ney) — command cards" in " ".join(first.split())
    assert "Anglo-Allied army (Wellington) — command cards" in " ".join(second.split())
    flat = " ".join(first.split())
    for card in ("Left sector (order card, 3.1) #2", "Bombardment (automatic, 3.2)"):
        assert card in flat
    assert flat.count("in hand") == 10 * 6
    assert flat.count("victory checked") == 6 * 6


def test_cards_for_an_eote_list_and_bad_lists_print_nothing(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "x.pdf"
    eote = REPO / "army_lists" / "salamanca-1812-french.yaml"
    assert main(["print", "cards", str(eote), "-o", str(out)]) == 1
    assert "has no command cards" in capsys.readouterr().err
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        FRENCH.read_text(encoding="utf-8").replace("type: heavy_cavalry", "type: cuirassiers"),
        encoding="utf-8",
    )
    assert main(["print", "roster", str(bad), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert "units[8].type: unknown unit type 'cuirassiers'" in err
    assert "nothing was printed" in err
    assert main(["print", "qrs", "--pack", "avle", "--ruleset", "x.yaml", "-o", str(out)]) == 1
    assert not out.exists()
