"""A gunicorn configuration for benches: where a request's time went, one JSON line per
request in ``$NUMX_TIMING_LOG``, for ``move.py --explain`` to set beside its slowest moves.

Each line: the bench's id for the request (its ``X-Bench-Id`` header), the time Django
took (wall), the process's CPU time in it, the garbage collector's passes (by generation)
and their time, the SQL statements and their time (the slowest ones' text, three or
``$NUMX_TIMING_STATEMENTS``; a commit is not a statement: it is in the wall time only), and
the events the store replayed to rebuild a state (a state cache that was behind). Nothing
of this runs in production: it is loaded only by ``gunicorn -c bench/request_timing.py``.
"""

from __future__ import annotations

import gc
import json
import os
import time
from typing import Any

_request: dict[str, Any] = {}
_gc_started: list[float] = []


def _on_gc(phase: str, info: dict[str, int]) -> None:
    if phase == "start":
        _gc_started.append(time.perf_counter())
    elif _gc_started and _request:
        took = time.perf_counter() - _gc_started.pop()
        _request["gc_ms"] += took * 1000
        _request["gc_passes"][info["generation"]] += 1


def _sql(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
    start = time.perf_counter()
    try:
        return execute(sql, params, many, context)
    finally:
        if _request:
            took = (time.perf_counter() - start) * 1000
            _request["sql"] += 1
            _request["sql_ms"] += took
            _request["statements"].append((round(took, 2), sql[:90]))


def _watch_connection(sender: Any, connection: Any, **kwargs: Any) -> None:
    connection.execute_wrappers.append(_sql)


def _watch_replays() -> None:
    """Count the events :func:`games.events.store.replay` applies (once the app is loaded)."""
    from games.events import store

    if getattr(store.replay, "counted", False):
        return
    replay = store.replay

    def counted_replay(rules: Any, state: Any, events: Any) -> Any:
        events = list(events)
        if _request:
            _request["replayed"] += len(events)
        return replay(rules, state, events)

    counted_replay.counted = True  # type: ignore[attr-defined]
    store.replay = counted_replay


def post_fork(server: Any, worker: Any) -> None:
    from django.db.backends.signals import connection_created

    gc.callbacks.append(_on_gc)
    connection_created.connect(_watch_connection, weak=False)


def pre_request(worker: Any, req: Any) -> None:
    _watch_replays()
    bench_id = next((value for name, value in req.headers if name == "X-BENCH-ID"), None)
    _request.update(
        id=bench_id,
        path=req.path,
        pid=os.getpid(),
        wall=time.perf_counter(),
        cpu=time.process_time(),
        gc_ms=0.0,
        gc_passes=[0, 0, 0],
        sql=0,
        sql_ms=0.0,
        replayed=0,
        statements=[],
    )


def post_request(worker: Any, req: Any, environ: Any, resp: Any) -> None:
    if not _request:
        return
    line = dict(_request)
    line["wall_ms"] = round((time.perf_counter() - line.pop("wall")) * 1000, 2)
    line["cpu_ms"] = round((time.process_time() - line.pop("cpu")) * 1000, 2)
    line["gc_ms"] = round(line["gc_ms"], 2)
    line["sql_ms"] = round(line["sql_ms"], 2)
    shown = int(os.environ.get("NUMX_TIMING_STATEMENTS", 3))
    line["statements"] = sorted(line["statements"], reverse=True)[:shown]
    _request.clear()
    with open(os.environ["NUMX_TIMING_LOG"], "a") as log:
        log.write(json.dumps(line) + "\n")
