"""A move's writes sent to the database together, as one transaction.

A move's statements (insert its events, rewrite the read models, delete lapsed standing
orders) do not depend on one another. On PostgreSQL they are sent as one statement: the
others become data-modifying ``WITH`` clauses of the first (PostgreSQL's "Data-Modifying
Statements in WITH"), all run on the same snapshot of the database, and the statement is
all or nothing. Outside any atomic block it is its own transaction, so a move costs one
round trip and no BEGIN or COMMIT; and one statement is cheaper for the server and for the
driver than the same work as several (a move's writes went from 1.48 to 1.17 ms, median,
paired in one run of bench/store.py). Elsewhere (SQLite) the statements run one after
the other in an atomic block.

Either way, none of them may depend on another's effects: on PostgreSQL none sees them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from contextlib import nullcontext
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


def write_together(statements: Sequence[Statement]) -> list[Any]:
    """Run ``statements`` as one transaction, all or nothing; the rows the first returns.

    Inside the caller's atomic block they join its transaction, within a savepoint, so that
    the caller's transaction survives their failure. A failure raises Django's database
    error (``IntegrityError``...), its cause the driver's.
    """
    if not statements:
        return []
    _one_writer_per_table(statements)
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            sql, params = _as_one(statements)
            # Outside a transaction the statement is its own; inside one, a savepoint.
            with transaction.atomic() if not connection.get_autocommit() else nullcontext():
                cursor.execute(sql, params)
            return cursor.fetchall() if cursor.description else []
        with transaction.atomic():
            rows = []
            for number, statement in enumerate(statements):
                cursor.execute(statement.sql, statement.params)
                if number == 0 and cursor.description:
                    rows = cursor.fetchall()
            return rows


_WRITES = re.compile(r"^\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+(\w+)", re.IGNORECASE)


def _one_writer_per_table(statements: Sequence[Statement]) -> None:
    """Refuse two statements writing the same table, on every database: on PostgreSQL they
    would run as one statement, where a row written twice keeps only one of the writes, and
    SQLite, running them in turn, would not show it."""
    written = [m.group(1) for s in statements if (m := _WRITES.match(s.sql))]
    twice = sorted({table for table in written if written.count(table) > 1})
    if twice:
        raise ValueError(f"more than one statement writes {', '.join(twice)}: join them")


def _as_one(statements: Sequence[Statement]) -> tuple[str, list[Any]]:
    """``statements`` as one: the others in ``WITH`` clauses before the first, whose rows it
    returns. The clauses' parameters come first, as their marks do."""
    first, others = statements[0], statements[1:]
    if not others:
        return first.sql, list(first.params)
    clauses = ", ".join(f"w{number} AS ({other.sql})" for number, other in enumerate(others))
    params = [value for other in others for value in other.params]
    return f"WITH {clauses} {first.sql}", [*params, *first.params]
