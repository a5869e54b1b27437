"""A player in the API: their name and, per pool, the rating and results the page shows."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from accounts.models import Profile
from games.models import Game
from ratings.models import Rating
from ratings.services import is_provisional, shown
from tests.clients import token_client

pytestmark = pytest.mark.django_db


def test_a_player_comes_with_their_ratings(
    make_players: Callable[[int], list[User]], toy_game: Callable[..., Game]
) -> None:
    alice, bob, carol = make_players(3)
    Profile.objects.update_or_create(user=bob, defaults={"display_name": "Bob the Builder"})
    toy_game([alice, bob], winner=1, mode="fast")

    response = token_client(carol).get(f"/api/players/{bob.pk}/")

    assert response.status_code == 200
    rating = Rating.objects.get(user=bob, pool="toy:fast")
    assert response.json() == {
        "id": bob.pk,
        "name": "Bob the Builder",
        "bot_account": False,
        "ratings": [
            {
                "pool": "toy:fast",
                "label": "Toy · fast",
                "rating": shown(rating.mu, rating.sigma),
                "provisional": is_provisional(rating.sigma),
                "mu": rating.mu,
                "sigma": rating.sigma,
                "rated_games": 1,
                "played": 1,
                "won": 1,
                "solo": 0,
                "best_solo": None,
            }
        ],
    }


def test_an_unknown_player_is_a_404(make_players: Callable[[int], list[User]]) -> None:
    [alice] = make_players(1)
    assert token_client(alice).get("/api/players/999999/").status_code == 404


def test_without_credentials_it_is_a_401(make_players: Callable[[int], list[User]]) -> None:
    [alice] = make_players(1)
    assert APIClient().get(f"/api/players/{alice.pk}/").status_code == 401
