"""``python manage.py grant_app_role ROLE``: the PostgreSQL role the site runs as, with the
rights it needs and no more.

The events table's immutability rests on triggers (migration 0002 of games), and whoever
owns a table can switch its triggers off (``ALTER TABLE … DISABLE TRIGGER``) or drop them.
So the site does not run as the tables' owner: ``migrate`` runs as the owner, the web
processes and workers as ROLE, which this command sets up:

- ROLE is created (LOGIN, nothing more) if it does not exist yet;
- on every table of the schema: SELECT, INSERT, UPDATE, DELETE; on the events table
  only SELECT and INSERT; no TRUNCATE, REFERENCES or TRIGGER anywhere (the ids are
  identity columns, which an INSERT draws without rights on their sequences);
- it refuses a ROLE that could undo this: a superuser, a role allowed to set
  ``session_replication_role`` (which silences every trigger), or one that owns the
  tables or is a member of their owner.

Run it as the tables' owner (the DATABASE_URL ``migrate`` ran with), after each
``migrate``: tables a migration adds get their rights then. It starts by taking every
right of ROLE on the schema's tables away, so running it again gives the same result.
docs/deploy.md shows the whole procedure.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection, transaction
from psycopg import sql

from games.events.models import Event

#: What the site does to the events table: read and append, nothing else.
EVENT_RIGHTS = "SELECT, INSERT"
#: What it does to every other table.
TABLE_RIGHTS = "SELECT, INSERT, UPDATE, DELETE"


class Command(BaseCommand):
    help = "Create or update the PostgreSQL role the site runs as (no owner rights)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("role", help="the role named by the site's DATABASE_URL")

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("database roles are PostgreSQL's: nothing to do on this database")
        role: str = options["role"]
        with transaction.atomic(), connection.cursor() as cursor:
            # Identifiers are quoted by psycopg, never pasted: a role's name may hold anything.
            quoted_role = sql.Identifier(role).as_string(cursor.connection)
            cursor.execute("SELECT current_schema(), current_database()")
            schema, database = cursor.fetchone()
            quoted_schema = sql.Identifier(schema).as_string(cursor.connection)
            quoted_database = sql.Identifier(database).as_string(cursor.connection)
            quoted_events = sql.Identifier(schema, Event._meta.db_table).as_string(
                cursor.connection
            )

            cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = %s", [role])
            found = cursor.fetchone()
            if found is None:
                cursor.execute(f"CREATE ROLE {quoted_role} LOGIN")
                self.stdout.write(f"created role {role}; give it a password: \\password {role}")
            elif found[0]:
                raise CommandError(f"{role} is a superuser: it can do anything, triggers aside")
            self._refuse_owners(cursor, role, schema)

            statements = [
                f"GRANT CONNECT ON DATABASE {quoted_database} TO {quoted_role}",
                f"GRANT USAGE ON SCHEMA {quoted_schema} TO {quoted_role}",
                f"REVOKE ALL ON ALL TABLES IN SCHEMA {quoted_schema} FROM {quoted_role}",
                f"GRANT {TABLE_RIGHTS} ON ALL TABLES IN SCHEMA {quoted_schema} TO {quoted_role}",
                f"REVOKE ALL ON {quoted_events} FROM {quoted_role}",
                f"GRANT {EVENT_RIGHTS} ON {quoted_events} TO {quoted_role}",
            ]
            for statement in statements:
                cursor.execute(statement)
        self.stdout.write(
            f"{role}: {EVENT_RIGHTS} on {Event._meta.db_table}, {TABLE_RIGHTS} on the other "
            f"tables of {database}.{schema}"
        )

    def _refuse_owners(self, cursor: Any, role: str, schema: str) -> None:
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
            raise CommandError(f"no tables in schema {schema}: run migrate first")
        if not all(owned for _, owned, _ in tables):
            raise CommandError("run this as the tables' owner (the role that ran migrate)")
        owned_by_role = [name for name, _, member in tables if member]
        if owned_by_role:
            raise CommandError(
                f"{role} owns {', '.join(owned_by_role)} (or is a member of their owner): "
                "the site must run as a role that owns no table"
            )
        cursor.execute(
            "SELECT has_parameter_privilege(%s, 'session_replication_role', 'SET')", [role]
        )
        if cursor.fetchone()[0]:
            raise CommandError(
                f"{role} may set session_replication_role, which silences every trigger"
            )
