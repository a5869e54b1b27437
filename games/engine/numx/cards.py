"""The NUM-X cards: faces (what is printed on a card) and physical cards (what is dealt).

A :class:`Face` is what players name and what actions refer to (``blue-7``, ``joker``,
``malus+2/-1``). A :class:`Card` is one of the 125 physical cards of the box, with a stable
``id``: two jokers are two cards with the same face. The five Malus cards (ids 120-124)
carry the table's own values when it chose some (:func:`deck`), so a card is its id and its
face together. Both are interned, immutable value objects: there is exactly one object per
face and per (id, face), so comparing them is identity, which keeps the engine's hot paths
cheap.

Notation (case-insensitive when parsed, lower case when printed)::

    blue-7 red-7 yellow-7 green-7 rainbow-7 shadow-7   numbered cards, values 0..16
    joker infinity num-x                                special cards
    flip swipe eclair quantum block                     action cards
    malus+2/-1                                          a malus card: hand X, score Y
"""

from __future__ import annotations

import enum
import functools
import re
from collections.abc import Iterable, Sequence
from typing import Any, NoReturn

from games.engine.climbing import malus_text
from games.engine.numx.errors import NotationError
from games.engine.ruleset import gettext_noop

MIN_VALUE = 0
MAX_VALUE = 16
VALUES = range(MIN_VALUE, MAX_VALUE + 1)


class Colour(enum.Enum):
    """Colours of numbered cards, in the order the rule book lists them."""

    BLUE = "blue"
    RED = "red"
    YELLOW = "yellow"
    GREEN = "green"
    RAINBOW = "rainbow"
    SHADOW = "shadow"


#: The four "classic" colours (the rule book's ●●●●): not Rainbow, not Shadow.
CLASSIC_COLOURS = (Colour.BLUE, Colour.RED, Colour.YELLOW, Colour.GREEN)


class Kind(enum.Enum):
    """What a card is, beyond its colour and value."""

    NUMBER = "number"
    JOKER = "joker"
    INFINITY = "infinity"
    NUMX = "num-x"
    FLIP = "flip"
    SWIPE = "swipe"
    ECLAIR = "eclair"
    QUANTUM = "quantum"
    BLOCK = "block"
    MALUS = "malus"

    @property
    def is_action(self) -> bool:
        """True for the sixteen Action cards (Flip, Swipe, Eclair, Quantum, Block, Malus)."""
        return self in ACTION_KINDS


ACTION_KINDS = frozenset({Kind.FLIP, Kind.SWIPE, Kind.ECLAIR, Kind.QUANTUM, Kind.BLOCK, Kind.MALUS})

#: How many physical copies of each non-numbered, non-malus kind the box holds.
COPIES = {
    Kind.JOKER: 2,
    Kind.INFINITY: 4,
    Kind.NUMX: 1,
    Kind.FLIP: 2,
    Kind.SWIPE: 2,
    Kind.ECLAIR: 2,
    Kind.QUANTUM: 2,
    Kind.BLOCK: 3,
}

#: The five Malus cards as (hand X, score Y). The rule book prints no numbers (they were on
#: the card pictures); these are this product's choice, documented in docs/rules.md: three
#: punish, two are gambles ("5 Cartes Malus, ou pas...").
MALUS_VALUES: tuple[tuple[int, int], ...] = ((2, -1), (1, -2), (3, 0), (-1, 1), (-2, 2))
#: The numbers a table's own Malus card may carry (the table option ``malus_values``): the
#: span of the house values; (0, 0), which would do nothing, is no Malus card.
MALUS_RANGE = range(-3, 4)


def _frozen(self: object, name: str, value: object) -> NoReturn:
    raise AttributeError(f"{type(self).__name__} is immutable")


