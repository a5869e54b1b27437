"""Rating finished games with openskill's Plackett-Luce model (docs/ratings.md).

A game is rated once, when it ends (:func:`rate_game`, from the ``ratings`` consumer), from
its full finishing order: the rules' ``Outcome.ranking()`` of the final state rebuilt from
its events, equal places shared, the sides of a team game (``games.rulesets.site.Ratings``)
rated as teams. :func:`rebuild` throws every rating away and rates all finished games
again, in the order they ended.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django.db import transaction
from django.db.models import F
from openskill.models import PlackettLuce, PlackettLuceRating

from games.events import store
from games.models import Event, Game, Seat
from games.players import bot_accounts
from games.registry import game_type
from games.results import (
    CLOCK_REASONS,
    absent_seats,
    placed_sides,
    ranked,
    resigned_seats,
    sides_of,
)
from games.rulesets.site import Ratings
from ratings.models import RatedGame, Rating

#: The model, with openskill's defaults: a newcomer is mu 25, sigma 25/3.
MODEL = PlackettLuce()
#: A rating stays provisional while its sigma is above this: about 10 two-player games,
#: 15 four-player ones, from a newcomer's 8.33.
PROVISIONAL_SIGMA = 6.5
#: Points shown per unit of mu - 3 sigma: 400 points are about ten-to-one odds between
#: two players, as in Elo (a two-player game's spread is sqrt(2) beta, about 5.9 mu;
#: 5.9 × ln 10 ≈ 13.6 mu ≈ 400 points).
SCALE = 30
#: Shown = SCALE × (mu - 3 sigma) + OFFSET, so that a player of average skill (mu 25)
#: shows 1500 when their rating stops being provisional (sigma 6.5); a newcomer shows 1335.
OFFSET = 1500 - SCALE * (MODEL.mu - 3 * PROVISIONAL_SIGMA)


def shown(mu: float, sigma: float) -> int:
    """The rating a player sees: the conservative ``mu - 3 sigma``, scaled.

    >>> shown(25.0, 6.5), shown(25.0, 25 / 3)
    (1500, 1335)
    """
    return round(MODEL.rating(mu=mu, sigma=sigma).ordinal(z=3.0, alpha=SCALE, target=OFFSET))


def is_provisional(sigma: float) -> bool:
    """Whether a rating is still too uncertain to be taken at its word."""
    return sigma > PROVISIONAL_SIGMA


def pool_of(rules: str, config: Mapping[str, Any]) -> str:
    """The rating pool of a game: its game's id, with ``:<mode>`` when its configuration
    names a mode (NUM-X's Speed Run, X-Game and Family are different games to rate).

    >>> pool_of("numx", {"players": 4, "mode": "x-game"}), pool_of("maya", {"players": 3})
    ('numx:x-game', 'maya')
    """
    mode = config.get("mode")
    return f"{rules}:{mode}" if isinstance(mode, str) and mode else rules


def pool_label(pool: str) -> str:
    """A pool as players read it: the game's title, and its mode's name."""
    rules, _, mode = pool.partition(":")
    site = game_type(rules).site
    if not mode:
        return site.title
    name = site.describe_mode(mode) if isinstance(site, Ratings) else mode
    return f"{site.title} · {name}"


def player_of(seat: Seat) -> int | None:
    """Whose result a seat is rated as: its player's, or, for a seat a bot took when its
    player was taken off it (a tournament's withdrawal), that player's: their resignation."""
    return seat.user_id if seat.former_user_id is None else seat.former_user_id


def _excluded(seats: Sequence[Seat], sides: Sequence[tuple[int, ...]]) -> str:
    """Why a finished game is not rated ("" when it is). A bot account is a bot too,
    unless its owner lets its games with people be rated. A bot that took the seat of a
    player taken off it plays on for their resignation, as a resigned player's bot does."""
    if any(seat.is_bot and seat.former_user_id is None for seat in seats):
        return RatedGame.Excluded.BOTS
    if not all(bot_accounts(player_of(seat) for seat in seats).values()):
        return RatedGame.Excluded.BOTS
    if any(player_of(seat) is None for seat in seats):
        return RatedGame.Excluded.UNSEATED
    if len(sides) < 2:
        return RatedGame.Excluded.ALONE
    return RatedGame.Excluded.NO


def _clock_moves(game: Game, seats: Sequence[Seat]) -> int:
    """Moves the deadline policy made for absent players, read from the game's events (the
    seats' ``timeouts`` count is written after the move, maybe after this consumer ran).
    A player taken off their seat was absent all the same before a bot took it."""
    players = [seat.number for seat in seats if player_of(seat) is not None]
    moves = Event.objects.filter(game=game, seat__in=players, payload__reason__in=CLOCK_REASONS)
    return moves.count()


@transaction.atomic
def rate_game(*, game_id: int) -> None:
    """Take a finished game into the ratings, once: a second call, or a game not finished,
    changes nothing; a game passed over (bots...) is noted as such. A seat that made no move
    of its own is left out, the others rated among themselves as they finished."""
    game = Game.objects.filter(pk=game_id, status=Game.Status.FINISHED).first()
    if game is None:
        return
    seats = list(game.seats.order_by("number"))
    users = {seat.number: player_of(seat) for seat in seats}
    every_side = sides_of(game.rules, game.config)
    excluded = _excluded(seats, every_side)
    # Told by the events, as the game's own result tells it (games.results), so that a
    # rebuild decides the same.
    absent: frozenset[int] = frozenset() if excluded else absent_seats(game.pk)
    sides = placed_sides(every_side, absent)
    if not excluded and len(sides) < 2:
        excluded = RatedGame.Excluded.ABSENT
    ledger, new = RatedGame.objects.get_or_create(
        game=game,
        defaults={
            "pool": pool_of(game.rules, game.config),
            "excluded": excluded,
            "clock_moves": _clock_moves(game, seats),
            "absent": [users[seat] for seat in sorted(absent)],
        },
    )
    if not new or ledger.excluded:
        return
    outcome = game.game_type.rules.outcome(store.load(game.pk, game.rules).state)
    if outcome is not None:
        outcome = ranked(outcome, resigned_seats(game.pk), absent)
    if outcome is None:  # the read model says finished: the events must agree
        raise ValueError(f"game {game.pk} is marked finished but its rules see no outcome")
    ranking = outcome.ranking()
    ratings = _ratings(ledger.pool, [users[seat] for side in sides for seat in side])
    teams = [
        [
            MODEL.rating(mu=ratings[users[seat]].mu, sigma=ratings[users[seat]].sigma)
            for seat in side
        ]
        for side in sides
    ]
    ranks = [min(ranking[seat] for seat in side) for side in sides]
    for side, team in zip(sides, MODEL.rate(teams, ranks=ranks), strict=True):
        for seat, new_rating in zip(side, team, strict=True):
            rating = ratings[users[seat]]
            before = shown(rating.mu, rating.sigma)
            _update(rating, new_rating)
            ledger.changes[str(rating.user_id)] = [before, shown(rating.mu, rating.sigma)]
    ledger.save(update_fields=["changes"])


def _ratings(pool: str, user_ids: Sequence[int]) -> dict[int, Rating]:
    """The players' ratings in ``pool`` (a newcomer's for those without one), locked until
    the transaction ends, in one order, so that two games ending at once take turns."""
    for user_id in sorted(user_ids):
        Rating.objects.get_or_create(
            user_id=user_id, pool=pool, defaults={"mu": MODEL.mu, "sigma": MODEL.sigma}
        )
    locked = Rating.objects.select_for_update().filter(pool=pool, user_id__in=user_ids)
    return {rating.user_id: rating for rating in locked.order_by("user_id")}


def _update(rating: Rating, new: PlackettLuceRating) -> None:
    rating.mu, rating.sigma = new.mu, new.sigma
    rating.games += 1
    rating.save(update_fields=["mu", "sigma", "games"])


@transaction.atomic
def rebuild() -> dict[str, int]:
    """Forget every rating and rate every finished game again, in the order they ended;
    how many games were rated and passed over, and how many players have a rating."""
    Rating.objects.all().delete()
    RatedGame.objects.all().delete()
    finished = Game.objects.filter(status=Game.Status.FINISHED).order_by(
        F("finished_at").asc(nulls_first=True), "pk"
    )
    for game_id in finished.values_list("pk", flat=True).iterator():
        rate_game(game_id=game_id)
    return {
        "games_rated": RatedGame.objects.filter(excluded="").count(),
        "games_passed_over": RatedGame.objects.exclude(excluded="").count(),
        "players_rated": Rating.objects.values("user").distinct().count(),
    }
