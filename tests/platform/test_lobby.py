"""Opening, joining and starting a table of a game other than NUM-X, through the pages."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.platform.conftest import state_of

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_the_new_game_page_links_to_every_registered_game(as_user: Login, alice: User) -> None:
    page = as_user(alice).get("/games/new/").content.decode()
    assert '<a href="?game=toy">Toy</a>' in page


def test_the_new_game_page_offers_toy_and_its_own_options(as_user: Login, alice: User) -> None:
    page = as_user(alice).get("/games/new/?game=toy").content.decode()
    assert "New game: Toy" in page
    assert 'name="pile"' in page and 'name="players"' in page
    assert 'name="mode"' not in page  # NUM-X's options stay with NUM-X


def test_alice_opens_a_toy_table_bob_joins_and_alice_starts_it(
    as_user: Login, alice: User, bob: User
) -> None:
    opened = as_user(alice).post(
        "/games/new/?game=toy",
        {"name": "Tokens", "deadline_policy": "pass", "players": "2", "pile": "9"},
    )
    game = Game.objects.get(name="Tokens")
    assert opened.status_code == 302
    assert (game.rules, game.config) == ("toy", {"players": 2, "pile": 9})

    as_user(bob).post(f"/games/{game.pk}/join/{game.invite_token}/")
    as_user(alice).post(f"/games/{game.pk}/start/")

    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING
    assert state_of(game).pile == 9 and len(state_of(game).charms) == 2
    table = as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Tokens left: 9" in table


def test_options_the_rules_refuse_are_shown_again_with_their_error(
    as_user: Login, alice: User
) -> None:
    refused = as_user(alice).post(
        "/games/new/?game=toy",
        {"name": "Too big", "deadline_policy": "pass", "players": "2", "pile": "99"},
    )
    assert refused.status_code == 400
    assert not Game.objects.filter(name="Too big").exists()
