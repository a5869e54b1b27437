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

#: The shape of states: snapshots written with another format are ignored and rebuilt.
STATE_FORMAT = "maya-state-2"
#: The seat that plays chance actions (the deal, the mixing of the tokens, reshuffles).
CHANCE = -1
MIN_PLAYERS = 2
MAX_PLAYERS = 4
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class MayaConfig:
    """Players (2 to 4) and the expert variant (guessing secret numbers)."""

    players: int
    expert: bool = False

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(f"Maya is played by 2 to 4 players, not {self.players}")

    @property
    def seats(self) -> range:
        return range(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "expert": self.expert}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> MayaConfig:
        """Read ``{"players": 2..4, "expert": bool}``; anything else is a ConfigError.

        >>> MayaConfig.from_json({"players": 3})
        MayaConfig(players=3, expert=False)
        >>> MayaConfig.from_json({"players": 5})
        Traceback (most recent call last):
        ...
        games.engine.maya.errors.ConfigError: Maya is played by 2 to 4 players, not 5
        """
        unknown = set(data) - {"players", "expert"}
        if unknown:
            raise ConfigError(f"unknown Maya options: {', '.join(sorted(unknown))}")
        players, expert = data.get("players"), data.get("expert", False)
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError("players must be a number from 2 to 4")
        if not isinstance(expert, bool):
            raise ConfigError("expert is true or false")
        return MayaConfig(players, expert)


class Phase(enum.Enum):
    """Where the game stands."""

    DEAL = "deal"
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
