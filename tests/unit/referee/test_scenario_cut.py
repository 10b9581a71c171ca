"""Cutting a side's order of battle to the commands in play (Hypothesis properties)."""

from __future__ import annotations

import pathlib

from hypothesis import given
from hypothesis import strategies as st

from eote_ref.armylists.loader import load_army_list
from eote_ref.armylists.model import Command
from eote_ref.referee.scenario_setup import side_spec
from eote_ref.referee.setup import shipped_army_lists
from eote_ref.scenarios.loader import SidePlan
from eote_ref.scenarios.resolve import Ref
from eote_ref.store.specs import CommandSpec

LISTS = {p.name: p for p in shipped_army_lists()}
FRENCH = load_army_list(LISTS["waterloo-1815-french.yaml"]).army_list


def _commands(command: Command, path: tuple[str, ...] = ()) -> list[tuple[str, ...]]:
    here = (*path, command.name)
    return [here, *(p for c in command.commands for p in _commands(c, here))]


PATHS = _commands(FRENCH.army)


def _units(spec: CommandSpec) -> list[str]:
    return [u.name for u in spec.units] + [n for c in spec.commands for n in _units(c)]


def _names(spec: CommandSpec) -> list[str]:
    return [spec.name, *(n for c in spec.commands for n in _names(c))]


def _expected_units(path: tuple[str, ...]) -> list[str]:
    command = FRENCH.army
    for name in path[1:]:
        command = next(c for c in command.commands if c.name == name)
    return [u.name for u in command.all_units()]


@given(
    st.lists(st.sampled_from(PATHS), min_size=1, max_size=6, unique=True),
    st.one_of(st.none(), st.sampled_from(PATHS)),
)
def test_the_game_holds_exactly_the_units_in_play(
    chosen: list[tuple[str, ...]], commander: tuple[str, ...] | None
) -> None:
    refs: list[Ref] = []
    for path in chosen:
        ref = Ref(0, path)
        if not any(r.contains(ref) or ref.contains(r) for r in refs):
            refs.append(ref)
    boss = Ref(0, commander) if commander is not None else None
    plan = SidePlan("French", (FRENCH,), (pathlib.Path("x.yaml"),), tuple(refs), boss)
    spec = side_spec(plan)
    got = sorted(n for roster in spec.rosters for n in _units(roster.army))
    want = sorted(n for r in refs for n in _expected_units(r.path))
    assert got == want
    roots = [roster.army.name for roster in spec.rosters]
    assert len(roots) == len(set(roots))  # no command twice
    under_boss = [r for r in refs if boss is not None and boss.contains(r)]
    if under_boss and boss is not None:
        # the commander heads the side, first (his rating counts for the initiative)
        assert roots[0] == boss.path[-1]
    names = {n for roster in spec.rosters for n in _names(roster.army)}
    allowed = {
        n for r in refs for p in PATHS if p[: len(r.path)] == r.path for n in p[len(r.path) - 1 :]
    }
    if boss is not None:
        allowed |= {n for r in under_boss for n in r.path[len(boss.path) - 1 :]}
    assert names <= allowed  # nothing from outside the play, nor above the commander
    if boss is None:
        # no commander: nothing above the commands in play
        assert sorted(roots) == sorted(
            r.path[-1] for r in refs if not any(o is not r and o.contains(r) for o in refs)
        )
