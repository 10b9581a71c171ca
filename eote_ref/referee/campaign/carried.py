"""Carried losses: campaign armies into games and the games' losses back into the armies.

A battle set up from the campaign copies (:func:`start_game`) creates a game from each army's
copy without its destroyed units, then puts the hits each unit carries on its game unit as one
journal event of kind :data:`~eote_ref.referee.summary.CARRIED_LOSSES_KIND` right after set-up
(the battle summary leaves that event out of the battle's losses). After the battle
(:func:`carry`) each surviving unit's final hits go back to the copy less the campaign's
recovery (by default half the hits, rounded down, as a rally removes, EotE 9.1); disintegrated
units and units that routed off the table are marked destroyed. A game set up any other way
has its units matched by name to the campaign units of its side (:func:`map_by_name`).

Reversal: what a carried battle did to each campaign unit is recorded with the battle (its net
hits taken there, destroyed or not), and the carried state of every unit is *replayed* from
scratch from the remaining carried battles in date order (:func:`replay`) after every edit,
deletion or change of the recovery. The state is therefore a pure function of the campaign's
battles, whatever order they were entered, edited or deleted in; subtracting per-battle deltas
instead would go wrong once the recovery's rounding or a destruction sits between two battles
and the earlier one is deleted.
"""

from __future__ import annotations

import dataclasses
import datetime
from collections.abc import Mapping, Sequence

from eote_ref.armylists.loader import load_any_army_list_text, load_army_list_text
from eote_ref.armylists.model import ArmyList, Command
from eote_ref.referee.campaign.base import (
    CampaignError,
    battle_row,
    campaign_row,
    unlinked_game_dropped,
)
from eote_ref.referee.campaign.battle_view import BattleView
from eote_ref.referee.campaign.league import CarriedState, UnitOutcome, replay_carried
from eote_ref.referee.campaign.views import NewBattle
from eote_ref.referee.game import GameService
from eote_ref.referee.game_rules import eote_rules
from eote_ref.referee.markers import unit_change
from eote_ref.referee.phases import Phase
from eote_ref.referee.rosters import to_spec
from eote_ref.referee.setup import FIGURE_SCALES, SetupError, game_ruleset
from eote_ref.referee.summary import CARRIED_LOSSES_KIND
from eote_ref.store import Database, GameUnit, SideSpec
from eote_ref.store.campaign_models import CampaignBattleArmy, CampaignUnit
from eote_ref.store.campaigns import CampaignWork, campaign_work


def walk_units(command: Command) -> list[tuple[str, str, str, int]]:
    """Every unit of a command and its subordinates in file order: name, division, arm, CE."""
    out: list[tuple[str, str, str, int]] = []
    for c in command.walk():
        out.extend((u.name, c.name, str(u.arm), u.ce) for u in c.units)
    return out


def _without(army: ArmyList, dropped: set[int]) -> ArmyList:
    """The army list less the units whose file-order index is in ``dropped``."""
    counter = iter(range(1_000_000))

    def prune(c: Command) -> Command:
        kept = tuple(u for u in c.units if next(counter) not in dropped)
        return dataclasses.replace(c, units=kept, commands=tuple(prune(x) for x in c.commands))

    # walk order (a command's units, then its subordinates) equals Command.walk's file order
    return dataclasses.replace(army, army=prune(army.army))


def is_lost(u: GameUnit) -> bool:
    """Lost to the battle: routed, disintegrated, or removed from the table (hits count apart)."""
    return u.routed or u.disintegrated or u.off_table


def is_destroyed(u: GameUnit) -> bool:
    """Disintegrated, or routed off the table (EotE 7.5): lost to the campaign."""
    return u.disintegrated or (u.routed and u.off_table)


