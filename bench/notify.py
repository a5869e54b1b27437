"""Email latency: from the commit of an event to its message accepted by the SMTP server.

Run: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_bench .venv/bin/python bench/notify.py``
(options: ``--moves 300 --games 6 --interval 0.5 --seed 2026 --concurrency 1``; the broker is
``CELERY_BROKER_URL``, by default ``redis://127.0.0.1:6379/0``).

Everything is real and on this machine, as in production: the bench's process plays,
a ``celery worker`` process (started by the bench: ``celery -A numx_site worker
--pool=solo --concurrency=1``) receives the tasks through Redis and works on the same
PostgreSQL database, and an SMTP server (aiosmtpd, in the bench's process, on 127.0.0.1)
accepts the mail. The worker is the only one on the broker (the bench refuses to start
otherwise: another worker would take some of the tasks), and tasks left in the queue by
no live run are purged first (our worker would run them, and be timed with them).

The database named by DATABASE_URL is the bench's own, as for ``bench/store.py``: created
(through the server's ``postgres`` maintenance database) if it does not exist, migrated,
never dropped; every run adds new players and games to it.

What is played: ``--games`` games of three people (new users of this run, so every seat is
human and every wait owes an email), moves chosen at random among the legal ones for a seat
the game waits for, each through ``game_submit`` (one transaction, committed), round-robin
over the games, one move every ``--interval`` seconds (on a fixed schedule, so a slow
submit does not slow the offered rate). The games start one per turn, and a finished game
is replaced by a new one. A first game, played before the measure and waited for, warms
the worker up (imports, templates, translations, connections): it is not reported. The
default pace (2 moves a second) is far above what a one-move-a-day site sees, yet below
what one solo worker handles; a smaller ``--interval`` shows where a backlog begins.

What is measured, for each email of the measured games (each ``Notification`` row): the
wall-clock time from the commit of the event it is about (the transaction's commit, taken
by an ``on_commit`` callback registered before the move's own, so before the dispatch task
is published) to the SMTP server's answer accepting it (taken in the server's handler).
Both instants are taken in this process. Also reported, from the row's ``created_at``
(taken by the worker, same machine clock): the share of the way spent before the outbox row
exists (queue, dispatch, consumers) and after it (the send task: queue, compose, SMTP).
Target: p50 under 1 s. The report is printed as JSON.
"""

from __future__ import annotations

import argparse
import ctypes
import itertools
import json
import logging
import math
import os
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")
# As in production, and as bench/store.py: with DEBUG on every query is kept in memory.
os.environ.setdefault("DJANGO_DEBUG", "false")
# A real broker is the point: without one, Celery would run every task inside game_submit.
os.environ.setdefault("CELERY_BROKER_URL", "redis://127.0.0.1:6379/0")

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session
from django.conf import settings

from bench.postgres import prepare_database

# aiosmtpd logs every SMTP command at INFO, and Django's logging sends INFO to the console.
logging.getLogger("mail.log").setLevel(logging.WARNING)

ROOT = Path(__file__).resolve().parents[1]
#: The target: half the emails accepted by the SMTP server within this many seconds.
TARGET_P50_SECONDS = 1.0
#: The worker, as the test and a small deployment run it (``--concurrency`` 1).
SOLO = ["--pool=solo", "--concurrency=1"]
PLAYERS = 3
#: The wait for the last emails gives up after this long without a new one.
STALL_SECONDS = 30.0


# --- The SMTP server ------------------------------------------------------------------------


