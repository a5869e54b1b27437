"""Event store throughput on PostgreSQL: appends through ``game_submit`` against raw INSERTs,
and loads of a long game from its snapshot plus tail against a full replay.

Run: ``DATABASE_URL=postgres://postgres@127.0.0.1:5432/numx_bench .venv/bin/python bench/store.py``
(options: ``--games 8 --submits 1200 --loads 300 --seed 2026``).

The database named by DATABASE_URL is the bench's own: it is created (through the server's
``postgres`` maintenance database) if it does not exist, then migrated with ``migrate``; it
is never dropped, and every run plays new games in it. Only PostgreSQL is measured: SQLite
has neither the server round trips nor the commit cost this bench is about.

In the same process and run, against the same server:

(a) appends: random bots play ``--games`` 4-player games, round-robin, through
    ``game_submit``, one move per call. Only the ``game_submit`` calls are timed; the bot's
    look at the game and its choice of a move are not. One submit is one transaction,
    committed. Measured in two modes, on separate games, alternating in blocks so that a
    busy stretch of the machine weighs on both: with the consumers dispatched inline after
    each commit, which is what the default deployment does (CELERY_BROKER_URL unset: Celery
    runs tasks eagerly, so the snapshot consumer runs and commits its position inside the
    submit call); and with the dispatch queued for a worker (the bench runs the consumers
    between blocks, untimed). In both, the process remembers each game's latest state (it
    recorded the last move), so a move reads the game's row and starts from that state.
    For diagnosis, a third table, queued for a worker too, empties that cache before each
    submit: a move posted to a process that has not seen the game (the game row, then its
    snapshot and tail).
(b) raw INSERTs: psycopg, autocommit, one row per statement (so one commit per row, the
    same durability as a submit's commit), into a scratch table made ``LIKE games_event
    INCLUDING ALL`` (same columns, indexes and unique constraints; a regular table, not
    TEMP or UNLOGGED, so its WAL is flushed the same way) with the same foreign keys,
    holding the very events (a) recorded, in order (so the same payload sizes). Two runs
    after (a); the faster is compared, the harder bar. Target: (a) at least a third of (b).
(c) loads: a 4-player X-Game is played to at least 300 events with the consumers running
    (so snapshots exist every ``SNAPSHOT_EVERY`` events), ``consumers.dispatch`` is called
    once more, then ``store.load(..., cache=False)`` (snapshot plus tail, the in-process
    cache bypassed) is timed. Target: at least 500 loads a second (the issue's yardstick,
    a generic event-sourcing library's rebuild of the same length, is bench/generic_es.sh).
    Also reported: loads at every moment between two snapshots (tails of 0 to 49 events),
    the longest tail alone, a full replay from event 1 (a load without snapshots) and a
    load through the in-process cache.

Before each block of (a), the tables a move writes are vacuumed (untimed), as autovacuum
would do in production: see :func:`vacuum`.

Django's DEBUG is off (DJANGO_DEBUG=false unless set), as in production: with it on, every
query is also logged in memory. The report is printed as JSON.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "numx_site.settings")
os.environ.setdefault("DJANGO_DEBUG", "false")

import psycopg
from django.conf import settings
from psycopg.types.json import Jsonb

from bench.postgres import connection_kwargs, prepare_database

#: (a) must reach this fraction of (b).
TARGET_APPEND_RATIO = 1 / 3
#: (c) must reach this many loads a second.
TARGET_LOADS_PER_SECOND = 500
#: The length of the game (c) loads.
LOAD_GAME_EVENTS = 300
SCRATCH_TABLE = "bench_scratch_event"


class QueuedDispatch:
    """Stands in for the ``dispatch_events`` and ``play_bots`` tasks: records the games,
    as a broker would."""

    def __init__(self) -> None:
        self.games: set[int] = set()

    def delay(self, game_id: int) -> None:
        self.games.add(game_id)


@contextmanager
def consumers_left_to_a_worker() -> Iterator[QueuedDispatch]:
    """Submits queue their consumers' dispatch instead of running it; run it on exit."""
    from games import tasks
    from games.events import consumers

    queued = QueuedDispatch()
    with (
        mock.patch.object(tasks, "dispatch_events", queued),
        mock.patch.object(tasks, "play_bots", queued),
    ):
        yield queued
    for game_id in sorted(queued.games):
        consumers.dispatch(game_id)


