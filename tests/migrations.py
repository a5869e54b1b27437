"""Running the project's migrations inside a test, backwards and forwards."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]] | None = None) -> None:
    """Migrate to ``targets``; without, to the latest migrations (the models' schema): a
    test that went back to an old state goes on to the latest before it uses the models,
    whose columns later migrations added."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())


def model_at(targets: list[tuple[str, str]], app: str, name: str) -> Any:
    """Model ``app.name`` as it stands at ``targets``: rows written while the database is
    there have only the columns it had then, not those later migrations add."""
    executor = MigrationExecutor(connection)
    return executor.loader.project_state(targets).apps.get_model(app, name)
