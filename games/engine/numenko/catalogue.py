"""Short true calculations, listed once, for the bots: which ones a hand can lay down.

The catalogue holds every ``A o B = C`` with ``A`` and ``B`` from 0 to 99, every
``A o B o C = D`` with one-digit ``A``, ``B`` and ``C`` (worked out from left to right), and
each written the other way round too (``C = A o B``): 69,388 calculations, built the first
time a bot needs them (about half a second). Each is a string of the notation's characters
(``12+34=46``); calculations that need the same tiles form a family (``2+3=5``, ``3+2=5``,
``5=2+3``…), so that a hand is compared with each family once; each family lists where its
calculations may pass through a tile of a grid (:data:`Place`).

What a calculation needs, and what a hand holds, are 11 counts (each digit, then signs)
packed in one integer, 7 bits a count, the top bit of each a guard: ``have + GUARD - need``
keeps every guard bit exactly when the hand holds every tile needed, so that comparing a
hand with a calculation is one subtraction (:func:`shortfall`).
"""

from __future__ import annotations

from array import array
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import product

from games.engine.numenko.grid import OPERATIONS, SIGNS
from games.engine.numenko.tiles import Tile

#: The count of signs comes after the ten digits'.
SIGN = 10
KINDS = 11
_BITS = 7
_FIELD = (1 << _BITS) - 1
_TOP = 1 << (_BITS - 1)
#: Every count's guard bit.
GUARD = sum(_TOP << (_BITS * kind) for kind in range(KINDS))
#: One of each kind, packed.
UNIT = tuple(1 << (_BITS * kind) for kind in range(KINDS))
#: What a Freechoice standing for a tile of each kind costs beyond that tile's point.
_COSTS = tuple(Tile.FREECHOICE.points - (1 if kind == SIGN else kind) for kind in range(KINDS))
#: Where a calculation may pass through a tile of the grid, as one number: the kind of the
#: tile's character there (a digit, or :data:`SIGN`) times 100, plus its index in the
#: calculation times 10, plus how many characters follow it (:func:`place`).
Place = int
#: A place's kind is the place divided by this (rounded down).
KIND_OF = 100
#: The kind of each character: its digit, or :data:`SIGN`.
_KINDS = {**{str(digit): digit for digit in range(10)}, **dict.fromkeys(SIGNS, SIGN)}
_UNITS = {char: UNIT[kind] for char, kind in _KINDS.items()}


def place(kind: int, index: int, rest: int) -> Place:
    """The :data:`Place` of a character of ``kind`` at ``index``, ``rest`` characters before
    the end.

    >>> place(SIGN, 1, 3)
    1013
    """
    return kind * KIND_OF + index * 10 + rest


def pack(counts: Sequence[int]) -> int:
    """Eleven counts (each under 64) in one integer.

    >>> pack([1] + [0] * 9 + [2]) == UNIT[0] + 2 * UNIT[SIGN]
    True
    """
    return sum(count << (_BITS * kind) for kind, count in enumerate(counts))


def _short(guarded: int, need: int) -> tuple[int, int]:
    """How many tiles a hand packed with its guards lacks for ``need``, and what the
    Freechoices standing for them cost beyond those tiles' points."""
    left = guarded - need
    if left & GUARD == GUARD:
        return 0, 0
    lacking = extra = 0
    for kind in range(KINDS):
        count = (left >> (_BITS * kind)) & _FIELD
        if count < _TOP:
            lacking += _TOP - count
            extra += (_TOP - count) * _COSTS[kind]
    return lacking, extra


def shortfall(guarded: int, need: int) -> int:
    """How many tiles a hand packed with its guards (``pack(have) + GUARD``) lacks to lay
    what ``need`` packs: the Freechoices it would take.

    >>> hand = pack([0, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]) + GUARD
    >>> shortfall(hand, needs("2x4=8")), shortfall(hand, needs("2x4"))
    (2, 0)
    """
    return _short(guarded, need)[0]


def short_points(guarded: int, need: int) -> int:
    """What laying ``need`` with Freechoices for the tiles lacking takes from the hand
    beyond the tiles' own points: each Freechoice's 10 less the point of the tile it
    stands for.

    >>> short_points(pack([0] * 11) + GUARD, needs("7"))
    3
    """
    return _short(guarded, need)[1]


