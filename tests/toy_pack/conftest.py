"""The toy pack registered for each test that asks for it, and taken out after."""

from __future__ import annotations

import pathlib
from collections.abc import Iterator

import pytest

from tests.registered import registered
from tests.toy_pack import LINE

LISTS = pathlib.Path(__file__).resolve().parent / "lists"
RED = LISTS / "red.yaml"
BLUE = LISTS / "blue.yaml"


@pytest.fixture
def toy_pack() -> Iterator[str]:
    """The toy pack known to the registry for the test (its id); unknown again after."""
    with registered(LINE):
        yield LINE.id
