"""The box: 69 cards, and their notation."""

from collections import Counter

import pytest

from games.engine.maya import DECK, TOKENS, Card, Kind, NotationError
from games.engine.maya.cards import JOKER_VALUES


def test_the_box_holds_69_cards_as_the_rule_book_lists_them() -> None:
    counts = Counter(str(card) for card in DECK)
    assert len(DECK) == 69
    for value, copies in {1: 7, 2: 7, 3: 4, 4: 4, 5: 3}.items():
        assert counts[f"+{value}"] == copies
        assert counts[f"-{value}"] == copies
    assert counts["0"] == 7
    assert (counts["joker"], counts["skip"], counts["reverse"], counts["temple"]) == (4, 3, 3, 2)


def test_the_tokens_are_two_sets_of_1_to_10() -> None:
    assert Counter(TOKENS) == Counter(list(range(1, 11)) * 2)


@pytest.mark.parametrize("text", ["+1", "-5", "0", "joker", "skip", "reverse", "temple"])
def test_a_card_reads_back_from_its_notation(text: str) -> None:
    assert str(Card.parse(text)) == text


@pytest.mark.parametrize(
    ("text", "card"), [("4", "+4"), ("JAGUAR", "joker"), ("\u22123", "-3"), ("+0", "0")]
)
def test_other_spellings_read_as_the_card(text: str, card: str) -> None:
    assert str(Card.parse(text)) == card


@pytest.mark.parametrize("text", ["+6", "-10", "wild", "", "²", "number"])
def test_what_is_no_card_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        Card.parse(text)


def test_a_joker_counts_as_any_value_but_zero() -> None:
    assert JOKER_VALUES == (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)


def test_cards_sort_numbers_first_then_specials() -> None:
    assert [str(c) for c in sorted(map(Card.parse, ["temple", "+2", "joker", "-1"]))] == [
        "-1",
        "+2",
        "joker",
        "temple",
    ]
    assert Card.parse("skip").kind is Kind.SKIP
