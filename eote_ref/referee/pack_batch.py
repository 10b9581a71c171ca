"""Batches of a pack's declared check: one check over several targets of a side, one step.

A check its pack declares batchable (:attr:`eote_ref.packs.play.CheckSpec.batch`: AVlE's
rally, 12.0) may be made for several units (or leaders) of one side at once, each with its
own dice, and written as **one** journal event, undone as one; names no pack::

    targets = batch_targets(game, "rally", side_id)   # [{"unit_id": 3}, ...] of the side
    batch = open_batch(game, "rally", targets)        # PackBatch: its items, the refused named
    batch.set_rolls(0, {"rally_dice": ["infantry", "flag", "cannon"]})  # typed, or
    batch.roll_all()                                  # rolled here, as the dice fall
    batch.apply()                                     # one journal step; game.undo() reverts it

EotE's batches are its own (:mod:`eote_ref.packs.eote.checks.batch`).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.outcome import Outcome, PackError
from eote_ref.packs.play import CheckSpec, PlayError, PlayState
from eote_ref.referee.errors import RefereeError
from eote_ref.referee.journal_record import CHECKS
from eote_ref.referee.pack_fog import batch_veil
from eote_ref.referee.pack_play import PackCheck, PackGameService, PackPlayError, PackTrial

#: The result code by which a pack's procedure says the rules do not allow the action at all
#: (AVlE's rally out of reach, 12.0; VlE's rally before the marker is two turns old, XI.1):
#: a batch never writes it, as it writes no target the check refuses.
NOT_ALLOWED = "not_allowed"


def batch_spec(game: PackGameService, key: str) -> CheckSpec:
    """Check ``key`` of the game's pack, refused in words unless it is declared batchable."""
    try:
        spec = game.play.check(key)
    except PlayError as e:
        raise PackPlayError(str(e)) from e
    if not spec.batch or spec.target not in ("unit", "leader"):
        raise PackPlayError(f"{spec.title} is done for one {spec.target} at a time")
    return spec


def batchable(game: PackGameService) -> list[CheckSpec]:
    """The checks of the game's pack that may be batched, in the pack's order."""
    return [s for s in game.play.checks.values() if s.batch and s.target in ("unit", "leader")]


def batch_targets(game: PackGameService, key: str, side_id: int) -> list[dict[str, Any]]:
    """The targets of batchable check ``key`` on side ``side_id``.

    Each of the side's units (or leaders, by the check's kind), in the order of the rows.
    """
    spec = batch_spec(game, key)
    state = game.state()
    if spec.target == "leader":
        return [{"leader_id": g.id} for g in state.leaders_of(side_id)]
    return [{"unit_id": u.id} for u in state.units_of(side_id)]


def batch_side(
    game: PackGameService, state: PlayState | None = None, selected: int | None = None
) -> int:
    """The side a batch is made for: the side whose turn it is, as the game's turn says.

    A pack whose turn is one player's at a time (VlE's player turn, II) names it
    (:attr:`~eote_ref.packs.play.Play.acting_side`); else the ``selected`` side, else the first.
    """
    state = state or game.state()
    acting = game.play.acting_side(state)
    if acting is not None:
        return acting
    return selected if selected is not None else state.sides[0].id


def open_batch(game: PackGameService, key: str, targets: Sequence[Mapping[str, Any]]) -> PackBatch:
    """Check ``key`` on every one of ``targets`` (one side's), to apply as one step.

    Refused in words: a check its pack does not declare batchable, no target, targets of
    two sides.
    """
    return PackBatch(game, batch_spec(game, key), targets)


@dataclass
class BatchItem:
    """One target of a batch: its check, its label, its dice and their trial, or its refusal."""

    check: PackCheck
    label: str
    #: Why the check refuses this target (listed, never rolled), or None.
    refused: str | None = None
    rolls: dict[str, Any] = field(default_factory=dict)
    trial: PackTrial | None = None
    #: Left out of the batch by the umpire (a check is voluntary: XI.2), kept in the list.
    left_out: bool = False


