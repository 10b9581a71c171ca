"""AVlE's named scenarios (13.1-13.3, 14.0) and whether a pair of sides' lists fits one.

Apart from the play (``play.py``) so that the scenario files' section (``scenario_file.py``)
and the set-up both read them without importing each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from eote_ref.packs.avle import play_arrivals as arrivals

LIGNY = "ligny"
#: The scenarios whose victory conditions a game may take (13.1-13.3, 14.0), by key.
SCENARIOS = {
    arrivals.WATERLOO: "Waterloo (13.1): the Prussians held back, arriving by the dice from turn 4",
    "quatre_bras": "Quatre Bras (13.2): control of the crossroads, 8 units each",
    LIGNY: "Ligny (13.3): 9 Prussian units for the French, 11 French for the Prussians",
    arrivals.HYPOTHETICAL: "Hypothetical battle (14.0): deployment by exploration, up to 4 "
    "units held back as reinforcements from turn 3",
}


def scenario_refusal(scenario: str, sides: Sequence[Sequence[Any]]) -> str | None:
    """Why the sides' lists do not fit ``scenario``, in words; None when they do.

    Waterloo (13.1) brings the Prussians by the dice: it needs a Prussian list (or units of
    the Prussian flag). A historical scenario is not offered for lists drawn for another
    battle (their ``battle``); a hypothetical battle (14.0, 4.0's a-historical battle) places
    its armies by exploration and brings reinforcements by its own dice, so it is not offered
    for lists drawn for a historical battle, with their deployment and timetable.
    """
    armies = [a for side in sides for a in side]
    battles = sorted({str(a.battle) for a in armies if getattr(a, "battle", None)})
    title = SCENARIOS.get(scenario, scenario).split(" (", 1)[0]
    if scenario == arrivals.WATERLOO:
        prussian = any(
            a.flag == "prussian" or any(u.flag == "prussian" for u in a.units) for a in armies
        )
        if not prussian:
            return f"{title}: needs a Prussian army list, whose units arrive by the dice (13.1)"
    if scenario in HISTORICAL:
        other = [b for b in battles if HISTORICAL[scenario] not in b.lower()]
        if other:
            return f"{title}: the lists are drawn for {other[0]}, not for {title}"
    if scenario == arrivals.HYPOTHETICAL and battles:
        return (
            f"{title}: the lists are drawn for {battles[0]}, a historical battle with its own "
            "deployment and timetable; 14.0 deploys by exploration and brings reinforcements "
            "by its own dice"
        )
    return None


#: The historical scenarios, by the words their lists' ``battle`` holds.
HISTORICAL = {"quatre_bras": "quatre bras", arrivals.WATERLOO: "waterloo", LIGNY: "ligny"}