class Acceptances:
    """aiosmtpd handler: the wall-clock instant each Message-ID was accepted (every time,
    so a second copy shows up as a duplicate). Runs in the controller's thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._at: dict[str, list[float]] = {}

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        accepted = time.time()
        # Only the Message-ID header is needed: found in the header block, no MIME parsing.
        head = (envelope.original_content or b"").split(b"\r\n\r\n", 1)[0]
        message_id = next(
            (
                line.split(b":", 1)[1].strip().decode()
                for line in head.split(b"\r\n")
                if line.lower().startswith(b"message-id:")
            ),
            "",
        )
        with self._lock:
            self._at.setdefault(message_id, []).append(accepted)
        return "250 Message accepted for delivery"

    def snapshot(self) -> dict[str, list[float]]:
        with self._lock:
            return {key: list(times) for key, times in self._at.items()}

    def count(self) -> int:
        with self._lock:
            return sum(len(times) for times in self._at.values())


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now (aiosmtpd's Controller cannot take port 0)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@contextmanager
def smtp_server() -> Iterator[tuple[Acceptances, int]]:
    handler = Acceptances()
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        yield handler, controller.port
    finally:
        controller.stop()


# --- The worker -----------------------------------------------------------------------------


def _die_with_parent() -> None:
    """Linux: the worker gets SIGTERM if the bench dies, even by SIGKILL (no orphan left
    consuming the queue). Runs in the child between fork and exec."""
    if sys.platform.startswith("linux"):
        PR_SET_PDEATHSIG = 1
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


@contextmanager
def celery_worker(
    smtp_port: int, log_path: Path, options: list[str]
) -> Iterator[subprocess.Popen[bytes]]:
    """A ``celery worker`` on the same database and broker, mailing to our SMTP server;
    ready (it answers a ping) on entry, stopped and reaped on exit."""
    from numx_site.celery import app as celery_app

    others = celery_app.control.ping(timeout=1.0)
    if others:
        sys.exit(f"other Celery workers consume {settings.CELERY_BROKER_URL}: {others}")
    # Nobody listens to the queue, so what waits there belongs to no live run; left there,
    # it would be run by our worker against the bench's database, and timed with it.
    purged = celery_app.control.purge()
    if purged:
        print(f"bench: purged {purged} stale task(s) from the queue", file=sys.stderr)
    name = f"numx-bench-{uuid.uuid4().hex[:8]}@{socket.gethostname()}"
    env = {
        **os.environ,
        # smtp:// is django-environ's plain SMTP (no TLS, no login): our local server.
        "EMAIL_URL": f"smtp://127.0.0.1:{smtp_port}",
    }
    command = [str(ROOT / ".venv/bin/celery"), "-A", "numx_site", "worker", *options, "-n", name]
    # No start-up exchange with other workers: there are none (checked above).
    command += ["--without-mingle", "--without-gossip"]
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group: stopped as a whole
            preexec_fn=_die_with_parent,
        )
    try:
        deadline = time.monotonic() + 60
        while not celery_app.control.ping(destination=[name], timeout=0.5):
            if process.poll() is not None or time.monotonic() > deadline:
                sys.exit(f"the Celery worker did not start; see {log_path}")
        yield process
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)  # warm shutdown: the task at hand ends
            try:
                process.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(timeout=15)


# --- Playing ---------------------------------------------------------------------------------


class Table:
    """Games of people, played by the bench through ``game_submit``; remembers when each
    event was committed, as (game, sequence) -> wall-clock seconds."""

    def __init__(self, users: list[Any], rng: random.Random, label: str) -> None:
        from games.registry import rule_set

        self.rules = rule_set("numx")
        self.users = users
        self.rng = rng
        self.label = label
        self.committed: dict[tuple[int, int], float] = {}
        self.games: list[int] = []
        self.moves = 0

    @contextmanager
    def timed_commit(self, record: Callable[[float], None]) -> Iterator[None]:
        """An outer transaction whose commit instant goes to ``record``. Registered before
        anything inside it registers its own ``on_commit`` (the dispatch), it runs first:
        the instant is the commit, before the task is published."""
        from django.db import transaction

        with transaction.atomic():
            transaction.on_commit(lambda: record(time.time()))
            yield

    def new_game(self) -> int:
        from games.events.models import Event
        from games.services import SeatSpec, game_create

        seated = self.rng.sample(self.users, PLAYERS)
        at: list[float] = []
        with self.timed_commit(at.append):
            game = game_create(
                name=f"bench {self.label} {len(self.games) + 1}",
                config={"players": PLAYERS, "mode": "speed-run"},
                seats=[SeatSpec(user.username, user=user) for user in seated],
                rng=self.rng,
            )
        for sequence in Event.objects.filter(game=game).values_list("sequence", flat=True):
            self.committed[(game.pk, sequence)] = at[0]
        self.games.append(game.pk)
        return int(game.pk)

    def move(self, game_id: int) -> bool:
        """One random legal move of a seat the game waits for; False if the game is over."""
        from games.events import store
        from games.services import game_submit

        rules = self.rules
        loaded = store.load(game_id, "numx")
        seats = sorted(rules.awaiting(loaded.state) - {rules.chance})
        if not seats:
            return False
        seat = self.rng.choice(seats)
        action = rules.legal_actions(loaded.state, seat).sample(self.rng)
        at: list[float] = []
        with self.timed_commit(at.append):
            submitted = game_submit(
                game_id=game_id,
                seat=seat,
                action=action,
                expected_sequence=loaded.sequence,
                rng=self.rng,
            )
        for event in submitted.events:
            self.committed[(game_id, event.sequence)] = at[0]
        self.moves += 1
        return True

    def play(self, moves: int, games: int, interval: float) -> float:
        """``moves`` moves round-robin over ``games`` games, one every ``interval`` seconds;
        the seconds it took."""
        table: list[int] = []
        start = time.monotonic()
        for turn in itertools.count():
            if self.moves >= moves:
                break
            # A fixed schedule: the offered rate does not depend on how long submits take.
            pause = start + turn * interval - time.monotonic()
            if pause > 0:
                time.sleep(pause)
            slot = turn % games
            if slot == len(table):
                # The games start one per turn, not all at once: each start owes every
                # player an email, and a burst of them would be measured as a backlog.
                table.append(self.new_game())
            elif not self.move(table[slot]):
                table[slot] = self.new_game()
        return time.monotonic() - start


def users_of_this_run(count: int) -> list[Any]:
    from django.contrib.auth.models import User

    run = uuid.uuid4().hex[:8]
    return [
        User.objects.create_user(f"bench-{run}-{n}", f"bench-{run}-{n}@bench.invalid")
        for n in range(count)
    ]


def drained(game_ids: list[int]) -> bool:
    """The worker has handled every event of these games and sent every email owed."""
    from games.events.consumers import consumers
    from games.events.models import ConsumerPosition
    from games.models import Game
    from notifications.models import Notification

    last = dict(Game.objects.filter(pk__in=game_ids).values_list("pk", "last_sequence"))
    positions = ConsumerPosition.objects.filter(game_id__in=game_ids)
    caught_up = sum(1 for p in positions if p.sequence >= last[p.game_id])
    if caught_up < len(game_ids) * len(consumers()):
        return False
    # A row is marked sent only once the SMTP server has accepted its message.
    return not Notification.objects.filter(game_id__in=game_ids, sent_at__isnull=True).exists()


def wait_until_drained(game_ids: list[int], smtp: Acceptances, stall: float) -> bool:
    """Wait until :func:`drained`; False once no message has arrived for ``stall`` seconds
    while some are still owed (a failing task is not retried forever by this bench)."""
    seen, since = smtp.count(), time.monotonic()
    while not drained(game_ids):
        if smtp.count() != seen:
            seen, since = smtp.count(), time.monotonic()
        elif time.monotonic() - since > stall:
            return False
        time.sleep(0.1)
    return True


def tail(path: Path, lines: int = 25) -> str:
    return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])


# --- Report ----------------------------------------------------------------------------------


def percentile(ordered: list[float], fraction: float) -> float:
    """Nearest-rank percentile of a sorted list: the smallest value with at least
    ``fraction`` of the values at or below it."""
    return ordered[max(math.ceil(fraction * len(ordered)) - 1, 0)]


def summary(values: list[float]) -> dict[str, Any]:
    ordered = sorted(values)
    if not ordered:
        return {"count": 0}
    return {
        "count": len(ordered),
        "p50": round(percentile(ordered, 0.50), 4),
        "p90": round(percentile(ordered, 0.90), 4),
        "p99": round(percentile(ordered, 0.99), 4),
        "max": round(ordered[-1], 4),
        "mean": round(statistics.fmean(ordered), 4),
    }


def message_id(notification_id: int) -> str:
    """The Message-ID notifications.emails.compose gives a notification's email."""
    return f"<notification-{notification_id}@numx-by-mail>"


