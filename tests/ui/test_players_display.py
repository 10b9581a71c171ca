"""The players' display follows apply, undo and redo, and never shows an order or a hidden CE."""

from __future__ import annotations

import html
import pathlib
import re

import pytest
from PySide6.QtCore import QAbstractItemModel, Qt
from PySide6.QtWidgets import QAbstractItemView, QLabel, QWidget
from pytestqt.qtbot import QtBot

from eote_ref.packs.eote.checks import open_check
from eote_ref.packs.eote.checks.fire_queue import FireQueue
from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.players_view import Fog, fog_of_war, set_fog_of_war
from eote_ref.referee.views import DivisionView, UnitView
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.players_display import PlayersDisplay
from tests.ui.helpers import settle, to_phase

ROLES = (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole)


def texts(widget: QWidget) -> list[str]:
    """Every text a player could read: titles, labels, tooltips, table cells and headers."""
    out = [widget.windowTitle(), widget.toolTip()]
    for w in [widget, *widget.findChildren(QWidget)]:
        out += [w.toolTip(), w.statusTip(), w.whatsThis(), w.accessibleName()]
        if isinstance(w, QLabel):  # as written, and as read (tags gone, entities decoded)
            out += [w.text(), html.unescape(re.sub(r"<[^>]+>", " ", w.text()))]
        if isinstance(w, QAbstractItemView) and w.model() is not None:
            out += model_texts(w.model())
    return [t for t in out if t]


def model_texts(model: QAbstractItemModel) -> list[str]:
    out = []
    for c in range(model.columnCount()):
        for role in ROLES:
            out.append(str(model.headerData(c, Qt.Orientation.Horizontal, role) or ""))
    for r in range(model.rowCount()):
        for c in range(model.columnCount()):
            for role in ROLES:
                value = model.data(model.index(r, c), role)
                if value is not None:
                    out.append(str(value))
    return out


def fire_once(game: GameService) -> tuple[UnitView, UnitView]:
    """One infantry fire from a British battalion at the first French battalion in reach."""
    to_phase(game, Phase.FIRE)
    view = game.view()
    firer = max((u for u in view.sides[1].units if u.arm == "infantry"), key=lambda u: u.ce)
    target = next(u for u in view.sides[0].units if u.arm == "infantry")
    queue = FireQueue(game, "infantry")
    check = open_check(game, "infantry_fire", unit_id=firer.id, target_id=target.id)
    check.set("range_in", 4.0)
    best = max(range(1, 11), key=lambda r: _hits(check.trial({"roll": r % 10}).outcome))
    queue.add(check, {"roll": best % 10})
    queue.apply()
    return firer, target


def _hits(outcome: object) -> int:
    details = getattr(outcome, "details", {})
    return int(details.get("hits", 0))


def rows_of(display: PlayersDisplay, side: int) -> list[str]:
    model = display.sides[side].model
    return [
        " | ".join(str(model.data(model.index(r, c))) for c in range(model.columnCount()))
        for r in range(model.rowCount())
    ]


@pytest.fixture
def shown(qtbot: QtBot, demo: GameService) -> tuple[GameHub, PlayersDisplay]:
    hub = GameHub(demo)
    display = PlayersDisplay(hub)
    qtbot.addWidget(display)
    display.show()
    return hub, display


