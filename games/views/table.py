"""The game's page (its waiting room until it starts, then its table), the moves and
standing orders posted from it, live updates, and the page a refused request answers with."""

from __future__ import annotations

import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template import loader
from django.urls import reverse
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers
from django_htmx.http import HttpResponseClientRefresh, HttpResponseStopPolling

from games import endings
from games.access import (
    game_for_player,
    may_watch,
    refusal_status,
    table_for_player,
    table_for_viewer,
)
from games.belonging import aftermath_of
from games.descriptions import and_list, game_summary, refusal, unreadable_in_words
from games.engine.ruleset import IllegalAction, NotationError
from games.forms import InviteForm, OrdersForm
from games.lobby import LobbyError, free_seats, why_no_bots
from games.models import BotLevels, Game
from games.params import whole_number
from games.players import display_name, with_bot_accounts
from games.presence import mark_looking
from games.presenters import Table, table
from games.registry import game_type, rule_set
from games.rulesets.site import Previews, refusal_words
from games.selectors import already_recorded, seat_of
from games.services import (
    Aborted,
    Conflict,
    KeyReused,
    NotSeated,
    game_submit,
    set_standing_orders,
)
from games.views.conditional import table_etag, unless_unchanged


# The waiting room's refresh and the table's take the page's address for their part alone:
# a browser's cache that kept the part would show it bare to a player coming back with Back.
@vary_on_headers("HX-Request")
def game(request: HttpRequest, game_id: int) -> HttpResponse:
    """The game's page: the waiting room until it starts, then the table as the viewer
    sees it, drawn afresh unless the browser already holds it (``conditional``)."""
    game, seats, seat = table_for_viewer(request, game_id)
    if seat is not None:
        mark_looking(game.pk, request.user.pk)
    if game.status == Game.Status.OPEN:
        return waiting_room(request, game, seat)
    if request.htmx and request.htmx.target == "waiting-room":
        # The waiting room polls this page: the game has started, so load the table.
        return HttpResponseClientRefresh()
    # Asked once for the ETag and the page: the ratings come after the game ends, and a
    # browser holding the page drawn before must get the one that shows them.
    aftermath = aftermath_of(game, seats)
    etag = table_etag(request, game, seats, seat, aftermath)
    return unless_unchanged(
        request,
        etag,
        lambda: _render(request, table(game, seat, seats=seats, aftermath=aftermath)),
    )


def waiting_room(
    request: HttpRequest,
    game: Game,
    seat: int | None,
    invite_form: InviteForm | None = None,
    status: int = 200,
) -> HttpResponse:
    """An open game: its seats, its invitation link (for its players), start;
    ``invite_form``: the invitation as it was sent, with its errors."""
    context = {
        "game": game,
        "seat": seat,
        "seats": with_bot_accounts(game.seats.order_by("number")),
        "free": free_seats(game),
        "what": game_summary(game),
        "title": game_type(game.rules).site.title,
        "creator": display_name(game.created_by),
        "invite_form": invite_form or InviteForm(),
        # The site's address, not the request's Host: the link is shared and mailed.
        "link": settings.SITE_URL + reverse("games:join", args=(game.pk, game.invite_token))
        if seat is not None
        else None,
        "is_creator": request.user.is_authenticated and game.created_by_id == request.user.pk,
        # The addresses the viewer invited, theirs alone to read.
        "invited": and_list(
            sorted(
                game.invitations.filter(invited_by_id=request.user.pk).values_list(
                    "email", flat=True
                )
            )
        )
        if seat is not None
        else "",
        "bot_levels": BotLevels.choices,
        "no_bots": why_no_bots(game),
    }
    template = "games/waiting_room.html#room" if request.htmx else "games/waiting_room.html"
    return render(request, template, context, status=status)


def refused(request: HttpRequest, game: Game, why: str, status: int = 409) -> HttpResponse:
    """The game's page as it now stands (the waiting room, or the table once it has
    started) saying ``why`` a request about it was refused, nothing changed: 409 by
    default (the table full, the game started or not over), 400 for bad input. A refusal
    is an answer a browser, a test or a screen reader tells from a success, not a redirect.
    htmx, which swaps its answer into the table it came from, loads the game's page
    instead, where the message waits."""
    messages.error(request, why)
    if request.htmx:
        reload = HttpResponseClientRefresh()
        reload.status_code = status
        return reload
    game, seats, seat = table_for_viewer(request, game.pk)
    if game.status == Game.Status.OPEN:
        return waiting_room(request, game, seat, status=status)
    return _render(request, table(game, seat, seats=seats), status)


