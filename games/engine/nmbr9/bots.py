"""Bots: a random one, and a greedy one that maximises its score while keeping the stack
buildable.

Randomness comes only from the ``random.Random`` they are given. Both read only the seat's
own stack and the card face up: another seat's stack is no help (stacks never interact),
so the greedy bot plays as well in a secret simultaneous placement as in an open one.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import chain

from games.engine.nmbr9.actions import Action, Place
from games.engine.nmbr9.greedy import by_value
from games.engine.nmbr9.legal import legal_actions, to_act
from games.engine.nmbr9.rules import apply
from games.engine.nmbr9.scoring import is_terminal
from games.engine.nmbr9.stack import Tile
from games.engine.nmbr9.state import CHANCE, Nmbr9Config, Nmbr9State, new_game

Bot = Callable[[Nmbr9State, int, random.Random], Action]
History = list[tuple[int, Action]]
#: How many placements the search bot weighs at a decision (:func:`candidate_actions`):
#: a few, so that each gets tens of its play-outs.
CANDIDATES = 6


def random_action(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions (chance's too), at random."""
    return legal_actions(state, seat).sample(rng)


def greedy_action(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """The placement scoring most now; among equals the highest, the most compact, the one
    widening the base least (:mod:`games.engine.nmbr9.greedy`; ties broken by ``rng``).
    Chance shuffles at random.

    >>> from games.engine.nmbr9.positions import arrange
    >>> state = arrange([["place 9 at 0,0", "place 9 at 3,0"]], card=6)
    >>> str(greedy_action(state, 0, random.Random(1)))
    'place 6 at 0,0 turn 90'

    """
    if seat == CHANCE or state.card is None:
        return random_action(state, seat, rng)
    return _place(rng.choice(next(by_value(state.stacks[seat], state.card))))


def candidate_actions(
    state: Nmbr9State, seat: int, rng: random.Random, most: int = CANDIDATES
) -> list[Action]:
    """A short list for the search bot, where placements are too many to search: the greedy
    bot's choice first (drawn with ``rng`` as :func:`greedy_action` draws it), then the
    next best placements by its value, ``most`` in all, no two covering the same squares
    (a 0 or an 8 turned half round lies as it did). Chance's one move is its shuffle.

    >>> from games.engine.nmbr9.positions import arrange
    >>> state = arrange([["place 9 at 0,0", "place 9 at 3,0"]], card=6)
    >>> [str(action) for action in candidate_actions(state, 0, random.Random(1), most=3)]
    ['place 6 at 0,0 turn 90', 'place 6 at 0,1 turn 90', 'place 6 at 2,0 turn 180']
    """
    if seat == CHANCE or state.card is None:
        return [random_action(state, seat, rng)]
    groups = by_value(state.stacks[seat], state.card)
    best = next(groups)
    chosen = rng.choice(best)
    listed = [chosen]
    covered = {frozenset(chosen.cells)}
    for tile in chain.from_iterable(chain([best], groups)):
        if len(listed) == most:
            break
        squares = frozenset(tile.cells)
        if squares not in covered:
            covered.add(squares)
            listed.append(tile)
    return [_place(tile) for tile in listed]


def _place(tile: Tile) -> Action:
    return Place(tile.digit, tile.x, tile.y, tile.turn)


def play_game(
    config: Nmbr9Config, rng: random.Random, bot: Bot = random_action
) -> tuple[Nmbr9State, History]:
    """Play a whole game, every seat played by ``bot`` (chance shuffles at random), seats
    placing each card in an order ``rng`` draws; return the final state and its history."""
    state = new_game(config)
    history: History = []
    while not is_terminal(state):
        seat = rng.choice(sorted(to_act(state)))
        action = random_action(state, seat, rng) if seat == CHANCE else bot(state, seat, rng)
        state = apply(state, seat, action)
        history.append((seat, action))
    return state, history
