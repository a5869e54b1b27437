"""The bots: the random one plays legal actions; the heuristic one aims at its number."""

import random

from games.engine.maya import RULES, heuristic_action, legal_actions
from games.engine.maya.positions import arrange


def test_the_heuristic_bot_reaches_its_secret_number_when_it_can() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play joker +5"


def test_the_heuristic_bot_gets_as_near_as_it_can() -> None:
    state = arrange(["+1 +2 -2 0 -1", "-1"], count=2, secrets=[9, 8])
    assert str(heuristic_action(state, 0, random.Random(0))) == "play +2"


def test_the_heuristic_bot_keeps_the_count_away_from_the_next_players_aim() -> None:
    """Seat 0 aims at 8 from 5: +2 and +4 both leave it one away. Seat 1 left the count at
    its last turn on 9 (or 7): it seems to aim there, so the bot leaves the other count."""
    state = arrange(["+2 +4 -1 -1 -1", "-1"], count=5, secrets=[8, 3])
    near_nine = state._replace(left=(None, 9))
    assert str(heuristic_action(near_nine, 0, random.Random(0))) == "play +2"
    near_seven = state._replace(left=(None, 7))
    assert str(heuristic_action(near_seven, 0, random.Random(0))) == "play +4"


def test_bots_play_legal_actions() -> None:
    state = arrange(["+1 +3 -2 0 joker", "-1"], count=2, secrets=[9, 8])
    rng = random.Random(3)
    assert RULES.bot_action(state, 0, rng) in legal_actions(state, 0)
    assert heuristic_action(state, 0, rng) in legal_actions(state, 0)
    assert RULES.chance_action(state, rng) is None


def test_a_seats_bot_plays_toward_its_secret_number() -> None:
    state = arrange(["+1 +3 -2 0 +5", "0"], count=3, secrets=[6, 9])
    assert str(RULES.bot_action(state, 0, random.Random(1))) == "play +3"
