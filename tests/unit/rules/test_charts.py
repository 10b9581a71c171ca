"""EotE's charts as the pack boundary's table kinds: built from the ruleset's rows, one lookup."""

from __future__ import annotations

from eote_ref.packs.eote.rules.charts import d10_bands
from eote_ref.packs.eote.rules.leader_casualty import band_of
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.tables import Band, Bands, Rows


def test_d10_bands_fill_the_faces_no_range_names() -> None:
    chart = d10_bands("row", [(5, 10, "2"), (2, 3, "D")], "none")
    assert chart.bands == (
        Band(1, 1, "none"),
        Band(2, 3, "D"),
        Band(4, 4, "none"),
        Band(5, 10, "2"),
    )
    assert chart.check() == []
    assert [chart.lookup(f) for f in range(1, 11)] == ["none", "D", "D", "none"] + ["2"] * 6


def test_every_chart_is_a_kind_holding_the_files_rows(rs: Ruleset) -> None:
    charts = rs.charts.by_name()
    assert set(charts) == {
        "fire_table",
        "assault_table",
        "integrity_base",
        "integrity_fail",
        "leader_casualty",
        "command_radius",
        "oac",
    }
    assert all(c.check() == [] for c in charts.values())
    fire = rs.charts.fire_table
    assert isinstance(fire, Bands)
    assert [b.result for b in fire.bands] == list(rs.fire_table)
    assert fire.lookup(6).results.lookup(3) == "1"  # the 5-7 row, a 3: one hit (6.6)
    assert [b.result for b in rs.charts.assault_table.bands] == list(rs.assault_table)
    assert isinstance(rs.charts.command_radius, Rows)
    assert rs.charts.command_radius.lookup(-1) is rs.command_radius[0]
    assert rs.charts.oac.lookup(4) is rs.oac[-1]


def test_a_rows_quick_reference_cell(rs: Ruleset) -> None:
    """What stands for each row in a printed chart: the d10 results, cells, radii, base."""
    render = {name: chart.render() for name, chart in rs.charts.by_name().items()}
    assert render["fire_table"][4] == ["5-7", "1-2:D 3-4:1 5-10:none"]
    assert render["assault_table"][1][1].startswith("1/. F/. D/.")
    assert render["integrity_base"][1] == ["6 or less", "7"]
    assert render["command_radius"][1] == ["-1", "6/14/18"]
    assert render["oac"][1] == ["-1", "2/5/8"]
    assert render["integrity_fail"][1:] == [["1-3", "rout"], ["4-10", "fall_back"]]


def test_band_of_reads_the_named_bands_as_the_file_writes_them(rs: Ruleset) -> None:
    assert [band_of(rs.leader_casualty, r) for r in (0, 1, 2, 4, 5, 11)] == [
        "killed",
        "killed",
        "no_rally",
        "no_rally",
        "no_effect",
        "no_effect",
    ]
