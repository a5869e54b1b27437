"""The level-2 bot, information-set Monte Carlo tree search, is generic: it reaches a game
only through the rules protocol and its optional ``determinize``."""

from __future__ import annotations

import itertools
import random
from dataclasses import replace

from games.engine.ruleset import BotLevel
from games.engine.search import Budget, SearchStats, bot_move, search
from tests.toygame.rules import CHARMS, Take, ToyRules, ToyState


class DeterminizingToy(ToyRules):
    """Toy with the optional protocol function: the other seats' charms dealt again."""

    determinized = 0

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        self.determinized += 1
        unseen = [charm for charm in CHARMS if charm != state.charms[seat]]
        rng.shuffle(unseen)
        charms = tuple(c if s == seat else unseen.pop() for s, c in enumerate(state.charms))
        return replace(state, charms=charms)


def toy(pile: int) -> tuple[DeterminizingToy, ToyState]:
    rules = DeterminizingToy()
    state = rules.new_game({"players": 2, "pile": pile})
    deal = rules.chance_action(state, random.Random(0))
    assert deal is not None
    return rules, rules.apply(state, rules.chance, deal)


def test_it_finds_the_only_winning_move() -> None:
    # Five tokens, last token wins: taking 1 leaves 4, and whatever the other takes, the
    # rest is mine. Random play-outs (the toy's own bot) do not know it; the tree does.
    rules, state = toy(5)
    assert search(rules, state, 0, random.Random(1), Budget(iterations=400)) == Take(1)


def test_with_few_play_outs_the_heuristics_move_stands() -> None:
    # Three play-outs for three moves: a visit each, and the most visited would be any.
    rules, state = toy(9)
    for seed in range(12):
        heuristic = rules.bot_action(state, 0, random.Random(seed))
        assert search(rules, state, 0, random.Random(seed), Budget(iterations=3)) == heuristic


def test_it_stops_at_its_time_cap() -> None:
    rules, state = toy(9)
    ticks = itertools.count(step=1.0)
    stats = SearchStats()
    move = search(
        rules,
        state,
        0,
        random.Random(4),
        Budget(iterations=1000, seconds=10.5),
        clock=lambda: next(ticks),
        stats=stats,
    )
    assert move in rules.legal_actions(state, 0)
    # An iteration takes a tick (a second): the ninth ends at 10 s, a tenth would end past
    # the cap, so it is not started.
    assert rules.determinized == 9
    assert stats == SearchStats(iterations=9, stopped_by_time=True)


def test_its_stats_say_when_the_iteration_cap_stopped_it() -> None:
    rules, state = toy(9)
    stats = SearchStats()
    bot_move(rules, state, 0, BotLevel.SEARCH, random.Random(4), Budget(iterations=7), stats)
    assert stats == SearchStats(iterations=7, stopped_by_time=False)


def test_a_game_that_cannot_determinize_plays_its_heuristic_at_level_two() -> None:
    rules = ToyRules()
    state = rules.new_game({"players": 2, "pile": 9})
    state = rules.apply(state, rules.chance, rules.chance_action(state, random.Random(0)))
    searched = bot_move(rules, state, 0, BotLevel.SEARCH, random.Random(5))
    assert searched == rules.bot_action(state, 0, random.Random(5))
