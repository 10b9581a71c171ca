"""The initiative phase check (EotE 4.0): both sides' modifiers from the state, a roll each.

Ties are rolled again inside the same check: when the totals are equal the rules engine says
``reroll``, and :meth:`InitiativeCheck.run` asks each side for a fresh die (``<side>.reroll1``,
``<side>.reroll2``...), so the wizard's roll page simply shows two more dice and the journal
keeps every roll of the one event that records the winner.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from typing import Any

from eote_ref.packs.eote.checks import Adjudication, Question, register
from eote_ref.packs.eote.rules.core import Outcome
from eote_ref.packs.eote.rules.initiative import InitiativeSituation, Side
from eote_ref.packs.eote.rules.procedures import PROCEDURES
from eote_ref.referee.views import SideView
from eote_ref.store import Change, SetField, game_rows

#: Ties re-rolled inside one check before the wizard gives up and says "roll again".
MAX_REROLLS = 6

#: Command levels from the highest-ranking down (EotE 4.0 "highest ranking commander").
RANK = ("army", "wing", "corps", "division", "brigade")


class _Renamed:
    """Dice that read ``<side>.rerollN`` where the rules ask for ``<side>.roll``."""

    def __init__(self, dice: Any, attempt: int) -> None:
        self.dice = dice
        self.attempt = attempt

    def d10(self, name: str = "roll") -> int:
        if self.attempt:
            name = name.replace(".roll", f".reroll{self.attempt}")
        return int(self.dice.d10(name))

    def percentile(self, name: str = "percentile") -> int:  # pragma: no cover - not asked
        return int(self.dice.percentile(name))


class _Labels(Mapping[str, str]):
    """Die labels made from the names: ``French.roll`` → "French d10", ``.reroll2`` → re-roll 2."""

    def __getitem__(self, name: str) -> str:
        side, _, die = name.rpartition(".")
        if not side:
            raise KeyError(name)
        if die == "roll":
            return f"{side} d10"
        if die.startswith("reroll"):
            return f"{side} re-roll {die.removeprefix('reroll')}"
        raise KeyError(name)

    def __iter__(self) -> Iterator[str]:
        return iter(())

    def __len__(self) -> int:
        return 0


def highest_commander_rating(side: SideView) -> int:
    """The rating of the side's highest-ranking living leader (EotE 4.0)."""
    leaders = [(c.level, c.leader) for c in side.commanders] + [
        (d.level, d.leader) for d in side.divisions
    ]
    alive = [(lvl, lead) for lvl, lead in leaders if lead is not None and not lead.killed]
    if not alive:
        return 0
    alive.sort(key=lambda p: RANK.index(p[0]) if p[0] in RANK else len(RANK))
    return alive[0][1].rating


def side_factors(side: SideView, last_turn: int | None) -> Side:
    """A side's initiative factors read from the state."""
    active = [d for d in side.divisions if not d.routed and any(not u.off_table for u in d.units)]
    return Side(
        divisions_without_leader=sum(1 for d in active if d.leader is None or d.leader.killed),
        cavalry_regiments=sum(
            1 for u in side.units if u.arm == "cavalry" and not u.off_table and not u.routed
        ),
        highest_commander_rating=highest_commander_rating(side),
        had_initiative_last_turn=last_turn == side.position,
        divisions_on_attack_orders=sum(1 for d in active if d.current_order == "ATTACK"),
    )


