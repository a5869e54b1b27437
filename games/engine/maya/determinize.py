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

And what the table reads from play: a player leaves the count as near its number as its
cards allow, so a number is dealt to a seat the likelier the nearer it lies to the count
the seat left last (:func:`aim_weight`).
"""

from __future__ import annotations

import random

from games.engine.maya.state import How, MayaState, Phase, Won
from games.engine.maya.tokens import MAX_SECRET, MIN_SECRET

#: How much less likely a number is for each step further from the count its owner left.
#: Level-1 players leave the count at distance 1 from their number 33 % of the time, 2:
#: 20 %, 3: 13 %, 4: 9 % (``bench/README.md``): each step about 0.65 times the last.
AIM_DECAY = 0.65


def aim_weight(number: int, left: int | None) -> float:
    """How likely ``number`` is for a seat that left the count at ``left``, relative to the
    likeliest numbers, those next to it (1 when it left none since drawing its token).

    A count beyond 1 to 10 is read from the nearest number: the weights stay between
    ``AIM_DECAY ** 8`` and 1, so a deal consistent with the table is never too rare to draw.

    >>> aim_weight(6, 5), aim_weight(4, 5), round(aim_weight(8, 5), 4), aim_weight(8, None)
    (1.0, 1.0, 0.4225, 1.0)
    >>> aim_weight(1, -30), round(aim_weight(3, -30), 4)
    (1.0, 0.65)
    """
    if left is None:
        return 1.0
    nearest = min(max(left, MIN_SECRET), MAX_SECRET)
    return AIM_DECAY ** max(0, abs(number - nearest) - 1)


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
    unseen = [
        (s, i)
        for s in others
        for i, w in enumerate(state.won[s])
        if state.config.expert and w.how is How.DEFENDED and w.of != seat
    ]
    holding = [s for s in others if state.secrets[s] is not None]
    tokens = [number for s in holding if (number := state.secrets[s]) is not None]
    tokens += list(state.supply) + [state.won[s][i].number for s, i in unseen]
    secrets = list(state.secrets)
    for s, number in zip(holding, _draw_secrets(state, holding, tokens, rng), strict=True):
        secrets[s] = number
        tokens.remove(number)
    rng.shuffle(tokens)
    won = [list(collection) for collection in state.won]
    for k, (s, i) in enumerate(unseen):
        won[s][i] = Won(tokens[k], How.DEFENDED, won[s][i].of)
    return state._replace(
        hands=tuple(hands),
        pile=tuple(cards),
        secrets=tuple(secrets),
        won=tuple(tuple(collection) for collection in won),
        supply=tuple(tokens[len(unseen) :]),
    )


def _draw_secrets(
    state: MayaState, seats: list[int], tokens: list[int], rng: random.Random
) -> list[int]:
    """A secret number for each of ``seats`` from ``tokens``, seat by seat: never one ruled
    out for it, the likelier the nearer the count it left (:func:`aim_weight`).

    Drawn seat by seat, not as a whole deal kept or thrown back: with several seats' counts
    and ruled-out numbers a whole deal can be too rare for rejection to find in time. A
    draw that leaves a later seat no number it may bear starts again; the real deal is
    possible, so this ends.
    """
    while True:
        left = list(tokens)
        drawn: list[int] = []
        for s in seats:
            allowed = [number for number in left if number not in state.ruled_out[s]]
            if not allowed:
                break
            weights = [aim_weight(number, state.left[s]) for number in allowed]
            drawn.append(rng.choices(allowed, weights)[0])
            left.remove(drawn[-1])
        else:
            return drawn
