"""VlE army lists: the shipped Saalfeld lists validate; errors are placed in the file."""

from __future__ import annotations

import pathlib

from eote_ref.armylists.loader import check_any_document
from eote_ref.referee.setup import shipped_army_lists_dir
from eote_ref.yamlio.loader import load_text

FOLDER = shipped_army_lists_dir()
assert FOLDER is not None


def test_the_shipped_lists_validate() -> None:
    for name in ("saalfeld-1806-french.yaml", "saalfeld-1806-prussian.yaml"):
        path = pathlib.Path(FOLDER) / "vle" / name
        pack, army, problems = check_any_document(load_text(path.read_text("utf-8"), str(path)))
        assert pack == "vle"
        assert army is not None, [str(p) for p in problems]
        assert not [p for p in problems if p.severity == "error"]
        assert army.commander() is not None


def test_a_list_written_back_reads_as_the_same_list() -> None:
    """The pack's ``dump``: the roster database's copy and the roster editor's file."""
    from eote_ref.packs.registry import get_pack

    schema = get_pack("vle").army_list
    assert schema is not None
    assert schema.dump is not None
    for path in sorted((pathlib.Path(FOLDER) / "vle").glob("*.yaml")):
        _pack, army, _ = check_any_document(load_text(path.read_text("utf-8"), str(path)))
        text = schema.dump(army)
        _pack, again, problems = check_any_document(load_text(text, "dumped"))
        assert again == army, [str(p) for p in problems]
        assert "{name: " in text  # a unit or leader a line


BAD = """\
format: 1
ruleset: vle-3
name: Bad
nation: french
year: 1806
leaders:
  - {name: A, army_commander: true}
  - {name: B, army_commander: true, corps: Nowhere}
units:
  - {name: Hussars, arm: cavalry, corps: C, steps: 8, fire: 2, melee: 3, morale: 9, movement: 10}
  - {name: Guns, arm: artillery, corps: C, steps: 2, fire: 5, melee: 1, morale: 8, movement: 5}
  - {name: guns, arm: infantry, corps: C, steps: 4, melee: 2, morale: 8, movement: 6, range: 2}
"""


def test_errors_name_their_line_and_column() -> None:
    pack, army, problems = check_any_document(load_text(BAD, "bad.yaml"))
    assert pack == "vle"
    assert army is None
    texts = [str(p) for p in problems]
    expected = [
        ("bad.yaml:8:", "one army commander a side"),
        ("bad.yaml:8:", "no unit of the list is in 'Nowhere'"),
        ("bad.yaml:10:", "more than 7 steps of cavalry"),
        ("bad.yaml:10:", "cavalry has no firepower"),
        ("bad.yaml:11:", "a battery's range is 5 to 7 hexes"),
        ("bad.yaml:12:", "duplicate unit name 'guns'"),
        ("bad.yaml:12:", "only light infantry fires at 2"),
    ]
    for where, words in expected:
        assert any(t.startswith(where) and words in t for t in texts), (where, words, texts)