@register
class InitiativeCheck(Adjudication):
    """Which side has the initiative this turn (EotE 4.0)."""

    procedure = "initiative"
    title = "Initiative"
    rule = "4.0"

    dice_labels = _Labels()

    def subject(self) -> str:
        """Both sides."""
        return " against ".join(s.name for s in self.view.sides[:2])

    def side_modifier_totals(self, outcome: Outcome | None = None) -> dict[str, float]:
        """Each side's own modifier total (what its d10 gets), by side name."""
        o = outcome or self.preview()
        sides = o.details.get("sides", {})
        return {
            name: float(sum(float(m["value"]) for m in side.get("modifiers", ())))
            for name, side in sides.items()
        }

    def roll_heading(self, outcome: Outcome) -> str | None:
        """Each side's d10 and what it adds: no single modified value (EotE 4.0)."""
        mods = self.side_modifier_totals(outcome)
        each = ", ".join(
            f"{name} d10 {f'{value:+g}'.replace('-', '−')}" for name, value in mods.items()
        )
        return f"Each side rolls a d10, the higher total wins: {each}"

    def _last_turn(self) -> int | None:
        return self.game.read(game_rows.initiative_last_turn)

    def facts(self) -> list[Question]:
        """Each side's five factors, read from the state and editable."""
        out: list[Question] = []
        last = self._last_turn()
        for s in self.view.sides[:2]:
            f = side_factors(s, last)
            p = s.position
            out += [
                Question(
                    f"{p}.divisions_without_leader",
                    f"{s.name}: divisions without a leader",
                    "int",
                    f.divisions_without_leader,
                    rule="4.0",
                    derived=True,
                    maximum=50,
                ),
                Question(
                    f"{p}.cavalry_regiments",
                    f"{s.name}: cavalry regiments on the table",
                    "int",
                    f.cavalry_regiments,
                    rule="4.0",
                    derived=True,
                    maximum=200,
                ),
                Question(
                    f"{p}.highest_commander_rating",
                    f"{s.name}: highest-ranking commander's rating",
                    "int",
                    f.highest_commander_rating,
                    rule="4.0",
                    derived=True,
                    minimum=-1,
                    maximum=4,
                ),
                Question(
                    f"{p}.had_initiative_last_turn",
                    f"{s.name} had the initiative last turn",
                    "bool",
                    f.had_initiative_last_turn,
                    rule="4.0",
                    derived=True,
                ),
                Question(
                    f"{p}.divisions_on_attack_orders",
                    f"{s.name}: divisions on ATTACK orders",
                    "int",
                    f.divisions_on_attack_orders,
                    rule="4.0",
                    derived=True,
                    maximum=50,
                ),
            ]
        return out

    def situation(self) -> InitiativeSituation:
        """Both sides by name, from the answers."""
        sides: dict[str, Side] = {}
        for s in self.view.sides[:2]:
            p = s.position
            sides[s.name] = Side(
                divisions_without_leader=int(self.values[f"{p}.divisions_without_leader"]),
                cavalry_regiments=int(self.values[f"{p}.cavalry_regiments"]),
                highest_commander_rating=int(self.values[f"{p}.highest_commander_rating"]),
                had_initiative_last_turn=bool(self.values[f"{p}.had_initiative_last_turn"]),
                divisions_on_attack_orders=int(self.values[f"{p}.divisions_on_attack_orders"]),
            )
        return InitiativeSituation(sides)

    def run(self, dice: Any) -> Outcome:
        """The procedure, rolled again on a tie (each re-roll reads new dice)."""
        situation = self.situation()
        proc = PROCEDURES[self.procedure]
        outcome = proc.run(situation, self.game.ruleset, _Renamed(dice, 0))
        for attempt in range(1, MAX_REROLLS + 1):
            if outcome.result != "reroll":
                break
            outcome = proc.run(situation, self.game.ruleset, _Renamed(dice, attempt))
            outcome = dataclasses.replace(outcome, details={**outcome.details, "rerolls": attempt})
        return outcome

    def _position(self, name: str) -> int | None:
        return next((s.position for s in self.view.sides if s.name == name), None)

    def result_text(self, outcome: Outcome) -> str:
        """The winner, with both totals: ``French 9 (rolled 4, +5) – Anglo-Allied 12 (...)``."""
        totals = outcome.details.get("totals", {})
        sides = outcome.details.get("sides", {})
        mods = self.side_modifier_totals(outcome)

        def one(name: str, total: float) -> str:
            roll = sides.get(name, {}).get("roll")
            if roll is None:
                return f"{name} {total:g}"
            return f"{name} {total:g} (rolled {roll}, {mods.get(name, 0):+g})"

        score = " – ".join(one(k, v) for k, v in totals.items())
        ties = int(outcome.details.get("rerolls", 0))
        tied = f" after {ties} tie{'s' if ties != 1 else ''}" if ties else ""
        if outcome.result == "reroll":
            return f"tie ({score}): roll again"
        return f"{outcome.result} has the initiative ({score}{tied})"

    def result_label(self, code: str) -> str:
        """``reroll`` reads "tie: roll again"; a side "French (+6 to its d10) wins"."""
        if code == "reroll":
            return "tie: roll again"
        try:
            mods = self.side_modifier_totals()
        except (ValueError, KeyError):
            return f"{code} wins"
        if code not in mods:
            return f"{code} wins"
        return f"{code} ({mods[code]:+g} to its d10) wins"

    def changes(self, outcome: Outcome) -> list[Change]:
        """The winner's side position on the game."""
        pos = self._position(outcome.result)
        if pos is None or pos == self.view.initiative:
            return []
        return [SetField("game", self.game.game_id, "initiative", pos)]

    def notes(self, outcome: Outcome) -> list[str]:
        """The side without the initiative moves half (4.0, 5.3.1)."""
        notes = [
            n for n in super().notes(outcome) if "roll again" not in n or outcome.result == "reroll"
        ]
        held = self.view.initiative
        if outcome.result != "reroll" and held is not None:
            holder = next((s.name for s in self.view.sides if s.position == held), "")
            notes.append(
                f"{holder} holds the initiative already this turn: this roll replaces it "
                "(Ctrl+Z takes it back)"
            )
        loser = next((s.name for s in self.view.sides[:2] if s.name != outcome.result), None)
        if outcome.result != "reroll" and loser:
            notes.append(
                f"{loser} moves only unpinned units, at half allowance, or changes formation "
                "or facing (4.0, 5.3.1)"
            )
        return notes

    def summary(self, outcome: Outcome) -> str:
        """E.g. ``initiative: French (French 9 – Anglo-Allied 6)``."""
        return f"initiative: {self.result_text(outcome)}"
