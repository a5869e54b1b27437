"""Running the project's migrations inside a test, backwards and forwards."""

from __future__ import annotations

from django.db import connection
from django.db.migrations.executor import MigrationExecutor


def migrate(targets: list[tuple[str, str]] | None = None) -> None:
    """Migrate to ``targets``; without, to the latest migrations (the models' schema): a
    test that went back to an old state goes on to the latest before it uses the models,
    whose columns later migrations added."""
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets or executor.loader.graph.leaf_nodes())
