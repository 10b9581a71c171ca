"""Hypothesis strategies for valid army lists (no errors; warnings allowed)."""

from __future__ import annotations

import dataclasses
from typing import TypeVar

from hypothesis import strategies as st

from eote_ref.armylists.loader import NATION_KEY
from eote_ref.armylists.model import ArmyList, Command, Leader, Skirmish, Unit
from eote_ref.packs.eote.rules.command import Level
from eote_ref.packs.eote.rules.units import KNOWN_NATIONS, Arm, Weight
from eote_ref.packs.eote.unit_model import TYPES_BY_ARM
from eote_ref.yamlio.text import is_blank

#: Any text an army list may hold: no lone surrogates (a UTF-8 file cannot hold them) and no
#: control characters other than tabs and line breaks (refused since issue 19).
any_text = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), whitelist_characters="\t\n"), max_size=30
)

#: Text for names: anything that shows (not blank, not only invisible characters).
names = any_text.filter(lambda s: not is_blank(s))

optional_text = st.none() | any_text

nations = st.sampled_from(sorted(KNOWN_NATIONS)) | st.from_regex(NATION_KEY, fullmatch=True)

leaders = st.builds(Leader, name=names, rating=st.integers(-1, 4), notes=optional_text)


@st.composite
def units(draw: st.DrawFn) -> Unit:
    """A unit whose type fits its arm, with a weight exactly when it is artillery."""
    arm = draw(st.sampled_from(Arm))
    artillery = arm is Arm.ARTILLERY
    return Unit(
        name=draw(names),
        arm=arm,
        type=draw(st.sampled_from(TYPES_BY_ARM[arm])),
        ce=draw(st.integers(0, 20)),
        stands=draw(st.integers(1, 12)),
        skirmish=draw(st.sampled_from(Skirmish)),
        weight=draw(st.sampled_from(Weight)) if artillery else None,
        howitzers=draw(st.integers(0, 8)) if artillery else 0,
        brigade=draw(st.none() | names),
        nation=draw(st.none() | nations),
        notes=draw(optional_text),
    )


T = TypeVar("T", Unit, Command)


def _unique(items: list[T]) -> list[T]:
    """Make names unique by appending the item's index (names compare without case)."""
    return [dataclasses.replace(x, name=f"{x.name} {i}") for i, x in enumerate(items)]


@st.composite
def commands(draw: st.DrawFn, level: Level, depth: int = 0) -> Command:
    """A command at ``level`` and everything under it, following the level rules."""
    leader = draw(leaders)
    name = draw(names)
    notes = draw(optional_text)
    if level.is_manoeuvre:
        return Command(
            name=name,
            level=level,
            leader=leader,
            units=tuple(_unique(draw(st.lists(units(), min_size=1, max_size=4)))),
            notes=notes,
        )
    lower = [lv for lv in Level if lv.rank < level.rank]
    children = draw(
        st.lists(
            st.sampled_from(lower).flatmap(lambda lv: commands(lv, depth + 1)),
            min_size=0,
            max_size=3 if depth < 3 else 0,
        )
    )
    return Command(
        name=name, level=level, leader=leader, commands=tuple(_unique(children)), notes=notes
    )


army_lists = st.builds(
    ArmyList,
    format=st.just(1),
    name=names,
    nation=nations,
    year=st.integers(1792, 1815),
    ruleset=st.just("eote-6.2") | any_text,
    battle=optional_text,
    sources=st.lists(names, max_size=3).map(tuple),
    notes=optional_text,
    army=commands(Level.ARMY),
)
