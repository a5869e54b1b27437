"""Actions: a player's move, and chance's deal and draws. Immutable, hashable value objects.

Each prints in the notation :func:`games.engine.numenko.notation.parse_action` reads back
(``parse_action(str(action)) == action``)::

    pass                             keep the grid as it is, ask for nothing
    grid 2x4=8 / .F7..               lay out the whole grid anew (rows from the top, "/"
                                     between rows, "." an empty square), ask for nothing
    exchange 9                       keep the grid; give back a 9 from the hand, draw two
    exchange M grid 2x4=8            the grid anew, then give back a Multichoice left in hand
    fini grid 2x4=8 / 7x1=7          the grid holds every tile: say fini, draw four
    deal 0012…M / 3345…M             chance: each seat's 20 (or 15) tiles, by seat
    draw 2:78 0:MM39 1:-             chance: the round's requests served in this order, the
                                     tiles each seat draws ("-": not served, the pot was short)

A grid's squares are written as in :meth:`games.engine.numenko.grid.Square.token`.
"""

from __future__ import annotations

import enum
from typing import NamedTuple

from games.engine.numenko.grid import Grid
from games.engine.numenko.tiles import Tile, written


class Request(enum.Enum):
    """What a move asks of the pot."""

    #: Give one tile of the hand back to the pot, then draw two.
    EXCHANGE = "exchange"
    #: Every tile is in the grid: draw four.
    FINI = "fini"

    @property
    def draws(self) -> int:
        """How many tiles the pot must hold to serve it (and gives).

        >>> Request.EXCHANGE.draws, Request.FINI.draws
        (2, 4)
        """
        return 2 if self is Request.EXCHANGE else 4


class _Move(NamedTuple):
    """A move's fields: :class:`Play` checks them as it is built."""

    grid: Grid | None = None
    exchange: Tile | None = None
    fini: bool = False


class Play(_Move):
    """A player's move: the whole grid anew (``None``: kept as it is), then at most one
    request: the tile of the hand to exchange, or fini. Actions are named tuples, cheaper
    to build than frozen dataclasses: a replay reads one from every recorded move.

    >>> str(Play(exchange=Tile.NINE))
    'exchange 9'
    >>> str(Play())
    'pass'
    >>> Play(exchange=Tile.NINE, fini=True)
    Traceback (most recent call last):
    ...
    ValueError: a move exchanges a tile or says fini, not both
    """

    __slots__ = ()

    def __new__(
        cls, grid: Grid | None = None, exchange: Tile | None = None, fini: bool = False
    ) -> Play:
        if exchange is not None and fini:
            raise ValueError("a move exchanges a tile or says fini, not both")
        return tuple.__new__(cls, (grid, exchange, fini))

    @property
    def request(self) -> Request | None:
        """What it asks of the pot (``None``: nothing; the player is content)."""
        if self.exchange is not None:
            return Request.EXCHANGE
        return Request.FINI if self.fini else None

    def __str__(self) -> str:
        words = []
        if self.exchange is not None:
            words.append(f"exchange {self.exchange.value}")
        if self.fini:
            words.append("fini")
        if self.grid is not None:
            words.append(f"grid {self.grid}".rstrip())
        return " ".join(words) or "pass"


class Deal(NamedTuple):
    """Chance: the tiles each seat is dealt from the pot, by seat (its Freechoice aside)."""

    hands: tuple[tuple[Tile, ...], ...]

    def __str__(self) -> str:
        return "deal " + " / ".join(written(hand) for hand in self.hands)


class Draw(NamedTuple):
    """Chance: the order in which the requests waiting are served, and the tiles each seat of
    ``order`` draws (none for a request the pot could no longer serve).

    >>> str(Draw((1, 0), ((Tile.SEVEN, Tile.MULTICHOICE), ())))
    'draw 1:7M 0:-'
    """

    order: tuple[int, ...]
    tiles: tuple[tuple[Tile, ...], ...]

    def __str__(self) -> str:
        served = (
            f"{seat}:{written(tiles) or '-'}"
            for seat, tiles in zip(self.order, self.tiles, strict=True)
        )
        return " ".join(("draw", *served))


Action = Play | Deal | Draw