def test_display_follows_apply_undo_and_redo(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    _hub, display = shown
    assert display.header.text().startswith("Turn 1")
    assert not any(label.isVisible() for label in display.result_labels)
    _firer, target = fire_once(demo)
    assert display.pending  # the umpire's screen first; the display on the next loop turn
    settle(qtbot, display)
    hit = demo.unit_view(target.id)
    assert hit.hits >= 1, "a 1 at 3 inches hits"
    assert "Tactical fire phase" in display.header.text()
    marked = [r for r in rows_of(display, 0) if target.name in r]
    assert marked
    assert f"{hit.hits} hit" in marked[0]
    card = display.result_labels[0]
    assert card.isVisible()
    assert target.name in card.text()
    assert "Die <b>" in card.text()
    assert "EotE 6.6" in card.text()  # the section of the fire table

    demo.undo()
    settle(qtbot, display)
    assert not [r for r in rows_of(display, 0) if target.name in r]
    assert target.name not in display.result_labels[0].text()

    demo.redo()
    settle(qtbot, display)
    assert [r for r in rows_of(display, 0) if target.name in r]
    assert target.name in display.result_labels[0].text()


def test_each_result_card_shows_its_last_line(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    """A card as tall as its wrapped text: the die and the result at its foot are not cut off."""
    _hub, display = shown
    fire_once(demo)
    for unit in demo.view().sides[0].units[:3]:  # enough cards to need the scroll bar
        open_check(demo, "morale", unit_id=unit.id).apply({"roll": 1})
    settle(qtbot, display)
    for width, height in ((1024, 600), (1280, 720), (1600, 900), (1920, 1080)):
        display.resize(width, height)

        def laid_out(width: int = width, height: int = height) -> None:
            cards = [label for label in display.result_labels if label.isVisible()]
            assert len(cards) == 4
            for card in cards:
                assert "Die <b>" in card.text()
                needed = card.heightForWidth(card.width())
                assert card.height() >= needed, f"{width}x{height}: {card.text()[:60]}"

        # the new size is laid out on the next turns of the loop, then settles over as many
        # more as a slow machine takes
        qtbot.wait(50)
        qtbot.waitUntil(laid_out)


def test_division_state_and_markers_are_shown(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    _hub, display = shown
    div = demo.view().sides[1].divisions[0]
    unit = div.units[0]
    demo.set_division(div.id, "falling_back", True)
    demo.toggle_unit(unit.id, "disordered")
    settle(qtbot, display)
    rows = rows_of(display, 1)
    assert any(r.startswith(div.title) and "FALLING BACK" in r for r in rows)
    assert any(r.strip().startswith(f"{unit.code} {unit.name}") and "disordered" in r for r in rows)
    assert div.title != div.name  # the division is named with its corps (issue 24)
    demo.set_division(div.id, "routed", True)
    settle(qtbot, display)
    assert any(r.startswith(div.name) and "ROUTED" in r for r in rows_of(display, 1))


def _issue_pending_order(game: GameService) -> tuple[DivisionView, str, list[str]]:
    """A MANEUVER order still in transit on turn 2, and the words that would give it away."""
    to_phase(game, Phase.COMMAND, turn=2)
    d = next(d for d in game.view().sides[0].divisions if len(d.units) >= 4)
    check = open_check(game, "order", division_id=d.id)
    check.set("order", "MANEUVER")
    check.set("distance_in", 40.0)
    outcome = check.apply({"roll": 0})
    turns = int(outcome.details["turns"])
    after = next(x for x in game.view().sides[0].divisions if x.id == d.id)
    assert after.pending_order == "MANEUVER", "the order should still be in transit"
    entry = game.journal(limit=1)[0]
    sender = entry.summary.rsplit("(", 1)[1].split(",")[0]  # "... (Soult, rolled 10)"
    secrets = ["MANEUVER", sender, f"turn {game.view().turn + turns}", "takes effect"]
    return after, sender, secrets


def test_no_hidden_field_ever_appears(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    _hub, display = shown
    div, sender, secrets = _issue_pending_order(demo)
    assert sender  # the issuer's name, read from the umpire's journal line
    fire_once(demo)  # a fire and its CE-built figures among the last results
    first = demo.view().sides[0].units[0]
    open_check(demo, "morale", unit_id=first.id).apply({"roll": 1})
    for fog in Fog:
        set_fog_of_war(demo, fog)
        assert fog_of_war(demo.view()) is fog
        settle(qtbot, display)
        for viewer in (None, 0, 1):
            for every in (False, True):
                display.set_viewer(viewer)
                display.set_all_units(every)
                _check_mode(display, demo, div, secrets, fog, viewer)


def _check_mode(
    display: PlayersDisplay,
    demo: GameService,
    div: DivisionView,
    secrets: list[str],
    fog: Fog,
    viewer: int | None,
) -> None:
    mode = f"fog {fog}, shown to {viewer}, every unit {display.all_units}"
    everything = texts(display)
    joined = "\n".join(everything)
    assert any(div.name in t for t in everything), "the division itself is shown"
    assert "order in transit" in joined
    for secret in secrets:
        assert secret not in joined, f"{secret!r} leaked ({mode})"
    for panel, side in zip(display.sides, demo.view().sides, strict=True):
        hidden = fog is Fog.BOTH or (fog is Fog.OPPONENT and viewer != side.position)
        model = panel.model
        headers = [
            model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())
        ]
        cells = model_texts(model)
        ces = {str(u.ce) for u in side.units}
        if hidden:
            assert "CE" not in headers, mode
            # No cell holds a CE, bare or as "after hits/printed": the only numbers are in the
            # markers' words.
            assert not [c for c in cells if c.strip() in ces], mode
            assert not [c for c in cells if re.fullmatch(r"\d+/\d+", c.strip())], mode
        else:
            assert "CE" in headers, mode
            shown_units = {c.strip() for c in cells}
            # As on the dashboard: CE after hits over the printed CE (EotE 7.4).
            listed = [u for u in side.units if u.name in shown_units]
            assert all(f"{u.effective_ce}/{u.ce}" in shown_units for u in listed), mode
    if fog is not Fog.OFF:
        assert not re.search(r"\bBase -?\d|\bModified -?\d| against \d", joined), mode
        assert "hidden (fog of war)" in joined, mode
    else:
        assert re.search(r"\bBase \d", joined)


def test_an_umpire_order_edit_stays_hidden(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    _hub, display = shown
    div = demo.view().sides[1].divisions[0]
    demo.set_division(div.id, "current_order", "WITHDRAW")
    settle(qtbot, display)
    joined = "\n".join(texts(display))
    assert "WITHDRAW" not in joined
    assert "order in force" in joined
    assert "changed the orders of a division (hidden)" in joined


def test_the_display_offers_no_edit(shown: tuple[GameHub, PlayersDisplay]) -> None:
    _hub, display = shown
    for panel in display.sides:
        model = panel.model
        for r in range(min(model.rowCount(), 5)):
            flags = model.flags(model.index(r, 0))
            assert not flags & Qt.ItemFlag.ItemIsEditable
            assert not flags & Qt.ItemFlag.ItemIsSelectable
        assert panel.table.editTriggers() == QAbstractItemView.EditTrigger.NoEditTriggers
    labels = [a.text() for a in display.menu().actions()]
    assert not [t for t in labels if re.search(r"undo|redo|apply|edit|set", t, re.I)]


def test_view_menu_opens_the_display_and_sets_fog(qtbot: QtBot, db: object) -> None:
    from eote_ref.ui.main_window import MainWindow

    window = MainWindow(db)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    assert not window.display_menu.actionDisplay.isEnabled()  # no game open
    window.open_demo()
    window.display_menu.actionDisplay.trigger()
    display = window.display_menu.display
    assert display is not None
    qtbot.addWidget(display)
    assert display.isVisible()
    assert display.source is window.hub
    # The game's choice is ticked before any is made (issue 30).
    assert window.display_menu.fog_actions[Fog.OFF].isChecked()
    assert window.hub is not None
    steps = len(window.hub.service.journal())
    window.display_menu.fog_actions[Fog.BOTH].trigger()
    assert fog_of_war(window.hub.view) is Fog.BOTH
    assert window.display_menu.fog_actions[Fog.BOTH].isChecked()
    settle(qtbot, display)
    assert display.fog_label.text() == "Fog of war: CE hidden"
    # A view setting, not a step of the battle: no journal step, Ctrl+Z leaves it.
    assert len(window.hub.service.journal()) == steps
    window.display_menu.fog_actions[Fog.OFF].trigger()
    assert fog_of_war(window.hub.view) is Fog.OFF
    settle(qtbot, display)
    assert display.fog_label.text() == ""


def test_order_sheet_lists_a_side_s_orders_in_transit(
    qtbot: QtBot, demo: GameService, tmp_path: pathlib.Path
) -> None:
    from eote_ref.referee.order_sheet import order_sheet
    from eote_ref.ui.display_menu import print_order_sheet
    from eote_ref.ui.printing import pdf_text

    div, sender, _secrets = _issue_pending_order(demo)
    sheet = order_sheet(demo, 0)
    assert [(o.division, o.order, o.sender) for o in sheet.in_transit] == [
        (div.name, "MANEUVER", sender)
    ]
    line = sheet.in_transit[0]
    assert line.written_turn == demo.view().turn
    assert line.takes_effect_turn == demo.view().turn + (div.pending_order_turns or 0)
    own = tmp_path / "french.pdf"
    assert print_order_sheet(demo, 0, own) == 1
    text = " ".join(pdf_text(own))
    assert "MANEUVER" in text
    assert sender in text
    other = tmp_path / "allied.pdf"
    print_order_sheet(demo, 1, other)
    assert "MANEUVER" not in " ".join(pdf_text(other))


def test_the_display_never_keeps_the_app_open(qtbot: QtBot, db: object) -> None:
    from eote_ref.ui.main_window import MainWindow

    window = MainWindow(db)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.open_demo()
    display = window.display_menu.open_display()
    assert display is not None
    assert not display.testAttribute(Qt.WidgetAttribute.WA_QuitOnClose)
    assert display.parent() is window  # destroyed with the umpire's window


def test_the_umpire_keeps_the_keyboard_when_the_display_opens(qtbot: QtBot, db: object) -> None:
    """F12 then straight on to a check's keys: the display must not take the umpire's keys."""
    from PySide6.QtWidgets import QApplication

    from eote_ref.ui.main_window import MainWindow

    window = MainWindow(db)  # type: ignore[arg-type]
    qtbot.addWidget(window)
    window.open_demo()
    window.show()
    qtbot.waitExposed(window)
    window.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is window)
    window.display_menu.actionDisplay.trigger()
    display = window.display_menu.display
    assert display is not None
    qtbot.waitExposed(display)
    qtbot.wait(100)
    assert display.isVisible()
    assert QApplication.activeWindow() is window


def test_fog_hides_an_assault_s_attack_value(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    """The attack value is the two sides' CE difference: with the CE hidden, so is it."""
    _hub, display = shown
    to_phase(demo, Phase.ASSAULT)
    attacker, second = [u for u in demo.view().sides[0].units if u.arm == "infantry"][:2]
    defender = next(u for u in demo.view().sides[1].units if u.arm == "infantry")
    check = open_check(
        demo, "assault", attackers=(attacker.id, second.id), defenders=(defender.id,)
    )
    check.apply({"roll": 5})
    assert "attack value" in demo.journal(limit=1)[0].summary  # the umpire's line has it
    settle(qtbot, display)
    card = display.result_labels[0].text()
    assert "attack value" in card  # no fog: the table sees it
    assert "(7.9)" in card  # and the second unit counted at half its CE (EotE 7.9)
    for fog in (Fog.OPPONENT, Fog.BOTH):
        set_fog_of_war(demo, fog)
        settle(qtbot, display)
        card = display.result_labels[0].text()
        assert attacker.name in card
        assert "attack value" not in card, fog
        assert "(7.9)" not in card, fog  # half a CE is a CE
        assert "rolled 5" in card  # the die stays


def test_the_display_fits_a_1024_pixel_projector(
    qtbot: QtBot, shown: tuple[GameHub, PlayersDisplay], demo: GameService
) -> None:
    """Full screen on a small projector shows the whole window: nothing asks to be wider."""
    _hub, display = shown
    fire_once(demo)
    for fog in Fog:
        set_fog_of_war(demo, fog)
        for viewer in (None, 0, 1):
            display.set_viewer(viewer)
            settle(qtbot, display)
            assert display.minimumSizeHint().width() <= 1024, (fog, viewer)
            display.resize(1024, 768)

            def fits(fog: Fog = fog, viewer: int | None = viewer) -> None:
                assert display.width() == 1024, (fog, viewer)
                card = display.result_labels[0]
                right = card.mapTo(display, card.rect().topRight()).x()
                assert card.isVisible(), (fog, viewer)
                assert right < 1024, (fog, viewer)

            qtbot.wait(20)  # the new size is laid out on the next turns of the loop...
            qtbot.waitUntil(fits)  # ... and settles over as many as a slow machine takes
