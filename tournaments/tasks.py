"""Celery tasks of tournaments: they load what they need and call a service."""

from __future__ import annotations

from celery import shared_task

from games.deadlines import play_out
from tournaments.models import Table
from tournaments.results import table_record_result


@shared_task
def finish_table(table_id: int) -> None:
    """Let the deadline policy play a table the organiser finished to its end, then
    record its result."""
    table = Table.objects.select_related("game").filter(pk=table_id, forced_at__isnull=False)
    if table.exists():
        play_out(table.get().game)
        table_record_result(table=table.get())
