"""Without a broker, a move's consumers and its emails run once the player's response is
sent: the player never waits for mail work."""

from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from django.test import Client

from games.after_response import run_after_response
from games.models import Game
from games.tasks import enqueue
from notifications.models import Notification
from tests.games.test_table_views import pick_both

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _connections_kept() -> Iterator[None]:
    """Send the request signals as Django's test client does: without closing the test's
    database connection (``close_old_connections`` listens to the same signals)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    yield
    request_started.connect(close_old_connections)
    request_finished.connect(close_old_connections)


Login = Callable[[User], Client]


def test_outside_a_request_the_work_is_done_at_once() -> None:
    done: list[str] = []
    run_after_response(lambda: done.append("work"))
    assert done == ["work"]


def test_during_a_request_the_work_waits_for_the_response_to_be_sent() -> None:
    done: list[str] = []
    request_started.send(sender=None)
    run_after_response(lambda: done.append("first"))
    run_after_response(lambda: done.append("second"))
    assert done == []
    request_finished.send(sender=None)
    assert done == ["first", "second"]


def test_a_failure_after_the_response_is_logged_and_the_rest_still_runs(
    caplog: pytest.LogCaptureFixture,
) -> None:
    done: list[str] = []
    request_started.send(sender=None)
    run_after_response(lambda: 1 / 0)
    run_after_response(lambda: done.append("after"))
    request_finished.send(sender=None)
    assert done == ["after"]
    assert "work after the response failed" in caplog.text


def test_a_moves_emails_are_composed_after_its_response(
    duel: Game, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    mail.outbox.clear()
    before = Notification.objects.count()
    request_started.send(sender=None)
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        pick_both(duel)  # the opening picks: the game then waits for the first player
    assert Notification.objects.count() == before and mail.outbox == []
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        request_finished.send(sender=None)
    assert Notification.objects.count() > before and mail.outbox


def test_with_a_broker_tasks_are_sent_once_the_response_is(
    settings: pytest.FixtureRequest,
) -> None:
    """A move's publish (two a move, about a millisecond each between moves) is not part of
    the time its player waits; outside a request a task is sent at once."""
    sent: list[int] = []

    class Task:
        def delay(self, game_id: int) -> None:
            sent.append(game_id)

    settings.CELERY_TASK_ALWAYS_EAGER = False  # type: ignore[attr-defined]
    enqueue(Task(), 6)  # type: ignore[arg-type]
    assert sent == [6]
    request_started.send(sender=None)
    enqueue(Task(), 7)  # type: ignore[arg-type]
    assert sent == [6]
    request_finished.send(sender=None)
    assert sent == [6, 7]
