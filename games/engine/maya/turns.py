"""A turn of cards: what each card does to the count and to the order of play, the end of
the turn (revealing a matched secret number, drawing back to five), and who plays next.
"""

from __future__ import annotations

from typing import NamedTuple

from games.engine.maya.actions import Play
from games.engine.maya.cards import JOKER_VALUES, Card, Kind
from games.engine.maya.dealing import draw_cards
from games.engine.maya.errors import IllegalAction
from games.engine.maya.state import HAND_SIZE, How, MayaConfig, MayaState, replace_at
from games.engine.maya.tokens import rule_out, take_token


def continues(card: Card, config: MayaConfig) -> bool:
    """Whether laying ``card`` lets its player lay another card in the same move: a Temple
    of Zero always ("vous jouez immédiatement une autre carte", a bonus the player may
    take or leave), a Skip in a first-edition game of two ("jouez simplement une seconde
    carte", which that edition read as at once).

    >>> from games.engine.maya.cards import SKIP, TEMPLE
    >>> from games.engine.maya.state import FIRST_EDITION
    >>> first = MayaConfig(2, edition=FIRST_EDITION)
    >>> continues(SKIP, first), continues(SKIP, MayaConfig(2)), continues(TEMPLE, MayaConfig(2))
    (True, False, True)
    """
    if card.kind is Kind.TEMPLE:
        return True
    return card.kind is Kind.SKIP and config.players == 2 and not config.skip_is_a_turn


def check_play(state: MayaState, seat: int, play: Play) -> tuple[Card, ...]:
    """Refuse a play the rules forbid; else the hand it leaves.

    Every card but the last must be one that lets its player go on (:func:`continues`). A
    Temple may end the move (its bonus card is a choice); a first-edition two-player Skip
    only when it empties the hand (nothing is left to play).
    """
    if not play.cards:
        raise IllegalAction("maya.one-card", "play at least one card")
    hand = list(state.hands[seat])
    config = state.config
    for index, played in enumerate(play.cards):
        card = played.card
        if card not in hand:
            raise IllegalAction("maya.hand", "you hold no %(card)s to play", card=card)
        hand.remove(card)
        if card.kind is Kind.JOKER and played.value not in JOKER_VALUES:
            raise IllegalAction("maya.joker", "say what the Joker counts as: -5…-1 or +1…+5")
        if card.kind is not Kind.JOKER and played.value is not None:
            raise IllegalAction("maya.joker", "only a Joker names a value, not %(card)s", card=card)
        last = index == len(play.cards) - 1
        if not last and not continues(card, config):
            raise IllegalAction("maya.one-card", "after %(card)s your turn is over", card=card)
        if last and card.kind is Kind.SKIP and continues(card, config) and hand:
            raise IllegalAction(
                "maya.skip", "after %(card)s, play a second card at once", card=card
            )
    return tuple(hand)


class Result(NamedTuple):
    """What a turn's cards did: the new count and direction, and whether a Skip struck."""

    #: The count ("le décompte"): what the cards played add up to, announced each turn.
    total: int
    direction: int
    skip: bool


def resolve(count: int, direction: int, play: Play, config: MayaConfig) -> Result:
    """The count and the order of play after ``play``'s cards, in order.

    Numbered cards and Jokers add their value; a Temple of Zero sets the count to 0; a
    Reverse flips the count's sign and, with three or more players, the order of play; a
    Skip leaves the count and makes the next player lose their turn (with two players, the
    opponent: its player plays again), except in a first-edition game of two, where it
    asked for a second card instead.

    >>> from games.engine.maya.notation import parse_action
    >>> resolve(6, 1, parse_action("play reverse"), MayaConfig(3))
    Result(total=-6, direction=-1, skip=False)
    >>> resolve(7, 1, parse_action("play temple then -2"), MayaConfig(2))
    Result(total=-2, direction=1, skip=False)
    >>> resolve(4, 1, parse_action("play skip"), MayaConfig(2))
    Result(total=4, direction=1, skip=True)
    """
    players = config.players
    skip = False
    for played in play.cards:
        kind = played.card.kind
        if kind is Kind.TEMPLE:
            count = 0
        elif kind is Kind.REVERSE:
            count = -count
            direction = -direction if players > 2 else direction
        elif kind is Kind.SKIP:
            skip = skip or not continues(played.card, config)
        else:
            count += played.step
    return Result(count, direction, skip)


def next_seat(seat: int, direction: int, players: int, skip: bool = False) -> int:
    """Who plays after ``seat``: the next seat in ``direction``, or the one after it when
    a Skip makes the next player lose their turn (with two players, ``seat`` again).

    >>> next_seat(0, -1, 4), next_seat(3, 1, 4, skip=True), next_seat(1, 1, 2, skip=True)
    (3, 1, 1)
    """
    return (seat + direction * (2 if skip else 1)) % players


def play(state: MayaState, seat: int, action: Play) -> MayaState:
    """``seat`` lays its cards; then, if the count is its secret number, it reveals the
    token (its fifth wins at once) and draws a new one; then it draws back to five."""
    hand = check_play(state, seat, action)
    result = resolve(state.total, state.direction, action, state.config)
    state = state._replace(
        hands=replace_at(state.hands, seat, hand),
        discard=(*state.discard, *(played.card for played in action.cards)),
        total=result.total,
        direction=result.direction,
        turn=next_seat(seat, result.direction, state.players, result.skip),
        turns=state.turns + 1,
        left=replace_at(state.left, seat, result.total),
    )
    if state.secrets[seat] == result.total:
        state = take_token(state, seat, seat, How.REVEALED)
        if state.winner is not None:
            return state
    else:
        state = rule_out(state, seat, result.total)
    return draw_cards(state, seat, HAND_SIZE - len(hand))