def lobby_refused(request: HttpRequest, game: Game, error: LobbyError) -> HttpResponse:
    """:func:`refused` for a lobby request about ``game`` that it cannot grant now
    (:func:`games.access.refusal_status`)."""
    return refused(request, game, str(error), refusal_status(error))


def _not_started(request: HttpRequest, game: Game) -> HttpResponse:
    """Moves and orders posted to a game still waiting for players (an old tab, a client
    that guessed the URL): refused, nothing written, the waiting room with why."""
    return refused(request, game, _("The game has not started: nothing was played."))


def _forms(current: Table, form_key: str, data: Any = None) -> dict[str, Any]:
    """The game's move forms for the seat's legal moves (``Site.move_forms``)."""
    return current.site.move_forms(current, form_key, data)


def _orders_form(current: Table, data: Any = None) -> OrdersForm:
    """The standing orders the game offers, ticked as the viewer gave them."""
    return OrdersForm(data, kinds=current.site.standing_orders, given=current.orders)


def _form_errors(form: Any) -> str:
    """A form's errors in words, each after its field's label (a player reads "Other
    moves", not the field's name)."""
    return "; ".join(
        f"{form.fields[name].label}: {' '.join(errors)}"
        if name in form.fields and form.fields[name].label
        else " ".join(errors)
        for name, errors in form.errors.items()
    )


def _template(request: HttpRequest) -> str:
    """The whole page, or the table alone for htmx (a move, a poll) to swap in."""
    return "games/table.html#table" if request.htmx else "games/table.html"


def _render(
    request: HttpRequest,
    current: Table,
    status: int = 200,
    data: Any = None,
    stop_polling: bool = False,
    orders_saved: bool = False,
) -> HttpResponse:
    """The page showing ``current`` (with ``current.error`` if a move was refused), its move
    forms carrying a fresh form key; ``data`` fills the form it was posted from. For a poll
    (``stop_polling``) of a finished game, htmx's "stop polling" answer. ``orders_saved``:
    the standing orders were just saved, which the page says beside them."""
    form_key = uuid.uuid4().hex
    context = {
        "t": current,
        "forms": _forms(current, form_key, data),
        "orders_form": _orders_form(current),
        "orders_saved": orders_saved,
    }
    html = loader.render_to_string(_template(request), context, request)
    if stop_polling and current.over:
        return HttpResponseStopPolling(html)
    return HttpResponse(html, status=status)


@login_required
@require_POST
def move(request: HttpRequest, game_id: int) -> HttpResponse:
    """A move from one of the table's forms: read it, submit it, show the table again."""
    game, seats, seat = table_for_player(request, game_id)
    if game.status == Game.Status.OPEN:
        return _not_started(request, game)
    kind = request.POST.get("form", "")
    key = request.POST.get(f"{kind}-idempotency_key", "")
    # A double click or a resent form needs no look-up first: its move is no longer
    # offered (refused below, where its key is looked up), or it is offered still and
    # game_submit answers with the recording its key made.
    current = table(game, seat, seats=seats)
    # Only the posted form is used, and it carries its own key.
    form = _forms(current, form_key="", data=request.POST).get(kind)
    if form is None:
        # A page from before the game was called off, or the seat handed to a bot, says why.
        why = current.closed or _("That move is not available now.")
        return _refused(request, game, seat, key, why)
    if not form.is_valid():
        error = _("Check the form: %(errors)s") % {"errors": _form_errors(form)}
        return _refused(request, game, seat, key, error, data=request.POST)
    try:
        submitted = game_submit(
            game_id=game.pk,
            seat=seat,
            action=form.action(),
            expected_sequence=form.cleaned_data["expected_sequence"],
            actor=request.user,
            idempotency_key=form.cleaned_data["idempotency_key"],
        )
    except IllegalAction as error:
        message = refusal(error, refusal_words(current.site))
        return _refused(request, game, seat, key, message, data=request.POST, rule=error.rule)
    except NotationError as error:
        message = unreadable_in_words(error)
        return _refused(request, game, seat, key, message, data=request.POST)
    except Conflict:
        message = _(
            "The game moved on while you were choosing: here it is now. Nothing was played."
        )
        return _refused(request, game, seat, key, message, status=409)
    except (NotSeated, KeyReused, Aborted) as error:
        # Called off, or the seat handed to a bot, since the page was read: as it is now.
        game.refresh_from_db()
        return _render(request, table(game, seat, str(error)), 400)
    return _done(request, game, seat, ended=rule_set(game.rules).is_terminal(submitted.state))


