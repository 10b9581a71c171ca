"""The fire of a sub-phase, queued and applied together as one journal event (EotE 6.0, 6.8).

Every fire is resolved against the state at the start of the sub-phase (its record, begun by
its first fire: :mod:`eote_ref.packs.eote.checks.sub_phase`); applying the queue adds the hits and
disorder of every fire per target, remembers each battery's target for bombardment next turn
(6.4) and lists the units whose hits now call for a morale check (7.5).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.eote.checks.fire import (
    FIRE_CLASSES,
    STAND_INEFFECTIVE,
    FireCheck,
    ineffective_hits,
    stand_changes,
    view_units,
)
from eote_ref.packs.eote.checks.situations import effect_changes
from eote_ref.packs.eote.rules.core import Effect, Outcome
from eote_ref.packs.eote.rules.units import morale_check_due
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.game import GameService
from eote_ref.referee.journal_line import Line
from eote_ref.referee.journal_record import check_record
from eote_ref.referee.views import GameView
from eote_ref.store import Change


@dataclass
class QueuedFire:
    """A fire of the queue: its check (with its answers), the dice and the outcome."""

    check: FireCheck
    rolls: dict[str, int]
    outcome: Outcome

    @property
    def target_id(self) -> int:
        """The unit fired at (the parent when the fire is at its skirmish stand)."""
        return self.check.target_id()

    @property
    def stand(self) -> bool:
        """Whether the fire is at the target's skirmish stand."""
        return self.check.at_stand()

    def line(self) -> str:
        """The queue's line for this fire: firers and target after their codes."""
        o = self.outcome
        return (
            f"{self.check.coded_subject()}: {self.check.effect_label(o)} "
            f"(d10 {o.roll} on {o.modified:g})"
        )


@dataclass(frozen=True)
class TargetTotal:
    """Everything a sub-phase's fire does to one target (EotE 6.8)."""

    unit_id: int
    name: str
    fires: int
    hits: int
    disorder: bool
    hits_after: int
    morale_due: bool
    #: The target is the unit's skirmish stand: hits go to ``skirmish_hits`` (EotE 5.5).
    stand: bool = False
    #: The stand ends the sub-phase ineffective and must reform (EotE 5.4).
    ineffective: bool = False


