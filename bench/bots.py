"""Bots: time per move per level, and strength, through the rules protocol only.

Run: ``.venv/bin/python bench/bots.py [--game numx] [--players 4] [--variants ...]
[--pairings 1v0,1v1,2v1] [--games 200] [--search-games 20] [--iterations 100]
[--seconds 1] [--minutes 20] [--seed 1]``

Any game of the registry (``--game``: ``numx``, ``maya``, ``nmbr9``), each player count of
``--players`` (a comma list) and each variant of ``--variants`` (NUM-X: its modes,
``speed-run,x-game`` by default; Maya: ``standard``, ``expert``; NMBR 9: none). Pairings
(``--pairings``, ``SvW``, the stronger level first):

- ``1v0``: one level-1 bot with level-0 bots, ``--games`` games, the level-1 seat going
  round the table (seat = game number mod players);
- ``1v1``: four level-1 bots, a check of the bench (the seat should win its fair share)
  and, in NUM-X, the X-Trem rate per game (a game where anybody scored one) and per
  player (seats that scored one, over all seats), next to the rule book's *Vous avez 5 % de
  chance de le réaliser*;
- ``2v1``: one level-2 bot (ISMCTS, ``--iterations`` a move, the time cap ``--seconds``)
  with level-1 bots, ``--search-games`` games.

With one player (solo NMBR 9) a pairing plays its stronger level alone and reports its mean
score. Reported per pairing: the stronger bot's win rate (a tie shares the win) with a 95 %
confidence interval (Wilson), its fair share, its mean score and its mean margin over the
best of the others (each with a 95 % interval); per level, the time its decisions took
(median, p99, max), and for level 2 how many moves it searched, its play-outs a search and
how many searches its time cap stopped before the iteration cap. Each game is seeded from
``--seed``, the game, its configuration, the pairing and its number, so a run replays the
same games. The whole run stops by itself after ``--minutes``, each pairing keeping the
games finished by then, and says how many that was.
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
from games.engine.search import Budget, SearchStats, bot_move
from games.registry import rule_set

#: Each game's variants: a name and the configuration options it stands for.
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "numx": {"speed-run": {"mode": "speed-run"}, "x-game": {"mode": "x-game"}},
    "maya": {"standard": {}, "expert": {"expert": True}},
    "nmbr9": {"standard": {}},
}
DEFAULTS = {
    "numx": ("4", "speed-run,x-game"),
    "maya": ("2,4", "standard"),
    "nmbr9": ("2", "standard"),
}


class Decisions:
    """Every decision's time per level, and what each level-2 search did."""

    def __init__(self) -> None:
        self.times: dict[BotLevel, list[float]] = {level: [] for level in BotLevel}
        self.searches: list[SearchStats] = []


def play(
    rules: RuleSet[Any],
    config: dict[str, Any],
    levels: Sequence[BotLevel],
    rng: random.Random,
    budget: Budget,
    decisions: Decisions,
) -> Any:
    """One game, each seat at its level; each decision is timed into ``decisions``."""
    state = rules.new_game(config)
    while not rules.is_terminal(state):
        chance = rules.chance_action(state, rng)
        if chance is not None:
            state = rules.apply(state, rules.chance, chance)
            continue
        seat = rng.choice(sorted(rules.awaiting(state) - {rules.chance}))
        level = levels[seat]
        stats = SearchStats()
        start = time.perf_counter()
        action = bot_move(rules, state, seat, level, rng, budget, stats)
        decisions.times[level].append(time.perf_counter() - start)
        if level is BotLevel.SEARCH:
            decisions.searches.append(stats)
        state = rules.apply(state, seat, action)
    return rules.outcome(state)


