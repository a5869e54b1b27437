"""pytest-django ends a transactional test by flushing the database with one TRUNCATE of
every table, which the events table's trigger refuses, as it must. The fixture
``flush_past_the_trigger`` (tests/conftest.py) lets that one flush through."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db import connection


def truncate_as_replica(
    execute: Callable[..., Any],
    sql: str,
    params: Any,
    many: bool,
    context: dict[str, Any],
) -> Any:
    """Run the flush's TRUNCATE under ``session_replication_role = replica``, then step aside.

    A one-shot execute wrapper: it removes itself at the first TRUNCATE, so no later
    statement of this or any other test can pass through it.
    """
    if "TRUNCATE" not in sql.upper():
        return execute(sql, params, many, context)
    connection.execute_wrappers.remove(truncate_as_replica)
    if not connection.in_atomic_block:
        # SET LOCAL outside a transaction does nothing, and the session-wide SET this
        # wrapper exists to avoid is not wanted either: fail loudly instead.
        raise RuntimeError("the flush was expected to TRUNCATE inside a transaction")
    context["cursor"].execute("SET LOCAL session_replication_role = replica")
    return execute(sql, params, many, context)
