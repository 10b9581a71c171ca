"""Render the app's screens into docs/screenshots/*.png (``make screenshots``, offscreen Qt).

Uses a throw-away database and settings folder, so the user's games are never touched:
the start page, the dashboard on the demo battle in a light and a dark palette (after a few
marker edits), the journal, and — when those modules are present — the roster editor on a
shipped army list and every page of the new-game wizard.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import pathlib
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
SIZE = (1440, 900)


def main(argv: list[str]) -> int:
    """Render every screen; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=pathlib.Path, default=OUT, help="output folder")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    tmp = pathlib.Path(tempfile.mkdtemp(prefix="eote-shots-"))
    os.environ["EOTE_REF_HOME"] = str(tmp / "data")
    os.environ["XDG_CONFIG_HOME"] = str(tmp / "config")
    sys.path.insert(0, str(ROOT))

    from PySide6.QtWidgets import QApplication, QWidget

    from eote_ref.referee.session import open_app_database
    from eote_ref.ui.settings import APPLICATION, ORGANIZATION
    from eote_ref.ui.theme import apply_scheme

    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    args.out.mkdir(parents=True, exist_ok=True)
    written: list[pathlib.Path] = []

    def save(widget: QWidget, name: str) -> None:
        for _ in range(3):
            app.processEvents()
        path = args.out / f"{name}.png"
        widget.grab().save(str(path))
        written.append(path)

    db = open_app_database(tmp / "shots.sqlite")
    try:
        for scheme in ("light", "dark"):
            apply_scheme(app, scheme)
            _main_window_shots(app, db, scheme, save)
        apply_scheme(app, "light")
        _roster_editor_shot(db, save)
        _wizard_shots(db, save)
    finally:
        db.close()
    for p in written:
        print(f"wrote {p.relative_to(ROOT) if p.is_relative_to(ROOT) else p}")
    return 0


def _main_window_shots(app: object, db: object, scheme: str, save: object) -> None:
    from eote_ref.ui.main_window import MainWindow

    window = MainWindow(db)  # type: ignore[arg-type]
    window.resize(*SIZE)
    window.show()
    window.open_demo()
    window.resize(*SIZE)
    dash = window.dashboard
    assert dash is not None
    assert window.hub is not None
    if scheme == "light":
        _play_a_little(window)
    dash.collapse_all()
    for pane in dash.panes:
        for d in pane.model.divisions[:3]:
            pane.tree.expand(pane.proxy.mapFromSource(pane.model.division_index(d.id)))
    view = window.hub.view
    first = view.sides[0].divisions[0].units[2].id
    dash.select_unit(first)
    window.ui.journalDock.show()
    window.resizeDocks([window.ui.journalDock], [190], _vertical())
    save(window, f"dashboard-{scheme}")  # type: ignore[operator]
    if scheme == "light":
        assert window.journal is not None
        window.journal.resize(SIZE[0], 300)
        save(window.journal, "journal")  # type: ignore[operator]
        _second_game(db)
        window.show_start_page()
        save(window, "start-page")  # type: ignore[operator]
    window.close()
    window.deleteLater()


def _vertical() -> object:
    from PySide6.QtCore import Qt

    return Qt.Orientation.Vertical


def _second_game(db: object) -> None:
    """Another game on the start page: Austerlitz, a few steps in."""
    from eote_ref.referee.game import GameService
    from eote_ref.referee.setup import NewGame, SetupService, shipped_army_lists

    lists = {p.name: p for p in shipped_army_lists()}
    french, allied = (
        lists.get("austerlitz-1805-french.yaml"),
        lists.get("austerlitz-1805-allied.yaml"),
    )
    if not french or not allied:
        return
    game_id = SetupService(db).create(  # type: ignore[arg-type]
        NewGame(
            "Austerlitz club night",
            {"French": [french], "Austro-Russians": [allied]},
            figure_scale="6mm",
            initiative="French",
        )
    )
    service = GameService(db, game_id)  # type: ignore[arg-type]
    for _ in range(3):
        service.advance_phase()


