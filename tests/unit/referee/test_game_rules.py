"""A game's rules come from its ``ruleset`` column through its pack, never silently EotE."""

from __future__ import annotations

import pathlib
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from eote_ref.packs.avle.model import AvleRules
from eote_ref.packs.eote.rules.core import RulesError
from eote_ref.packs.eote.rules.ruleset import Ruleset
from eote_ref.packs.outcome import PackError
from eote_ref.packs.registry import RULESETS
from eote_ref.referee.game import GameService
from eote_ref.referee.game_rules import (
    OtherPackGame,
    RulesetError,
    eote_game_rules,
    eote_ruleset_file,
    game_rules,
    new_game_ruleset,
    referee_spec,
    rules_of,
)
from eote_ref.referee.scenario_setup import create_scenario_game, shipped_scenarios
from eote_ref.referee.setup import NewGame, SetupError, create_new_game, shipped_army_lists
from eote_ref.scenarios.loader import load_scenario
from eote_ref.store import Database
from eote_ref.store.models import Game
from eote_ref.yamlio.problems import YamlError

LISTS = {p.name: p for p in shipped_army_lists()}
AVLE = pathlib.Path(__file__).parents[3] / "army_lists" / "avle"
KNOWN = (
    "it knows eote-6.2 (Eagles Over the Empire 6.2), avle-1.2 (Advanced Vive l'Empereur 1.2), "
    "vle-3 (Vive l'Empereur! 3rd edition)"
)


def _game(db: Database, **kw: object) -> int:
    spec = NewGame(
        "Ligny skirmish",
        {
            "Prussians": [LISTS["waterloo-1815-prussian.yaml"]],
            "French": [LISTS["waterloo-1815-french.yaml"]],
        },
        **kw,  # type: ignore[arg-type]
    )
    return create_new_game(db, spec)


def _set_ruleset(db: Database, game_id: int, ruleset: str, options: dict[str, object]) -> Game:
    """Write the game's ruleset column and options as a database of another pack holds them."""
    with db.session() as s:
        game = s.get(Game, game_id)
        assert game is not None
        game.ruleset = ruleset
        game.options = options
        s.add(game)
        s.commit()
        s.refresh(game)
        s.expunge(game)
        return game


def test_an_eote_game_records_its_ruleset_and_its_options_go_through(db: Database) -> None:
    gid = _game(db, options={"morale_hit_threshold": 4})
    svc = GameService(db, gid)
    assert svc.view().ruleset == "eote-6.2"
    assert isinstance(svc.ruleset, Ruleset)
    assert svc.ruleset.opts.morale_hit_threshold == 4
    with db.session() as s:
        row = s.get(Game, gid)
        assert row is not None
        assert game_rules(row).opts.morale_hit_threshold == 4
        assert eote_game_rules(row).opts.morale_hit_threshold == 4


def test_a_game_whose_ruleset_is_avle_gets_the_avle_rules(db: Database) -> None:
    gid = _game(db)
    row = _set_ruleset(db, gid, "avle-1.2", {"next_hand": "any_six", "display_fog": True})
    rules = game_rules(row)
    assert isinstance(rules, AvleRules)
    assert rules.opt("next_hand") == "any_six"  # the game's options, display choices left out
    # EotE's referee refuses it in words, naming the pack; it is never run as EotE.
    with pytest.raises(OtherPackGame, match=r"game \d+ is played with Advanced Vive") as err:
        GameService(db, gid)
    assert err.value.pack == "avle"


def test_an_avle_option_the_pack_does_not_offer_is_refused() -> None:
    assert rules_of("avle-1.2", {}).opt("next_hand") == "four_unplayed_plus_two"
    with pytest.raises(PackError, match="next_hand"):
        rules_of("avle-1.2", {"next_hand": "any_ten"})
    with pytest.raises(RulesError, match="morale_hit_threshold"):
        rules_of("eote-6.2", {"morale_hit_threshold": 9})


def test_a_ruleset_no_pack_has_is_refused_naming_the_known_ones(db: Database) -> None:
    gid = _game(db)
    _set_ruleset(db, gid, "eote-5.0", {})
    with pytest.raises(RulesetError) as err:
        GameService(db, gid)
    assert str(err.value) == f"game {gid}'s ruleset 'eote-5.0' is not one eote-ref has; {KNOWN}"
    with pytest.raises(RulesetError, match="'napoleon' is not one eote-ref has"):
        rules_of("napoleon")


