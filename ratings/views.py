"""The player page: ratings, results per game, games to replay and games being played;
the leaderboards."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from accounts.models import display_name
from games.players import bot_accounts
from ratings.selectors import (
    current_games,
    leaderboards,
    pool_lines,
    pool_name,
    rating_history,
    recent_games,
)
from ratings.services import is_provisional, shown


def player(request: HttpRequest, player_id: int) -> HttpResponse:
    """``/players/<id>/``: anyone may look; the games listed are those they may watch."""
    user = get_object_or_404(get_user_model(), pk=player_id, is_active=True)
    pools = pool_lines(user)
    return render(
        request,
        "ratings/player.html",
        {
            "player": user,
            "name": display_name(user),
            "bot_account": user.pk in bot_accounts([user.pk]),
            "pools": pools,
            # The column of games played alone shows only to a player who played some.
            "solo": any(line.solo for line in pools),
            "recent": recent_games(request, user),
            "current": current_games(request, user),
        },
    )


def history(request: HttpRequest, player_id: int, pool: str) -> HttpResponse:
    """``/players/<id>/ratings/<pool>/``: the player's rated games of one game and mode, the
    latest first, each with the rating before and after it; 404 where they have no rating."""
    user = get_object_or_404(get_user_model(), pk=player_id, is_active=True)
    found = rating_history(request, user, pool)
    if found is None:
        raise Http404("no rating in this pool")
    rating, lines = found
    return render(
        request,
        "ratings/history.html",
        {
            "player": user,
            "name": display_name(user),
            "label": pool_name(pool),
            "rating": shown(rating.mu, rating.sigma),
            "provisional": is_provisional(rating.sigma),
            "lines": lines,
        },
    )


def boards(request: HttpRequest) -> HttpResponse:
    """``/ratings/``: each game's and mode's best players, for anyone to look at."""
    found = leaderboards()
    bots = bot_accounts(line.user_id for board in found for line in board.lines)
    return render(request, "ratings/leaderboards.html", {"boards": found, "bots": bots})
