"""The 69 cards of Maya mystery numbers, and their notation.

Cards are small frozen values: two copies of ``+4`` are equal and interchangeable, so the
engine keeps hands and piles as tuples of values and checks conservation by counting them.

Notation (case-insensitive when parsed, as below when printed)::

    +1 … +5   -1 … -5   0        numbered cards (a bare ``4`` reads as ``+4``)
    joker  skip  reverse  temple special cards (``jaguar`` reads as ``joker``)
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from games.engine.maya.errors import NotationError
from games.engine.ruleset import gettext_noop

#: Copies of each numbered value 1…5, for each sign.
NUMBER_COPIES = {1: 7, 2: 7, 3: 4, 4: 4, 5: 3}
ZERO_COPIES = 7
#: The largest value a numbered card (or a Joker) adds or subtracts.
MAX_STEP = 5


class Kind(enum.Enum):
    """What a card is; ``value`` is its name in notation (numbered cards print their value)."""

    NUMBER = "number"
    JOKER = "joker"
    SKIP = "skip"
    REVERSE = "reverse"
    TEMPLE = "temple"


#: Copies of each special card in the box.
SPECIAL_COPIES = {Kind.JOKER: 4, Kind.SKIP: 3, Kind.REVERSE: 3, Kind.TEMPLE: 2}
_RANK = {kind: rank for rank, kind in enumerate(Kind)}
#: Other spellings: the rule book's Jaguar, and a typographic minus sign (U+2212).
_ALIASES = {"jaguar": "joker", "\u2212": "-"}


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its kind and, for a numbered card, the value it adds (-5…5)."""

    kind: Kind
    value: int = 0

    def __str__(self) -> str:
        if self.kind is not Kind.NUMBER:
            return str(self.kind.value)
        return f"{self.value:+d}" if self.value else "0"

    def __lt__(self, other: Card) -> bool:
        return (_RANK[self.kind], self.value) < (_RANK[other.kind], other.value)

    @staticmethod
    def parse(text: str) -> Card:
        """The card written ``text``, or :class:`NotationError`.

        >>> Card.parse("+4"), Card.parse("-3"), Card.parse("Jaguar")
        (Card(kind=<Kind.NUMBER: 'number'>, value=4), Card(kind=<Kind.NUMBER: 'number'>, \
value=-3), Card(kind=<Kind.JOKER: 'joker'>, value=0))
        >>> str(Card.parse("4")), str(Card.parse("0"))
        ('+4', '0')
        """
        key = text.strip().lower()
        for alias, meaning in _ALIASES.items():
            key = key.replace(alias, meaning)
        special = _SPECIALS.get(key)
        if special is not None:
            return special
        value = parse_signed(key, gettext_noop("“%(word)s” is not a Maya card"))
        if abs(value) > MAX_STEP:
            raise NotationError(
                gettext_noop("“%(card)s”: numbered cards go from -5 to +5"), card=text
            )
        return Card(Kind.NUMBER, value)


def parse_signed(word: str, error: str) -> int:
    """An ASCII integer with an optional sign (``+4``, ``-3``, ``4``), else the
    NotationError of template ``error`` (which names ``word``)."""
    digits = word[1:] if word[:1] in ("+", "-") else word
    # ASCII only: "²" is a digit to str.isdigit() but not to int().
    if not (digits.isascii() and digits.isdigit()):
        raise NotationError(error, word=word)
    return int(word)


def number(value: int) -> Card:
    """The numbered card of ``value`` (-5…5)."""
    return Card(Kind.NUMBER, value)


JOKER = Card(Kind.JOKER)
SKIP = Card(Kind.SKIP)
REVERSE = Card(Kind.REVERSE)
TEMPLE = Card(Kind.TEMPLE)
_SPECIALS = {str(card): card for card in (JOKER, SKIP, REVERSE, TEMPLE)}


def _build() -> tuple[Card, ...]:
    cards = [number(0)] * ZERO_COPIES
    for value, copies in NUMBER_COPIES.items():
        cards += [number(value)] * copies + [number(-value)] * copies
    for kind, copies in SPECIAL_COPIES.items():
        cards += [Card(kind)] * copies
    return tuple(sorted(cards))


#: Every card of the box, in a fixed order (numbered by value, then the special cards).
DECK = _build()
DECK_COUNTS = Counter(DECK)

#: What a Joker may count as: any numbered value but zero.
JOKER_VALUES = tuple(v for v in range(-MAX_STEP, MAX_STEP + 1) if v)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated notation.

    >>> [str(card) for card in parse_cards("+1 joker -5 0")]
    ['+1', 'joker', '-5', '0']
    """
    return tuple(Card.parse(word) for word in text.split())
