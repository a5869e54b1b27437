"""What a player page shows: ratings and results per pool, and the player's games the
viewer may watch (``games.access.watchable``: a private game is never listed to others).

A solo game (NMBR 9 alone) is played for points, not won: it counts as a game played,
never as one won, and the page shows its score and the player's best instead."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, F, Max, Q, QuerySet
from django.http import HttpRequest
from django.utils.translation import gettext as _

from accounts.models import display_names
from games.access import watchable
from games.models import ENDED, Game, Seat
from games.registry import UnknownGame, game_type
from ratings.models import RatedGame, Rating
from ratings.services import is_provisional, pool_label, pool_of, shown

#: At most this many of a player's latest games are looked at for each list of the page.
LOOKED_AT = 50
#: Finished games listed to replay.
RECENT = 10
#: Players a leaderboard ranks.
BOARD = 20


def is_solo(config: Mapping[str, Any]) -> bool:
    """Whether a game's configuration seats one player: a game played for points alone,
    which nobody wins.

    >>> is_solo({"players": 1}), is_solo({"players": 2, "mode": "x-game"})
    (True, False)
    """
    return config.get("players") == 1


def score_words(rules: str, score: int) -> str:
    """A final score in its game's words ("74 points"); the bare number for a game no
    longer on the site."""
    try:
        return game_type(rules).site.describe_score(score)
    except UnknownGame:
        return str(score)


@dataclass(frozen=True)
class PoolLine:
    """A player in one pool: their rating as shown (None: not rated there yet), whether it
    is provisional, the model's mu and sigma, the games rated, the games played (bot and
    solo games included) and won (bot games included; a solo game is never won), and of
    the solo games how many and the best score (None: none played), also in words."""

    pool: str
    label: str
    rating: int | None
    provisional: bool
    mu: float | None
    sigma: float | None
    rated_games: int
    played: int
    won: int
    solo: int = 0
    best_solo: int | None = None
    best_solo_words: str = ""


@dataclass
class _Tally:
    """A player's finished games in one pool, as they are counted."""

    played: int = 0
    won: int = 0
    solo: int = 0
    best_solo: int | None = None


@dataclass(frozen=True)
class ShownRating:
    """A rating as players read it: the number, and whether it is still provisional."""

    rating: int
    provisional: bool

    def __str__(self) -> str:
        return f"{self.rating}?" if self.provisional else str(self.rating)

    @classmethod
    def of(cls, mu: float, sigma: float) -> ShownRating:
        """The rating a player reads for a skill ``mu`` known within ``sigma``."""
        return cls(shown(mu, sigma), is_provisional(sigma))


def ratings_in(pool: str, user_ids: Iterable[int]) -> dict[int, ShownRating]:
    """The rating in ``pool`` of each of these players who has one, by user id."""
    found = Rating.objects.filter(pool=pool, user_id__in=list(user_ids))
    return {
        user_id: ShownRating.of(mu, sigma)
        for user_id, mu, sigma in found.values_list("user_id", "mu", "sigma")
    }


def pool_name(pool: str) -> str:
    """A pool's name as pages write it ("NUM-X · X-Game")."""
    try:
        return pool_label(pool)
    except UnknownGame:  # a game no longer on the site: its pool's own name
        return pool


def seats_of(user: AbstractBaseUser) -> QuerySet[Seat]:
    """The player's seats: those they hold, and those a bot took when they were taken off
    them (a tournament's withdrawal, recorded as their resignation), whose results are
    rated as theirs (``ratings.services.player_of``)."""
    return Seat.objects.filter(Q(user_id=user.pk) | Q(former_user_id=user.pk))


def pool_lines(user: AbstractBaseUser) -> list[PoolLine]:
    """The player's ratings and results, one line per pool they finished a game in."""
    ratings = {rating.pool: rating for rating in Rating.objects.filter(user_id=user.pk)}
    results = (
        seats_of(user)
        .filter(game__status=Game.Status.FINISHED)
        .values("game__rules", "game__config__mode", "game__config__players")
        .annotate(played=Count("pk"), won=Count("pk", filter=Q(winner=True)), best=Max("score"))
    )
    counts: dict[str, _Tally] = {}
    rules_of: dict[str, str] = {}
    for row in results:
        pool = pool_of(row["game__rules"], {"mode": row["game__config__mode"]})
        rules_of[pool] = row["game__rules"]
        tally = counts.setdefault(pool, _Tally())
        tally.played += row["played"]
        # A solo game is never won, whatever its seat says (games finished before a solo
        # game had no winner marked its lone seat the winner).
        if is_solo({"players": row["game__config__players"]}):
            tally.solo += row["played"]
            best = row["best"]
            if best is not None and (tally.best_solo is None or best > tally.best_solo):
                tally.best_solo = best
        else:
            tally.won += row["won"]
    lines = []
    for pool in sorted(counts.keys() | ratings.keys()):
        rating = ratings.get(pool)
        tally = counts.get(pool, _Tally())
        best = tally.best_solo
        lines.append(
            PoolLine(
                pool=pool,
                label=pool_name(pool),
                rating=shown(rating.mu, rating.sigma) if rating else None,
                provisional=is_provisional(rating.sigma) if rating else False,
                mu=rating.mu if rating else None,
                sigma=rating.sigma if rating else None,
                rated_games=rating.games if rating else 0,
                played=tally.played,
                won=tally.won,
                solo=tally.solo,
                best_solo=best,
                best_solo_words="" if best is None else score_words(rules_of[pool], best),
            )
        )
    return lines


