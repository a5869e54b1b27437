"""A full Maya state one seat cannot tell from the real one, for the search bot.

What the seat sees stays (its hand and secret number, the count, the discard, hand and pile
sizes, the tokens shown); what it does not see is dealt again from what it has not seen:
the other hands and the draw pile from the cards, the other secret numbers and the token
supply (and, in the expert variant, the numbers of the tokens others won, which stay face
down) from the tokens.

Not kept: what a wrong guess taught the table (the guessed number is not that seat's
secret) is in the history, not in the state, so a dealt secret may be a number already
guessed wrong.
"""

from __future__ import annotations

import random

from games.engine.maya.state import MayaState, Phase, Won


def determinize(state: MayaState, seat: int, rng: random.Random) -> MayaState:
    """A state consistent with ``seat``'s view of ``state``, hidden cards and tokens drawn
    again with ``rng``.

    >>> from games.engine.maya.positions import arrange
    >>> from games.engine.maya.view import view
    >>> real = arrange(["+1 joker", "-2 +3"], count=3, secrets=[4, 6])
    >>> sampled = determinize(real, 0, random.Random(1))
    >>> view(sampled, 0) == view(real, 0)
    True
    """
    if state.phase is Phase.GAME_OVER:
        return state
    others = [s for s in range(state.players) if s != seat]
    cards = [card for s in others for card in state.hands[s]] + list(state.pile)
    rng.shuffle(cards)
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(cards.pop() for _ in state.hands[s])
    hidden_won = state.config.expert
    tokens = [secret for s in others if (secret := state.secrets[s]) is not None]
    tokens += state.supply
    if hidden_won:
        tokens += [w.number for s in others for w in state.won[s]]
    rng.shuffle(tokens)
    secrets = tuple(
        state.secrets[s] if s == seat or state.secrets[s] is None else tokens.pop()
        for s in range(state.players)
    )
    won = tuple(
        tuple(Won(tokens.pop(), w.how) for w in state.won[s])
        if hidden_won and s != seat
        else state.won[s]
        for s in range(state.players)
    )
    return state._replace(
        hands=tuple(hands), pile=tuple(cards), secrets=secrets, won=won, supply=tuple(tokens)
    )
