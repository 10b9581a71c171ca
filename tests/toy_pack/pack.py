"""The toy pack's declaration: its d6, hits table, two procedures, turn and unit markers.

The toy's rules, in its own numbering: a unit has a strength (Toy 1); the turn is shooting
then rally (Toy 2); a shot rolls a d6, one less at long range and one less into cover, and
reads the hits table: 3 or less misses, 4-5 one hit, 6 or more two (Toy 3); each hit takes a
point of strength and shakes the unit; a shaken unit rallies on 4 or more, one more when its
strength is 3 or more (Toy 4).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from eote_ref.packs.declaration import (
    ArmyListSchema,
    MarkerSpec,
    Pack,
    PhaseSpec,
    ProcedureSpec,
    ResultSpec,
    TurnSpec,
)
from eote_ref.packs.dice import D6, Roller
from eote_ref.packs.outcome import Modifier, Outcome, PackError, Source, check_distribution, total
from eote_ref.packs.tables import Band, Bands
from tests.toy_pack import armylist

ID = "toy"
TITLE = "Toy Skirmish (a test pack)"

#: The hits table (Toy 3): the modified d6 reads a band.
HITS: Bands[str] = Bands(
    "hits", (Band(None, 3, "miss"), Band(4, 5, "hit"), Band(6, None, "hit_2")), lo=-1
)
HIT_COUNT = {"miss": 0, "hit": 1, "hit_2": 2}

TURN = TurnSpec(
    rule="2",
    phases=(
        PhaseSpec("shooting", "Shooting", "2", ("each unit may shoot once (3)",), short="Shoot"),
        PhaseSpec("rally", "Rally", "2", ("shaken units may rally (4)",), short="Rally"),
    ),
)

UNIT_MARKERS = (
    MarkerSpec("strength", "counter", 0, "1", "strength", limit=4, dashboard="",
               display="strength {n}", sheet="boxes"),
    MarkerSpec("shaken", "flag", False, "3", dashboard="Sh", display="shaken", editable=True),
)  # fmt: skip


@dataclass(frozen=True)
class ToyRules:
    """The toy's rules: no options."""

    def with_options(self, options: Mapping[str, object]) -> ToyRules:
        if options:
            raise PackError(f"the toy has no options (given: {', '.join(map(str, options))})")
        return self


def rules(options: Mapping[str, Any]) -> ToyRules:
    """The toy's rules with ``options`` chosen (there are none)."""
    return ToyRules().with_options(options)


@dataclass(frozen=True)
class ShootSituation:
    """A shot at a unit (Toy 3)."""

    long_range: bool = False
    cover: bool = False


@dataclass(frozen=True)
class RallySituation:
    """A shaken unit tries to rally (Toy 4)."""

    strength: int


def _odds(read: Any) -> dict[str, Fraction]:
    out: dict[str, Fraction] = {}
    for face in range(1, 7):
        code = read(face)
        out[code] = out.get(code, Fraction(0)) + Fraction(1, 6)
    check_distribution(out)
    return out


def shoot(situation: ShootSituation, rules: ToyRules, roller: Roller) -> Outcome:
    """A shot: the d6 with its modifiers on the hits table (Toy 3), exact odds."""
    mods = []
    if situation.long_range:
        mods.append(Modifier(-1, "long range", "3", Source.TEXT))
    if situation.cover:
        mods.append(Modifier(-1, "target in cover", "3", Source.TEXT))
    modified = total(0, mods)
    roll = roller.number("roll", D6)
    result = HITS.lookup(roll + modified)
    odds = _odds(lambda face: HITS.lookup(face + modified))
    return Outcome.of_pack(ID, "shoot", "3", 0, tuple(mods), modified, {"roll": roll}, result,
                           odds, details={"hits": HIT_COUNT[result]})  # fmt: skip


def rally(situation: RallySituation, rules: ToyRules, roller: Roller) -> Outcome:
    """A rally: 4 or more on the d6, one more with strength 3 or more (Toy 4)."""
    mods = (Modifier(1, "strength 3 or more", "4", Source.TEXT),) if situation.strength >= 3 else ()
    modified = total(0, mods)
    roll = roller.number("roll", D6)

    def read(face: int) -> str:
        return "rallied" if face + modified >= 4 else "failed"

    return Outcome.of_pack(ID, "rally", "4", 0, mods, modified, {"roll": roll}, read(roll),
                           _odds(read))  # fmt: skip


PROCEDURES = (
    ProcedureSpec("shoot", "3", "a shot at a unit on the hits table", ShootSituation, shoot,
                  {"roll": "d6"}, (ResultSpec("miss", "good"), ResultSpec("hit", "bad"),
                                   ResultSpec("hit_2", "bad", "two hits"))),
    ProcedureSpec("rally", "4", "a shaken unit tries to rally", RallySituation, rally,
                  {"roll": "d6"}, (ResultSpec("rallied", "good"), ResultSpec("failed", "bad"))),
)  # fmt: skip


@functools.cache
def declare() -> Pack:
    """The toy pack."""
    return Pack(
        id=ID,
        title=TITLE,
        dice={"d6": D6},
        tables={"hits": HITS},
        options={},
        procedures={p.name: p for p in PROCEDURES},
        configure=ToyRules().with_options,
        unit_types=("skirmisher",),
        army_list=ArmyListSchema(
            check=armylist.check_document,
            summary=armylist.summary,
            record_sheets_html=armylist.record_sheets_html,
        ),
        turn=TURN,
        unit_markers=UNIT_MARKERS,
    )
