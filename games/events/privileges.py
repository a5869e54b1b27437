"""The PostgreSQL role the site runs as, with the rights it needs and no more.

The events table's immutability rests on triggers (migration 0002 of games), and whoever
owns a table can switch its triggers off (``ALTER TABLE … DISABLE TRIGGER``) or drop them.
So the site does not run as the tables' owner: ``migrate`` runs as the owner, the web
processes and workers as a role that :func:`grant_site_role` sets up:

- the role is created (LOGIN, nothing more) if it does not exist yet;
- on every table of the schema: SELECT, INSERT, UPDATE, DELETE; on the insert-only
  tables (the events, and each game's chain: its keys and links) only SELECT and INSERT;
  no TRUNCATE, REFERENCES or TRIGGER anywhere (the ids are identity columns, which an
  INSERT draws without rights on their sequences);
- it refuses a role that could undo this: a superuser, a role allowed to set
  ``session_replication_role`` (which silences every trigger), or one that owns the
  tables or is a member of their owner.

Roles and grants have no ORM: this is the store's SQL, kept here beside the triggers it
protects. ``manage.py grant_app_role`` runs it; docs/deploy.md shows the procedure.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import connection, transaction
from psycopg import sql

from games.events.models import Chain, Event, Link

#: The tables whose rows are written once and never changed (migrations 0002 and 0011).
INSERT_ONLY = (Event, Chain, Link)
#: What the site does to the insert-only tables: read and append, nothing else.
EVENT_RIGHTS = "SELECT, INSERT"
#: What it does to every other table.
TABLE_RIGHTS = "SELECT, INSERT, UPDATE, DELETE"


class RoleRefused(Exception):
    """The role cannot be the site's (it could undo the events' protection), or the caller
    cannot grant it (not the tables' owner, no tables yet)."""


@dataclass(frozen=True)
class GrantedRole:
    """The role set up: whether it was created, and in which database and schema."""

    created: bool
    database: str
    schema: str


def grant_site_role(role: str) -> GrantedRole:
    """Give ``role`` the site's rights on the connected database's schema, and no more.

    Run as the tables' owner, after each ``migrate``: tables a migration adds get their
    rights then. It starts by taking every right of the role on the schema's tables away,
    so running it again gives the same result. Raises :class:`RoleRefused`.
    """
    with transaction.atomic(), connection.cursor() as cursor:
        # Identifiers are quoted by psycopg, never pasted: a role's name may hold anything.
        quoted_role = sql.Identifier(role).as_string(cursor.connection)
        cursor.execute("SELECT current_schema(), current_database()")
        schema, database = cursor.fetchone()
        quoted_schema = sql.Identifier(schema).as_string(cursor.connection)
        quoted_database = sql.Identifier(database).as_string(cursor.connection)
        insert_only = [
            sql.Identifier(schema, model._meta.db_table).as_string(cursor.connection)
            for model in INSERT_ONLY
        ]

        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = %s", [role])
        found = cursor.fetchone()
        if found is None:
            cursor.execute(f"CREATE ROLE {quoted_role} LOGIN")
        elif found[0]:
            raise RoleRefused(f"{role} is a superuser: it can do anything, triggers aside")
        _refuse_owners(cursor, role, schema)

        statements = [
            f"GRANT CONNECT ON DATABASE {quoted_database} TO {quoted_role}",
            f"GRANT USAGE ON SCHEMA {quoted_schema} TO {quoted_role}",
            f"REVOKE ALL ON ALL TABLES IN SCHEMA {quoted_schema} FROM {quoted_role}",
            f"GRANT {TABLE_RIGHTS} ON ALL TABLES IN SCHEMA {quoted_schema} TO {quoted_role}",
        ]
        for table in insert_only:
            statements += [
                f"REVOKE ALL ON {table} FROM {quoted_role}",
                f"GRANT {EVENT_RIGHTS} ON {table} TO {quoted_role}",
            ]
        for statement in statements:
            cursor.execute(statement)
    return GrantedRole(created=found is None, database=database, schema=schema)


def _refuse_owners(cursor: Any, role: str, schema: str) -> None:
    """Stop unless the caller owns the tables and ``role`` has no way to their triggers."""
    cursor.execute(
        """
        SELECT tablename, pg_has_role(current_user, tableowner, 'USAGE'),
               pg_has_role(%s, tableowner, 'MEMBER')
        FROM pg_tables WHERE schemaname = %s ORDER BY tablename
        """,
        [role, schema],
    )
    tables = cursor.fetchall()
    if not tables:
        raise RoleRefused(f"no tables in schema {schema}: run migrate first")
    if not all(owned for _, owned, _ in tables):
        raise RoleRefused("run this as the tables' owner (the role that ran migrate)")
    owned_by_role = [name for name, _, member in tables if member]
    if owned_by_role:
        raise RoleRefused(
            f"{role} owns {', '.join(owned_by_role)} (or is a member of their owner): "
            "the site must run as a role that owns no table"
        )
    cursor.execute("SELECT has_parameter_privilege(%s, 'session_replication_role', 'SET')", [role])
    if cursor.fetchone()[0]:
        raise RoleRefused(f"{role} may set session_replication_role, which silences every trigger")
