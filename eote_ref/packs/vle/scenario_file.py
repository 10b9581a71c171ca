"""VlE's section of the shared scenario format (``pack:``; docs/scenario-format.md, issue 33).

A VlE scenario file names the battle whose special rules it plays (its length, demoralization
levels, time limit, events, lines of communication: :mod:`.scenarios`, VLE-NOTES 3.5) and the
pack options it plays with. Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from eote_ref.packs.outcome import PackError
from eote_ref.packs.play import ScenarioSection
from eote_ref.packs.vle.scenarios import BATTLES


@dataclass(frozen=True, kw_only=True)
class VleSection:
    """The ``pack:`` section of a VlE scenario file."""

    #: The battle whose special rules the game takes (``saalfeld``).
    battle: str
    #: The pack options the scenario plays with, by name.
    options: dict[str, str | int | bool] = field(default_factory=dict)


def check(
    section: VleSection, sides: Sequence[Sequence[tuple[str, Any]]]
) -> list[tuple[tuple[Any, ...], str]]:
    """The battle known, its armies' nations demoralized by it, the options offered."""
    from eote_ref.packs.registry import get_pack

    out: list[tuple[tuple[Any, ...], str]] = []
    battle = BATTLES.get(section.battle)
    if battle is None:
        out.append((("pack", "battle"), f"no VlE battle '{section.battle}' (known: "
                    f"{', '.join(BATTLES)})"))  # fmt: skip
    else:
        for i, side in enumerate(sides):
            for j, (_file, army) in enumerate(side):
                if battle.threshold(army.nation) is None:
                    where = ("sides", i, "lists", j)
                    words = f"{battle.title} has no demoralization level for a {army.nation} army"
                    out.append((where, f"{words} (XII)"))
    if section.options:
        try:
            configure = get_pack("vle").configure
            assert configure is not None
            configure(dict(section.options))
        except (PackError, ValueError) as exc:
            out.append((("pack", "options"), str(exc)))
    return out


def options(section: VleSection) -> Mapping[str, Any]:
    """The pack options the scenario sets."""
    return dict(section.options)


def declare() -> ScenarioSection:
    """VlE's scenario section for the shared loader."""
    return ScenarioSection(
        section=VleSection,
        check=check,
        scenario=lambda s: s.battle,
        options=options,
        kind=lambda s: "historical",
        turns=lambda s: b.turns if (b := BATTLES.get(s.battle)) is not None else None,
    )
