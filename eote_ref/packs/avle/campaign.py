"""An AVlE game as a campaign's battle: its roster, its set-up from the losses kept, its result.

What the shared campaign code (``eote_ref/referee/campaign``) reads of AVlE, declared as
:class:`~eote_ref.packs.play.CampaignPlay` (the play's ``campaign``):

* the **roster** of a list: each unit (its sector, its arm, its elements at the start, 1.1)
  and each General (a leader, strength 0);
* a battle's **army list**: the list less the units eliminated and the Generals killed or
  captured in earlier battles (9.4, 9.4.2), each surviving unit starting with its elements
  less the elements it carries lost (at least 1: a unit with none left was eliminated); a
  General whose unit is gone starts on his own. The unit's ``start`` (12.0's rally) is then
  the strength it begins the battle with: AVlE has no campaign rules, so this is a reading;
* the **result**: the victory check's (4.2, 13.2) once won: its level (decisive,
  substantial, marginal, moral, drawn) and the winning side;
* the **losses**: each unit's elements lost in the battle (its ``start`` less what it has
  left; all of them when eliminated), eliminated units and Generals killed or captured lost
  for good, both counted as units lost (4.2, 9.4.3).

Standard library only.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.play import CampaignEntry, CampaignPlay, Carried, PieceResult, PlayState

#: 4.2's levels, best first; ``drawn`` has no winner.
LEVELS = ("decisive", "substantial", "marginal", "moral", "drawn")
DRAW = "drawn"
#: The arm of a General in a campaign's roster.
GENERAL = "general"


def _full_elements(unit: Any, rules: AvleRules) -> int:
    """The unit's elements at the start: the list's, else its type's (1.1)."""
    return int(unit.elements or rules.data.units[unit.type].elements)


def roster(army: Any, rules: AvleRules) -> list[CampaignEntry]:
    """The units (by sector, with their elements) and the Generals of an AVlE list."""
    out = [
        CampaignEntry(u.name, u.sector, str(rules.data.units[u.type].arm), _full_elements(u, rules))
        for u in army.units
    ]
    out += [CampaignEntry(g.name, g.sector, GENERAL, 0, leader=True) for g in army.generals]
    return out


def for_battle(army: Any, carried: Mapping[str, Carried], rules: AvleRules) -> Any:
    """The list a battle is set up with: the lost left out, the elements kept put on."""
    units = []
    for u in army.units:
        c = carried.get(u.name, Carried())
        if c.destroyed:
            continue
        left = max(1, _full_elements(u, rules) - c.lost)
        units.append(dataclasses.replace(u, elements=left) if c.lost else u)
    present = {u.name for u in units}
    generals = [
        g if g.attached is None or g.attached in present else dataclasses.replace(g, attached=None)
        for g in army.generals
        if not carried.get(g.name, Carried()).destroyed
    ]
    return dataclasses.replace(army, units=units, generals=generals)


def result(state: PlayState) -> tuple[str, int | None] | None:
    """The victory check's result (4.2, 13.2): its level and the winner's side position."""
    won = state.pack_state.get("victory")
    if not won:
        return None
    winner = won.get("winner")
    position = next((s.position for s in state.sides if s.name == winner), None)
    level = str(won.get("result"))
    return (DRAW, None) if level == DRAW or position is None else (level, position)


def losses(state: PlayState) -> dict[tuple[str, int], PieceResult]:
    """Each unit's elements lost and whether it was eliminated; each General killed or taken."""
    out: dict[tuple[str, int], PieceResult] = {}
    for u in state.units:
        start = int(u.markers.get("start", u.markers.get("elements", 0)))
        gone = bool(u.markers.get("eliminated"))
        left = 0 if gone else int(u.markers.get("elements", start))
        out[("unit", u.id)] = PieceResult(max(0, start - left), gone, gone)
    for g in state.leaders:
        lost = bool(g.markers.get("killed") or g.markers.get("captured"))
        out[("leader", g.id)] = PieceResult(0, lost, lost)
    return out


def declare() -> CampaignPlay:
    """AVlE's campaign reading for the play's declaration."""
    return CampaignPlay(
        victory_levels=LEVELS,
        draw=DRAW,
        roster=roster,
        for_battle=for_battle,
        result=result,
        losses=losses,
        measure=("element lost", "elements lost"),
        column="Elements",
        taken="elements lost",
        strength="Elements",
        group="Sector",
        journal_losses=("elements", -1),
    )
