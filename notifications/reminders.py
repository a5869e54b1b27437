"""Timed emails: a "your turn" held back while its player was at the table, one reminder
per wait, the daily digest, and emails lost on their way.

At each tick of the game clock (:data:`games.deadlines.clock_ticked`), a player whose turn
came while they were at the table (so they were not mailed, :mod:`games.presence`) and who
has left it without moving gets the "your turn" then; a player the game has waited for
``NUMX_REMINDER_AFTER_HOURS`` (vacations aside), or half its time per move if that comes
sooner, gets one reminder for that wait; and every
email of the outbox (game and tournament emails, invitations) owed long ago and never sent
is enqueued again (:func:`notifications.outbox.resend_overdue`).
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import Exists, OuterRef
from django.dispatch import receiver
from django.utils import timezone

from accounts.models import Profile
from chat.services import heard_since
from games.deadlines import clock_start, clock_ticked, time_per_move, waiting, waiting_seats
from games.models import Game, Seat
from games.presence import looked_recently
from notifications.consumer import owe
from notifications.models import DIGEST_PERIOD, Notification
from notifications.outbox import resend_overdue


@receiver(clock_ticked, dispatch_uid="notifications.send_reminders")
def send_reminders(sender: Any, now: datetime, **kwargs: Any) -> dict[str, int]:
    """Tell the players who left the table without moving that it is their turn, remind
    the players games have waited for long enough, once per wait, and resend lost emails;
    return how many of each."""
    told = sum(_tell_late(seat) for seat in _left_untold(now))
    reminded = sum(_remind(seat, now) for seat in waiting_seats() if seat.user_id is not None)
    return {"told_late": told, "reminders": reminded, "resent": resend_overdue(now)}


def _left_untold(now: datetime) -> list[Seat]:
    """The seats awaited for longer than a look at the table counts (and not yet for a
    reminder) whose player has no "your turn" email for this wait: their turn came while
    they were at the table, or their preferences hold it back (``owe`` asks them again)."""
    told = Notification.objects.filter(
        game_id=OuterRef("game_id"),
        recipient_id=OuterRef("user_id"),
        kind=Notification.Kind.YOUR_TURN,
        created_at__gte=OuterRef("awaited_since"),
    )
    return list(
        waiting()
        .filter(
            user__isnull=False,
            awaited_since__lte=now - timedelta(minutes=settings.NUMX_PRESENCE_MINUTES),
            awaited_since__gt=now - timedelta(hours=settings.NUMX_REMINDER_AFTER_HOURS),
        )
        .exclude(Exists(told))
    )


def _tell_late(seat: Seat) -> bool:
    """The "your turn" of ``seat``'s wait, now that its player is no longer at the table
    (``owe`` writes it once, whatever ticks run at once)."""
    assert seat.user_id is not None
    if looked_recently(seat.game_id, seat.user_id):
        return False
    sequence = seat.game.last_sequence
    return bool(owe(seat.game, [(sequence, seat.user_id, Notification.Kind.YOUR_TURN)]))


def _remind(seat: Seat, now: datetime) -> bool:
    # Halfway through a short time per move: after a day, a game of a day per move would
    # remind at the very tick that spends a day of the time bank.
    after = min(timedelta(hours=settings.NUMX_REMINDER_AFTER_HOURS), time_per_move(seat.game) / 2)
    due = clock_start(seat) + after
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
