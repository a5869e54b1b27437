"""A damaged game: one whose events its rules cannot replay (``store.Unreplayable``).

The site's database role may append events (by design: every move does), and nothing but
a replay can tell a wrong one; code with a bug may write one too. Such a game cannot be
shown nor played until an operator repairs it (docs/deploy.md, "A damaged game"), but it
must not take the rest of the site with it: its pages answer a page saying so (410), the
API a 410 naming the event (``games.api.views.exception_handler``), the sweeps go on past
it, and the operators are told by an ERROR in the log, once an hour per game (every look
at the game would say it again).
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django_htmx.http import HttpResponseClientRefresh

from games.events.store import Unreplayable

log = logging.getLogger(__name__)

#: How long an alert about one damaged game silences the next ones (seconds).
ALERT_EVERY = 3600


def report(damage: Unreplayable) -> None:
    """Tell the operators that a game cannot be rebuilt (at most once an hour per game and
    event, in every process that shares Django's cache)."""
    if cache.add(f"damaged-game:{damage.game_id}:{damage.sequence}", True, ALERT_EVERY):
        log.error(
            "game %s cannot be rebuilt: %s. Nothing can be played in it until it is "
            "repaired (docs/deploy.md, 'A damaged game').",
            damage.game_id,
            damage,
        )


class DamagedGameMiddleware:
    """A page of a damaged game answers that it is damaged (410), naming the event; an
    htmx request (a move, a live update) reloads the page, which then says so."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not isinstance(exception, Unreplayable):
            return None
        report(exception)
        if getattr(request, "htmx", False):
            return HttpResponseClientRefresh()
        return render(request, "games/damaged.html", {"damage": exception}, status=410)
