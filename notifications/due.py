"""By when a mail's reader must move, in their time zone, and what follows: the line a
"your turn" or reminder mail gives a player who never sees the table's deadline."""

from __future__ import annotations

from zoneinfo import ZoneInfo

from django.contrib.auth.models import AbstractBaseUser
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from accounts.models import known_time_zone, profile_of
from games.dates import date_format
from games.deadlines import seat_clock
from games.models import Game


def due_words(game: Game, seat: int | None, user: AbstractBaseUser) -> str:
    """When ``seat``'s time for its move runs out, in ``user``'s zone (their profile's; a
    mail has no browser to ask, so UTC without one), and the time bank spent after it;
    "" at a game that asks no time of it (no time per move, not its turn)."""
    row = game.seats.filter(number=seat).first() if seat is not None else None
    if row is None:
        return ""
    row.game = game
    due, bank = seat_clock(row)
    if due is None:
        return ""
    zone = known_time_zone(profile_of(user).time_zone) or ZoneInfo("UTC")
    when = date_format(timezone.localtime(due, zone), "DATETIME_FORMAT")
    said = {"when": when, "zone": str(zone), "days": bank or 0}
    if not bank:
        return _("Move by %(when)s (%(zone)s); after that the game moves for you.") % said
    return (
        ngettext(
            "Move by %(when)s (%(zone)s); then your time bank (%(days)d day left) is spent "
            "a day at a time, and after it the game moves for you.",
            "Move by %(when)s (%(zone)s); then your time bank (%(days)d days left) is spent "
            "a day at a time, and after it the game moves for you.",
            bank,
        )
        % said
    )
