"""Objectifs bots: one bot of a stronger level with bots of a weaker one, through the rules
protocol, with ``bots.py``'s game loop and statistics.

Run: ``.venv/bin/python bench/objectifs_bots.py [--players 2,4] [--options default]
[--pairings 1v0] [--games 200] [--search-games 20] [--iterations 100] [--seconds 1]
[--seed 1] [--jobs 1]``

``bots.py`` reaches a game through the registry and completes its configuration with the
lobby's new-game form; until the site's adapter registers Objectifs, this script plays its
engine directly (``games.engine.objectifs.RULES``), each configuration as the engine reads
it. ``--options``: a comma list of ``default`` (Objective cards on, *Infini 4* off),
``no-objectives``, ``infini-4``. Pairings as in ``bots.py`` (``1v0``: one level-1 bot with
level-0 bots, its seat going round the table; ``1v1``: a check that a seat wins its fair
share; ``2v1``: the search against level 1). Reported per pairing: the stronger bot's win
rate (a tie shares the win) with its 95 % Wilson interval, its fair share, its mean score
and its margin over the best of the others; per level, the time its decisions took; the
moves a game. Each game is seeded from ``--seed``, the players, the options, the pairing and
its number, so a run replays the same games.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.bots import CLOCKS, Decisions, mean_ci, play, timing, wilson
from games.engine.objectifs import RULES
from games.engine.ruleset import BotLevel
from games.engine.search import Budget

OPTIONS: dict[str, dict[str, Any]] = {
    "default": {},
    "no-objectives": {"objectives": False},
    "infini-4": {"infinity_four": True},
}
#: A game longer than this is stopped and counted apart (none has come near it).
MAX_MOVES = 20_000


@dataclass(frozen=True)
class Game:
    """One game of a pairing to play: everything a worker process needs."""

    config: dict[str, Any]
    label: str
    strong: BotLevel
    weak: BotLevel
    number: int
    seed: str
    budget: Budget


def play_one(game: Game) -> tuple[int, Any, int, Decisions]:
    """``game`` played: the stronger level's seat, the outcome (``None`` if stopped), its
    number of moves and the decisions."""
    players = game.config["players"]
    seat = game.number % players
    levels = [game.strong if s == seat else game.weak for s in range(players)]
    rng = random.Random(
        f"{game.seed}:objectifs:{players}:{game.label}:{game.strong}:{game.weak}:{game.number}"
    )
    decisions = Decisions()
    moves: list[tuple[int, str]] = []
    result = play(
        RULES, game.config, levels, rng, game.budget, decisions, CLOCKS["cpu"], moves, MAX_MOVES
    )
    return seat, result, len(moves), decisions


def pairing(
    pool: Any,
    config: dict[str, Any],
    label: str,
    strong: BotLevel,
    weak: BotLevel,
    games: int,
    args: argparse.Namespace,
    decisions: Decisions,
) -> dict[str, Any]:
    """``strong`` in one seat (going round), ``weak`` in the others."""
    players = config["players"]
    budget = Budget(args.iterations, args.seconds)
    tasks = [Game(config, label, strong, weak, n, args.seed, budget) for n in range(games)]
    wins = 0.0
    scores: list[int] = []
    margins: list[int] = []
    lengths: list[int] = []
    stopped = 0
    for seat, result, length, made in pool.imap(play_one, tasks):
        for level, samples in made.times.items():
            decisions.times[level].extend(samples)
        lengths.append(length)
        if result is None:
            stopped += 1
            continue
        if seat in result.winners:
            wins += 1 / len(result.winners)
        scores.append(result.scores[seat])
        margins.append(
            result.scores[seat] - max(result.scores[s] for s in range(players) if s != seat)
        )
    played = len(scores)
    low, high = wilson(wins, played)
    return {
        "players": players,
        "options": label,
        "config": config,
        "levels": f"{int(strong)} vs {players - 1}x{int(weak)}",
        "games": played,
        "stopped": stopped,
        "win_rate": round(wins / played, 3) if played else None,
        "win_rate_95ci": [round(low, 3), round(high, 3)],
        "fair_share": round(1 / players, 3),
        "score": mean_ci(scores),
        "margin": mean_ci(margins),
        "moves_a_game": {
            "median": statistics.median(lengths) if lengths else None,
            "max": max(lengths, default=None),
        },
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", default="2,4", help="player counts, a comma list")
    parser.add_argument("--options", default="default", help=", ".join(OPTIONS))
    parser.add_argument("--pairings", default="1v0", help="SvW, a comma list")
    parser.add_argument("--games", type=int, default=200, help="games per level-0/1 pairing")
    parser.add_argument("--search-games", type=int, default=20, help="games per level-2 pairing")
    parser.add_argument("--iterations", type=int, default=100, help="level 2: iterations a move")
    parser.add_argument("--seconds", type=float, default=1.0, help="level 2: time cap a move")
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    args = parser.parse_args()
    started = time.monotonic()
    decisions = Decisions()
    results = []
    with Pool(args.jobs) as pool:
        for pair in args.pairings.split(","):
            strong, weak = (BotLevel(int(level)) for level in pair.split("v"))
            games = args.search_games if BotLevel.SEARCH in (strong, weak) else args.games
            for players in (int(n) for n in args.players.split(",")):
                for label in args.options.split(","):
                    config = {"players": players, **OPTIONS[label]}
                    results.append(
                        pairing(pool, config, label, strong, weak, games, args, decisions)
                    )
        pool.close()
        pool.join()  # the workers' CPU time is counted once they are waited for
    report = {
        "arguments": vars(args),
        "pairings": results,
        "time_per_move": {
            level.name.lower(): timing(samples) for level, samples in decisions.times.items()
        },
        "cpu_seconds": round(sum(os.times()[:4]), 1),
        "wall_seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
