"""Bots: time per move per level, and strength, through the rules protocol only.

Run: ``.venv/bin/python bench/bots.py [--games 200] [--search-games 20] [--iterations 100]
[--minutes 20] [--seed 1]``

For NUM-X, 4 players, Speed Run and X-Game:

- **level 1 against level 0**: one level-1 bot with three level-0 bots, ``--games`` games
  per mode, the level-1 seat going round the table (seat = game number mod 4);
- **level 2 against level 1**: one level-2 bot (ISMCTS, ``--iterations`` a move, the time
  cap ``--seconds``) with three level-1 bots, ``--search-games`` games per mode;
- **four level-1 bots**, ``--games`` games per mode: the X-Trem rate per game (a game where
  anybody scored one) and per player (seats that scored one, over all seats), next to the
  rule book's *Vous avez 5 % de chance de le réaliser*.

Reported per pairing: the stronger bot's win rate (a tie shares the win) with a 95 %
confidence interval (Wilson), its fair share (1/4), and its mean score margin over the
best of the others; per level, the time its decisions took (median, p99, max). Each game is
seeded from ``--seed`` and its number, so a run replays the same games. The whole run stops
by itself after ``--minutes``, each pairing keeping the games finished by then, and says how
many that was.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.ruleset import BotLevel, RuleSet
from games.engine.search import Budget, bot_move
from games.registry import rule_set

PLAYERS = 4
MODES = ("speed-run", "x-game")


def play(
    rules: RuleSet[Any],
    config: dict[str, Any],
    levels: Sequence[BotLevel],
    rng: random.Random,
    budget: Budget,
    times: dict[BotLevel, list[float]],
) -> Any:
    """One game, each seat at its level; the decisions' times are added to ``times``."""
    state = rules.new_game(config)
    while not rules.is_terminal(state):
        chance = rules.chance_action(state, rng)
        if chance is not None:
            state = rules.apply(state, rules.chance, chance)
            continue
        seat = rng.choice(sorted(rules.awaiting(state) - {rules.chance}))
        level = levels[seat]
        start = time.perf_counter()
        action = bot_move(rules, state, seat, level, rng, budget)
        times[level].append(time.perf_counter() - start)
        state = rules.apply(state, seat, action)
    return rules.outcome(state)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate of ``wins`` in ``games``."""
    if not games:
        return 0.0, 1.0
    z = 1.96
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


def pairing(
    rules: RuleSet[Any],
    mode: str,
    strong: BotLevel,
    weak: BotLevel,
    games: int,
    args: argparse.Namespace,
    times: dict[BotLevel, list[float]],
    deadline: float,
) -> dict[str, Any]:
    """``strong`` in one seat (going round), ``weak`` in the others."""
    wins = 0.0
    margins: list[int] = []
    xtrem_games = xtrem_players = 0
    budget = Budget(args.iterations, args.seconds)
    played = 0
    for number in range(games):
        if time.monotonic() >= deadline:
            break
        seat = number % PLAYERS
        levels = [strong if s == seat else weak for s in range(PLAYERS)]
        rng = random.Random(f"{args.seed}:{mode}:{strong}:{weak}:{number}")
        result = play(rules, {"players": PLAYERS, "mode": mode}, levels, rng, budget, times)
        played += 1
        if seat in result.winners:
            wins += 1 / len(result.winners)
        margins.append(
            result.scores[seat] - max(result.scores[s] for s in range(PLAYERS) if s != seat)
        )
        scored = [any(line.rule == "x-trem" for line in lines) for lines in result.breakdown]
        xtrem_games += any(scored)
        xtrem_players += sum(scored)
    low, high = wilson(wins, played)
    return {
        "mode": mode,
        "levels": f"{int(strong)} vs 3x{int(weak)}",
        "games": played,
        "win_rate": round(wins / played, 3) if played else None,
        "win_rate_95ci": [round(low, 3), round(high, 3)],
        "fair_share": 1 / PLAYERS,
        "mean_margin": round(statistics.fmean(margins), 1) if margins else None,
        "xtrem_per_game": round(xtrem_games / played, 4) if played else None,
        "xtrem_per_player": round(xtrem_players / (played * PLAYERS), 4) if played else None,
    }


def timing(samples: list[float]) -> dict[str, Any]:
    if not samples:
        return {"moves": 0}
    ordered = sorted(samples)
    return {
        "moves": len(ordered),
        "median_ms": round(1000 * statistics.median(ordered), 2),
        "p99_ms": round(1000 * ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))], 2),
        "max_ms": round(1000 * ordered[-1], 2),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per level-0/1 pairing")
    parser.add_argument("--search-games", type=int, default=20, help="games per level-2 pairing")
    parser.add_argument("--iterations", type=int, default=100, help="level 2: iterations a move")
    parser.add_argument("--seconds", type=float, default=1.0, help="level 2: time cap a move")
    parser.add_argument("--minutes", type=float, default=20.0, help="stop after this long")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    rules = rule_set("numx")
    deadline = time.monotonic() + 60 * args.minutes
    times: dict[BotLevel, list[float]] = {level: [] for level in BotLevel}
    results = []
    for mode in MODES:
        results.append(
            pairing(
                rules, mode, BotLevel.HEURISTIC, BotLevel.RANDOM, args.games, args, times, deadline
            )
        )
        results.append(
            pairing(
                rules,
                mode,
                BotLevel.HEURISTIC,
                BotLevel.HEURISTIC,
                args.games,
                args,
                times,
                deadline,
            )
        )
    for mode in MODES:
        results.append(
            pairing(
                rules,
                mode,
                BotLevel.SEARCH,
                BotLevel.HEURISTIC,
                args.search_games,
                args,
                times,
                deadline,
            )
        )
    report = {
        "arguments": vars(args),
        "pairings": results,
        "time_per_move": {level.name.lower(): timing(samples) for level, samples in times.items()},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