class Face:
    """What is printed on a card. Interned: obtain faces with :meth:`parse` or the module's
    lookup functions, never by calling the class."""

    __slots__ = ("colour", "hand", "kind", "order", "score", "text", "value")
    kind: Kind
    colour: Colour | None
    value: int | None
    hand: int
    score: int
    text: str
    order: int

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("faces are interned: use Face.parse() or number_face()")

    __setattr__ = _frozen

    @classmethod
    def _make(
        cls,
        order: int,
        kind: Kind,
        colour: Colour | None = None,
        value: int | None = None,
        hand: int = 0,
        score: int = 0,
    ) -> Face:
        face = object.__new__(cls)
        if kind is Kind.NUMBER:
            assert colour is not None
            text = f"{colour.value}-{value}"
        elif kind is Kind.MALUS:
            text = malus_text(hand, score)
        else:
            text = kind.value
        for name, field in (
            ("kind", kind),
            ("colour", colour),
            ("value", value),
            ("hand", hand),
            ("score", score),
            ("text", text),
            ("order", order),
        ):
            object.__setattr__(face, name, field)
        return face

    @staticmethod
    def parse(text: str) -> Face:
        """The face written ``text`` (case-insensitive), or :class:`NotationError`.

        >>> Face.parse("Blue-7").value
        7
        >>> str(Face.parse("MALUS+2/-1"))
        'malus+2/-1'
        """
        face = _BY_TEXT.get(text)
        if face is not None:
            return face
        key = text.strip().lower()
        face = _BY_TEXT.get(key)
        if face is not None:
            return face
        if key == "malus":
            raise NotationError(
                gettext_noop("say which malus card: %(cards)s"),
                cards=", ".join(f.text for f in MALUS_FACES),
            )
        if _NUMBERED.match(key):
            raise NotationError(
                gettext_noop("“%(card)s”: numbered cards go from 0 to 16"), card=text
            )
        raise NotationError(gettext_noop("“%(card)s” is not a NUM-X card"), card=text)

    @property
    def is_numbered(self) -> bool:
        """A card with a colour and a value 0..16 (the rule book's "cartes classiques")."""
        return self.kind is Kind.NUMBER

    @property
    def is_rainbow(self) -> bool:
        return self.colour is Colour.RAINBOW

    @property
    def is_shadow(self) -> bool:
        return self.colour is Colour.SHADOW

    @property
    def is_classic(self) -> bool:
        """Blue, red, yellow or green: the ●●●● of the scoring rules."""
        return self.kind is Kind.NUMBER and self.colour in CLASSIC_COLOURS

    @property
    def is_action(self) -> bool:
        return self.kind in ACTION_KINDS

    def __lt__(self, other: Face) -> bool:
        return self.order < other.order

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Face({self.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Face.parse, (self.text,))

    def to_json(self) -> str:
        """The face in a stored state (a snapshot, ``games.engine.state_json``): its text.

        >>> Face.parse("blue-7").to_json()
        'blue-7'
        """
        return self.text

    @staticmethod
    def from_json(data: object) -> Face:
        """The face :meth:`to_json` wrote: the interned one.

        >>> Face.from_json("joker") is JOKER
        True
        """
        if not isinstance(data, str):
            raise NotationError(
                gettext_noop("a card is written as text, not %(data)s"), data=repr(data)
            )
        return Face.parse(data)

    def __copy__(self) -> Face:
        return self

    def __deepcopy__(self, memo: object) -> Face:
        return self


class Card:
    """One physical card of the box: a stable ``id`` (0..124) and its :class:`Face`.

    Interned like faces: the 125 cards of the box are the members of :data:`DECK`; a table
    with its own Malus values plays the members of its :func:`deck`."""

    __slots__ = ("face", "id")
    id: int
    face: Face

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        raise TypeError("cards are interned: use DECK, deck() or card()")

    __setattr__ = _frozen

    @classmethod
    def _make(cls, card_id: int, face: Face) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "id", card_id)
        object.__setattr__(card, "face", face)
        return card

    def __lt__(self, other: Card) -> bool:
        return self.id < other.id

    def __str__(self) -> str:
        return self.face.text

    def __repr__(self) -> str:
        return f"Card({self.id}, {self.face.text!r})"

    def __reduce__(self) -> tuple[Any, tuple[int, Face]]:
        return (card, (self.id, self.face))

    def to_json(self) -> list[int | str]:
        """The card in a stored state (a snapshot, ``games.engine.state_json``): its id and
        its face, which a table's own Malus values make more than the id.

        >>> DECK[7].to_json()
        [7, 'blue-7']
        """
        return [self.id, self.face.text]

    @staticmethod
    def from_json(data: object) -> Card:
        """The card :meth:`to_json` wrote: the interned one, or :class:`NotationError`.

        >>> Card.from_json([120, "malus-3/+3"]) is card(120, Face.parse("malus-3/+3"))
        True
        """
        # Plain checks, not a ``match``: a snapshot reads a hundred cards at a time.
        if type(data) is list and len(data) == 2:
            card_id, text = data
            if type(card_id) is int and type(text) is str:
                return card(card_id, Face.parse(text))
        raise NotationError(
            gettext_noop("a card is written as [id, face], not %(data)s"), data=repr(data)
        )

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


