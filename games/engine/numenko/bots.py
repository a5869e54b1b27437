"""Bots: a random one (level 0), and the solver (level 1) with its rule of thumb for the pot.

Randomness comes only from the ``random.Random`` they are given. Both read only what their
seat may know: its own tiles, the grids, the sizes of the hands and of the pot.

Level 1 lays out the grid :func:`~games.engine.numenko.solver.solve` finds, then asks:

- fini when every tile is laid (the rules say so);
- while the pot serves an exchange, it gives back its costliest tile left in hand (the new
  ones are most often laid with the old, through the grid's tiles, and the race is to be out
  of tiles when the pot runs dry), unless its hand is worth nothing (zeros only);
- once the pot can no longer serve an exchange, asking ends the game: it asks (so ends it)
  when it holds fewer points than any other seat holds tiles (a tile left late in a game is
  most often a Multichoice, worth 1).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.numenko.actions import Action, Play, Request
from games.engine.numenko.legal import legal_actions, to_act
from games.engine.numenko.rules import apply
from games.engine.numenko.scoring import is_terminal
from games.engine.numenko.solver import solve
from games.engine.numenko.state import CHANCE, NumenkoConfig, NumenkoState, new_game
from games.engine.numenko.tiles import Tile, points, without

Bot = Callable[[NumenkoState, int, random.Random], Action]
History = list[tuple[int, Action]]
#: How many moves the search bot weighs at a decision (:func:`candidate_actions`).
CANDIDATES = 6


def random_action(state: NumenkoState, seat: int, rng: random.Random) -> Action:
    """One of ``seat``'s legal actions (chance's too), at random: for a player an exchange,
    or a grid of one calculation (see :class:`~games.engine.numenko.legal.Moves`)."""
    return legal_actions(state, seat).sample(rng)


def _ask(state: NumenkoState, seat: int, hand: tuple[Tile, ...]) -> tuple[Tile | None, bool]:
    """What level 1 asks the pot for, left with ``hand`` (see the module's docstring)."""
    if not hand:
        return None, True
    costliest = max(hand, key=lambda tile: tile.points)
    if len(state.pot) >= Request.EXCHANGE.draws:
        return (costliest if costliest.points else None), False
    ahead = points(hand) < min(
        len(state.hands[other]) for other in state.config.seats if other != seat
    )
    return (costliest if ahead else None), False


def solver_action(state: NumenkoState, seat: int, rng: random.Random) -> Action:
    """Level 1: the solver's grid (kept as it stands when the solver finds nothing better),
    and what :func:`_ask` asks. Chance deals and draws at random.

    >>> from games.engine.numenko.positions import arrange
    >>> str(solver_action(arrange(["2x4=8", "1+1=2"], ["792MM", "F"]), 0, random.Random(1)))
    'fini grid ....9 / ....x / 2x4=8 / ....= / ....7 / ....2'
    """
    if seat == CHANCE:
        return random_action(state, seat, rng)
    grid, hand = solve(state.grids[seat], state.hands[seat], rng)
    exchange, fini = _ask(state, seat, hand)
    return Play(None if grid == state.grids[seat] else grid, exchange, fini)


def candidate_actions(
    state: NumenkoState, seat: int, rng: random.Random, most: int = CANDIDATES
) -> list[Action]:
    """A short list for the search bot: level 1's move first (drawn with ``rng`` as
    :func:`solver_action` draws it), then its grid with the other requests it allows
    (nothing; an exchange of each kind of tile left, the costliest first), ``most`` in all.
    Chance's one move is a random one.

    >>> from games.engine.numenko.positions import arrange
    >>> state = arrange(["2x4=8", "1+1=2"], ["90", "F"])
    >>> [str(action) for action in candidate_actions(state, 0, random.Random(1))]
    ['exchange 9', 'pass', 'exchange 0']
    """
    first = solver_action(state, seat, rng)
    if not isinstance(first, Play):
        return [first]
    grid = state.grids[seat] if first.grid is None else first.grid
    left = without(state.tiles_of(seat), grid.tiles)
    listed: list[Action] = [first]
    requests: list[tuple[Tile | None, bool]] = [(None, False)] if left else [(None, True)]
    # Each kind once, in the hand's order (not a set's, which hashing orders): a One and a
    # Multichoice count alike, and the same hand must list its exchanges alike every time.
    kinds = dict.fromkeys(left)
    requests += [(tile, False) for tile in sorted(kinds, key=lambda t: -t.points)]
    for exchange, fini in requests:
        move = Play(first.grid, exchange, fini)
        if len(listed) == most:
            break
        if move not in listed:
            listed.append(move)
    return listed


def play_game(
    config: NumenkoConfig, rng: random.Random, bot: Bot = random_action
) -> tuple[NumenkoState, History]:
    """Play a whole game, every seat played by ``bot`` (chance at random), the seats to act
    taking turns in an order ``rng`` draws; return the final state and its history."""
    state = new_game(config)
    history: History = []
    while not is_terminal(state):
        seat = rng.choice(sorted(to_act(state)))
        action = random_action(state, seat, rng) if seat == CHANCE else bot(state, seat, rng)
        state = apply(state, seat, action)
        history.append((seat, action))
    return state, history
