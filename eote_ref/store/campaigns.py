"""Store queries for campaigns: one unit of work per command, one method per question.

The campaign service (:mod:`eote_ref.referee.campaign`) never writes a query: it opens a
:class:`CampaignWork` with :func:`campaign_work` for each command, asks it its questions
(``work.campaign(id)``, ``work.member_named(...)``...), changes the rows it hands back, and
commits once. The rows are the SQLModel tables of :mod:`eote_ref.store.campaign_models`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

# Registers the session events that tell other copies of the app of campaign writes.
from eote_ref.store import notify  # noqa: F401
from eote_ref.store.campaign_models import (
    Campaign,
    CampaignArmy,
    CampaignBattle,
    CampaignBattleArmy,
    CampaignMember,
    CampaignUnit,
)
from eote_ref.store.errors import DuplicateNameError, GameLinkedError, NotFoundError
from eote_ref.store.games import create_game, delete_game
from eote_ref.store.models import Game, GameSide, GameUnit
from eote_ref.store.pack_games import play_state
from eote_ref.store.specs import SideSpec
from eote_ref.store.summary_queries import HitChange, hit_changes, unit_sides

if TYPE_CHECKING:
    from eote_ref.packs.play import PlayState
    from eote_ref.store.database import Database


@dataclass(frozen=True)
class CampaignRows:
    """Every row of one campaign, each list ordered by id."""

    campaign: Campaign
    members: list[CampaignMember]
    armies: list[CampaignArmy]
    units: list[CampaignUnit]
    battles: list[CampaignBattle]
    battle_armies: list[CampaignBattleArmy]


def list_campaigns(session: Session) -> list[Campaign]:
    """Every campaign, by name."""
    return list(session.exec(select(Campaign).order_by(col(Campaign.name))).all())


def find_campaign(session: Session, name: str) -> Campaign:
    """The campaign called ``name``.

    Raises:
        NotFoundError: there is none.
    """
    row = session.exec(select(Campaign).where(Campaign.name == name)).first()
    if row is None:
        raise NotFoundError(f"there is no campaign called {name!r}")
    return row


def load_campaign(session: Session, campaign_id: int) -> CampaignRows:
    """All rows of a campaign in six queries.

    Raises:
        NotFoundError: there is no campaign with that id.
    """
    campaign = session.get(Campaign, campaign_id)
    if campaign is None:
        raise NotFoundError(f"there is no campaign with id {campaign_id}")
    armies = list(
        session.exec(
            select(CampaignArmy)
            .where(CampaignArmy.campaign_id == campaign_id)
            .order_by(col(CampaignArmy.id))
        ).all()
    )
    army_ids = [a.id for a in armies]
    battles = list(
        session.exec(
            select(CampaignBattle)
            .where(CampaignBattle.campaign_id == campaign_id)
            .order_by(col(CampaignBattle.id))
        ).all()
    )
    battle_ids = [b.id for b in battles]
    return CampaignRows(
        campaign=campaign,
        members=list(
            session.exec(
                select(CampaignMember)
                .where(CampaignMember.campaign_id == campaign_id)
                .order_by(col(CampaignMember.id))
            ).all()
        ),
        armies=armies,
        units=list(
            session.exec(
                select(CampaignUnit)
                .where(col(CampaignUnit.army_id).in_(army_ids))
                .order_by(col(CampaignUnit.army_id), col(CampaignUnit.ref))
            ).all()
        ),
        battles=battles,
        battle_armies=list(
            session.exec(
                select(CampaignBattleArmy)
                .where(col(CampaignBattleArmy.battle_id).in_(battle_ids))
                .order_by(col(CampaignBattleArmy.id))
            ).all()
        ),
    )


def game_exists(session: Session, game_id: int) -> bool:
    """Whether there is a game with this id."""
    return session.get(Game, game_id) is not None


@contextmanager
def campaign_work(db: Database) -> Iterator[CampaignWork]:
    """One transaction on the campaigns of ``db``: nothing is written unless it commits."""
    with db.session() as session:
        yield CampaignWork(session)


class CampaignWork:
    """The questions the campaign service asks, and its writes, inside one transaction."""

    def __init__(self, session: Session) -> None:
        self._s = session

    # ------------------------------------------------------------------ writing
    def add(self, row: object) -> None:
        """Add (or mark changed) a row; written at the next flush or commit."""
        self._s.add(row)

    def delete(self, row: object) -> None:
        """Delete a row (and, through the schema, what belongs to it)."""
        self._s.delete(row)

    def flush(self) -> None:
        """Write the pending changes without committing (ids of new rows are set).

        Raises:
            GameLinkedError: a battle would link a game another battle has (rolled back).
        """
        with self._one_battle_per_game():
            self._s.flush()

    def commit(self) -> None:
        """Commit the transaction (:class:`GameLinkedError` as :meth:`flush`)."""
        with self._one_battle_per_game():
            self._s.commit()

    @contextmanager
    def _one_battle_per_game(self) -> Iterator[None]:
        """Turn the schema's refusal of a game linked twice into words (a race's guard).

        The service checks the link first (:meth:`battle_of_game`); another copy of the app
        may link the same game between that check and this write.
        """
        try:
            yield
        except IntegrityError as exc:
            said = str(exc.orig).lower()
            if "game_id" not in said or not ("unique" in said or "duplicate" in said):
                raise
            self._s.rollback()
            raise GameLinkedError(
                "the game was linked to another battle meanwhile (a game belongs to one "
                "battle); nothing was written"
            ) from None

    def commit_unique(self, row: object) -> None:
        """Add ``row`` and commit, then read it back (its id set).

        Raises:
            DuplicateNameError: the commit broke a unique name (rolled back: nothing written).
        """
        self._s.add(row)
        try:
            self._s.commit()
        except IntegrityError as exc:
            self._s.rollback()
            raise DuplicateNameError(str(exc.orig)) from exc
        self._s.refresh(row)

    def flush_unique(self, row: object) -> None:
        """Add ``row`` and flush (its id set), the transaction left open.

        Raises:
            DuplicateNameError: the row broke a unique name (rolled back: nothing written).
        """
        self._s.add(row)
        try:
            self._s.flush()
        except IntegrityError as exc:
            self._s.rollback()
            raise DuplicateNameError(str(exc.orig)) from exc

    def insert_battles(self, values: Sequence[Mapping[str, Any]]) -> list[int]:
        """Insert battles in bulk (one statement); their ids, in the order given."""
        with self._one_battle_per_game():
            ids = self._s.execute(
                insert(CampaignBattle).returning(
                    col(CampaignBattle.id), sort_by_parameter_order=True
                ),
                list(values),
            ).scalars()
            return [int(i) for i in ids]

    def insert_battle_armies(self, values: Sequence[Mapping[str, Any]]) -> None:
        """Insert the armies of battles in bulk (one statement)."""
        self._s.execute(insert(CampaignBattleArmy), list(values))

    def create_game(self, name: str, sides: Sequence[SideSpec], **settings: Any) -> Game:
        """:func:`eote_ref.store.games.create_game` in this transaction (committed by it)."""
        return create_game(self._s, name, sides, **settings)

    def delete_game(self, game_id: int) -> None:
        """:func:`eote_ref.store.games.delete_game` (committed by it): a game left unlinked."""
        delete_game(self._s, game_id)

    # ------------------------------------------------------------------ campaigns
    def campaigns(self) -> list[Campaign]:
        """Every campaign, by name."""
        return list_campaigns(self._s)

    def campaign(self, campaign_id: int) -> Campaign | None:
        """The campaign with this id, if any."""
        return self._s.get(Campaign, campaign_id)

    def find_campaign(self, name: str) -> Campaign:
        """The campaign called ``name`` (:class:`NotFoundError` if none)."""
        return find_campaign(self._s, name)

    def load(self, campaign_id: int) -> CampaignRows:
        """Every row of a campaign (:class:`NotFoundError` if none)."""
        return load_campaign(self._s, campaign_id)

    def battle_count(self, campaign_id: int) -> int:
        """How many battles the campaign holds."""
        return len(
            self._s.exec(
                select(CampaignBattle.id).where(CampaignBattle.campaign_id == campaign_id)
            ).all()
        )

    # ------------------------------------------------------------------ members and armies
    def member(self, member_id: int) -> CampaignMember | None:
        """The member with this id, if any."""
        return self._s.get(CampaignMember, member_id)

    def member_named(self, campaign_id: int, name: str) -> CampaignMember | None:
        """The campaign's member called ``name``, if any."""
        return self._s.exec(
            select(CampaignMember).where(
                CampaignMember.campaign_id == campaign_id, CampaignMember.name == name
            )
        ).first()

    def members(self, campaign_id: int) -> list[CampaignMember]:
        """The campaign's members."""
        return list(
            self._s.exec(
                select(CampaignMember).where(CampaignMember.campaign_id == campaign_id)
            ).all()
        )

    def army(self, army_id: int) -> CampaignArmy | None:
        """The campaign army with this id, if any."""
        return self._s.get(CampaignArmy, army_id)

    def armies(self, campaign_id: int) -> list[CampaignArmy]:
        """The campaign's armies."""
        return list(
            self._s.exec(select(CampaignArmy).where(CampaignArmy.campaign_id == campaign_id)).all()
        )

    def armies_of_player(self, member_id: int) -> list[CampaignArmy]:
        """The armies a member plays."""
        return list(
            self._s.exec(select(CampaignArmy).where(CampaignArmy.player_id == member_id)).all()
        )

    def battles_fought(self, army_id: int) -> int:
        """In how many battles the army is listed."""
        return len(
            self._s.exec(
                select(CampaignBattleArmy.id).where(CampaignBattleArmy.army_id == army_id)
            ).all()
        )

    def army_units(self, army_id: int) -> list[CampaignUnit]:
        """The army's units in file order (``ref``)."""
        return list(
            self._s.exec(
                select(CampaignUnit)
                .where(CampaignUnit.army_id == army_id)
                .order_by(col(CampaignUnit.ref))
            ).all()
        )

    def campaign_units(self, campaign_id: int) -> list[CampaignUnit]:
        """The units of every army of the campaign."""
        army_ids = self._s.exec(
            select(CampaignArmy.id).where(CampaignArmy.campaign_id == campaign_id)
        )
        return list(
            self._s.exec(
                select(CampaignUnit).where(col(CampaignUnit.army_id).in_(list(army_ids)))
            ).all()
        )

    # ------------------------------------------------------------------ battles
    def battle(self, battle_id: int) -> CampaignBattle | None:
        """The battle with this id, if any."""
        return self._s.get(CampaignBattle, battle_id)

    def battle_armies(self, battle_id: int | None) -> list[CampaignBattleArmy]:
        """The armies listed in a battle (its links to the campaign armies)."""
        return list(
            self._s.exec(
                select(CampaignBattleArmy).where(CampaignBattleArmy.battle_id == battle_id)
            ).all()
        )

    def carried_battles(self, campaign_id: int) -> list[CampaignBattle]:
        """The campaign's battles whose losses were carried."""
        return list(
            self._s.exec(
                select(CampaignBattle).where(
                    CampaignBattle.campaign_id == campaign_id, col(CampaignBattle.carried)
                )
            ).all()
        )

    def armies_of_battles(self, battle_ids: Sequence[int | None]) -> list[CampaignBattleArmy]:
        """The armies listed in any of these battles."""
        return list(
            self._s.exec(
                select(CampaignBattleArmy).where(
                    col(CampaignBattleArmy.battle_id).in_(list(battle_ids))
                )
            ).all()
        )

    def battle_of_game(self, game_id: int) -> CampaignBattle | None:
        """The battle linked to the game, if any (a game belongs to one battle at most)."""
        return self._s.exec(
            select(CampaignBattle)
            .where(CampaignBattle.game_id == game_id)
            .order_by(col(CampaignBattle.id))
        ).first()

    # ------------------------------------------------------------------ games
    def game_exists(self, game_id: int) -> bool:
        """Whether there is a game with this id."""
        return game_exists(self._s, game_id)

    def game(self, game_id: int) -> Game | None:
        """The game with this id, if any."""
        return self._s.get(Game, game_id)

    def game_sides(self, game_id: int) -> list[GameSide]:
        """The game's sides by position."""
        return list(
            self._s.exec(
                select(GameSide).where(GameSide.game_id == game_id).order_by(col(GameSide.position))
            ).all()
        )

    def game_units(self, game_id: int) -> list[GameUnit]:
        """The game's units by id."""
        return list(
            self._s.exec(
                select(GameUnit).where(GameUnit.game_id == game_id).order_by(col(GameUnit.id))
            ).all()
        )

    def game_units_by_id(self, unit_ids: Sequence[int]) -> dict[int | None, GameUnit]:
        """These game units, by id."""
        return {
            u.id: u
            for u in self._s.exec(select(GameUnit).where(col(GameUnit.id).in_(list(unit_ids))))
        }

    def hit_changes(self, game_id: int, marker: str = "hits") -> list[HitChange]:
        """:func:`eote_ref.store.summary_queries.hit_changes` in this transaction."""
        return hit_changes(self._s, game_id, marker)

    def play_state(self, game_id: int) -> PlayState:
        """A pack game's rows as its play reads them (:func:`~.pack_games.play_state`)."""
        return play_state(self._s, game_id)

    def unit_sides(self, game_id: int) -> dict[int, int]:
        """:func:`eote_ref.store.summary_queries.unit_sides` in this transaction."""
        return unit_sides(self._s, game_id)
