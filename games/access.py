"""Who may see and do what in a game: one place for the checks every view needs."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpRequest
from django.utils.translation import gettext as _

from games.models import Game, Seat
from games.selectors import game_and_seats, seat_among


def table_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, list[Seat], int | None]:
    """The game, its seats as the table shows them (``selectors.table_seats``) and the
    viewer's seat among them (None: spectator). Anyone may watch a game with public
    information only; a missing game is a 404."""
    found = game_and_seats(game_id)
    if found is None:
        raise Http404
    game, seats = found
    return game, seats, seat_among(seats, request.user)


def game_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, int | None]:
    """The game and the viewer's seat, as :func:`table_for_viewer` finds them."""
    game, _seats, seat = table_for_viewer(request, game_id)
    return game, seat


def game_for_player(request: HttpRequest, game_id: int) -> tuple[Game, int]:
    """The game and the requester's seat; 403 for anybody not seated at it."""
    game, seat = game_for_viewer(request, game_id)
    if seat is None:
        raise PermissionDenied(_("You do not have a seat at this table."))
    return game, seat
