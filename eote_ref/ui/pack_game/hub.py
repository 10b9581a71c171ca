"""One open pack game shared by its panels: the service, its latest view, a change signal."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject

from eote_ref.referee.game import explain_failure
from eote_ref.referee.pack_view import PackView, read_pack_view
from eote_ref.ui.game_hub import FollowingHub


class PackHub(FollowingHub):
    """Holds a pack game's service and re-reads its :class:`PackView` once per change.

    It answers what :class:`~eote_ref.ui.journal_view.JournalView` asks of a hub (``view``
    with ``turn``, ``can_undo`` and ``can_redo``; ``service`` with the journal, undo and
    redo; ``attempt``; ``viewChanged`` and ``message``), so the journal is EotE's own.
    """

    def __init__(self, service: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self._view = read_pack_view(service)
        service.subscribe(self._on_change)
        self._start_following()

    @property
    def view(self) -> PackView:
        """The game as of the last change."""
        return self._view

    def phase_text(self, text: str) -> str:
        """A journal step's stored phase as the log shows it (the pack's declared turn's)."""
        turn = getattr(self.service.pack, "turn", None)
        for spec in getattr(turn, "phases", ()):
            if spec.key == text:
                return str(spec.short_label)
        return text.replace("_", " ") or "—"

    def result_text(self, entry: Any) -> str:
        """A journal step's result in the pack's words (``1 lost, 2 hex(es) back``), no code."""
        code = entry.result
        if not code:
            return ""
        spec = self.service.play.checks.get(str(entry.kind).split(".", 1)[-1])
        name = getattr(spec, "procedure", None)
        if name:
            try:
                results = self.service.pack.procedure(name).results
            except KeyError:
                results = ()
            for r in results:
                if r.code == code:
                    return str(r.text)
        return str(code).replace("_", " ")

    def dice_text(self, entry: Any) -> str:
        """A journal step's dice in words: ``French dice flag, flag, cannon  roll 4``."""
        out = []
        for r in entry.rolls:
            if not isinstance(r, dict):
                out.append(str(r))
                continue
            value = r.get("value", r.get("roll", ""))
            faces = value if isinstance(value, list | tuple) else [value]
            shown = ", ".join(str(f).replace("_", " ") for f in faces)
            out.append(f"{str(r.get('name') or '').replace('_', ' ')} {shown}".strip())
        return "  ".join(out)

    @property
    def due(self) -> list[Any]:
        """What falls due as of the last change."""
        return list(self._view.due)

    def refresh(self) -> None:
        """Read the game again and tell every panel."""
        self._on_change()

    def _on_change(self) -> None:
        try:
            self._view = read_pack_view(self.service)
        except Exception as e:
            told = explain_failure(e, "the screen still shows the game as it was")
            if told is None:
                raise
            self.message.emit(told)
            return
        self.viewChanged.emit(self._view)
