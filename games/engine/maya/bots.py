"""Bots: a random one, and a heuristic one that plays toward its secret number.

Randomness comes only from the ``random.Random`` they are given. The heuristic bot reads
only what its seat may know: its hand and secret, the count, and the counts each player
announced (a player who keeps leaving the count near a number is likely aiming at it).
"""

from __future__ import annotations

import random

from games.engine.maya.actions import Action, Play
from games.engine.maya.legal import legal_actions, to_act
from games.engine.maya.outcome import is_terminal
from games.engine.maya.rules import apply
from games.engine.maya.state import MayaConfig, MayaState, new_game
from games.engine.maya.tokens import MAX_SECRET, MIN_SECRET
from games.engine.maya.turns import next_seat, resolve

History = list[tuple[int, Action]]

#: How near its own number the heuristic bot may leave the count without telling it: the
#: most one card moves the count.
READ_DISTANCE = 5
#: A game longer than this is reported as stuck rather than played forever.
MAX_ACTIONS = 20_000


class StuckGame(RuntimeError):
    """A random game did not end within :data:`MAX_ACTIONS` actions."""


def random_action(state: MayaState, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions (chance's too), at random."""
    return legal_actions(state, seat).sample(rng)


def heuristic_action(state: MayaState, seat: int, rng: random.Random) -> Action:
    """A play that brings the count to ``seat``'s secret number if one does; otherwise one
    that keeps the count away from the number the next player seems to aim at and, among
    those, away from ``seat``'s own secret (ties broken by ``rng``).

    Leaving the count near its own number tells the table what it is; the next player then
    keeps the count from it, as this bot does. Beyond :data:`READ_DISTANCE` a count says
    nothing, so further is not better: a bot that always went as far as it could would drive
    the count away for good and the game would not end.

    It never guesses: a wrong guess gives a token away, and the count alone says little.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    >>> str(heuristic_action(state, 0, random.Random(1)))
    'play +3'
    """
    secret = state.secrets[seat]
    plays = [action for action in legal_actions(state, seat) if isinstance(action, Play)]
    if not plays:
        return random_action(state, seat, rng)
    rng.shuffle(plays)

    def score(play: Play) -> tuple[bool, int, int]:
        result = resolve(state.total, state.direction, play, state.players)
        if result.total == secret:
            return False, 0, 0
        following = next_seat(seat, result.direction, state.players, result.skip)
        aim = state.left[following]
        # A player's turn moves the count by at most 5: a count further away than that
        # from its aim is out of its reach.
        danger = (
            0
            if aim is None or not MIN_SECRET <= aim <= MAX_SECRET
            else 6 - min(6, abs(result.total - aim))
        )
        telling = (
            0 if secret is None else READ_DISTANCE - min(READ_DISTANCE, abs(result.total - secret))
        )
        return True, danger, telling

    return min(plays, key=score)


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
