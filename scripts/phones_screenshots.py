"""The players' phones into docs/screenshots (``make screenshots``): a side's page, the dialog.

A side's page is taken by Debian's headless Chromium at a phone's size (390 × 844 CSS
pixels, as the browser tests drive it); the umpire's *Players' phones* dialog with its QR
codes by offscreen Qt. A throw-away database holds the demo battle, a few markers, an order
in transit, a request waiting and a side ready. Skipped, and said, when no browser is here.
"""

from __future__ import annotations

import argparse
import json
import os
import pathlib
import sys
import tempfile
import time
import urllib.request

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"


def post(url: str, data: object) -> None:
    """POST ``data`` as JSON to ``url``, as a phone does."""
    req = urllib.request.Request(
        url, data=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )
    urllib.request.urlopen(req, timeout=10).read()


def main(argv: list[str]) -> int:
    """Take both screenshots; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="output folder")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="eote-phones-"))
    os.environ["EOTE_REF_HOME"] = str(tmp / "data")
    os.environ["XDG_CONFIG_HOME"] = str(tmp / "config")
    sys.path.insert(0, str(ROOT))

    from PySide6.QtWidgets import QApplication

    from eote_ref.packs.eote.checks import open_check
    from eote_ref.referee.players_view import Fog, set_fog_of_war
    from eote_ref.referee.session import open_app_database
    from eote_ref.ui.main_window import MainWindow
    from eote_ref.ui.settings import APPLICATION, ORGANIZATION
    from eote_ref.ui.theme import apply_scheme
    from tests.browser.browser import chromium, missing, wait_for

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    apply_scheme(app, "light")
    args.out.mkdir(parents=True, exist_ok=True)
    db = open_app_database(tmp / "phones.sqlite")
    window = MainWindow(db)
    window.resize(1440, 900)
    window.show()
    window.open_demo()
    hub = window.hub
    assert hub is not None
    game = hub.service
    view = game.view()
    french = next(s for s in view.sides if s.name == "French")
    units = french.divisions[0].units
    game.set_unit(units[0].id, "hits", 2)
    game.toggle_unit(units[1].id, "disordered")
    set_fog_of_war(game, Fog.OPPONENT)
    check = open_check(game, "order", division_id=french.divisions[1].id)
    check.set("order", "ATTACK")
    check.apply({})
    dialog = window.phones_menu.open()
    assert dialog is not None
    dialog.host.setCurrentText("127.0.0.1")
    dialog.port.setValue(0)
    dialog.start()
    server = dialog.server
    assert server is not None
    link = next(x for x in server.links() if x.side == french.position)
    other = next(x for x in server.links() if x.side != french.position)
    url = server.url(link.path)
    post(
        url + "request",
        {"division_id": french.divisions[2].id, "order": "MANEUVER", "objective": "Hougoumont"},
    )
    post(server.url(other.path) + "ready", {"ready": True})
    deadline = time.monotonic() + 5
    while dialog.pending.count() == 0 and time.monotonic() < deadline:
        app.processEvents()
    for _ in range(5):
        app.processEvents()
    written = []
    path = args.out / "phones-dialog.png"
    dialog.grab().save(str(path))
    written.append(path)
    why = missing()
    if why is None:
        driver = chromium()
        try:
            driver.get(url)
            wait_for(driver, lambda d: "French" in d.find_element("id", "game").text)
            time.sleep(0.3)
            path = args.out / "phones-side.png"
            driver.save_screenshot(str(path))
            written.append(path)
        finally:
            driver.quit()
    else:
        print(f"phones-side.png not taken: {why}")
    window.phones_menu.close()
    window.close()
    db.close()
    for p in written:
        print(p.relative_to(ROOT) if p.is_relative_to(ROOT) else p)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
