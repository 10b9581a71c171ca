"""What a battle is checked for before it is saved: armies, names, texts, result, game.

One list of problems in words for the battle dialog, the CSV import and the service (every
problem at once). The victory levels are the campaign's pack's (:mod:`.pack_battles`).
"""

from __future__ import annotations

from eote_ref.referee.campaign import pack_battles
from eote_ref.referee.campaign.base import campaign_row
from eote_ref.referee.campaign.csv_format import MAX_ARMIES_PER_SIDE
from eote_ref.referee.campaign.views import NewBattle
from eote_ref.referee.setup import FIGURE_SCALES
from eote_ref.store.campaigns import CampaignWork
from eote_ref.store.limits import MAX_NAME, MAX_NOTES, text_problem


def battle_context(w: CampaignWork, campaign_id: int) -> tuple[set[str], dict[str, str]]:
    """The army names and the members' roles of a campaign, for :func:`check_battle`."""
    armies = {a.name for a in w.armies(campaign_id)}
    members = {m.name: m.role for m in w.members(campaign_id)}
    return armies, members


def check_battle(
    w: CampaignWork,
    campaign_id: int,
    spec: NewBattle,
    *,
    context: tuple[set[str], dict[str, str]] | None = None,
    battle_id: int | None = None,
) -> list[str]:
    """Every problem of ``spec`` as a battle of the campaign, in words (empty: it may be saved).

    ``context`` is :func:`battle_context`'s, read once for many battles (a CSV import);
    ``battle_id`` the battle ``spec`` replaces (None: a new battle).
    """
    problems = []
    armies, members = context or battle_context(w, campaign_id)
    pack = campaign_row(w, campaign_id).pack
    levels, draw = pack_battles.victory_levels(pack)
    if not spec.scenario.strip():
        problems.append("a battle needs a scenario name")
    if spec.figure_scale not in FIGURE_SCALES:
        problems.append(f"figure scale must be one of {', '.join(FIGURE_SCALES)}")
    if spec.umpire and spec.umpire not in members:
        problems.append(f"umpire {spec.umpire!r} is not a member of this campaign")
    texts = {"scenario": spec.scenario, "table size": spec.table_size}
    texts |= {f"side {'AB'[i]}'s name": n for i, n in enumerate(spec.side_names)}
    for what, value in texts.items():
        problem = text_problem(value or "", MAX_NAME)
        if problem is not None:
            problems.append(f"the {what} {problem}")
    if spec.notes and (problem := text_problem(spec.notes, MAX_NOTES)) is not None:
        problems.append(f"the notes {problem}")
    for side, names in enumerate(spec.sides):
        if not names:
            problems.append(f"side {'AB'[side]} has no army")
        if len(names) > MAX_ARMIES_PER_SIDE:
            problems.append(
                f"side {'AB'[side]} has {len(names)} armies; the most is {MAX_ARMIES_PER_SIDE}"
            )
        problems += [f"there is no army called {n!r}" for n in names if n not in armies]
    both = set(spec.sides[0]) & set(spec.sides[1])
    problems += [f"{n!r} cannot fight on both sides" for n in sorted(both)]
    all_names = list(spec.sides[0]) + list(spec.sides[1])
    if len(all_names) != len(set(all_names)):
        problems.append("an army is listed twice")
    if spec.victory is not None:
        if spec.victory not in levels:
            problems.append(f"victory must be one of {', '.join(levels)}")
        elif spec.victory != draw and spec.winner not in (0, 1):
            problems.append(f"a {spec.victory} victory needs a winning side")
    elif spec.winner is not None:
        problems.append("a winner needs a victory level")
    if spec.game_id is not None:
        game = w.game(spec.game_id)
        if game is None:
            problems.append(f"there is no game {spec.game_id}")
        elif (other := pack_battles.pack_of_game(game.ruleset)) not in (None, pack):
            problems.append(
                f"game {spec.game_id} is a game of pack {other}; this campaign plays {pack}"
            )
        problems += linked_elsewhere(w, campaign_id, spec.game_id, battle_id)
    problems += [
        f"losses of {n!r} cannot be negative"
        for n, v in {**spec.losses, **spec.units_lost}.items()
        if v < 0
    ]
    return problems


def linked_elsewhere(
    w: CampaignWork, campaign_id: int, game_id: int, battle_id: int | None = None
) -> list[str]:
    """The refusal of linking a game another battle has (a game belongs to one battle).

    Its losses would otherwise be counted, and carried, once for each battle.
    """
    other = w.battle_of_game(game_id)
    if other is None or other.id == battle_id:
        return []
    where = "this campaign"
    if other.campaign_id != campaign_id:
        row = w.campaign(other.campaign_id)
        where = f"campaign {row.name!r}" if row is not None else "another campaign"
    return [
        f"game {game_id} belongs to battle {other.id} of {where} already "
        f"({other.date.isoformat()}, {other.scenario}); a game belongs to one battle"
    ]
