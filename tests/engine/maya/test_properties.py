"""Invariants checked at every step of random games (2 to 4 players, with and without the
expert variant): nothing crashes, every applied action was legal for a seat that could act,
cards and tokens are conserved, every seat holds a secret number from the mix to the end,
replays from the recorded JSON give the same game, and every game ends with a winner."""

from __future__ import annotations

import random

from hypothesis import given

from games.engine.maya import (
    CHANCE,
    RULES,
    MayaConfig,
    Phase,
    action_from_json,
    action_to_json,
    apply,
    legal_actions,
    new_game,
    outcome,
    parse_action,
    to_act,
)
from games.engine.maya.tokens import TOKENS_TO_WIN

from .conftest import assert_conserved, configs, random_games, seeds, walk

many_games = random_games(25)


@many_games
@given(config=configs, seed=seeds)
def test_every_applied_action_was_legal_for_a_seat_that_could_act(
    config: MayaConfig, seed: int
) -> None:
    for step in walk(config, seed):
        assert step.seat in to_act(step.before), f"step {step.number}: seat {step.seat}"
        assert step.action in legal_actions(step.before, step.seat), f"step {step.number}"
        for seat in (CHANCE, *config.seats):
            assert bool(legal_actions(step.before, seat)) == (seat in to_act(step.before))


@many_games
@given(config=configs, seed=seeds)
def test_the_69_cards_and_20_tokens_are_each_in_one_place_at_every_step(
    config: MayaConfig, seed: int
) -> None:
    for step in walk(config, seed):
        assert_conserved(step.after, f"after step {step.number} ({step.action})")


@many_games
@given(config=configs, seed=seeds)
def test_every_seat_holds_a_secret_and_the_supply_never_runs_out(
    config: MayaConfig, seed: int
) -> None:
    """Decision "the token supply": the supply cannot run out before someone has five
    tokens (docs/rules-maya.md gives the count); this checks it on random games."""
    for step in walk(config, seed):
        state = step.after
        if state.phase in (Phase.PLAY, Phase.RESHUFFLE):
            assert None not in state.secrets
            assert all(len(won) < TOKENS_TO_WIN for won in state.won)
            assert state.supply, f"step {step.number}: empty supply while playing"
            assert all(len(hand) == 5 for hand in state.hands) or state.owed is not None


@many_games
@given(config=configs, seed=seeds)
def test_a_seat_that_may_not_act_is_refused(config: MayaConfig, seed: int) -> None:
    for step in walk(config, seed):
        for seat in (CHANCE, *config.seats):
            if seat not in to_act(step.before):
                try:
                    apply(step.before, seat, step.action)
                except ValueError:
                    continue
                raise AssertionError(f"step {step.number}: seat {seat} played {step.action}")


@many_games
@given(config=configs, seed=seeds)
def test_listed_actions_are_accepted_and_round_trip_in_text_and_json(
    config: MayaConfig, seed: int
) -> None:
    sampler = random.Random(seed)
    for step in walk(config, seed):
        if step.seat == CHANCE:
            assert action_from_json(action_to_json(step.action)) == step.action
            continue
        listed = list(legal_actions(step.before, step.seat))
        for action in sampler.sample(listed, min(4, len(listed))):
            apply(step.before, step.seat, action)
            assert parse_action(str(action)) == action
            assert action_from_json(action_to_json(action)) == action


@many_games
@given(config=configs, seed=seeds)
def test_replaying_the_recorded_json_rebuilds_the_game_without_randomness(
    config: MayaConfig, seed: int
) -> None:
    steps = list(walk(config, seed))
    state = new_game(config)
    for step in steps:
        state = RULES.apply(state, step.seat, RULES.action_from_json(action_to_json(step.action)))
    assert state == steps[-1].after


@many_games
@given(config=configs, seed=seeds)
def test_every_game_ends_with_one_winner_holding_five_tokens(config: MayaConfig, seed: int) -> None:
    *_, last = walk(config, seed)
    final = last.after
    result = outcome(final)
    assert result is not None and len(result.winners) == 1
    (winner,) = result.winners
    assert result.scores[winner] == TOKENS_TO_WIN
    assert all(score < TOKENS_TO_WIN for seat, score in enumerate(result.scores) if seat != winner)
    assert [sum(line.points for line in lines) for lines in result.breakdown] == list(result.scores)
    assert not to_act(final)
    assert RULES.milestones(last.before, final)[0][0] == "game-ended"