@dataclass
class FireQueue:
    """The fires of one sub-phase, resolved one by one and applied together (EotE 6.0).

    Args:
        game: the open game.
        sub_phase: ``artillery`` (first) or ``infantry`` (second).
    """

    game: GameService
    sub_phase: str = "artillery"
    fires: list[QueuedFire] = field(default_factory=list)
    #: The last :meth:`totals`: the fires and the view they were summed for, and the sums.
    _totals: tuple[list[QueuedFire], GameView, list[TargetTotal]] | None = field(
        default=None, repr=False, compare=False
    )

    def __post_init__(self) -> None:
        if self.sub_phase not in FIRE_CLASSES:
            raise RefereeError(f"no fire sub-phase {self.sub_phase!r}")

    @property
    def title(self) -> str:
        """The sub-phase's name."""
        return FIRE_CLASSES[self.sub_phase].title

    def draft(self, **target: Any) -> FireCheck:
        """A new fire of this sub-phase, pre-filled from the state (not yet queued).

        Its range box opens on the last queued fire's range (a line of battalions fires at
        one distance), unless ``range_in`` is given.
        """
        if self.fires and "range_in" not in target:
            target["range_in"] = float(self.fires[-1].check.values["range_in"])
        return FIRE_CLASSES[self.sub_phase](self.game, **target)

    def add(self, check: FireCheck, rolls: Mapping[str, int]) -> QueuedFire:
        """Resolve ``check`` with ``rolls`` and queue it (nothing is written yet).

        Raises:
            RefereeError: the fire is refused or its die is missing.
        """
        if check.sub_phase != self.sub_phase:
            raise RefereeError(f"this queue holds {self.sub_phase} fire")
        trial = check.trial(rolls)
        if trial.outcome is None:
            if trial.needed is not None:
                raise RefereeError(f"enter the {trial.needed.label} first")
            raise RefereeError(trial.error or "the fire cannot be resolved")
        fired = {i for q in self.fires for i in q.check._ids()}
        twice = fired.intersection(check._ids())
        if twice:
            name = check.unit(next(iter(twice))).name
            raise RefereeError(f"{name} has already fired in this sub-phase")
        queued = QueuedFire(check, dict(rolls), trial.outcome)
        self.fires.append(queued)
        return queued

    def remove(self, index: int) -> None:
        """Take fire ``index`` out of the queue."""
        del self.fires[index]

    def view(self) -> GameView:
        """The game as the queue's fires read it (their checks' view: no read of its own)."""
        if not self.fires:
            return self.game.view()
        return self.fires[0].check.view

    def totals(self) -> list[TargetTotal]:
        """Hits and disorder summed per target, and whether morale is then due (6.8, 7.5).

        A unit and its skirmish stand are two targets: the stand's hits stay on the stand,
        it takes no disorder and tests no morale (EotE 5.4, 5.5). Worked out once per change
        of the queue (or of the game): the wizard shows them, words them, and applies them.
        """
        if not self.fires:
            return []
        view = self.view()
        kept = self._totals
        if (
            kept is None
            or kept[1] is not view
            or len(kept[0]) != len(self.fires)
            or any(a is not b for a, b in zip(kept[0], self.fires, strict=True))
        ):
            kept = self._totals = (list(self.fires), view, self._sum(view))
        return list(kept[2])

    def _sum(self, view: GameView) -> list[TargetTotal]:
        order: list[tuple[int, bool]] = []
        hits: dict[tuple[int, bool], int] = {}
        disorder: dict[tuple[int, bool], bool] = {}
        count: dict[tuple[int, bool], int] = {}
        for q in self.fires:
            k = (q.target_id, q.stand)
            if k not in hits:
                order.append(k)
            eff = q.outcome.effects.get("target", Effect())
            hits[k] = hits.get(k, 0) + eff.hits
            disorder[k] = disorder.get(k, False) or (eff.disorder and not q.stand)
            count[k] = count.get(k, 0) + 1
        rows = view_units(view, {uid for uid, _s in order})
        limit = ineffective_hits(self.game)
        out = []
        for key in order:
            t, stand = key
            row = rows[t]
            if stand:
                after = row.skirmish_hits + hits[key]
                out.append(
                    TargetTotal(
                        t,
                        f"{row.name} skirmish stand",
                        count[key],
                        hits[key],
                        False,
                        after,
                        False,
                        stand=True,
                        ineffective=after >= limit,
                    )
                )
                continue
            due = not row.routed and morale_check_due(row.hits, hits[key], self.game.ruleset)
            out.append(
                TargetTotal(
                    t,
                    row.name,
                    count[key],
                    hits[key],
                    disorder[key] and not row.disordered,
                    row.hits + hits[key],
                    due,
                )
            )
        return out

    def uncombined(self) -> list[str]:
        """The targets two or more batteries of this artillery queue fire at one by one.

        Batteries firing at one target add their modified CEs into one fire (EotE 6.3), and
        all artillery fire is simultaneous (2.0, 6.0): separate rolls at one target are
        most likely batteries the umpire meant to tick together. Infantry fires one battalion
        at a time (6.5) and is never listed.
        """
        if self.sub_phase != "artillery":
            return []
        return [t.name for t in self.totals() if t.fires > 1 and not t.stand]

    def changes(self) -> list[Change]:
        """Every target's summed hits and disorder, and every battery's ``fired_at`` link."""
        totals = self.totals()
        rows = view_units(self.view(), [t.unit_id for t in totals]) if totals else {}
        out: list[Change] = self.fires[0].check.begin_changes() if self.fires else []
        for t in totals:
            if t.stand:
                out += stand_changes(rows[t.unit_id], t.hits)
            else:
                out += effect_changes(rows[t.unit_id], Effect(hits=t.hits, disorder=t.disorder))
        for q in self.fires:
            out += q.check.fired_at_links() + q.check.fired_facts()
        return out

    def describe(self) -> list[str]:
        """The changes in words (off the fires' view of the game, as a check words its own)."""
        if not self.fires:
            return []
        return self.fires[0].check.describe(self.changes())

    def morale_due(self) -> list[int]:
        """Units whose hits reach the morale threshold once the queue is applied (7.5)."""
        return [t.unit_id for t in self.totals() if t.morale_due]

    def summary(self) -> str:
        """The journal line: the sub-phase and what each target took."""
        parts = []
        for t in self.totals():
            took = []
            if t.hits:
                took.append(f"{t.hits} hit{'s' if t.hits > 1 else ''}")
            if t.disorder:
                took.append("disorder")
            text = f"{t.name} {' + '.join(took) or 'no effect'}"
            if t.morale_due:
                text += " (morale due)"
            if t.ineffective:
                text += f" ({STAND_INEFFECTIVE})"
            parts.append(text)
        n = len(self.fires)
        return f"{self.title} ({n} fire{'s' if n != 1 else ''}): " + "; ".join(parts)

    def apply(self) -> list[int]:
        """Write the whole queue as one journal event; the units now due a morale check.

        Raises:
            RefereeError: the queue is empty.
        """
        if not self.fires:
            raise RefereeError("add at least one fire first")
        # The game's version read once: a step another copy made since the fires were
        # entered is taken in, and the sums are made on the game as it stands.
        self.fires[0].check.fresh_view()
        due = self.morale_due()
        self.game.record(
            "fire",
            Line.of(self.summary()),  # hits and disorder only: no CE, no target number
            self.changes(),
            inputs={
                "sub_phase": self.sub_phase,
                "fires": [
                    {"target": q.check.target, "facts": dict(q.check.values)} for q in self.fires
                ],
            },
            rolls=[
                {"fire": i + 1, "name": k, "value": v}
                for i, q in enumerate(self.fires)
                for k, v in q.rolls.items()
            ],
            outcome=check_record(
                (q.outcome for q in self.fires),
                totals=[t.__dict__ for t in self.totals()],
                morale_due=due,
            ),
        )
        self.fires = []
        return due
