"""Bots: a random one, and a greedy one that maximises its score while keeping the stack
buildable.

Randomness comes only from the ``random.Random`` they are given. Both read only the seat's
own stack and the card face up: another seat's stack is no help (stacks never interact),
so the greedy bot plays as well in a secret simultaneous placement as in an open one.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.nmbr9.actions import Action, Place
from games.engine.nmbr9.legal import legal_actions, placements, to_act
from games.engine.nmbr9.rules import apply
from games.engine.nmbr9.scoring import is_terminal
from games.engine.nmbr9.stack import NEIGHBOURS, Stack, Tile
from games.engine.nmbr9.state import CHANCE, Nmbr9Config, Nmbr9State, new_game

Bot = Callable[[Nmbr9State, int, random.Random], Action]
History = list[tuple[int, Action]]


def random_action(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions (chance's too), at random."""
    return legal_actions(state, seat).sample(rng)


def _value(stack: Stack, tile: Tile, box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    """How good ``tile`` is, compared as a tuple: its points first; then its level (a tile
    high up makes the next level reachable sooner); then the edges it shares with its own
    level (a compact level offers more places that cover two tiles); last, how little it
    widens the stack's base (a sprawling base spreads the next levels thin)."""
    same = stack.at_level(tile.level)
    cells = tile.cells
    contact = sum((x + dx, y + dy) in same for x, y in cells for dx, dy in NEIGHBOURS)
    low_x, low_y, high_x, high_y = box
    for x, y in cells:
        low_x, low_y = min(low_x, x), min(low_y, y)
        high_x, high_y = max(high_x, x), max(high_y, y)
    area = (high_x - low_x + 1) * (high_y - low_y + 1)
    return tile.points, tile.level, contact, -area


def greedy_action(state: Nmbr9State, seat: int, rng: random.Random) -> Action:
    """The placement scoring most now; among equals the highest, the most compact, the one
    widening the base least (ties broken by ``rng``). Chance shuffles at random.

    >>> from games.engine.nmbr9.positions import arrange
    >>> state = arrange([["place 9 at 0,0", "place 9 at 3,0"]], card=6)
    >>> str(greedy_action(state, 0, random.Random(1)))
    'place 6 at 0,0 turn 90'

    """
    if seat == CHANCE or state.card is None:
        return random_action(state, seat, rng)
    stack = state.stacks[seat]
    ground = stack.at_level(0)
    box = (
        (
            min(x for x, _ in ground),
            min(y for _, y in ground),
            max(x for x, _ in ground),
            max(y for _, y in ground),
        )
        if ground
        else (0, 0, 0, 0)
    )
    best: list[Tile] = []
    best_value: tuple[int, int, int, int] | None = None
    for tile in placements(stack, state.card):
        value = _value(stack, tile, box)
        if best_value is None or value > best_value:
            best, best_value = [tile], value
        elif value == best_value:
            best.append(tile)
    chosen = rng.choice(best)
    return Place(chosen.digit, chosen.x, chosen.y, chosen.turn)


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