def measure(table: Table, smtp: Acceptances) -> dict[str, Any]:
    """Latencies of every email of the table's games, in seconds, and what went wrong."""
    from notifications.models import Notification

    accepted = smtp.snapshot()
    total, before_row, after_row = [], [], []
    missing, duplicates = 0, 0
    rows = Notification.objects.filter(game_id__in=table.games)
    for game_id, sequence, pk, created_at in rows.values_list(
        "game_id", "sequence", "pk", "created_at"
    ):
        times = accepted.get(message_id(pk))
        if not times:
            missing += 1
            continue
        duplicates += len(times) - 1
        committed = table.committed[(game_id, sequence)]
        total.append(times[0] - committed)
        before_row.append(created_at.timestamp() - committed)
        after_row.append(times[0] - created_at.timestamp())
    return {
        "latency_seconds": summary(total),
        "latency_breakdown_p50_seconds": {
            "commit_to_outbox_row (queue, dispatch, consumers)": summary(before_row).get("p50"),
            "outbox_row_to_smtp_accepted (queue, compose, send)": summary(after_row).get("p50"),
        },
        "emails_never_accepted": missing,
        "emails_accepted_twice_or_more": duplicates,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300, help="measured moves")
    parser.add_argument("--games", type=int, default=6, help="games played at once")
    parser.add_argument("--interval", type=float, default=0.5, help="seconds between moves")
    parser.add_argument("--warm-up", type=int, default=15, help="moves played first, unreported")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument(
        "--concurrency", type=int, default=1, help="worker processes (prefork when above 1)"
    )
    args = parser.parse_args()
    prepare_database("bench/notify.py")
    pool = SOLO if args.concurrency == 1 else ["--pool=prefork", f"-c{args.concurrency}"]
    worker = [*pool, "-l", "warning"]

    from django.db import connection

    rng = random.Random(args.seed)
    users = users_of_this_run(2 * PLAYERS)
    log_path = Path(tempfile.mkdtemp(prefix="numx-bench-notify-")) / "worker.log"
    with smtp_server() as (smtp, port), celery_worker(port, log_path, worker):
        warm = Table(users, rng, "warm-up")
        warm.play(args.warm_up, 1, args.interval)
        if not wait_until_drained(warm.games, smtp, STALL_SECONDS):
            sys.exit(f"the warm-up's emails never all arrived; {log_path}:\n{tail(log_path)}")

        table = Table(users, rng, "measured")
        seconds = table.play(args.moves, args.games, args.interval)
        # A backlog drains at the worker's pace, and the point is to report it: only a
        # worker that stopped delivering ends the wait.
        complete = wait_until_drained(table.games, smtp, STALL_SECONDS)
        result = measure(table, smtp)

    p50 = result["latency_seconds"].get("p50")
    report = {
        "target": f"p50 under {TARGET_P50_SECONDS:g} s",
        # Every owed email must have arrived: a p50 over the lucky half means nothing.
        "meets_target": complete and p50 is not None and p50 < TARGET_P50_SECONDS,
        **result,
        "all_owed_emails_arrived": complete,
        "played": {
            "moves": table.moves,
            "games": len(table.games),
            "seconds": round(seconds, 2),
            "offered_moves_per_second": round(table.moves / seconds, 2),
            "interval_seconds": args.interval,
            "seed": args.seed,
        },
        "setup": {
            "database": connection.settings_dict["NAME"],
            "broker": settings.CELERY_BROKER_URL,
            "worker": f"celery -A numx_site worker {' '.join(worker)}",
            "worker_log": str(log_path),
            "django_debug": settings.DEBUG,
            "db_conn_max_age": settings.DATABASES["default"]["CONN_MAX_AGE"],
        },
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
