"""The PostgreSQL database a benchmark measures: its connection arguments, and its
creation and migration. Shared by bench/store.py and bench/notify.py."""

from __future__ import annotations

import sys
from typing import Any

import django
import psycopg
from django.conf import settings


def connection_kwargs(dbname: str | None = None) -> dict[str, Any]:
    """psycopg's connection arguments for the configured database (or another on it)."""
    database = settings.DATABASES["default"]
    kwargs = {
        "dbname": dbname or database["NAME"],
        "host": database.get("HOST"),
        "port": database.get("PORT"),
        "user": database.get("USER"),
        "password": database.get("PASSWORD"),
    }
    return {key: value for key, value in kwargs.items() if value not in (None, "")}


def prepare_database(bench: str) -> None:
    """Create the bench's database if missing, then bring it to the latest migration.
    Only PostgreSQL is measured: ``bench`` (the script's name) exits otherwise."""
    if settings.DATABASES["default"]["ENGINE"] != "django.db.backends.postgresql":
        sys.exit(f"{bench} measures PostgreSQL: set DATABASE_URL=postgres://...")
    name = settings.DATABASES["default"]["NAME"]
    with psycopg.connect(**connection_kwargs("postgres"), autocommit=True) as admin:
        exists = admin.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if exists is None:
            admin.execute(f'CREATE DATABASE "{name}"')
    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0, interactive=False)
