"""Engine throughput: actions applied per second, and full-game replays against json.loads.

Run: ``.venv/bin/python bench/engine.py [--games 40] [--players 4] [--mode speed-run]``

Each game is first played by random bots; its history is written as the log the event store
exports (one JSON object per event with sequence, type, seat, payload, version, timestamp).
Then, in the same process and run, for each log:

- ``json.loads`` of the log text (the floor: no replay can be faster than reading it);
- a replay of the loaded log: every payload read back into an action and applied, with the
  engine checking each one against the rules, from a new game to the final state.

Target (issue #2): a 4-player game replays in at most 10x the time json.loads takes on its
log. Reported: medians over the games, and the ratio of the two.

Also reported, for the state halfway through each game (where a snapshot falls, on
average), what reading a snapshot costs the store's CPU: ``pickle.loads`` of the pickle
snapshots held until migration 0014, against ``json.loads`` and
``RuleSet.state_from_json`` of the JSON they hold since (the database driver hands the
JSON over as text); their sizes, and the ratio of the two reads.
"""

from __future__ import annotations

import argparse
import json
import pickle
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from games.engine.numx import (
    GameConfig,
    GameState,
    Mode,
    action_from_json,
    action_to_json,
    action_type,
    apply,
    new_game,
    play_random_game,
)
from games.engine.numx.ruleset import NUMX_RULES

TARGET_RATIO = 10.0


def export_log(config: GameConfig, history: list[tuple[int, Any]]) -> str:
    """The game as the event store exports it."""
    events = [
        {
            "sequence": number,
            "type": action_type(action),
            "seat": seat,
            "payload": action_to_json(action),
            "version": 1,
            "recorded_at": "2026-11-22T10:00:00.000000+00:00",
        }
        for number, (seat, action) in enumerate(history, start=1)
    ]
    return json.dumps({"format": 1, "config": config.to_json(), "events": events})


def replay_log(config: GameConfig, log: dict[str, Any]) -> GameState:
    state = new_game(config)
    for event in log["events"]:
        state = apply(state, event["seat"], action_from_json(event["payload"]))
    return state


def snapshot_reads(
    config: GameConfig, games: list[tuple[GameState, list[tuple[int, Any]]]], repeat: int
) -> dict[str, Any]:
    """The state halfway through each game read back from a pickle and from its JSON."""
    pickled, from_json, pickle_bytes, json_bytes = [], [], [], []
    for _, history in games:
        state = new_game(config)
        for seat, action in history[: len(history) // 2]:
            state = apply(state, seat, action)
        blob = pickle.dumps(state, protocol=pickle.HIGHEST_PROTOCOL)
        text = json.dumps(NUMX_RULES.state_to_json(state))
        assert NUMX_RULES.state_from_json(json.loads(text)) == state == pickle.loads(blob)
        pickled.append(best_time(lambda blob=blob: pickle.loads(blob), repeat))
        from_json.append(
            best_time(lambda text=text: NUMX_RULES.state_from_json(json.loads(text)), repeat)
        )
        pickle_bytes.append(len(blob))
        json_bytes.append(len(text))
    ratios = [j / p for j, p in zip(from_json, pickled, strict=True)]
    return {
        "pickle_loads_us_median": round(statistics.median(pickled) * 1e6, 1),
        "json_state_from_json_us_median": round(statistics.median(from_json) * 1e6, 1),
        "json_over_pickle_median": round(statistics.median(ratios), 2),
        "json_over_pickle_worst": round(max(ratios), 2),
        "pickle_bytes_median": statistics.median(pickle_bytes),
        "json_bytes_median": statistics.median(json_bytes),
    }


def best_time(function: Any, repeat: int) -> float:
    """The best of ``repeat`` timings, in seconds: the least disturbed by the machine."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--mode", default="speed-run", choices=[m.value for m in Mode])
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    config = GameConfig(players=args.players, mode=Mode(args.mode))
    rng = random.Random(args.seed)

    played_actions = 0
    start = time.perf_counter()
    games = []
    for _ in range(args.games):
        state, history = play_random_game(config, rng)
        played_actions += len(history)
        games.append((state, history))
    bot_seconds = time.perf_counter() - start

    loads, replays, lengths, applied = [], [], [], 0
    for final, history in games:
        text = export_log(config, history)
        log = json.loads(text)
        assert replay_log(config, log) == final, "replay must rebuild the final state"
        loads.append(best_time(lambda text=text: json.loads(text), args.repeat))
        replays.append(best_time(lambda log=log: replay_log(config, log), args.repeat))
        lengths.append(len(history))
        applied += len(history)
    ratios = [r / j for r, j in zip(replays, loads, strict=True)]
    load_median = statistics.median(loads)
    replay_median = statistics.median(replays)
    report = {
        "config": config.to_json(),
        "games": args.games,
        "actions_per_game_median": statistics.median(lengths),
        "bot_play_actions_per_second": round(played_actions / bot_seconds),
        "replay_actions_per_second": round(applied / sum(replays)),
        "replays_per_second": round(1 / replay_median, 1),
        "json_loads_ms_median": round(load_median * 1e3, 3),
        "replay_ms_median": round(replay_median * 1e3, 3),
        "replay_over_json_loads_median": round(statistics.median(ratios), 2),
        "replay_over_json_loads_worst": round(max(ratios), 2),
        "target_ratio": TARGET_RATIO,
        "meets_target": statistics.median(ratios) <= TARGET_RATIO,
        "snapshot_read_halfway": snapshot_reads(config, games, args.repeat),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
