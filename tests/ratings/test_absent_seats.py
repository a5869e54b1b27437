"""A seat that made no move of its own (the clock played every one of its moves) is left out
of its game's rating: its player's rating and history do not move, the others are rated
among themselves as they finished, and a rebuild agrees (docs/ratings.md, "Abandoned
games")."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from openskill.models import PlackettLuce

from games.deadlines import play_for_absent
from games.models import Game
from ratings.models import RatedGame, Rating
from ratings.services import rebuild
from tests.ratings.conftest import open_game, take_as

pytestmark = pytest.mark.django_db

#: A rated game's line on a player page: "rating 1335 → 1362".
HISTORY = re.compile(r"rating \d+\u00a0→ \d+")

Players = Callable[[int], list[User]]
Play = Callable[..., Game]
Committed = Callable[..., object]


def ratings_of(users: list[User]) -> dict[int, tuple[float, float, int]]:
    found = Rating.objects.filter(pool="toy", user__in=users)
    return {
        user_id: (mu, sigma, games)
        for user_id, mu, sigma, games in found.values_list("user_id", "mu", "sigma", "games")
    }


def absent_win(players: list[User], committed: Committed) -> Game:
    """A Toy game of three tokens where the last seat's player never moved: the others
    take one each, themselves, and the deadline policy takes the last token for the last
    seat, which so has the rules' win (the best score), but not the site's."""
    game = open_game(players, "toy", {"players": len(players), "pile": len(players)}, True)
    with committed(execute=True):  # type: ignore[operator]
        for seat, user in enumerate(players[:-1]):
            take_as(game, user, seat, 1)
        assert play_for_absent(game, len(players) - 1)
    game.refresh_from_db()
    assert game.status == Game.Status.FINISHED
    absent = game.seats.get(number=len(players) - 1)
    assert absent.score == 1 and absent.absent and not absent.winner
    return game


Absent = tuple[list[User], dict[int, tuple[float, float, int]], Game]


@pytest.fixture
def carol_absent(
    make_players: Players, toy_game: Play, django_capture_on_commit_callbacks: Committed
) -> Absent:
    """Alice, Bob and Carol rated by a first game; then a game Carol wins without a move of
    her own: the players, their ratings before it, and that game."""
    players = make_players(3)
    toy_game(players, winner=1)
    before = ratings_of(players)
    return players, before, absent_win(players, django_capture_on_commit_callbacks)


def test_a_player_who_never_moved_is_not_rated_and_the_others_are_among_themselves(
    carol_absent: Absent,
) -> None:
    [alice, bob, carol], before, game = carol_absent

    after = ratings_of([alice, bob, carol])
    assert after[carol.pk] == before[carol.pk]  # the absent winner: neither gain nor loss
    ledger = RatedGame.objects.get(game=game)
    assert not ledger.excluded
    assert set(ledger.changes) == {str(alice.pk), str(bob.pk)}
    # Alice and Bob both lost to the clock's seat: between themselves, a tie.
    model = PlackettLuce()
    teams = [
        [model.rating(mu=before[user.pk][0], sigma=before[user.pk][1])] for user in (alice, bob)
    ]
    [[alice_now], [bob_now]] = model.rate(teams, ranks=[1, 1])
    assert after[alice.pk] == pytest.approx((alice_now.mu, alice_now.sigma, 2))
    assert after[bob.pk] == pytest.approx((bob_now.mu, bob_now.sigma, 2))

    Rating.objects.update(mu=0.0)
    rebuild()
    assert ratings_of([alice, bob, carol]) == after
    assert set(RatedGame.objects.get(game=game).changes) == {str(alice.pk), str(bob.pk)}


def test_a_duel_against_a_player_who_never_moved_is_not_rated(
    make_players: Players, django_capture_on_commit_callbacks: Committed
) -> None:
    alice, bob = make_players(2)

    game = absent_win([alice, bob], django_capture_on_commit_callbacks)

    assert RatedGame.objects.get(game=game).excluded == RatedGame.Excluded.ABSENT
    assert not Rating.objects.exists()
    rebuild()
    assert not Rating.objects.exists()


def test_the_page_of_a_player_who_never_moved_says_the_game_was_not_rated_for_them(
    carol_absent: Absent,
) -> None:
    [alice, _bob, carol], _before, _game = carol_absent

    carols = Client().get(f"/players/{carol.pk}/").content.decode()
    assert len(HISTORY.findall(carols)) == 1  # the first game's "rating 1335 → …" alone
    assert "not rated: no move of their own" in carols
    in_french = Client().get(f"/players/{carol.pk}/", HTTP_ACCEPT_LANGUAGE="fr")
    assert "non classée\u00a0: aucun coup joué en personne" in in_french.content.decode()
    alices = Client().get(f"/players/{alice.pk}/").content.decode()
    assert len(HISTORY.findall(alices)) == 2 and "no move of their own" not in alices


def test_the_page_of_a_duel_nobody_else_moved_in_says_why_it_was_not_rated(
    make_players: Players, django_capture_on_commit_callbacks: Committed
) -> None:
    alice, bob = make_players(2)

    absent_win([alice, bob], django_capture_on_commit_callbacks)

    alices = Client().get(f"/players/{alice.pk}/").content.decode()
    assert "not rated: nobody else made a move of their own" in alices
    bobs = Client().get(f"/players/{bob.pk}/").content.decode()
    assert "not rated: no move of their own" in bobs


def test_the_table_says_the_game_was_not_rated_for_the_player_who_never_moved(
    carol_absent: Absent,
) -> None:
    [alice, bob, carol], _before, game = carol_absent

    html = Client().get(f"/games/{game.pk}/").content.decode()

    assert html.count("not rated: no move of their own") == 1
    assert html.count("Rating: ") == 2
    assert f"/players/{carol.pk}/ratings/toy/" not in html
    assert f"/players/{alice.pk}/ratings/toy/" in html and f"/players/{bob.pk}/ratings/" in html