def _play_a_little(window: object) -> None:
    """A few edits a referee makes in the first turn, through the same service calls."""
    hub = window.hub  # type: ignore[attr-defined]
    s = hub.service
    view = hub.view
    french, allied = view.sides
    if s.undo_counts()[0]:
        return
    s.advance_phase()
    s.advance_phase()
    s.advance_phase()
    d0 = french.divisions[0].units
    s.set_division(french.divisions[0].id, "current_order", "attack")
    s.set_division(french.divisions[1].id, "current_order", "attack")
    s.set_division(allied.divisions[0].id, "current_order", "defend")
    s.set_unit(d0[0].id, "formation", "french_assault_column")
    s.set_unit(d0[1].id, "formation", "french_assault_column")
    s.set_unit(d0[2].id, "formation", "line")
    s.adjust_unit(d0[2].id, "hits", 1)
    s.adjust_unit(d0[2].id, "hits", 1)
    s.adjust_unit(d0[0].id, "hits", 1)
    s.toggle_unit(d0[0].id, "disordered")
    s.adjust_unit(d0[3].id, "hits", 3)
    s.toggle_unit(d0[4].id, "pinned")
    s.toggle_unit(d0[5].id, "out_of_command")
    s.advance_phase()
    cav = next(u for u in french.units if u.arm == "cavalry")
    s.adjust_unit(cav.id, "blown", 1)
    s.adjust_unit(cav.id, "hits", 2)
    a0 = allied.divisions[0].units
    s.set_unit(a0[0].id, "formation", "square")
    s.adjust_unit(a0[0].id, "hits", 4)
    s.toggle_unit(a0[1].id, "routed")
    s.adjust_unit(a0[1].id, "hits", 5)
    s.toggle_unit(a0[2].id, "disordered")
    s.toggle_unit(a0[3].id, "off_table")
    s.toggle_unit(a0[3].id, "routed")
    s.adjust_unit(a0[4].id, "hits", 1)
    s.undo()
    s.set_division(allied.divisions[1].id, "falling_back", True)


def _roster_editor_shot(db: object, save: object) -> None:
    if not (_exists("eote_ref.ui.roster_editor") and _exists("eote_ref.referee.roster_service")):
        return
    try:
        from eote_ref.referee.roster_service import RosterService
        from eote_ref.referee.setup import shipped_army_lists
        from eote_ref.ui.roster_editor import RosterEditorWindow

        window = RosterEditorWindow(RosterService(db), None)  # type: ignore[arg-type]
        lists = shipped_army_lists()
        if lists and hasattr(window, "open_file"):
            window.open_file(lists[-1])
            select = getattr(window, "select_first_division", None)
            if select:
                select(first_unit=True)
        window.resize(*SIZE)
        window.show()
        save(window, "roster-editor")  # type: ignore[operator]
        window.setAttribute(_delete_on_close())
        window.close()
    except Exception as e:  # noqa: BLE001 - another engineer's module: never fail the run
        print(f"skipped the roster editor: {e}", file=sys.stderr)


def _wizard_shots(db: object, save: object) -> None:
    if not _exists("eote_ref.ui.new_game_wizard"):
        return
    try:
        from eote_ref.referee.setup import SetupService
        from eote_ref.ui.new_game_wizard import NewGameWizard

        wizard = NewGameWizard(SetupService(db), None)  # type: ignore[arg-type]
        wizard.resize(1000, 700)
        wizard.show()
        seen: set[int] = set()
        n = 0
        while wizard.currentId() not in seen and wizard.currentId() != -1:
            seen.add(wizard.currentId())
            n += 1
            save(wizard, f"new-game-{n}")  # type: ignore[operator]
            wizard.next()
        wizard.reject()
        wizard.deleteLater()
    except Exception as e:  # noqa: BLE001 - another engineer's module: never fail the run
        print(f"skipped the new-game wizard: {e}", file=sys.stderr)


def _delete_on_close() -> object:
    from PySide6.QtCore import Qt

    return Qt.WidgetAttribute.WA_DeleteOnClose


def _exists(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:
        return False


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
