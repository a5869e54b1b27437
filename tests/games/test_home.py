"""The home page: what the product is, and games to watch or replay."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game

pytestmark = pytest.mark.django_db


def test_home_page_names_the_product_and_offers_sign_up(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "<h1>NUM-X by mail</h1>" in page
    assert "/accounts/signup/" in page and "/accounts/login/" in page


def test_home_page_lists_public_games_to_watch_and_never_private_ones(
    client: Client, duel: Game
) -> None:
    assert f"/games/{duel.pk}/" in client.get("/").content.decode()
    Game.objects.filter(pk=duel.pk).update(is_public=False)
    assert f"/games/{duel.pk}/" not in client.get("/").content.decode()


def test_a_signed_in_player_goes_straight_to_their_games(alice: User, as_user) -> None:  # type: ignore[no-untyped-def]
    response = as_user(alice).get("/")
    assert response.status_code == 302 and response["Location"] == "/games/"


def test_the_health_check_answers_ok(client: Client) -> None:
    response = client.get("/healthz/")
    assert response.status_code == 200 and response.content == b"ok\n"


def test_home_page_tells_a_newcomer_what_each_of_the_five_games_is_about(client: Client) -> None:
    page = client.get("/").content.decode()
    # The introduction speaks of every game, not of NUM-X alone.
    assert "Play NUM-X, the tactical French card game" not in page
    assert "five number games" in page
    # Each game comes with its goal in one sentence, as its rules page opens.
    assert "secret objective that scores a bonus" in page  # Objectifs
    assert "a tile scores its digit times the level it lies on" in page  # NMBR 9
    assert "one crossword of true calculations" in page  # Numenko
    assert "bringing the shared count to your own secret number" in page  # Maya
    assert "which the winners of the tricks hand out" in page  # NUM-X
