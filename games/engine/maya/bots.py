"""Bots: a random one, and a heuristic one that plays toward its secret number.

Randomness comes only from the ``random.Random`` they are given. The heuristic bot reads
only what its seat may know: its hand and secret, the count, and the counts each player
announced (a player who keeps leaving the count near a number is likely aiming at it).
"""

from __future__ import annotations

import random

from games.engine.maya.actions import Action, Guess, Play, Start
from games.engine.maya.legal import legal_actions, to_act
from games.engine.maya.odds import guess_odds, unseen_tokens
from games.engine.maya.outcome import is_terminal
from games.engine.maya.rules import apply
from games.engine.maya.state import MayaConfig, MayaState, Phase, new_game
from games.engine.maya.tokens import MAX_SECRET, MIN_SECRET
from games.engine.maya.turns import next_seat, resolve

History = list[tuple[int, Action]]

#: A game longer than this is reported as stuck rather than played forever.
MAX_ACTIONS = 20_000


class StuckGame(RuntimeError):
    """A random game did not end within :data:`MAX_ACTIONS` actions."""


def random_action(state: MayaState, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions (chance's too), at random."""
    return legal_actions(state, seat).sample(rng)


#: The count a bot dealing a Joker starts at. Every other seat plays before the dealer, and
#: from -5 a numbered card or a Joker makes at most 0: the first players reach a secret
#: number (1 to 10) on their first turn only with a Reverse or a Temple.
DEALERS_START = -5


def heuristic_action(state: MayaState, seat: int, rng: random.Random) -> Action:
    """A play that brings the count to ``seat``'s secret number, or as near as it can, and
    keeps it away from the number the next player seems to aim at (ties broken by ``rng``).
    As the dealer of a Joker turned up, it starts the count at :data:`DEALERS_START`.

    It never guesses: a wrong guess gives a token away, and the count alone says little.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    >>> str(heuristic_action(state, 0, random.Random(1)))
    'play +3'
    """
    if state.phase is Phase.START:
        return Start(DEALERS_START)
    secret = state.secrets[seat]
    plays = [action for action in legal_actions(state, seat) if isinstance(action, Play)]
    if not plays:
        return random_action(state, seat, rng)
    rng.shuffle(plays)

    def score(play: Play) -> tuple[int, int]:
        result = resolve(state.total, state.direction, play, state.config)
        following = next_seat(seat, result.direction, state.players, result.skip)
        # After a two-player Skip the bot plays again: nobody else's aim is in reach.
        aim = state.left[following] if following != seat else None
        distance = abs(result.total - secret) if secret is not None else 0
        # A player's turn moves the count by at most 5: a count further away than that
        # from its aim is out of its reach.
        danger = (
            0
            if aim is None or not MIN_SECRET <= aim <= MAX_SECRET
            else 6 - min(6, abs(result.total - aim))
        )
        return distance, danger

    return min(plays, key=score)


#: The least chance of being right a guess needs to be searched: below it, it gives the
#: target a token more than twice as often as it wins one.
GUESS_ODDS = 1 / 3


def candidate_actions(state: MayaState, seat: int, rng: random.Random) -> list[Action]:
    """A short list for the search bot: the heuristic's choice first (drawn with ``rng`` as
    :func:`heuristic_action` draws it), every other play (or starting count), and the
    guesses right at least :data:`GUESS_ODDS` of the time by what ``seat`` knows
    (:mod:`games.engine.maya.odds`).
    Of a four-player expert table's 30 guesses most are long shots, and a search that
    weighed them all gave each play a seventh of its play-outs.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1 +3", "0"], count=3, secrets=[6, 9], expert=True)
    >>> [str(action) for action in candidate_actions(state, 0, random.Random(1))]
    ['play +3', 'play +1']
    >>> told = state._replace(ruled_out=(frozenset(), frozenset(range(1, 9))))
    >>> [str(action) for action in candidate_actions(told, 0, random.Random(1))]
    ['play +3', 'play +1', 'guess 1 9', 'guess 1 10']
    """
    first = heuristic_action(state, seat, rng)
    unseen = unseen_tokens(state, seat)
    return [
        first,
        *(
            action
            for action in legal_actions(state, seat)
            if action != first
            and (not isinstance(action, Guess) or guess_odds(state, action, unseen) >= GUESS_ODDS)
        ),
    ]


def random_step(state: MayaState, rng: random.Random) -> tuple[int, Action]:
    """A random seat among those who may act (chance included), and a random action of it."""
    seat = rng.choice(sorted(to_act(state)))
    return seat, random_action(state, seat, rng)


def play_random_game(
    config: MayaConfig, rng: random.Random, max_actions: int = MAX_ACTIONS
) -> tuple[MayaState, History]:
    """Play a whole game between random bots; return the final state and its history."""
    state = new_game(config)
    history: History = []
    while not is_terminal(state):
        if len(history) >= max_actions:
            raise StuckGame(f"no end after {max_actions} actions")
        seat, action = random_step(state, rng)
        state = apply(state, seat, action)
        history.append((seat, action))
    return state, history
