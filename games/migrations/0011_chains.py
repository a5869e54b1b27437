"""Each game's hash chain (games/events/chain.py): its keys (``games_chain``) and the link
of every event (``games_link``), both insert-only like the events, with the same triggers
as migration 0002 gave the events table: PostgreSQL's statement triggers refuse UPDATE,
DELETE and TRUNCATE, SQLite's row triggers UPDATE and DELETE. Migration 0012 chains the
games recorded before this one."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

TABLES = ("games_chain", "games_link")


def _postgres(table: str) -> tuple[str, ...]:
    return (
        f"""
        CREATE FUNCTION {table}_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
            RAISE EXCEPTION 'a game''s chain is immutable: % on {table} refused', TG_OP
                USING ERRCODE = 'restrict_violation';
        END
        $$;
        """,
        f"""
        CREATE TRIGGER {table}_immutable
            BEFORE UPDATE OR DELETE OR TRUNCATE ON {table}
            FOR EACH STATEMENT EXECUTE FUNCTION {table}_immutable();
        """,
    )


def _sqlite(table: str) -> tuple[str, ...]:
    return tuple(
        f"""
        CREATE TRIGGER {table}_no_{operation.lower()} BEFORE {operation} ON {table}
        BEGIN SELECT RAISE(ABORT, 'a game''s chain is immutable: {operation} refused'); END;
        """
        for operation in ("UPDATE", "DELETE")
    )


def _reverse(vendor: str, table: str) -> tuple[str, ...]:
    if vendor == "postgresql":
        return (
            f"DROP TRIGGER {table}_immutable ON {table};",
            f"DROP FUNCTION {table}_immutable();",
        )
    return (f"DROP TRIGGER {table}_no_update;", f"DROP TRIGGER {table}_no_delete;")


def create(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    vendor = schema_editor.connection.vendor
    make = {"postgresql": _postgres, "sqlite": _sqlite}.get(vendor)
    if make is None:
        raise RuntimeError(f"no chain immutability triggers for {vendor}")
    for table in TABLES:
        for statement in make(table):
            schema_editor.execute(statement, params=None)


def drop(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    for table in TABLES:
        for statement in _reverse(schema_editor.connection.vendor, table):
            schema_editor.execute(statement, params=None)


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0010_bot_levels"),
    ]

    operations = [
        migrations.CreateModel(
            name="Chain",
            fields=[
                (
                    "game",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        primary_key=True,
                        related_name="chain",
                        serialize=False,
                        to="games.game",
                    ),
                ),
                ("salt", models.CharField(max_length=64)),
                ("seed", models.CharField(blank=True, max_length=64)),
                ("commitment", models.CharField(blank=True, max_length=64)),
                (
                    "linked_late_by",
                    models.CharField(
                        blank=True,
                        choices=[
                            ("", "at each append"),
                            ("migration", "by the migration that chained the existing games"),
                            ("import", "at the import of a log without a chain"),
                        ],
                        max_length=10,
                    ),
                ),
                ("linked_late_through", models.PositiveIntegerField(default=0)),
                ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
            options={
                "abstract": False,
                "base_manager_name": "objects",
            },
        ),
        migrations.CreateModel(
            name="Link",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("sequence", models.PositiveIntegerField()),
                ("hash", models.CharField(max_length=64)),
                (
                    "game",
                    models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="links",
                        to="games.game",
                    ),
                ),
            ],
            options={
                "abstract": False,
                "base_manager_name": "objects",
                "constraints": [
                    models.UniqueConstraint(
                        fields=("game", "sequence"), name="link_sequence_unique"
                    )
                ],
            },
        ),
        migrations.RunPython(create, drop),
    ]
