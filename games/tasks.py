"""Celery tasks: they load what they need and call the code that does the work."""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task

from games.after_response import run_after_response
from games.events import consumers

#: The consumer that plays the bots' moves. Its searches (up to a second a move at level
#: 2) run in a task of their own, on a queue of their own (``bots``), so that a backlog
#: of them never delays the game's other reactions, the mails owed above all.
BOTS = "bots"


def enqueue(task: Task, *args: Any) -> None:
    """Send ``task`` to the workers once the response is sent (``games.after_response``),
    so that nobody waits for it: without a broker, where it runs in this process, for the
    whole task; with one, for its publish (a round trip and about a millisecond of kombu's
    CPU, two a move). A publish lost with its process after the response is the catch-up
    sweep's, as one lost between the commit and the publish always was."""
    run_after_response(lambda: task.delay(*args))


def react(game_id: int) -> None:
    """Wake the consumers of a game's new events (once they are committed): its reactions
    (:func:`dispatch_events`) and its bots' moves (:func:`play_bots`), two tasks routed to
    two queues (``CELERY_TASK_ROUTES``)."""
    enqueue(dispatch_events, game_id)
    enqueue(play_bots, game_id)


@shared_task
def dispatch_events(game_id: int) -> None:
    """Let the consumers other than the bots' handle a game's new events: snapshots, the
    mails owed, tournament tables, ratings (queue ``games``)."""
    consumers.dispatch(game_id, only=[name for name in consumers.consumers() if name != BOTS])


@shared_task
def play_bots(game_id: int) -> None:
    """Let the game's bots take their turns (queue ``bots``): their moves' events wake the
    consumers again, as a person's do."""
    consumers.dispatch(game_id, only=[BOTS])


@shared_task
def catch_up_consumers() -> int:
    """Dispatch games whose consumers lag (a lost dispatch, a crashed worker)."""
    return consumers.catch_up()
