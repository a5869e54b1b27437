"""Random legal bots: they pick any seat that may act and any of its legal actions.

They exist to exercise the rules (property tests, benchmarks, ``numx simulate``) and to fill
empty seats in demos. Randomness comes only from the ``random.Random`` they are given.
"""

from __future__ import annotations

import random

from games.engine.numx.actions import Action
from games.engine.numx.legal import legal_actions, to_act
from games.engine.numx.modes import GameConfig
from games.engine.numx.outcome import is_terminal
from games.engine.numx.rounds import new_game
from games.engine.numx.rules import apply
from games.engine.numx.state import GameState

History = list[tuple[int, Action]]

#: A game longer than this is reported as stuck rather than played forever.
MAX_ACTIONS = 20_000


class StuckGame(RuntimeError):
    """A random game did not end within :data:`MAX_ACTIONS` actions."""


def random_action(state: GameState, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions, at random."""
    return legal_actions(state, seat).sample(rng)


def random_step(state: GameState, rng: random.Random) -> tuple[int, Action]:
    """A random seat among those who may act (chance included), and a random action of it."""
    seat = rng.choice(sorted(to_act(state)))
    return seat, random_action(state, seat, rng)


def play_random_game(
    config: GameConfig, rng: random.Random, max_actions: int = MAX_ACTIONS
) -> tuple[GameState, History]:
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
