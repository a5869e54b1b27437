"""Helpers shared by the Objectifs engine tests: build positions, play notation, count the
cards, and play random games.

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

from games.engine.objectifs import (
    DECK,
    OBJECTIVES,
    Action,
    Card,
    Deal,
    IllegalAction,
    ObjectifsConfig,
    ObjectifsState,
    Objective,
    apply,
    is_terminal,
    legal_actions,
    new_game,
    parse_action,
    parse_cards,
    to_act,
)


def act(state: ObjectifsState, seat: int, *moves: str) -> ObjectifsState:
    """Play ``moves`` (notation) in order for ``seat``."""
    for move in moves:
        state = apply(state, seat, parse_action(move))
    return state


def refused(state: ObjectifsState, seat: int, move: Action | str) -> str:
    """The rule ``seat`` breaks by playing ``move`` (the engine is pure: ``state`` stays)."""
    action = parse_action(move) if isinstance(move, str) else move
    with pytest.raises(IllegalAction) as error:
        apply(state, seat, action)
    return error.value.rule


def hand(state: ObjectifsState, seat: int) -> list[str]:
    """A seat's hand as text, sorted."""
    return [str(card) for card in sorted(state.hands[seat])]


def row(state: ObjectifsState, seat: int) -> list[str]:
    """A seat's malus cards as text, in the order they were laid."""
    return [str(card) for card in state.rows[seat]]


def every_card(state: ObjectifsState) -> Counter[Card]:
    """Every playing card the state holds, wherever it is (the plis of the trick included)."""
    cards: Counter[Card] = Counter(state.pile)
    cards.update(state.discard)
    for held in (*state.hands, *state.rows):
        cards.update(held)
    for pli in state.trick.plis:
        cards.update(pli.cards)
    return cards


def every_objective(state: ObjectifsState) -> list[Objective]:
    """Every Objective card the state holds (drawn, or in their pile), sorted by name."""
    drawn = [objective for objective in state.objectives if objective is not None]
    return sorted([*drawn, *state.objective_pile], key=lambda objective: objective.value)


def assert_conserved(state: ObjectifsState, where: str) -> None:
    """The 91 playing cards and the 10 Objective cards: 101, each in one place."""
    assert every_card(state) == Counter(DECK), f"{where}: playing cards not conserved"
    assert every_objective(state) == sorted(OBJECTIVES, key=lambda o: o.value), (
        f"{where}: objective cards not conserved"
    )


# Random games -------------------------------------------------------------------------------
#
# Hypothesis draws a configuration and a seed; the seed drives random players through a
# whole game. The same games are played on every run (derandomized);
# OBJECTIFS_PROPERTY_GAMES=N plays N fresh random games per test instead, for a long run.

LONG_RUN = os.environ.get("OBJECTIFS_PROPERTY_GAMES")
MAX_STEPS = 20_000

CONFIGS = [
    ObjectifsConfig(players, objectives, infinity_four)
    for players in (2, 3, 4, 5, 6)
    for objectives, infinity_four in ((True, False), (False, True))
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
    before: ObjectifsState
    seat: int
    action: Action
    after: ObjectifsState


def random_choice(state: ObjectifsState, rng: random.Random) -> tuple[int, Action]:
    """Any seat that may act (out of turn too), any of its legal actions."""
    seat = rng.choice(sorted(to_act(state)))
    return seat, legal_actions(state, seat).sample(rng)


def walk(
    config: ObjectifsConfig,
    seed: int,
    choose: Callable[[ObjectifsState, random.Random], tuple[int, Action]] = random_choice,
) -> Iterator[Step]:
    """Every step of the game ``seed`` drives, until the game is over."""
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


def deal(hands: list[str], objectives: str = "") -> Deal:
    """Chance's deal giving each seat the 13 cards of ``hands`` (the rest of the box follows
    in its order as the pile), and ``objectives`` (seat order, then the rest of the ten)."""
    held = [card for text in hands for card in parse_cards(text)]
    assert all(len(parse_cards(text)) == 13 for text in hands)
    rest = Counter(DECK) - Counter(held)
    drawn = [Objective.parse(word) for word in objectives.split()]
    others = [objective for objective in OBJECTIVES if objective not in drawn]
    return Deal((*held, *sorted(rest.elements())), tuple(drawn + others) if drawn else ())
