"""Table pages kept once drawn, and served again while nothing they show has changed.

A table page is a function of what its view reads and of nothing else: the game's row and
its seats' rows (names, clocks, the viewer's standing orders and mute flag), the events up
to the game's last number (events never change, so that number stands for all of them),
the viewer's seat, the language and time zone of the page, and the time only through
whether each player's vacation is over. A page's key is made of exactly these, so a kept
page is never stale: whatever would change the page changes its key, and there is nothing
to invalidate, in this process or in any other.

People come back to a table that has not moved: a reload, the link in a reminder, a
second tab or device, the lobby and back; and every spectator of a game sees the same page.
Those are served from here; a table that has moved is drawn again.

Two things on a page belong to one response only, and are replaced on the way out: the
CSRF token (Django masks it afresh for every response) and the move forms' idempotency key
(one page's submission, so that two open pages never share it).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.db.models import Model
from django.utils import timezone, translation

from games.models import Game, Seat
from games.recent import Recent


@dataclass(frozen=True)
class Page:
    """A drawn page, with the CSRF token and the form key it was drawn with."""

    html: str
    csrf_token: str
    form_key: str
    #: The game is over: a poll that gets this page stops polling.
    finished: bool

    def again(self, csrf_token: str, form_key: str) -> str:
        """The page for another response, with that response's token and key."""
        return self.html.replace(self.csrf_token, csrf_token).replace(self.form_key, form_key)


#: Pages kept in this process (``NUMX_TABLE_PAGES``; 0 keeps none).
PAGES: Recent[str, Page] = Recent(settings.NUMX_TABLE_PAGES)


def page_key(
    template: str, game: Game, seats: list[Seat], seat: int | None, signed_in: bool
) -> str:
    """What the page of ``game`` drawn from ``template`` for ``seat`` (None: a spectator)
    shows depends on, as one string: two requests with the same key get the same page.

    ``seats`` are the game's ``selectors.table_seats``, as the view read them with the game.
    """
    now = timezone.now()
    return repr(
        (
            template,
            seat,
            signed_in,
            translation.get_language(),
            timezone.get_current_timezone_name(),
            _row(game),
            [
                (
                    _row(s),
                    s.muted,
                    sorted(s.orders.items()),
                    s.paused_until is not None and s.paused_until > now,
                )
                for s in seats
            ],
        )
    )


def _row(instance: Model) -> tuple[Any, ...]:
    """Every column of the instance's row, as read: any of them may be shown on the page
    some day, and a column in the key that the page does not show costs only a redraw."""
    return tuple(getattr(instance, field.attname) for field in instance._meta.concrete_fields)
