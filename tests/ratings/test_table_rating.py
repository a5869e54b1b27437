"""A finished game's table says what it did to each rated player's rating ("Rating: 1368
(+33)", written as the player page and the leaderboards write it), linked to their rating's
history, or once why the game was not rated; nothing while the ratings have not taken it in
yet."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from games.events.consumers import dispatch
from games.models import Game
from ratings.models import RatedGame
from tests.platform.conftest import play_to_the_end
from tests.ratings.conftest import open_game
from tests.ratings.test_bot_accounts import make_bot

pytestmark = pytest.mark.django_db

Players = Callable[[int], list[User]]
Play = Callable[..., Game]


def table_page(game: Game, language: str = "en") -> str:
    response = Client().get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


def change_of(game: Game, user: User) -> tuple[int, int]:
    before, after = RatedGame.objects.get(game=game).changes[str(user.pk)]
    return before, after


def test_each_rated_player_sees_their_new_rating_and_its_change(
    make_players: Players, toy_game: Play
) -> None:
    alice, bob = make_players(2)
    game = toy_game([alice, bob], winner=0)
    (alice_before, alice_after), (bob_before, bob_after) = (
        change_of(game, alice),
        change_of(game, bob),
    )
    assert alice_after > alice_before and bob_after < bob_before  # she won

    html = table_page(game)

    rose = f"Rating: {alice_after} (+{alice_after - alice_before})"
    fell = f"Rating: {bob_after} (\u2212{bob_before - bob_after})"
    assert html.count(rose) == 1 and html.count(fell) == 1
    assert f'href="/players/{alice.pk}/ratings/toy/"' in html
    assert f'href="/players/{bob.pk}/ratings/toy/"' in html


def test_a_game_with_a_bot_says_once_it_was_not_rated(
    make_players: Players, toy_game: Play
) -> None:
    alice, bot = make_players(2)
    game = toy_game([alice, make_bot(bot)], winner=0)

    html = table_page(game)

    assert html.count("Not rated: bots played") == 1
    assert "Rating:" not in html


def test_a_game_not_rated_yet_shows_no_rating_then_its_rating_once_rated(
    make_players: Players, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    """The ratings take a game in after it ends, maybe later: until then its table says
    nothing of them, and a browser holding that page gets the rated one, not a 304."""
    alice, bob = make_players(2)
    game = open_game([alice, bob], "toy", {"players": 2, "pile": 1}, public=True)
    play_to_the_end(game)  # the consumers have not run: the game is not rated yet
    client = Client()

    before = client.get(f"/games/{game.pk}/")

    assert before.status_code == 200
    assert "Rating:" not in before.content.decode()
    assert "rated" not in before.content.decode()
    with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
        dispatch(game.pk)
    after = client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert "Rating:" in after.content.decode()
    # Rated, the page stays the same: the browser's copy is good (304), not drawn again.
    again = client.get(f"/games/{game.pk}/", HTTP_IF_NONE_MATCH=after["ETag"])
    assert again.status_code == 304


def test_the_french_table_says_it_in_french(make_players: Players, toy_game: Play) -> None:
    alice, bob = make_players(2)
    game = toy_game([alice, bob], winner=0)
    before, after = change_of(game, alice)

    html = table_page(game, "fr")

    # The number as the player page and the leaderboards write it (no grouping there).
    assert f"Classement\u00a0: {after} (+{after - before})" in html


def test_the_table_asks_the_ratings_once_whatever_its_players(
    make_players: Players, toy_game: Play
) -> None:
    game = toy_game(make_players(4), winner=2)

    with CaptureQueriesContext(connection) as queries:
        table_page(game)

    asked = [q["sql"] for q in queries.captured_queries if "ratings_ratedgame" in q["sql"]]
    assert len(asked) == 1