def needs(text: str) -> int:
    """The tiles ``text`` needs, packed: how many of each digit, then how many signs.

    >>> needs("12+34=46") == pack([0, 1, 1, 1, 2, 0, 1, 0, 0, 0, 2])
    True
    """
    return sum(map(_UNITS.__getitem__, text))


def counts(tiles: Sequence[Tile]) -> tuple[list[int], int]:
    """A hand as the catalogue reads it: how many number tiles of each digit, then how many
    Multichoices (11 counts), and how many Freechoices (each stands for any one digit or
    sign).

    >>> counts((Tile.ONE, Tile.ONE, Tile.MULTICHOICE, Tile.FREECHOICE))
    ([0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 1], 1)
    """
    have = [0] * KINDS
    free = 0
    for tile in tiles:
        digit = tile.digit
        if digit is not None:
            have[digit] += 1
        elif tile is Tile.MULTICHOICE:
            have[SIGN] += 1
        else:
            free += 1
    return have, free


def _step(value: int, sign: str, operand: int) -> int | None:
    """``value sign operand``, or ``None`` for a division that does not fall exact."""
    if sign == "+":
        return value + operand
    if sign == "-":
        return value - operand
    if sign == "x":
        return value * operand
    if operand == 0 or value % operand:
        return None
    return value // operand


def _texts() -> Iterator[str]:
    for a, b in product(range(100), repeat=2):
        for sign in OPERATIONS:
            c = _step(a, sign, b)
            if c is not None and c >= 0:
                yield f"{a}{sign}{b}={c}"
                yield f"{c}={a}{sign}{b}"
    for a, b, c in product(range(10), repeat=3):
        for first, second in product(OPERATIONS, repeat=2):
            partial = _step(a, first, b)
            d = None if partial is None else _step(partial, second, c)
            if d is not None and d >= 0:
                yield f"{a}{first}{b}{second}{c}={d}"
                yield f"{d}={a}{first}{b}{second}{c}"


@dataclass(frozen=True, slots=True)
class Family:
    """True calculations that need the same tiles."""

    #: What each needs, packed (:func:`needs`).
    need: int
    #: The same, as 11 counts.
    counts: tuple[int, ...]
    #: Their tiles' points laid as number tiles and Multichoices.
    weight: int
    texts: tuple[str, ...]


@dataclass(frozen=True)
class Catalogue:
    """The families, the heaviest first; every calculation by number, in that order; and for
    each family, each :data:`Place` its calculations have, with the number of the first
    calculation there (any of them lays the same tiles in the same room)."""

    families: tuple[Family, ...]
    texts: tuple[str, ...]
    places: tuple[tuple[array[int], array[int]], ...]


@cache
def catalogue() -> Catalogue:
    """The catalogue, built once.

    >>> found = catalogue()
    >>> found.texts[0], found.families[0].weight, len(found.texts)
    ('77x87=6699', 61, 69388)
    >>> from games.engine.numenko.calculation import fault
    >>> all(fault(text) is None for text in found.texts[::97])
    True
    """
    grouped: dict[int, list[str]] = {}
    for text in dict.fromkeys(_texts()):
        grouped.setdefault(needs(text), []).append(text)
    families = [
        Family(need, _unpack(need), sum(_weights(need)), tuple(texts))
        for need, texts in grouped.items()
    ]
    # Stable: equal weights stay in the order first written.
    families.sort(key=lambda family: -family.weight)
    texts = tuple(text for family in families for text in family.texts)
    places = []
    first = 0
    for family in families:
        # Each place this family's calculations have, with the first that has it.
        found: dict[Place, int] = {}
        for offset in range(len(family.texts) - 1, -1, -1):
            text = family.texts[offset]
            size = len(text)
            kinds = map(_KINDS.__getitem__, text)
            keys = map(place, kinds, range(size), range(size - 1, -1, -1))
            found.update(dict.fromkeys(keys, first + offset))
        places.append((array("h", found), array("i", found.values())))
        first += len(family.texts)
    return Catalogue(tuple(families), texts, tuple(places))


def _unpack(need: int) -> tuple[int, ...]:
    return tuple((need >> (_BITS * kind)) & _FIELD for kind in range(KINDS))


def _weights(need: int) -> Iterator[int]:
    for kind, count in enumerate(_unpack(need)):
        yield count * (1 if kind == SIGN else kind)
