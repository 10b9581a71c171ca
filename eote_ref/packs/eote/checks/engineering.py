"""Engineers and burning (EotE 10.0, 7.12): pontoon bridges, demolitions, town blocks.

Multi-turn engineering tasks keep their progress in a :class:`~eote_ref.store.GameLink` row
(``kind`` ``pontoon`` or ``demolition``, the engineer unit on both ends, the progress in
``data``): it is game state, so one undo reverts a turn's progress with the event that made it,
and the next turn's check reads it back without scanning the journal.
"""

from __future__ import annotations

from typing import Any

from eote_ref.packs.eote.checks import (
    Adjudication,
    Choice,
    Question,
    link,
    register,
)
from eote_ref.packs.eote.checks.common import (
    roll_text,
)
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.engineering import (
    Building,
    BurningSituation,
    DemolitionSituation,
    PontoonSituation,
)
from eote_ref.referee.game import GameService
from eote_ref.store import (
    Change,
    GameLink,
    SetField,
    game_rows,
)


def _task(game: GameService, kind: str, unit_id: int) -> GameLink | None:
    return game.read(game_rows.latest_link, kind, unit_id)


def open_task(game: GameService, kind: str, unit_id: int) -> GameLink | None:
    """The engineer's unfinished ``pontoon`` or ``demolition`` task, if any."""
    row = _task(game, kind, unit_id)
    if row is None or (row.data or {}).get("finished"):
        return None
    return row


def _task_change(
    game: GameService, kind: str, unit_id: int, task: GameLink | None, data: dict[str, Any]
) -> Change:
    if task is None:
        return link(kind, game.turn, unit_id, unit_id, **data)
    assert task.id is not None
    return SetField("game_link", task.id, "data", data)


@register
class PontoonCheck(Adjudication):
    """A turn of an engineer battalion laying a pontoon bridge (EotE 10.0)."""

    procedure = "pontoon"
    title = "Pontoon bridge"
    rule = "10.0"

    def facts(self) -> list[Question]:
        """The site, the turns done so far (from the task), fire and assault this turn."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "pontoon", uid)
        data = task.data if task is not None else {}
        needed = int(self.game.ruleset.engineering["pontoon_turns"].value)
        return [
            Question(
                "turns_done",
                "Turns of work already counted",
                "int",
                int(data.get("turns_done", 0)),
                rule="10.0",
                maximum=needed - 1,
                derived=task is not None,
                help="Read from the engineers' bridge task (the turns recorded so far)."
                if task is not None
                else "No bridge task recorded yet for these engineers: this is the first turn.",
            ),
            Question(
                "under_fire",
                "Bombarded this turn and took hits or disorder",
                "bool",
                False,
                rule="10.0",
            ),
            Question("assaulted", "Assaulted this turn", "bool", False, rule="10.0"),
        ]

    def subject(self) -> str:
        """The engineers."""
        return self.unit().name

    def situation(self) -> PontoonSituation:
        """The task's progress and this turn's interference."""
        return PontoonSituation(
            turns_done=int(self.values["turns_done"]),
            under_fire_with_hits_or_disorder=bool(self.values["under_fire"]),
            assaulted_this_turn=bool(self.values["assaulted"]),
        )

    def result_text(self, outcome: Outcome) -> str:
        """``work turn 2 of 4 counted; the bridge is ready after turn 5``."""
        after, needed = (
            int(outcome.details["turns_done_after"]),
            int(outcome.details["turns_needed"]),
        )
        if outcome.result == "complete":
            return f"work turn {after} of {needed} counted: the bridge is ready"
        ready = f"the bridge is ready after turn {self.game.turn + needed - after}"
        if outcome.result == "no_progress":
            return f"no progress ({after} of {needed} work turns counted); {ready} at the earliest"
        return f"work turn {after} of {needed} counted; {ready}"

    def changes(self, outcome: Outcome) -> list[Change]:
        """The task's progress (a new task row on the first turn)."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "pontoon", uid)
        data = {
            "turns_done": int(outcome.details["turns_done_after"]),
            "finished": outcome.result == "complete",
        }
        if task is not None and dict(task.data or {}) == data:
            return []
        return [_task_change(self.game, "pontoon", uid, task, data)]

    def summary(self, outcome: Outcome) -> str:
        """``Engineers: pontoon: work turn 2 of 4 counted; the bridge is ready after turn 5``."""
        return f"{self.unit().name}: pontoon: {self.result_text(outcome)}{roll_text(outcome)}"


