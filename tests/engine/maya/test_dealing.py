"""Chance: the deal and the first card, the mixing of the tokens, and the configuration."""

import random

import pytest

from games.engine.maya import (
    CHANCE,
    DECK,
    RULES,
    TOKENS,
    Card,
    ConfigError,
    Deal,
    Kind,
    MayaConfig,
    Mix,
    Phase,
    apply,
    legal_actions,
    new_game,
    parse_cards,
)
from games.engine.maya.dealing import starting_card

from .conftest import refused


def _deck_with_start(first: str, players: int) -> tuple[Card, ...]:
    """The deck in box order, with ``first`` moved to where the deal turns a card up."""
    cards = list(DECK)
    card = parse_cards(first)[0]
    cards.remove(card)
    cards.insert(5 * players, card)
    return tuple(cards)


def test_each_seat_gets_five_cards_and_the_next_is_turned_up() -> None:
    order = _deck_with_start("+3", 3)
    state = apply(new_game(MayaConfig(3)), CHANCE, Deal(order))
    assert [len(hand) for hand in state.hands] == [5, 5, 5]
    assert state.hands[1] == order[5:10]
    assert [str(card) for card in state.discard] == ["+3"]
    assert len(state.pile) == 69 - 16
    assert state.total == 3
    assert state.phase is Phase.MIX


@pytest.mark.parametrize("first", ["skip", "reverse", "temple"])
def test_a_special_card_turned_up_starts_the_count_at_zero(first: str) -> None:
    """Rule book: "S'il s'agit d'une carte Skip ou Reverse, le nombre de départ est zéro."
    Decision: a Temple of Zero starts it at zero too."""
    state = apply(new_game(MayaConfig(2)), CHANCE, Deal(_deck_with_start(first, 2)))
    assert state.total == 0


def test_a_joker_turned_up_starts_at_the_count_chance_names_for_the_dealer() -> None:
    """Decision: the dealer chooses before anyone has drawn a secret number, so the choice
    carries no information; chance makes it, in the deal, and nobody waits a day."""
    order = _deck_with_start("joker", 4)
    state = apply(new_game(MayaConfig(4)), CHANCE, Deal(order, start=-4))
    assert state.total == -4
    assert refused(new_game(MayaConfig(4)), CHANCE, Deal(order)) == "maya.deal"
    assert refused(new_game(MayaConfig(4)), CHANCE, Deal(order, start=0)) == "maya.deal"
    plain = _deck_with_start("+1", 4)
    assert refused(new_game(MayaConfig(4)), CHANCE, Deal(plain, start=2)) == "maya.deal"


def test_the_deal_is_one_order_of_the_69_cards() -> None:
    assert refused(new_game(MayaConfig(2)), CHANCE, Deal(DECK[1:])) == "maya.deal"
    assert refused(new_game(MayaConfig(2)), CHANCE, Deal((*DECK[1:], DECK[-1]))) == "maya.deal"


def test_chance_samples_legal_deals_naming_a_start_only_for_a_joker() -> None:
    state = new_game(MayaConfig(2))
    space = legal_actions(state, CHANCE)
    assert not space.listable
    for seed in range(60):
        deal = space.sample(random.Random(seed))
        assert deal in space
        assert isinstance(deal, Deal)
        assert (deal.start is not None) == (starting_card(state, deal.order).kind is Kind.JOKER)


def test_each_seat_draws_a_token_and_seat_0_plays_first() -> None:
    """Seat 0 sits left of the dealer (the last seat) and plays first."""
    state = apply(new_game(MayaConfig(3)), CHANCE, Deal(_deck_with_start("+1", 3)))
    order = _tokens_starting(7, 2, 9)
    state = apply(state, CHANCE, Mix(order))
    assert state.secrets == (7, 2, 9)
    assert state.supply == order[3:]
    assert state.phase is Phase.PLAY and state.turn == 0


def _tokens_starting(*first: int) -> tuple[int, ...]:
    rest = list(TOKENS)
    for token in first:
        rest.remove(token)
    return (*first, *rest)


def test_the_mix_is_one_order_of_the_20_tokens() -> None:
    state = apply(new_game(MayaConfig(2)), CHANCE, Deal(_deck_with_start("+1", 2)))
    assert refused(state, CHANCE, Mix(TOKENS[1:])) == "maya.mix"
    assert refused(state, CHANCE, Deal(DECK)) == "maya.phase"
    assert refused(state, 0, "play +1") == "maya.phase"


@pytest.mark.parametrize(
    "config",
    [
        {},
        {"players": 1},
        {"players": 5},
        {"players": "3"},
        {"players": 3, "expert": "yes"},
        {"players": 3, "teams": True},
        {"players": True},
    ],
)
def test_a_bad_configuration_is_refused(config: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        RULES.new_game(config)


def test_a_configuration_reads_back() -> None:
    state = RULES.new_game({"players": 4, "expert": True})
    assert state.config == MayaConfig(4, expert=True)
    assert MayaConfig.from_json(state.config.to_json()) == state.config
