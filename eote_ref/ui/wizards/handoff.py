"""Wizards hand off instead of piling up: the one that opens the next check closes first.

A fire's result page opens the morale checks it caused; an assault's opens its breakthrough.
:func:`handoff` closes the wizard (its result is already one journal step), then opens the
next check through the same opener (the main window's, which allows one check wizard at a
time), with the previous result in the new wizard's header. A chain of checks (the morale
checks of a fire, one after the other) opens the next one when each closes.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Sequence
from typing import Any

from PySide6.QtWidgets import QDialog, QWidget

from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.wizards.base import CheckWizard

#: ``opener(key, target)``: opens the wizard of a check (None when refused).
Opener = Callable[[str, dict[str, Any]], CheckWizard | None]

#: One step of a chain: the check's key and its target.
Step = tuple[str, dict[str, Any]]


def result_line(wizard: CheckWizard) -> str:
    """What ``wizard`` applied, in one line (empty when it applied nothing)."""
    summary = getattr(wizard, "applied_summary", "")
    if summary:
        return str(summary)
    if wizard.outcome is not None:
        return wizard.check.summary(wizard.outcome)
    return ""


def show_previous(wizard: CheckWizard, previous: str) -> None:
    """Put the previous check's result at the head of every page of ``wizard``."""
    if not previous:
        return
    wizard.previous_result = previous  # type: ignore[attr-defined]
    head = f"✓ Applied before this: {html.escape(previous)} (Ctrl+Z undoes it)"
    for page_id in wizard.pageIds():
        page = wizard.page(page_id)
        sub = page.subTitle()
        page.setSubTitle(f"{head}<br>{sub}" if sub else head)


def _opener_of(wizard: CheckWizard) -> tuple[GameHub, QWidget | None, Opener]:
    hub = wizard.hub
    parent = wizard.parentWidget()
    opener: Opener | None = getattr(wizard, "opener", None)
    if opener is None:
        from eote_ref.ui.wizards import open_wizard

        def opener(key: str, target: dict[str, Any]) -> CheckWizard | None:
            return open_wizard(hub, key, parent, **target)

    return hub, parent, opener


def open_chain(opener: Opener, steps: Sequence[Step], previous: str = "") -> CheckWizard | None:
    """Open the first check of ``steps``; each following one opens when the last closes."""
    if not steps:
        return None
    key, target = steps[0]
    wizard = opener(key, dict(target))
    if wizard is None:
        return None
    wizard.opener = opener  # type: ignore[attr-defined]
    show_previous(wizard, previous)
    rest = list(steps[1:])
    if rest:
        wizard.chain = rest  # type: ignore[attr-defined]

        def next_one(_result: int, w: CheckWizard = wizard) -> None:
            if not getattr(w, "handed_off", False):
                w.next_wizard = open_chain(  # type: ignore[attr-defined]
                    opener, getattr(w, "chain", rest), result_line(w)
                )

        wizard.finished.connect(next_one)
    return wizard


def handoff(
    wizard: CheckWizard, key: str, target: dict[str, Any], then: Sequence[Step] = ()
) -> CheckWizard | None:
    """Close ``wizard`` and open check ``key`` (then the checks of ``then``, one by one)."""
    _hub, _parent, opener = _opener_of(wizard)
    previous = result_line(wizard)
    wizard.handed_off = True  # type: ignore[attr-defined]
    # A chain this wizard was part of goes on after the checks it opens.
    rest = [*then, *getattr(wizard, "chain", [])]
    wizard.done(QDialog.DialogCode.Accepted)
    return open_chain(opener, [(key, target), *rest], previous)
