"""Bots: time per move per level, and strength, through the rules protocol only.

Run: ``.venv/bin/python bench/bots.py [--game numx] [--players 4] [--variants ...]
[--pairings 1v0,1v1,2v1] [--games 200] [--search-games 20] [--iterations 100]
[--seconds 1] [--minutes 20] [--seed 1] [--clock cpu] [--jobs 1] [--max-moves 5000]
[--records bench/records]``; ``--replay RECORD`` prints a stopped game's last moves and position.

Any game of the registry (``--game``: ``numx``, ``maya``, ``nmbr9``, ``objectifs``,
``numenko``), each player count of ``--players`` (a comma list) and each variant of
``--variants`` (NUM-X: its modes, ``speed-run,x-game`` by default; Maya: ``standard``,
``expert``; NMBR 9: none; Objectifs: ``standard``, with the Objective cards,
``no-objectives``, ``infini-4``; Numenko: ``rounds`` by default, ``live``), each
configuration completed by the game's new-game form as the lobby completes it (NUM-X: its
latest rules edition; without one a configuration plays edition 1). Pairings
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
games finished by then, and says how many that was; each game's seat, winners, scores and
number of moves go to stderr as it ends.

A game still going after ``--max-moves`` moves is stopped and counted apart (``stopped``):
a level-2 search depends on the machine's speed, so its seed alone cannot play it again.
Its moves are written to ``--records`` instead, one JSON file a game, which ``--replay``
plays through the rules again to show its last 40 moves and where it stood.

``--clock cpu`` (the default) counts level 2's time cap and every decision's time in the
process's own CPU time: each search thinks as long as it would on a core of its own, so a
loaded machine measures the site's level 2, only more slowly. ``--clock wall`` is the
site's clock. ``--jobs N`` plays N games at once, one process each; the games and their
results do not depend on it.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from multiprocessing import Pool
from pathlib import Path
from typing import Any

import django

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")
django.setup()  # the lobby's new-game forms complete each configuration

from games.engine.ruleset import BotLevel, RuleSet  # noqa: E402
from games.engine.search import Budget, SearchStats, bot_move  # noqa: E402
from games.lobby import new_config  # noqa: E402
from games.registry import rule_set  # noqa: E402

#: Each game's variants: a name and the configuration options it stands for.
VARIANTS: dict[str, dict[str, dict[str, Any]]] = {
    "numx": {"speed-run": {"mode": "speed-run"}, "x-game": {"mode": "x-game"}},
    "maya": {"standard": {}, "expert": {"expert": True}},
    "nmbr9": {"standard": {}},
    "objectifs": {
        "standard": {},
        "no-objectives": {"objectives": "off"},
        "infini-4": {"infinity_four": True},
    },
    "numenko": {"rounds": {"mode": "rounds"}, "live": {"mode": "live"}},
}
#: Clocks for level 2's time cap and the decisions' times. ``cpu`` is the thread's own CPU
#: time: a search gets the budget it would have on a core of its own however loaded the
#: machine is, so that a shared machine measures the site's level 2 and not a starved one.
CLOCKS: dict[str, Callable[[], float]] = {"cpu": time.thread_time, "wall": time.perf_counter}
DEFAULTS = {
    "numx": ("4", "speed-run,x-game"),
    "maya": ("2,4", "standard"),
    "nmbr9": ("2", "standard"),
    "objectifs": ("2,4,6", "standard"),
    "numenko": ("2,4", "rounds"),
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
    clock: Callable[[], float],
    moves: list[tuple[int, str]],
    max_moves: int,
) -> Any:
    """One game, each seat at its level, its outcome (``None`` if it was stopped after
    ``max_moves`` moves); each move, chance's too, goes to ``moves`` in its text notation,
    and each decision is timed by ``clock`` into ``decisions``."""
    state = rules.new_game(config)
    while not rules.is_terminal(state):
        if len(moves) == max_moves:
            return None
        chance = rules.chance_action(state, rng)
        if chance is not None:
            moves.append((rules.chance, str(chance)))
            state = rules.apply(state, rules.chance, chance)
            continue
        seat = rng.choice(sorted(rules.awaiting(state) - {rules.chance}))
        level = levels[seat]
        stats = SearchStats()
        start = clock()
        action = bot_move(rules, state, seat, level, rng, budget, stats, clock)
        decisions.times[level].append(clock() - start)
        if level is BotLevel.SEARCH:
            decisions.searches.append(stats)
        moves.append((seat, str(action)))
        state = rules.apply(state, seat, action)
    return rules.outcome(state)


def replay(record: dict[str, Any]) -> Any:
    """The last position of a game ``record`` (as :func:`play_one` writes one), each move
    applied again through the rules: a stopped game can be looked at move by move."""
    rules = rule_set(record["game"])
    state = rules.new_game(record["config"])
    for seat, text in record["moves"]:
        state = rules.apply(state, seat, rules.parse_action(text))
    return state


@dataclass(frozen=True)
class Game:
    """One game of a pairing to play: everything a worker process needs."""

    game: str
    config: dict[str, Any]
    label: str
    strong: BotLevel
    weak: BotLevel
    number: int
    seed: str
    budget: Budget
    clock: str
    deadline: float
    max_moves: int
    records: Path


def play_one(game: Game) -> tuple[int, Any, int, Decisions] | None:
    """``game`` played (``None`` once the run's deadline has passed): the stronger level's
    seat, the outcome (``None``: stopped after ``max_moves``, its record written to
    ``records``), its number of moves and the decisions."""
    if time.time() >= game.deadline:
        return None
    players = game.config["players"]
    seat = game.number % players
    levels = [game.strong if s == seat else game.weak for s in range(players)]
    rng = random.Random(
        f"{game.seed}:{game.game}:{players}:{game.label}:{game.strong}:{game.weak}:{game.number}"
    )
    decisions = Decisions()
    moves: list[tuple[int, str]] = []
    result = play(
        rule_set(game.game),
        game.config,
        levels,
        rng,
        game.budget,
        decisions,
        CLOCKS[game.clock],
        moves,
        game.max_moves,
    )
    if result is None:
        game.records.mkdir(parents=True, exist_ok=True)
        name = f"{game.game}-{game.label}-{game.config['players']}p-{game.strong}v{game.weak}"
        record = {"game": game.game, "config": game.config, "levels": levels, "moves": moves}
        path = game.records / f"{name}-seed{game.seed}-{game.number}.json"
        path.write_text(json.dumps(record))
    return seat, result, len(moves), decisions


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
    pool: Pool,
    config: dict[str, Any],
    label: str,
    strong: BotLevel,
    weak: BotLevel,
    games: int,
    args: argparse.Namespace,
    decisions: Decisions,
    deadline: float,
) -> dict[str, Any]:
    """``strong`` in one seat (going round), ``weak`` in the others, the games spread over
    ``pool``'s processes."""
    players = config["players"]
    wins = 0.0
    scores: list[int] = []
    margins: list[int] = []
    xtrem_games = xtrem_players = 0
    budget = Budget(args.iterations, args.seconds)
    played = 0
    lengths: list[int] = []
    stopped = 0
    tasks = [
        Game(
            args.game,
            config,
            label,
            strong,
            weak,
            n,
            args.seed,
            budget,
            args.clock,
            deadline,
            args.max_moves,
            Path(args.records),
        )
        for n in range(games)
    ]
    for done in pool.imap(play_one, tasks):
        if done is None:
            continue
        seat, result, length, made = done
        for level, samples in made.times.items():
            decisions.times[level].extend(samples)
        decisions.searches.extend(made.searches)
        lengths.append(length)
        # A line a game on stderr: a long run cut short still says what it played.
        if result is None:
            stopped += 1
            print(json.dumps({"seat": seat, "stopped": length}), file=sys.stderr, flush=True)
            continue
        print(
            json.dumps(
                {
                    "seat": seat,
                    "winners": sorted(result.winners),
                    "scores": result.scores,
                    "moves": length,
                }
            ),
            file=sys.stderr,
            flush=True,
        )
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
        "config": config,
        "levels": f"{int(strong)} vs {players - 1}x{int(weak)}"
        if players > 1
        else f"{int(strong)} solo",
        "games": played,
        "score": mean_ci(scores),
        "moves_a_game": {
            "median": statistics.median(lengths) if lengths else None,
            "max": max(lengths, default=None),
        },
        "stopped": stopped,
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
    parser.add_argument(
        "--max-moves",
        type=int,
        default=5000,
        help="a game still going after this many moves (chance's too) is stopped, left out "
        "of the results, and its moves written to --records",
    )
    parser.add_argument(
        "--records", default="bench/records", help="where the stopped games' moves go"
    )
    parser.add_argument("--replay", help="a stopped game's record: print its last position")
    parser.add_argument(
        "--clock",
        default="cpu",
        choices=sorted(CLOCKS),
        help="what level 2's time cap and the decisions' times count: the process's CPU "
        "time (one core of its own, whatever the load) or the wall clock (the site's)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="processes playing games at once")
    args = parser.parse_args()
    if args.replay:
        record = json.loads(Path(args.replay).read_text())
        last = replay(record)
        print(
            json.dumps(
                {
                    "last_moves": record["moves"][-40:],
                    "position": rule_set(record["game"]).view(last, None, reveal=True),
                },
                indent=2,
            )
        )
        return
    pool = Pool(args.jobs)
    counts, variants = DEFAULTS[args.game]
    players = [int(n) for n in (args.players or counts).split(",")]
    labels = (args.variants or variants).split(",")
    started = time.monotonic()
    deadline = time.time() + 60 * args.minutes
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
                # As the lobby opens a game: NUM-X's form adds its latest rules edition,
                # which a configuration without one would not play (it is edition 1).
                config = new_config(args.game, {"players": count, **VARIANTS[args.game][label]})
                results.append(
                    pairing(pool, config, label, strong, weak, games, args, decisions, deadline)
                )
    pool.close()
    pool.join()  # the workers' CPU time is counted once they are waited for
    report = {
        "arguments": vars(args),
        "pairings": results,
        "time_per_move": {
            level.name.lower(): timing(samples) for level, samples in decisions.times.items()
        },
        "search": searching(decisions.searches),
        # The machine is shared: the processes' own CPU time says what the run cost.
        "cpu_seconds": round(sum(os.times()[:4]), 1),
        "wall_seconds": round(time.monotonic() - started, 1),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
