"""A full Numenko state one seat cannot tell from the real one, for the search bot.

A seat knows its own tiles, every grid as it shows (in rounds mode, as the last round left
them), the size of every hand and of the pot, who has moved this round and what each seat
asked the pot for. It does not know which tiles the others hold and which lie in the pot:
those are dealt again, each hand keeping its size, from the tiles the seat has not seen.
Another seat's move still secret this round becomes keeping its grid and exchanging a tile
of its new hand (any move is consistent with what the seat knows; this one is always
legal), and the tile another seat gives back in an exchange waiting for the draw becomes one
of its new hand.
"""

from __future__ import annotations

import random

from games.engine.numenko.actions import Play, Request
from games.engine.numenko.state import Ask, NumenkoState, Phase
from games.engine.numenko.tiles import bag


def determinize(state: NumenkoState, seat: int, rng: random.Random) -> NumenkoState:
    """A state consistent with all ``seat`` knows of ``state``, the others' hands, the pot
    and the others' secrets drawn again with ``rng``.

    >>> from games.engine.numenko.positions import arrange
    >>> from games.engine.numenko.view import view
    >>> real = arrange(["2x4=8", "1+1=2"], ["79MM", "0123"])
    >>> sampled = determinize(real, 0, random.Random(3))
    >>> view(sampled, 0) == view(real, 0), sampled.hands[1] != real.hands[1]
    (True, True)
    """
    if state.phase in (Phase.DEAL, Phase.GAME_OVER):
        # Before the deal nothing is dealt; once over, everything is shown.
        return state
    others = [other for other in state.config.seats if other != seat]
    unseen = [*state.pot, *(tile for other in others for tile in state.hands[other])]
    rng.shuffle(unseen)
    hands = list(state.hands)
    for other in others:
        size = len(hands[other])
        hands[other], unseen = bag(unseen[:size]), unseen[size:]
    submitted = list(state.submitted)
    asked = list(state.asked)
    for other in others:
        if submitted[other] is not None:
            submitted[other] = Play(exchange=rng.choice(hands[other]))
        ask = asked[other]
        if ask is not None and ask.request is Request.EXCHANGE:
            asked[other] = Ask(Request.EXCHANGE, rng.choice(hands[other]))
    return state._replace(
        pot=bag(unseen),
        hands=tuple(hands),
        submitted=tuple(submitted),
        asked=tuple(asked),
    )
