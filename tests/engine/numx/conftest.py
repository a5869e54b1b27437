"""Helpers shared by the engine tests: build positions, play notation, and play random games.

Test modules import them with a relative import (``from .conftest import act, table``).
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Iterable, Iterator
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from games.engine.numx import (
    Action,
    GameConfig,
    GameState,
    IllegalAction,
    Mode,
    ScoreRule,
    TripleRule,
    apply,
    awaiting,
    is_terminal,
    new_game,
    parse_action,
    random_step,
    to_act,
)
from games.engine.numx.cards import MALUS_VALUES, Card
from games.engine.numx.modes import EDITION, EDITIONS
from games.engine.numx.positions import arrange
from games.engine.numx.scoring import FAMILY_SCORING
from games.engine.numx.state import MalusResolution

# Positions and moves ------------------------------------------------------------------------

#: Two high cards that keep a seat from emptying its hand with the move a test is about.
FILLER = " green-16 yellow-16"


def table(
    hands: list[str],
    rows: list[str] | None = None,
    turn: int = 0,
    pile: str = "",
    mode: Mode = Mode.SPEED_RUN,
    teams: bool = False,
    edition: int = EDITION,
    triple_rule: TripleRule = TripleRule.OPENING,
    infinity_on_infinity: bool = False,
) -> GameState:
    """A position at the start of a trick, ``pile`` naming the top of the draw pile."""
    config = GameConfig(
        len(hands), mode, teams, edition, triple_rule, infinity_on_infinity=infinity_on_infinity
    )
    return arrange(config, hands, rows or [], turn=turn, pile=pile)


def act(state: GameState, seat: int, *moves: str) -> GameState:
    """Play ``moves`` (notation) in order for ``seat``."""
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def awaited(state: GameState) -> int:
    """The one seat the game waits for (the player to act, the winner handing out...)."""
    (seat,) = awaiting(state)
    return seat


def step(state: GameState, *moves: str) -> GameState:
    """Each move is made by the one seat the game waits for."""
    for move in moves:
        state = act(state, awaited(state), move)
    return state


def refused(state: GameState, seat: int, move: Action | str) -> str:
    """The rule ``seat`` breaks by playing ``move`` (notation or an action object); the
    engine is pure, so ``state`` is unchanged."""
    action = parse_action(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    return error.value.rule


# Reading a position -------------------------------------------------------------------------


def row(state: GameState, seat: int) -> str:
    """A score row as ``arrange`` writes it: ``?card`` for a face-down card."""
    return " ".join(("" if sc.face_up else "?") + str(sc.card) for sc in state.rows[seat])


def discard(state: GameState) -> list[str]:
    return sorted(str(card) for card in state.discard)


def faces(cards: Iterable[object]) -> list[str]:
    """The cards (or faces) as text, in their order."""
    return [str(card) for card in cards]


def every_card(state: GameState) -> list[Card]:
    """Every physical card the state holds, wherever it is. A drawn card waiting to be played
    is already in its drawer's hand, and the cards of a distribution are still in the plis;
    only the cards a Malus drew for a score row live in the pending decision alone."""
    cards: list[Card] = [card for hand in state.hands for card in hand]
    cards += [score.card for row in state.rows for score in row]
    cards += [*state.pile, *state.discard, *state.out_of_play]
    cards += [card for pli in state.trick.plis for card in pli.cards]
    if isinstance(state.pending, MalusResolution):
        cards += [card for task in state.pending.tasks for card in task.drawn]
    return cards


def card_ids(state: GameState) -> list[int]:
    """The sorted ids of :func:`every_card`: ``list(range(125))`` when each card is there once."""
    return sorted(card.id for card in every_card(state))


# Random games -------------------------------------------------------------------------------
#
# Hypothesis draws a configuration and a seed; the seed drives random bots (:func:`random_step`)
# through a whole game. By default a test plays the same games on every run (derandomized);
# ``NUMX_PROPERTY_GAMES=N`` plays N fresh random games per test instead, for a long run.

LONG_RUN = os.environ.get("NUMX_PROPERTY_GAMES")
#: A random game longer than this is stuck (random games last a few hundred actions).
MAX_STEPS = 20_000

#: Every mode, 2 to 6 players, teams with 4 or 6 players, under every rules edition, and
#: each table option.
CONFIGS = [
    GameConfig(players, mode, teams, edition, triple_rule)
    for mode in Mode
    for players in range(2, 7)
    for teams in (False, True)
    for edition in EDITIONS
    for triple_rule in TripleRule
    if not teams or players in (4, 6)
]
#: A table's own Malus values at the ends of their range, two copies of one of them.
OWN_MALUS_VALUES = ((3, 3), (-3, -3), (-3, -3), (0, -3), (3, -3))
#: The other table options, each with its mode, all at once and 2 to 6 players.
OPTION_CONFIGS = [
    GameConfig(
        players,
        mode,
        infinity_on_infinity=True,
        family_scoring=frozenset({ScoreRule.COLOUR, ScoreRule.RAINBOW_PAIR})
        if mode is Mode.FAMILY
        else FAMILY_SCORING,
        round_two_pick=mode is Mode.X_GAME,
        malus_values=MALUS_VALUES if mode is Mode.FAMILY else OWN_MALUS_VALUES,
    )
    for mode in Mode
    for players in range(2, 7)
]

# Half the games are played with the table options on: there are few of their configs.
configs = st.one_of(st.sampled_from(CONFIGS), st.sampled_from(OPTION_CONFIGS))
seeds = st.integers(min_value=0, max_value=2**32 - 1)


def random_games(default_games: int) -> settings:
    """The Hypothesis profile of a random-game test: ``default_games`` games, the same ones on
    every run, unless ``NUMX_PROPERTY_GAMES`` asks for that many fresh ones."""
    return settings(
        max_examples=int(LONG_RUN) if LONG_RUN else default_games,
        derandomize=not LONG_RUN,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow],
    )


class Step(NamedTuple):
    """One move of a random game: ``seat`` played ``action`` on ``before``, giving ``after``."""

    number: int
    before: GameState
    seat: int
    action: Action
    after: GameState


def walk(
    config: GameConfig,
    seed: int,
    choose: Callable[[GameState, random.Random], tuple[int, Action]] = random_step,
) -> Iterator[Step]:
    """Every step of the game that ``seed`` drives, until the game is over: each a seat and
    its action drawn by ``choose`` (random bots by default)."""
    rng = random.Random(seed)
    state = new_game(config)
    for index in range(MAX_STEPS):
        if is_terminal(state):
            return
        try:
            seat, action = choose(state, rng)
        except ValueError as error:
            raise AssertionError(
                f"step {index}: seats {sorted(to_act(state))} may act, and choosing one of "
                f"their legal actions failed: {error!r}"
            ) from error
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


def states(config: GameConfig, seed: int) -> Iterator[GameState]:
    """Every state of the random game ``seed`` drives, from the new game to the final one."""
    yield new_game(config)
    for move in walk(config, seed):
        yield move.after


def final_state(config: GameConfig, seed: int) -> GameState:
    """The state that ends the random game ``seed`` drives."""
    *_, final = states(config, seed)
    return final
