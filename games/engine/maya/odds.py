"""How likely a guess is to be right, as the guessing seat can reckon it: for the search
bot's short list (:func:`games.engine.maya.bots.candidate_actions`).

The tokens a seat has not seen are the other seats' secrets, the supply and, in the expert
variant, the tokens lost by another seat's wrong guess to a third: any deal could have put
any of them anywhere among those places, as :mod:`games.engine.maya.determinize` deals
them. An opponent's token is one of them, save the numbers it is publicly known not to bear.
"""

from __future__ import annotations

from collections import Counter

from games.engine.maya.actions import Guess
from games.engine.maya.determinize import unseen_collected
from games.engine.maya.state import MayaState
from games.engine.maya.tokens import TOKENS


def unseen_tokens(state: MayaState, seat: int) -> Counter[int]:
    """The numbers of the tokens ``seat`` has not seen, with their counts.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1", "+2"], secrets=[4, 6])
    >>> unseen = unseen_tokens(state, 0)
    >>> unseen[4], unseen[6], sum(unseen.values())
    (1, 2, 19)
    """
    hidden = set(unseen_collected(state, seat))
    seen = Counter(
        won.number
        for s, collection in enumerate(state.won)
        for i, won in enumerate(collection)
        if (s, i) not in hidden
    )
    secret = state.secrets[seat]
    if secret is not None:
        seen[secret] += 1
    return Counter(TOKENS) - seen


def guess_odds(state: MayaState, guess: Guess, unseen: Counter[int]) -> float:
    """The chance that ``guess`` is right, by what a seat knows (``unseen``, its
    :func:`unseen_tokens`, counted once for all its guesses): the unseen tokens of its
    number among the unseen tokens its target's could be. It leaves out what the numbers
    ruled out for the other seats' tokens say of the target's, a lesser effect.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1", "+2"], secrets=[4, 6], expert=True)
    >>> unseen = unseen_tokens(state, 0)
    >>> guess_odds(state, Guess(1, 6), unseen), guess_odds(state, Guess(1, 4), unseen)
    (0.10526315789473684, 0.05263157894736842)
    >>> told = state._replace(ruled_out=(frozenset(), frozenset(range(1, 10)) - {6}))
    >>> guess_odds(told, Guess(1, 6), unseen)
    0.5
    """
    ruled_out = state.ruled_out[guess.target]
    possible = sum(count for number, count in unseen.items() if number not in ruled_out)
    if guess.number in ruled_out or not possible:
        return 0.0
    return unseen[guess.number] / possible
