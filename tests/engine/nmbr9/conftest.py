"""Helpers shared by the NMBR 9 engine tests: draw stacks, play notation, random games.

No Django here: the engine is pure Python. Test modules import these with a relative
import (``from .conftest import breaks, picture``).
"""

from __future__ import annotations

import os
import random
import textwrap
from collections.abc import Iterator
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine.nmbr9 import (
    Action,
    IllegalAction,
    Nmbr9Config,
    Nmbr9State,
    Place,
    Stack,
    apply,
    is_terminal,
    new_game,
    parse_action,
    placements,
    random_action,
    settle,
    to_act,
)
from games.engine.nmbr9.bots import Bot
from games.engine.nmbr9.positions import render


def picture(text: str) -> tuple[str, ...]:
    """A stack drawn in a test, one row a line, as :func:`render` draws it."""
    return tuple(textwrap.dedent(text).strip().splitlines())


def drawn(stack: Stack, show: str = "digit") -> tuple[str, ...]:
    return render(stack, show)


def breaks(stack: Stack, move: str) -> str:
    """The placement rule ``move`` breaks on ``stack``."""
    action = parse_action(move)
    assert isinstance(action, Place)
    with pytest.raises(IllegalAction) as error:
        settle(stack, action.digit, action.x, action.y, action.turn)
    return error.value.rule


def lands(stack: Stack, move: str) -> Stack:
    """``stack`` with ``move`` placed (it must be legal)."""
    action = parse_action(move)
    assert isinstance(action, Place)
    return stack.add(settle(stack, action.digit, action.x, action.y, action.turn))


def on_the_table(stack: Stack, digit: int) -> str:
    """The first legal placement of ``digit`` on level 0 (worth nothing), as notation."""
    tile = next(tile for tile in placements(stack, digit) if tile.level == 0)
    return str(Place(tile.digit, tile.x, tile.y, tile.turn))


def act(state: Nmbr9State, seat: int, *moves: str) -> Nmbr9State:
    """Play ``moves`` (notation) in order for ``seat``."""
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def refused(state: Nmbr9State, seat: int, move: Action | str) -> str:
    """The rule ``seat`` breaks by playing ``move``; ``state`` is unchanged (pure engine)."""
    action = parse_action(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    return error.value.rule


# Random games -------------------------------------------------------------------------------
#
# Hypothesis draws a player count and a seed; the seed drives random bots through a whole
# game. The same games are played on every run (derandomized); NMBR9_PROPERTY_GAMES=N plays
# N fresh random games per test instead, for a long run.

LONG_RUN = os.environ.get("NMBR9_PROPERTY_GAMES")
players = st.integers(min_value=1, max_value=4)
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_games(default_games: int) -> settings:
    """The Hypothesis profile of a random-game test (the machine is shared: keep it small)."""
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else default_games,
        derandomize=not LONG_RUN,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


class Step(NamedTuple):
    """One move of a random game: ``seat`` played ``action`` on ``before``, giving ``after``."""

    number: int
    before: Nmbr9State
    seat: int
    action: Action
    after: Nmbr9State


def walk(players: int, seed: int, bot: Bot = random_action) -> Iterator[Step]:
    """Every step of the game ``seed`` drives (seats in a random order each card)."""
    rng = random.Random(seed)
    state = new_game(Nmbr9Config(players))
    number = 0
    while not is_terminal(state):
        seat = rng.choice(sorted(to_act(state)))
        action = bot(state, seat, rng)
        try:
            after = apply(state, seat, action)
        except IllegalAction as error:
            raise AssertionError(f"step {number}: seat {seat} chose {action}: {error}") from error
        yield Step(number, state, seat, action, after)
        state = after
        number += 1
