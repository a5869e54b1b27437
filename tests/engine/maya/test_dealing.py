"""Chance: the deal and the first card (a Joker's starting count, the dealer's choice), the
mixing of the tokens, and the configuration (its rules edition)."""

import random

import pytest

from games.engine.maya import (
    CHANCE,
    DECK,
    EDITION,
    FIRST_EDITION,
    RULES,
    TOKENS,
    Card,
    ConfigError,
    Deal,
    Kind,
    MayaConfig,
    Mix,
    Phase,
    Start,
    apply,
    awaiting,
    legal_actions,
    new_game,
    parse_cards,
    to_act,
)
from games.engine.maya.dealing import starting_card
from games.engine.maya.state import EDITIONS

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


def test_a_joker_turned_up_waits_for_the_dealer_to_choose_the_starting_count() -> None:
    """Rule book: "S'il s'agit d'un Joker, le donneur choisit le nombre de départ." The
    dealer (the last seat) chooses, having seen their hand, before the tokens are mixed."""
    order = _deck_with_start("joker", 4)
    state = apply(new_game(MayaConfig(4)), CHANCE, Deal(order))
    assert state.phase is Phase.START
    assert to_act(state) == {3} and awaiting(state) == {3}
    assert RULES.view(state, 3)["hands"][3] == [str(card) for card in sorted(order[15:20])]
    assert RULES.view(state, 0)["hands"][3] is None
    assert {str(action) for action in legal_actions(state, 3)} == {
        f"start {value:+d}" for value in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)
    }
    assert not legal_actions(state, 0) and not legal_actions(state, CHANCE)
    assert refused(state, 0, "start -2") == "maya.turn"
    assert refused(state, 3, "play -1") == "maya.phase"
    assert refused(state, 3, "start 0") == "maya.start"
    assert refused(state, 3, "start +6") == "maya.start"
    assert refused(state, CHANCE, Mix(TOKENS)) == "maya.phase"
    state = apply(state, 3, Start(-2))
    assert state.total == -2 and state.phase is Phase.MIX
    assert [str(card) for card in state.discard] == ["joker"]
    assert refused(state, 3, "start -2") == "maya.phase"
    state = apply(state, CHANCE, Mix(TOKENS))
    assert state.phase is Phase.PLAY and state.turn == 0 and state.total == -2


def test_the_deal_names_no_start_from_the_second_edition() -> None:
    order = _deck_with_start("joker", 2)
    assert refused(new_game(MayaConfig(2)), CHANCE, Deal(order, start=3)) == "maya.deal"


def test_in_a_first_edition_game_the_deal_names_a_jokers_starting_count() -> None:
    """Games recorded before the second edition: chance made the dealer's choice in the
    deal itself, and they replay so."""
    first = MayaConfig(4, edition=FIRST_EDITION)
    order = _deck_with_start("joker", 4)
    state = apply(new_game(first), CHANCE, Deal(order, start=-4))
    assert state.total == -4 and state.phase is Phase.MIX
    assert refused(new_game(first), CHANCE, Deal(order)) == "maya.deal"
    assert refused(new_game(first), CHANCE, Deal(order, start=0)) == "maya.deal"
    plain = _deck_with_start("+1", 4)
    assert refused(new_game(first), CHANCE, Deal(plain, start=2)) == "maya.deal"


def test_the_deal_is_one_order_of_the_69_cards() -> None:
    assert refused(new_game(MayaConfig(2)), CHANCE, Deal(DECK[1:])) == "maya.deal"
    assert refused(new_game(MayaConfig(2)), CHANCE, Deal((*DECK[1:], DECK[-1]))) == "maya.deal"


@pytest.mark.parametrize("edition", EDITIONS)
def test_chance_samples_legal_deals_naming_a_start_only_for_a_first_edition_joker(
    edition: int,
) -> None:
    state = new_game(MayaConfig(2, edition=edition))
    space = legal_actions(state, CHANCE)
    assert not space.listable
    jokers = 0
    for seed in range(120):
        deal = space.sample(random.Random(seed))
        assert deal in space
        assert isinstance(deal, Deal)
        joker = starting_card(state, deal.order).kind is Kind.JOKER
        jokers += joker
        assert (deal.start is not None) == (joker and edition == FIRST_EDITION)
    assert jokers, "no Joker turned up: the test saw only one case"


def test_a_seed_deals_the_same_cards_under_either_edition() -> None:
    """A first-edition game's committed seed must draw its recorded deal again: the order
    is drawn as it always was, the Joker's count after it."""
    for seed in range(60):
        deals = [
            RULES.chance_action(new_game(MayaConfig(3, edition=edition)), random.Random(seed))
            for edition in EDITIONS
        ]
        assert isinstance(deals[0], Deal) and isinstance(deals[1], Deal)
        assert deals[0].order == deals[1].order


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
        {"players": 3, "edition": 3},
        {"players": 3, "edition": "2"},
        {"players": 3, "edition": True},
    ],
)
def test_a_bad_configuration_is_refused(config: dict[str, object]) -> None:
    with pytest.raises(ConfigError):
        RULES.new_game(config)


def test_a_new_configuration_is_of_the_latest_edition_and_reads_back() -> None:
    state = RULES.new_game(MayaConfig(4, expert=True).to_json())
    assert state.config == MayaConfig(4, expert=True, edition=EDITION)
    assert MayaConfig.from_json(state.config.to_json()) == state.config


def test_a_configuration_without_an_edition_is_a_first_edition_game() -> None:
    """Games recorded before editions existed keep the rules they were played under."""
    assert RULES.new_game({"players": 2}).config.edition == FIRST_EDITION
