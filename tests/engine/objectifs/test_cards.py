"""The box: 101 cards, as the rule book lists them, and their notation."""

from __future__ import annotations

from collections import Counter

import pytest

from games.engine.objectifs import DECK, INFINITY, OBJECTIVES, Card, Kind, NotationError
from games.engine.objectifs.cards import VALUES, parse_cards


def test_the_box_holds_101_cards_as_the_rule_book_lists_them() -> None:
    """*Le jeu se compose de 101 cartes*: 79 classic cards (*8x cartes "infini", 5x cartes
    de 1 à 13, 3x cartes 0, 2x cartes -1, 1x carte -2*), three of each of the four special
    cards, and 10 Objective cards."""
    counts = Counter(DECK)
    classic = [card for card in DECK if card.kind is Kind.CLASSIC]
    assert len(classic) == 79 and len(DECK) - len(classic) == 12
    assert len(DECK) + len(OBJECTIVES) == 101
    assert counts[Card(Kind.CLASSIC, INFINITY)] == 8
    assert [counts[Card(Kind.CLASSIC, v)] for v in (-2, -1, 0, 1, 13)] == [1, 2, 3, 5, 5]
    assert Counter(card.kind for card in DECK if card.is_special) == {
        Kind.JOKER: 3,
        Kind.NUMX: 3,
        Kind.ECHANGE: 3,
        Kind.MALUS: 3,
    }


def test_classic_cards_have_17_values_not_the_15_the_book_says() -> None:
    """*15 valeurs différentes, avec 1 à 8 occurrences par valeur*: the list the book gives
    has 17 values (-2, -1, 0, 1 to 13, Infinity), and only those 17 add up to 79 cards."""
    values = {card.value for card in DECK if card.kind is Kind.CLASSIC}
    assert len(values) == len(VALUES) == 17
    occurrences = Counter(card.value for card in DECK if card.kind is Kind.CLASSIC)
    assert min(occurrences.values()) == 1 and max(occurrences.values()) == 8


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("-2", "-2"),
        ("+7", "7"),
        ("INF", "infinity"),
        ("∞", "infinity"),
        ("X-Joker", "joker"),
        ("numx", "num-x"),
        ("Swipe", "echange"),
        ("malus+1/+2", "malus+1/+2"),
    ],
)
def test_card_names_and_their_other_spellings(text: str, name: str) -> None:
    assert str(Card.parse(text)) == name


@pytest.mark.parametrize("text", ["14", "-3", "malus", "malus+3/+0", "blue-7", ""])
def test_what_is_not_a_card(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_every_card_prints_as_it_reads() -> None:
    assert parse_cards(" ".join(map(str, DECK))) == DECK