def _recorded_already(game: Game, seat: int, key: str) -> bool:
    """Whether the form with ``key`` was recorded for ``seat`` already."""
    # The page's keys are hex: anything else (a NUL byte, which PostgreSQL refuses in a
    # query) is no key of ours, and the form's validation refuses it.
    return key.isascii() and key.isalnum() and already_recorded(game, seat, key)


def _refused(
    request: HttpRequest,
    game: Game,
    seat: int,
    key: str,
    message: str,
    status: int = 400,
    data: Any = None,
    rule: str | None = None,
) -> HttpResponse:
    """The table with why the move was refused (``rule``: the rule it broke, linked to on
    the game's rules page); unless the same form was recorded since the view first looked
    (two copies of one click racing): then it answers as the copy that was recorded,
    whatever the game now offers."""
    if _recorded_already(game, seat, key):
        return _done(request, game, seat)
    return _render(request, table(game, seat, message, error_rule=rule), status, data)


def _done(request: HttpRequest, game: Game, seat: int, ended: bool = True) -> HttpResponse:
    """The table after a recorded move; ``ended``: the move may have ended the game."""
    if request.htmx:
        if ended:
            # The move rewrote the game's row: its status, which the game over's "Play
            # again" reads. Any other move's table comes from its state (one read less).
            game.refresh_from_db()
        return _render(request, table(game, seat))
    return redirect("games:game", game.pk)


@login_required
@require_GET
def preview(request: HttpRequest, game_id: int) -> HttpResponse:
    """What the move described by the query would do (``Site.preview``), drawn by the
    game's ``preview`` partial for htmx to swap into the move form. Only the seated player
    who may move now may ask (on their turn, or out of turn where the game allows a move
    it does not wait for); nothing is written. 404 for a game that offers no preview, 409
    for a seat with no move now, 400 for a query that is not a move."""
    game, seat = game_for_player(request, game_id)
    site = game.game_type.site
    if not isinstance(site, Previews):
        raise Http404
    current = table(game, seat) if game.status != Game.Status.OPEN else None
    if current is None or not current.moves:
        # An old page: its form is gone by now, so htmx loads the table as it is.
        stale = HttpResponse(_("Nothing to play now."), status=409, content_type="text/plain")
        stale["HX-Refresh"] = "true"
        return stale
    context = site.preview(current, request.GET)
    if context is None:
        # Swapping the message in would take the move form away: htmx keeps the page as
        # it is, and the browser marks the field out of its bounds.
        bad = HttpResponse(
            _("That is not a move to preview."), status=400, content_type="text/plain"
        )
        bad["HX-Reswap"] = "none"
        return bad
    html = loader.render_to_string(
        f"{current.template}#preview", {**context, "t": current}, request
    )
    return HttpResponse(html)


@login_required
@require_POST
def orders(request: HttpRequest, game_id: int) -> HttpResponse:
    game, seat = game_for_player(request, game_id)
    if game.status == Game.Status.OPEN:
        return _not_started(request, game)
    form = _orders_form(table(game, seat), request.POST)
    saved = False
    if form.is_valid():
        try:
            set_standing_orders(game=game, seat=seat, kinds=form.chosen())
            saved = True
        except Conflict:
            # Nothing saved: the table as it now is, with why, whichever way the form came.
            moved_on = table(game, seat, _("The game moved on: set your orders again."))
            return _render(request, moved_on, 409)
    if request.htmx:
        return _render(request, table(game, seat), orders_saved=saved)
    if saved:
        messages.success(request, _("Your standing orders are saved."))
    return redirect("games:game", game.pk)


