"""Celery tasks: they load what they need and call the code that does the work."""

from __future__ import annotations

from celery import shared_task

from games.events import consumers


@shared_task
def dispatch_events(game_id: int) -> None:
    """Let the consumers handle a game's new events (enqueued after each commit)."""
    consumers.dispatch(game_id)


@shared_task
def catch_up_consumers() -> int:
    """Dispatch games whose consumers lag (a lost dispatch, a crashed worker)."""
    return consumers.catch_up()
