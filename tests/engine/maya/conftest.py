"""Helpers shared by the Maya engine tests: build positions, play notation, random games.

No Django here: the engine is pure Python. Test modules import these with a relative
import (``from .conftest import act, refused``).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine.maya import (
    DECK,
    FIRST_EDITION,
    TOKENS,
    Action,
    Card,
    Guess,
    IllegalAction,
    MayaConfig,
    MayaState,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    parse_action,
    random_step,
)


def act(state: MayaState, seat: int, *moves: str) -> MayaState:
    """Play ``moves`` (notation) in order for ``seat``."""
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def refused(state: MayaState, seat: int, move: Action | str) -> str:
    """The rule ``seat`` breaks by playing ``move``; the engine is pure, so ``state`` is
    unchanged."""
    action = parse_action(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    return error.value.rule


def hand(state: MayaState, seat: int) -> list[str]:
    """A seat's hand as text, sorted."""
    return sorted(str(card) for card in state.hands[seat])


def every_card(state: MayaState) -> Counter[Card]:
    """Every card the state holds, wherever it is."""
    return Counter([*(c for h in state.hands for c in h), *state.pile, *state.discard])


def every_token(state: MayaState) -> list[int]:
    """Every token the state holds (secrets, supply, collections), sorted."""
    held = [secret for secret in state.secrets if secret is not None]
    won = [w.number for collection in state.won for w in collection]
    return sorted([*held, *state.supply, *won])


def assert_conserved(state: MayaState, where: str) -> None:
    """The 69 cards are all somewhere once the deal is done, and the 20 tokens once mixed."""
    if state.hands[0]:
        assert every_card(state) == Counter(DECK), f"{where}: cards not conserved"
    if state.secrets[0] is not None:
        assert every_token(state) == list(TOKENS), f"{where}: tokens not conserved"


# Random games -------------------------------------------------------------------------------
#
# Hypothesis draws a configuration and a seed; the seed drives random bots through a whole
# game. The same games are played on every run (derandomized); MAYA_PROPERTY_GAMES=N plays N
# fresh random games per test instead, for a long run.

LONG_RUN = os.environ.get("MAYA_PROPERTY_GAMES")
MAX_STEPS = 20_000
#: In the expert variant random bots would guess almost every turn (30 guesses against a
#: dozen plays) and end games in a few turns; they guess one turn in ten instead, so that
#: the walks also meet reshuffles, Temples and Skips.
GUESS_RATE = 0.1

#: Every player count and variant under the latest rules edition, and the first edition's
#: two-player games (where its rules differ: a Skip asks for a second card in the same move,
#: chance names a Joker's starting count).
CONFIGS = [
    *(MayaConfig(players, expert) for players in (2, 3, 4) for expert in (False, True)),
    *(MayaConfig(2, expert, FIRST_EDITION) for expert in (False, True)),
]
configs = st.sampled_from(CONFIGS)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_games(default_games: int) -> settings:
    """The Hypothesis profile of a random-game test."""
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else default_games,
        derandomize=not LONG_RUN,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


class Step(NamedTuple):
    """One move of a random game: ``seat`` played ``action`` on ``before``, giving ``after``."""

    number: int
    before: MayaState
    seat: int
    action: Action
    after: MayaState


def _choose(state: MayaState, rng: random.Random) -> tuple[int, Action]:
    seat, action = random_step(state, rng)
    if isinstance(action, Guess) and rng.random() > GUESS_RATE:
        plays = [a for a in legal_actions(state, seat) if not isinstance(a, Guess)]
        action = rng.choice(plays)
    return seat, action


def walk(
    config: MayaConfig,
    seed: int,
    choose: Callable[[MayaState, random.Random], tuple[int, Action]] = _choose,
) -> Iterator[Step]:
    """Every step of the game ``seed`` drives, until the game is over: each a seat and its
    action drawn by ``choose`` (random players, guessing now and then, by default)."""
    rng = random.Random(seed)
    state = new_game(config)
    for index in range(MAX_STEPS):
        if is_terminal(state):
            return
        seat, action = choose(state, rng)
        try:
            after = apply(state, seat, action)
        except IllegalAction as error:
            raise AssertionError(
                f"step {index}: seat {seat} chose {action} among its legal actions, "
                f"and apply refused it: {error}"
            ) from error
        yield Step(index, state, seat, action, after)
        state = after
    raise AssertionError(f"{config} seed {seed}: no end after {MAX_STEPS} actions")
