"""Moves a second one machine sustains through HTTP, and whether its consumers keep up.

Run: ``.venv/bin/python bench/load.py [--layout embedded|one|split] [--bots none|0|1|2]
[--rates 1,2,4] [--games 8] [--seconds 60] [--workers 2]``

What it does, on PostgreSQL (DATABASE_URL, default ``numx_bench_load``; created and
migrated if missing, never dropped):

1. ``--games`` 3-player X-Games (new users each run, each with an API token). With
   ``--bots none`` every seat is a person; with ``--bots L`` seats 0 and 1 are people and
   seat 2 is a bot of level L (0 random, 1 rules of thumb, 2 a search of up to a second),
   played by the site's bots consumer.
2. gunicorn serves the site (``--workers`` 2, DEBUG off, connections kept open, the API's
   throttle raised out of the way), and the consumers run:

   - ``embedded``: no CELERY_BROKER_URL, in the gunicorn workers once each answer is sent;
   - ``one``: one ``celery worker`` consuming every queue (``-c 2``), on Redis (``--broker``);
   - ``split``: a worker process per queue: ``games`` (``-c 1``), ``bots`` (``-c 1``),
     ``mail`` (``-c 1``); no beat, so ``housekeeping`` gets nothing and has none.

   Workers take one task at a time (``--prefetch-multiplier 1``): what waits is in Redis.
3. One client thread a game plays its people's seats as a bot client of the API does:
   ``GET legal-actions/`` for each seat in a random order, ``POST actions/`` of a listed
   move drawn at random (a Distribution or a Malus answer, which the API describes rather
   than lists, is made in-process, untimed). Without ``--rates``, as fast as answers come;
   with ``--rates``, one run a rate, each thread trying a move every ``games / rate``
   seconds (a try finding no seat to play, the bot's turn, is counted as waiting).
   A finished game is replaced by a new one.
4. After ``--seconds`` the clients stop; the bench then watches each queue until it has
   drained (no task waiting in Redis or taken by a worker, and, for ``games`` and ``bots``,
   no event its consumers have not handled; for ``mail``, no outbox row unsent), for up to
   ``--drain`` seconds, and reports each queue's backlog when the clients stopped and how
   long it took to drain. A run **keeps up** if every queue drained within ``--grace``
   seconds (the last moves' own work).

Printed as JSON, a run a rate: moves recorded through HTTP a second (accepted), the bots'
moves a second, all moves a second, their p50/p99, waiting tries, each queue's backlog and
drain time, the CPU time the web server and each worker spent per move (from /proc, the
drain included), and the load average; then the highest rate that kept up. The client shares the
machine's cores with the server, the workers and PostgreSQL.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import uuid
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.move import percentile, start_gunicorn, wait_for  # noqa: E402
from bench.postgres import prepare_database  # noqa: E402

#: Each layout's worker processes: (queues, concurrency).
LAYOUTS: dict[str, list[tuple[str, int]]] = {
    "embedded": [],
    "one": [("mail,games,bots,housekeeping", 2)],
    "split": [("games", 1), ("bots", 1), ("mail", 1)],
}
QUEUES = ("games", "bots", "mail")


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
        self.waits = self.in_process = self.games_finished = 0
        self.games: set[int] = set()
        self.errors: list[str] = []


def start_workers(layout: str, log: Any) -> list[subprocess.Popen[bytes]]:
    """The layout's Celery workers, started with this process's environment; returns once
    each is ready."""
    workers = []
    for number, (queues, concurrency) in enumerate(LAYOUTS[layout]):
        workers.append(
            subprocess.Popen(
                [
                    str(ROOT / ".venv/bin/celery"),
                    "-A",
                    "numx_site",
                    "worker",
                    "-Q",
                    queues,
                    "-c",
                    str(concurrency),
                    "-n",
                    f"load{number}-{os.getpid()}@%h",
                    "--prefetch-multiplier",
                    "1",
                    "--without-gossip",
                    "--without-mingle",
                    "-l",
                    "info",
                ],
                cwd=ROOT,
                stdout=log,
                stderr=subprocess.STDOUT,
                env=os.environ | {"DB_CONN_MAX_AGE": "600"},
            )
        )
    ready = len(workers)
    wait_for(lambda: Path(log.name).read_text().count(" ready.") >= ready, 90, "the workers")
    return workers


def cpu_seconds(root: int) -> float:
    """CPU time (user and system, seconds) used so far by process ``root`` and every live
    process under it (gunicorn's workers, a Celery worker's pool)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        pid = int(entry.name)
        parents[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / tick
    tree, grown = {root}, True
    while grown:
        below = {pid for pid, parent in parents.items() if parent in tree} - tree
        grown = bool(below)
        tree |= below
    return sum(used.get(pid, 0.0) for pid in tree)


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        process.send_signal(signal.SIGTERM)
    for process in processes:
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:
            process.kill()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--layout", choices=sorted(LAYOUTS), default="embedded")
    parser.add_argument("--bots", choices=["none", "0", "1", "2"], default="none")
    parser.add_argument("--rates", default="", help="people's moves/s offered, one run each")
    parser.add_argument("--games", type=int, default=8, help="games played at once")
    parser.add_argument("--seconds", type=float, default=60.0)
    parser.add_argument("--drain", type=float, default=30.0, help="longest watch after a run")
    parser.add_argument("--grace", type=float, default=3.0, help="drained within: kept up")
    parser.add_argument("--port", type=int, default=0, help="0: a free one")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    if not args.port:
        with socket.socket() as probe:  # a port free now, for gunicorn to bind
            probe.bind(("127.0.0.1", 0))
            args.port = probe.getsockname()[1]

    os.environ.setdefault("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/numx_bench_load")
    os.environ |= {
        "DJANGO_DEBUG": "0",
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SETTINGS_MODULE": "numx_site.settings",
        "EMAIL_URL": "dummymail://",
        # The per-token throttle is a player's limit; the bench's clients are not players.
        "API_RATE": "1000000/minute",
    }
    broker = None
    if args.layout == "embedded":
        os.environ.pop("CELERY_BROKER_URL", None)
    else:
        import redis

        os.environ["CELERY_BROKER_URL"] = args.broker
        broker = redis.Redis.from_url(args.broker)
        broker.flushdb()  # the bench's own database of Redis: nothing of an earlier run
    prepare_database("bench/load.py")  # also django.setup()

    from django.contrib.auth import get_user_model
    from django.db import close_old_connections, transaction
    from django.db.models import F, Q, Sum

    from accounts.tokens import issue
    from games.bots import play_bot_move
    from games.events.models import ConsumerPosition, Event
    from games.models import Game, Seat
    from games.services import SeatSpec, game_create
    from games.tasks import BOTS
    from notifications.models import Notification

    run = f"{int(time.time())}"
    config = {"players": 3, "mode": "x-game"}
    people = 3 if args.bots == "none" else 2

    def players(table: str) -> list[tuple[Any, str]]:
        seated = []
        for seat in range(people):
            name = f"load{table}s{seat}"
            user = get_user_model().objects.create_user(name, f"{name}@example.com", "unused")
            seated.append((user, issue(user, "bench")[1]))
        return seated

    def new_game(seated: list[tuple[Any, str]], rng: random.Random, tally: Tally) -> Game:
        seats = [SeatSpec(user.username, user=user) for user, _ in seated]
        seats += [SeatSpec("Bot", is_bot=True)] * (3 - people)
        with transaction.atomic():  # the bot's level set before its first dispatch
            game = game_create(name=f"bench load {run}", config=config, seats=seats, rng=rng)
            if args.bots != "none":
                Seat.objects.filter(game=game, is_bot=True).update(bot_level=int(args.bots))
        with tally.lock:
            tally.games.add(game.pk)
        return game

    def backlog(games: set[int]) -> dict[str, int]:
        """Per queue: tasks waiting in Redis or taken by a worker, plus the work not done
        (events a consumer has not handled; outbox rows unsent)."""
        tasks = dict.fromkeys(QUEUES, 0)
        if broker is not None:
            for queue in QUEUES:
                tasks[queue] = int(broker.llen(queue))
            for message in broker.hvals("unacked"):
                routing = json.loads(message)[-1]
                if routing in tasks:
                    tasks[routing] += 1
        behind = Q(game__last_sequence__gt=F("sequence"), game_id__in=games)
        lag = ConsumerPosition.objects.filter(behind).annotate(
            events=F("game__last_sequence") - F("sequence")
        )
        bots = lag.filter(consumer=BOTS).aggregate(n=Sum("events"))["n"] or 0
        others = lag.exclude(consumer=BOTS).aggregate(n=Sum("events"))["n"] or 0
        unsent = Notification.objects.filter(game_id__in=games, sent_at__isnull=True).count()
        return {
            "games": tasks["games"] + others,
            "bots": tasks["bots"] + bots,
            "mail": tasks["mail"] + unsent,
        }

    def cpu_by_process() -> dict[str, float]:
        """CPU seconds so far of the web server and of each worker, by name."""
        named = {"web": children[-1]}
        workers = zip(LAYOUTS[args.layout], children[:-1], strict=True)
        named |= {queues: worker for (queues, _), worker in workers}
        return {name: cpu_seconds(process.pid) for name, process in named.items()}

    def one_run(rate: float | None, step: str) -> dict[str, Any]:
        tally = Tally()
        tables = [players(f"{step}g{game}") for game in range(args.games)]
        interval = None if rate is None else args.games / rate
        load_before = os.getloadavg()[0]
        cpu_before = cpu_by_process()
        start = time.monotonic()
        deadline = start + args.seconds
        first_event = Event.objects.order_by("-pk").values_list("pk", flat=True).first() or 0

        def play(index: int) -> None:
            rng = random.Random(args.seed + index)
            seated = tables[index]
            game = new_game(seated, rng, tally)
            due = start + (interval or 0) * rng.random()  # threads spread over an interval
            try:
                while time.monotonic() < deadline:
                    if interval is not None:
                        time.sleep(max(0.0, due - time.monotonic()))
                        due += interval
                        if time.monotonic() >= deadline:
                            break
                    if move(game, seated, rng):
                        continue
                    game.refresh_from_db()
                    if game.status == Game.Status.FINISHED:
                        with tally.lock:
                            tally.games_finished += 1
                        game = new_game(seated, rng, tally)
                    elif play_bot_move(game, rng, only=list(range(people))):
                        # Nothing to list: a Distribution or a Malus answer, made here.
                        with tally.lock:
                            tally.in_process += 1
                    else:  # the bot's turn: the bots' queue has it
                        with tally.lock:
                            tally.waits += 1
                        if interval is None:
                            time.sleep(0.05)
            except Exception as error:  # reported at the end; the other threads go on
                with tally.lock:
                    tally.errors.append(f"game {game.pk}: {error!r}")
            finally:
                close_old_connections()

        def move(game: Game, seated: list[tuple[Any, str]], rng: random.Random) -> bool:
            """One listed move by one of the people through the API; False if none has one."""
            base = f"/api/games/{game.pk}/"
            order = list(range(people))
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
                if status == 409:  # the bot moved in between: look again
                    return True
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
        stopped = time.monotonic()
        games = set(tally.games)
        at_stop = backlog(games)
        drained: dict[str, float | None] = dict.fromkeys(QUEUES)
        while time.monotonic() - stopped < args.drain:
            now = backlog(games)
            for queue in QUEUES:
                if drained[queue] is None and now[queue] == 0:
                    drained[queue] = round(time.monotonic() - stopped, 1)
            if all(value is not None for value in drained.values()):
                break
            time.sleep(0.25)
        cpu_after = cpu_by_process()
        events = Event.objects.filter(pk__gt=first_event, game_id__in=games)
        bot_moves = events.filter(seat__in=range(people, 3)).count()
        moves = sorted(tally.moves)
        every_move = len(moves) + tally.in_process + bot_moves
        return {
            "offered_people_moves_per_s": rate,
            "seconds": round(elapsed, 1),
            "http_moves_per_s": round(len(moves) / elapsed, 2),
            "bot_moves_per_s": round(bot_moves / elapsed, 2),
            "all_moves_per_s": round(every_move / elapsed, 2),
            # The CPU each process spent on the run's moves and their reactions, per move
            # (PostgreSQL's and the client's apart): what a core carries, whatever the load.
            "cpu_ms_per_move": {
                name: round((cpu_after[name] - cpu_before[name]) * 1e3 / max(every_move, 1), 1)
                for name in cpu_after
            },
            "move_p50_ms": percentile(moves, 0.50) if moves else None,
            "move_p99_ms": percentile(moves, 0.99) if moves else None,
            "waiting_tries": tally.waits,
            "untimed_in_process_moves": tally.in_process,
            "games_finished": tally.games_finished,
            "backlog_at_stop": at_stop,
            "drained_after_s": drained,
            "kept_up": all(s is not None and s <= args.grace for s in drained.values()),
            "errors": tally.errors,
            "load_average_before_after": [round(load_before, 2), round(os.getloadavg()[0], 2)],
        }

    log = open(f"/tmp/bench-load-{args.port}.log", "w")  # noqa: SIM115
    children: list[subprocess.Popen[bytes]] = []
    results = []
    try:
        children += start_workers(args.layout, log)
        children.append(start_gunicorn(args.port, args.workers, log))
        warm = players(f"{run}warm")
        for _ in range(args.workers * 2):  # warm the workers up (imports, connections)
            api(args.port, warm[0][1], "GET", "/api/games/")
        rates: list[float | None] = [float(rate) for rate in args.rates.split(",") if rate]
        rates = rates or [None]
        for step, rate in enumerate(rates):
            results.append(one_run(rate, f"{run}r{step}"))
            print(json.dumps(results[-1]), file=sys.stderr, flush=True)
    finally:
        stop(children)
        log.close()
    kept = [r["offered_people_moves_per_s"] for r in results if r["kept_up"]]
    best = max(
        (r for r in results if r["kept_up"]), key=lambda r: r["all_moves_per_s"], default=None
    )
    print(
        json.dumps(
            {
                "layout": args.layout,
                "workers": LAYOUTS[args.layout],
                "gunicorn_workers": args.workers,
                "bots": args.bots,
                "games_at_once": args.games,
                "runs": results,
                "rates_kept_up": kept,
                "highest_kept_up": None
                if best is None
                else {
                    key: best[key]
                    for key in ("http_moves_per_s", "bot_moves_per_s", "all_moves_per_s")
                },
            },
            indent=2,
        )
    )
    sys.exit(1 if any(r["errors"] for r in results) else 0)


if __name__ == "__main__":
    main()
