"""A move's Celery publish: the time ``dispatch_events.delay`` takes against the real Redis
broker, as a web process sends it after each move's commit (issue #45: median < 1 ms).

Run: ``.venv/bin/python bench/publish.py [--publishes 500] [--gap 0.05] [--broker redis://127.0.0.1:6379/12]``

Nobody consumes: the broker's database (``--broker``, DB 12 by default, none of the other
benches') is emptied before and after. The first ``--warmup`` (20) publishes are not timed
(the first opens the broker's connection). Each publish is followed by a bare ``LPUSH`` of
a message's size through redis-py (the one round trip a publish makes), so that both meet
the same moments of a shared machine. Printed as JSON: median, p90 and p99 in ms of each,
the publish's own CPU time, and the connections Redis counted as opened during the timed
publishes (Redis counts every client's: run it alone). ``--gap`` idles that long before
each publish and each bare push, as a web worker does between moves (its caches grow cold).
Another broker (``--broker amqp://guest:guest@127.0.0.1:5672//``, RabbitMQ): the
publishes alone, into queues nobody consumes and the script does not empty (purge them with
``rabbitmqctl purge_queue games``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--publishes", type=int, default=500)
    parser.add_argument("--warmup", type=int, default=20)
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/12")
    parser.add_argument(
        "--gap",
        type=float,
        default=0.0,
        help="seconds idle before each (a web worker between moves)",
    )
    args = parser.parse_args()
    os.environ["CELERY_BROKER_URL"] = args.broker
    os.environ["DJANGO_SETTINGS_MODULE"] = "numx_site.settings"
    import django

    django.setup()
    import redis

    import numx_site.celery  # noqa: F401  (the app, as gunicorn's WSGI module loads it)
    from games.tasks import dispatch_events

    on_redis = args.broker.startswith("redis://")
    broker = redis.Redis.from_url(args.broker if on_redis else "redis://127.0.0.1:6379/12")
    if on_redis:
        broker.flushdb()
    # The same one-command round trip to the broker, made bare: what no setting can save.
    bare = broker if on_redis else None

    def push() -> None:
        if bare is not None:
            bare.lpush("bare", b"x" * 600)

    opened: int | None = None
    try:
        for _ in range(args.warmup):
            dispatch_events.delay(0)
            push()
        if on_redis:
            opened = int(broker.info("stats")["total_connections_received"])
        times: dict[str, list[float]] = {"publish": [], "lpush": []}
        cpu = 0.0
        for _ in range(args.publishes):  # taking turns: a busy moment falls on both
            time.sleep(args.gap)
            start, start_cpu = time.perf_counter(), time.process_time()
            dispatch_events.delay(0)
            times["publish"].append((time.perf_counter() - start) * 1e3)
            cpu += time.process_time() - start_cpu
            if bare is not None:
                time.sleep(args.gap)
                start = time.perf_counter()
                push()
                times["lpush"].append((time.perf_counter() - start) * 1e3)
        if opened is not None:
            opened = int(broker.info("stats")["total_connections_received"]) - opened
    finally:
        if on_redis:
            broker.flushdb()
    report: dict[str, object] = {}
    for what, took in times.items():
        if not took:
            continue
        took.sort()
        report[what] = {
            "median_ms": round(statistics.median(took), 3),
            "p90_ms": round(took[int(0.9 * len(took))], 3),
            "p99_ms": round(took[int(0.99 * len(took))], 3),
        }
    report["publish_cpu_ms"] = round(cpu / args.publishes * 1e3, 3)
    report["connections_opened"] = opened
    report["publishes"] = args.publishes
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
