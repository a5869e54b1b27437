"""The outbox every email of the site goes through, once each.

An email owed is a row (a :class:`~notifications.models.Notification`, a game's
``Invitation``, a tournament's ``Mail`` or ``Invitation``) written in the same transaction
as what it announces, with ``created_at`` and a ``sent_at`` left empty. Each kind of row
has one task that sends it (registered with :func:`sends`); :func:`send_once` locks the
row, sends and marks it in one transaction, so a task that runs twice sends once.

After the commit the row's task is enqueued (:func:`deliver_after_commit`), but nothing
rests on that: a broker that is down, a crash between commit and enqueue, a task out of
retries all leave the row unsent, and the sweep (:func:`resend_overdue`, on every tick of
the game clock) enqueues every row owed for longer than :data:`RESEND_AFTER` again.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime, timedelta
from smtplib import SMTPException
from typing import Any, TypeVar

from celery import Task
from django.core.mail import EmailMessage
from django.db import models, transaction
from django.utils import timezone

from games.damage import report
from games.events.store import Unreplayable
from games.names import one_line
from games.tasks import enqueue

#: How the send tasks retry a mail server that refuses or does not answer.
RETRIED: dict[str, Any] = {
    "autoretry_for": (SMTPException, OSError),
    "retry_backoff": True,
    "retry_backoff_max": 600,
    "max_retries": 10,
}

#: An email still unsent this long after it was owed was lost on its way to the worker
#: (broker down at enqueue, a task out of retries, a worker killed mid-task).
RESEND_AFTER = timedelta(minutes=10)

#: Each kind of outbox row → the task that sends one row of it, given its primary key.
SENDERS: dict[type[models.Model], Task] = {}

Row = TypeVar("Row", bound=models.Model)


def sends(model: type[models.Model]) -> Callable[[Task], Task]:
    """Register the decorated task as the one that sends ``model``'s rows: the sweep and
    :func:`deliver_after_commit` find it here."""

    def register(task: Task) -> Task:
        SENDERS[model] = task
        return task

    return register


def deliver_after_commit(row: models.Model) -> None:
    """Enqueue the task that sends ``row`` once the current transaction commits.

    The enqueue may fail (the broker is down: kombu's ``OperationalError``); that costs
    only time, and must not fail the request that owed the email: the row stays unsent and
    the sweep sends it."""
    task, pk = SENDERS[type(row)], row.pk
    transaction.on_commit(lambda: enqueue(task, pk), robust=True)


class DeliveredFirst:
    """Rows of the current transaction whose emails leave, once it commits, before what its
    later work sets off then: made before that work (a tournament's stage mails, before its
    tables' games wake their consumers, which owe each player a "your turn"), it takes its
    place among the after-commit hooks at once, and the rows :meth:`add` gives it later are
    enqueued there, in order (``on_commit`` runs its hooks in the order they came)."""

    def __init__(self) -> None:
        self.rows: list[models.Model] = []
        transaction.on_commit(self._deliver, robust=True)

    def add(self, row: models.Model) -> None:
        """Owe ``row``'s email in this place of the after-commit hooks."""
        self.rows.append(row)

    def _deliver(self) -> None:
        for row in self.rows:
            enqueue(SENDERS[type(row)], row.pk)


def send_once(
    model: type[Row],
    pk: int,
    related: tuple[str, ...],
    compose_for: Callable[[Row], EmailMessage | None],
) -> bool:
    """Send the email of one unsent row and mark it sent; True if this call sent it.

    The row is locked while sending, and marked in the same transaction: a retry of the
    task (or a second worker) finds it marked and sends nothing. ``compose_for(row)`` gives
    the message, or None when nothing is to be sent (the recipient turned such emails
    off): the row is marked all the same, so that the sweep does not come back to it. A
    mail about a damaged game (``games.damage``: its events cannot be replayed) cannot be
    composed: it stays owed, reported, and the sweep sends it once the game is repaired.
    Its subject is sent on one line (``games.names.one_line``), whatever the names it
    carries hold: a name stored with a line break would otherwise block the mail for ever
    (Django refuses a header that breaks its line).
    """
    with transaction.atomic():
        row = (
            # Lock the row only: PostgreSQL refuses FOR UPDATE on the nullable side of the
            # outer join that select_related makes (a digest has no game).
            model._default_manager.select_for_update(of=("self",))
            .select_related(*related)
            .filter(pk=pk, sent_at__isnull=True)
            .first()
        )
        if row is None:
            return False
        try:
            message = compose_for(row)
        except Unreplayable as damage:
            report(damage)
            return False
        if message is not None:
            message.subject = one_line(str(message.subject))
            message.send()
        row.sent_at = timezone.now()  # type: ignore[attr-defined]
        row.save(update_fields=["sent_at"])
    return message is not None


def resend_overdue(now: datetime) -> int:
    """Enqueue again every outbox row owed since before ``RESEND_AFTER`` and never sent
    (a few hundred of each kind at a time); return how many. Sending stays once-only
    (:func:`send_once`)."""
    resent = 0
    for model, send in SENDERS.items():
        resent += enqueue_overdue(model, "sent_at", send, now)
    return resent


def enqueue_overdue(model: type[models.Model], done: str, task: Task, now: datetime) -> int:
    """Enqueue ``task`` again for the rows of ``model`` created before ``RESEND_AFTER`` whose
    ``done`` stamp is still empty (their task was lost on its way, or ran out of retries),
    a few hundred at a time; return how many."""
    lost = list(
        model._default_manager.filter(
            **{f"{done}__isnull": True, "created_at__lt": now - RESEND_AFTER}
        ).values_list("pk", flat=True)[:500]
    )
    for pk in lost:
        task.delay(pk)
    return len(lost)
