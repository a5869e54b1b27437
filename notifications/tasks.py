"""Celery tasks of notifications: sending one email (a notification, an invitation) once.

The daily digest's task is in :mod:`notifications.reminders`, which owes notifications
through the outbox that enqueues these tasks."""

from __future__ import annotations

from datetime import datetime, timedelta
from smtplib import SMTPException
from typing import Any

from celery import shared_task
from django.contrib.auth import get_user_model
from django.core.mail import EmailMessage
from django.db import transaction
from django.utils import timezone

from accounts.models import profile_of
from games.models import Invitation
from notifications.emails import compose, compose_invitation
from notifications.models import Notification

RETRIED = {
    "autoretry_for": (SMTPException, OSError),
    "retry_backoff": True,
    "retry_backoff_max": 600,
    "max_retries": 10,
}


def send_once(model: type[Any], pk: int, related: tuple[str, ...], compose_for: Any) -> bool:
    """Send the email of one unsent row (a notification, an invitation) and mark it sent.

    The row is locked while sending, and marked sent in the same transaction: a retry of
    the task (or a second worker) finds it sent and sends nothing. ``compose_for(row)``
    gives the message, or None when nothing is to be sent.
    """
    with transaction.atomic():
        row = (
            # Lock the row only: PostgreSQL refuses FOR UPDATE on the nullable side of the
            # outer join that select_related makes (a digest has no game).
            model.objects.select_for_update(of=("self",))
            .select_related(*related)
            .filter(pk=pk, sent_at__isnull=True)
            .first()
        )
        message = compose_for(row) if row is not None else None
        if message is None:
            return False
        message.send()
        row.sent_at = timezone.now()
        row.save(update_fields=["sent_at"])
    return True


#: An email still unsent this long after it was owed was lost on its way to the worker
#: (broker down at enqueue, a task out of retries, a worker killed mid-task).
RESEND_AFTER = timedelta(minutes=10)


def resend_overdue(model: type[Any], send: Any, now: datetime) -> int:
    """Enqueue ``send`` again for the outbox rows of ``model`` owed since before
    ``RESEND_AFTER`` and never sent (a few hundred at a time); return how many. Sending
    stays once-only (:func:`send_once`)."""
    lost = list(
        model.objects.filter(sent_at__isnull=True, created_at__lt=now - RESEND_AFTER).values_list(
            "pk", flat=True
        )[:500]
    )
    for pk in lost:
        send.delay(pk)
    return len(lost)


@shared_task(**RETRIED)
def send_notification(notification_id: int) -> bool:
    """Send one notification unless it is already sent; True if this call sent it."""
    return send_once(Notification, notification_id, ("recipient", "game"), compose)


@shared_task(**RETRIED)
def send_invitation(invitation_id: int) -> bool:
    """Send one game invitation unless it is already sent or the invitee, having an
    account, turned invitations off; True if this call sent it."""

    def compose_for(invitation: Invitation) -> EmailMessage | None:
        user = get_user_model().objects.filter(email__iexact=invitation.email).first()
        if user is not None and not profile_of(user).email_invitations:
            return None
        return compose_invitation(invitation, user)

    return send_once(Invitation, invitation_id, ("game", "invited_by"), compose_for)
