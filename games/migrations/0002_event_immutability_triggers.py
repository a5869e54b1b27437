"""Database-enforced immutability of events: triggers that raise on UPDATE, DELETE and
TRUNCATE of games_event (triggers that raise, not rules that silently do nothing).

PostgreSQL gets statement-level triggers (TRUNCATE included). SQLite, the embedded default,
has no TRUNCATE and only row triggers: it refuses UPDATE and DELETE.
"""

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

POSTGRES = (
    """
    CREATE FUNCTION games_event_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION 'events are immutable: % on games_event refused', TG_OP
            USING ERRCODE = 'restrict_violation';
    END
    $$;
    """,
    """
    CREATE TRIGGER games_event_immutable
        BEFORE UPDATE OR DELETE OR TRUNCATE ON games_event
        FOR EACH STATEMENT EXECUTE FUNCTION games_event_immutable();
    """,
)
POSTGRES_REVERSE = (
    "DROP TRIGGER games_event_immutable ON games_event;",
    "DROP FUNCTION games_event_immutable();",
)
SQLITE = tuple(
    f"""
    CREATE TRIGGER games_event_no_{operation.lower()} BEFORE {operation} ON games_event
    BEGIN SELECT RAISE(ABORT, 'events are immutable: {operation} on games_event refused'); END;
    """
    for operation in ("UPDATE", "DELETE")
)
SQLITE_REVERSE = (
    "DROP TRIGGER games_event_no_update;",
    "DROP TRIGGER games_event_no_delete;",
)


def _run(schema_editor: BaseDatabaseSchemaEditor, statements: dict[str, tuple[str, ...]]) -> None:
    vendor = schema_editor.connection.vendor
    if vendor not in statements:
        raise RuntimeError(f"no event immutability triggers for {vendor}")
    for statement in statements[vendor]:
        # No parameters: the SQL is sent as it is (the "%" of RAISE is not a placeholder).
        schema_editor.execute(statement, params=None)


def create(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"postgresql": POSTGRES, "sqlite": SQLITE})


def drop(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    _run(schema_editor, {"postgresql": POSTGRES_REVERSE, "sqlite": SQLITE_REVERSE})


class Migration(migrations.Migration):
    dependencies = [("games", "0001_initial")]

    operations = [migrations.RunPython(create, drop)]
