"""The new game as the wizard's pages fill it in, before it is created (no Qt).

:class:`NewGameDraft` holds the names, army lists, scale, options, initiative and starting
formations chosen so far, fills empty names from the lists, and becomes the
:class:`~eote_ref.referee.setup.NewGame` that :class:`~eote_ref.referee.setup.SetupService`
creates.
"""

from __future__ import annotations

import pathlib
import re
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from eote_ref.packs.registry import DEFAULT_PACK
from eote_ref.referee.setup import ListSummary, NewGame, SetupService

if TYPE_CHECKING:
    from eote_ref.referee.pack_lists import PackBattle
    from eote_ref.scenarios.loader import LoadedScenario

OptionValue = str | int | bool


@dataclass(frozen=True)
class ScenarioLines:
    """A scenario game in words for the wizard's summary (:meth:`NewGameDraft.scenario_lines`)."""

    #: Per side, each command (or unit) in play with its number of units.
    in_play: tuple[list[tuple[str, int]], list[tuple[str, int]]]
    #: Each reinforcement: its commands, side and when it comes.
    reinforcements: tuple[str, ...]
    #: The turn limit and the objectives with their points.
    end: tuple[str, ...]


#: ``NewGameDraft.initiative`` value: roll for it in turn 1's initiative phase (EotE 4.0).
ROLL = "roll"

#: The arms the wizard sets a starting formation for (engineers keep their lists' own).
FORMATION_ARMS = ("infantry", "cavalry", "artillery")

#: What each side is called before it has a name or an army list.
SIDE_PLACEHOLDERS = ("First side", "Second side")


def nation_title(nation: str) -> str:
    """A nation key as people write it: ``dutch-belgian`` → ``Dutch-Belgian``."""
    return "-".join(part.capitalize() for part in nation.split("-"))


def option_title(name: str) -> str:
    """An option's key as a heading: ``morale_hit_threshold`` → ``Morale hit threshold``."""
    words = name.split("_")
    text = " ".join(ACRONYMS.get(w, w) for w in words)
    return text[0].upper() + text[1:]


#: Abbreviations the rules write in capitals (divisional integrity, combat effectiveness).
ACRONYMS = {"di": "DI", "ce": "CE", "tcr": "TCR"}


