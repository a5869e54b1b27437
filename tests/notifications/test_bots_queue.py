"""The bots' searches have a queue of their own: with it stuck (a backlog of level-2
decisions, its workers down), the game's other reactions go on, and the players are still
told it is their turn."""

import random
from collections.abc import Callable
from typing import Any

import pytest
from celery.app.task import Task
from django.contrib.auth.models import User
from django.core import mail

from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game
from numx_site.celery import app

pytestmark = pytest.mark.django_db


def queue_of(task: str) -> str:
    """The queue ``task`` is sent to (``CELERY_TASK_ROUTES``)."""
    return str(app.amqp.router.route({}, task)["queue"].name)


def test_a_bots_decision_and_a_mail_owed_go_to_different_queues() -> None:
    app.loader.import_default_modules()
    assert queue_of("games.tasks.play_bots") == "bots"
    # The consumers that owe the mails, and the mails themselves.
    assert queue_of("games.tasks.dispatch_events") == "games"
    assert queue_of("notifications.tasks.send_notification") == "mail"
    # Nothing else searches on the bots' queue.
    others = [name for name in app.tasks if not name.startswith("celery.")]
    assert [name for name in others if queue_of(name) == "bots"] == ["games.tasks.play_bots"]


def test_with_the_bots_queue_stuck_the_players_are_still_told_it_is_their_turn(
    alice: User,
    bob: User,
    commit: Callable[[Callable[[], object]], object],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Tasks run as the embedded default runs them (eagerly), but those the routes send to
    # the bots' queue wait there: nobody consumes it.
    held: list[tuple[Task, Any]] = []
    send = Task.apply_async

    def routed(task: Task, args: Any = None, kwargs: Any = None, **options: Any) -> Any:
        if queue_of(task.name) == "bots":
            held.append((task, args))
            return None
        return send(task, args, kwargs, **options)

    monkeypatch.setattr(Task, "apply_async", routed)
    game = game_open(creator=alice, name="Friday", config={"players": 3, "mode": "speed-run"})
    game_join(game=game, user=bob, token=game.invite_token)
    game_add_bot(game=game, by=alice)
    commit(lambda: game_start(game=game, by=alice, rng=random.Random(21)))

    # Everyone's opening pick is awaited; the bot's waits in its queue, the people are told.
    assert [(task.name, args) for task, args in held] == [("games.tasks.play_bots", (game.pk,))]
    assert sorted(address for m in mail.outbox for address in m.to) == [
        "alice@example.com",
        "bob@example.com",
    ]
    assert 2 in Game.objects.get(pk=game.pk).awaiting

    # The queue moves again: the bot picks.
    monkeypatch.undo()
    commit(lambda: [send(task, args) for task, args in held])
    assert 2 not in Game.objects.get(pk=game.pk).awaiting
