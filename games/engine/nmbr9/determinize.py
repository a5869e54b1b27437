"""A full NMBR 9 state one seat cannot tell from the real one, for the search bot.

A seat knows the cards turned up so far, every stack as it stood when the last card was
revealed, its own tile of the current card, and who has placed that card. It does not know
two things, which are drawn again:

- **the order of the cards still face down**: the cards left (the box's 20 less those
  turned up) in a new order;
- **another seat's secret tile of the current card** (placed, not yet revealed): a legal
  placement of that card on that seat's revealed stack. It is the one the game's own bot
  (:func:`~games.engine.nmbr9.bots.greedy_action`) would choose, ties drawn at random:
  every legal placement is consistent with what the seat knows, and the greedy one is
  what the search's play-outs assume every seat plays, where a placement drawn uniformly
  would lie on the table at level 0 nearly always and score nothing.
"""

from __future__ import annotations

import random

from games.engine.nmbr9.actions import Place
from games.engine.nmbr9.bots import greedy_action
from games.engine.nmbr9.stack import Stack, settle
from games.engine.nmbr9.state import Nmbr9State, Phase, replace_at


def determinize(state: Nmbr9State, seat: int, rng: random.Random) -> Nmbr9State:
    """A state consistent with all ``seat`` knows of ``state``, the hidden order of the
    cards left and the others' secret tiles drawn again with ``rng``.

    >>> from games.engine.nmbr9.positions import arrange
    >>> from games.engine.nmbr9.view import view
    >>> real = arrange([["place 0 at 0,0"], ["place 0 at 0,0", "place 1 at 3,0"]], 1, [1])
    >>> sampled = determinize(real, 0, random.Random(3))
    >>> view(sampled, 0) == view(real, 0), sampled.deck[:2]
    (True, (0, 1))
    >>> sorted(sampled.deck) == sorted(real.deck), sampled.deck != real.deck
    (True, True)
    """
    if state.phase is not Phase.PLACE:
        # Before the shuffle nothing is dealt; once over, everything is shown.
        return state
    left = list(state.deck[state.turned :])
    rng.shuffle(left)
    stacks = tuple(
        _secret_tile_again(state, owner, rng) if owner != seat and state.placed[owner] else stack
        for owner, stack in enumerate(state.stacks)
    )
    return state._replace(deck=(*state.deck[: state.turned], *left), stacks=stacks)


def _secret_tile_again(state: Nmbr9State, owner: int, rng: random.Random) -> Stack:
    """``owner``'s stack with its secret tile of the current card placed again."""
    revealed = Stack(state.stacks[owner].tiles[:-1])
    place = greedy_action(
        state._replace(stacks=replace_at(state.stacks, owner, revealed)), owner, rng
    )
    assert isinstance(place, Place)  # a seat's move while a card is face up
    return revealed.add(settle(revealed, place.digit, place.x, place.y, place.turn))
