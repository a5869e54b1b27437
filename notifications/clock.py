"""The clock of one-move-a-day games: reminders, move deadlines, vacations, digests.

A seat's clock starts when the game starts waiting for it (``Seat.awaited_since``). After
``NUMX_REMINDER_AFTER_HOURS`` the player gets one reminder for that wait. If the game has a
move deadline and it passes, a day of the player's time bank (their vacation days in this
game) is spent automatically, one at a time; once the bank is empty, the game's policy
plays for them — an automatic pass, or a bot's move — recorded as an ordinary event with
the reason ``deadline``. A game opened without a deadline gets the same treatment after
``NUMX_ABANDON_AFTER_DAYS``: nobody is stuck waiting forever for an absent player.
"""

from __future__ import annotations

import random
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from accounts.models import Profile
from games.engine.ruleset import IllegalAction
from games.events import store
from games.models import Game, Seat
from games.registry import rule_set
from games.services import Conflict, game_submit
from notifications.consumer import owe
from notifications.models import Notification
from notifications.tasks import resend_overdue, send_notification

DAY = timedelta(days=1)


def tick(now: datetime | None = None) -> dict[str, int]:
    """Send due reminders and apply passed deadlines; return how many of each."""
    now = now or timezone.now()
    waiting = Seat.objects.filter(
        awaited=True,
        is_bot=False,
        game__status=Game.Status.RUNNING,
        awaited_since__isnull=False,
    ).select_related("game")
    done = {"reminders": 0, "vacation_days_used": 0, "timeouts": 0, "resent": resend_unsent(now)}
    for seat in waiting:
        if seat.user_id is not None and _remind(seat, now):
            done["reminders"] += 1
        used, timed_out = _deadline(seat, now)
        done["vacation_days_used"] += used
        done["timeouts"] += timed_out
    return done


def time_per_move(game: Game) -> timedelta:
    """The game's move deadline, or the site's backstop for games opened without one."""
    return game.move_deadline or timedelta(days=settings.NUMX_ABANDON_AFTER_DAYS)


def resend_unsent(now: datetime) -> int:
    """Enqueue again the game emails owed long ago and never sent."""
    return resend_overdue(Notification, send_notification, now)


def move_due(seat: Seat) -> datetime | None:
    """When the game's policy will move for ``seat`` if it does not, time bank aside
    (None: the game is not waiting for it)."""
    if not seat.awaited or seat.awaited_since is None or seat.is_bot:
        return None
    return _clock_start(seat) + time_per_move(seat.game)


def _clock_start(seat: Seat) -> datetime:
    """When the seat's time for this move started counting (vacations pause it)."""
    assert seat.awaited_since is not None
    return max(seat.awaited_since, seat.paused_until or seat.awaited_since)


def _remind(seat: Seat, now: datetime) -> bool:
    due = _clock_start(seat) + timedelta(hours=settings.NUMX_REMINDER_AFTER_HOURS)
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


def _deadline(seat: Seat, now: datetime) -> tuple[int, int]:
    """Spend time-bank days while the deadline is past, then apply the game's policy."""
    game = seat.game
    limit = time_per_move(game)
    used = 0
    while _clock_start(seat) + limit <= now and seat.vacation_days > 0:
        # A day of the bank: the clock restarts a day later.
        seat.vacation_days -= 1
        seat.paused_until = _clock_start(seat) + DAY
        used += 1
    if used:
        # Only if nothing changed since this seat was read: the player moved or took a
        # vacation meanwhile, and the next tick starts from the new facts.
        spent = Seat.objects.filter(
            pk=seat.pk,
            awaited_since=seat.awaited_since,
            vacation_days=seat.vacation_days + used,
        ).update(vacation_days=seat.vacation_days, paused_until=seat.paused_until)
        if not spent:
            return 0, 0
    if _clock_start(seat) + limit > now:
        return used, 0
    return used, int(play_for_absent(game, seat.number))


def play_for_absent(game: Game, seat: int) -> bool:
    """The game's deadline policy moves for ``seat``: a pass where passing is legal and the
    policy says so, else a random legal move (a bot's). Recorded with the reason."""
    rules = rule_set(game.rules)
    loaded = store.load(game.pk, game.rules)
    legal = rules.legal_actions(loaded.state, seat)
    if not legal:
        return False
    pass_move = rules.parse_action("pass")
    if game.deadline_policy == Game.DeadlinePolicy.PASS and pass_move in legal:
        action, reason = pass_move, "deadline"
    else:
        action, reason = legal.sample(random.Random()), "bot"
    try:
        game_submit(
            game_id=game.pk,
            seat=seat,
            action=action,
            expected_sequence=loaded.sequence,
            reason=reason,
        )
    except (Conflict, IllegalAction):
        return False  # the player (or another clock) moved meanwhile: nothing to do
    Seat.objects.filter(game=game, number=seat).update(timeouts=F("timeouts") + 1)
    return True


def take_vacation(seat: Seat, days: int, now: datetime | None = None) -> None:
    """Pause the seat's clock for ``days`` (from its time bank), from now."""
    now = now or timezone.now()
    with transaction.atomic():
        # Locked, so that a deadline spending the same bank cannot interleave.
        current = Seat.objects.select_for_update().get(pk=seat.pk)
        if not 0 < days <= current.vacation_days:
            raise ValueError(f"between 1 and {current.vacation_days} days")
        current.vacation_days -= days
        current.paused_until = max(now, current.paused_until or now) + days * DAY
        current.save(update_fields=["vacation_days", "paused_until"])
    seat.vacation_days, seat.paused_until = current.vacation_days, current.paused_until


def daily_digests(now: datetime | None = None) -> int:
    """One email to each digest reader with games waiting for them, once a day."""
    today = (now or timezone.now()).date()
    readers = Profile.objects.filter(daily_digest=True).values_list("user_id", flat=True)
    waiting = set(
        Seat.objects.filter(
            user_id__in=readers, awaited=True, game__status=Game.Status.RUNNING
        ).values_list("user_id", flat=True)
    )
    sent = owe(None, [(today.toordinal(), user, Notification.Kind.DIGEST) for user in waiting])
    return len(sent)
