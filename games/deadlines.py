"""The game clock of one-move-a-day games: move deadlines, the time bank, vacations.

A seat's clock starts when the game starts waiting for it (``Seat.awaited_since``);
vacations pause it (``Seat.paused_until``). If the game has a move deadline and it passes,
a day of the player's time bank (their vacation days in this game) is spent
automatically, one at a time; once the bank is empty, the game's policy plays for them —
the game's pass, or a bot's move — recorded as an ordinary event with its reason. A game
opened without a deadline gets the same treatment after ``NUMX_ABANDON_AFTER_DAYS``:
nobody is stuck waiting forever for an absent player.

Each :func:`tick` first sends :data:`clock_ticked`, so that other apps do their timed work
(reminders) without the games app knowing them.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from celery import shared_task
from django.conf import settings
from django.db import transaction
from django.db.models import F, Max, QuerySet
from django.dispatch import Signal
from django.utils import timezone

from games.after_response import held
from games.bots import MAX_MOVES, decision_rng, game_pass
from games.damage import report
from games.engine.ruleset import BotLevel, IllegalAction
from games.engine.search import bot_move
from games.events import store
from games.models import Game, Seat
from games.registry import rule_set
from games.services import Conflict, game_submit

DAY = timedelta(days=1)

#: Sent with ``now`` at each tick, before deadlines apply; each receiver returns counts of
#: what it did (name → number), which the tick reports with its own.
clock_ticked = Signal()


@shared_task
def tick(now: datetime | None = None) -> dict[str, int]:
    """Let the clock's listeners do their timed work, then apply passed deadlines; return
    how many of each thing was done. A Celery task, which beat runs every few minutes."""
    now = now or timezone.now()
    done: dict[str, int] = {}
    for _receiver, counts in clock_ticked.send(sender=Seat, now=now):
        done.update(counts)
    done.update(apply_passed_deadlines(now))
    return done


def waiting_seats() -> list[Seat]:
    """The human seats running games wait for, each with its game."""
    return list(waiting())


def waiting() -> QuerySet[Seat]:
    """:func:`waiting_seats` as a query, for a caller that narrows it further."""
    return Seat.objects.filter(
        awaited=True,
        is_bot=False,
        game__status=Game.Status.RUNNING,
        awaited_since__isnull=False,
    ).select_related("game")


def apply_passed_deadlines(now: datetime) -> dict[str, int]:
    """Spend time-bank days and apply the policy of games whose move deadline passed."""
    done = {"vacation_days_used": 0, "timeouts": 0}
    for seat in waiting_seats():
        try:
            used, timed_out = _deadline(seat, now)
        except store.Unreplayable as damage:  # the other games' clocks go on
            report(damage)
            continue
        done["vacation_days_used"] += used
        done["timeouts"] += timed_out
    return done


def time_per_move(game: Game) -> timedelta:
    """The game's move deadline, or the site's backstop for games opened without one."""
    return game.move_deadline or timedelta(days=settings.NUMX_ABANDON_AFTER_DAYS)


def move_due(seat: Seat) -> datetime | None:
    """When the game's policy will move for ``seat`` if it does not, time bank aside
    (None: the game is not waiting for it)."""
    if not seat.awaited or seat.awaited_since is None or seat.is_bot:
        return None
    return clock_start(seat) + time_per_move(seat.game)


def seat_clock(seat: Seat) -> tuple[datetime | None, int | None]:
    """The seat's clock as its table shows it, at a game being played with a time per
    move: when its time for the move the game awaits of it runs out, time bank aside
    (None: not awaited), and the days left in its time bank (None for a bot, or a seat a
    bot plays to the end). ``(None, None)`` at any other game: no time is asked of anybody."""
    game = seat.game
    if game.status != Game.Status.RUNNING or game.move_deadline is None:
        return None, None
    bank = None if seat.is_bot or seat.handed_over_at is not None else seat.vacation_days
    return move_due(seat), bank


def clock_start(seat: Seat) -> datetime:
    """When the seat's time for this move started counting (vacations pause it)."""
    assert seat.awaited_since is not None
    return max(seat.awaited_since, seat.paused_until or seat.awaited_since)


