"""Replays only, for counting the engine's instructions per replay with callgrind.

Run: ``.venv/bin/python bench/engine_replays.py ROUNDS [GAMES]``

The same ``GAMES`` (5) four-player Speed Run logs as ``engine.py`` exports them (seed 2026),
each checked once, then replayed ``ROUNDS`` times. Wall-clock figures on a shared machine
vary by a tenth from run to run; instructions do not. Per replay, by difference (which
leaves out start-up and the bots' games), modules compiled beforehand::

    .venv/bin/python bench/engine_replays.py 0 1
    for rounds in 1 6; do
      PYTHONHASHSEED=0 valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/engine_replays.py $rounds 2>&1 | grep Collected
    done
    # (second total - first total) / (5 rounds x 5 games)
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.engine import export_log, replay_log
from games.engine.numx import GameConfig, Mode, play_random_game


def main() -> None:
    rounds = int(sys.argv[1])
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    config = GameConfig(players=4, mode=Mode.SPEED_RUN)
    rng = random.Random(2026)
    logs = []
    for _ in range(games):
        final, history = play_random_game(config, rng)
        logs.append((final, json.loads(export_log(config, history))))
    for final, log in logs:
        assert replay_log(config, log) == final, "replay must rebuild the final state"
    for _ in range(rounds):
        for _, log in logs:
            replay_log(config, log)


if __name__ == "__main__":
    main()
