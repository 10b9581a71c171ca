"""Club campaigns: members, armies with carried losses, battles, results and the league table.

The package, by its seams:

* :mod:`.league` - the arithmetic: league tables, points over the campaign, carried hits and
  their replay; pure functions on plain records, checked by hand and with Hypothesis;
* :mod:`.views` - the frozen views the window, the commands and the report read (a battle's,
  :mod:`.battle_view`, below them and the packs' readings);
* :mod:`.carried` - campaign armies into games (``start_game``) and the games' losses back
  into the armies (``carry``), replayed from the carried battles after every edit;
* :mod:`.service` - :class:`CampaignService`, one transaction per edit, put together from
  :mod:`.reads`, :mod:`.roster`, :mod:`.battle_edits`, :mod:`.battle_games` and :mod:`.csv_io`;
* :mod:`.csv_format` and :mod:`.csv_tables` - the CSV files; :mod:`.report` - the HTML report
  (imported on its own: it is not loaded with the package).

The names below are the package's public face; ``from eote_ref.referee.campaign import
CampaignService`` is how the rest of the app reaches a campaign.
"""

from __future__ import annotations

from eote_ref.referee.campaign.base import ROLES, VICTORY_LEVELS, CampaignError, CsvImportError
from eote_ref.referee.campaign.battle_view import BattleArmyView, BattleView
from eote_ref.referee.campaign.csv_tables import (
    BATTLE_COLUMNS,
    LEAGUE_COLUMNS,
    battles_csv,
    league_csv,
)
from eote_ref.referee.campaign.league import (
    BattleResult,
    CarriedState,
    LeagueRow,
    PointsScheme,
    UnitOutcome,
    carried_hits,
    league_table,
    points_over_campaign,
    replay_carried,
)
from eote_ref.referee.campaign.service import CampaignService
from eote_ref.referee.campaign.views import (
    ArmyView,
    CampaignInfo,
    CampaignView,
    MemberView,
    NewBattle,
    UnitState,
    nation_name,
    results_of,
)

__all__ = [
    "BATTLE_COLUMNS",
    "LEAGUE_COLUMNS",
    "ROLES",
    "VICTORY_LEVELS",
    "ArmyView",
    "BattleArmyView",
    "BattleResult",
    "BattleView",
    "CampaignError",
    "CampaignInfo",
    "CampaignService",
    "CampaignView",
    "CarriedState",
    "CsvImportError",
    "LeagueRow",
    "MemberView",
    "NewBattle",
    "PointsScheme",
    "UnitOutcome",
    "UnitState",
    "battles_csv",
    "carried_hits",
    "league_csv",
    "league_table",
    "nation_name",
    "points_over_campaign",
    "replay_carried",
    "results_of",
]
