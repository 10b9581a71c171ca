"""Batch checks of the command phase: every routed unit leaves, every disordered unit rallies.

A :class:`Batch` is the same check (:mod:`eote_ref.referee.checks`) opened for each unit that
is due it, with its facts read from the state as the single-unit wizard would. Each item
takes its own die (typed, or rolled by the app); the results are shown together and
:meth:`Batch.apply` writes them all as **one** journal step, so one undo takes the batch
back. Units the rules refuse (a disordered unit that is pinned or out of command, 3.6) are
listed as information with the reason, never rolled for.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.referee.checks import Adjudication, _jsonable, open_check
from eote_ref.referee.game import GameService, GameView, RefereeError, UnitView
from eote_ref.rules.core import Outcome
from eote_ref.store import Change


@dataclass(frozen=True)
class BatchKind:
    """A batch: its check key, title, the units it concerns, and its journal kind."""

    key: str
    title: str
    rule: str
    units: Callable[[GameView], list[UnitView]]


def _on_table(view: GameView) -> list[UnitView]:
    return [u for s in view.sides for u in s.units if not u.off_table]


#: The batches the command phase offers, by name.
BATCHES: dict[str, BatchKind] = {
    "remove_routed_all": BatchKind(
        "remove_routed",
        "All routed units leave the table",
        "7.5",
        lambda view: [u for u in _on_table(view) if u.routed],
    ),
    "disorder_rally_all": BatchKind(
        "disorder_rally",
        "Rally every disordered unit",
        "3.6",
        lambda view: [u for u in _on_table(view) if u.disordered and not u.routed],
    ),
}


@dataclass
class BatchItem:
    """One unit of a batch: its check, the dice entered, and the outcome (once decided)."""

    unit: UnitView
    check: Adjudication | None
    refused: str = ""
    rolls: dict[str, int] = field(default_factory=dict)
    outcome: Outcome | None = None
    needed: str = ""
    #: The name and kind (``d10``/``percentile``) of the die still needed.
    needed_name: str = ""
    needed_kind: str = ""
    changes: list[str] = field(default_factory=list)

    @property
    def result(self) -> str:
        """The result in words, the die still needed, or why the rules refuse the check."""
        if self.refused:
            return f"not eligible: {self.refused}"
        if self.outcome is not None and self.check is not None:
            return self.check.result_text(self.outcome)
        return f"enter the {self.needed}" if self.needed else ""


class Batch:
    """The check ``name`` (a key of :data:`BATCHES`) for every unit due it."""

    def __init__(self, game: GameService, name: str) -> None:
        self.game = game
        self.kind = BATCHES[name]
        self.name = name
        self.items: list[BatchItem] = []
        for unit in self.kind.units(game.view()):
            try:
                check = open_check(game, self.kind.key, unit_id=unit.id)
                check.preview()
            except (RefereeError, ValueError, KeyError) as e:
                self.items.append(BatchItem(unit, None, refused=str(e)))
                continue
            item = BatchItem(unit, check)
            self.items.append(item)
            self.set_rolls(len(self.items) - 1, {})

    @property
    def due(self) -> list[BatchItem]:
        """The items the rules accept (each rolled or decided)."""
        return [i for i in self.items if i.check is not None]

    def set_rolls(self, index: int, rolls: Mapping[str, int]) -> BatchItem:
        """Enter the dice of item ``index``; its result (or the die still needed) follows."""
        item = self.items[index]
        if item.check is None:
            return item
        item.rolls = dict(rolls)
        trial = item.check.trial(item.rolls)
        item.outcome = trial.outcome
        item.needed = trial.needed.label if trial.needed is not None else ""
        item.needed_name = trial.needed.name if trial.needed is not None else ""
        item.needed_kind = trial.needed.kind if trial.needed is not None else ""
        item.changes = list(trial.changes)
        if trial.error:
            item.refused = trial.error
        return item

    def roll_all(self, dice: Any) -> None:
        """The app rolls every die still needed (``dice`` has ``d10`` and ``percentile``)."""
        for n, item in enumerate(self.items):
            for _ in range(8):
                if item.check is None or item.outcome is not None or item.refused:
                    break
                trial = item.check.trial(item.rolls)
                if trial.needed is None:
                    break
                die = trial.needed
                value = (
                    dice.percentile(die.name) if die.kind == "percentile" else dice.d10(die.name)
                )
                self.set_rolls(
                    n, {**item.rolls, die.name: value % 10 if die.kind == "d10" else value}
                )

    def ready(self) -> bool:
        """Whether every accepted item is decided (and there is at least one)."""
        due = [i for i in self.due if not i.refused]
        return bool(due) and all(i.outcome is not None for i in due)

    def summary(self) -> str:
        """The journal line: the batch and each unit's result."""
        parts = [f"{i.unit.name}: {i.result}" for i in self.due if i.outcome is not None]
        return f"{self.kind.title} ({len(parts)}): " + "; ".join(parts)

    def apply(self) -> None:
        """Write every decided item as one journal step.

        Raises:
            RefereeError: an item still needs its die, or nothing is due.
        """
        if not self.ready():
            missing = next((i for i in self.due if i.outcome is None and not i.refused), None)
            if missing is not None:
                raise RefereeError(f"{missing.unit.name}: {missing.result}")
            raise RefereeError("no unit is due this check")
        changes: list[Change] = []
        inputs = []
        rolls = []
        outcomes = []
        for item in self.due:
            if item.outcome is None or item.check is None or item.refused:
                continue
            changes += item.check.changes(item.outcome)
            inputs.append(
                {
                    "unit_id": item.unit.id,
                    "situation": _jsonable(item.check.situation()),
                    **item.check.inputs(),
                }
            )
            rolls += [{"name": f"{item.unit.name}.{k}", "value": v} for k, v in item.rolls.items()]
            outcomes.append(item.outcome.to_json())
        self.game.record(
            self.kind.key,
            self.summary(),
            changes,
            inputs={"batch": self.name, "items": inputs},
            rolls=rolls,
            outcome={"batch": outcomes},
        )
