"""The import contracts of ``pyproject.toml`` cover what they say they cover.

"Qt stays in ui/ and a pack's ui/ folder" names the EotE pack's modules one by one, all but its
widgets (``packs/eote/ui``), since a forbidden contract cannot leave one subpackage out: a
module added to the pack's folder must be added there too, or it could import Qt unseen.
"""

from __future__ import annotations

import pathlib
import tomllib

ROOT = pathlib.Path(__file__).resolve().parents[2]


def contract(name_start: str) -> dict[str, object]:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    found = [
        c
        for c in config["tool"]["importlinter"]["contracts"]
        if str(c["name"]).startswith(name_start)
    ]
    assert len(found) == 1, name_start
    return found[0]


def test_qt_stays_out_of_every_module_of_the_eote_pack_but_its_widgets() -> None:
    folder = ROOT / "eote_ref" / "packs" / "eote"
    modules = {
        f"eote_ref.packs.eote.{path.stem if path.is_file() else path.name}"
        for path in folder.iterdir()
        if (path.suffix == ".py" and path.stem != "__init__") or (path / "__init__.py").is_file()
    }
    sources = set(contract("Qt stays in ui/")["source_modules"])  # type: ignore[arg-type]
    assert modules - {"eote_ref.packs.eote.ui"} <= sources
    assert "eote_ref.packs.eote.ui" not in sources
    assert (
        "eote_ref.packs.eote.ui" in contract("Widgets never touch the database")["source_modules"]
    )  # type: ignore[operator]


def test_no_shared_module_imports_eote_s_folder_without_exception() -> None:
    """The ratchet of issue 32 reached 0: the contract lets no import through, even indirect."""
    forbidden = contract("No shared module imports the EotE pack's folder")
    assert forbidden["forbidden_modules"] == ["eote_ref.packs.eote"]
    assert "ignore_imports" not in forbidden
    assert forbidden.get("allow_indirect_imports", False) is False