_NUMBERED = re.compile(r"^(blue|red|yellow|green|rainbow|shadow)-(\d+)$")


def _build() -> tuple[tuple[Face, ...], tuple[Card, ...]]:
    faces: list[Face] = []
    for colour in Colour:
        for value in VALUES:
            faces.append(Face._make(len(faces), Kind.NUMBER, colour, value))
    for kind in (Kind.JOKER, Kind.INFINITY, Kind.NUMX):
        faces.append(Face._make(len(faces), kind))
    for kind in (Kind.FLIP, Kind.SWIPE, Kind.ECLAIR, Kind.QUANTUM, Kind.BLOCK):
        faces.append(Face._make(len(faces), kind))
    for hand, score in MALUS_VALUES:
        faces.append(Face._make(len(faces), Kind.MALUS, hand=hand, score=score))
    cards: list[Card] = []
    for face in faces:
        for _ in range(COPIES.get(face.kind, 1)):
            cards.append(Card._make(len(cards), face))
    return tuple(faces), tuple(cards)


#: Every distinct face of the box, in a fixed order (numbered by colour then value,
#: specials, actions).
FACES, DECK = _build()
MALUS_FACES = tuple(face for face in FACES if face.kind is Kind.MALUS)
#: Every other Malus a table may print, ordered after the box's faces (hand, then score,
#: from high to low), so that the box's faces keep their order and recorded actions theirs.
_TABLE_MALUS_FACES = tuple(
    Face._make(len(FACES) + index, Kind.MALUS, hand=hand, score=score)
    for index, (hand, score) in enumerate(
        (hand, score)
        for hand in reversed(MALUS_RANGE)
        for score in reversed(MALUS_RANGE)
        if (hand, score) not in {*MALUS_VALUES, (0, 0)}
    )
)
_BY_TEXT = {face.text: face for face in (*FACES, *_TABLE_MALUS_FACES)}
_BY_NUMBER = {(face.colour, face.value): face for face in FACES if face.is_numbered}
_MALUS_BY_VALUES = {(face.hand, face.score): face for face in (*MALUS_FACES, *_TABLE_MALUS_FACES)}
#: The ids of the five Malus cards, which carry a table's own values.
MALUS_IDS = tuple(card.id for card in DECK if card.face.kind is Kind.MALUS)
_CARDS = {(card.id, card.face): card for card in DECK}
JOKER = _BY_TEXT["joker"]
INFINITY = _BY_TEXT["infinity"]
NUMX = _BY_TEXT["num-x"]
FLIP = _BY_TEXT["flip"]
SWIPE = _BY_TEXT["swipe"]
ECLAIR = _BY_TEXT["eclair"]
QUANTUM = _BY_TEXT["quantum"]
BLOCK = _BY_TEXT["block"]

#: The 109 cards of a game without Action cards (Family mode).
DECK_WITHOUT_ACTIONS = tuple(card for card in DECK if not card.face.is_action)


