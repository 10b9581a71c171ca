"""The rules a game is played under: its pack, from its ``ruleset`` column, with its options.

One path for every place that needs a game's rules (the game service, new games, scenarios,
a campaign's next battle, the turn guide, printing): the ``ruleset`` a game records
(``eote-6.2``, ``avle-1.2``) names its pack through :data:`eote_ref.packs.registry.RULESETS`,
and the pack gives its rules object with the game's options chosen. A ruleset no pack has is
refused with the known ones named, never read as EotE.

Where the referee's own code is EotE's (the game service's views, the checks, the sheets),
:func:`eote_rules` gives the EotE ruleset and refuses another pack's game in words
(:class:`OtherPackGame`), so an AVlE game is never run through EotE's rules. A rules object
is the pack's own type; what the shared modules read of it is :class:`GameRules`, and what
only the pack's procedures know the pack declares (:func:`referee_spec`). Standard library
and the packs' registry only: the app's first window reads a game's rules through here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any, Protocol, Self

from eote_ref.packs import registry
from eote_ref.referee.errors import RefereeError

if TYPE_CHECKING:
    from eote_ref.packs.state_specs import RefereeSpec


class RuleOptions(Protocol):
    """The options of a rules object the referee's own game service reads."""

    @property
    def morale_hit_threshold(self) -> int:
        """The hit at which a unit checks morale, and at every hit after."""
        ...


class GameRules(Protocol):
    """What the shared referee reads of a pack's rules object (EotE's ``Ruleset`` has it).

    A pack's own code reads its own type; the game service, its reading half and this
    module read only this.
    """

    @property
    def uses_provisional(self) -> bool:
        """Whether any value in use is provisional (the UI marks the ruleset)."""
        ...

    @property
    def opts(self) -> RuleOptions:
        """The options as chosen for the game (else their defaults)."""
        ...

    def with_options(self, overrides: dict[str, str | int | bool]) -> Self:
        """A copy with some options chosen; an unknown option or value is refused."""
        ...


#: The ruleset of a game, list or scenario that names none (EotE 6.2).
DEFAULT_RULESET = registry.ruleset_of(registry.DEFAULT_PACK)

#: Keys of a game's ``options`` that are display choices (fog of war), not rules options.
DISPLAY_PREFIX = "display_"


class RulesetError(RefereeError):
    """A ruleset, or a choice of pack, that eote-ref cannot play (the known ones named)."""


class OtherPackGame(RulesetError):
    """A game of another pack asked of EotE's referee; ``pack`` is the game's pack id."""

    def __init__(self, message: str, pack: str) -> None:
        super().__init__(message)
        self.pack = pack


def rules_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """A game's ``options`` without its display choices: what its pack's rules take."""
    return {k: v for k, v in (options or {}).items() if not str(k).startswith(DISPLAY_PREFIX)}


def pack_of(ruleset: str | None, what: str = "the game") -> str:
    """The id of the pack that plays ``ruleset`` (empty or None: the default's) of ``what``.

    Raises:
        RulesetError: no pack has it; the message names the known rulesets.
    """
    try:
        return registry.game_pack(ruleset, what)
    except registry.UnknownRuleset as error:
        raise RulesetError(str(error)) from None


def rules_of(
    ruleset: str | None, options: Mapping[str, Any] | None = None, what: str = "the game"
) -> Any:
    """The rules object of ``ruleset``'s pack with ``options`` chosen (display choices dropped).

    EotE's is :class:`~eote_ref.packs.eote.rules.ruleset.Ruleset`; AVlE's its ``AvleRules``.

    Raises:
        RulesetError: no pack has ``ruleset``.
        ValueError: an option the pack does not have, or a value it does not offer.
    """
    pack = pack_of(ruleset, what)
    return registry.rules_for(registry.ruleset_of(pack), rules_options(options))


def game_rules(game: Any) -> Any:
    """The rules of a game row (anything with ``ruleset`` and ``options``), any pack's."""
    return rules_of(game.ruleset, game.options, _whose(game))


def eote_rules(
    ruleset: str | None = None,
    options: Mapping[str, Any] | None = None,
    base: GameRules | None = None,
    what: str = "the game",
) -> Any:
    """The EotE ruleset for a game, list or scenario of ``ruleset``, with ``options`` chosen.

    ``base`` is a club's edited EotE ruleset (``--ruleset FILE``) used instead of the shipped
    one. Another pack's ruleset raises :class:`OtherPackGame`, an unknown one
    :class:`RulesetError`, both naming what is known. The pack's own rules object, as
    :func:`rules_of` gives it: EotE's code reads it as its ``Ruleset``, the shared modules
    through :class:`GameRules`.
    """
    pack = pack_of(ruleset, what)
    if pack != registry.DEFAULT_PACK:
        raise OtherPackGame(
            f"{what} is played with {registry.PACKS[pack][1]} ({ruleset}); this part of "
            f"eote-ref runs {registry.PACKS[registry.DEFAULT_PACK][1]} only",
            pack,
        )
    if base is not None:
        return base.with_options(rules_options(options))
    return registry.rules_for(DEFAULT_RULESET, rules_options(options))


def referee_spec(pack: str) -> RefereeSpec[Any]:
    """What the referee's own game service asks of ``pack``'s procedures (its declaration).

    Raises:
        RulesetError: the pack declares none (its games are played through its own play).
    """
    spec = registry.get_referee(pack)
    if spec is None:
        raise RulesetError(
            f"{registry.PACKS[pack][1]} is not played by the referee's own game service"
        )
    return spec


def eote_ruleset_file(file: str | None) -> GameRules:
    """A club's EotE ruleset file (``--ruleset FILE``); None: the shipped one.

    Read by the default pack (:attr:`~eote_ref.packs.state_specs.RefereeSpec.load_rules_file`).

    Raises:
        OSError: the file cannot be read.
        YamlError: its YAML, or a value in it, is wrong (each problem with file:line:column).
        PackError: a value the rules refuse.
    """
    rules: GameRules = referee_spec(registry.DEFAULT_PACK).load_rules_file(file)
    return rules


def eote_game_rules(game: Any, base: GameRules | None = None) -> Any:
    """The EotE ruleset of a game row with its options; :class:`OtherPackGame` for another's."""
    return eote_rules(game.ruleset, game.options, base, _whose(game))


def new_game_ruleset(rulesets: Iterable[str | None], pack: str | None = None) -> str:
    """The ruleset a new game records: its army lists' ``ruleset:`` and the chosen ``--pack``.

    A list naming no ruleset counts as the default's. Mixing packs in one game, a list of a
    ruleset no pack has, or a ``pack`` the lists are not for is refused (:class:`RulesetError`).
    """
    try:
        return registry.ruleset_of_choice((r or DEFAULT_RULESET for r in rulesets), pack)
    except registry.UnknownRuleset as error:
        raise RulesetError(str(error)) from None


def _whose(game: Any) -> str:
    game_id = getattr(game, "id", None)
    return f"game {game_id}" if game_id is not None else "the game"
