"""The bots: the random one places legally; the greedy one scores, fast."""

import random
import statistics

from games.engine.nmbr9 import RULES, Nmbr9Config, greedy_action, legal_actions, play_game
from games.engine.nmbr9.bots import candidate_actions
from games.engine.nmbr9.positions import arrange
from games.engine.search import Budget, SearchStats, search


def test_the_greedy_bot_takes_the_points_in_reach() -> None:
    """A 6 can lie across the two 9s on level 1 (6 points) or on the table (none)."""
    state = arrange([["place 9 at 0,0", "place 9 at 3,0"]], card=6)
    action = greedy_action(state, 0, random.Random(1))
    assert RULES.apply(state, 0, action).stacks[0].tiles[-1].level == 1


def test_bots_play_legal_actions() -> None:
    state = arrange([["place 9 at 0,0", "place 9 at 3,0"]], card=6)
    rng = random.Random(3)
    assert RULES.bot_action(state, 0, rng) in legal_actions(state, 0)
    assert RULES.chance_action(state, rng) is None


def test_the_greedy_bot_beats_the_random_one() -> None:
    greedy, randomly = [], []
    for seed in range(3):
        final, _ = play_game(Nmbr9Config(1), random.Random(seed), greedy_action)
        greedy.append(final.stacks[0])
        final, _ = play_game(Nmbr9Config(1), random.Random(seed))
        randomly.append(final.stacks[0])
    from games.engine.nmbr9 import score

    assert statistics.mean(map(score, greedy)) > statistics.mean(map(score, randomly))


def test_the_search_bot_searches_among_the_greedy_bots_short_list() -> None:
    """Two 9s side by side, a 6 to place, two players: the search plays its 20 play-outs
    and one of the greedy bot's best placements, a legal one (on a clock that stands still,
    so that a loaded machine does not stop it early)."""
    state = arrange([["place 9 at 0,0", "place 9 at 3,0"], ["place 0 at 0,0"]], card=6)
    stats = SearchStats()
    move = search(
        RULES, state, 0, random.Random(7), Budget(iterations=20), clock=lambda: 0.0, stats=stats
    )
    assert stats == SearchStats(iterations=20, stopped_by_time=False)
    assert move in candidate_actions(state, 0, random.Random(7))
    assert move in legal_actions(state, 0)
