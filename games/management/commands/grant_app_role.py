"""``python manage.py grant_app_role ROLE``: the PostgreSQL role the site runs as, with the
rights it needs and no more (:mod:`games.events.privileges` says which, and why).

Run it as the tables' owner (the DATABASE_URL ``migrate`` ran with), after each
``migrate``; running it again gives the same result. docs/deploy.md shows the whole
procedure.
"""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import connection

from games.events.models import Event
from games.events.privileges import EVENT_RIGHTS, TABLE_RIGHTS, RoleRefused, grant_site_role


class Command(BaseCommand):
    help = "Create or update the PostgreSQL role the site runs as (no owner rights)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("role", help="the role named by the site's DATABASE_URL")

    def handle(self, *args: Any, **options: Any) -> None:
        if connection.vendor != "postgresql":
            raise CommandError("database roles are PostgreSQL's: nothing to do on this database")
        role: str = options["role"]
        try:
            granted = grant_site_role(role)
        except RoleRefused as refused:
            raise CommandError(str(refused)) from None
        if granted.created:
            self.stdout.write(f"created role {role}; give it a password: \\password {role}")
        self.stdout.write(
            f"{role}: {EVENT_RIGHTS} on {Event._meta.db_table}, {TABLE_RIGHTS} on the other "
            f"tables of {granted.database}.{granted.schema}"
        )
