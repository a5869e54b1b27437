"""Who may see and do what in a game: one place for the checks every view needs.

A public game is watched by anyone. A private one is watched only by whoever was given
its address: its players, its creator, the addresses invited to it, and a browser that
opened its invitation link. For anybody else it does not exist (404, as a missing game):
its id is a number that counts up, so it proves nothing. Every way in (pages, their
commands, the API) answers exactly as for a missing game, whatever the method: a 404
before anything else is said of the game (that it is full, that the token is wrong, that
only its creator may do this).
"""

from __future__ import annotations

import secrets
from collections.abc import Iterable

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest

from games.descriptions import no_seat
from games.lobby import LobbyError, LobbyForbidden, TooManyInvitations, game_rematch
from games.models import Game, Invitation, Seat
from games.selectors import game_and_seats, seat_among

#: The session's list of private games whose invitation link this browser opened.
INVITED_SESSION_KEY = "games.invited"


def remember_invitation(request: HttpRequest, game: Game) -> None:
    """This browser opened ``game``'s invitation link (its token checked): it may watch.
    A public game needs no remembering."""
    if game.is_public:
        return
    invited = request.session.get(INVITED_SESSION_KEY, [])
    if game.pk not in invited:
        request.session[INVITED_SESSION_KEY] = [*invited, game.pk]


def may_watch(request: HttpRequest, game: Game, seat: int | None) -> bool:
    """Whether the requester (holding ``seat``, None: not seated) may see ``game``. The
    API's requests pass here too: their ``user`` may come from a token."""
    return game.is_public or seat is not None or game.pk in _given(request, [game])


def watchable(request: HttpRequest, games: Iterable[Game]) -> list[Game]:
    """Those of ``games`` the requester may see (:func:`may_watch`), in their order: one
    question for the seats they hold among them and one for the invitations of their
    address, however many games a page lists."""
    games = list(games)
    user = request.user
    seated = (
        set(Seat.objects.filter(user_id=user.pk, game__in=games).values_list("game", flat=True))
        if user.is_authenticated
        else set()
    )
    unseated = [game for game in games if not game.is_public and game.pk not in seated]
    given = _given(request, unseated)
    return [game for game in games if game.is_public or game.pk in seated or game.pk in given]


def _given(request: HttpRequest, games: list[Game]) -> set[int]:
    """The ids of those of ``games`` whose address the requester was given, without a seat
    there: this browser opened its invitation link, or they created it, or their address
    was invited to it (one query for all the games)."""
    if not games:
        return set()
    opened = request.session.get(INVITED_SESSION_KEY, [])
    given = {game.pk for game in games if game.pk in opened}
    user = request.user
    if not user.is_authenticated:
        return given
    given |= {game.pk for game in games if game.created_by_id == user.pk}
    others = [game for game in games if game.pk not in given]
    if user.email and others:
        invited = Invitation.objects.filter(game__in=others, email=user.email.lower())
        given |= set(invited.values_list("game", flat=True))
    return given


def check_watching(request: HttpRequest, game: Game, seat: int | None) -> None:
    """404 unless :func:`may_watch`."""
    if not may_watch(request, game, seat):
        raise Http404


def game_by_invitation(request: HttpRequest, game_id: int, token: str) -> Game:
    """The game whose invitation link holds ``token`` (empty: a public game's link): a
    public game, a private one whose own token it is, or one the requester may watch
    already; for anybody else a 404, as a missing game."""
    found = game_and_seats(game_id)
    if found is None:
        raise Http404
    game, seats = found
    if not secrets.compare_digest(token.encode(), game.invite_token.encode()):
        check_watching(request, game, seat_among(seats, request.user))
    return game


def table_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, list[Seat], int | None]:
    """The game, its seats as the table shows them (``selectors.table_seats``) and the
    viewer's seat among them (None: spectator). Anyone may watch a public game, with
    public information only; a missing game, or a private one the viewer was not given
    (:func:`may_watch`), is a 404."""
    found = game_and_seats(game_id)
    if found is None:
        raise Http404
    game, seats = found
    seat = seat_among(seats, request.user)
    check_watching(request, game, seat)
    return game, seats, seat


def game_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, int | None]:
    """The game and the viewer's seat, as :func:`table_for_viewer` finds them."""
    game, _seats, seat = table_for_viewer(request, game_id)
    return game, seat


def table_for_player(request: HttpRequest, game_id: int) -> tuple[Game, list[Seat], int]:
    """The game, its seats as the table shows them, and the requester's seat; 403 for
    anybody not seated at it."""
    game, seats, seat = table_for_viewer(request, game_id)
    if seat is None:
        raise PermissionDenied(no_seat())
    return game, seats, seat


def game_for_player(request: HttpRequest, game_id: int) -> tuple[Game, int]:
    """The game and the requester's seat, as :func:`table_for_player` finds them."""
    game, _seats, seat = table_for_player(request, game_id)
    return game, seat


def play_again(request: HttpRequest, game: Game) -> Game:
    """The table playing ``game`` again that the requester asks for
    (:func:`games.lobby.game_rematch`), for the table's button and the game-over mail's
    alike; 403 for anybody not at the game; :class:`~games.lobby.LobbyError` when it
    cannot be played again (it is not over), for the page to say why."""
    try:
        return game_rematch(game=game, by=request.user)
    except LobbyForbidden as refused:
        raise PermissionDenied(str(refused)) from None


def refusal_status(error: LobbyError) -> int:
    """The status of a page answering a lobby request it could not grant (``error``): 429
    past the day's email invitations, 409 otherwise (the table full or started, the game
    not over: it moved on)."""
    return 429 if isinstance(error, TooManyInvitations) else 409
