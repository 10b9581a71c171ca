"""Every marker VlE's play writes is declared, and its set-up values fit their declaration."""

from __future__ import annotations

import inspect
import re

from eote_ref.packs.registry import get_pack
from eote_ref.packs.vle import play, play_checks, play_command
from eote_ref.referee.setup import shipped_army_lists_dir

WRITTEN = re.compile(r'Put\("(unit|leader)", [a-z_.]+, "([a-z_]+)"')


def test_every_key_the_play_writes_is_a_declared_marker() -> None:
    pack = get_pack("vle")
    declared = {
        "unit": {m.name for m in pack.unit_markers},
        "leader": {m.name for m in pack.leader_markers},
    }
    source = "".join(inspect.getsource(m) for m in (play, play_checks, play_command))
    written = set(WRITTEN.findall(source))
    assert written, "the play writes no marker?"
    for entity, key in written:
        assert key in declared[entity], (entity, key)


def test_a_new_game_s_markers_fit_their_declaration() -> None:
    from eote_ref.armylists.loader import load_any_army_list

    folder = shipped_army_lists_dir()
    assert folder is not None
    lists = [
        (name, [(f.name, load_any_army_list(f).army_list)])
        for name, f in (("French", folder / "vle" / "saalfeld-1806-french.yaml"),
                        ("Prussians", folder / "vle" / "saalfeld-1806-prussian.yaml"))
    ]  # fmt: skip
    pack = get_pack("vle")
    plan = play.setup(lists, pack.configure({}) if pack.configure else None, "saalfeld")
    for side in plan.sides:
        for command in side.commands:
            for u in command.units:
                for key, value in u.markers.items():
                    assert pack.unit_marker(key).check(value, u.type) is None, (u.name, key)
            for ld in command.leaders:
                for key, value in ld.markers.items():
                    assert pack.leader_marker(key).check(value) is None, (ld.name, key)


def test_a_negative_leader_bonus_is_a_lawful_marker() -> None:
    """XIV.3's King of Prussia: combat -1."""
    pack = get_pack("vle")
    assert pack.leader_marker("combat").check("-1") is None
    assert pack.leader_marker("morale").check("6") is None