class PackBatch:
    """One check of a pack over several targets of one side, applied as one journal step.

    The check must be declared batchable (:attr:`CheckSpec.batch`). Each target keeps its
    own questions (an answer set here is set for every target that has it), its own dice
    (typed or rolled) and its own changes; :meth:`apply` reads each target's check on the
    state the targets before it left and writes them all as one event, whose line names
    every target with its code. One undo takes the batch back.
    """

    def __init__(
        self, game: PackGameService, spec: CheckSpec, targets: Sequence[Mapping[str, Any]]
    ) -> None:
        self.game = game
        self.spec = spec
        if not targets:
            raise PackPlayError(f"no {spec.target} to check: a batch needs one at least")
        state = game.state()
        self.items: list[BatchItem] = []
        sides: set[int] = set()
        for target in targets:
            check = PackCheck(game, spec, target, state)
            subject = check.subject_record()
            if subject is None:
                raise PackPlayError(f"no {spec.target} {dict(target)} in this game")
            sides.add(self._side_of(state, subject))
            label = f"{subject['code']} {subject['name']}".strip()
            self.items.append(BatchItem(check, label, self._refusal(check)))
        if len(sides) > 1:
            raise PackPlayError(f"a batch of {spec.title} is one side's {spec.target}s")
        self.side_id = sides.pop()
        # The targets the check takes first, in their order; those it refuses after them,
        # listed with the reason (a side's few ordered units before its many others).
        self.items.sort(key=lambda i: i.refused is not None)

    @staticmethod
    def _side_of(state: PlayState, subject: Mapping[str, Any]) -> int:
        row: Any = (
            state.unit(subject["id"]) if subject["kind"] == "unit" else state.leader(subject["id"])
        )
        return int(row.side_id)

    @staticmethod
    def _refusal(check: PackCheck) -> str | None:
        """Why the check refuses this target, or None.

        Its situation's refusal, or a result the rules do not allow whatever the dice
        (listed with the reason, unticked, never written).
        """
        try:
            check.situation()
        except (PackError, PlayError, RefereeError) as e:
            return check.worded(str(e))
        return _not_allowed(check.trial({}))

    @property
    def title(self) -> str:
        return self.spec.title

    @property
    def due(self) -> list[BatchItem]:
        """The targets the check is made for (those it refuses, or the umpire, left out)."""
        return [i for i in self.items if i.refused is None and not i.left_out]

    def leave_out(self, index: int, out: bool = True) -> None:
        """Leave target ``index`` out of the batch (``out`` False: take it in again)."""
        self.items[index].left_out = out

    def set(self, key: str, value: Any) -> None:
        """Answer one question for every target that asks it (each keeps its derived ones)."""
        asked = [i for i in self.items if key in i.check.values]
        if not asked:
            raise PackPlayError(f"{self.title} has no question {key!r}")
        for item in asked:
            item.check.set(key, value)
            item.refused = self._refusal(item.check)
            item.trial = None if item.refused else item.check.trial(item.rolls)

    def set_rolls(self, index: int, rolls: Mapping[str, Any]) -> PackTrial:
        """Target ``index``'s dice entered so far; its trial (outcome, or the die needed)."""
        item = self.items[index]
        if item.refused is not None:
            raise PackPlayError(f"{item.label}: {item.refused}")
        item.rolls = dict(rolls)
        item.trial = item.check.trial(item.rolls)
        return item.trial

    def roll_all(self, seed: int | None = None) -> None:
        """Roll here every die still needed, target after target."""
        rng = random.Random(seed)
        for index, item in enumerate(self.items):
            if item.refused is None and not item.left_out:
                self.set_rolls(index, item.check.rolled(item.rolls, rng.randrange(1 << 30)))

    def ready(self) -> bool:
        """Whether every target checked has its outcome (and there is one at least)."""
        due = self.due
        return bool(due) and all(i.trial is not None and i.trial.done for i in due)

    def apply(self) -> list[Outcome | None]:
        """Write every target's check as **one** journal event; their outcomes in order.

        The game is read again first, and each target's check reads the state the targets
        before it left (two morale tests clear one list of what is pending, one after the
        other). A target still needing its die refuses the whole batch, writing nothing.
        """
        if not self.due:
            raise PackPlayError(f"no {self.spec.target} here may take the {self.title}")
        state = self.game.state()
        game, puts, parts, items, rolls = self.game, [], [], [], []
        veils: list[tuple[frozenset[int], str] | None] = []
        outcomes: list[Outcome | None] = []
        skipped: list[str] = []
        for item in self.due:
            check = item.check
            check.state = state
            trial = check.trial(item.rolls)
            if not trial.done:
                if trial.needed is not None:
                    raise PackPlayError(f"{item.label}: enter the {trial.needed.label} first")
                raise PackPlayError(f"{item.label}: {trial.error or 'cannot be resolved'}")
            if _not_allowed(trial) is not None:  # the rules do not allow it: nothing written
                skipped.append(item.label)
                continue
            ctx = check.ctx()
            made = self.spec.changes(ctx, trial.outcome)
            puts += made
            said = game.play.option_words(self.spec.summary(ctx, trial.outcome), game.rules)
            code = (check.subject_record() or {}).get("code") or ""
            parts.append(f"{code} {said}" if code and not said.startswith(code) else said)
            veil = check.veil(ctx, trial.outcome)  # its line under fog of war, if it has one
            if veil is not None and code and not veil[1].startswith(code):
                veil = (veil[0], f"{code} {veil[1]}")
            veils.append(veil)
            items.append(
                {"target": check.target, "subject": check.subject_record(), "facts": check.values}
            )
            rolls += [{"name": f"{item.label}.{k}", "value": v} for k, v in item.rolls.items()]
            outcomes.append(trial.outcome)
            state = state.with_puts(made)
        if not parts:
            raise PackPlayError(
                f"the rules allow none of these {self.spec.target}s the {self.title}: "
                "nothing was written"
            )
        from eote_ref.packs.registry import CITE

        cite = f"{CITE.get(game.pack_id, game.pack_id)} {self.spec.rule}"
        kind = self.spec.target if len(parts) == 1 else f"{self.spec.target}s"
        head = f"{self.title} of {len(parts)} {kind} ({cite}): "
        line = head + "; ".join(parts)
        left_out = f"; not allowed, left out: {', '.join(skipped)}" if skipped else ""
        line += left_out
        veiled = batch_veil(head, parts, veils, left_out)
        done = [o.to_json() for o in outcomes if o is not None]
        game.record(
            f"{game.pack_id}.{self.spec.key}",
            line,
            [game.store_change(p) for p in puts],
            inputs={"batch": self.spec.key, "items": items, **(veiled or {})},
            rolls=rolls,
            outcome={CHECKS: done, "pack": game.pack_id} if done else None,
        )
        return outcomes


def _not_allowed(trial: PackTrial) -> str | None:
    """A trial's result the rules do not allow, in words with its reason; None otherwise."""
    outcome = trial.outcome
    if not trial.done or outcome is None or outcome.result != NOT_ALLOWED:
        return None
    why = "; ".join(trial.notes)
    return f"not allowed: {why}" if why else "not allowed"
