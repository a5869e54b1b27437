"""The bots: level 0 plays random legal moves (an exchange or a small grid); level 1 lays out
the solver's grid, which always keeps the grid rules, and asks by its rule of thumb; the
search bot's short list and deals."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.numenko import (
    CHANCE,
    RULES,
    Mode,
    NumenkoConfig,
    Play,
    Tile,
    apply,
    candidate_actions,
    check_grid,
    legal_actions,
    new_game,
    parse_grid,
    solve,
    solver_action,
)
from games.engine.numenko.positions import arrange
from games.engine.numenko.tiles import FIRST_POT, bag, points, without

from .conftest import random_games


def test_the_solver_lays_a_column_through_the_grid() -> None:
    """From the book's first grid, with 7, 9, 2 and two Multichoices: 8 x 9 = 72 down."""
    hand = bag(Tile(char) for char in "792MM")
    grid, left = solve(parse_grid("2x4=8"), hand, random.Random(1))
    assert left == ()
    assert grid.rows() == ("....9", "....x", "2x4=8", "....=", "....7", "....2")


def test_the_solver_swaps_a_freechoice_for_the_digit_it_stands_for() -> None:
    """A Freechoice used as a 7 is swapped for a 7 of the hand, and laid elsewhere."""
    grid, left = solve(parse_grid("2xF7=14"), bag(Tile(char) for char in "7MM3"), random.Random(2))
    check_grid(grid)
    assert Tile.FREECHOICE not in left and Tile.SEVEN in grid.tiles
    assert points(left) <= 3


@random_games(8)
@given(seed=st.integers(0, 2**32), size=st.sampled_from([5, 12, 20]))
def test_the_solvers_grids_always_keep_the_rules(seed: int, size: int) -> None:
    rng = random.Random(seed)
    pot = list(FIRST_POT)
    rng.shuffle(pot)
    hand = bag((*pot[:size], Tile.FREECHOICE))
    grid, left = solve(parse_grid(""), hand, rng, restarts=1)
    check_grid(grid)
    assert bag((*grid.tiles, *left)) == hand
    # Grown again with more tiles, from the grid it laid.
    more = bag((*left, *pot[size : size + 6]))
    again, rest = solve(grid, more, rng, restarts=0)
    check_grid(again)
    assert bag((*again.tiles, *rest)) == bag((*grid.tiles, *more))
    assert points(rest) <= points(more)


@pytest.mark.parametrize(("mode", "seed"), [(Mode.ROUNDS, 1), (Mode.LIVE, 2)])
def test_level_one_moves_are_legal_and_ask_fini_once_every_tile_is_laid(
    mode: Mode, seed: int
) -> None:
    rng = random.Random(seed)
    state = new_game(NumenkoConfig(2, mode))
    state = apply(state, CHANCE, legal_actions(state, CHANCE).sample(rng))
    for seat in (0, 1):
        move = solver_action(state, seat, rng)
        assert move in legal_actions(state, seat)
        assert isinstance(move, Play)
        grid = state.grids[seat] if move.grid is None else move.grid
        left = without(state.tiles_of(seat), grid.tiles)
        assert move.fini == (not left)
        costliest = max(left, key=lambda tile: tile.points) if left else None
        assert move.exchange == (costliest if costliest and costliest.points else None)


def test_level_one_ends_the_game_when_ahead_and_the_pot_is_dry() -> None:
    """With the pot short of an exchange, asking ends the game: level 1 asks when it holds
    fewer points than any other seat holds tiles, else it is content."""
    ahead = arrange(["2x4=8", "1+1=2"], ["M", "1111"], pot=1)
    move = solver_action(ahead, 0, random.Random(1))
    assert isinstance(move, Play) and move.exchange is Tile.MULTICHOICE
    behind = arrange(["2x4=8", "1+1=2"], ["77", "1"], pot=1)
    move = solver_action(behind, 0, random.Random(1))
    assert isinstance(move, Play) and move.request is None


@pytest.mark.parametrize("mode", list(Mode))
def test_level_zero_plays_an_exchange_or_a_small_grid(mode: Mode) -> None:
    rng = random.Random(4)
    state = new_game(NumenkoConfig(2, mode))
    state = apply(state, CHANCE, legal_actions(state, CHANCE).sample(rng))
    moves = [legal_actions(state, 0).sample(rng) for _ in range(40)]
    assert all(move in legal_actions(state, 0) for move in moves)
    assert any(isinstance(m, Play) and m.grid is None and m.exchange for m in moves)
    grids = [m.grid for m in moves if isinstance(m, Play) and m.grid is not None]
    assert grids and all(len(grid.squares) <= 10 for grid in grids)


def test_the_short_list_starts_with_level_ones_move_and_holds_no_two_alike() -> None:
    state = arrange(["2x4=8", "1+1=2"], ["9035", "7"])
    listed = candidate_actions(state, 0, random.Random(1))
    assert listed[0] == solver_action(state, 0, random.Random(1))
    assert len(listed) == len(set(listed)) <= 6
    assert all(move in legal_actions(state, 0) for move in listed)
    assert RULES.candidate_actions(state, 0, random.Random(1)) == listed  # type: ignore[attr-defined]
