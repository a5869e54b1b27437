"""The 158 tiles in the bag, what each is worth in hand, and hands as multisets.

*Tuiles numérotées 0 à 9, 10 de chacun; Multichoice 50; Freechoice 8.* A number tile shows
its digit; a Multichoice stands for +, -, ×, ÷ or = (the player says which); a Freechoice
stands for a Multichoice or for one digit. Tiles of a kind are alike, so a hand, a grid's
tiles or the pot is a multiset: here a tuple sorted in :data:`ORDER`, so that two equal
multisets are equal tuples.
"""

from __future__ import annotations

import enum
from bisect import insort
from collections.abc import Iterable


class Tile(enum.Enum):
    """A kind of tile; its value is the character that writes it (``0`` to ``9``, ``M``, ``F``)."""

    ZERO = "0"
    ONE = "1"
    TWO = "2"
    THREE = "3"
    FOUR = "4"
    FIVE = "5"
    SIX = "6"
    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    MULTICHOICE = "M"
    FREECHOICE = "F"

    # Each tile is one object for the process's life, equal only to itself, so hashing it
    # by identity is hashing it by kind. Enum's own hash (its name's, in Python) was most of
    # a replay's time: the pot and the hands are counted and sorted on every draw.
    __hash__ = object.__hash__

    @property
    def digit(self) -> int | None:
        """The digit a number tile shows (``None`` for a Multichoice or a Freechoice)."""
        return int(self.value) if self.value.isdigit() else None

    @property
    def points(self) -> int:
        """What the tile counts against its holder at the end: *les nombres sont comptés à
        leur valeur, les Multichoice valent 1 et les Freechoice valent 10*.

        >>> [tile.points for tile in (Tile.SEVEN, Tile.ZERO, Tile.MULTICHOICE, Tile.FREECHOICE)]
        [7, 0, 1, 10]
        """
        if self is Tile.MULTICHOICE:
            return 1
        if self is Tile.FREECHOICE:
            return 10
        return int(self.value)


#: Every kind, in the order multisets are sorted: digits, Multichoice, Freechoice.
ORDER: tuple[Tile, ...] = tuple(Tile)
_RANK = {tile: rank for rank, tile in enumerate(ORDER)}
DIGIT_TILES: tuple[Tile, ...] = ORDER[:10]
NUMBERS_PER_DIGIT = 10
MULTICHOICES = 50
FREECHOICES = 8
#: The bag without its Freechoices, which are put aside before the deal: the first pot.
FIRST_POT: tuple[Tile, ...] = (
    *(tile for tile in DIGIT_TILES for _ in range(NUMBERS_PER_DIGIT)),
    *(Tile.MULTICHOICE,) * MULTICHOICES,
)
#: Every tile of the game.
TOTAL = len(FIRST_POT) + FREECHOICES


#: The tile each character writes, ``m`` and ``f`` too: a look-up, where ``Tile(char)``
#: runs Enum's own search in Python (a replay reads every dealt and drawn tile).
_OF_CHAR = {char: tile for tile in ORDER for char in (tile.value, tile.value.lower())}


def tile_of(char: str) -> Tile:
    """The tile a character writes (``M``/``F`` in either case).

    >>> tile_of("7"), tile_of("m")
    (<Tile.SEVEN: '7'>, <Tile.MULTICHOICE: 'M'>)
    >>> tile_of("x")
    Traceback (most recent call last):
    ...
    ValueError: 'x' is not a valid Tile
    """
    tile = _OF_CHAR.get(char)
    if tile is None:
        raise ValueError(f"{char!r} is not a valid Tile")
    return tile


def bag(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """``tiles`` as a multiset: sorted digits first, then Multichoices, then Freechoices.

    >>> "".join(tile.value for tile in bag([Tile.FREECHOICE, Tile.TWO, Tile.MULTICHOICE]))
    '2MF'
    """
    return tuple(sorted(tiles, key=_RANK.__getitem__))


def written(tiles: Iterable[Tile]) -> str:
    """The tiles as one word, a character each (``""`` for none).

    >>> written((Tile.ZERO, Tile.MULTICHOICE))
    '0M'
    """
    return "".join(tile.value for tile in tiles)


def spaced(tiles: Iterable[Tile]) -> str:
    """The tiles a character each, a space between, as a hand is shown: two 1s are
    ``1 1``, never ``11``, which reads as eleven.

    >>> spaced((Tile.ONE, Tile.ONE, Tile.MULTICHOICE))
    '1 1 M'
    """
    return " ".join(written(tiles))


def holds(tiles: tuple[Tile, ...], part: Iterable[Tile]) -> bool:
    """Whether the multiset ``tiles`` (a :func:`bag`) contains the multiset ``part``.

    >>> holds(bag([Tile.ONE, Tile.ONE, Tile.TWO]), [Tile.ONE, Tile.ONE])
    True
    >>> holds((Tile.ONE,), [Tile.ONE, Tile.ONE])
    False
    """
    try:
        without(tiles, part)
    except ValueError:
        return False
    return True


def without(tiles: tuple[Tile, ...], part: Iterable[Tile]) -> tuple[Tile, ...]:
    """The multiset ``tiles`` (a :func:`bag`) less ``part``, which it must contain.

    Taking tiles out of a sorted bag leaves it sorted: nothing is counted or sorted anew
    (the pot, up to 150 tiles, loses a few on every draw).

    >>> written(without(bag([Tile.ONE, Tile.ONE, Tile.TWO]), [Tile.ONE]))
    '12'
    >>> without((Tile.ONE,), [Tile.ONE, Tile.ONE])
    Traceback (most recent call last):
    ...
    ValueError: cannot take away tiles that are not there
    """
    left = list(tiles)
    try:
        for tile in part:
            left.remove(tile)
    except ValueError:
        raise ValueError("cannot take away tiles that are not there") from None
    return tuple(left)


def plus(tiles: tuple[Tile, ...], more: Iterable[Tile]) -> tuple[Tile, ...]:
    """The multiset ``tiles`` (a :func:`bag`) with ``more`` added, each where its kind goes:
    for a few tiles added to many (a draw), rather than a new :func:`bag`.

    >>> written(plus(bag([Tile.ONE, Tile.TWO, Tile.FREECHOICE]), [Tile.MULTICHOICE, Tile.ONE]))
    '112MF'
    """
    joined = list(tiles)
    for tile in more:
        insort(joined, tile, key=_RANK.__getitem__)
    return tuple(joined)


def points(tiles: Iterable[Tile]) -> int:
    """What ``tiles`` left in hand count at the end.

    >>> points([Tile.NINE, Tile.MULTICHOICE, Tile.FREECHOICE])
    20
    """
    return sum(tile.points for tile in tiles)