@dataclass(frozen=True)
class GameLine:
    """One of the player's games as their page lists it: a solo game with its score (in
    words, "" until it is over), never won; a game called off before anybody moved, with
    no result; whether the player resigned."""

    game: Game
    label: str
    won: bool
    solo: bool
    score: str
    #: Why it was not rated, in words ("" when rated, or not over).
    not_rated: str
    #: Moves the deadline policy made for absent players in it.
    clock_moves: int
    called_off: bool = False
    resigned: bool = False
    #: The player's rating as shown before and after the game (None: not rated for them).
    rating_change: tuple[int, int] | None = None


def not_rated(rated: RatedGame | None, user_id: int | None) -> str:
    """Why a game was not rated for the player ``user_id``, in words ("" when it was, or is
    not over): their seat made no move of its own, or the game was passed over."""
    if rated is None:
        return ""
    if user_id in rated.absent:
        return str(_("not rated: no move of their own"))
    return rated.get_excluded_display() if rated.excluded else ""


def _lines(user: AbstractBaseUser, games: list[Game]) -> list[GameLine]:
    seats = {
        game: (winner, score, resigned)
        for game, winner, score, resigned in seats_of(user)
        .filter(game__in=games)
        .values_list("game", "winner", "score", "resigned")
    }
    ledger = {row.game_id: row for row in RatedGame.objects.filter(game__in=games)}
    lines = []
    for game in games:
        rated = ledger.get(game.pk)
        winner, score, resigned = seats.get(game.pk, (False, None, False))
        solo = is_solo(game.config)
        change = rated.changes.get(str(user.pk)) if rated else None
        lines.append(
            GameLine(
                game=game,
                label=pool_name(pool_of(game.rules, game.config)),
                won=winner and not solo,
                solo=solo,
                score="" if score is None else score_words(game.rules, score),
                not_rated=not_rated(rated, user.pk),
                clock_moves=rated.clock_moves if rated else 0,
                called_off=game.status == Game.Status.ABORTED,
                resigned=resigned,
                rating_change=(change[0], change[1]) if change else None,
            )
        )
    return lines


def recent_games(request: HttpRequest, user: AbstractBaseUser) -> list[GameLine]:
    """The player's latest games over (finished, or called off) that the requester may
    watch, to replay."""
    finished = Game.objects.filter(pk__in=seats_of(user).values("game"), status__in=ENDED)
    latest = finished.order_by("-finished_at", "-pk")[:LOOKED_AT]
    return _lines(user, watchable(request, latest)[:RECENT])


#: Rated games a rating's history lists, the latest: years of a regular's games.
HISTORY = 300


def rating_history(
    request: HttpRequest, user: AbstractBaseUser, pool: str
) -> tuple[Rating, list[GameLine]] | None:
    """The player's rating in ``pool`` and its history: the games of the pool rated for
    them (their latest :data:`HISTORY`) that the requester may watch, the latest first;
    None where they have no rating."""
    rating = Rating.objects.filter(user_id=user.pk, pool=pool).first()
    if rating is None:
        return None
    rated = RatedGame.objects.filter(pool=pool, changes__has_key=str(user.pk)).values("game")
    games = Game.objects.filter(pk__in=rated).order_by("-finished_at", "-pk")[:HISTORY]
    return rating, _lines(user, watchable(request, games))


def current_games(request: HttpRequest, user: AbstractBaseUser) -> list[GameLine]:
    """The player's games being played or waiting for players, that the requester may
    watch, the latest moved first."""
    playing = Game.objects.filter(
        pk__in=seats_of(user).values("game"),
        status__in=(Game.Status.OPEN, Game.Status.RUNNING),
    )
    return _lines(user, watchable(request, playing.order_by("-updated_at", "-pk")[:LOOKED_AT]))


@dataclass(frozen=True)
class BoardLine:
    """A player on a leaderboard: their place (players of equal ratings share one), their
    name, their rating as their page shows it, and the games rated."""

    place: int
    user_id: int
    name: str
    rating: ShownRating
    games: int


@dataclass(frozen=True)
class Board:
    """One pool's leaderboard: its best :data:`BOARD` players, best first."""

    pool: str
    label: str
    lines: list[BoardLine]


def leaderboards() -> list[Board]:
    """Every pool's leaderboard, ordered by the pools' names: its members of an active
    account by the rating shown (the cautious ``mu - 3 sigma``), so that a provisional
    rating, far from sure, ranks low until games make it sure."""
    rated = Rating.objects.filter(user__is_active=True)
    boards = []
    for pool in rated.order_by("pool").values_list("pool", flat=True).distinct():
        best = list(
            rated.filter(pool=pool)
            .annotate(cautious=F("mu") - 3 * F("sigma"))
            .order_by("-cautious", "user_id")
            .values_list("user_id", "mu", "sigma", "games")[:BOARD]
        )
        names = display_names(user_id for user_id, *_rest in best)
        lines: list[BoardLine] = []
        for user_id, mu, sigma, games in best:
            rating = ShownRating.of(mu, sigma)
            tied = lines and lines[-1].rating.rating == rating.rating
            place = lines[-1].place if tied else len(lines) + 1
            lines.append(BoardLine(place, user_id, names[user_id], rating, games))
        boards.append(Board(pool, pool_name(pool), lines))
    return boards
