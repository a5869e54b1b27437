"""The configuration and the full state of an NMBR 9 game, hidden information included.

States are immutable named tuples (``_replace`` is cheap, and replaying a game is the event
store's hot path). Nobody but the engine reads a full state: people get
:func:`games.engine.nmbr9.view.view`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from games.engine.nmbr9.errors import ConfigError
from games.engine.nmbr9.stack import Stack
from games.engine.ruleset import gettext_noop

#: The shape of states: snapshots written with another format are ignored and rebuilt.
STATE_FORMAT = "nmbr9-state-1"
#: The seat that plays chance's one action, the shuffle of the cards.
CHANCE = -1
MIN_PLAYERS = 1
MAX_PLAYERS = 4


@dataclass(frozen=True, slots=True)
class Nmbr9Config:
    """Players: 1 (the solo game, same rules: beat your own best) to 4."""

    players: int

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                gettext_noop("NMBR 9 is played by 1 to 4 players, not %(players)s"),
                players=self.players,
            )

    @property
    def seats(self) -> range:
        return range(self.players)

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> Nmbr9Config:
        """Read ``{"players": 1..4}``; anything else is a ConfigError.

        >>> Nmbr9Config.from_json({"players": 1})
        Nmbr9Config(players=1)
        >>> Nmbr9Config.from_json({"players": 5})
        Traceback (most recent call last):
        ...
        games.engine.nmbr9.errors.ConfigError: NMBR 9 is played by 1 to 4 players, not 5
        """
        unknown = set(data) - {"players"}
        if unknown:
            raise ConfigError(
                gettext_noop("unknown NMBR 9 options: %(options)s"),
                options=", ".join(sorted(unknown)),
            )
        players = data.get("players")
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError(gettext_noop("players must be a number from 1 to 4"))
        return Nmbr9Config(players)


class Phase(enum.Enum):
    """Where the game stands."""

    SHUFFLE = "shuffle"
    PLACE = "place"
    GAME_OVER = "game-over"


class Nmbr9State(NamedTuple):
    """Everything about a game at one moment. Build it with :func:`new_game`."""

    config: Nmbr9Config
    phase: Phase
    #: The cards in the order they turn up (empty until chance shuffles): hidden.
    deck: tuple[int, ...]
    #: How many cards are face up; the last of them is the card being placed.
    turned: int
    #: Each seat's stack, the tile of the current card included once placed.
    stacks: tuple[Stack, ...]
    #: Whether each seat has placed the current card; its tile stays secret until all have.
    placed: tuple[bool, ...]

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def card(self) -> int | None:
        """The digit of the card face up, being placed (``None`` before the shuffle)."""
        return self.deck[self.turned - 1] if self.turned else None


def new_game(config: Nmbr9Config) -> Nmbr9State:
    """A game waiting for chance's shuffle of the cards.

    >>> new_game(Nmbr9Config(2)).phase
    <Phase.SHUFFLE: 'shuffle'>
    """
    return Nmbr9State(
        config=config,
        phase=Phase.SHUFFLE,
        deck=(),
        turned=0,
        stacks=(Stack(),) * config.players,
        placed=(False,) * config.players,
    )


T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: per-seat tuples change one seat at a time.

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])
