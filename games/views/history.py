"""A game's whole history in words: the table shows the latest events, this page all."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from games.access import game_for_viewer
from games.models import Game
from games.presenters import whole_history


def history(request: HttpRequest, game_id: int) -> HttpResponse:
    """Every event, newest first, as the viewer may read it (a spectator: public facts)."""
    game, seat = game_for_viewer(request, game_id)
    if game.status == Game.Status.OPEN:
        raise Http404
    context = {
        "game": game,
        "history": whole_history(game, seat),
        # As the replay allows: a game over for anyone, a running one for its players.
        "steps_linked": game.status != Game.Status.RUNNING or seat is not None,
    }
    return render(request, "games/history.html", context)
