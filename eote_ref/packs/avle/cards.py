"""The command cards and the battle's length (AVlE 3.0-3.2, 4.1, 5.0); command-dice odds.

The odds are of a whole pool of command dice (AVlE 1.2, 5.1).

``cards``: the ten cards each player holds, what each orders, the hand of six and the four
carried over, and where a round stands in the battle of at most six turns of six rounds.
``command_dice``: the black dice an order card rolls, read together against the units that
can take the orders: each arm's face orders one unit of that arm in the card's sector, a flag
any unit there, a General face a General or a unit with one attached anywhere (5.1). The odds
are exact over every roll of the pool. Standard library only.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from eote_ref.packs.avle.model import FACE_ARM, AvleRules
from eote_ref.packs.avle.orders import AUTOMATIC, dice_for
from eote_ref.packs.avle.victory import Card
from eote_ref.packs.dice import Roller
from eote_ref.packs.outcome import Outcome, PackError, certain

PACK = "avle"
ARMS = ("infantry", "cavalry", "artillery")
#: What each card orders, in words (3.1, 3.2; source: text): kind, units, where, what they may do.
CARD_ORDERS: dict[str, dict[str, Any]] = {
    "left": {"kind": "order", "rule": "3.1", "units": 5, "where": "the left sector",
             "allows": "move and/or fire, one unit a command die"},
    "centre": {"kind": "order", "rule": "3.1", "units": 5, "where": "the centre sector",
               "allows": "move and/or fire, one unit a command die"},
    "right": {"kind": "order", "rule": "3.1", "units": 5, "where": "the right sector",
              "allows": "move and/or fire, one unit a command die"},
    "coordinated_attack": {"kind": "order", "rule": "3.1", "units": 6,
                           "where": "every sector, at most 2 units in each",
                           "allows": "move and/or fire, one unit a command die"},
    "infantry_manoeuvre": {"kind": "automatic", "rule": "3.2", "units": 5,
                           "where": "infantry of one sector",
                           "allows": "move 1 hex and fire, or move up to 3 hexes without fire"},
    "cavalry_grand_charge": {"kind": "automatic", "rule": "3.2", "units": 5,
                             "where": "cavalry anywhere", "allows": "move and shock"},
    "bombardment": {"kind": "automatic", "rule": "3.2", "units": None,
                    "where": "every artillery unit anywhere",
                    "allows": "double its fire value, or move 2 hexes (horse artillery 4)"},
}  # fmt: skip
#: Real time a turn and a round stand for (4.1, 5.0; source: text).
TURN_HOURS = (1, 2)
ROUND_MINUTES = (10, 20)


@dataclass(frozen=True)
class CardsSituation:
    """Where the battle stands: the ``turn`` and ``round`` now being played."""

    turn: int = 1
    round: int = 1


def cards(s: CardsSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """The deck, the hand and the battle's length (3.0-3.2, 4.1, 5.0)."""
    del roller  # no dice
    turns = rules.data.victory["turns"].value
    rounds = rules.data.victory["rounds"].value
    if not 1 <= s.turn <= turns:
        raise PackError(f"turn is 1..{turns}", "turn")
    if not 1 <= s.round <= rounds:
        raise PackError(f"round is 1..{rounds}", "round")
    deck = rules.data.cards.deck
    hand = rules.data.cards.hand.value
    done = (s.turn - 1) * rounds + s.round - 1
    details = {
        "deck": [
            {
                "card": card,
                "name": rules.data.cards.name(card),
                "count": n,
                **CARD_ORDERS[card],
                "dice": dice_for(rules, card),
            }
            for card, n in deck.items()
        ],
        "deck_size": sum(deck.values()),
        "order_cards": sum(n for c, n in deck.items() if CARD_ORDERS[c]["kind"] == "order"),
        "automatic_cards": sum(n for c, n in deck.items() if CARD_ORDERS[c]["kind"] == "automatic"),
        "hand": hand,
        "kept_unplayed": rules.data.cards.kept_unplayed.value,
        "turns": turns,
        "rounds_a_turn": rounds,
        "rounds_in_all": turns * rounds,
        "rounds_played": done,
        "rounds_left": turns * rounds - done,
        "hours_a_turn": list(TURN_HOURS),
        "minutes_a_round": list(ROUND_MINUTES),
        "minutes_played": [done * ROUND_MINUTES[0], done * ROUND_MINUTES[1]],
    }
    notes = (
        "each round both players show one card of the hand at once; a hand is a turn (4.1, 5.1)",
        f"the next hand: {rules.option_note('next_hand')} (4.1)",
        "the same automatic card may not be played in two rounds running, across turns too (5.1)",
        "the battle ends after the sixth turn unless won before (4.1, 4.2)",
    )
    return Outcome.without_value(PACK, "cards", "3.0", {}, "deck", certain("deck"), details, notes)


