"""Celery tasks: they load what they need and call a service."""

from __future__ import annotations

from celery import shared_task


@shared_task
def finish_table(table_id: int) -> None:
    """Let the deadline policy play a table the organiser finished to its end."""
    from tournaments.models import Table
    from tournaments.services import table_play_out

    table = Table.objects.select_related("game").filter(pk=table_id, forced_at__isnull=False)
    if table.exists():
        table_play_out(table=table.get())
