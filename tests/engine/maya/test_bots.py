"""The bots: the random one plays legal actions; the heuristic one makes its number and
keeps the count from telling it."""

import random

from games.engine.maya import RULES, heuristic_action, legal_actions
from games.engine.maya.positions import arrange


def test_the_heuristic_bot_reaches_its_secret_number_when_it_can() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[7, 8])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play joker +5"


def test_out_of_reach_the_heuristic_bot_leaves_the_count_far_from_its_number() -> None:
    """From 5, seat 0 cannot make 9: -1 leaves the count 5 away, beyond a card's reach,
    and every other play leaves it nearer, where the count would give the number away."""
    state = arrange(["+1 +2 -1 0 +3", "+5"], count=5, secrets=[9, 8])
    for seed in range(10):
        assert str(heuristic_action(state, 0, random.Random(seed))) == "play -1"


def test_the_heuristic_bot_does_not_drive_the_count_further_than_it_can_be_read() -> None:
    """From 1, seat 0 aims at 9: -5 and -1 both leave the count beyond a card's reach of
    9; being further tells no less, so the bot plays either, as the seed falls."""
    state = arrange(["-5 -1 +4 +4 +5", "+5"], count=1, secrets=[9, 8])
    plays = {str(heuristic_action(state, 0, random.Random(seed))) for seed in range(20)}
    assert plays == {"play -5", "play -1"}


def test_the_heuristic_bot_keeps_the_count_away_from_the_next_players_aim() -> None:
    """Seat 0 cannot make its 10 from 5. Seat 1 left the count at its last turn on 8 (or
    2): it seems to aim there, so the bot leaves the count out of its reach (-4 makes 1,
    +2 makes 7), before keeping it from its own number."""
    state = arrange(["+2 -4 -1 -1 -1", "-1"], count=5, secrets=[10, 8])
    near_eight = state._replace(left=(None, 8))
    assert str(heuristic_action(near_eight, 0, random.Random(0))) == "play -4"
    near_two = state._replace(left=(None, 2))
    assert str(heuristic_action(near_two, 0, random.Random(0))) == "play +2"


def test_bots_play_legal_actions() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    rng = random.Random(3)
    assert RULES.bot_action(state, 0, rng) in legal_actions(state, 0)
    assert heuristic_action(state, 0, rng) in legal_actions(state, 0)
    assert RULES.chance_action(state, rng) is None


def test_a_seats_bot_makes_its_secret_number() -> None:
    state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    assert str(RULES.bot_action(state, 0, random.Random(1))) == "play +3"
