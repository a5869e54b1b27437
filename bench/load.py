"""Moves a second one machine sustains with N games played at once through HTTP.

Run: ``.venv/bin/python bench/load.py [--games 8] [--seconds 60] [--workers 2]``

What it does, on PostgreSQL (DATABASE_URL, default ``numx_bench_load``; created and
migrated if missing, never dropped):

1. ``--games`` 3-player X-Games, every seat a user of its own with an API token (new
   users each run). The embedded default runs the consumers: no CELERY_BROKER_URL, so the
   read models, snapshots and "your turn" mails (composed, then dropped by Django's dummy
   backend) are done by the gunicorn worker once each answer is sent: the figure is the
   whole work a move causes, on one machine.
2. gunicorn serves the site (``--workers`` 2, DEBUG off, connections kept open, the API's
   throttle raised out of the way).
3. One client thread a game plays it as a bot client of the API does: for the seats in a
   random order, ``GET legal-actions/`` with that seat's token, and ``POST actions/`` one of
   the listed moves drawn at random. When only a Distribution or a Malus answer is left
   (the API describes them rather than listing them), the random bot makes that move
   in-process (untimed, counted apart). A finished game is replaced by a new one.
4. Every thread stops at ``--seconds``; each request times out after 30 s, so the bench
   ends by itself within ``--seconds`` + 30 s (plus set-up, a few seconds).

Printed as JSON: moves recorded through HTTP a second, their p50/p90/p99/max (the POST,
from opening the connection to having read the answer), the legal-actions GETs' p99,
requests a second, the in-process moves, games finished, errors, and the load average
before and after. The client shares the machine's cores with the server and PostgreSQL.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.move import percentile, start_gunicorn  # noqa: E402
from bench.postgres import prepare_database  # noqa: E402


def api(port: int, token: str, method: str, path: str, body: Any = None) -> tuple[int, Any]:
    """One API request on a new connection (as gunicorn's sync workers close each)."""
    headers = {"Authorization": f"Token {token}", "Host": "127.0.0.1"}
    payload = None
    if body is not None:
        payload = json.dumps(body)
        headers |= {"Content-Type": "application/json", "Idempotency-Key": uuid.uuid4().hex}
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request(method, path, body=payload, headers=headers)
        response = conn.getresponse()
        return response.status, json.loads(response.read() or b"null")
    finally:
        conn.close()


class Tally:
    """What the client threads measured, under one lock."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.moves: list[float] = []
        self.looks: list[float] = []
        self.bot_moves = self.games_finished = 0
        self.errors: list[str] = []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=8, help="games played at once")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--port", type=int, default=8971)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/numx_bench_load")
    os.environ |= {
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "numx_site.settings",
        "EMAIL_URL": "dummymail://",
        # The per-token throttle is a player's limit; the bench's clients are not players.
        "API_RATE": "1000000/minute",
    }
    os.environ.pop("CELERY_BROKER_URL", None)
    prepare_database("bench/load.py")  # also django.setup()

    from django.contrib.auth import get_user_model
    from django.db import close_old_connections

    from accounts.tokens import issue
    from games.bots import play_bot_move
    from games.models import Game
    from games.services import SeatSpec, game_create

    run = f"{int(time.time())}"
    config = {"players": 3, "mode": "x-game"}

    def players(game: int) -> list[tuple[Any, str]]:
        seated = []
        for seat in range(3):
            name = f"load{run}g{game}s{seat}"
            user = get_user_model().objects.create_user(name, f"{name}@example.com", "unused")
            seated.append((user, issue(user, "bench")[1]))
        return seated

    def new_game(seated: list[tuple[Any, str]], rng: random.Random) -> Game:
        seats = [SeatSpec(user.username, user=user) for user, _ in seated]
        return game_create(name=f"bench load {run}", config=config, seats=seats, rng=rng)

    tables = [players(game) for game in range(args.games)]
    tally = Tally()
    log = open(f"/tmp/bench-load-{args.port}.log", "w")  # noqa: SIM115
    server = start_gunicorn(args.port, args.workers, log)
    try:
        for _ in range(args.workers * 2):  # warm the workers up (imports, connections)
            api(args.port, tables[0][0][1], "GET", "/api/games/")
        load_before = os.getloadavg()[0]
        start = time.monotonic()
        deadline = start + args.seconds

        def play(index: int) -> None:
            rng = random.Random(args.seed + index)
            seated = tables[index]
            game = new_game(seated, rng)
            try:
                while time.monotonic() < deadline:
                    if not move(game, seated, rng):
                        game.refresh_from_db()
                        if play_bot_move(game, rng):  # a Distribution or a Malus
                            with tally.lock:
                                tally.bot_moves += 1
                        else:  # the game is over
                            with tally.lock:
                                tally.games_finished += 1
                            game = new_game(seated, rng)
            except Exception as error:  # reported at the end; the other threads go on
                with tally.lock:
                    tally.errors.append(f"game {game.pk}: {error!r}")
            finally:
                close_old_connections()

        def move(game: Game, seated: list[tuple[Any, str]], rng: random.Random) -> bool:
            """One listed move by one of the seats through the API; False if none has one."""
            base = f"/api/games/{game.pk}/"
            order = list(range(3))
            rng.shuffle(order)
            for seat in order:
                token = seated[seat][1]
                began = time.perf_counter()
                status, offered = api(args.port, token, "GET", base + "legal-actions/")
                looked = time.perf_counter() - began
                if status != 200:
                    raise RuntimeError(f"legal-actions answered {status}: {offered}")
                with tally.lock:
                    tally.looks.append(looked)
                if not offered["listed"]:
                    continue
                chosen = rng.choice(offered["listed"])["action"]
                body = {"action": chosen, "expected_sequence": offered["sequence"]}
                began = time.perf_counter()
                status, answer = api(args.port, token, "POST", base + "actions/", body)
                took = time.perf_counter() - began
                if status != 201:
                    raise RuntimeError(f"a listed move answered {status}: {answer}")
                with tally.lock:
                    tally.moves.append(took)
                return True
            return False

        threads = [threading.Thread(target=play, args=(i,)) for i in range(args.games)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        elapsed = time.monotonic() - start
    finally:
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()

    moves, looks = sorted(tally.moves), sorted(tally.looks)
    print(
        json.dumps(
            {
                "server": f"gunicorn, {args.workers} workers, consumers run in them (no broker)",
                "games_at_once": args.games,
                "seconds": round(elapsed, 1),
                "moves_http": len(moves),
                "moves_per_s": round(len(moves) / elapsed, 1),
                "requests_per_s": round((len(moves) + len(looks)) / elapsed, 1),
                "move_p50_ms": percentile(moves, 0.50) if moves else None,
                "move_p90_ms": percentile(moves, 0.90) if moves else None,
                "move_p99_ms": percentile(moves, 0.99) if moves else None,
                "move_max_ms": round(moves[-1] * 1e3, 2) if moves else None,
                "legal_actions_p99_ms": percentile(looks, 0.99) if looks else None,
                "untimed_bot_moves": tally.bot_moves,
                "games_finished": tally.games_finished,
                "errors": tally.errors,
                "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
            },
            indent=2,
        )
    )
    sys.exit(1 if tally.errors else 0)


if __name__ == "__main__":
    main()