@register
class DemolitionCheck(Adjudication):
    """An engineer battalion setting a bridge charge, then firing it (EotE 10.0)."""

    procedure = "demolition"
    title = "Bridge demolition"
    rule = "10.0"

    def facts(self) -> list[Question]:
        """Whether the charge is set (from the task)."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "demolition", uid)
        charged = bool(task is not None and (task.data or {}).get("charge_set"))
        return [
            Question(
                "charge_set",
                "The demolition charge was set on the bridge on an earlier turn (fire it now, "
                "in the artillery fire phase)",
                "bool",
                charged,
                rule="10.0",
                derived=task is not None,
            )
        ]

    def subject(self) -> str:
        """The engineers and what they blow up."""
        return f"{self.unit().name}: demolition charge on a bridge"

    def situation(self) -> DemolitionSituation:
        """Setting or rolling."""
        return DemolitionSituation(charge_set=bool(self.values["charge_set"]))

    def result_text(self, outcome: Outcome) -> str:
        """Charge set, bridge blown up, or the charge to set again."""
        return {
            "charge_set": "demolition charge set on the bridge: fire it in the next artillery "
            "fire phase",
            "destroyed": "the demolition charge goes off: the bridge is blown up",
            "reset": "the demolition charge did not go off: set it again next turn",
        }.get(outcome.result, super().result_text(outcome))

    def changes(self, outcome: Outcome) -> list[Change]:
        """The task: charge set, finished (destroyed) or back to unset."""
        uid = int(self.target["unit_id"])
        task = open_task(self.game, "demolition", uid)
        data = {
            "charge_set": outcome.result == "charge_set",
            "finished": outcome.result == "destroyed",
        }
        if task is not None and dict(task.data or {}) == data:
            return []
        return [_task_change(self.game, "demolition", uid, task, data)]

    def summary(self, outcome: Outcome) -> str:
        """``Engineers: demolition charge set on the bridge: ...``."""
        return f"{self.unit().name}: {self.result_text(outcome)}{roll_text(outcome)}"


@register
class BurningCheck(Adjudication):
    """Howitzer batteries trying to set a town block on fire (EotE 7.12): a percentile roll."""

    procedure = "burning"
    title = "Burning buildings"
    rule = "7.12"
    dice_labels = {"percentile": "percentile (1-100)"}

    def _blocks(self) -> tuple[Choice, ...]:
        """The units that may hold the block: those in town first, then the rest on the table."""
        in_town: list[Choice] = []
        others: list[Choice] = []
        for side in self.view.sides:
            for d in side.divisions:
                for u in d.units:
                    if u.off_table or u.arm == "cavalry":
                        continue
                    (in_town if d.in_town else others).append(Choice(u.id, f"held by {u.name}"))
        return (Choice(None, "not held (name it in the journal)"), *in_town, *others)

    def facts(self) -> list[Question]:
        """The block (by the unit holding it), howitzer batteries firing, the material."""
        held = self.target.get("block_unit_id")
        return [
            Question(
                "block",
                "The town block",
                "choice",
                int(held) if held is not None else None,
                rule="7.12",
                choices=self._blocks(),
                derived=held is not None,
                help="Name the block by the unit holding it, so the journal says which burned.",
            ),
            Question(
                "howitzer_batteries",
                "Batteries with howitzers firing at the block",
                "int",
                1,
                rule="7.12",
                minimum=1,
                maximum=10,
            ),
            Question(
                "building",
                "The block is built of",
                "choice",
                Building.WOOD.value,
                rule="7.12",
                choices=tuple(Choice(b.value, b.value) for b in Building),
            ),
        ]

    def subject(self) -> str:
        """The town block (by the unit holding it), and the firing battery if known."""
        block = "Town block"
        held = self.values.get("block") if hasattr(self, "values") else None
        if held is not None:
            block = f"Town block held by {self.unit(int(held)).name}"
        uid = self.target.get("unit_id")
        return f"{block}, fired on by {self.unit().name}" if uid is not None else block

    def situation(self) -> BurningSituation:
        """Batteries and material."""
        return BurningSituation(
            int(self.values["howitzer_batteries"]), Building(self.values["building"])
        )

    def changes(self, outcome: Outcome) -> list[Change]:
        """No marker: the block burns on the table (its unit leaves next movement)."""
        return []

    def summary(self, outcome: Outcome) -> str:
        """``Town block: burning (percentile 7 against 10%)``."""
        pct = outcome.details.get("percentile")
        return (
            f"{self.subject()}: {self.result_text(outcome)} "
            f"(percentile {pct} against {outcome.modified:g}%)"
        )
