"""The level-2 bot, information-set Monte Carlo tree search, is generic: it reaches a game
only through the rules protocol and its optional ``determinize`` and ``candidate_actions``."""

from __future__ import annotations

import gc
import itertools
import random
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from games.engine.ruleset import BotLevel
from games.engine.search import (
    Budget,
    SearchStats,
    bot_move,
    search,
)
from tests.toygame.rules import CHARMS, Listed, Take, ToyRules, ToyState


class DeterminizingToy(ToyRules):
    """Toy with the optional protocol function: the other seats' charms dealt again."""

    determinized = 0

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        self.determinized += 1
        unseen = [charm for charm in CHARMS if charm != state.charms[seat]]
        rng.shuffle(unseen)
        charms = tuple(c if s == seat else unseen.pop() for s, c in enumerate(state.charms))
        return replace(state, charms=charms)


class Unlisted(Listed):
    """The same moves, as if too many to list."""

    listable = False


class UnlistedToy(DeterminizingToy):
    """Toy whose takes cannot be listed, with no short list of them."""

    def legal_actions(self, state: ToyState, seat: int) -> Listed:
        return Unlisted(super().legal_actions(state, seat).actions)


class ShortlistingToy(UnlistedToy):
    """Toy whose takes cannot be listed but has the optional short list: the heuristic's
    choice first, then the other takes."""

    shortlisted = 0

    def candidate_actions(self, state: ToyState, seat: int, rng: random.Random) -> list[Any]:
        self.shortlisted += 1
        first = self.bot_action(state, seat, rng)
        return [first, *(take for take in self.legal_actions(state, seat) if take != first)]


def toy(pile: int, rules: DeterminizingToy | None = None) -> tuple[DeterminizingToy, ToyState]:
    rules = rules or DeterminizingToy()
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


class TimedToy(DeterminizingToy):
    """Toy on a clock of its own, :attr:`elapsed`: each deal again takes the next of
    ``deal_seconds`` and each move of the game ``move_seconds``."""

    def __init__(self, deal_seconds: Iterator[float], move_seconds: float = 0.0) -> None:
        self.deal_seconds = deal_seconds
        self.move_seconds = move_seconds
        self.elapsed = 0.0
        self.moves = 0

    def determinize(self, state: ToyState, seat: int, rng: random.Random) -> ToyState:
        self.elapsed += next(self.deal_seconds)
        return super().determinize(state, seat, rng)

    def apply(self, state: ToyState, seat: int, action: Any) -> ToyState:
        if seat != self.chance:
            self.elapsed += self.move_seconds
            self.moves += 1
        return super().apply(state, seat, action)


def timed_search(rules: TimedToy, state: ToyState) -> tuple[Any, SearchStats]:
    """A search of seat 0 with a 10.5 s cap on ``rules``' clock."""
    stats = SearchStats()
    move = search(
        rules,
        state,
        0,
        random.Random(4),
        Budget(iterations=1000, seconds=10.5),
        clock=lambda: rules.elapsed,
        stats=stats,
    )
    return move, stats


def test_it_stops_at_its_time_cap() -> None:
    rules, state = toy(9, TimedToy(itertools.repeat(1.0)))
    move, stats = timed_search(rules, state)
    assert move in rules.legal_actions(state, 0)
    # An iteration takes a second (its deal): the tenth ends at 10 s, an eleventh would
    # end past the cap, so it is not started.
    assert rules.determinized == 10
    assert stats == SearchStats(iterations=10, stopped_by_time=True)


def test_it_starts_no_play_out_that_would_end_past_its_cap_at_the_slowest_pace() -> None:
    # The first play-out takes 4 s, the others 1 s: at 7 s, one as slow as the first would
    # end past the cap (at the mean pace, 1.75 s, it would not, and two more would start).
    rules, state = toy(9, TimedToy(itertools.chain([4.0], itertools.repeat(1.0))))
    _, stats = timed_search(rules, state)
    assert stats == SearchStats(iterations=4, stopped_by_time=True)