def replay(w: CampaignWork, campaign_id: int) -> int:
    """Recompute every unit's carried state from the carried battles; returns units changed.

    Battles are taken in date order (same-day battles by scenario name, then as entered).
    """
    recovery = campaign_row(w, campaign_id).recovery_percent
    battles = w.carried_battles(campaign_id)
    battles.sort(key=lambda b: (b.date, b.scenario, b.id or 0))
    links: dict[int, list[CampaignBattleArmy]] = {}
    if battles:
        for link in w.armies_of_battles([b.id for b in battles]):
            links.setdefault(link.battle_id, []).append(link)
    records = []
    for b in battles:
        assert b.id is not None
        outcomes: dict[int, UnitOutcome] = {}
        for link in links.get(b.id, []):
            for cid, (taken, destroyed, disintegrated) in link.unit_results.items():
                outcomes[int(cid)] = UnitOutcome(int(taken), bool(destroyed), bool(disintegrated))
        records.append(outcomes)
    state = replay_carried(records, recovery)
    changed = 0
    for cu in w.campaign_units(campaign_id):
        assert cu.id is not None
        new = state.get(cu.id, CarriedState())
        if (cu.hits, cu.destroyed, cu.disintegrated) != (
            new.hits,
            new.destroyed,
            new.disintegrated,
        ):
            cu.hits, cu.destroyed, cu.disintegrated = new.hits, new.destroyed, new.disintegrated
            w.add(cu)
            changed += 1
    return changed


def game_losses(
    w: CampaignWork, battle_id: int, game_id: int
) -> tuple[dict[str, int], dict[str, int]]:
    """Hits taken and units lost per army in the battle's game, from its journal and state.

    Units are attributed through the battle's unit map; a game not set up from the campaign
    copies has no map, and each side's losses go to its first army (in the battle's order: by
    side, then as entered). Routed, disintegrated and removed units count as lost
    (:func:`is_lost`); hits are counted apart. Read in ``w``, so a battle saved in the same
    transaction counts as it will be committed.
    """
    links = sorted(w.battle_armies(battle_id), key=lambda x: (x.side, x.id or 0))
    changes = w.hit_changes(game_id)
    sides = w.unit_sides(game_id)
    units = {u.id: u for u in w.game_units(game_id)}
    names: dict[int, str] = {}
    for link in links:
        row = w.army(link.army_id)
        assert row is not None
        names[link.army_id] = row.name
    owner: dict[int, int] = {}
    for link in links:
        for gid in link.unit_map:
            owner[int(gid)] = link.army_id
    first_on_side = {}
    for link in reversed(links):
        first_on_side[link.side] = link.army_id
    losses = dict.fromkeys(names.values(), 0)
    lost = dict.fromkeys(names.values(), 0)

    def army_of(unit_id: int, side: int | None) -> int | None:
        if owner:
            return owner.get(unit_id)
        return first_on_side.get(side) if side is not None else None

    for ch in changes:
        taken = ch.after - ch.before
        army = army_of(ch.unit_id, ch.side_position)
        if ch.kind == CARRIED_LOSSES_KIND or taken == 0 or army is None:
            continue
        losses[names[army]] += taken
    for uid, u in units.items():
        assert uid is not None
        army = army_of(uid, sides.get(uid))
        if army is not None and is_lost(u):
            lost[names[army]] += 1
    return losses, lost