def test_new_games_take_their_lists_ruleset() -> None:
    assert new_game_ruleset(["eote-6.2", None]) == "eote-6.2"
    assert new_game_ruleset([]) == "eote-6.2"
    assert new_game_ruleset([], pack="avle") == "avle-1.2"
    assert new_game_ruleset(["avle-1.2", "avle-1.2"], pack="avle") == "avle-1.2"
    with pytest.raises(RulesetError, match="different rulesets"):
        new_game_ruleset(["eote-6.2", "avle-1.2"])
    with pytest.raises(RulesetError, match="not for the pack chosen, avle"):
        new_game_ruleset(["eote-6.2"], pack="avle")
    with pytest.raises(RulesetError, match="unknown pack 'dba'"):
        new_game_ruleset([], pack="dba")


@given(
    st.lists(st.sampled_from(["eote-6.2", "avle-1.2", None, "eote-5.0"]), max_size=5),
    st.sampled_from([None, "eote", "avle"]),
)
def test_a_new_game_has_one_known_ruleset_or_none(
    rulesets: list[str | None], pack: str | None
) -> None:
    """Whatever the lists name, a game gets one ruleset every list (and --pack) agrees with."""
    named = {r or "eote-6.2" for r in rulesets}
    packs = {RULESETS.get(r) for r in named}
    if None in packs or len(packs) > 1 or (pack is not None and packs - {pack}):
        with pytest.raises(RulesetError, match="eote-6.2|avle-1.2"):
            new_game_ruleset(rulesets, pack)
        return
    chosen = new_game_ruleset(rulesets, pack)
    assert named <= {chosen}
    assert chosen in RULESETS
    assert pack is None or RULESETS[chosen] == pack


def test_a_new_game_refuses_mixed_packs_and_unknown_rulesets(
    db: Database, tmp_path: pathlib.Path
) -> None:
    french = LISTS["waterloo-1815-french.yaml"]
    mixed = NewGame(
        "Mixed", {"French": [french], "Allies": [AVLE / "quatre-bras-1815-allied.yaml"]}
    )
    with pytest.raises(SetupError, match="different rulesets .*eote-6.2.*avle-1.2"):
        create_new_game(db, mixed)
    avle = NewGame(
        "Quatre Bras",
        {
            "French": [AVLE / "quatre-bras-1815-french.yaml"],
            "Allies": [AVLE / "quatre-bras-1815-allied.yaml"],
        },
    )
    with pytest.raises(SetupError, match="played with Advanced Vive l'Empereur 1.2 \\(avle-1.2\\)"):
        create_new_game(db, avle)
    old = tmp_path / "old.yaml"
    old.write_text(
        french.read_text(encoding="utf-8").replace("ruleset: eote-6.2", "ruleset: eote-5.0")
    )
    assert "ruleset: eote-5.0" in old.read_text(encoding="utf-8")
    unknown = NewGame("Old", {"French": [old], "Prussians": [LISTS["waterloo-1815-prussian.yaml"]]})
    known = re.escape(f"army list old.yaml's ruleset 'eote-5.0' is not one eote-ref has; {KNOWN}")
    with pytest.raises(SetupError, match=known):
        create_new_game(db, unknown)
    with pytest.raises(SetupError, match="not for the pack chosen"):
        _game(db, pack="avle")
    assert GameService(db, _game(db, pack="eote")).view().ruleset == "eote-6.2"


def test_a_scenario_game_records_its_lists_ruleset(db: Database) -> None:
    loaded = load_scenario(shipped_scenarios()[0])
    with pytest.raises(SetupError, match="not for the pack chosen"):
        create_scenario_game(db, loaded, pack="avle")
    gid = create_scenario_game(db, loaded, initiative=loaded.sides[0].name)
    assert GameService(db, gid).view().ruleset == "eote-6.2"


def test_a_pack_played_through_its_own_play_has_nothing_for_the_referees_service() -> None:
    """EotE declares what the shared service asks of its procedures; AVlE's play has its own."""
    assert referee_spec("eote").division_levels == {"division", "brigade"}
    with pytest.raises(RulesetError, match="Advanced Vive l'Empereur 1.2 is not played by"):
        referee_spec("avle")


def test_a_clubs_ruleset_file_is_read_by_the_default_pack(tmp_path: pathlib.Path) -> None:
    shipped = eote_ruleset_file(None)
    assert isinstance(shipped, Ruleset)
    assert shipped == rules_of("eote-6.2")
    with pytest.raises(YamlError, match="missing.yaml:1:1: .*cannot read file"):
        eote_ruleset_file(str(tmp_path / "missing.yaml"))