def choice_text(value: OptionValue) -> str:
    """An option value as the umpire reads it."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    # A section number in a key reads as the section: as_9_0 is "as 9.0", rule_7_7 "rule 7.7".
    return re.sub(r"(?<=\d)_(?=\d)", ".", str(value)).replace("_", " ")


@dataclass
class NewGameDraft:
    """What the new-game pages fill in, turned into a :class:`NewGame` on Finish.

    Empty names are filled from the army lists: a side is called after its lists' nations,
    the game after the battle they share (or "A against B").
    """

    name: str = ""
    #: The ruleset pack of the game (``eote``, ``avle``): its lists, options and set-up.
    pack: str = DEFAULT_PACK
    #: One of the pack's own scenarios (another pack than the default: its victory
    #: conditions), or None for the lists' battle under the rules' own.
    pack_scenario: str | None = None
    #: The pack's ready battle the lists and scenario come from (None: chosen by hand).
    pack_battle: PackBattle | None = None
    side_names: list[str] = field(default_factory=lambda: ["", ""])
    lists: list[list[ListSummary]] = field(default_factory=lambda: [[], []])
    figure_scale: str = "15mm"
    #: Only the options set away from their defaults.
    options: dict[str, OptionValue] = field(default_factory=dict)
    #: A side's index (0 or 1), :data:`ROLL`, or None to decide at the table.
    initiative: int | str | None = ROLL
    #: Per side, the starting formation of each arm chosen here ("" for none); arms left
    #: out keep their lists' defaults.
    formations: list[dict[str, str]] = field(default_factory=lambda: [{}, {}])
    #: The scenario the game starts from (shipped or a file); None: the lists chosen here.
    scenario: LoadedScenario | None = None
    #: Per side, the commands in play (references, docs/scenario-format.md) when the lists
    #: are chosen here; empty: the whole lists. Any makes the game a scenario of them.
    in_play: list[list[str]] = field(default_factory=lambda: [[], []])

    def choose_scenario(self, loaded: LoadedScenario | None) -> None:
        """Start from ``loaded`` (its lists, side names, scale, initiative), or from lists.

        The game's name the umpire typed is kept; with none, the game is named after the
        scenario (:meth:`game_name`).
        """
        self.scenario = loaded
        self.in_play = [[], []]
        if loaded is None:
            return
        sc = loaded.scenario
        self.lists = [[SetupService.summarise(p) for p in side.paths] for side in loaded.sides]
        self.side_names = [side.name for side in loaded.sides]
        self.figure_scale = sc.figure_scale or self.figure_scale
        names = self.side_names
        self.initiative = (
            names.index(sc.initiative) if sc.initiative in names else sc.initiative or None
        )
        self.formations = [
            {
                arm: str(f)
                for arm in FORMATION_ARMS
                if side.formations is not None and (f := side.formations.for_arm(arm)) is not None
            }
            for side in sc.sides
        ]

    def choose_pack_battle(self, battle: PackBattle | None) -> None:
        """Start from a pack's ready battle (its lists, side names, scenario), or from lists.

        Choosing none keeps the lists and scenario chosen so far, to be changed by hand.
        """
        from eote_ref.referee.pack_lists import summarise_any

        self.pack_battle = battle
        if battle is None:
            return
        self.lists = [[summarise_any(p) for p in paths] for _name, paths in battle.sides]
        self.side_names = [name for name, _paths in battle.sides]
        self.name = ""
        self.pack_scenario = battle.scenario

    def choose_pack(self, pack: str) -> None:
        """Play ``pack``: the lists, options and scenario of another pack are dropped."""
        if pack == self.pack:
            return
        self.pack = pack
        self.pack_scenario = None
        self.pack_battle = None
        self.options = {}
        self.scenario = None
        self.in_play = [[], []]
        self.formations = [{}, {}]
        for side in self.lists:
            side[:] = [s for s in side if s.pack == pack]

    def uses_scenario(self) -> bool:
        """Whether the game is made as a scenario (chosen, or commands picked here)."""
        return self.scenario is not None or any(self.in_play)

    def drafted_scenario_text(self) -> str:
        """The lists and commands chosen here as a scenario file the club can save."""
        from eote_ref.armylists.model import StartingFormations
        from eote_ref.scenarios.export import dump_scenario
        from eote_ref.scenarios.model import FORMAT_VERSION, Scenario, ScenarioSide

        sides = []
        for i in (0, 1):
            # The formations as words, written as a file's are: the scenario loader that reads
            # the text back checks each as it checks a file's (loaded_scenario).
            chosen: dict[str, Any] = {arm: v for arm, v in self.formations[i].items() if v}
            sides.append(
                ScenarioSide(
                    name=self.side_name(i),
                    lists=tuple(s.path.name for s in self.lists[i]),
                    commands=tuple(self.in_play[i]),
                    formations=StartingFormations(**chosen) if chosen else None,
                )
            )
        initiative = (
            self.side_name(self.initiative) if isinstance(self.initiative, int) else self.initiative
        )
        scenario = Scenario(
            format=FORMAT_VERSION,
            name=self.game_name(),
            figure_scale=self.figure_scale,
            initiative=initiative,
            sides=(sides[0], sides[1]),
        )
        return dump_scenario(scenario)

    def loaded_scenario(self) -> LoadedScenario:
        """The scenario the game is made from (ScenarioError when it is not valid)."""
        if self.scenario is not None:
            return self.scenario
        from eote_ref.referee.scenario_setup import search_folders
        from eote_ref.scenarios.loader import load_scenario_text

        folders: list[pathlib.Path] = []
        for side in self.lists:
            for s in side:
                if s.path.parent not in folders:
                    folders.append(s.path.parent)
        return load_scenario_text(
            self.drafted_scenario_text(), "drafted scenario", [*folders, *search_folders()]
        )

    def scenario_lines(self) -> ScenarioLines | None:
        """What a scenario game puts on the table, for the summary; None for whole lists.

        The commands in play of each side with their units (not the whole lists'), the
        reinforcements with their turn, and the end (turn limit, objectives). None also when
        the commands drafted here do not make a valid scenario (the summary says so on Finish).
        """
        if not self.uses_scenario():
            return None
        from eote_ref.scenarios.loader import ScenarioError
        from eote_ref.scenarios.resolve import Ref, command_at

        try:
            loaded = self.loaded_scenario()
        except ScenarioError:
            return None
        in_play: list[list[tuple[str, int]]] = []
        for plan in loaded.sides:
            refs = plan.in_play or tuple(Ref(k, (a.army.name,)) for k, a in enumerate(plan.lists))
            rows = []
            for ref in refs:
                if ref.unit is not None:
                    rows.append((ref.unit, 1))
                    continue
                command = command_at(plan.lists[ref.list_index], ref.path)
                rows.append((ref.path[-1], sum(1 for _ in command.all_units())))
            in_play.append(rows)
        sc = loaded.scenario
        arrivals = []
        for r in sc.reinforcements:
            when = (
                f"turn {r.turn}"
                if r.turn is not None
                else f"from turn {r.from_turn} on a d10 of {r.roll}+"
            )
            arrivals.append(f"{', '.join(r.commands)} ({r.side}): {when}")
        end = []
        if sc.end.turns:
            end.append(f"{sc.end.turns} turns")
        end += [
            f"{o.name} ({o.points} pt{'s' if o.points != 1 else ''})" for o in sc.end.objectives
        ]
        return ScenarioLines((in_play[0], in_play[1]), tuple(arrivals), tuple(end))

    def create(self, setup: SetupService) -> int:
        """Create the game: from the scenario when there is one, else from the lists."""
        if self.pack != DEFAULT_PACK:
            from eote_ref.referee.pack_setup import create_pack_game

            return create_pack_game(setup.db, self)
        if not self.uses_scenario():
            return setup.create(self.to_new_game())
        from eote_ref.referee.scenario_setup import create_scenario_game

        loaded = self.loaded_scenario()
        names = [side.name for side in loaded.sides]
        initiative = names[self.initiative] if isinstance(self.initiative, int) else self.initiative
        return create_scenario_game(
            setup.db,
            loaded,
            name=self.name.strip() or loaded.scenario.name,
            figure_scale=self.figure_scale,
            options=dict(self.options),
            initiative=initiative,
            formations=[dict(f) for f in self.formations],
        )

    def formation(self, side: int, arm: str) -> str:
        """The formation ``arm`` of side ``side`` starts in ("" for none)."""
        if arm in self.formations[side]:
            return self.formations[side][arm]
        return SetupService.list_formations(self.lists[side]).get(arm, "")

    def automatic_side_name(self, side: int) -> str:
        """A side's name when none is typed: its lists' nations, e.g. ``British & Prussian``."""
        nations: list[str] = []
        for summary in self.lists[side]:
            title = nation_title(summary.nation)
            if title not in nations:
                nations.append(title)
        return " & ".join(nations) if nations else SIDE_PLACEHOLDERS[side]

    def side_name(self, side: int) -> str:
        """The name side ``side`` will have (typed, else automatic; never equal to the other)."""
        names = [self.side_names[i].strip() or self.automatic_side_name(i) for i in (0, 1)]
        if names[0].casefold() == names[1].casefold():
            return f"{names[side]} ({side + 1})"
        return names[side]

    def automatic_name(self) -> str:
        """The game's name when none is typed: the battle all lists share, else "A against B"."""
        battles = {s.battle for side in self.lists for s in side}
        if len(battles) == 1 and None not in battles and self.lists[0] and self.lists[1]:
            return str(next(iter(battles)))
        return f"{self.side_name(0)} against {self.side_name(1)}"

    def game_name(self) -> str:
        """The game's name (typed, else the scenario's, else automatic)."""
        if not self.name.strip() and self.scenario is not None:
            return self.scenario.scenario.name
        return self.name.strip() or self.automatic_name()

    def initiative_text(self) -> str:
        """The initiative choice in words."""
        if self.initiative == ROLL:
            return "rolled for in turn 1's initiative phase (d10 each, in the journal, EotE 4.0)"
        if isinstance(self.initiative, int):
            return f"{self.side_name(self.initiative)} starts"
        return "decided at the table"

    def to_new_game(self) -> NewGame:
        """The set-up the referee's :class:`SetupService` creates."""
        initiative: str | None
        if isinstance(self.initiative, int):
            initiative = self.side_name(self.initiative)
        else:
            initiative = self.initiative
        return NewGame(
            name=self.game_name(),
            sides={self.side_name(i): [s.path for s in self.lists[i]] for i in (0, 1)},
            figure_scale=self.figure_scale,
            options=dict(self.options),
            initiative=initiative,
            formations={self.side_name(i): dict(self.formations[i]) for i in (0, 1)},
        )
