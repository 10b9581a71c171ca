"""The pack check dialog's odds follow the dice entered (trial of Ligny: a General's hit).

The odds panel kept the odds from before the dice once a die was in: after AVlE's d10 to
hit (9.0) it still gave a miss its chance. Now, with a die entered, the bars are the
chances of the dice still to come given it, and headed so; with every die in the result
is certain and the bars give way to the result line.
"""

from __future__ import annotations

from fractions import Fraction

from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.avle_games import dealt, quatre_bras
from tests.ui.helpers import shown_window

BATTERY = "Reille's divisional batteries (right)"
MILITIA = "Bijlandt's brigade (militia)"


def test_the_odds_after_the_hit_die_are_the_effect_dies(qtbot: QtBot, db: Database) -> None:
    game = quatre_bras(db)
    _sides, units = dealt(
        game, "right", "centre", French=["flag"] * 5, Allies=["cannon", *["flag"] * 4]
    )
    game.open_check("order", unit_id=units[BATTERY]).apply()
    window = shown_window(qtbot, db, game.game_id)
    dialog = window.pack_game.open_check("fire", {"unit_id": units[BATTERY]})
    assert isinstance(dialog, PackCheckDialog)
    dialog.check.set("target_unit", units[MILITIA])
    dialog.check.set("hexes", 2)
    dialog.update_all()
    before = {r[0]: r[1] for r in dialog.odds.rows}
    assert dialog.odds_heading.text() == "<b>Odds</b>"
    assert abs(before["miss"] - 0.1) < 1e-9, before  # a 10 misses
    # 9.0: medium artillery at 2 hexes hits on 9 or less; a 4 hits: the d6 decides now.
    dialog.enter_die("roll", 4)
    after = {r[0]: r[1] for r in dialog.odds.rows}
    assert "miss" not in after, after
    assert abs(sum(after.values()) - 1) < 1e-9
    assert dialog.odds_heading.text() == "<b>Odds</b> with the dice entered"
    assert dialog.odds.isVisibleTo(dialog)
    # The referee's own odds, exact: each of the d6's faces once, a sixth each.
    exact = dialog.check.odds_given({"roll": 4})
    assert exact is not None
    assert sum(exact.values()) == Fraction(1)
    assert all(p.denominator in (1, 2, 3, 6) for p in exact.values())
    # Every die in: the result is certain, the bars give way to the result line.
    dialog.enter_die("effect_roll", 5)
    assert dialog.odds.rows == []
    assert not dialog.odds.isVisibleTo(dialog)
