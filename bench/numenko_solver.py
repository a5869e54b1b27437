"""Numenko's level-1 solver alone: its time for a hand dealt fresh and for every decision of
whole games, what it lays, level 1 against level 0, and the time of a level-2 decision.

Run: ``.venv/bin/python bench/numenko_solver.py [--hands 20] [--games 1] [--duels 4]
[--searches 2]``

Times are CPU seconds of this process (``time.process_time``: one core, whatever else the
machine runs). The catalogue of calculations is built once per process, the first time a
bot needs it: its time is given apart. Target (issue #42): at most 1 s for a 20-tile hand
on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.numenko import (
    CHANCE,
    RULES,
    Grid,
    NumenkoConfig,
    Tile,
    apply,
    is_terminal,
    new_game,
    outcome,
    random_action,
    solve,
    solver_action,
    to_act,
)
from games.engine.numenko.catalogue import catalogue
from games.engine.numenko.tiles import FIRST_POT, bag, points
from games.engine.ruleset import BotLevel
from games.engine.search import SearchStats, bot_move

TARGET_SECONDS = 1.0


def _cpu(function, *args, **options):  # type: ignore[no-untyped-def]
    started = time.process_time()
    result = function(*args, **options)
    return time.process_time() - started, result


def fresh_hands(count: int) -> None:
    """The solver on ``count`` hands of 20 tiles and a Freechoice, from an empty grid."""
    seconds, laid, left = [], [], []
    for seed in range(count):
        rng = random.Random(seed)
        pot = list(FIRST_POT)
        rng.shuffle(pot)
        hand = bag((*pot[:20], Tile.FREECHOICE))
        took, (grid, rest) = _cpu(solve, Grid(), hand, rng)
        seconds.append(took)
        laid.append(len(grid.squares))
        left.append(points(rest))
    worst = max(seconds)
    verdict = "met" if worst <= TARGET_SECONDS else "MISSED"
    print(
        f"fresh 21-tile hands: {count}; solve mean {statistics.mean(seconds):.3f} s, "
        f"max {worst:.3f} s (target <= {TARGET_SECONDS:.0f} s: {verdict})"
    )
    print(
        f"  tiles laid: mean {statistics.mean(laid):.1f} of 21; "
        f"points left in hand: mean {statistics.mean(left):.1f}"
    )


def whole_games(count: int, players: int) -> None:
    """Every level-1 decision of ``count`` games of ``players`` level-1 seats (rounds)."""
    seconds: list[tuple[float, int]] = []
    rounds = []
    for seed in range(count):
        rng = random.Random(1000 + seed)
        state = new_game(NumenkoConfig(players))
        while not is_terminal(state):
            seat = rng.choice(sorted(to_act(state)))
            if seat == CHANCE:
                action = random_action(state, seat, rng)
            else:
                took, action = _cpu(solver_action, state, seat, rng)
                seconds.append((took, len(state.tiles_of(seat))))
            state = apply(state, seat, action)
        rounds.append(state.round)
    times = [took for took, _ in seconds]
    worst, owned = max(seconds)
    print(
        f"{count} games of {players} level-1 players: {len(times)} decisions over "
        f"{statistics.mean(rounds):.0f} rounds a game; mean {statistics.mean(times):.3f} s, "
        f"p90 {sorted(times)[int(0.9 * len(times))]:.3f} s, max {worst:.3f} s "
        f"(a seat owning {owned} tiles, grid and hand)"
    )


def duels(count: int) -> None:
    """Two-player games, level 1 against level 0, each level in each seat in turn."""
    won = 0.0
    margins = []
    for seed in range(count):
        rng = random.Random(2000 + seed)
        strong = seed % 2
        state = new_game(NumenkoConfig(2))
        while not is_terminal(state):
            seat = rng.choice(sorted(to_act(state)))
            if seat == strong:
                action = solver_action(state, seat, rng)
            else:
                action = random_action(state, seat, rng)
            state = apply(state, seat, action)
        result = outcome(state)
        assert result is not None
        won += (strong in result.winners) / len(result.winners)
        margins.append(result.scores[strong] - result.scores[1 - strong])
    print(
        f"level 1 against level 0, {count} two-player games: level 1 won {won:g}, "
        f"mean margin {statistics.mean(margins):+.1f} points"
    )


def search_decisions(count: int) -> None:
    """A level-2 decision (the platform's search, its default budget) in ``count``
    positions just after the deal of a 2-player game."""
    seconds, iterations = [], []
    for seed in range(count):
        rng = random.Random(3000 + seed)
        state = new_game(NumenkoConfig(2))
        state = apply(state, CHANCE, random_action(state, CHANCE, rng))
        stats = SearchStats()
        took, _ = _cpu(bot_move, RULES, state, 0, BotLevel.SEARCH, rng, stats=stats)
        seconds.append(took)
        iterations.append(stats.iterations)
    print(
        f"level 2, {count} decisions after the deal: mean {statistics.mean(seconds):.2f} s, "
        f"max {max(seconds):.2f} s, play-outs {iterations}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--games", type=int, default=1)
    parser.add_argument("--duels", type=int, default=4)
    parser.add_argument("--searches", type=int, default=2)
    args = parser.parse_args()
    took, _ = _cpu(catalogue)
    print(f"catalogue built once a process: {took:.2f} s")
    fresh_hands(args.hands)
    for players in (2, 4):
        whole_games(args.games, players)
    duels(args.duels)
    search_decisions(args.searches)


if __name__ == "__main__":
    main()