def wilson(wins: float, games: int) -> tuple[float, float]:
    """The 95 % Wilson interval of a rate of ``wins`` in ``games``.

    >>> [round(x, 3) for x in wilson(159, 200)]
    [0.734, 0.845]
    """
    if not games:
        return 0.0, 1.0
    z = 1.96
    rate = wins / games
    centre = (rate + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(rate * (1 - rate) / games + z * z / (4 * games * games))
    return max(0.0, centre - half / (1 + z * z / games)), min(
        1.0, centre + half / (1 + z * z / games)
    )


def mean_ci(values: Sequence[float]) -> dict[str, Any]:
    """The mean of ``values`` and its 95 % interval (normal approximation)."""
    if not values:
        return {"mean": None}
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return {"mean": round(mean, 2), "95ci": [round(mean - half, 2), round(mean + half, 2)]}


def pairing(
    rules: RuleSet[Any],
    config: dict[str, Any],
    label: str,
    strong: BotLevel,
    weak: BotLevel,
    games: int,
    args: argparse.Namespace,
    decisions: Decisions,
    deadline: float,
) -> dict[str, Any]:
    """``strong`` in one seat (going round), ``weak`` in the others."""
    players = config["players"]
    wins = 0.0
    scores: list[int] = []
    margins: list[int] = []
    xtrem_games = xtrem_players = 0
    budget = Budget(args.iterations, args.seconds)
    played = 0
    for number in range(games):
        if time.monotonic() >= deadline:
            break
        seat = number % players
        levels = [strong if s == seat else weak for s in range(players)]
        rng = random.Random(f"{args.seed}:{args.game}:{players}:{label}:{strong}:{weak}:{number}")
        result = play(rules, config, levels, rng, budget, decisions)
        played += 1
        if seat in result.winners:
            wins += 1 / len(result.winners)
        scores.append(result.scores[seat])
        if players > 1:
            margins.append(
                result.scores[seat] - max(result.scores[s] for s in range(players) if s != seat)
            )
        scored = [any(line.rule == "x-trem" for line in lines) for lines in result.breakdown]
        xtrem_games += any(scored)
        xtrem_players += sum(scored)
    low, high = wilson(wins, played)
    report: dict[str, Any] = {
        "game": args.game,
        "players": players,
        "variant": label,
        "levels": f"{int(strong)} vs {players - 1}x{int(weak)}"
        if players > 1
        else f"{int(strong)} solo",
        "games": played,
        "score": mean_ci(scores),
    }
    if players > 1:
        report |= {
            "win_rate": round(wins / played, 3) if played else None,
            "win_rate_95ci": [round(low, 3), round(high, 3)],
            "fair_share": round(1 / players, 3),
            "margin": mean_ci(margins),
        }
    if args.game == "numx":
        report |= {
            "xtrem_per_game": round(xtrem_games / played, 4) if played else None,
            "xtrem_per_player": round(xtrem_players / (played * players), 4) if played else None,
        }
    return report


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


def searching(searches: list[SearchStats]) -> dict[str, Any]:
    """What the level-2 decisions did: how many were searched (a move alone, or moves too
    many to list, are not), their play-outs, and which cap stopped them."""
    searched = [s for s in searches if s.iterations]
    return {
        "decisions": len(searches),
        "searched": len(searched),
        "playouts_median": statistics.median(s.iterations for s in searched) if searched else None,
        "stopped_by_time_cap": sum(s.stopped_by_time for s in searched),
        "stopped_by_iteration_cap": sum(not s.stopped_by_time for s in searched),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="numx", choices=sorted(VARIANTS))
    parser.add_argument("--players", help="player counts, a comma list (default: per game)")
    parser.add_argument("--variants", help="a comma list (default: per game)")
    parser.add_argument("--pairings", default="1v0,1v1,2v1", help="SvW, a comma list")
    parser.add_argument("--games", type=int, default=200, help="games per level-0/1 pairing")
    parser.add_argument("--search-games", type=int, default=20, help="games per level-2 pairing")
    parser.add_argument("--iterations", type=int, default=100, help="level 2: iterations a move")
    parser.add_argument("--seconds", type=float, default=1.0, help="level 2: time cap a move")
    parser.add_argument("--minutes", type=float, default=20.0, help="stop after this long")
    parser.add_argument("--seed", default="1")
    args = parser.parse_args()
    rules = rule_set(args.game)
    counts, variants = DEFAULTS[args.game]
    players = [int(n) for n in (args.players or counts).split(",")]
    labels = (args.variants or variants).split(",")
    started = time.monotonic()
    deadline = started + 60 * args.minutes
    decisions = Decisions()
    results = []
    alone: set[BotLevel] = set()
    for pair in args.pairings.split(","):
        strong, weak = (BotLevel(int(level)) for level in pair.split("v"))
        games = args.search_games if BotLevel.SEARCH in (strong, weak) else args.games
        for count in players:
            if count == 1:
                if strong in alone:
                    continue  # alone, a level plays nobody: once is enough
                alone.add(strong)
            for label in labels:
                config = {"players": count, **VARIANTS[args.game][label]}
                results.append(
                    pairing(rules, config, label, strong, weak, games, args, decisions, deadline)
                )
    report = {
        "arguments": vars(args),
        "pairings": results,
        "time_per_move": {
            level.name.lower(): timing(samples) for level, samples in decisions.times.items()
        },
        "search": searching(decisions.searches),
        # The machine is shared: the process's own CPU time says what the run cost.
        "cpu_seconds": round(time.process_time(), 1),
        "wall_seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
