"""Invariants checked at every step of random games (1 to 4 players): every applied action
was legal for a seat that could act, a seat to act always has a legal placement, placed
tiles never move, tiles are conserved, replays from the recorded JSON give the same game,
and every game ends after the 20th card with winners sharing the best score (a solo game with
none)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given

from games.engine.nmbr9 import (
    CARDS,
    CHANCE,
    RULES,
    TILES_PER_DIGIT,
    Nmbr9State,
    action_to_json,
    greedy_action,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    to_act,
)
from games.engine.nmbr9.state import Nmbr9Config

from .conftest import players, random_games, seeds, walk

many_games = random_games(20)


def _taken(state: Nmbr9State) -> Counter[int]:
    return Counter(tile.digit for stack in state.stacks for tile in stack.tiles)


@many_games
@given(players=players, seed=seeds)
def test_every_applied_action_was_legal_for_a_seat_that_could_act(players: int, seed: int) -> None:
    sampler = random.Random(seed)
    for step in walk(players, seed):
        assert step.seat in to_act(step.before)
        assert step.action in legal_actions(step.before, step.seat)
        for seat in (CHANCE, *range(players)):
            space = legal_actions(step.before, seat)
            assert bool(space) == (seat in to_act(step.before))
        if step.seat != CHANCE:
            # The lazily listed placements are exactly those the rules accept (a sample).
            listed = list(legal_actions(step.before, step.seat))
            assert listed and len(set(listed)) == len(listed)
            for action in sampler.sample(listed, min(5, len(listed))):
                RULES.apply(step.before, step.seat, action)
                assert parse_action(str(action)) == action


@many_games
@given(players=players, seed=seeds)
def test_tiles_are_conserved_and_placed_tiles_never_move(players: int, seed: int) -> None:
    for step in walk(players, seed):
        before, after = step.before, step.after
        for seat in range(players):
            old, new = before.stacks[seat].tiles, after.stacks[seat].tiles
            assert new[: len(old)] == old
            assert len(new) == len(old) + (seat == step.seat)
        taken = _taken(after)
        assert all(taken[digit] <= TILES_PER_DIGIT for digit in range(10))
        # Each tile is one card: a seat holds as many tiles as it has placed cards.
        turned = Counter(after.deck[: after.turned])
        for seat in range(players):
            digits = Counter(tile.digit for tile in after.stacks[seat].tiles)
            assert digits <= turned


@many_games
@given(players=players, seed=seeds)
def test_replaying_the_recorded_json_rebuilds_the_game_without_randomness(
    players: int, seed: int
) -> None:
    steps = list(walk(players, seed))
    state = new_game(Nmbr9Config(players))
    for step in steps:
        state = RULES.apply(state, step.seat, RULES.action_from_json(action_to_json(step.action)))
    assert state == steps[-1].after


@many_games
@given(players=players, seed=seeds)
def test_every_game_ends_after_the_20th_card_and_ties_share_the_win(
    players: int, seed: int
) -> None:
    steps = list(walk(players, seed))
    final = steps[-1].after
    assert len(steps) == 1 + CARDS * players
    assert all(len(stack.tiles) == CARDS for stack in final.stacks)
    result = outcome(final)
    assert result is not None
    best = {s for s, points in enumerate(result.scores) if points == max(result.scores)}
    assert result.winners == (best if players > 1 else set())
    assert [sum(line.points for line in lines) for lines in result.breakdown] == list(result.scores)
    assert not to_act(final)
    assert RULES.milestones(steps[-1].before, final)[0][0] == "game-ended"


@random_games(6)
@given(players=players, seed=seeds)
def test_greedy_bots_complete_games_with_legal_placements(players: int, seed: int) -> None:
    steps = list(walk(players, seed, greedy_action))
    assert len(steps) == 1 + CARDS * players
    for step in steps:
        assert step.action in legal_actions(step.before, step.seat)
