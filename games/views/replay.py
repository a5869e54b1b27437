"""The replay viewer: any game over, step by step (a finished one with every hand, a
called-off one as its reader saw it: a player their own hand, a visitor none), and, for its
players, their own unfinished games, in their own view."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.vary import vary_on_headers

from games.access import game_for_viewer
from games.models import Game
from games.params import whole_number
from games.presenters import replay_step


# The step alone (htmx's) and the whole page share an address: a browser's cache that
# kept the step alone would show it bare to a reader coming back to the replay with Back.
@vary_on_headers("HX-Request")
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    game, seat = game_for_viewer(request, game_id)
    if game.status == Game.Status.OPEN:
        raise PermissionDenied(_("This game has not started yet."))
    # A game over (finished, or called off) is replayed by whoever may watch it.
    if game.status == Game.Status.RUNNING and seat is None:
        if not request.user.is_authenticated:
            # Maybe one of its players, signed out: a link to a step shared, or opened in
            # another browser. Signed in, they come back to the step.
            return redirect_to_login(request.get_full_path())
        raise PermissionDenied(_("Only its players can replay a game that is not over."))
    given = _asked(request)
    asked = whole_number(given.removeprefix("-") if given else None)
    if given is not None and asked is None:
        message = _("The step is a whole number from 1 to %(last)d.") % {"last": game.last_sequence}
        # A hand-typed step: the way back is this game's replay, not the list of games.
        back = (reverse("games:replay", args=[game.pk]), _("Back to the replay"))
        return render(request, "400.html", {"message": message, "back": back}, status=400)
    if given is not None and given.startswith("-"):
        asked = 1  # before the first step: the nearest end is the first
    # No step: the last, where a reader goes on from; past the last, the last too
    # (replay_step).
    step = replay_step(game, seat, game.last_sequence if asked is None else asked)
    # htmx swaps a step in; going back past the steps it keeps, it asks for the step
    # again and puts the answer in place of the whole page, which must then be whole.
    step_alone = request.htmx and not request.htmx.history_restore_request
    template = "games/replay.html#step" if step_alone else "games/replay.html"
    return render(request, template, {"r": step, "t": step.table, "alone": step_alone})


def _asked(request: HttpRequest) -> str | None:
    """The step asked for: a link's ``?step=K``; the replay's form, sent without a script,
    names two, its slider's and its box's (with a script only the one chosen), and the step
    it was ``shown`` at: the reader chose the one that differs from it, the box's (typed,
    the last) if both do."""
    given = [value for value in request.GET.getlist("step") if value]
    chosen = [value for value in given if value != request.GET.get("shown")]
    return (chosen or given or [None])[-1]