def _deadline(seat: Seat, now: datetime) -> tuple[int, int]:
    """Spend time-bank days while the deadline is past, then apply the game's policy."""
    game = seat.game
    limit = time_per_move(game)
    used = 0
    while clock_start(seat) + limit <= now and seat.vacation_days > 0:
        # A day of the bank: the clock restarts a day later.
        seat.vacation_days -= 1
        seat.paused_until = clock_start(seat) + DAY
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
    if clock_start(seat) + limit > now:
        return used, 0
    return used, int(play_for_absent(game, seat.number))


def play_for_absent(game: Game, seat: int) -> bool:
    """The game's deadline policy moves for ``seat``: the game's pass (its
    ``pass_notation``) where passing is legal and the policy says so, else the move of a
    bot of the level the organiser chose (``Game.bot_level``). Recorded with the reason."""
    rules = rule_set(game.rules)
    loaded = store.load(game.pk, game.rules)
    legal = rules.legal_actions(loaded.state, seat)
    if not legal:
        return False
    rng = decision_rng(game)
    pass_move = game_pass(rules, legal)
    if game.deadline_policy == Game.DeadlinePolicy.PASS and pass_move is not None:
        action, reason = pass_move, "deadline"
    else:
        level = BotLevel(game.bot_level)
        action, reason = bot_move(rules, loaded.state, seat, level, rng), "bot"
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


def play_out(game: Game, max_moves: int = MAX_MOVES) -> None:
    """The game's deadline policy moves for whoever the game waits for, move after move,
    until the game is over (an organiser finishing a table, say).

    Each move is its own transaction, like the clock's, so each is cached as it commits
    and a move that loses a race to a player (or another clock) is skipped; the consumers
    are woken once all are recorded (``after_response.held``), so that they see them as
    one batch: the players are mailed that the game is over, not a "your turn" for each
    move made on the way (the notifications consumer mails only what is still asked after
    its batch). One transaction for them all would hold the table's rows for the whole
    play-out, replay the game from its snapshot at each move (the cache is written on
    commit) and take its locks out of the order every move takes them.
    """
    with held():
        for _move in range(max_moves):
            game.refresh_from_db()
            if game.status == Game.Status.FINISHED:
                return
            before = game.last_sequence
            awaited = game.seats.filter(awaited=True).values_list("number", flat=True)
            if not any(play_for_absent(game, seat) for seat in awaited):
                game.refresh_from_db()
                if game.last_sequence == before:
                    raise RuntimeError(f"game {game.pk} waits for nobody who can move")
        raise RuntimeError(f"game {game.pk} did not end within {max_moves} moves")


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


def paused_everywhere(user_id: int) -> QuerySet[Seat]:
    """The seats of ``user_id`` whose clock a vacation may pause: at games being played
    with a time per move, not played to the end by a bot, with days left in the bank."""
    return Seat.objects.filter(
        user_id=user_id,
        game__status=Game.Status.RUNNING,
        game__move_deadline__isnull=False,
        handed_over_at__isnull=True,
        vacation_days__gt=0,
    )


def largest_bank(user_id: int) -> int:
    """The most days a vacation everywhere may take: the largest bank among the seats
    :func:`paused_everywhere` finds (0: no game to pause)."""
    return paused_everywhere(user_id).aggregate(most=Max("vacation_days"))["most"] or 0


def take_vacation_everywhere(user_id: int, days: int, now: datetime | None = None) -> int:
    """Pause ``user_id``'s clock in every game :func:`paused_everywhere` finds, for
    ``days`` or as many as each game's time bank holds; how many games it paused.
    ``ValueError`` for days out of 1 to the largest bank: nothing paused, in any game."""
    with transaction.atomic():
        # The seats locked (not their games: a move locks its game first), and each pause
        # clamped to the bank read under the lock, which a deadline may have spent since
        # the form was drawn.
        seats = list(paused_everywhere(user_id).select_for_update(of=("self",)).order_by("pk"))
        most = max((seat.vacation_days for seat in seats), default=0)
        if not 0 < days <= most:
            raise ValueError(f"between 1 and {most} days")
        for seat in seats:
            take_vacation(seat, min(days, seat.vacation_days), now)
    return len(seats)
