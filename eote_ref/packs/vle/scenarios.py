"""VlE battles the pack ships (the shared scenario format is EotE's only for now).

A battle gives what the standard text leaves to each battle's special rules (VLE-NOTES 3.5):
its length, the demoralization levels (XII), the movement time limit (XIX.1), the lines of
communication (XV), the events drawn (XXII.1), the victory conditions and the terrain, as
text. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Battle:
    """One battle's special rules, as data."""

    key: str
    title: str
    battle: str
    turns: int
    first_player: str
    #: Losses in steps at which each side's army is demoralized (XII), by nation key.
    demoralized_at: tuple[tuple[str, int], ...]
    time_limit_seconds: int
    events_at_start: int
    fresh_order_delay: int
    lines_of_communication: tuple[tuple[str, str], ...]
    terrain: tuple[str, ...]
    victory: tuple[str, ...]

    def threshold(self, nation: str) -> int | None:
        return dict(self.demoralized_at).get(nation)


SAALFELD = Battle(
    key="saalfeld",
    title="Saalfeld, 10 October 1806",
    battle="saalfeld",
    turns=10,
    first_player="french",
    demoralized_at=(("prussian", 14), ("french", 16)),
    time_limit_seconds=240,
    events_at_start=2,
    fresh_order_delay=1,
    lines_of_communication=(
        ("french", "the road south to Gräfenthal, behind the wooded heights"),
        ("prussian", "the Saale bridges at Saalfeld and the road north to Rudolstadt"),
    ),
    terrain=(
        "the Saale runs along the eastern edge; Saalfeld town by its bridge in the north-east",
        "wooded heights (the Thuringian Forest's edge) along the southern and western edges: "
        "wood hexes, ridges facing north",
        "open ground and meadows between the heights and the river, cut by the Siegenbach "
        "stream with the villages of Wöhlsdorf, Crösten and Beulwitz on it",
        "the Gräfenthal road from the heights to Saalfeld; the Rudolstadt road north along "
        "the river",
    ),
    victory=(
        "the game lasts 10 turns of 30 minutes, from about 10:00 (VlE I)",
        "each step eliminated scores 1 point, a unit eliminated or a straggler 2 more, a "
        "leader lost 5, Prince Louis Ferdinand 10 (XII.2, XIV.5)",
        "the French win by holding Saalfeld town or by demoralizing the Prussian army; the "
        "Prussians win if neither happens by the end of turn 10",
        "a unit leaving the map by its own line of communication scores nothing (XV)",
    ),
)

BATTLES = {SAALFELD.key: SAALFELD}
