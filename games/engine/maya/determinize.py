"""A full Maya state one seat cannot tell from the real one, for the search bot.

What the seat sees stays (its hand and secret number, the count, the discard, hand and pile
sizes, the tokens shown); what it does not see is dealt again from what it has not seen:
the other hands and the draw pile from the cards, the other secret numbers and the token
supply from the tokens.

What the table was told and the view no longer shows stays too:

- a number a seat's current token is publicly known not to bear (``ruled_out``: a count it
  announced without revealing it, a wrong guess at it) is never dealt to it;
- in the expert variant, won tokens lie face down, but a token revealed or guessed right
  was shown to everyone in its event, and a token lost by a wrong guess to the guesser:
  only the tokens the seat never saw (lost by another seat's wrong guess) are dealt again.
"""

from __future__ import annotations

import random

from games.engine.maya.state import How, MayaState, Phase, Won


def unseen_collected(state: MayaState, seat: int) -> list[tuple[int, int]]:
    """Where the collected tokens ``seat`` never saw lie (each a seat and a place in its
    collection): in the expert variant, those another seat lost by a wrong guess to a third.

    >>> from games.engine.maya.positions import arrange
    >>> lost = Won(4, How.DEFENDED, 2)
    >>> state = arrange(["+1", "+2", "+3"], won=[[], [lost], []], expert=True)
    >>> unseen_collected(state, 0), unseen_collected(state, 2)
    ([(1, 0)], [])
    """
    return [
        (s, i)
        for s in range(state.players)
        if s != seat
        for i, w in enumerate(state.won[s])
        if state.config.expert and w.how is How.DEFENDED and w.of != seat
    ]


def determinize(state: MayaState, seat: int, rng: random.Random) -> MayaState:
    """A state consistent with all ``seat`` knows of ``state``, hidden cards and tokens
    drawn again with ``rng``.

    >>> from games.engine.maya.positions import arrange
    >>> from games.engine.maya.view import view
    >>> real = arrange(["+1 joker", "-2 +3"], count=3, secrets=[4, 6])
    >>> sampled = determinize(real, 0, random.Random(1))
    >>> view(sampled, 0) == view(real, 0)
    True

    A number ruled out for seat 1 (all but its real 6, here) is never dealt to it:

    >>> told = real._replace(ruled_out=(frozenset(), frozenset({1, 2, 3, 4, 5, 7, 8, 9, 10})))
    >>> {determinize(told, 0, random.Random(n)).secrets[1] for n in range(20)}
    {6}
    """
    if state.phase is Phase.GAME_OVER:
        return state
    others = [s for s in range(state.players) if s != seat]
    cards = [card for s in others for card in state.hands[s]] + list(state.pile)
    rng.shuffle(cards)
    hands = list(state.hands)
    for s in others:
        hands[s] = tuple(cards.pop() for _ in state.hands[s])
    unseen = unseen_collected(state, seat)
    dealt = [(s, secret) for s in others if (secret := state.secrets[s]) is not None]
    tokens = [secret for _, secret in dealt] + list(state.supply)
    tokens += [state.won[s][i].number for s, i in unseen]
    # Dealt again until no secret bears a number ruled out for it: every deal consistent
    # with the table's knowledge is as likely (the real one is among them, so this ends).
    while True:
        rng.shuffle(tokens)
        if all(tokens[k] not in state.ruled_out[s] for k, (s, _) in enumerate(dealt)):
            break
    secrets = list(state.secrets)
    for k, (s, _) in enumerate(dealt):
        secrets[s] = tokens[k]
    won = [list(collection) for collection in state.won]
    for k, (s, i) in enumerate(unseen, start=len(dealt)):
        won[s][i] = Won(tokens[k], How.DEFENDED, won[s][i].of)
    return state._replace(
        hands=tuple(hands),
        pile=tuple(cards),
        secrets=tuple(secrets),
        won=tuple(tuple(collection) for collection in won),
        supply=tuple(tokens[len(dealt) + len(unseen) :]),
    )
