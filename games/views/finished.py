"""A player's finished games, on a page of their own: the lobby lists only the latest."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _

from games.descriptions import place_words
from games.registry import game_ids, game_type
from games.results import with_places
from games.selectors import game_over, seats_of

#: Finished games listed a page: a veteran's page costs what a newcomer's does.
FINISHED_PER_PAGE = 20


@login_required
def finished(request: HttpRequest) -> HttpResponse:
    """The member's finished games, the latest first, a page at a time (``?page=N``), of
    one game (``?game=<id>``) or all; each with the member's place where the game gave
    places. A game the site does not have: 400, the choice offered again."""
    chosen = request.GET.get("game", "")
    context = {
        "chosen": chosen,
        "games": [game_type(game_id) for game_id in game_ids()],
        "finished": None,
    }
    if chosen and chosen not in game_ids():
        context["error"] = _("No such game: choose one of the list.")
        return render(request, "games/finished.html", context, status=400)
    seats = game_over(seats_of(request.user))
    if chosen:
        seats = seats.filter(game__rules=chosen)
    page = Paginator(seats, FINISHED_PER_PAGE).get_page(request.GET.get("page"))
    page.object_list = with_places(list(page.object_list))
    for seat in page.object_list:
        seat.place_words = "" if seat.place is None else place_words(seat.place)
    context["finished"] = page
    return render(request, "games/finished.html", context)
