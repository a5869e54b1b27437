"""Celery tasks: they load what they need and call the code that does the work."""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task
from django.conf import settings

from games.after_response import run_after_response
from games.events import consumers


def enqueue(task: Task, *args: Any) -> None:
    """Send ``task`` to the workers; without a broker, where it runs in this process, run
    it once the response is sent, so that nobody waits for it (``games.after_response``)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        run_after_response(lambda: task.delay(*args))
    else:
        task.delay(*args)


@shared_task
def dispatch_events(game_id: int) -> None:
    """Let the consumers handle a game's new events (enqueued after each commit)."""
    consumers.dispatch(game_id)


@shared_task
def catch_up_consumers() -> int:
    """Dispatch games whose consumers lag (a lost dispatch, a crashed worker)."""
    return consumers.catch_up()
