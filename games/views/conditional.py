"""HTTP conditional requests for the table page: a browser that already holds the page as
it would be drawn now gets 304 Not Modified instead of the page.

The page's ETag is a digest of everything the page shows that can change: the game's row
and its seats' rows as the view read them (names, users, clocks, the viewer's standing
orders and mute flag), the events up to the game's ``last_sequence`` (events never change,
so that number stands for all of them), the viewer, the language, the time zone, whether
the request is htmx's (the table alone) or the browser's (the whole page), what the game
did to its players elsewhere once finished (their ratings, taken in after it ended), and
the time only through whether each player's vacation is over. A page with flash messages
pending gets no ETag: the messages are shown once, so that page is never answered with a
304.

The ETag is weak: two drawings of the same table differ in their CSRF token (masked afresh
for every response) and their move forms' key, not in what they mean. The browser's copy
keeps its own token, which stays valid for its CSRF cookie; the cookie is in the ETag, so
a rotated one (a new login) gets a fresh page.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.db.models import Model
from django.http import HttpRequest, HttpResponse
from django.middleware.csrf import get_token
from django.utils import timezone, translation
from django.utils.cache import get_conditional_response, patch_cache_control

from games.belonging import Aftermath
from games.models import Game, Seat


def table_etag(
    request: HttpRequest,
    game: Game,
    seats: list[Seat],
    seat: int | None,
    aftermath: list[Aftermath],
) -> str | None:
    """The ETag of the table page ``request`` gets for ``game`` as ``seat`` (None: a
    spectator) sees it; None while flash messages are pending.

    ``seats`` are the game's ``selectors.table_seats``, as the view read them with the game;
    ``aftermath`` its ``belonging.aftermath_of`` (its ratings, which come after its end).
    """
    if messages.get_messages(request):
        return None
    # The CSRF secret the page's token will be masked from: made now if the browser has none.
    get_token(request)
    now = timezone.now()
    shown = (
        request.user.pk,
        seat,
        request.META["CSRF_COOKIE"],
        bool(request.htmx),
        translation.get_language(),
        timezone.get_current_timezone_name(),
        columns(game),
        [
            (
                columns(s),
                s.muted,
                sorted(s.orders.items()),
                s.paused_until is not None and s.paused_until > now,
            )
            for s in seats
        ],
        aftermath,
    )
    return f"W/{digest(shown)}"


def digest(shown: Any) -> str:
    """A quoted ETag value for everything ``shown`` (its ``repr``)."""
    return f'"{hashlib.blake2b(repr(shown).encode(), digest_size=16).hexdigest()}"'


def unless_unchanged(
    request: HttpRequest, etag: str | None, draw: Callable[[], HttpResponse]
) -> HttpResponse:
    """304 if the request's ``If-None-Match`` holds ``etag``, else the page ``draw`` gives,
    labelled with ``etag``. Either way the browser keeps the page to itself and asks again
    before showing it once more (``private, no-cache``)."""
    response = get_conditional_response(request, etag=etag) if etag is not None else None
    if response is None:
        response = draw()
    if etag is not None:
        response.headers["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)
    return response


def columns(instance: Model) -> tuple[Any, ...]:
    """Every column of the instance's row, as read: any of them may be shown on the page
    (or the API's answer) some day, and a column in the ETag that it does not show costs
    only a redraw."""
    return tuple(getattr(instance, field.attname) for field in instance._meta.concrete_fields)
