"""Actions: everything a seat, or chance, can do. Immutable, hashable value objects.

Each action prints in the notation :func:`games.engine.objectifs.notation.parse_action`
reads back (``str(parse_action(text)) == text`` for canonical text). Cards are named by
their face; a card taken from a player's malus cards says whose: ``7@2`` is the 7 in front
of seat 2 (copies of one face in one place are interchangeable).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Final, Literal

from games.engine.climbing import implied_value, with_named_value
from games.engine.objectifs.cards import ECHANGE, Card, value_text
from games.engine.objectifs.objectives import Objective

ALL: Final = "all"
#: A seat, or every player (the card's player included).
Target = int | Literal["all"]
#: Where a card comes from: its player's hand, or the malus cards in front of a seat.
HAND: Final = -1


class Direction(enum.Enum):
    """Where an Echange on every player turns the malus cards: to the right-hand neighbour
    (the next seat in play order) or the left-hand one."""

    RIGHT = "right"
    LEFT = "left"


def card_at(card: Card, row: int) -> str:
    """A card's notation with where it comes from: ``7`` from the hand, ``7@2`` from the
    malus cards of seat 2."""
    return str(card) if row == HAND else f"{card}@{row}"


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance, at each round's start: the shuffled playing cards, top first (hands are
    dealt in blocks of 13 from the top, seat 0 first; the rest is the draw pile), and, with
    the Objective cards, their shuffled order (seat ``s`` draws the ``s``-th)."""

    order: tuple[Card, ...]
    objectives: tuple[Objective, ...] = ()

    def __str__(self) -> str:
        words = ["deal", *map(str, self.order)]
        if self.objectives:
            words += ["objectives", *(objective.value for objective in self.objectives)]
        return " ".join(words)


@dataclass(frozen=True, slots=True, init=False)
class Lay:
    """The set-up: the two cards of the hand a player lays face up as malus cards."""

    cards: tuple[Card, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards)))

    def __str__(self) -> str:
        return " ".join(("lay", *map(str, self.cards)))


@dataclass(frozen=True, slots=True)
class Echange:
    """Echange: swap one's malus cards with another player's (``target`` a seat), or turn
    every player's to the neighbour in ``direction`` (``target`` :data:`ALL`). ``row``:
    where the card comes from (:data:`HAND`, or the seat whose malus card it is)."""

    target: Target
    direction: Direction | None = None
    row: int = HAND

    @property
    def card(self) -> Card:
        return ECHANGE

    def __str__(self) -> str:
        text = f"{card_at(ECHANGE, self.row)} {self.target}"
        return text if self.direction is None else f"{text} {self.direction.value}"


@dataclass(frozen=True, slots=True)
class MalusPlus:
    """Malus +: ``target`` (a seat, or :data:`ALL`: every player, the card's player
    included) draws ``card.hand`` cards into the hand and ``card.row`` cards onto their
    malus cards. ``row``: where the card comes from."""

    card: Card
    target: Target
    row: int = HAND

    def __str__(self) -> str:
        return f"{card_at(self.card, self.row)} {self.target}"


CardAction = Echange | MalusPlus
CARD_ACTIONS: Final = (Echange, MalusPlus)


@dataclass(frozen=True, slots=True)
class RowCard:
    """A card taken from the malus cards in front of ``seat``."""

    seat: int
    card: Card

    def sort_key(self) -> tuple[int, tuple[int, int, int, int]]:
        return self.seat, self.card.sort_key()

    def __lt__(self, other: RowCard) -> bool:
        return self.sort_key() < other.sort_key()

    def __str__(self) -> str:
        return card_at(self.card, self.seat)


@dataclass(frozen=True, slots=True, init=False)
class Play:
    """Lay a pli: cards from the hand and from any player's malus cards (``rows``), and
    with it, if the player wishes, one Echange or Malus + (``action``), whose effect follows
    the pli. ``value`` is the value X-Jokers laid without a classic card name; it is
    ``None`` whenever the cards give it (or for Num-X)."""

    hand: tuple[Card, ...]
    rows: tuple[RowCard, ...]
    value: int | None
    action: CardAction | None

    def __init__(
        self,
        hand: tuple[Card, ...] = (),
        rows: tuple[RowCard, ...] = (),
        value: int | None = None,
        action: CardAction | None = None,
    ) -> None:
        object.__setattr__(self, "hand", tuple(sorted(hand, key=Card.sort_key)))
        object.__setattr__(self, "rows", tuple(sorted(rows, key=RowCard.sort_key)))
        implied = implied_value(self.hand)
        if implied is None:
            implied = implied_value(taken.card for taken in self.rows)
        if value == implied:
            value = None  # the cards say it
        named = value
        object.__setattr__(self, "value", named)
        object.__setattr__(self, "action", action)

    def carrying(self, action: CardAction) -> Play:
        """This pli with ``action`` played along (its cards already in order: a turn's
        moves list each pli with each Echange and Malus +, hundreds of them)."""
        play = object.__new__(Play)
        for name, value in (
            ("hand", self.hand),
            ("rows", self.rows),
            ("value", self.value),
            ("action", action),
        ):
            object.__setattr__(play, name, value)
        return play

    @property
    def cards(self) -> tuple[Card, ...]:
        """Every card of the pli, the hand's first."""
        return (*self.hand, *(taken.card for taken in self.rows))

    @property
    def pli_value(self) -> int | None:
        """The pli's value: its classic cards', or the one its X-Jokers name."""
        return implied_value(self.cards) if self.value is None else self.value

    def __str__(self) -> str:
        text = " ".join(("play", *map(str, self.hand), *map(str, self.rows)))
        if self.value is not None:
            text = with_named_value(text, value_text(self.value))
        if self.action is not None:
            text += f" + {self.action}"
        return text


@dataclass(frozen=True, slots=True)
class Draw:
    """Draw one card into the hand: the top of the pile (``row`` :data:`HAND`, ``card``
    ``None``), or ``card`` from the malus cards in front of seat ``row``."""

    row: int = HAND
    card: Card | None = None

    def __str__(self) -> str:
        return "draw" if self.card is None else f"draw {card_at(self.card, self.row)}"


@dataclass(frozen=True, slots=True)
class Pass:
    """Pass this turn, keeping one's cards for later."""

    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, slots=True, init=False)
class Replace:
    """At the end of a trick, complete one's malus cards: ``cards`` from the hand and
    ``draws`` cards drawn from the pile, face up."""

    cards: tuple[Card, ...]
    draws: int

    def __init__(self, cards: tuple[Card, ...] = (), draws: int = 0) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards)))
        object.__setattr__(self, "draws", draws)

    def __str__(self) -> str:
        return " ".join(("replace", *map(str, self.cards), *("draw",) * self.draws))


Action = Deal | Lay | Play | Echange | MalusPlus | Draw | Pass | Replace