def start_game(
    db: Database,
    b: BattleView,
    *,
    options: Mapping[str, str | int | bool] | None = None,
    initiative: int | None = None,
) -> int:
    """Set up the battle's game from the campaign copies of its armies; returns the game id.

    Destroyed units stay off the table; each surviving unit starts with the hits it carries,
    put on as one journal event (kind :data:`CARRIED_LOSSES_KIND`) right after set-up.
    """
    battle_id = b.id
    if b.game_id is not None:
        raise CampaignError("this battle already has a game")
    opts = dict(options or {})
    eote_rules(options=opts)  # a bad option is refused before anything is read
    with campaign_work(db) as w:
        campaign = campaign_row(w, battle_row(w, battle_id).campaign_id)
        per_side: list[list[tuple[int, ArmyList, list[CampaignUnit]]]] = [[], []]
        for a in b.armies:
            row = w.army(a.army_id)
            assert row is not None
            units = w.army_units(a.army_id)
            dropped = {u.ref for u in units if u.destroyed}
            army = load_army_list_text(row.army_list_yaml, row.name).army_list
            per_side[a.side].append(
                (a.army_id, _without(army, dropped), [u for u in units if not u.destroyed])
            )
        sides = [
            SideSpec(b.side_names[i], tuple(to_spec(army) for _, army, _ in per_side[i]))
            for i in (0, 1)
        ]
        try:  # the armies' lists name the game's ruleset, one pack for all
            ruleset_id = game_ruleset([army.ruleset for side in per_side for _, army, _ in side])
        except SetupError as error:
            raise CampaignError(str(error)) from None
        ruleset = eote_rules(ruleset_id, opts)
        game = w.create_game(
            f"{campaign.name}: {b.scenario}",
            sides,
            ruleset=ruleset_id,
            ruleset_version=ruleset.version,
            options=opts,
            phase=Phase.COMMAND.value,
            initiative=initiative,
            figure_scale=b.figure_scale,
        )
        assert game.id is not None
        game_id = game.id
    with unlinked_game_dropped(db, game_id):
        _carry_in_and_link(db, battle_id, game_id, campaign.name, per_side)
    return game_id


def _carry_in_and_link(
    db: Database,
    battle_id: int,
    game_id: int,
    campaign_name: str,
    per_side: list[list[tuple[int, ArmyList, list[CampaignUnit]]]],
) -> None:
    """Put the carried hits on the new game's units (one step) and link it to the battle."""
    service = GameService(db, game_id)
    view = service.view()
    maps: dict[int, dict[str, int]] = {}
    changes = []
    for side in (0, 1):
        game_units = view.sides[side].units
        campaign_units = [u for _, _, units in per_side[side] for u in units]
        owners = [army_id for army_id, _, units in per_side[side] for _ in units]
        if len(game_units) != len(campaign_units):  # pragma: no cover - set-up invariant
            raise CampaignError("the game's units do not match the campaign copies")
        for gu, cu, army_id in zip(game_units, campaign_units, owners, strict=True):
            assert cu.id is not None
            maps.setdefault(army_id, {})[str(gu.id)] = cu.id
            if cu.hits:
                changes.append(unit_change(gu.id, "hits", cu.hits))
    if changes:
        service.record(
            CARRIED_LOSSES_KIND,
            f"losses carried from earlier battles of {campaign_name}",
            changes,
            inputs={"battle_id": battle_id},
        )
    with campaign_work(db) as w:
        battle = battle_row(w, battle_id)
        battle.game_id = game_id
        w.add(battle)
        for link in w.battle_armies(battle_id):
            link.unit_map = maps.get(link.army_id, {})
            w.add(link)
        w.commit()


def carry(w: CampaignWork, battle_id: int) -> tuple[int, list[str]]:
    """Write the battle's losses back to the campaign copies (not committed).

    Each surviving unit keeps its final hits less the campaign's recovery; disintegrated
    units, and units that routed off the table, are marked destroyed. A game set up from the
    campaign copies (:func:`start_game`) knows which unit is which; any other game's units are
    matched by name to the units of the campaign armies on their side. Only once per battle.

    Returns:
        How many campaign units changed, and the game units that matched none by name.
    """
    battle = battle_row(w, battle_id)
    if battle.carried:
        raise CampaignError("this battle's losses have already been carried")
    if battle.game_id is None:
        raise CampaignError("only a battle run in eote-ref can carry its losses")
    links = w.battle_armies(battle_id)
    mapping = {int(g): c for link in links for g, c in link.unit_map.items()}
    unmatched: list[str] = []
    if not mapping:
        # A game not set up from the campaign copies: match its units by name.
        unmatched = map_by_name(w, battle.game_id, links)
        mapping = {int(g): c for link in links for g, c in link.unit_map.items()}
        if not mapping:
            raise CampaignError(
                "none of the game's units has the name of a unit of the battle's "
                "campaign armies, so no losses can be carried; units not matched: "
                + ", ".join(unmatched)
            )
    game_units = w.game_units_by_id(list(mapping))
    # the hits each unit started with: the carried-losses event put them on
    start = {
        ch.unit_id: ch.after
        for ch in w.hit_changes(battle.game_id)
        if ch.kind == CARRIED_LOSSES_KIND
    }
    for link in links:
        results: dict[str, list[int]] = {}
        for g, cid in link.unit_map.items():
            gu = game_units.get(int(g))
            if gu is None:
                continue
            taken = gu.hits - start.get(int(g), 0)
            results[str(cid)] = [taken, int(is_destroyed(gu)), int(gu.disintegrated)]
        link.unit_results = results
        w.add(link)
    battle.carried = True
    w.add(battle)
    w.flush()
    return replay(w, battle.campaign_id), unmatched