class NeverTaking(DeterminizingToy):
    """Toy whose play-outs never end: the pile is never taken from."""

    def apply(self, state: ToyState, seat: int, action: Any) -> ToyState:
        if seat == self.chance:
            return super().apply(state, seat, action)
        return replace(state, turn=1 - state.turn)


class EndlessToy(TimedToy, NeverTaking):
    """Timed toy whose play-outs never end."""


def test_a_play_out_still_going_at_its_time_cap_is_stopped() -> None:
    rules, state = toy(9, EndlessToy(itertools.repeat(0.0), move_seconds=1.0))
    _, stats = timed_search(rules, state)
    # A move takes a second: the first play-out reads the clock before each move and
    # stops at the cap, after its eleventh, not after PLAYOUT_MOVES; no second one starts.
    assert stats == SearchStats(iterations=1, stopped_by_time=True)
    assert rules.moves == 11


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


def test_where_moves_cannot_be_listed_it_searches_the_games_short_list() -> None:
    rules, state = toy(5, ShortlistingToy())
    stats = SearchStats()
    move = search(rules, state, 0, random.Random(1), Budget(iterations=400), stats=stats)
    assert move == Take(1)  # the only winning move, though the heuristic's is random
    assert stats.iterations == 400
    # Every node of the tree below the root offers the short list too, not one move.
    assert rules.shortlisted > 400


class ListedShortlistingToy(DeterminizingToy):
    """Toy whose takes are listed, with a short list that leaves out taking one where
    there is another take."""

    def candidate_actions(self, state: ToyState, seat: int, rng: random.Random) -> list[Any]:
        takes = list(self.legal_actions(state, seat))
        return [take for take in takes if take != Take(1)] or takes


def test_where_a_game_offers_a_short_list_of_listed_moves_it_searches_that_list() -> None:
    # Taking 1 of 5 is the only winning move, and the search finds it among listed moves
    # (test_it_finds_the_only_winning_move); left off the short list, it is never played.
    rules, state = toy(5, ListedShortlistingToy())
    for seed in range(4):
        move = search(rules, state, 0, random.Random(seed), Budget(iterations=400))
        assert move in rules.candidate_actions(state, 0, random.Random(seed))


def test_with_few_play_outs_the_short_lists_first_move_stands() -> None:
    rules, state = toy(9, ShortlistingToy())
    for seed in range(12):
        first = rules.candidate_actions(state, 0, random.Random(seed))[0]
        assert search(rules, state, 0, random.Random(seed), Budget(iterations=3)) == first


def test_without_a_short_list_moves_that_cannot_be_listed_are_the_heuristics() -> None:
    rules, state = toy(5, UnlistedToy())
    stats = SearchStats()
    move = search(rules, state, 0, random.Random(6), Budget(iterations=400), stats=stats)
    assert move == rules.bot_action(state, 0, random.Random(6))
    assert stats.iterations == 0


class CollectorWatchingToy(DeterminizingToy):
    """Toy that notes, whenever a bot lists or chooses moves, whether Python's garbage
    collector could run."""

    def __init__(self) -> None:
        super().__init__()
        self.collector_on: set[bool] = set()

    def legal_actions(self, state: ToyState, seat: int) -> Listed:
        self.collector_on.add(gc.isenabled())
        return super().legal_actions(state, seat)

    def bot_action(self, state: ToyState, seat: int, rng: random.Random) -> Any:
        self.collector_on.add(gc.isenabled())
        return super().bot_action(state, seat, rng)


def test_the_garbage_collector_is_paused_during_a_bot_move_and_on_again_after() -> None:
    # A full collection pass in a Django process took about 100 ms, inside level 2's second.
    for level in BotLevel:
        rules, state = toy(9, CollectorWatchingToy())
        rules.collector_on.clear()  # dealing the toy's charms
        bot_move(rules, state, 0, level, random.Random(5), Budget(iterations=50))
        assert rules.collector_on == {False}
        assert gc.isenabled()
