"""The configuration and the full state of a Numenko game, hidden information included.

States are frozen dataclasses and named tuples built from plain values, enums, tuples and
other such records only, so that a generic codec can write them from their type hints (both
kinds alike: an object of their fields by name). The state itself is a named tuple: every
move copies it with a few fields changed, which its ``_replace`` does for a fraction of what
``dataclasses.replace`` costs. Nobody but the engine reads a full state: people get
:func:`games.engine.numenko.view.view`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple, TypeVar

from games.engine.numenko.actions import Play, Request
from games.engine.numenko.errors import ConfigError
from games.engine.numenko.grid import Grid
from games.engine.numenko.tiles import FIRST_POT, Tile, bag
from games.engine.ruleset import gettext_noop

#: The shape of states: snapshots written with another format are ignored and rebuilt.
STATE_FORMAT = "numenko-state-1"
#: The seat that plays chance's actions: the deal, and every draw from the pot.
CHANCE = -1
MIN_PLAYERS = 2
MAX_PLAYERS = 6


class Mode(enum.Enum):
    """How the race is played (see ``docs/rules-numenko.md``, "By mail")."""

    #: Every player moves once a round, secretly; the round's requests are then served in
    #: an order drawn by chance. The default, fair to players who look once a day.
    ROUNDS = "rounds"
    #: Each move counts when it arrives, as at a table: for friends online together.
    LIVE = "live"


@dataclass(frozen=True, slots=True)
class NumenkoConfig:
    """Players (2 to 6) and the mode (rounds, the default, or live)."""

    players: int
    mode: Mode = Mode.ROUNDS

    def __post_init__(self) -> None:
        if not MIN_PLAYERS <= self.players <= MAX_PLAYERS:
            raise ConfigError(
                gettext_noop("Numenko is played by 2 to 6 players, not %(players)s"),
                players=self.players,
            )

    @property
    def seats(self) -> range:
        return range(self.players)

    @property
    def hand_size(self) -> int:
        """Tiles dealt to each player from the pot, the Freechoice aside: *entre 2 et 4
        joueurs, chacun prend 20 tuiles; 5 ou 6 joueurs, chacun prend 15 tuiles*.

        >>> NumenkoConfig(4).hand_size, NumenkoConfig(5).hand_size
        (20, 15)
        """
        return 20 if self.players <= 4 else 15

    def to_json(self) -> dict[str, Any]:
        return {"players": self.players, "mode": self.mode.value}

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> NumenkoConfig:
        """Read ``{"players": 2..6, "mode": "rounds" | "live"}`` (mode rounds if left out);
        anything else is a ConfigError.

        >>> NumenkoConfig.from_json({"players": 3})
        NumenkoConfig(players=3, mode=<Mode.ROUNDS: 'rounds'>)
        >>> NumenkoConfig.from_json({"players": 7})
        Traceback (most recent call last):
        ...
        games.engine.numenko.errors.ConfigError: Numenko is played by 2 to 6 players, not 7
        """
        unknown = set(data) - {"players", "mode"}
        if unknown:
            raise ConfigError(
                gettext_noop("unknown Numenko options: %(options)s"),
                options=", ".join(sorted(unknown)),
            )
        players, mode = data.get("players"), data.get("mode", Mode.ROUNDS.value)
        if not isinstance(players, int) or isinstance(players, bool):
            raise ConfigError(gettext_noop("players must be a number from 2 to 6"))
        if mode not in {m.value for m in Mode}:
            raise ConfigError(gettext_noop("mode is rounds or live"))
        return NumenkoConfig(players, Mode(mode))


class Phase(enum.Enum):
    """Where the game stands."""

    #: Waiting for chance to deal.
    DEAL = "deal"
    #: Players build and ask.
    PLAY = "play"
    #: Waiting for chance to draw for the requests made.
    DRAW = "draw"
    GAME_OVER = "game-over"


class Ending(enum.Enum):
    """Why the game stopped."""

    #: A request the pot could not serve: *le nombre de tuiles est insuffisant*.
    SHORT = "pot-short"
    #: Nobody asked for tiles any more (a round without a request; in live mode, every
    #: player's last move asked for nothing).
    CONTENT = "content"


class Ask(NamedTuple):
    """A request waiting for chance's draw: exchange (with the tile given back) or fini."""

    request: Request
    tile: Tile | None = None


class Resolution(NamedTuple):
    """How the last requests were served (public): the round (0 in live mode), the order
    chance drew, what each seat asked, and whether each was served."""

    round: int
    order: tuple[int, ...]
    asked: tuple[Request | None, ...]
    served: tuple[bool, ...]


class NumenkoState(NamedTuple):
    """Everything about a game at one moment. Build it with :func:`new_game`."""

    config: NumenkoConfig
    phase: Phase
    #: The tiles in the pot, as a multiset: hidden (only its size is public).
    pot: tuple[Tile, ...]
    #: Each seat's grid as the others see it (in rounds mode: as of the last round).
    grids: tuple[Grid, ...]
    #: Each seat's tiles not in its grid: hidden from the others.
    hands: tuple[tuple[Tile, ...], ...]
    #: The round being played, from 1 (rounds mode; 0 in live mode and before the deal).
    round: int
    #: Rounds mode: each seat's move of this round, secret until every seat has moved.
    submitted: tuple[Play | None, ...]
    #: Requests waiting for chance's draw (the tile given back is secret).
    asked: tuple[Ask | None, ...]
    #: Live mode: whether each seat's last move asked for nothing (it is content).
    content: tuple[bool, ...]
    #: How the last requests were served (``None`` before any).
    last: Resolution | None
    #: Why the game stopped (``None`` while it goes on).
    ending: Ending | None
    #: The seat whose request the pot could not serve, when that stopped the game.
    short: int | None

    @property
    def players(self) -> int:
        return self.config.players

    @property
    def rounds(self) -> bool:
        """Whether the game is played in rounds (else live)."""
        return self.config.mode is Mode.ROUNDS

    def tiles_of(self, seat: int) -> tuple[Tile, ...]:
        """Every tile ``seat`` owns: its grid's and its hand's (a multiset)."""
        return bag((*self.grids[seat].tiles, *self.hands[seat]))


def new_game(config: NumenkoConfig) -> NumenkoState:
    """A game waiting for chance's deal: the Freechoices put aside, the other 150 tiles in
    the pot.

    >>> state = new_game(NumenkoConfig(2))
    >>> state.phase, len(state.pot)
    (<Phase.DEAL: 'deal'>, 150)
    """
    seats = config.players
    return NumenkoState(
        config=config,
        phase=Phase.DEAL,
        pot=FIRST_POT,
        grids=(Grid(),) * seats,
        hands=((),) * seats,
        round=0,
        submitted=(None,) * seats,
        asked=(None,) * seats,
        content=(False,) * seats,
        last=None,
        ending=None,
        short=None,
    )


def with_seat(state: NumenkoState, seat: int, grid: Grid, hand: tuple[Tile, ...]) -> NumenkoState:
    """``state`` with ``seat``'s grid and hand replaced."""
    return state._replace(
        grids=replace_at(state.grids, seat, grid),
        hands=replace_at(state.hands, seat, hand),
    )


T = TypeVar("T")


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: per-seat tuples change one seat at a time.

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])