# ------------------------------------------------------------------- the command-dice pool
@dataclass(frozen=True)
class CommandDiceSituation:
    """An order card's roll and the units that can take its orders.

    ``units``: by arm (``infantry``, ``cavalry``, ``artillery``), the units in the card's
    sector able to act; ``general_units``: the Generals, and units with a General attached,
    anywhere, that a General face may order (count a unit in only one of the two).
    """

    card: Card = "left"
    units: dict[str, int] = field(default_factory=dict)
    general_units: int = 0


def usable_orders(faces: Counter[str], units: dict[str, int], general_units: int) -> int:
    """The orders a roll can give: each face one unit, a flag any unit of the sector left."""
    used = 0
    left = 0
    for face, arm in FACE_ARM.items():
        n = min(faces.get(face, 0), units.get(arm, 0))
        used += n
        left += units.get(arm, 0) - n
    used += min(faces.get("general", 0), general_units)
    return used + min(faces.get("flag", 0), left)


def command_dice(s: CommandDiceSituation, rules: AvleRules, roller: Roller) -> Outcome:
    """The odds of a whole pool of command dice: orders it gives, and each face's count."""
    if s.card in AUTOMATIC:
        raise PackError(f"{s.card} is an automatic card: no dice (5.1)", "card", "5.1")
    bad = sorted(set(s.units) - set(ARMS))
    if bad or any(v < 0 for v in s.units.values()):
        raise PackError("units counts infantry, cavalry, artillery (0 or more)", "units")
    if s.general_units < 0:
        raise PackError("general_units is 0 or more", "general_units")
    n = dice_for(rules, s.card)
    pool = rules.pool("command", n)
    rolled = Counter(str(f) for f in roller.pool("command_dice", pool))
    orders = usable_orders(rolled, s.units, s.general_units)
    probabilities: dict[str, Fraction] = {}
    expected = Fraction(0)
    for key, p in pool.distribution().items():
        k = usable_orders(Counter({str(f): c for f, c in key}), s.units, s.general_units)
        probabilities[f"orders_{k}"] = probabilities.get(f"orders_{k}", Fraction(0)) + p
        expected += k * p
    faces = [str(f) for f in pool.die.distinct()]
    counts = {f: {str(k): p for k, p in pool.count_distribution({f}).items()} for f in faces}
    notes = [
        "a unit takes one order a round; the board says which units can act (5.1)",
        "the General face counts only general_units; the flag any unit of the sector left",
    ]
    if s.card == "coordinated_attack":
        notes.append(
            f"coordinated attack: {n} dice ({rules.option_note('coordinated_attack_dice')}); "
            "at most 2 units in each sector, which is the players' to keep (3.1)"
        )
    return Outcome.without_value(
        pack=PACK,
        procedure="command_dice",
        rule="5.1",
        rolls=dict(roller.used),
        result=f"orders_{orders}",
        probabilities=dict(sorted(probabilities.items())),
        details={
            "dice": n,
            "faces": {f: rolled.get(f, 0) for f in faces},
            "orders": orders,
            "units_able": sum(s.units.values()) + s.general_units,
            "expected_orders": expected,
            "face_count_probabilities": counts,
            "any_face_probabilities": {f: pool.p_any({f}) for f in faces},
        },
        notes=tuple(notes),
    )
