"""The catalogue declares every check once; the registry, menu, guide and batches follow it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from eote_ref.referee import catalogue
from eote_ref.referee.catalogue import CATALOGUE, CheckEntry, MenuItem


def test_the_catalogue_is_sound() -> None:
    assert catalogue.problems() == []


def test_a_broken_catalogue_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = (
        *CATALOGUE,
        CheckEntry("square"),  # twice, and neither a check nor a batch
        CheckEntry("odd", "unit", MenuItem("Odd", "Ctrl+M", "nothing", "")),
    )
    monkeypatch.setattr(catalogue, "CATALOGUE", broken)
    found = catalogue.problems()
    assert "a key is declared twice" in found
    assert "a shortcut is given twice" in found
    assert any(p.startswith("square: a check has a module") for p in found)
    assert any(p.startswith("odd: needs 'nothing'") for p in found)


def test_reading_the_catalogue_loads_no_check() -> None:
    """The first window reads it: it must stay plain data (no check, no ORM)."""
    code = (
        "import sys; import eote_ref.referee.catalogue; "
        "print(sorted(m for m in sys.modules if m.startswith(('eote_ref', 'sqlalchemy'))))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert "eote_ref.referee.catalogue" in out
    assert "eote_ref.packs.eote.checks" not in out
    assert "sqlalchemy" not in out


def test_the_registry_is_the_catalogue_s_checks() -> None:
    from eote_ref.packs.eote.checks import CHECK_MODULES, REGISTRY, load_checks
    from eote_ref.referee.todo import RESOLVABLE

    load_checks()
    assert set(REGISTRY) == catalogue.CHECK_KEYS == RESOLVABLE
    for key, cls in REGISTRY.items():
        assert cls.__module__ == f"eote_ref.packs.eote.checks.{catalogue.BY_KEY[key].module}"
    assert [m.rpartition(".")[2] for m in CHECK_MODULES][:-1] == list(catalogue.MODULES)


def test_a_check_not_in_the_catalogue_cannot_register() -> None:
    from eote_ref.packs.eote.checks import register
    from eote_ref.packs.eote.checks.unit import MoraleCheck

    class Stray(MoraleCheck):
        key = "stray"

    with pytest.raises(TypeError, match="'stray', declared nowhere"):
        register(Stray)

    class Misplaced(MoraleCheck):  # declared, but for another module
        key = "charge"

    with pytest.raises(TypeError, match="declared for module 'movement'"):
        register(Misplaced)


def test_a_declared_check_nobody_registers_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    from eote_ref.packs.eote import checks

    monkeypatch.setattr(catalogue, "CHECK_KEYS", catalogue.CHECK_KEYS | {"ghost"})
    with pytest.raises(TypeError, match="ghost"):
        checks.load_checks()


def test_the_batches_and_the_menu_follow_the_catalogue() -> None:
    from eote_ref.packs.eote.checks.batch import BATCHES

    batches = [e for e in CATALOGUE if e.batch is not None]
    assert list(BATCHES) == [e.key for e in batches]
    for e in batches:
        assert e.batch is not None
        kind = BATCHES[e.key]
        assert (kind.key, kind.title, kind.rule, kind.what) == (
            e.batch.check,
            e.batch.title,
            e.batch.rule,
            e.batch.what,
        )
