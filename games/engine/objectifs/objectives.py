"""The ten Objective cards (the book's *Option stratégique*): what each asks of a player's
malus cards at the end of a round, and what it is worth.

*Les Objectifs rapportent des points Bonus à ceux qui arrivent à les réaliser.* Every
objective is judged when the round is scored, on the malus cards then in front of the
player, except *Se défausser en premier*, which the round records as it happens (the first
player whose hand runs out), and *Ton voisin de droite*, which is judged on the right-hand
neighbour's own objective.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from games.engine.objectifs.cards import INFINITY, Card, Kind


class Objective(enum.Enum):
    """One Objective card; ``value`` is its name in notation."""

    #: *2 cartes Malus similaires* — Malus = 0, Bonus = the value of one of them.
    PAIR = "pair"
    #: *1 carte « Infini » en Malus* — Bonus = 30.
    INFINITY = "infinity"
    #: *> 20 points en malus* — Bonus = 30.
    OVER_20 = "over-20"
    #: *< 5 Points Malus* — Bonus = 10.
    UNDER_5 = "under-5"
    #: *== 7* — Bonus = 13.
    EXACTLY_7 = "exactly-7"
    #: *== 13* — Bonus = 23.
    EXACTLY_13 = "exactly-13"
    #: *Deux cartes spéciales* — Malus = 0, Bonus = 20.
    TWO_SPECIALS = "two-specials"
    #: *4 cartes Malus* — Bonus = 40.
    FOUR_MALUS = "four-malus"
    #: *Se défausser en premier de ses cartes en mains* — Bonus = 10.
    FIRST_OUT = "first-out"
    #: *Ton voisin de droite doit réussir son Objectif* — Bonus = 20.
    NEIGHBOUR = "neighbour"

    @staticmethod
    def parse(word: str) -> Objective:
        """The objective named ``word``.

        >>> Objective.parse("Under-5")
        <Objective.UNDER_5: 'under-5'>
        """
        try:
            return Objective(word.strip().lower())
        except ValueError:
            names = ", ".join(objective.value for objective in Objective)
            raise ValueError(f"{word!r} is not an objective: {names}") from None


#: The ten Objective cards, one of each, in box order.
OBJECTIVES = tuple(Objective)

#: The bonus of each objective achieved (*Pair*'s is the value of one of its cards).
BONUS = {
    Objective.INFINITY: 30,
    Objective.OVER_20: 30,
    Objective.UNDER_5: 10,
    Objective.EXACTLY_7: 13,
    Objective.EXACTLY_13: 23,
    Objective.TWO_SPECIALS: 20,
    Objective.FOUR_MALUS: 40,
    Objective.FIRST_OUT: 10,
    Objective.NEIGHBOUR: 20,
}


def right_neighbour(seat: int, players: int) -> int:
    """The player on ``seat``'s right: the next one in play order, the side an Echange
    turns malus cards to when it turns them right.

    >>> right_neighbour(3, 4), right_neighbour(0, 2)
    (0, 1)
    """
    return (seat + 1) % players


def malus_sum(row: Sequence[Card]) -> int:
    """The malus points of ``row``: the cards' values added up, an Infinity or a special
    card counting 20 (the round's score subtracts it).

    >>> from games.engine.objectifs.cards import parse_cards
    >>> malus_sum(parse_cards("infinity 7")), malus_sum(parse_cards("-2 -1"))
    (27, -3)
    """
    return sum(card.points for card in row)


def similar(first: Card, second: Card) -> bool:
    """Two classic cards of one value, or two special cards of one kind (the three Malus +
    cards are alike whatever their numbers): *similaires*."""
    return first.kind is second.kind and (
        first.kind is not Kind.CLASSIC or first.value == second.value
    )


def met(objective: Objective, row: Sequence[Card], seat: int, first_out: int) -> bool:
    """Whether ``seat``, with ``row`` as its malus cards, meets ``objective`` on its own
    (:data:`Objective.NEIGHBOUR` is judged by :func:`achieved`).

    *Pair* and *Two specials* zero the malus cards, which only makes sense of the two
    cards themselves: they need exactly two malus cards. *Infinity* and *Four malus* are met
    by at least one Infinity, at least four cards.
    """
    match objective:
        case Objective.PAIR:
            return len(row) == 2 and similar(row[0], row[1])
        case Objective.INFINITY:
            return any(card.kind is Kind.CLASSIC and card.value == INFINITY for card in row)
        case Objective.OVER_20:
            return malus_sum(row) > 20
        case Objective.UNDER_5:
            return malus_sum(row) < 5
        case Objective.EXACTLY_7:
            return malus_sum(row) == 7
        case Objective.EXACTLY_13:
            return malus_sum(row) == 13
        case Objective.TWO_SPECIALS:
            return len(row) == 2 and all(card.is_special for card in row)
        case Objective.FOUR_MALUS:
            return len(row) >= 4
        case Objective.FIRST_OUT:
            return first_out == seat
    return False


def achieved(
    seat: int,
    objectives: Sequence[Objective | None],
    rows: Sequence[Sequence[Card]],
    first_out: int,
) -> bool:
    """Whether ``seat`` achieves its objective, ``rows`` being every seat's malus cards as
    the round is scored; *Neighbour* is achieved when the right-hand neighbour achieves
    theirs (a neighbour holding *Neighbour* too, which one deck of ten cannot deal, would
    achieve nothing)."""
    objective = objectives[seat]
    if objective is None:
        return False
    if objective is not Objective.NEIGHBOUR:
        return met(objective, rows[seat], seat, first_out)
    neighbour = right_neighbour(seat, len(rows))
    theirs = objectives[neighbour]
    if theirs is None or theirs is Objective.NEIGHBOUR:
        return False
    return met(theirs, rows[neighbour], neighbour, first_out)


@dataclass(frozen=True, slots=True)
class Lines:
    """A seat's score for a round, line by line: its malus cards (negative for positive
    values), its classic cards left in hand (-2 each) and its objective's bonus."""

    malus: int
    hand: int
    bonus: int

    @property
    def total(self) -> int:
        return self.malus + self.hand + self.bonus


#: What each classic card left in hand costs, *quelles que soient leurs valeurs*.
HAND_CARD = -2


def lines(
    objective: Objective | None, success: bool, row: Sequence[Card], hand: Sequence[Card]
) -> Lines:
    """The round's score lines of a seat that holds ``hand`` and has ``row`` as its malus
    cards, its ``objective`` achieved (``success``) or not.

    The book's worked totals (*hors cartes en mains*):

    >>> from games.engine.objectifs.cards import parse_cards
    >>> lines(Objective.PAIR, True, parse_cards("8 8"), ()).total
    8
    >>> lines(Objective.EXACTLY_13, True, parse_cards("11 2"), parse_cards("3 joker")).total
    8
    """
    malus = -malus_sum(row)
    bonus = 0
    if success and objective is not None:
        if objective in (Objective.PAIR, Objective.TWO_SPECIALS):
            malus = 0  # *Malus = 0*
        bonus = row[0].points if objective is Objective.PAIR else BONUS[objective]
    return Lines(malus, HAND_CARD * sum(card.is_classic for card in hand), bonus)
