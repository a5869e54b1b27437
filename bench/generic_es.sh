#!/usr/bin/env bash
# The yardstick of bench/store.py's load target (issue #3): how fast a generic event-sourcing
# library rebuilds an aggregate of the same length (300 events) from PostgreSQL, with no
# snapshot, on this machine. The library is the `eventsourcing` package, in a venv of its
# own (.venv-es, not the project's: it is a yardstick, not a dependency). Each event carries
# a small JSON payload; the aggregate's mutator only appends it, so the library's own
# machinery (read, decode, rebuild) is what is measured.
#
# Also the yardstick of bench/store.py's submit target: the library's bare append, one event
# per aggregate save (app.save after one command), single-threaded, each save one committed
# transaction, round-robin over 8 aggregates, on the same PostgreSQL. Target: NUM-X's submits
# (consumers left to a worker) reach at least half of these appends per second.
#
# Run: bench/generic_es.sh   (needs the local PostgreSQL; creates .venv-es on first run)
set -euo pipefail
cd "$(dirname "$0")/.."

VENV=.venv-es
test -x $VENV/bin/python || python3 -m venv $VENV
$VENV/bin/python -c "import eventsourcing" 2>/dev/null \
  || $VENV/bin/pip install -q "eventsourcing[postgres]==9.5.6"

$VENV/bin/python - <<'PY'
import psycopg
with psycopg.connect("postgres://postgres@127.0.0.1:5432/postgres", autocommit=True) as conn:
    conn.execute("DROP DATABASE IF EXISTS numx_bench_es WITH (FORCE)")
    conn.execute("CREATE DATABASE numx_bench_es")
PY

POSTGRES_DBNAME=numx_bench_es POSTGRES_HOST=127.0.0.1 POSTGRES_PORT=5432 \
POSTGRES_USER=postgres POSTGRES_PASSWORD=unused PERSISTENCE_MODULE=eventsourcing.postgres \
$VENV/bin/python - <<'PY'
import json
import time
from importlib.metadata import version

from eventsourcing.application import Application
from eventsourcing.domain import Aggregate, event

EVENTS = 300


class Game(Aggregate):
    def __init__(self) -> None:
        self.moves: list[dict] = []

    @event("Played")
    def play(self, move: dict) -> None:
        self.moves.append(move)


class Games(Application):
    pass


app = Games()
move = {"type": "pli", "cards": ["7-red", "7-blue"], "value": 7, "facts": {"drawn": ["3-green"]}}
game = Game()  # the creation is the first event
for number in range(EVENTS - 1):
    game.play(dict(move, n=number))
app.save(game)
assert app.repository.get(game.id).version == EVENTS


def best_rate(calls: int = 200, repeat: int = 5) -> float:
    """Rebuilds per second, the best of ``repeat`` runs (the least disturbed)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(calls):
            app.repository.get(game.id)
        best = min(best, time.perf_counter() - start)
    return calls / best




def append_rate(saves: int = 400, repeat: int = 3, aggregates: int = 8) -> list[float]:
    """Saves per second, one new event per save (so one append and one commit each),
    round-robin over ``aggregates`` aggregates; every one of ``repeat`` runs."""
    games = [Game() for _ in range(aggregates)]
    app.save(*games)
    rates = []
    for _ in range(repeat):
        start = time.perf_counter()
        for number in range(saves):
            aggregate = games[number % aggregates]
            aggregate.play(dict(move, n=number))
            app.save(aggregate)
        rates.append(saves / (time.perf_counter() - start))
    return rates


appends = append_rate()
print(json.dumps({
    "library": f"eventsourcing {version('eventsourcing')}",
    "events": EVENTS,
    "rebuilds_per_second": round(best_rate(), 1),
    "appends_one_event_per_save_per_second_runs": [round(rate, 1) for rate in appends],
    "appends_one_event_per_save_per_second": round(max(appends), 1),
}, indent=2))
PY
