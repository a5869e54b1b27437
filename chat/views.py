"""A game's chat: the panel the table and the replay load, saying a line, hiding the chat,
reporting a line to the moderators."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from chat import services
from chat.models import NOTE_LENGTH, ChatReport
from games.access import game_for_viewer
from games.models import Game
from games.params import whole_number


@require_GET
def panel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The chat as the viewer may see it (404 for a game they may not watch); ``?upto=N``:
    as it stood at event N, for the replay's step; ``?part=lines``: the lines alone, for
    the panel's live refresh."""
    game, seat = game_for_viewer(request, game_id)
    upto = request.GET.get("upto")
    step = whole_number(upto)
    if upto is not None and step is None:
        return HttpResponse(
            _("upto is the number of an event."), status=400, content_type="text/plain"
        )
    return _render(request, game, seat, step)


@login_required
@require_POST
def say(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player's line: the panel again (htmx) or the table; 400 with the reason and
    nothing kept for an empty or too long line, 403 for anyone without a seat."""
    game, seat = game_for_viewer(request, game_id)
    try:
        services.say(game, request.user, request.POST.get("text", ""))
    except services.NotAPlayer as refused:
        raise PermissionDenied(str(refused)) from None
    except services.ChatRefused as refused:
        return _render(request, game, seat, None, error=str(refused), status=400)
    if request.htmx:
        return _render(request, game, seat, None)
    return redirect("games:game", game.pk)


@login_required
@require_POST
def hide(request: HttpRequest, game_id: int) -> HttpResponse:
    """Hide the game's chat from oneself (``hide=1``) or show it again (``hide=0``)."""
    game, seat = game_for_viewer(request, game_id)
    services.set_hidden(game, request.user, request.POST.get("hide") == "1")
    if request.htmx:
        return _render(request, game, seat, None)
    return redirect("games:game", game.pk)


@login_required
@require_POST
def report(request: HttpRequest, game_id: int, line_id: int) -> HttpResponse:
    """A reader's report of another's line (``reason``, ``note``): the panel again, thanking
    them or saying they had reported it already (htmx), or the table, saying so; 400 with
    the reason and nothing kept for a reason not of the list or a bad note, 409 for a line
    removed already, 429 past the day's reports, 403 for one's own line, 404 for a line of
    no game the reader may watch."""
    game, seat = game_for_viewer(request, game_id)
    line = services.line_at(game, line_id)
    try:
        _filed, new = services.report(
            line, request.user, request.POST.get("reason", ""), request.POST.get("note", "")
        )
    except services.OwnLine as refused:
        raise PermissionDenied(str(refused)) from None
    except services.ReportRefused as refused:
        return _render(request, game, seat, None, error=str(refused), status=400)
    except services.AlreadyRemoved as refused:
        return _render(request, game, seat, None, error=str(refused), status=409)
    except services.TooManyReports as refused:
        answer = _render(request, game, seat, None, error=str(refused), status=429)
        answer["Retry-After"] = str(refused.retry_after)
        return answer
    notice = (
        _("Thank you: the moderators will read your report.")
        if new
        else _("You already reported this message.")
    )
    if request.htmx:
        return _render(request, game, seat, None, notice=notice)
    messages.success(request, notice)
    return redirect("games:game", game.pk)


def _render(
    request: HttpRequest,
    game: Game,
    seat: int | None,
    upto: int | None,
    error: str | None = None,
    status: int = 200,
    notice: str | None = None,
) -> HttpResponse:
    hidden = services.hidden(game, request.user)
    lines = [] if hidden else services.lines(game, upto)
    # A replayed moment is read, not spoken at nor reported from.
    live = upto is None
    reportable, reported = services.reports_of(request.user, lines) if live else (set(), set())
    context = {
        "game": game,
        "lines": lines,
        "hidden": hidden,
        "can_speak": seat is not None and live,
        "upto": upto,
        "same_lines": None if upto is None else services.same_lines(game, upto),
        "error": error,
        "notice": notice,
        "max_length": services.MAX_LENGTH,
        "reportable": reportable,
        "reported": reported,
        "reasons": ChatReport.Reason.choices,
        "note_length": NOTE_LENGTH,
    }
    if request.htmx:
        part = "lines" if request.GET.get("part") == "lines" else "panel"
        return render(request, f"chat/panel.html#{part}", context, status=status)
    return render(request, "chat/page.html", context, status=status)
