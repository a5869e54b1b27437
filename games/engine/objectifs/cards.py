"""The 91 playing cards of NUM-X "Objectifs" and their notation (the 10 Objective cards are
in :mod:`games.engine.objectifs.objectives`).

Cards are small frozen values: two copies of ``7`` are equal and interchangeable, so the
engine keeps hands, malus cards and piles as tuples of cards and checks conservation by
counting them.

Notation (case-insensitive when parsed, as below when printed)::

    -2 -1 0 1 … 13 infinity        classic cards (``inf`` and ``∞`` read as infinity)
    joker num-x echange            special cards (``x-joker``, ``numx``, ``swipe`` read too)
    malus+1/+1 malus+2/+1 malus+1/+2   the three Malus "+" cards: hand, then malus cards

The rule book prints each Malus "+" card's two numbers only on its picture, lost with the
pictures; the three pairs above are this product's choice (``docs/rules-objectifs.md``).
"""

from __future__ import annotations

import enum
from collections import Counter
from dataclasses import dataclass

from games.engine.climbing import ascii_int, malus_text
from games.engine.objectifs.errors import NotationError
from games.engine.ruleset import gettext_noop

MIN_VALUE = -2
MAX_NUMBER = 13
#: Infinity is the highest classic value, one above 13; it counts 20 as a malus card.
INFINITY = MAX_NUMBER + 1
#: The 17 values of the classic cards, from -2 to Infinity.
VALUES = range(MIN_VALUE, INFINITY + 1)
#: What an Infinity or a special card counts among the malus cards (*valent -20 points*).
HEAVY = 20


class Kind(enum.Enum):
    """What a card is; ``value`` is its name in notation (a classic card prints its value)."""

    CLASSIC = "classic"
    JOKER = "joker"
    NUMX = "num-x"
    ECHANGE = "echange"
    MALUS = "malus"


