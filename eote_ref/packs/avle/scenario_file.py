"""AVlE's section of the shared scenario format (``pack:``; docs/scenario-format.md, issue 33).

A scenario file of AVlE lists names its victory conditions (13.1-13.3, 14.0), whose set-up
it is (the text's or historical lists), the lists of its Prussian pool (13.1: held back,
arriving by the dice), set-up hexes it gives or moves (13.1-13.3: one unit a hex), and the
pack options it plays with (the deck and the rest: ``avle-1.2.yaml``). Standard library only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from eote_ref.packs.avle import play_arrivals as arrivals
from eote_ref.packs.avle.scenario_names import scenario_refusal
from eote_ref.packs.outcome import PackError
from eote_ref.packs.play import Plan, ScenarioSection

#: The victory conditions a scenario file may name (the play's scenario keys).
Victory = Literal["quatre_bras", "waterloo", "ligny", "hypothetical"]


@dataclass(frozen=True, kw_only=True)
class AvleSection:
    """The ``pack:`` section of an AVlE scenario file."""

    #: Whose victory conditions the game takes (13.1 waterloo, 13.2 quatre_bras, 13.3
    #: ligny, 14.0 hypothetical).
    victory: Victory
    #: ``text``: the rules text's own set-up; ``historical``: lists drawn from the history.
    kind: Literal["text", "historical"] = "text"
    #: The lists (as the sides name them) whose units and Generals are held back and arrive
    #: by the dice (13.1's Prussians): Waterloo needs them, and they are Prussian lists.
    prussian_pool: tuple[str, ...] = ()
    #: Set-up hexes given or moved by the scenario, by unit name (13.1-13.3).
    hexes: dict[str, str] = field(default_factory=dict)
    #: The pack options the scenario plays with (``avle-1.2.yaml``'s, by name).
    options: dict[str, str | int | bool] = field(default_factory=dict)


def check(
    section: AvleSection, sides: Sequence[Sequence[tuple[str, Any]]]
) -> list[tuple[tuple[Any, ...], str]]:
    """What the parse cannot see: the pool's lists, one unit a hex, the options offered.

    ``sides``: each side's lists as ``(file name as the scenario writes it, typed list)``.
    """
    from eote_ref.packs.registry import get_pack

    out: list[tuple[tuple[Any, ...], str]] = []
    armies = [a for side in sides for _f, a in side]
    for i, name in enumerate(section.prussian_pool):
        where = ("pack", "prussian_pool", i)
        army = next((a for side in sides for f, a in side if name in (f, a.name)), None)
        if army is None:
            out.append((where, f"no list '{name}' among the sides' lists"))
        elif army.flag != "prussian":
            out.append((where, f"'{army.name}' is a {army.flag} list, not a Prussian one (13.1)"))
    if section.victory == arrivals.WATERLOO and not section.prussian_pool:
        out.append((("pack", "victory"), "Waterloo brings the Prussians by the dice (13.1): "
                    "name their list in 'prussian_pool'"))  # fmt: skip
    if section.victory != arrivals.WATERLOO and section.prussian_pool:
        out.append((("pack", "prussian_pool"), "only Waterloo holds the Prussians back (13.1)"))
    refusal = scenario_refusal(section.victory, [[a for _f, a in side] for side in sides])
    if refusal:
        out.append((("pack", "victory"), f"not offered: {refusal}"))
    units = {u.name: u for a in armies for u in a.units}
    for name in section.hexes:
        if name not in units:
            out.append((("pack", "hexes", name), f"no unit '{name}' in the sides' lists"))
    placed: dict[str, tuple[str, tuple[Any, ...]]] = {}
    for i, side in enumerate(sides):
        for j, (_file, army) in enumerate(side):
            for u in army.units:
                spot = section.hexes.get(u.name, u.hex)
                if spot is None:
                    continue
                moved: tuple[Any, ...] = ("pack", "hexes", u.name)
                where = moved if u.name in section.hexes else ("sides", i, "lists", j)
                key = spot.strip().upper()
                if key not in placed:
                    placed[key] = (u.name, where)
                    continue
                first, first_at = placed[key]
                if first_at[0] == "pack":  # the scenario's own hex is the one to change
                    where = first_at
                out.append((where, f"hex {spot}: '{first}' and '{u.name}' both set up there "
                            "(one unit a hex, 13.1-13.3)"))  # fmt: skip
    if section.options:
        try:
            configure = get_pack("avle").configure
            assert configure is not None
            configure(dict(section.options))
        except (PackError, ValueError) as exc:
            out.append((("pack", "options"), str(exc)))
    return out


def adjust(plan: Plan, section: AvleSection) -> Plan:
    """The plan with the scenario's set-up hexes in place of the lists'."""
    if not section.hexes:
        return plan
    sides = []
    for side in plan.sides:
        commands = []
        for command in side.commands:
            units = tuple(
                replace(u, markers={**u.markers, "hex": section.hexes[u.name]})
                if u.name in section.hexes
                else u
                for u in command.units
            )
            commands.append(replace(command, units=units))
        sides.append(replace(side, commands=tuple(commands)))
    return replace(plan, sides=tuple(sides))


def options(section: AvleSection) -> Mapping[str, Any]:
    """The pack options the scenario sets."""
    return dict(section.options)


def declare() -> ScenarioSection:
    """AVlE's scenario section for the shared loader."""
    return ScenarioSection(
        section=AvleSection,
        check=check,
        scenario=lambda s: s.victory,
        options=options,
        kind=lambda s: s.kind,
        adjust=adjust,
        turns=turns,
    )


def turns(section: AvleSection) -> int:
    """A battle's turns (4.1): the same for every scenario of the text."""
    from eote_ref.packs.registry import get_pack

    del section
    configure = get_pack("avle").configure
    assert configure is not None
    return int(configure({}).data.victory["turns"].value)
