"""Debian's headless Chromium driven by Selenium, for the players' pages (``make test-slow``).

``scripts/chromium.sh`` installs ``chromium`` and ``chromium-driver`` when missing (as root on
Debian); where neither is there a test skips, except under CI (``CI=true``), where it fails.
"""

from __future__ import annotations

import os
import pathlib
from typing import Any

CHROMIUM = pathlib.Path("/usr/bin/chromium")
DRIVER = pathlib.Path("/usr/bin/chromedriver")

#: The browser's flags: headless, no sandbox (root in CI), and nothing fetched from outside.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
)

#: A phone's screen, in CSS pixels (a common 6.1-inch phone).
PHONE = (390, 844)


def missing() -> str | None:
    """Why the browser cannot run here, or None."""
    for path in (CHROMIUM, DRIVER):
        if not os.access(path, os.X_OK):
            return f"{path} is missing (scripts/chromium.sh installs it as root on Debian)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "selenium is not installed (the test extra)"
    return None


def chromium(size: tuple[int, int] = PHONE) -> Any:
    """A headless Chromium of ``size`` CSS pixels, driven through Debian's chromedriver."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS:
        options.add_argument(flag)
    options.add_argument(f"--window-size={size[0]},{size[1]}")
    options.add_argument("--hide-scrollbars")
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    # A phone's viewport exactly: its CSS pixels, a touch screen's scale, mobile layout.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": size[0], "height": size[1], "deviceScaleFactor": 2, "mobile": True},
    )
    return driver


#: Seconds a browser test waits for the page to show what it expects. Generous: CI runs the
#: browser, its driver, the server and a second test process on a loaded two-core machine,
#: where a push and a read can take seconds; what never comes still fails, after this long.
WAIT_S = 30.0


def wait_for(driver: Any, condition: Any, timeout: float = WAIT_S) -> Any:
    """Wait until ``condition(driver)`` is true (Selenium's wait)."""
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(condition)
