"""Chance's moves: the deal and the first card, the mixing of the tokens, and the reshuffle
of an exhausted draw pile. Each carries its outcome, so that replaying a game never shuffles.
"""

from __future__ import annotations

from collections import Counter

from games.engine.maya.actions import Deal, Mix, Shuffle, Start
from games.engine.maya.cards import DECK_COUNTS, JOKER_VALUES, Card, Kind
from games.engine.maya.errors import IllegalAction
from games.engine.maya.state import HAND_SIZE, MayaState, Owed, Phase, replace_at
from games.engine.maya.tokens import TOKENS, draw_secret


def starting_card(state: MayaState, order: tuple[Card, ...]) -> Card:
    """The card a deal of ``order`` turns up: the one after every seat's five cards."""
    return order[HAND_SIZE * state.players]


def check_deal(state: MayaState, deal: Deal) -> None:
    """Refuse (``maya.deal``) an order that is not the 69 cards, or a starting count given
    when it should not be or missing when it should: in a first-edition game a turned-up
    Joker names one, and only it; from the second edition the dealer names it
    (:func:`start`), never the deal."""
    if Counter(deal.order) != DECK_COUNTS:
        raise IllegalAction("maya.deal", "the deal must be one order of the 69 cards")
    if deal_names_start(state, deal.order):
        if deal.start not in JOKER_VALUES:
            raise IllegalAction("maya.deal", "a Joker turned up names a count: -5…-1 or 1…5")
    elif deal.start is not None:
        raise IllegalAction("maya.deal", "this deal names no starting count")


def deal_names_start(state: MayaState, order: tuple[Card, ...]) -> bool:
    """Whether a deal of ``order`` names the starting count: in a first-edition game, when
    it turns up a Joker (chance then makes the dealer's choice)."""
    joker = starting_card(state, order).kind is Kind.JOKER
    return joker and not state.config.dealer_chooses_start


def deal(state: MayaState, action: Deal) -> MayaState:
    """Five cards to each seat, then the next card turned up gives the starting count: its
    value, 0 for Skip, Reverse and Temple of Zero, a Joker's chosen count. A Joker's count
    comes with the deal in a first-edition game; from the second edition the dealer, having
    seen their hand, chooses it next (phase ``start``), before the tokens are mixed."""
    check_deal(state, action)
    order = action.order
    seats = state.players
    first = starting_card(state, order)
    count = action.start if action.start is not None else first.value
    choose = first.kind is Kind.JOKER and state.config.dealer_chooses_start
    return state._replace(
        phase=Phase.START if choose else Phase.MIX,
        hands=tuple(order[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(seats)),
        discard=(first,),
        pile=order[seats * HAND_SIZE + 1 :],
        total=count,
    )


def start(state: MayaState, action: Start) -> MayaState:
    """The dealer names the count the Joker turned up starts at; then the tokens are mixed.

    >>> from games.engine.maya.state import MayaConfig, new_game
    >>> waiting = new_game(MayaConfig(2))._replace(phase=Phase.START)
    >>> start(waiting, Start(-3)).total, start(waiting, Start(-3)).phase
    (-3, <Phase.MIX: 'mix'>)
    """
    if action.count not in JOKER_VALUES:
        raise IllegalAction("maya.start", "the Joker starts the count at -5…-1 or 1…5")
    return state._replace(total=action.count, phase=Phase.MIX)


def mix(state: MayaState, action: Mix) -> MayaState:
    """The tokens, mixed face down; each seat draws one, in seat order, then play starts."""
    if sorted(action.order) != list(TOKENS):
        raise IllegalAction("maya.mix", "the mix must be one order of the 20 tokens")
    state = state._replace(supply=action.order, phase=Phase.PLAY)
    for seat in state.config.seats:
        state = draw_secret(state, seat)
    return state


def reshuffle(state: MayaState, action: Shuffle) -> MayaState:
    """The discard pile, reshuffled, becomes the draw pile (the count is kept); the seat
    that found the pile empty then draws the cards it is owed."""
    if Counter(action.order) != Counter(state.discard):
        raise IllegalAction("maya.shuffle", "the new pile must be one order of the discard")
    owed = state.owed
    assert owed is not None
    state = state._replace(pile=action.order, discard=(), owed=None, phase=Phase.PLAY)
    return draw_cards(state, owed.seat, owed.cards)


def draw_cards(state: MayaState, seat: int, cards: int) -> MayaState:
    """``seat`` draws ``cards`` from the top of the pile; when the pile runs out first, the
    rest is owed until chance reshuffles the discard pile (:func:`reshuffle`)."""
    drawn = state.pile[:cards]
    state = state._replace(
        hands=replace_at(state.hands, seat, (*state.hands[seat], *drawn)),
        pile=state.pile[cards:],
    )
    if len(drawn) < cards:
        return state._replace(phase=Phase.RESHUFFLE, owed=Owed(seat, cards - len(drawn)))
    return state
