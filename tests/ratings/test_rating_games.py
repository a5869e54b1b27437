"""A finished game moves its players' ratings, once, by openskill's Plackett-Luce model from
its finishing order; bot games are not rated; a game the clock moved in is rated and marked."""

from __future__ import annotations

import io
import json
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from openskill.models import PlackettLuce

from games.events.consumers import dispatch
from games.lobby import game_add_bot, game_open, game_start
from games.models import Game
from ratings.models import RatedGame, Rating
from ratings.services import PROVISIONAL_SIGMA, is_provisional, shown
from tests.platform.conftest import play_to_the_end

pytestmark = pytest.mark.django_db

Players = Callable[[int], list[User]]
Play = Callable[..., Game]


def rating(user: User, pool: str = "toy") -> Rating:
    return Rating.objects.get(user=user, pool=pool)


def test_the_winner_rises_and_the_loser_falls(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    newcomer = shown(PlackettLuce().mu, PlackettLuce().sigma)

    toy_game([alice, bob], winner=1)

    assert shown(rating(bob).mu, rating(bob).sigma) > newcomer
    assert shown(rating(alice).mu, rating(alice).sigma) < newcomer
    assert rating(alice).games == rating(bob).games == 1


def test_ratings_follow_plackett_luce_from_the_finishing_order(
    make_players: Players, toy_game: Play
) -> None:
    players = make_players(3)
    model = PlackettLuce()
    expected = [[model.rating()] for _ in players]

    for winner in (2, 0, 2):
        game = toy_game(players, winner=winner)
        scores = [seat.score for seat in game.seats.order_by("number")]
        # Toy scores the winner 1 and everyone else 0: they share second place.
        ranks = [1 + sum(other > score for other in scores) for score in scores]
        expected = model.rate(expected, ranks=ranks)

    for user, [wanted] in zip(players, expected, strict=True):
        assert rating(user).mu == pytest.approx(wanted.mu)
        assert rating(user).sigma == pytest.approx(wanted.sigma)


def test_each_mode_is_rated_apart(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)

    toy_game([alice, bob], winner=0, mode="fast")
    toy_game([alice, bob], winner=1)

    assert rating(alice, "toy:fast").games == rating(alice, "toy").games == 1
    assert rating(alice, "toy:fast").mu > rating(alice, "toy").mu


def test_a_game_is_rated_once(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    game = toy_game([alice, bob], winner=0)
    before = rating(alice).mu

    dispatch(game.pk)  # a late wake-up of the consumers finds nothing new
    call_command("numx", "catch-up")

    assert (rating(alice).mu, rating(alice).games) == (before, 1)


def test_games_with_bots_are_not_rated(make_players: Players) -> None:
    [alice] = make_players(1)
    game = game_open(creator=alice, name="Bot", rules="toy", config={"players": 2, "pile": 4})
    game_add_bot(game=game, by=alice)
    game_start(game=game, by=alice)
    play_to_the_end(game)

    dispatch(game.pk)

    assert not Rating.objects.exists()
    assert RatedGame.objects.get(game=game).excluded == RatedGame.Excluded.BOTS


def test_a_rating_is_provisional_until_its_sigma_is_low(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob = make_players(2)
    toy_game([alice, bob], winner=0)
    assert is_provisional(rating(alice).sigma)

    while rating(alice).sigma > PROVISIONAL_SIGMA:
        toy_game([alice, bob], winner=rating(alice).games % 2)

    assert not is_provisional(rating(alice).sigma)
    # Even: an average player shows about 1500 once no longer provisional.
    assert abs(shown(rating(alice).mu, rating(alice).sigma) - 1500) < 60


def test_a_rebuild_gives_the_ratings_the_games_gave_one_by_one(
    make_players: Players, toy_game: Play
) -> None:
    players = make_players(4)
    toy_game(players[:2], winner=1)
    toy_game(players[1:], winner=2)
    toy_game(players, winner=3, mode="fast")
    toy_game(players[:3], winner=0)
    before = sorted(Rating.objects.values_list("user", "pool", "mu", "sigma", "games"))

    Rating.objects.update(mu=0.0)  # derived data gone wrong
    out = io.StringIO()
    call_command("ratings", "rebuild", stdout=out)

    assert json.loads(out.getvalue()) == {
        "games_rated": 4,
        "games_passed_over": 0,
        "players_rated": 4,
    }
    assert sorted(Rating.objects.values_list("user", "pool", "mu", "sigma", "games")) == before


def test_a_game_the_clock_moved_in_is_rated_and_marked(
    make_players: Players, clock_game: Play
) -> None:
    alice, bob = make_players(2)

    game = clock_game(alice, bob)

    assert RatedGame.objects.get(game=game).clock_moves == 1
    assert rating(bob).games == rating(alice).games == 1
