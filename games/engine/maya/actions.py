"""Actions: everything a seat, or chance, can do. Immutable, hashable value objects.

Each prints in the notation :func:`games.engine.maya.notation.parse_action` reads back
(``parse_action(str(action)) == action``)::

    play +4                      one card
    play joker -3                a Joker (Jaguar) counting as -3
    play temple then -2          a Temple of Zero, then the card it lets you play at once
    play skip then +1            two players, first edition: a Skip, then the second card
    start -3                     the dealer: a Joker turned up starts the count at -3
    guess 2 7                    expert variant: "seat 2's secret number is 7"
    deal CARDS… [start N]        chance: the shuffled deck, top first (N: first edition, a
                                 Joker turned up names the starting count in the deal)
    mix TOKENS…                  chance: the shuffled tokens, top first
    shuffle CARDS…               chance: the discard pile reshuffled into a new draw pile

A Temple's follow-up card is part of the same move, not a second action: a one-move-a-day
game would otherwise make the table wait a day for a card the rules say is played "at once".
"""

from __future__ import annotations

from dataclasses import dataclass

from games.engine.maya.cards import Card, Kind


@dataclass(frozen=True, slots=True)
class Deal:
    """Chance: the shuffled deck, top card first. Five cards go to each seat in blocks
    (seat 0 first), the next card is turned up, the rest is the draw pile. ``start`` is the
    count a turned-up Joker names in a first-edition game (the dealer's choice, made by
    chance); from the second edition the dealer makes it (:class:`Start`)."""

    order: tuple[Card, ...]
    start: int | None = None

    def __str__(self) -> str:
        text = " ".join(("deal", *(str(card) for card in self.order)))
        return text if self.start is None else f"{text} start {self.start:+d}"


@dataclass(frozen=True, slots=True)
class Start:
    """The dealer's choice of the starting count, when the deal turned up a Joker."""

    count: int

    def __str__(self) -> str:
        return f"start {self.count:+d}"


@dataclass(frozen=True, slots=True)
class Mix:
    """Chance: the mixed tokens, top first. Each seat draws one in seat order."""

    order: tuple[int, ...]

    def __str__(self) -> str:
        return " ".join(("mix", *(str(token) for token in self.order)))


@dataclass(frozen=True, slots=True)
class Shuffle:
    """Chance: the discard pile reshuffled into a new draw pile, top card first."""

    order: tuple[Card, ...]

    def __str__(self) -> str:
        return " ".join(("shuffle", *(str(card) for card in self.order)))


@dataclass(frozen=True, slots=True)
class Played:
    """One card laid on the discard pile; ``value`` is what a Joker counts as."""

    card: Card
    value: int | None = None

    @property
    def step(self) -> int:
        """What the card adds to the count (0 for Skip, Reverse and Temple)."""
        if self.card.kind is Kind.JOKER:
            return self.value or 0
        return self.card.value

    def __str__(self) -> str:
        if self.value is None:
            return str(self.card)
        return f"{self.card} {self.value:+d}"


@dataclass(frozen=True, slots=True)
class Play:
    """A turn of cards: one card, or a Temple (or, in a first-edition game of two, a Skip)
    and what follows it."""

    cards: tuple[Played, ...]

    def __str__(self) -> str:
        return "play " + " then ".join(str(played) for played in self.cards)


@dataclass(frozen=True, slots=True)
class Guess:
    """Expert variant: instead of playing, say that seat ``target``'s secret is ``number``."""

    target: int
    number: int

    def __str__(self) -> str:
        return f"guess {self.target} {self.number}"


Action = Deal | Start | Mix | Shuffle | Play | Guess
