"""Moves through ``game_submit`` only, in-process, for counting a submit's instructions
with callgrind (the web process's share of a move: Python, Django, psycopg; not the
database server's).

Run: ``.venv/bin/python bench/submits.py SUBMITS``

A 4-player Speed Run of random bots (seeded: the same game every run, deals included) is
created in the database of ``DATABASE_URL``, its first 20 moves played untimed (modules,
connections), then ``SUBMITS`` more, each a random bot's move (its choice counted too: the
same in every run), with the consumers left to a worker (not run). Per submit, by
difference::

    export DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_bench_submits DJANGO_DEBUG=0
    .venv/bin/python manage.py migrate -v0
    for submits in 0 40; do
      valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        .venv/bin/python bench/submits.py $submits 2>&1 | grep Collected
    done
    # (second total - first total) / 40
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")

import django

django.setup()

from games import tasks  # noqa: E402
from games.bots import bot_seats, play_bot_move  # noqa: E402
from games.services import game_create  # noqa: E402

WARM_UP = 20


def main(submits: int) -> None:
    # The consumers are a worker's job, not the move's: nothing is dispatched here.
    tasks.enqueue = lambda *args, **kwargs: None  # type: ignore[assignment]
    rng = random.Random(2026)
    config = {"players": 4, "mode": "speed-run"}
    game = game_create(name="bench submits", config=config, seats=bot_seats(4, False), rng=rng)
    for _ in range(WARM_UP + submits):
        if not play_bot_move(game, rng):
            raise SystemExit("the game ended: ask for fewer submits")


if __name__ == "__main__":
    main(int(sys.argv[1]))
