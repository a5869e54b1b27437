"""Replays of every game's logs against ``json.loads`` of them, or replays only, for
counting the instructions per replay with callgrind (issue #45: any game's replay within
12× ``json.loads`` of its log).

Run: ``.venv/bin/python bench/engine_replays.py [--rules numx,nmbr9] [--games 10] [--rounds 0]``

For each game (``--rules``, default all five), ``--games`` games of three players (NUM-X:
four, Speed Run, as ``engine.py``) are played by random moves in memory (seed 2026) and
written as the log the site exports (``games.events.log.log_of_history``: each action's
payload with its facts and effects, the milestones, the chain's hashes). Then, for each log:

- ``json.loads`` of the log's text (the floor: no replay can be faster than reading it);
- the store's replay of the loaded log: every payload upcast to its current version, read
  back into an action and applied by the engine, which checks it against the rules
  (``games.events.store.replay``), from the ``created`` event to the final state.

Each is timed ``--repeat`` times (20) and its best kept; printed per game: the medians over
the games and the median of the per-game ratios (worst in brackets).

``--rounds N`` replays each log N times instead, untimed, for callgrind; per replay, by
difference (which leaves out start-up and the bots' games)::

    for rounds in 1 6; do
      PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/engine_replays.py --rules nmbr9 --games 5 --rounds $rounds \\
        2>&1 | grep Collected
    done
    # (second total - first total) / (5 rounds x 5 games)
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

TARGET_RATIO = 12.0
#: NUM-X's game here: ``engine.py``'s (the other games are ``tables.py``'s, three players).
NUMX = {"players": 4, "mode": "speed-run"}


def logs_of(game: str, games: int, seed: int) -> list[tuple[Any, str]]:
    """``games`` random games of ``game``: each one's final state and its exported log."""
    from bench.tables import OPTIONS
    from games.events.log import log_of_history
    from games.lobby import new_config
    from games.registry import rule_set
    from games.simulation import play_random_game

    rules = rule_set(game)
    config = new_config(game, NUMX if game == "numx" else OPTIONS[game])
    seats = [f"Bot {n}" for n in range(1, config["players"] + 1)]
    rng = random.Random(seed)
    played = []
    for _ in range(games):
        final, history = play_random_game(rules, config, rng)
        played.append((final, json.dumps(log_of_history(game, config, seats, history, "bench"))))
    return played


def replay(game: str, log: dict[str, Any]) -> Any:
    """The final state of ``log``, replayed as the store replays its events."""
    from games.events.store import Recorded, replay
    from games.events.upcasting import upcasters
    from games.registry import rule_set

    rules = rule_set(game)
    versions = upcasters(rules)
    events = (
        Recorded(
            event["sequence"],
            event["type"],
            event["seat"],
            versions.upcast(event["type"], event["version"], event["payload"]),
            event["recorded_at"],
        )
        for event in log["events"]
    )
    return replay(rules, None, events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rules", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=0, help="replays only, for callgrind")
    args = parser.parse_args()
    import django

    django.setup()
    from bench.engine import best_time
    from games.registry import GAMES

    report: dict[str, Any] = {}
    for game in [g for g in args.rules.split(",") if g] or list(GAMES):
        played = logs_of(game, args.games, args.seed)
        loads, replays, events = [], [], []
        for final, text in played:
            log = json.loads(text)
            assert replay(game, log) == final, "replay must rebuild the final state"
            if args.rounds:
                for _ in range(args.rounds):
                    replay(game, log)
                continue
            loads.append(best_time(lambda text=text: json.loads(text), args.repeat))
            replays.append(best_time(lambda log=log, game=game: replay(game, log), args.repeat))
            events.append(len(log["events"]))
        if args.rounds:
            continue
        ratios = [r / j for r, j in zip(replays, loads, strict=True)]
        report[game] = {
            "events_median": statistics.median(events),
            "json_loads_ms_median": round(statistics.median(loads) * 1e3, 3),
            "replay_ms_median": round(statistics.median(replays) * 1e3, 3),
            "replay_over_json_loads_median": round(statistics.median(ratios), 2),
            "replay_over_json_loads_worst": round(max(ratios), 2),
            "meets_target": statistics.median(ratios) <= TARGET_RATIO,
        }
    if report:
        print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
