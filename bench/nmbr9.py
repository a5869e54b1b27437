"""NMBR 9's engine alone: legal placements enumerated per second, the greedy bot's time per
move, and its average score next to the random bot's.

Run: ``.venv/bin/python bench/nmbr9.py [--games 10]``

Solo games (the bots read only their own stack, so players do not change the figures).
Enumeration is timed on every position the greedy games pass through (all placements of the
card face up, listed). Target (issue #21): the greedy bot under 0.2 s per move on one core.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.nmbr9 import (
    CHANCE,
    Nmbr9Config,
    Phase,
    apply,
    greedy_action,
    new_game,
    placements,
    play_game,
    random_action,
    score,
)

TARGET_SECONDS = 0.2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()

    greedy_scores: list[int] = []
    random_scores: list[int] = []
    move_times: list[float] = []
    listed, listing = 0, 0.0
    for seed in range(args.games):
        final, _ = play_game(Nmbr9Config(1), random.Random(seed), random_action)
        random_scores.append(score(final.stacks[0]))
        # A greedy game, each move timed, and the full list of placements timed apart.
        rng = random.Random(seed)
        state = new_game(Nmbr9Config(1))
        state = apply(state, CHANCE, random_action(state, CHANCE, rng))
        while state.phase is not Phase.GAME_OVER:
            assert state.card is not None
            started = time.perf_counter()
            listed += sum(1 for _ in placements(state.stacks[0], state.card))
            listing += time.perf_counter() - started
            started = time.perf_counter()
            action = greedy_action(state, 0, rng)
            move_times.append(time.perf_counter() - started)
            state = apply(state, 0, action)
        greedy_scores.append(score(state.stacks[0]))

    worst = max(move_times)
    verdict = "met" if worst < TARGET_SECONDS else "MISSED"
    print(f"games: {args.games} solo, 20 moves each")
    print(
        f"legal placements enumerated: {listed / listing:,.0f}/s "
        f"({listed / len(move_times):.0f} per position)"
    )
    print(
        f"greedy move: mean {statistics.mean(move_times) * 1000:.1f} ms, "
        f"max {worst * 1000:.1f} ms (target < {TARGET_SECONDS * 1000:.0f} ms: {verdict})"
    )
    print(
        f"average score: greedy {statistics.mean(greedy_scores):.1f}, "
        f"random {statistics.mean(random_scores):.1f}"
    )


if __name__ == "__main__":
    main()
