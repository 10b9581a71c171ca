"""The browser tests: a headless Chromium, or a clean skip (never under CI)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.browser import chromium, missing


@pytest.fixture
def browser() -> Iterator[Any]:
    """A phone-sized headless Chromium; skipped where none is installed, but not in CI."""
    why = missing()
    if why is not None:
        if os.environ.get("CI") == "true":
            pytest.fail(f"the browser tests must run in CI: {why}")
        pytest.skip(why)
    driver = chromium()
    try:
        yield driver
    finally:
        driver.quit()