def number_face(colour: Colour, value: int) -> Face:
    """The numbered face of that colour and value."""
    try:
        return _BY_NUMBER[(colour, value)]
    except KeyError:
        raise NotationError(
            gettext_noop("no %(colour)s card of value %(value)s"), colour=colour.value, value=value
        ) from None


def rainbow(value: int) -> Face:
    """The Rainbow of ``value`` (there is one per value)."""
    return number_face(Colour.RAINBOW, value)


def shadow(value: int) -> Face:
    """The Shadow of ``value`` (there is one per value)."""
    return number_face(Colour.SHADOW, value)


def malus_face(hand: int, score: int) -> Face:
    """The Malus face of hand X ``hand`` and score Y ``score``, each from -3 to +3.

    >>> malus_face(2, -1) is Face.parse("malus+2/-1")
    True
    >>> malus_face(0, 0)
    Traceback (most recent call last):
    games.engine.numx.errors.NotationError: a Malus card's numbers go from -3 to +3, not both 0
    """
    try:
        return _MALUS_BY_VALUES[(hand, score)]
    except KeyError:
        raise NotationError(
            gettext_noop("a Malus card's numbers go from -3 to +3, not both 0")
        ) from None


def card(card_id: int, face: Face) -> Card:
    """The physical card ``card_id`` printed with ``face``: the box's card, or one of the
    five Malus cards carrying a table's own values.

    >>> card(120, Face.parse("malus-3/+3"))
    Card(120, 'malus-3/+3')
    """
    found = _CARDS.get((card_id, face))
    if found is None:
        if card_id not in MALUS_IDS or face.kind is not Kind.MALUS:
            raise NotationError(
                gettext_noop("card %(id)s is never a %(card)s"), id=card_id, card=face
            )
        found = _CARDS.setdefault((card_id, face), Card._make(card_id, face))
    return found


@functools.cache
def deck(malus_values: tuple[tuple[int, int], ...] = MALUS_VALUES) -> tuple[Card, ...]:
    """The 125 cards of a table whose five Malus cards carry ``malus_values`` (hand X,
    score Y), the other 120 being the box's own.

    >>> deck() == DECK
    True
    >>> [str(c) for c in deck(((1, 1), (1, 1), (3, 0), (-3, 0), (0, -3)))[-5:]]
    ['malus+1/+1', 'malus+1/+1', 'malus+3/+0', 'malus-3/+0', 'malus+0/-3']
    """
    if len(malus_values) != len(MALUS_IDS):
        raise NotationError(
            gettext_noop("the box holds %(count)d Malus cards"), count=len(MALUS_IDS)
        )
    malus = (card(i, malus_face(*pair)) for i, pair in zip(MALUS_IDS, malus_values, strict=True))
    return tuple(c for c in DECK if c.id not in MALUS_IDS) + tuple(malus)


def parse_faces(text: str | Iterable[str]) -> tuple[Face, ...]:
    """Faces from space-separated notation or from an iterable of card names."""
    words = text.split() if isinstance(text, str) else list(text)
    return tuple(Face.parse(word) for word in words)


def parse_cards(text: str | Iterable[str], cards_in_box: Sequence[Card] = DECK) -> tuple[Card, ...]:
    """Distinct physical cards of ``cards_in_box`` (a table's :func:`deck`) for the named
    faces: ``joker joker`` gives both jokers.

    A bare ``malus`` names the next malus card not yet named. More copies than the box
    holds is an error.
    """
    words = text.split() if isinstance(text, str) else list(text)
    taken: set[int] = set()
    cards: list[Card] = []
    for word in words:
        if word.strip().lower() == "malus":
            candidates = [c for c in cards_in_box if c.face.kind is Kind.MALUS]
        else:
            face = Face.parse(word)
            candidates = [c for c in cards_in_box if c.face is face]
        found = next((c for c in candidates if c.id not in taken), None)
        if found is None:
            raise NotationError(
                gettext_noop("the box holds only %(count)d × %(card)s"),
                count=len(candidates),
                card=word.strip().lower(),
            )
        taken.add(found.id)
        cards.append(found)
    return tuple(cards)
