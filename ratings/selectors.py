"""What a player page shows: ratings and results per pool, and the player's games the
viewer may watch (``games.access.may_watch``: a private game is never listed to others)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.http import HttpRequest

from games.access import may_watch
from games.models import Game, Seat
from games.registry import UnknownGame
from ratings.models import RatedGame, Rating
from ratings.services import is_provisional, pool_label, pool_of, shown

#: At most this many of a player's latest games are looked at for each list of the page.
LOOKED_AT = 50
#: Finished games listed to replay.
RECENT = 10


@dataclass(frozen=True)
class PoolLine:
    """A player in one pool: their rating as shown (None: not rated there yet), whether it
    is provisional, the model's mu and sigma, the games rated, and the games played and won
    (bot games included)."""

    pool: str
    label: str
    rating: int | None
    provisional: bool
    mu: float | None
    sigma: float | None
    rated_games: int
    played: int
    won: int


@dataclass(frozen=True)
class ShownRating:
    """A rating as players read it: the number, and whether it is still provisional."""

    rating: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.rating}?" if self.provisional else str(self.rating)


def ratings_in(pool: str, user_ids: Iterable[int]) -> dict[int, ShownRating]:
    """The rating in ``pool`` of each of these players who has one, by user id."""
    found = Rating.objects.filter(pool=pool, user_id__in=list(user_ids))
    return {
        user_id: ShownRating(shown(mu, sigma), is_provisional(sigma))
        for user_id, mu, sigma in found.values_list("user_id", "mu", "sigma")
    }


def _label(pool: str) -> str:
    try:
        return pool_label(pool)
    except UnknownGame:  # a game no longer on the site: its pool's own name
        return pool


def pool_lines(user: AbstractBaseUser) -> list[PoolLine]:
    """The player's ratings and results, one line per pool they finished a game in."""
    ratings = {rating.pool: rating for rating in Rating.objects.filter(user_id=user.pk)}
    results = (
        Seat.objects.filter(user_id=user.pk, game__status=Game.Status.FINISHED)
        .values("game__rules", "game__config__mode")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(winner=True)))
    )
    counts: dict[str, tuple[int, int]] = {}
    for row in results:
        pool = pool_of(row["game__rules"], {"mode": row["game__config__mode"]})
        played, won = counts.get(pool, (0, 0))
        counts[pool] = (played + row["played"], won + row["won"])
    lines = []
    for pool in sorted(counts.keys() | ratings.keys()):
        rating = ratings.get(pool)
        played, won = counts.get(pool, (0, 0))
        lines.append(
            PoolLine(
                pool=pool,
                label=_label(pool),
                rating=shown(rating.mu, rating.sigma) if rating else None,
                provisional=is_provisional(rating.sigma) if rating else False,
                mu=rating.mu if rating else None,
                sigma=rating.sigma if rating else None,
                rated_games=rating.games if rating else 0,
                played=played,
                won=won,
            )
        )
    return lines


@dataclass(frozen=True)
class GameLine:
    """One of the player's games as their page lists it."""

    game: Game
    label: str
    won: bool
    #: Why it was not rated, in words ("" when rated, or not over).
    not_rated: str
    #: Moves the deadline policy made for absent players in it.
    clock_moves: int


def _watchable(request: HttpRequest, games: Iterable[Game]) -> list[Game]:
    """``games`` that the requester may watch, in their order."""
    games = list(games)
    viewer = request.user
    seated = (
        set(Seat.objects.filter(user_id=viewer.pk, game__in=games).values_list("game", flat=True))
        if viewer.is_authenticated
        else set()
    )
    # may_watch only asks whether the viewer holds a seat, not which.
    return [game for game in games if may_watch(request, game, 0 if game.pk in seated else None)]


def _lines(user: AbstractBaseUser, games: list[Game]) -> list[GameLine]:
    won = set(
        Seat.objects.filter(user_id=user.pk, game__in=games, winner=True).values_list(
            "game", flat=True
        )
    )
    ledger = {row.game_id: row for row in RatedGame.objects.filter(game__in=games)}
    lines = []
    for game in games:
        rated = ledger.get(game.pk)
        lines.append(
            GameLine(
                game=game,
                label=_label(pool_of(game.rules, game.config)),
                won=game.pk in won,
                not_rated=rated.get_excluded_display() if rated and rated.excluded else "",
                clock_moves=rated.clock_moves if rated else 0,
            )
        )
    return lines


def recent_games(request: HttpRequest, user: AbstractBaseUser) -> list[GameLine]:
    """The player's latest finished games that the requester may watch, to replay."""
    finished = Game.objects.filter(seats__user_id=user.pk, status=Game.Status.FINISHED)
    latest = finished.order_by("-finished_at", "-pk")[:LOOKED_AT]
    return _lines(user, _watchable(request, latest)[:RECENT])


def current_games(request: HttpRequest, user: AbstractBaseUser) -> list[GameLine]:
    """The player's games being played or waiting for players, that the requester may
    watch, the latest moved first."""
    playing = Game.objects.filter(
        seats__user_id=user.pk, status__in=(Game.Status.OPEN, Game.Status.RUNNING)
    )
    return _lines(user, _watchable(request, playing.order_by("-updated_at", "-pk")[:LOOKED_AT]))
