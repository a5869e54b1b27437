"""The games waiting for a player, the least time left first: the lobby's order, and the
table's "next game waiting for me" button; each clock says the time left and the bank."""

from __future__ import annotations

import random
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lobby import game_join, game_open, game_start
from games.models import Game, Seat

pytestmark = pytest.mark.django_db


def started(alice: User, bob: User, name: str, days: int | None) -> Game:
    """A two-player game between Alice and Bob, started: its opening pick waits for both."""
    game = game_open(
        creator=alice,
        name=name,
        config={"players": 2, "mode": "speed-run"},
        move_deadline=None if days is None else timedelta(days=days),
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(3))


@pytest.fixture
def alices(alice: User) -> Client:
    client = Client()
    client.force_login(alice)
    return client


def test_the_lobby_lists_the_games_waiting_for_you_least_time_left_first(
    alices: Client, alice: User, bob: User
) -> None:
    started(alice, bob, "Slow game", days=5)
    started(alice, bob, "Quick game", days=1)
    started(alice, bob, "Middle game", days=3)

    page = alices.get("/games/").content.decode()

    assert page.index("Quick game") < page.index("Middle game") < page.index("Slow game")
    assert page.count('<time class="countdown"') == 3


def test_next_game_goes_to_the_other_game_with_the_least_time_left(
    alices: Client, alice: User, bob: User
) -> None:
    slow = started(alice, bob, "Slow game", days=5)
    quick = started(alice, bob, "Quick game", days=1)
    middle = started(alice, bob, "Middle game", days=3)

    table = alices.get(f"/games/{quick.pk}/").content.decode()
    assert f'href="/games/next/?after={quick.pk}"' in table

    assert alices.get(f"/games/next/?after={quick.pk}").url == f"/games/{middle.pk}/"
    assert alices.get(f"/games/next/?after={middle.pk}").url == f"/games/{quick.pk}/"
    assert alices.get("/games/next/").url == f"/games/{quick.pk}/"
    assert slow.pk not in (quick.pk, middle.pk)


def test_next_game_with_no_other_game_waiting_says_so_in_the_lobby(
    alices: Client, alice: User, bob: User
) -> None:
    only = started(alice, bob, "Only game", days=2)

    answer = alices.get(f"/games/next/?after={only.pk}", follow=True)

    assert answer.redirect_chain == [("/games/", 302)]
    assert "No other game is waiting for you." in answer.content.decode()


def test_next_game_ignores_an_after_that_is_no_game(alices: Client, alice: User, bob: User) -> None:
    game = started(alice, bob, "A game", days=2)
    assert alices.get("/games/next/?after=%C2%B2").url == f"/games/{game.pk}/"


def test_a_visitor_is_asked_to_log_in_for_the_next_game() -> None:
    assert "/accounts/login/" in Client().get("/games/next/").url


def test_each_awaited_player_shows_a_countdown_and_every_player_their_time_bank(
    alices: Client, alice: User, bob: User
) -> None:
    game = started(alice, bob, "Clocked", days=2)

    page = alices.get(f"/games/{game.pk}/").content.decode()

    assert page.count('<time class="countdown" datetime="') == 2  # both pick at once
    assert page.count("time bank: 7 days") == 2
    assert "js/clocks.js" in page


def test_a_game_without_a_deadline_shows_no_time_bank_and_no_time_to_move_by(
    alices: Client, alice: User, bob: User
) -> None:
    """The site's backstop for absent players is no deadline the table announces."""
    game = started(alice, bob, "Unclocked", days=None)
    page = alices.get(f"/games/{game.pk}/").content.decode()
    assert "time bank" not in page
    assert "moves by" not in page and 'class="countdown"' not in page
    # Nor does the lobby: failed before, a game the table said had no deadline was listed
    # as to be played "by" a date two weeks on, which no player had been told of.
    lobby = alices.get("/games/").content.decode()
    assert "it is your turn" in lobby
    assert "moves by" not in lobby and 'class="countdown"' not in lobby


def test_the_lobby_tells_you_by_when_to_move_in_your_own_person(
    alices: Client, alice: User, bob: User
) -> None:
    """Failed before: the lobby borrowed the table's words for any player, "c’est à vous
    de jouer · joue avant le …", a French player reading of themself in the third person."""
    started(alice, bob, "Quick game", days=1)
    english = alices.get("/games/").content.decode()
    french = alices.get("/games/", headers={"Accept-Language": "fr"}).content.decode()
    assert "move by " in english and "moves by" not in english
    assert "jouez avant le " in french and "joue avant le" not in french


def test_the_lobby_says_whom_each_game_waits_for_when_it_is_not_you(
    alices: Client, alice: User, bob: User
) -> None:
    """Failed before: "Waiting for others" named no one, so a player with many games could
    not tell which friend each waited for without opening every table."""
    game = started(alice, bob, "Slow game", days=2)
    Seat.objects.filter(game=game, user=alice).update(awaited=False)
    page = alices.get("/games/").content.decode()
    waiting = page[page.index('id="playing"') :]
    assert "Slow game" in waiting and "waiting for bob" in waiting
