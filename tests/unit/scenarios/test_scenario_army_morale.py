"""Army morale tracks in a scenario file: what is refused, at its file:line:column."""

from __future__ import annotations

import pathlib

import pytest

from eote_ref.referee.scenario_setup import search_folders, shipped_scenarios
from eote_ref.scenarios.loader import ScenarioError, load_scenario_text

DERLON = next(p for p in shipped_scenarios() if p.stem == "waterloo-derlon")


def _problems(text: str) -> list[str]:
    with pytest.raises(ScenarioError) as caught:
        load_scenario_text(text, "m.yaml", search_folders())
    return [str(p) for p in caught.value.problems]


def _head() -> str:
    """D'Erlon's attack up to its tracks, without the automatic victory that names one."""
    head = DERLON.read_text("utf-8").split("army_morale:")[0]
    return head.replace("    - {side: Anglo-Allied, demoralised: French}\n", "")


def _track(body: str) -> str:
    return _head() + "army_morale:\n" + body


def test_a_track_that_can_never_be_reached_is_refused_at_its_line() -> None:
    found = _problems(
        _track(
            "  - side: French\n"
            "    start: 10\n"
            "    demoralised_at: 12\n"
            "  - side: Anglo-Allied\n"
            "    start: 10\n"
            "    demoralised_at: 4\n"
            "    restores: {night: 1}\n"
        )
    )
    line = _head().count("\n") + 2
    assert found == [
        f"m.yaml:{line}:5: error: army_morale[0]: nothing costs this track points (costs or an "
        "event below 0): its demoralised level can never be reached",
        f"m.yaml:{line + 2}:21: error: army_morale[0].demoralised_at: the track starts at 10: "
        "demoralised from the start (give a level below 10)",
        f"m.yaml:{line + 3}:5: error: army_morale[1]: nothing costs this track points (costs or "
        "an event below 0): its demoralised level can never be reached",
    ]


def test_an_event_naming_nothing_and_a_command_not_in_play_are_refused() -> None:
    found = _problems(
        _track(
            "  - side: French\n"
            "    command: II Corps\n"
            "    start: 10\n"
            "    demoralised_at: 2\n"
            "    events:\n"
            '      - {name: " ", points: -2}\n'
            "      - {name: Guard committed, points: 0}\n"
            "    night_turns: [30]\n"
        )
    )
    text = [f.split(": ", 1)[1] for f in found]
    assert text == [
        "error: army_morale[0].command: 'II Corps' is not in play",
        "error: army_morale[0].events[0].name: an event must name what happens",
        "error: army_morale[0].events[1].points: an event of 0 points changes nothing",
        "warning: army_morale[0].night_turns: night restores nothing: give restores.night",
        "error: army_morale[0].night_turns[0]: turn 30 is not in the battle (turns 1 to 8)",
    ]
    assert all(f.startswith("m.yaml:") for f in found)


def test_a_movement_penalty_without_a_timer_is_refused() -> None:
    text = _head().replace("figure_scale: 15mm\n", "figure_scale: 15mm\nmovement_penalty: stop\n")
    found = _problems(text)
    assert found == [
        "m.yaml:21:19: error: movement_penalty: a penalty needs a timer: give 'movement_minutes'"
    ]


def test_a_scenario_file_with_no_end_is_refused_with_file_and_line(tmp_path: pathlib.Path) -> None:
    from eote_ref.scenarios.loader import validate_file

    head = _head().split("end:\n")[0]
    path = tmp_path / "no-end.yaml"
    path.write_text(head, encoding="utf-8")
    found = [str(p) for p in validate_file(path, search_folders())]
    assert found == [
        f"{path}:2:1: error: (document): the scenario has no 'end': give at least its "
        "'turns' (a turn limit)"
    ]
    # an end that ends nothing: objectives only
    path.write_text(
        head + "end:\n  objectives:\n    - {name: La Haye Sainte, points: 3}\n", encoding="utf-8"
    )
    line = head.count("\n") + 2
    assert [str(p) for p in validate_file(path, search_folders())] == [
        f"{path}:{line}:3: error: end: nothing ends the battle: give 'turns', a side's "
        "breakpoint, an automatic victory or an army morale track whose effects end it"
    ]


def test_a_command_both_in_play_and_arriving_is_refused_at_its_line() -> None:
    text = _head().replace(
        "      - Cavalry / 1st (Household) Brigade\n", "      - 5th British Division\n"
    )
    found = [f for f in _problems(text) if "already in play" in f]
    line = text.index("      - 5th British Division\n", text.index("reinforcements:"))
    assert len(found) == 1
    assert found[0].startswith(f"m.yaml:{text[:line].count(chr(10)) + 1}:")
    assert found[0].endswith(
        "error: reinforcements[0].commands[0]: "
        "'Anglo-allied Army / 5th British Division' is already in play"
    )


def test_every_shipped_battle_has_a_scenario_with_army_morale_and_events() -> None:
    from eote_ref.scenarios.loader import load_scenario

    with_tracks: dict[str, bool] = {}
    for path in shipped_scenarios():
        scenario = load_scenario(path, require_end=True).scenario
        battle = str(scenario.battle).split(",")[0].split(" (")[0]
        has = any(t.events for t in scenario.army_morale) and len(scenario.army_morale) == 2
        with_tracks[battle] = with_tracks.get(battle, False) or has
    assert with_tracks == {"Austerlitz": True, "Salamanca": True, "Waterloo": True}


def test_a_track_with_a_bad_value_still_has_its_side_checked() -> None:
    found = _problems(
        _track("  - side: Frnch\n    start: 0\n    demoralised_at: 2\n    costs: {unit_lost: 1}\n")
    )
    text = [f.split(": error: ", 1)[1] for f in found]
    assert text == [
        "army_morale[0].side: no side 'Frnch' (French, Anglo-Allied)",
        "army_morale[0].start: 0 is out of range 1..500",
    ]
