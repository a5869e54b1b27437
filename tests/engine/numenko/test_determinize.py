"""The search bot's deals: a state a seat cannot tell from the real one."""

from __future__ import annotations

import random

from hypothesis import given

from games.engine.numenko import RULES, Mode, Phase, view
from games.engine.numenko.determinize import determinize
from games.engine.numenko.positions import arrange

from .conftest import modes, play, players, random_games, seeds, tiles_in_play, walk


def test_the_others_hands_and_the_pot_are_dealt_again_the_seat_keeps_its_view() -> None:
    real = arrange(["2x4=8", "1+1=2", "3x3=9"], ["79MM", "0123", "F"])
    sampled = determinize(real, 0, random.Random(3))
    assert view(sampled, 0) == view(real, 0)
    assert sampled.hands[0] == real.hands[0]
    assert [len(hand) for hand in sampled.hands] == [4, 4, 1]
    assert sampled.hands[1:] != real.hands[1:]
    assert tiles_in_play(sampled) == tiles_in_play(real) == 158


def test_another_seats_secret_move_is_replaced_by_one_of_its_new_hand() -> None:
    real = play(arrange(["2x4=8", "1+1=2"], ["79MM", "0123"], Mode.ROUNDS), 1, "exchange 0")
    sampled = determinize(real, 0, random.Random(5))
    move = sampled.submitted[1]
    assert move is not None and move.exchange in sampled.hands[1]
    assert view(sampled, 0) == view(real, 0)
    # The game goes on from it as from any state.
    RULES.apply(sampled, 0, RULES.parse_action("pass"))


@random_games(6)
@given(players=players, mode=modes, seed=seeds)
def test_determinize_keeps_the_seats_view_at_every_step(
    players: int, mode: Mode, seed: int
) -> None:
    rng = random.Random(seed)
    for step in walk(players, mode, seed):
        if step.after.phase is Phase.DEAL or rng.random() > 0.3:
            continue
        for seat in range(players):
            sampled = determinize(step.after, seat, rng)
            assert view(sampled, seat) == view(step.after, seat)
            assert tiles_in_play(sampled) == 158