def map_by_name(w: CampaignWork, game_id: int, links: Sequence[CampaignBattleArmy]) -> list[str]:
    """Fill each army's unit map by matching game units to campaign units by name, per side.

    Names match ignoring case; a name used twice matches in list order. Returns the names of
    the game units that matched nothing.
    """
    sides = w.unit_sides(game_id)
    game_units = w.game_units(game_id)
    free: dict[tuple[int, str], list[tuple[CampaignBattleArmy, int]]] = {}
    for link in links:
        for cu in w.army_units(link.army_id):
            assert cu.id is not None
            free.setdefault((link.side, cu.name.casefold()), []).append((link, cu.id))
    maps: dict[int, dict[str, int]] = {id(link): {} for link in links}
    unmatched: list[str] = []
    for gu in game_units:
        assert gu.id is not None
        side = sides.get(gu.id)
        candidates = free.get((side if side is not None else -1, gu.name.casefold()))
        if not candidates:
            unmatched.append(gu.name)
            continue
        link, cid = candidates.pop(0)
        maps[id(link)][str(gu.id)] = cid
    for link in links:
        link.unit_map = maps[id(link)]
        w.add(link)
    return unmatched


def battle_for_game(
    w: CampaignWork, campaign_id: int, game_id: int, date: datetime.date | None = None
) -> NewBattle:
    """A new battle of ``campaign_id`` pre-filled from a game, to record its result.

    The scenario is the game's name, the figure scale and side names are the game's, the
    game is linked (its losses come from its journal) and each campaign army whose name,
    or whose army list's name, is one of a side's army lists is put on that side.
    """
    campaign_row(w, campaign_id)
    game = w.game(game_id)
    if game is None:
        raise CampaignError(f"there is no game {game_id}")
    sides = w.game_sides(game_id)
    armies = w.armies(campaign_id)
    name, scale = game.name, game.figure_scale
    side_names = [x.name for x in sides] + ["Side A", "Side B"][len(sides) :]
    side_lists: list[set[str]] = [set(x.army_lists) for x in sides[:2]]
    side_lists += [set(), set()][len(side_lists) :]
    found: tuple[list[str], list[str]] = ([], [])
    for a in armies:
        try:  # a campaign copy of any pack's list
            list_name = load_any_army_list_text(a.army_list_yaml, a.name).army_list.name
        except ValueError:  # pragma: no cover - stored copies were valid when added
            list_name = a.name
        for side in (0, 1):
            if a.name in side_lists[side] or list_name in side_lists[side]:
                found[side].append(a.name)
                break
    return NewBattle(
        date=date or datetime.date.today(),
        scenario=name,
        sides=found,
        side_names=(side_names[0], side_names[1]),
        figure_scale=scale if scale in FIGURE_SCALES else "15mm",
        game_id=game_id,
    )


def game_army_lists(w: CampaignWork, game_id: int) -> tuple[list[str], list[str]]:
    """The names of the army lists each side of a game was set up from (none: empty)."""
    sides = w.game_sides(game_id)
    lists = [list(x.army_lists) for x in sides[:2]]
    lists += [[], []][len(lists) :]
    return lists[0], lists[1]