@require_GET
def poll(request: HttpRequest, game_id: int) -> HttpResponse:
    """Live updates: 204 (nothing to swap) while the game has not moved since ``seq``; the
    fresh table once it has; 286 (stop polling) with the final table once it is over."""
    seen = request.GET.get("seq", "")
    found = Game.objects.filter(pk=game_id).only("last_sequence", "is_public", "created_by").first()
    # A private game's seat is read to check the viewer may watch it: a public game's
    # poll stays one query while nothing moves.
    if found is None or not (
        found.is_public or may_watch(request, found, seat_of(found, request.user))
    ):
        return HttpResponse(status=404)
    if request.user.is_authenticated:
        # Whoever has the page open: a player among them is playing live (no mail).
        mark_looking(found.pk, request.user.pk)
    if whole_number(seen) == found.last_sequence:
        return HttpResponse(status=204)
    game, seats, seat = table_for_viewer(request, game_id)
    if game.status == Game.Status.OPEN:
        return HttpResponse(status=204)
    return _render(request, table(game, seat, seats=seats), stop_polling=True)


@dataclass(frozen=True)
class _Leaving:
    """A way to leave a game being played (``games.endings``): whether the table offers it
    to its viewer, the service that does it, and the words of the page that asks first."""

    offered: Callable[[Table], bool]
    act: Callable[..., object]
    title: Promise
    consequence: Callable[[Game], str]
    button: Promise
    #: What other apps add for a game of theirs (``games.endings``), a paragraph each.
    notes: Callable[[Game], list[str]] = lambda game: []


def _resigned_seat(game: Game) -> str:
    """What becomes of a resigned seat of ``game``: a bot plays it, except at a table that
    seats none of the site's bots (a live race), where it passes (``games.bots``)."""
    if why_no_bots(game):
        return _(
            "No bot plays at this table: your seat passes to the end, asking for nothing "
            "more, and you rank last."
        )
    return _("A bot plays your seat to the end and you rank last.")


RESIGNING = _Leaving(
    offered=lambda current: current.can_resign,
    act=endings.resign,
    title=gettext_lazy("Resign?"),
    consequence=_resigned_seat,
    button=gettext_lazy("Resign"),
    notes=endings.resign_notes,
)
CALLING_OFF = _Leaving(
    offered=lambda current: current.can_call_off,
    act=endings.abort,
    title=gettext_lazy("Call the game off?"),
    consequence=lambda game: _(
        "Nobody has moved yet: the game ends now for every player, with no result."
    ),
    button=gettext_lazy("Call the game off"),
)


@login_required
@require_http_methods(["GET", "POST"])
def resign(request: HttpRequest, game_id: int) -> HttpResponse:
    """Resign (``games.endings.resign``): asked first on a page of its own (GET), done by
    its button (POST); then the table, which says so."""
    return _leave(request, game_id, RESIGNING)


@login_required
@require_http_methods(["GET", "POST"])
def call_off(request: HttpRequest, game_id: int) -> HttpResponse:
    """Call the game off (``games.endings.abort``), while nobody has moved: asked first on
    a page of its own (GET), done by its button (POST); then the table, which says so."""
    return _leave(request, game_id, CALLING_OFF)


def _leave(request: HttpRequest, game_id: int, leaving: _Leaving) -> HttpResponse:
    """The page asking whether to leave so (GET) while the table offers it, else the
    table; posted, the service then the table, or the table with why it was refused
    (400; 403 without a seat of one's own)."""
    game, seats, seat = table_for_player(request, game_id)
    if game.status == Game.Status.OPEN:
        return _not_started(request, game)
    if request.method == "GET":
        if not leaving.offered(table(game, seat, seats=seats)):
            # An old link: the table says where the game stands.
            return redirect("games:game", game.pk)
        context = {
            "game": game,
            "leaving": leaving,
            "consequence": leaving.consequence(game),
            "notes": leaving.notes(game),
        }
        return render(request, "games/leave.html", context)
    try:
        leaving.act(game=game, user=request.user)
    except endings.EndingForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    except endings.EndingRefused as refused:
        game.refresh_from_db()
        return _render(request, table(game, seat, str(refused)), 400)
    return redirect("games:game", game.pk)
