"""View → Players' phones in the real main window: serve, QR codes, accept, send back, Ready."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from typing import Any

import pytest
from PySide6.QtCore import QCoreApplication, QEvent, Qt
from PySide6.QtWidgets import QLabel
from pytestqt.qtbot import QtBot

from eote_ref.referee.players_view import Fog
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.phones_dialog import PhonesDialog, qr_pixmap
from tests.avle_games import quatre_bras
from tests.ui.helpers import shown_window


def fetch(url: str, data: Any = None) -> Any:
    body = None if data is None else json.dumps(data).encode()
    req = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def open_phones(qtbot: QtBot, window: MainWindow) -> PhonesDialog:
    window.phones_menu.action.trigger()
    dialog = window.phones_menu.dialog
    assert dialog is not None
    dialog.host.setCurrentText("127.0.0.1")
    dialog.port.setValue(0)
    assert dialog.start()
    return dialog


def test_the_qr_code_holds_the_link_with_its_quiet_zone(qtbot: QtBot) -> None:
    import segno

    url = "http://192.168.1.20:8035/s/abcdefghijklmnopqrstuvwxyz012345/"
    pixmap = qr_pixmap(url, module=2)
    modules = len(segno.make(url, error="m", micro=False).matrix)
    assert pixmap.width() == pixmap.height() == (modules + 8) * 2
    image = pixmap.toImage()
    assert image.pixelColor(0, 0).name() == "#ffffff"  # the quiet zone
    assert image.pixelColor(8, 8).name() == "#000000"  # the finder pattern's corner


def test_serves_the_open_game_and_answers_the_players(qtbot: QtBot, db: Database) -> None:
    window = shown_window(qtbot, db)
    dialog = open_phones(qtbot, window)
    try:
        assert dialog.server is not None
        links = {x.side: dialog.server.url(x.path) for x in dialog.server.links()}
        assert set(dialog.qr_labels) == set(links)
        assert all(not q.pixmap().isNull() for q in dialog.qr_labels.values())
        assert dialog.link_labels[0].text() == links[0]
        page = fetch(links[0] + "view.json")
        division = page["form"]["divisions"][0]
        fetch(links[0] + "request", {"division_id": division["id"], "order": "ATTACK"})
        fetch(links[1] + "ready", {"ready": True})
        qtbot.waitUntil(lambda: dialog.pending.count() == 1)
        assert "ATTACK" in dialog.pending.item(0).text()
        qtbot.waitUntil(lambda: "✓" in dialog.ready.text())
        guide = window.guideDock.widget().findChild(QLabel, "phonesReadyGuide")
        assert guide is not None
        assert "✓" in guide.text()
        # Accept opens the order wizard on the division, the player's order filled in
        dialog.accept_selected()
        wizard = dialog.wizard
        assert wizard is not None
        qtbot.addWidget(wizard)
        assert wizard.check.values["order"] == "ATTACK"
        assert wizard.check.target["division_id"] == division["id"]
        wizard.next()  # facts → roll: turn 1, the order takes effect at once (3.1)
        wizard.next()  # apply
        qtbot.waitUntil(lambda: dialog.pending.count() == 0)
        assert fetch(links[0] + "view.json")["requests"][0]["status"] == "accepted"
        service = window.hub.service  # type: ignore[union-attr]
        ordered = next(d for d in service.view().sides[0].divisions if d.id == division["id"])
        assert ordered.current_order == "ATTACK"
        # a second request sent back with a word; the game is not touched
        fetch(links[0] + "request", {"division_id": division["id"], "order": "DEFEND"})
        qtbot.waitUntil(lambda: dialog.pending.count() == 1)
        before = service.view().can_undo
        dialog.word.setText("no courier")
        dialog.send_back_selected()
        assert service.view().can_undo == before
        assert fetch(links[0] + "view.json")["requests"][0]["reply"] == "no courier"
        # new links: the old ones are gone
        dialog.new_links()
        with pytest.raises(urllib.error.HTTPError):
            fetch(links[0] + "view.json")
    finally:
        window.phones_menu.close()
    assert window.phones_menu.dialog is None


def test_an_avle_hand_is_accepted_from_the_dialog(qtbot: QtBot, db: Database) -> None:
    game = quatre_bras(db)
    window = shown_window(qtbot, db, game.game_id)
    dialog = open_phones(qtbot, window)
    try:
        assert dialog.server is not None
        link = next(x for x in dialog.server.links() if x.side == 0)
        url = dialog.server.url(link.path)
        hand = ["left", "centre", "right", "bombardment", "coordinated_attack", "left"]
        fetch(url + "request", {"check": "hand", "answers": {"hand": hand}})
        qtbot.waitUntil(lambda: dialog.pending.count() == 1)
        dialog.accept_selected()
        side = next(s for s in window.pack_game.hub.service.state().sides if s.position == 0)
        assert side.pack_state["hand"] == hand
        assert fetch(url + "view.json")["requests"][0]["status"] == "accepted"
        fetch(url + "ready", {"ready": True})
        qtbot.waitUntil(lambda: "French ✓" in dialog.ready.text())
        guide = window.guideDock.widget().findChild(QLabel, "phonesReadyGuide")
        assert guide is not None
        assert "French ✓" in guide.text()
    finally:
        window.phones_menu.close()


def test_the_dialog_says_a_side_reads_its_briefing_and_the_fog_reaches_the_phones(
    qtbot: QtBot, db: Database
) -> None:
    window = shown_window(qtbot, db)
    dialog = open_phones(qtbot, window)
    try:
        assert "private briefing" in dialog.private.text()
        assert dialog.server is not None
        link = next(x for x in dialog.server.links() if x.side == 0)
        url = dialog.server.url(link.path) + "view.json"
        before = fetch(url)
        other = next(s for s in before["sides"] if s["position"] == 1)
        assert all("ce" in u for d in other["divisions"] for u in d["units"])
        window.display_menu.fog_actions[Fog.OPPONENT].trigger()  # a view setting, no step
        after = fetch(url)
        assert after["version"] == before["version"] + 1
        other = next(s for s in after["sides"] if s["position"] == 1)
        assert not any("ce" in u for d in other["divisions"] for u in d["units"])
    finally:
        window.phones_menu.close()


def test_closing_the_game_stops_serving(qtbot: QtBot, db: Database) -> None:
    window = shown_window(qtbot, db)
    dialog = open_phones(qtbot, window)
    server = dialog.server
    assert server is not None
    url = server.url("/view.json")
    window._close_game()  # as switching the database does
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.phones_menu.dialog is None
    with pytest.raises(urllib.error.URLError, match="refused"):
        fetch(url)


def test_opening_another_game_stops_serving_the_first(qtbot: QtBot, db: Database) -> None:
    window = shown_window(qtbot, db)
    dialog = open_phones(qtbot, window)
    assert dialog.server is not None
    url = dialog.server.url("/view.json")
    assert fetch(url)["pack"] == "eote"
    other = quatre_bras(db)
    window.open_game(other.game_id)
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    assert window.phones_menu.dialog is None
    with pytest.raises(urllib.error.URLError, match="refused"):
        fetch(url)
    dialog = open_phones(qtbot, window)  # the AVlE game now
    try:
        assert dialog.server is not None
        assert fetch(dialog.server.url("/view.json"))["pack"] == "avle"
    finally:
        window.phones_menu.close()


def test_the_players_words_are_shown_as_text(qtbot: QtBot, db: Database) -> None:
    """An objective with markup is shown as typed, never rendered; so are the sides' names."""
    window = shown_window(qtbot, db)
    dialog = open_phones(qtbot, window)
    try:
        assert dialog.server is not None
        url = dialog.server.url(next(x for x in dialog.server.links() if x.side == 0).path)
        division = fetch(url + "view.json")["form"]["divisions"][0]["id"]
        fetch(
            url + "request", {"division_id": division, "order": "ATTACK", "objective": "<i>y</i>"}
        )
        fetch(url + "ready", {"ready": True})
        qtbot.waitUntil(lambda: dialog.pending.count() == 1)
        assert "<i>y</i>" in dialog.pending.item(0).text()
        assert dialog.ready.textFormat() == Qt.TextFormat.PlainText
        assert "✓" in dialog.ready.text()
    finally:
        window.phones_menu.close()
