"""Home, lobby, creating and joining games."""

from __future__ import annotations

import re
import uuid

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from games.access import game_by_invitation, game_for_viewer, play_again, remember_invitation
from games.deadlines import largest_bank
from games.descriptions import and_list, game_summary
from games.forms import InviteForm, NewGameForm
from games.lobby import (
    SUGGESTED_NAME,
    AlreadyInvited,
    LobbyError,
    LobbyForbidden,
    OpeningKeyReused,
    check_invitation,
    free_seats,
    game_add_bot,
    game_cancel,
    game_invite,
    game_join,
    game_leave,
    game_open,
    game_start,
    game_try,
    invitation_news,
    why_no_bots,
)
from games.models import BotLevels, Game
from games.notices import notices_for
from games.params import whole_number
from games.players import display_name, labelled, with_bot_accounts
from games.registry import default_game, game_ids, game_type
from games.selectors import (
    awaited_others,
    finished_games,
    game_over,
    games_to_watch,
    most_urgent_first,
    next_game_awaiting,
    open_games,
    seats_of,
    tables_being_set,
)
from games.views.table import lobby_refused, refused, waiting_room


def home(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("games:lobby")
    context = {
        "finished": finished_games(),
        "running": games_to_watch(),
        "games": [game_type(game_id) for game_id in game_ids()],
    }
    return render(request, "games/home.html", context)


#: The player's latest finished games the lobby lists; the page of their finished games
#: (``games.views.finished``) has them all.
LATEST_FINISHED = 5


@login_required
def lobby(request: HttpRequest) -> HttpResponse:
    return _lobby_page(request)


def _lobby_page(request: HttpRequest, status: int = 200) -> HttpResponse:
    """The member's lobby; ``status``: 409 when it answers a refused "Try it against bots",
    which its messages say."""
    seats = seats_of(request.user)
    current = list(game_over(seats, False))
    # One more than shown tells whether they have more, without counting them all: a
    # veteran's lobby costs what a newcomer's does.
    over = list(game_over(seats)[: LATEST_FINISHED + 1])
    tables = open_games(request.user)
    with_bot_accounts(seat for game, _free in tables for seat in game.seats_in_order)
    playing = [s for s in current if not s.awaited and s.game.status == Game.Status.RUNNING]
    awaited = awaited_others(playing)
    with_bot_accounts(seat for seats in awaited.values() for seat in seats)
    for seat in playing:
        # Whom the game waits for: a player with many games sees which friend is slow.
        seat.awaited_names = and_list([labelled(other) for other in awaited.get(seat.game_id, [])])
    context = {
        "awaiting": most_urgent_first(
            [s for s in current if s.awaited and s.game.status == Game.Status.RUNNING]
        ),
        "playing": playing,
        # Games whose table seats no bot: a seat resigned there passes, no bot plays it.
        "passing": {s.game.pk for s in playing if s.resigned and why_no_bots(s.game)},
        "waiting": tables_being_set([s for s in current if s.game.status == Game.Status.OPEN]),
        "finished": over[:LATEST_FINISHED],
        "more_finished": len(over) > LATEST_FINISHED,
        "open_games": [
            {
                "game": game,
                "free": free,
                "what": game_summary(game),
                "host": labelled(game.seats_in_order[0]),
                "seated": and_list([labelled(seat) for seat in game.seats_in_order]),
            }
            for game, free in tables
        ],
        "recent": finished_games(),
        # The days a vacation in every game may take (0: no game with a time per move).
        "vacation_days": largest_bank(request.user.pk),
        "watch": games_to_watch(viewer=request.user),
        "games": [game_type(game_id) for game_id in game_ids()],
        "try_key": try_key(),
        # What other apps have for the member (an invitation to a tournament).
        "notices": notices_for(request.user),
    }
    return render(request, "games/lobby.html", context, status=status)


def try_key() -> str:
    """A new key for a page's "Try it against bots" buttons: a second press of the same
    page's button (a double click, a reload) lands on the table the first one made."""
    return uuid.uuid4().hex


#: What a "Try it against bots" key may be.
TRY_KEY = re.compile(r"[0-9a-f]{32}")


@login_required
@require_POST
def try_game(request: HttpRequest, rules: str) -> HttpResponse:
    """One click to a first game of ``rules``: a private table against bots, started, the
    player at it (:func:`games.lobby.game_try`); 404 for a game the site does not have,
    400 without the page's key, 409 with the lobby saying why when the table cannot be
    made (the page's key made another table)."""
    if rules not in game_ids():
        raise Http404(_("No such game."))
    key = request.POST.get("key", "")
    out_of_date = _("This button's page is out of date: reload it.")
    if not TRY_KEY.fullmatch(key):
        return HttpResponseBadRequest(out_of_date)
    try:
        game = game_try(player=request.user, rules=rules, key=key)
    except LobbyError as error:
        # A key that made another table is the page's: its player reads of the page.
        reused = isinstance(error, OpeningKeyReused)
        messages.error(request, out_of_date if reused else str(error))
        return _lobby_page(request, status=409)
    return redirect("games:game", game.pk)


@login_required
def next_game(request: HttpRequest) -> HttpResponse:
    """The next game waiting for the player, the one with the least time left, other than
    the game they come from (``?after=<id>``); the lobby if none is."""
    found = next_game_awaiting(request.user, after=whole_number(request.GET.get("after", "")))
    if found is None:
        messages.info(request, _("No other game is waiting for you."))
        return redirect("games:lobby")
    return redirect("games:game", found.pk)


@login_required
def new_game(request: HttpRequest) -> HttpResponse:
    """A new table of the game chosen (``?game=<id>``, the default game otherwise): what
    every game asks, then the game's own options."""
    chosen = request.GET.get("game") or default_game()
    if chosen not in game_ids():
        raise Http404(_("No such game."))
    kind = game_type(chosen)
    data = request.POST if request.method == "POST" else None
    # A name to keep or change: an empty field would only be refused.
    suggested = _(SUGGESTED_NAME) % {"name": display_name(request.user)}
    form = NewGameForm(data, initial={"name": suggested})
    options = kind.site.new_game_form(data)
    if data is not None and form.is_valid() and options.is_valid():
        game = game_open(
            creator=request.user,
            name=form.cleaned_data["name"],
            rules=chosen,
            config=options.config(),
            move_deadline=form.deadline(),
            public=form.cleaned_data["public"],
            deadline_policy=form.cleaned_data["deadline_policy"],
            bot_level=form.cleaned_data["bot_level"],
        )
        return redirect("games:game", game.pk)
    context = {
        "form": form,
        "options": options,
        "chosen": kind,
        "games": [game_type(game_id) for game_id in game_ids()],
    }
    status = 400 if form.errors or getattr(options, "errors", None) else 200
    return render(request, "games/new.html", context, status=status)


def join(request: HttpRequest, game_id: int, token: str = "") -> HttpResponse:
    """An invitation's page: what the table is, who sits at it, and a seat to take. A
    visitor reads it too (an invitation is often a friend's first visit), with the ways to
    sign up or log in that come back here: taking a seat needs an account. A seat refused
    (the table full or started, the player seated already) is this page again with why,
    409, nothing taken."""
    if not request.user.is_authenticated and request.method == "POST":
        return redirect_to_login(request.get_full_path())
    game = game_by_invitation(request, game_id, token)
    try:
        check_invitation(game, token)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None
    if request.user.is_authenticated:
        # The invitation link is the private game's address: whoever opened it may
        # watch, seated or not (the table may be full, or already playing).
        remember_invitation(request, game)
    if request.method == "POST":
        try:
            game_join(game=game, user=request.user, token=token)
        except LobbyError as error:
            messages.error(request, str(error))
            return _join_page(request, game, token, status=409)
        return redirect("games:game", game.pk)
    return _join_page(request, game, token)


def _join_page(request: HttpRequest, game: Game, token: str, status: int = 200) -> HttpResponse:
    """The invitation's page of ``game``; ``status``: 409 when it answers a seat refused."""
    context = {
        "game": game,
        "token": token,
        "free": free_seats(game),
        "what": game_summary(game),
        "title": game_type(game.rules).site.title,
        "seated": and_list(
            [labelled(seat) for seat in with_bot_accounts(game.seats.order_by("number"))]
        ),
    }
    return render(request, "games/join.html", context, status=status)


def _lobby_action(request: HttpRequest, game_id: int, act: object) -> HttpResponse:
    """``act`` on the game, then its page; 403 for who may not, the game's page with why
    when the table has moved on (409: full, started) or the day's invitations are spent
    (429)."""
    game, _seat = game_for_viewer(request, game_id)
    try:
        act(game)  # type: ignore[operator]
    except LobbyForbidden as forbidden:
        raise PermissionDenied(str(forbidden)) from None
    except LobbyError as error:
        return lobby_refused(request, game, error)
    return redirect("games:game", game.pk)


@login_required
@require_POST
def add_bot(request: HttpRequest, game_id: int) -> HttpResponse:
    """The creator seats a bot of the level chosen beside the button (the table's level
    when none is posted); a level that is none of the three is refused, nothing seated."""
    posted = request.POST.get("level")
    level = None if posted is None else whole_number(posted)
    if posted is not None and level not in BotLevels.values:
        return HttpResponseBadRequest(_("A bot's level is 0, 1 or 2."), content_type="text/plain")
    return _lobby_action(
        request, game_id, lambda game: game_add_bot(game=game, by=request.user, level=level)
    )


@login_required
@require_POST
def start(request: HttpRequest, game_id: int) -> HttpResponse:
    return _lobby_action(request, game_id, lambda game: game_start(game=game, by=request.user))


@login_required
@require_POST
def leave(request: HttpRequest, game_id: int) -> HttpResponse:
    """A player gives up their seat at a table still being set: back to the lobby; the
    game's page with why (409) when the seat stays (the game started, the host's seat)."""
    game, _seat = game_for_viewer(request, game_id)
    try:
        game_leave(game=game, user=request.user)
    except LobbyError as error:
        return lobby_refused(request, game, error)
    messages.success(request, _("You left the table %(name)s.") % {"name": game.display_name})
    return redirect("games:lobby")


@login_required
@require_http_methods(["GET", "POST"])
def cancel(request: HttpRequest, game_id: int) -> HttpResponse:
    """The host cancels their table before it starts (:func:`games.lobby.game_cancel`):
    asked first on a page of its own (GET), done by its button (POST); then the lobby. A
    refusal is the table with why (409 once it has started; 403 for anyone but the host)."""
    game, _seat = game_for_viewer(request, game_id)
    if request.method == "GET":
        if game.status != Game.Status.OPEN or game.created_by_id != request.user.pk:
            # An old link, or not the host's: the table says where the game stands.
            return redirect("games:game", game.pk)
        context = {
            "game": game,
            "leaving": {"title": _("Cancel the table?"), "button": _("Cancel the table")},
            "consequence": _(
                "Nothing has been played: the table goes, with its seats and its "
                "invitations. Players who took a seat no longer find it, and its "
                "invitation link leads nowhere."
            ),
        }
        return render(request, "games/leave.html", context)
    name = game.display_name
    try:
        game_cancel(game=game, by=request.user)
    except LobbyForbidden as forbidden:
        raise PermissionDenied(str(forbidden)) from None
    except LobbyError as error:
        return lobby_refused(request, game, error)
    messages.success(request, _("You cancelled the table %(name)s.") % {"name": name})
    return redirect("games:lobby")


@login_required
@require_POST
def rematch(request: HttpRequest, game_id: int) -> HttpResponse:
    """Play a finished game again (:func:`games.lobby.game_rematch`): to the new table; the
    table with why (409) for a game not over."""
    game, _seat = game_for_viewer(request, game_id)
    try:
        again = play_again(request, game)
    except LobbyError as error:
        return lobby_refused(request, game, error)
    return redirect("games:game", again.pk)


@login_required
@require_POST
def invite(request: HttpRequest, game_id: int) -> HttpResponse:
    """Invite an email address to a table being set; an address not valid, or invited
    already, is the waiting room again with the fault beside the form's field (400,
    nothing recorded nor sent)."""
    form = InviteForm(request.POST)

    def send(game: Game) -> None:
        game_invite(game=game, by=request.user, email=form.cleaned_data["email"])
        messages.success(request, invitation_news(owed=True, new=True))

    fault = _("Give a valid email address.")
    if form.is_valid():
        try:
            return _lobby_action(request, game_id, send)
        except AlreadyInvited as already:
            fault = str(already)
            form.add_error("email", fault)
    game, seat = game_for_viewer(request, game_id)
    if game.status == Game.Status.OPEN and seat is not None and free_seats(game):
        # The waiting room that shows the form shows it again, with what was typed and
        # the field's own fault beside it (a banner would say it a second time).
        return waiting_room(request, game, seat, invite_form=form, status=400)
    # No form on the page (the table full, or started): the page says the fault instead.
    return refused(request, game, fault, status=400)