class BotTable:
    """``games`` 4-player games played at once by random bots through ``game_submit``,
    one move per call, round-robin; only the ``game_submit`` calls are timed (the bot's
    look at the game and its choice are not). A finished game is replaced by a new one,
    created untimed. If ``forget``, the process's cache of states is emptied before each
    submit (untimed), as for a move posted to another process than the one that last
    showed or recorded the game."""

    def __init__(self, games: int, rng: random.Random, label: str, forget: bool = False) -> None:
        from games.registry import rule_set

        self.rules = rule_set("numx")
        self.rng = rng
        self.label = label
        self.forget = forget
        self.created = 0
        self.table = [self._new_game() for _ in range(games)]
        self.durations: list[float] = []
        self.events = 0

    def _new_game(self) -> int:
        from games.bots import bot_seats
        from games.services import game_create

        self.created += 1
        config = {"players": 4, "mode": "speed-run"}
        name = f"bench {self.label} {self.created}"
        seats = bot_seats(4, automatic=False)  # driven by the bench, not by the bots consumer
        return int(game_create(name=name, config=config, seats=seats, rng=self.rng).pk)

    def play(self, submits: int) -> None:
        from games.events import store
        from games.services import game_submit

        rules, rng = self.rules, self.rng
        goal = len(self.durations) + submits
        while len(self.durations) < goal:
            slot = len(self.durations) % len(self.table)
            game_id = self.table[slot]
            loaded = store.load(game_id, "numx")  # the bot looks at the game: not timed
            seats = sorted(rules.to_act(loaded.state) - {rules.chance})
            if not seats:
                self.table[slot] = self._new_game()
                continue
            seat = rng.choice(seats)
            action = rules.legal_actions(loaded.state, seat).sample(rng)
            if self.forget:
                store.CACHE.clear()
            start = time.perf_counter()
            submitted = game_submit(
                game_id=game_id,
                seat=seat,
                action=action,
                expected_sequence=loaded.sequence,
                rng=rng,
            )
            self.durations.append(time.perf_counter() - start)
            self.events += len(submitted.events)

    def report(self) -> dict[str, Any]:
        seconds = sum(self.durations)
        ordered = sorted(self.durations)
        return {
            "games_played": self.created,
            "submits": len(ordered),
            "events": self.events,
            "seconds": round(seconds, 3),
            "submits_per_second": round(len(ordered) / seconds, 1),
            "events_per_second": round(self.events / seconds, 1),
            "submit_ms_median": round(statistics.median(ordered) * 1e3, 3),
            "submit_ms_p95": round(ordered[int(0.95 * (len(ordered) - 1))] * 1e3, 3),
        }


#: An event as (b) writes it again: game, sequence, type, payload, seat, version.
Row = tuple[int, int, str, Any, int | None, int]


def recorded_rows(first_event_id: int) -> list[Row]:
    """The events recorded since ``first_event_id``: what the raw INSERTs write again."""
    from games.events.models import Event

    rows = Event.objects.filter(pk__gte=first_event_id).order_by("pk")
    return list(rows.values_list("game_id", "sequence", "type", "payload", "seat", "version"))


INSERT = (
    f"INSERT INTO {SCRATCH_TABLE} (game_id, sequence, type, payload, seat, actor_id,"
    " recorded_at, version, idempotency_key) VALUES (%s, %s, %s, %s, %s, NULL, %s, %s, NULL)"
)


@contextmanager
def scratch_table() -> Iterator[psycopg.Connection[Any]]:
    """An autocommit psycopg connection with an empty scratch copy of games_event: same
    columns, indexes and unique constraints (``LIKE ... INCLUDING ALL``), the foreign keys
    added as Django creates them, a regular (logged) table. Dropped on exit."""
    with psycopg.connect(**connection_kwargs(), autocommit=True) as raw:
        raw.execute(f"DROP TABLE IF EXISTS {SCRATCH_TABLE}")
        raw.execute(f"CREATE TABLE {SCRATCH_TABLE} (LIKE games_event INCLUDING ALL)")
        for column, target in (("game_id", "games_game"), ("actor_id", "auth_user")):
            raw.execute(
                f"ALTER TABLE {SCRATCH_TABLE} ADD FOREIGN KEY ({column}) REFERENCES {target} (id)"
                " DEFERRABLE INITIALLY DEFERRED"
            )
        try:
            yield raw
        finally:
            raw.execute(f"DROP TABLE {SCRATCH_TABLE}")


