"""Helpers shared by the Numenko engine tests: grids from notation, moves, random games.

No Django here: the engine is pure Python. Test modules import these with a relative
import (``from .conftest import breaks, play``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Iterator
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine.numenko import (
    TOTAL,
    Action,
    IllegalAction,
    Mode,
    NumenkoConfig,
    NumenkoState,
    apply,
    check_grid,
    is_terminal,
    new_game,
    parse_action,
    parse_grid,
    random_action,
    to_act,
)
from games.engine.numenko.bots import Bot


def breaks(rows: str) -> tuple[str, str]:
    """The rule the grid written ``rows`` breaks, and the message naming where."""
    with pytest.raises(IllegalAction) as error:
        check_grid(parse_grid(rows))
    return error.value.rule, error.value.message


def holds(rows: str) -> bool:
    """Whether the grid written ``rows`` keeps every grid rule (raising if not)."""
    check_grid(parse_grid(rows))
    return True


def play(state: NumenkoState, seat: int, *moves: str) -> NumenkoState:
    """Play ``moves`` (notation) in order for ``seat``."""
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def refused(state: NumenkoState, seat: int, move: Action | str) -> str:
    """The rule ``seat`` breaks by playing ``move``; ``state`` is unchanged (pure engine)."""
    action = parse_action(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    return error.value.rule


def tiles_in_play(state: NumenkoState) -> int:
    """Every tile of the game somewhere: pot, hands, grids (all 158 once dealt)."""
    return len(state.pot) + sum(
        len(hand) + len(grid.squares) for hand, grid in zip(state.hands, state.grids, strict=True)
    )


# Random games -------------------------------------------------------------------------------
#
# Hypothesis draws a player count, a mode and a seed; the seed drives random bots through a
# whole game. The same games are played on every run (derandomized); NUMENKO_PROPERTY_GAMES=N
# plays N fresh random games per test instead, for a long run.

LONG_RUN = os.environ.get("NUMENKO_PROPERTY_GAMES")
players = st.integers(min_value=2, max_value=6)
modes = st.sampled_from(list(Mode))
seeds = st.integers(min_value=0, max_value=2**32 - 1)
assert TOTAL == 158


def random_games(default_games: int) -> settings:
    """The Hypothesis profile of a random-game test (the machine is shared: keep it small)."""
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else default_games,
        derandomize=not LONG_RUN,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


class Step(NamedTuple):
    """One action of a random game: ``seat`` played ``action`` on ``before``, giving ``after``."""

    number: int
    before: NumenkoState
    seat: int
    action: Action
    after: NumenkoState


def walk(players: int, mode: Mode, seed: int, bot: Bot = random_action) -> Iterator[Step]:
    """Every step of the game ``seed`` drives (a seat to act drawn at random each time)."""
    rng = random.Random(seed)
    state = new_game(NumenkoConfig(players, mode))
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