_RANK = {kind.value: rank for rank, kind in enumerate(Kind)}
_INTERNED: dict[tuple[Kind, int | None, int, int], Card] = {}


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One card. A classic card has a ``value`` (-2…13, or :data:`INFINITY`); a Malus "+"
    card has the cards its target draws into the hand (``hand``) and onto their malus cards
    (``row``); the other special cards have neither.

    Interned, as NUM-X's cards are: building a card of the same fields gives the same
    object, so cards compare and hash by identity, which keeps the engine's hot paths
    cheap (listing a turn's moves hashes every card of every move).

    >>> Card(Kind.CLASSIC, 7) is Card.parse("7")
    True
    """

    kind: Kind
    value: int | None = None
    hand: int = 0
    row: int = 0

    def __new__(cls, kind: Kind, value: int | None = None, hand: int = 0, row: int = 0) -> Card:
        key = (kind, value, hand, row)
        found = _INTERNED.get(key)
        if found is None:
            found = _INTERNED[key] = object.__new__(cls)
        return found

    def __reduce__(self) -> tuple[type[Card], tuple[Kind, int | None, int, int]]:
        return (Card, (self.kind, self.value, self.hand, self.row))

    @property
    def is_classic(self) -> bool:
        """A card of the rule book's *Cartes Classiques (-2 à Infini)*."""
        return self.kind is Kind.CLASSIC

    @property
    def is_special(self) -> bool:
        """X-Joker, Num-X, Echange or Malus "+"."""
        return self.kind is not Kind.CLASSIC

    @property
    def is_action(self) -> bool:
        """Echange or Malus "+": played as itself, never inside a pli."""
        return self.kind in (Kind.ECHANGE, Kind.MALUS)

    @property
    def points(self) -> int:
        """What the card counts among its holder's malus cards: its value, 20 for an
        Infinity or a special card (subtracted from the round's score)."""
        if self.value is None or self.value == INFINITY:
            return HEAVY
        return self.value

    def sort_key(self) -> tuple[int, int, int, int]:
        """Where the card sorts: classic cards by value, then the special cards."""
        # The member's own value, not the enum: hashing an enum member is a Python call,
        # and hands are sorted and cards hashed at every move listed.
        return (_RANK[self.kind._value_], self.value or 0, self.hand, self.row)

    def __lt__(self, other: Card) -> bool:
        return self.sort_key() < other.sort_key()

    def to_json(self) -> str:
        """The card's JSON form, as a snapshot stores it: its notation.

        >>> Card.parse("malus+2/+1").to_json()
        'malus+2/+1'
        """
        return str(self)

    @staticmethod
    def from_json(data: object) -> Card:
        """The card :meth:`to_json` wrote: the interned one, or :class:`NotationError`.

        >>> Card.from_json("infinity") is Card.parse("inf")
        True
        """
        if not isinstance(data, str):
            raise NotationError(gettext_noop("%(data)s is not a card's notation"), data=repr(data))
        return Card.parse(data)

    def __str__(self) -> str:
        if self.kind is Kind.CLASSIC:
            assert self.value is not None
            return value_text(self.value)
        if self.kind is Kind.MALUS:
            return malus_text(self.hand, self.row)
        return str(self.kind.value)

    @staticmethod
    def parse(text: str) -> Card:
        """The card written ``text``, or :class:`NotationError`.

        >>> Card.parse("7"), Card.parse("INF").value, str(Card.parse("x-joker"))
        (Card(kind=<Kind.CLASSIC: 'classic'>, value=7, hand=0, row=0), 14, 'joker')
        >>> Card.parse("14")
        Traceback (most recent call last):
        ...
        games.engine.objectifs.errors.NotationError: “14”: classic cards go from -2 to 13, \
then infinity
        """
        key = text.strip().lower()
        found = _BY_TEXT.get(_ALIASES.get(key, key))
        if found is not None:
            return found
        if key == "malus" or key.startswith("malus"):
            raise NotationError(
                gettext_noop("say which Malus + card: %(cards)s"),
                cards=", ".join(map(str, MALUS_CARDS)),
            )
        number = ascii_int(key, signed=True)
        if number is not None:
            if MIN_VALUE <= number <= MAX_NUMBER:
                return classic(number)  # "+7"
            raise NotationError(
                gettext_noop("“%(card)s”: classic cards go from -2 to 13, then infinity"), card=text
            )
        raise NotationError(gettext_noop("“%(card)s” is not an Objectifs card"), card=text)


def value_text(value: int) -> str:
    """A value as notation writes it: ``-2`` … ``13``, ``infinity``."""
    return "infinity" if value == INFINITY else str(value)


def parse_value(word: str) -> int:
    """The value ``word`` names (a pli of X-Jokers names one), or :class:`NotationError`.

    >>> parse_value("-2"), parse_value("Infinity"), parse_value("∞")
    (-2, 14, 14)
    """
    key = word.strip().lower()
    if _ALIASES.get(key, key) == "infinity":
        return INFINITY
    value = ascii_int(key, signed=True)
    if value is None or not MIN_VALUE <= value <= MAX_NUMBER:
        raise NotationError(
            gettext_noop("“%(word)s” is not a value: -2 to 13, or infinity"), word=word
        )
    return value


def classic(value: int) -> Card:
    """The classic card of ``value``."""
    return _CLASSICS.get(value) or Card(Kind.CLASSIC, value)


_CLASSICS = {value: Card(Kind.CLASSIC, value) for value in VALUES}
JOKER = Card(Kind.JOKER)
NUMX = Card(Kind.NUMX)
ECHANGE = Card(Kind.ECHANGE)
#: The three Malus "+" cards, as (hand, malus cards): every one adds to both, one of them
#: more to the hand, one more to the malus cards.
MALUS_NUMBERS = ((1, 1), (2, 1), (1, 2))
MALUS_CARDS = tuple(Card(Kind.MALUS, hand=hand, row=row) for hand, row in MALUS_NUMBERS)

#: How many copies of each classic value the box holds: *8x cartes infini, 5x cartes de 1
#: à 13, 3x cartes 0, 2x cartes -1, 1x carte -2*.
CLASSIC_COPIES = {INFINITY: 8, **dict.fromkeys(range(1, MAX_NUMBER + 1), 5), 0: 3, -1: 2, -2: 1}
#: Three of each special card; the three Malus "+" cards differ by their numbers.
SPECIAL_COPIES = {JOKER: 3, NUMX: 3, ECHANGE: 3, **dict.fromkeys(MALUS_CARDS, 1)}


def _build() -> tuple[Card, ...]:
    cards = [classic(value) for value in VALUES for _ in range(CLASSIC_COPIES[value])]
    cards += [card for card, copies in SPECIAL_COPIES.items() for _ in range(copies)]
    return tuple(sorted(cards))


#: The 91 playing cards in box order: 79 classic cards, 12 special cards.
DECK = _build()
DECK_COUNTS = Counter(DECK)
_BY_TEXT = {str(card): card for card in DECK_COUNTS}
_ALIASES = {
    "inf": "infinity",
    # The French mail's names: a player copies them from their hand as it writes it.
    "infini": "infinity",
    "∞": "infinity",
    "x-joker": "joker",
    "xjoker": "joker",
    "numx": "num-x",
    "swipe": "echange",
    "échange": "echange",
}


def parse_cards(text: str) -> tuple[Card, ...]:
    """Cards from space-separated notation.

    >>> [str(card) for card in parse_cards("-2 0 joker Infinity malus+2/+1")]
    ['-2', '0', 'joker', 'infinity', 'malus+2/+1']
    """
    return tuple(Card.parse(word) for word in text.split())