def raw_inserts(rows: list[Row]) -> float:
    """(b) Single-row autocommitted INSERTs of ``rows``: rows per second."""
    with scratch_table() as raw, raw.cursor() as cursor:
        start = time.perf_counter()
        for game_id, sequence, kind, payload, seat, version in rows:
            now = datetime.now(UTC)
            cursor.execute(INSERT, (game_id, sequence, kind, Jsonb(payload), seat, now, version))
        return len(rows) / (time.perf_counter() - start)


def vacuum() -> None:
    """Clear the dead rows of the tables a move rewrites, as autovacuum would in production.

    Every move rewrites its game's row (and often its seats'), leaving the old version
    behind. This machine's server runs with autovacuum off (the report says so): without
    this, the bench's games table grew to 2.8 MB for 174 live rows over a few runs, and
    each move's UPDATE and SELECT paid for walking that, a cost no maintained database has.
    Untimed.
    """
    from django.db import connection

    with connection.cursor() as cursor:
        # The chain's links too: a move reads one by its key, planned from their statistics.
        cursor.execute("VACUUM (ANALYZE) games_game, games_seat, games_event, games_link")


def best_rate(function: Callable[[], object], calls: int, repeat: int = 5) -> float:
    """Calls per second: the best of ``repeat`` runs of ``calls`` calls, the least disturbed."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            function()
        best = min(best, time.perf_counter() - start)
    return calls / best


def long_game(rng: random.Random) -> Any:
    """A 4-player X-Game played by bots, consumers running, to at least 300 events."""
    from games.bots import bot_seats, play_bot_move
    from games.events import consumers
    from games.services import game_create

    while True:
        config = {"players": 4, "mode": "x-game"}
        seats = bot_seats(4, automatic=False)
        game = game_create(name="bench load", config=config, seats=seats, rng=rng)
        while game.last_sequence < LOAD_GAME_EVENTS and play_bot_move(game, rng):
            game.refresh_from_db()
        if game.last_sequence >= LOAD_GAME_EVENTS:
            consumers.dispatch(game.pk)  # the snapshot consumer is up to date
            return game


def measure_loads(rng: random.Random, calls: int) -> dict[str, Any]:
    """(c) Loads of a 300-event game, cache bypassed: as it stands once the snapshot
    consumer has run (the target), at any moment between two snapshots, with the longest
    tail; then a full replay from event 1, and a load through the in-process cache."""
    from games.events import store
    from games.events.models import Snapshot
    from games.registry import rule_set

    game = long_game(rng)
    rules = rule_set(game.rules)
    latest = store.load(game.pk, game.rules, cache=False)
    assert latest.sequence == game.last_sequence
    assert latest.state == store.replay(rules, None, store.read(game.pk, rules))
    snapshots = list(
        Snapshot.objects.filter(game=game, engine=rules.state_format)
        .order_by("sequence")
        .values_list("sequence", flat=True)
    )
    assert len(snapshots) >= 2, "the snapshot consumer wrote too few snapshots"
    previous, last = snapshots[-2], snapshots[-1]
    # Every moment from the previous snapshot (tail 0) to just before the last (the longest
    # tail): what loading the game at a random moment of its play costs on average.
    moments = itertools.cycle(range(previous, last))

    def as_it_stands() -> None:
        store.load(game.pk, game.rules, cache=False)

    def at_any_moment() -> None:
        store.load(game.pk, game.rules, upto=next(moments), cache=False)

    def longest_tail() -> None:
        store.load(game.pk, game.rules, upto=last - 1, cache=False)

    def full_replay() -> None:
        store.replay(rules, None, store.read(game.pk, rules))

    def through_the_cache() -> None:
        store.load(game.pk, game.rules)

    per_second = best_rate(as_it_stands, calls)
    any_moment = best_rate(at_any_moment, calls)
    store.CACHE.put(game.pk, latest)
    return {
        "game_events": game.last_sequence,
        "snapshots_at": snapshots,
        "as_it_stands": {
            "snapshot": last,
            "tail_events": game.last_sequence - last,
            "loads_per_second": round(per_second, 1),
        },
        "at_any_moment": {
            "tail_events": f"0 to {last - 1 - previous}, evenly",
            "loads_per_second": round(any_moment, 1),
        },
        "longest_tail": {
            "snapshot": previous,
            "tail_events": last - 1 - previous,
            "loads_per_second": round(best_rate(longest_tail, calls), 1),
        },
        "full_replay_from_event_1_per_second": round(best_rate(full_replay, calls // 10 + 5), 1),
        "through_the_in_process_cache_per_second": round(best_rate(through_the_cache, calls), 1),
        "target_loads_per_second": TARGET_LOADS_PER_SECOND,
        "meets_target": per_second >= TARGET_LOADS_PER_SECOND,
        "meets_target_at_any_moment": any_moment >= TARGET_LOADS_PER_SECOND,
    }


def server_facts() -> dict[str, Any]:
    """What decides a commit's cost on this server."""
    from django.db import connection

    facts: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for name in (
            "server_version",
            "fsync",
            "synchronous_commit",
            "wal_sync_method",
            "autovacuum",
        ):
            cursor.execute(f"SHOW {name}")
            row = cursor.fetchone()
            facts[name] = row[0] if row else None
    return facts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=8, help="games played at once in (a)")
    parser.add_argument("--submits", type=int, default=1200, help="timed submits per mode")
    parser.add_argument("--blocks", type=int, default=6, help="alternations of the two modes")
    parser.add_argument("--loads", type=int, default=300, help="loads per timing run in (c)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    prepare_database("bench/store.py")

    from django.db import connection

    from games.events.models import Event
    from numx_site.celery import app as celery_app

    rng = random.Random(args.seed)
    BotTable(2, rng, "warm-up").play(40)  # imports, connection, first queries: not reported

    # (a) The two modes alternate in blocks, so that a slower stretch of the machine (other
    # processes) weighs on both alike.
    mark = (Event.objects.order_by("-pk").values_list("pk", flat=True).first() or 0) + 1
    eager = BotTable(args.games, rng, "eager")
    deferred = BotTable(args.games, rng, "deferred")
    forgetful = BotTable(args.games, rng, "forgetful", forget=True)
    block = max(args.submits // args.blocks, 1)
    while len(eager.durations) < args.submits:
        vacuum()
        eager.play(min(block, args.submits - len(eager.durations)))
        vacuum()
        with consumers_left_to_a_worker():
            deferred.play(min(block, args.submits - len(deferred.durations)))
        vacuum()
        with consumers_left_to_a_worker():
            forgetful.play(min(block, args.submits - len(forgetful.durations)))

    # (b) The very events (a) recorded, written again; the best of two runs of each.
    rows = recorded_rows(mark)
    raw_runs = [raw_inserts(rows) for _ in range(2)]
    raw = max(raw_runs)
    payload_bytes = [len(json.dumps(row[3])) for row in rows]

    def versus_raw(measured: dict[str, Any]) -> dict[str, Any]:
        ratio = measured["submits_per_second"] / raw
        return {"ratio": round(ratio, 3), "meets_target": ratio >= TARGET_APPEND_RATIO}

    eager_report, deferred_report = eager.report(), deferred.report()
    forgetful_report = forgetful.report()
    report = {
        "database": {"name": connection.settings_dict["NAME"], **server_facts()},
        "django_debug": settings.DEBUG,
        "celery_tasks_run_eagerly": bool(celery_app.conf.task_always_eager),
        "appends_through_game_submit": {
            "consumers_inline_after_commit (default deployment)": eager_report,
            "consumers_left_to_a_worker": deferred_report,
            "consumers_left_to_a_worker, nothing remembered (diagnostic)": forgetful_report,
        },
        "raw_single_row_inserts": {
            "rows": len(rows),
            "payload_bytes_median": statistics.median(payload_bytes),
            "payload_bytes_max": max(payload_bytes),
            "rows_per_second_runs": [round(rate, 1) for rate in raw_runs],
            "rows_per_second": round(raw, 1),
        },
        "append_target": {
            "submits_over_raw_inserts_at_least": round(TARGET_APPEND_RATIO, 3),
            "consumers_inline_after_commit (default deployment)": versus_raw(eager_report),
            "consumers_left_to_a_worker": versus_raw(deferred_report),
            "consumers_left_to_a_worker, nothing remembered (diagnostic)": versus_raw(
                forgetful_report
            ),
        },
        "loads_of_a_300_event_game": measure_loads(rng, args.loads),
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
