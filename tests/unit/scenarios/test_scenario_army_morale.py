"""Army morale tracks in a scenario file: what is refused, at its file:line:column."""

from __future__ import annotations

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
