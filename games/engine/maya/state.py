"""The configuration and the full state of a Maya game, hidden information included.

States are immutable named tuples (``_replace`` is cheap, and replaying a game is the event
store's hot path). Nobody but the engine reads a full state: people get
:func:`games.engine.maya.view.view`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from games.engine.maya.cards import Card
from games.engine.maya.errors import ConfigError
from games.engine.ruleset import gettext_noop

#: The shape of states: snapshots written with another format are ignored and rebuilt.
#: Format 3: the configuration records its rules edition, and a Joker turned up at the deal
#: waits for the dealer's choice (a phase of its own).
STATE_FORMAT = "maya-state-3"
#: The seat that plays chance actions (the deal, the mixing of the tokens, reshuffles).
CHANCE = -1
MIN_PLAYERS = 2
MAX_PLAYERS = 4
HAND_SIZE = 5

#: The rules as first played: with two players a Skip is followed by a second card in the
#: same move, and chance names the count a Joker turned up at the deal starts at. Games
#: recorded before editions existed have no ``edition`` in their configuration and replay
#: under these rules.
FIRST_EDITION = 1
#: Issue #39: with two players a Skip played alone is a turn of its own (the opponent loses
#: theirs), and the dealer chooses the count a Joker turned up at the deal starts at.
SECOND_EDITION = 2
#: The edition of every new game: the latest.
EDITION = SECOND_EDITION
EDITIONS = (FIRST_EDITION, SECOND_EDITION)


@dataclass(frozen=True, slots=True)
class MayaConfig:
    """Players (2 to 4), the expert variant (guessing secret numbers) and the rules edition
    the game is played under (:data:`EDITION` for a new game)."""

    players: int
    expert: bool = False
    edition: int = EDITION

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                gettext_noop("Maya is played by 2 to 4 players, not %(players)s"),
                players=self.players,
            )
        if self.edition not in EDITIONS:
            raise ConfigError(
                gettext_noop("unknown rules edition %(edition)r"), edition=self.edition
            )

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def dealer(self) -> int:
        """The dealer's seat: the last, so that the seat on its left, seat 0, plays first."""
        return self.players - 1

    @property
    def skip_is_a_turn(self) -> bool:
        """Whether a Skip played by one of two players ends their turn and makes the other
        lose theirs (edition 2), rather than asking for a second card in the same move.

        >>> MayaConfig(2).skip_is_a_turn, MayaConfig(2, edition=FIRST_EDITION).skip_is_a_turn
        (True, False)
        """
        return self.edition >= SECOND_EDITION

    @property
    def dealer_chooses_start(self) -> bool:
        """Whether the dealer names the count a Joker turned up at the deal starts at
        (edition 2), rather than chance in the deal itself."""
        return self.edition >= SECOND_EDITION

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "expert": self.expert, "edition": self.edition}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> MayaConfig:
        """Read ``{"players": 2..4, "expert": bool, "edition": 1|2}``; anything else is a
        ConfigError. A configuration without ``edition`` was recorded before editions
        existed: it keeps the first edition's rules.

        >>> MayaConfig.from_json({"players": 3})
        MayaConfig(players=3, expert=False, edition=1)
        >>> MayaConfig.from_json(MayaConfig(3).to_json()).edition == EDITION
        True
        >>> MayaConfig.from_json({"players": 5})
        Traceback (most recent call last):
        ...
        games.engine.maya.errors.ConfigError: Maya is played by 2 to 4 players, not 5
        """
        unknown = set(data) - {"players", "expert", "edition"}
        if unknown:
            raise ConfigError(
                gettext_noop("unknown Maya options: %(options)s"),
                options=", ".join(sorted(unknown)),
            )
        players, expert = data.get("players"), data.get("expert", False)
        edition = data.get("edition", FIRST_EDITION)
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError(gettext_noop("players must be a number from 2 to 4"))
        if not isinstance(expert, bool):
            raise ConfigError(gettext_noop("expert is true or false"))
        if not isinstance(edition, int) or isinstance(edition, bool):
            raise ConfigError(gettext_noop("unknown rules edition %(edition)r"), edition=edition)
        return MayaConfig(players, expert, edition)


class Phase(enum.Enum):
    """Where the game stands."""

    DEAL = "deal"
    #: A Joker turned up at the deal: the dealer names the starting count (edition 2).
    START = "start"
    MIX = "mix"
    PLAY = "play"
    RESHUFFLE = "reshuffle"
    GAME_OVER = "game-over"


class How(enum.Enum):
    """How a token came into a collection; ``value`` is its score line's rule id."""

    REVEALED = "maya.revealed"
    GUESSED = "maya.guessed"
    DEFENDED = "maya.defended"


class Won(NamedTuple):
    """A token in a collection: its number, how it was won and whose secret it was (the
    owner's for a token revealed, the guessed seat's or the wrong guesser's otherwise)."""

    number: int
    how: How
    of: int


class Owed(NamedTuple):
    """Cards ``seat`` still has to draw once chance has reshuffled the discard pile."""

    seat: int
    cards: int


class MayaState(NamedTuple):
    """Everything about a game at one moment. Build it with :func:`new_game`."""

    config: MayaConfig
    phase: Phase
    hands: tuple[tuple[Card, ...], ...]
    #: The draw pile, top card first.
    pile: tuple[Card, ...]
    #: The discard pile, bottom first: its last card is the card on top.
    discard: tuple[Card, ...]
    #: The count ("le décompte"): what the cards played add up to, announced each turn.
    total: int
    #: The seat to play (seat 0 first: the dealer is the last seat).
    turn: int
    #: +1 while play goes up the seats (clockwise), -1 after a Reverse.
    direction: int
    #: Each seat's secret number (``None`` until the tokens are drawn).
    secrets: tuple[int | None, ...]
    #: The face-down token supply, top first.
    supply: tuple[int, ...]
    #: Each seat's collection of won tokens, in the order won.
    won: tuple[tuple[Won, ...], ...]
    #: Expert variant: whether each seat's current token has already been guessed at.
    guessed: tuple[bool, ...]
    #: The count each seat announced at the end of its last turn of cards with its current
    #: token (public: counts are said aloud); ``None`` since it drew that token.
    left: tuple[int | None, ...]
    #: The numbers each seat's current token is publicly known not to bear: every count 1
    #: to 10 it announced at the end of a turn of cards since drawing it (a count equal to
    #: the token would have revealed it), and a number guessed wrongly at it.
    ruled_out: tuple[frozenset[int], ...]
    #: Cards a seat still has to draw once chance reshuffles the discard pile.
    owed: Owed | None
    #: Turns played so far (a guess is a turn; a skipped seat plays none).
    turns: int
    winner: int | None

    @property
    def players(self) -> int:
        return self.config.players


def new_game(config: MayaConfig) -> MayaState:
    """A game waiting for chance's deal: the 69 cards are not yet shuffled.

    >>> new_game(MayaConfig(2)).phase
    <Phase.DEAL: 'deal'>
    """
    seats = config.players
    return MayaState(
        config=config,
        phase=Phase.DEAL,
        hands=((),) * seats,
        pile=(),
        discard=(),
        total=0,
        turn=0,
        direction=1,
        secrets=(None,) * seats,
        supply=(),
        won=((),) * seats,
        guessed=(False,) * seats,
        left=(None,) * seats,
        ruled_out=(frozenset(),) * seats,
        owed=None,
        turns=0,
        winner=None,
    )


T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: per-seat tuples change one seat at a time.

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])
