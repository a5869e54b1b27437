"""Who may see and do what in a game: one place for the checks every view needs."""

from __future__ import annotations

from django.core.exceptions import PermissionDenied
from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from games.models import Game
from games.selectors import seat_of


def game_for_viewer(request: HttpRequest, game_id: int) -> tuple[Game, int | None]:
    """The game and the viewer's seat (None: spectator). Anyone may watch a game with
    public information only; a missing game is a 404."""
    game = get_object_or_404(Game, pk=game_id)
    return game, seat_of(game, request.user)


def game_for_player(request: HttpRequest, game_id: int) -> tuple[Game, int]:
    """The game and the requester's seat; 403 for anybody not seated at it."""
    game, seat = game_for_viewer(request, game_id)
    if seat is None:
        raise PermissionDenied(_("You do not have a seat at this table."))
    return game, seat
