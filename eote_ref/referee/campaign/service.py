"""The campaign service: campaigns, members, armies, battles and results, one transaction each.

:class:`CampaignService` is what the campaign window, the ``eote-ref campaign`` commands and
scripts hold. It is put together from its seams: the reads and following
(:mod:`~eote_ref.referee.campaign.reads`, which build the views of
:mod:`~eote_ref.referee.campaign.views` every time, so editing or deleting a battle
recomputes the league), the edits of campaigns, members and armies
(:mod:`~eote_ref.referee.campaign.roster`) and of battles
(:mod:`~eote_ref.referee.campaign.battle_edits`), a battle's game and its carried losses
(:mod:`~eote_ref.referee.campaign.battle_games`, over
:mod:`~eote_ref.referee.campaign.carried`) and the CSV files
(:mod:`~eote_ref.referee.campaign.csv_io`, over :mod:`~eote_ref.referee.campaign.csv_tables`).
"""

from __future__ import annotations

from eote_ref.referee.campaign.battle_games import BattleGames
from eote_ref.referee.campaign.csv_io import CampaignCsv
from eote_ref.referee.campaign.roster import CampaignRoster


class CampaignService(CampaignRoster, BattleGames, CampaignCsv):
    """Campaigns in one database: read views, edits (one transaction each), CSV and reports.

    Args:
        db: the open database.
    """
