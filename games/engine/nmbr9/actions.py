"""Actions: everything a seat, or chance, can do. Immutable, hashable value objects.

Each prints in the notation :func:`games.engine.nmbr9.notation.parse_action` reads back
(``parse_action(str(action)) == action``)::

    place 7 at 3,-2 turn 90      put a 7 with its turned box's top-left corner at x=3, y=-2,
                                 turned a quarter clockwise (``turn 0`` may be left out)
    shuffle 3 0 9 …              chance: the 20 cards in the order they will turn up

The level is not written: a tile lands on whatever lies under its footprint (see
:mod:`games.engine.nmbr9.stack`).
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Place:
    """Put the tile ``digit`` with the top-left corner of its box, turned clockwise by
    ``turn`` degrees, at ``x, y`` (``x`` to the right, ``y`` downwards).

    >>> str(Place(7, 3, -2, 90))
    'place 7 at 3,-2 turn 90'
    """

    digit: int
    x: int
    y: int
    turn: int = 0

    def __str__(self) -> str:
        return f"place {self.digit} at {self.x},{self.y} turn {self.turn}"


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the 20 cards shuffled, in the order they will be turned up."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(("shuffle", *(str(card) for card in self.order)))


Action = Place | Shuffle
