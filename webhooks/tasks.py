"""The task that sends one delivery, and the sweep that sends again what is due.

The task is routed to the ``webhooks`` queue (settings' ``CELERY_TASK_ROUTES``): waiting on
members' receivers must not delay mail nor the bots' moves. After a failed attempt a
worker schedules the next one itself (Celery's retry, after the back-off); without a broker
(tasks run in the web process) the next attempt is the sweep's, so that a request never
waits on a receiver twice. Either way nothing rests on the task: on every tick of the game
clock the sweep enqueues again each delivery whose next attempt is due (a broker down, a
worker killed, a retry lost); the row's lock and due time keep it sent once.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from celery import Task, shared_task
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from games.deadlines import clock_ticked
from games.tasks import enqueue
from webhooks.models import Delivery
from webhooks.sending import attempt

#: How long the log keeps a delivery once it is sent or given up.
KEPT = timedelta(days=30)


# The timeout bounds each read, not a receiver that trickles its answer a byte at a time:
# in a worker, Celery's soft time limit interrupts the POST (a failed attempt, logged).
@shared_task(bind=True, soft_time_limit=3 * settings.NUMX_WEBHOOKS_TIMEOUT)
def send_delivery(self: Task, delivery_id: int) -> bool:
    """Attempt one delivery if it is due; True if this call delivered it."""
    now = timezone.now()
    delivery = attempt(delivery_id, now)
    if delivery is None:
        return False
    if delivery.next_attempt_at is not None and not self.request.is_eager:
        wait = (delivery.next_attempt_at - now).total_seconds()
        # Attempts are counted on the row (MAX_ATTEMPTS), not by Celery.
        raise self.retry(countdown=wait, max_retries=None)
    return delivery.sent_at is not None


def send_after_commit(delivery_id: int) -> None:
    """Enqueue the delivery's task once the transaction that made it due commits. If the
    enqueue fails (the broker is down), the sweep sends it."""
    transaction.on_commit(lambda: enqueue(send_delivery, delivery_id), robust=True)


@receiver(clock_ticked, dispatch_uid="webhooks.send_due")
def send_due(sender: Any, now: datetime, **kwargs: Any) -> dict[str, int]:
    """Enqueue every delivery due by ``now`` (a few hundred at a time), and forget those
    done with for longer than :data:`KEPT`; return how many of each."""
    _all, deleted = Delivery.objects.filter(
        next_attempt_at__isnull=True, created_at__lt=now - KEPT
    ).delete()  # their attempts with them
    due = list(
        Delivery.objects.filter(next_attempt_at__lte=now, sent_at__isnull=True)
        .order_by("next_attempt_at")
        .values_list("pk", flat=True)[:500]
    )
    for pk in due:
        send_delivery.delay(pk)
    return {"webhooks_due": len(due), "webhooks_forgotten": deleted.get("webhooks.Delivery", 0)}
