"""Timed emails: one reminder per wait, the daily digest, and emails lost on their way.

At each tick of the game clock (:data:`games.deadlines.clock_ticked`), a player the game
has waited for ``NUMX_REMINDER_AFTER_HOURS`` (vacations aside) gets one reminder for that
wait, and every email of the outbox (game and tournament emails, invitations) owed long
ago and never sent is enqueued again (:func:`notifications.outbox.resend_overdue`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Profile
from chat.services import heard_since
from games.deadlines import clock_start, clock_ticked, waiting_seats
from games.models import Game, Seat
from notifications.consumer import owe
from notifications.models import DIGEST_PERIOD, Notification
from notifications.outbox import resend_overdue


@receiver(clock_ticked, dispatch_uid="notifications.send_reminders")
def send_reminders(sender: Any, now: datetime, **kwargs: Any) -> dict[str, int]:
    """Remind the players games have waited for long enough, once per wait, and resend
    lost emails; return how many of each."""
    reminded = sum(_remind(seat, now) for seat in waiting_seats() if seat.user_id is not None)
    return {"reminders": reminded, "resent": resend_overdue(now)}


def _remind(seat: Seat, now: datetime) -> bool:
    due = clock_start(seat) + timedelta(hours=settings.NUMX_REMINDER_AFTER_HOURS)
    if seat.reminded_for == seat.awaited_since or now < due:
        return False
    with transaction.atomic():
        claimed = (
            Seat.objects.filter(pk=seat.pk, awaited_since=seat.awaited_since)
            .exclude(reminded_for=seat.awaited_since)
            .update(reminded_for=seat.awaited_since)
        )
        if claimed:
            owe(seat.game, [(seat.game.last_sequence, seat.user_id, Notification.Kind.REMINDER)])
    return bool(claimed)


def daily_digests(now: datetime | None = None) -> int:
    """One email to each digest reader with games waiting for them, or with lines said at
    their tables since the last digest, once a day."""
    now = now or timezone.now()
    readers = Profile.objects.filter(daily_digest=True).values_list("user_id", flat=True)
    waiting = set(
        Seat.objects.filter(
            user_id__in=readers, awaited=True, game__status=Game.Status.RUNNING
        ).values_list("user_id", flat=True)
    )
    # Chat is told of here only, never one email per line: a reader nothing waits for still
    # gets the digest when others spoke at their tables.
    waiting |= {
        reader
        for reader in readers
        if reader not in waiting and heard_since(reader, now - DIGEST_PERIOD).exists()
    }
    today = now.date().toordinal()
    sent = owe(None, [(today, user, Notification.Kind.DIGEST) for user in waiting])
    return len(sent)


@shared_task
def send_daily_digests() -> int:
    """One email a day to each digest reader with the games waiting for them (Celery
    beat)."""
    return daily_digests()
