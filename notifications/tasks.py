"""Celery tasks of notifications: sending one email, the clock, the daily digest."""

from __future__ import annotations

from smtplib import SMTPException

from celery import shared_task
from django.db import transaction
from django.utils import timezone

from notifications.emails import compose
from notifications.models import Notification


@shared_task(
    autoretry_for=(SMTPException, OSError),
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=10,
)
def send_notification(notification_id: int) -> bool:
    """Send one notification unless it is already sent; True if this call sent it.

    The row is locked while sending, and marked sent in the same transaction: a retry of
    this task (or a second worker) finds it sent and sends nothing.
    """
    with transaction.atomic():
        notification = (
            # Lock the notification row only: PostgreSQL refuses FOR UPDATE on the nullable
            # side of the outer join that select_related makes for a digest's game.
            Notification.objects.select_for_update(of=("self",))
            .select_related("recipient", "game")
            .filter(pk=notification_id, sent_at__isnull=True)
            .first()
        )
        if notification is None:
            return False
        compose(notification).send()
        notification.sent_at = timezone.now()
        notification.save(update_fields=["sent_at"])
    return True


@shared_task
def tick() -> dict[str, int]:
    """Reminders and move deadlines, once (Celery beat runs it every few minutes)."""
    # Imported here: the clock owes notifications, whose sending is this module's task.
    from notifications.clock import tick as run

    return run()


@shared_task
def send_daily_digests() -> int:
    """One email a day to each digest reader with the games waiting for them."""
    from notifications.clock import daily_digests

    return daily_digests()
