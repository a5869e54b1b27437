"""A move's writes sent to the database together, as one transaction.

A move's statements (insert its events, rewrite the read models) do not depend on each
other's results, so they need not wait for each other. On PostgreSQL, outside any atomic
block, they go in one pipeline (psycopg's pipeline mode) closed by a single Sync: the server
runs everything sent before a Sync as one implicit transaction, committed at the Sync if
all succeeded and rolled back if one failed, the statements after the failure skipped
(PostgreSQL's protocol, "Pipelining"). The move costs one round trip instead of one per
statement plus BEGIN and COMMIT. Elsewhere (SQLite, or inside the caller's transaction)
the same statements run one after the other in an atomic block.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction


@dataclass(frozen=True)
class Statement:
    """One SQL statement and its parameters, with values as the database stores them."""

    sql: str
    params: Sequence[Any] = ()


def among(column: str, values: Sequence[Any]) -> str:
    """SQL saying that ``column`` is one of ``values`` (their ``%s`` marks, in order; the
    statement's parameters must hold the values there)."""
    if not values:
        return "FALSE"
    return f"{column} IN ({', '.join(['%s'] * len(values))})"


def write_together(statements: Sequence[Statement]) -> list[list[Any]]:
    """Run ``statements`` as one transaction, all or nothing; each one's returned rows.

    Inside the caller's atomic block they join its transaction, within a savepoint, so that
    the caller's transaction survives their failure. A failure raises Django's database
    error (``IntegrityError``...), its cause the driver's.
    """
    # Autocommit means no transaction is open (Django turns it off inside atomic blocks):
    # only then is the pipeline's implicit transaction the statements' own.
    if connection.vendor == "postgresql" and connection.get_autocommit():
        return _pipelined(statements)
    with transaction.atomic(), connection.cursor() as cursor:
        rows = []
        for statement in statements:
            cursor.execute(statement.sql, statement.params)
            rows.append(cursor.fetchall() if cursor.description else [])
        return rows


def _pipelined(statements: Sequence[Statement]) -> list[list[Any]]:
    """``statements`` in one pipeline, one Sync: one implicit transaction, one round trip.

    Each statement has its own cursor, since a cursor holds the result of its last
    statement only; the results are read once the Sync has answered.
    """
    cursors = [connection.cursor() for _ in statements]
    try:
        # Errors come back from the server at the Sync: wrapped, like any query's, as
        # Django's errors, so that callers catch one kind whatever the database.
        with connection.wrap_database_errors, connection.connection.pipeline():
            for cursor, statement in zip(cursors, statements, strict=True):
                cursor.execute(statement.sql, statement.params)
        return [cursor.fetchall() if cursor.description else [] for cursor in cursors]
    finally:
        for cursor in cursors:
            cursor.close()
