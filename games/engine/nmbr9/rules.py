"""Applying an action: check it against the rules, then build the next state.

:func:`apply` is the only way a game moves. It never changes its input; it returns a new
state or raises :class:`~games.engine.nmbr9.errors.IllegalAction` naming the broken rule.

Every seat places the card face up at the same time; a placement is secret until all have
placed, then all are revealed together and the next card turns up (it was fixed by the
shuffle, so turning it needs no chance action).
"""

from __future__ import annotations

from collections import Counter

from games.engine.nmbr9.actions import Action, Place, Shuffle
from games.engine.nmbr9.cards import CARDS, DECK_COUNTS
from games.engine.nmbr9.errors import IllegalAction
from games.engine.nmbr9.stack import settle
from games.engine.nmbr9.state import CHANCE, Nmbr9State, Phase, replace_at


def apply(state: Nmbr9State, seat: int, action: Action) -> Nmbr9State:
    """The state after ``seat`` (or :data:`CHANCE`) plays ``action``.

    >>> from games.engine.nmbr9 import Nmbr9Config, new_game, parse_action
    >>> apply(new_game(Nmbr9Config(2)), 0, parse_action("place 3 at 0,0"))
    Traceback (most recent call last):
    ...
    games.engine.nmbr9.errors.IllegalAction: waiting for chance to shuffle the cards (rule ...)
    """
    if state.phase is Phase.GAME_OVER:
        raise IllegalAction("nmbr9.game-over", "the game is over")
    if seat == CHANCE:
        if state.phase is not Phase.SHUFFLE or not isinstance(action, Shuffle):
            raise IllegalAction("nmbr9.phase", "chance only shuffles the cards, once, first")
        return shuffle(state, action)
    if seat not in state.config.seats:
        raise IllegalAction("nmbr9.seat", "there is no seat %(seat)s", seat=seat)
    if state.phase is Phase.SHUFFLE:
        raise IllegalAction("nmbr9.phase", "waiting for chance to shuffle the cards")
    if not isinstance(action, Place):
        raise IllegalAction("nmbr9.phase", "players place tiles; chance shuffles")
    return place(state, seat, action)


def shuffle(state: Nmbr9State, action: Shuffle) -> Nmbr9State:
    """The deck in the shuffled order; its first card turns up."""
    if Counter(action.order) != DECK_COUNTS:
        raise IllegalAction("nmbr9.shuffle", "the shuffle must be one order of the 20 cards")
    return state._replace(phase=Phase.PLACE, deck=action.order, turned=1)


def place(state: Nmbr9State, seat: int, action: Place) -> Nmbr9State:
    """``seat``'s tile of the current card, on its stack; once every seat has placed, the
    placements are revealed (nothing to do: views stop hiding them) and the next card turns
    up, or the game ends after the 20th."""
    if state.placed[seat]:
        raise IllegalAction("nmbr9.once", "you have placed this card: wait for the others")
    if action.digit != state.card:
        # The digits bare: an article would be "a" or "an" by the digit ("an 8").
        raise IllegalAction(
            "nmbr9.wrong-digit",
            "place the tile of the card turned up, %(digit)s, not %(placed)s",
            digit=state.card,
            placed=action.digit,
        )
    tile = settle(state.stacks[seat], action.digit, action.x, action.y, action.turn)
    placed = replace_at(state.placed, seat, True)
    state = state._replace(
        stacks=replace_at(state.stacks, seat, state.stacks[seat].add(tile)), placed=placed
    )
    if not all(placed):
        return state
    if state.turned == CARDS:
        return state._replace(phase=Phase.GAME_OVER)
    return state._replace(turned=state.turned + 1, placed=(False,) * state.players)
