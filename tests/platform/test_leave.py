"""Leaving a table still being set, from its page: a guest gives their seat back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.lobby import game_join, game_open
from games.models import Game

pytestmark = pytest.mark.django_db
Login = Callable[[User], Client]


@pytest.fixture
def table(alice: User, bob: User) -> Game:
    """Alice's Toy table for three, Bob seated, waiting for a third player."""
    game = game_open(creator=alice, name="Toy for three", rules="toy", config={"players": 3})
    game_join(game=game, user=bob, token=game.invite_token)
    return game


def test_a_guest_leaves_the_table_from_its_page_and_is_back_in_the_lobby(
    table: Game, bob: User, as_user: Login
) -> None:
    client = as_user(bob)
    page = client.get(f"/games/{table.pk}/").content.decode()
    assert f'action="/games/{table.pk}/leave/"' in page and "Leave this table" in page

    answer = client.post(f"/games/{table.pk}/leave/", follow=True)

    assert answer.redirect_chain == [("/games/", 302)]
    assert "You left the table Toy for three." in answer.content.decode()
    assert not table.seats.filter(user=bob).exists()


def test_the_host_is_offered_no_leaving_and_is_refused_it(
    table: Game, alice: User, as_user: Login
) -> None:
    client = as_user(alice)
    assert "Leave this table" not in client.get(f"/games/{table.pk}/").content.decode()

    answer = client.post(f"/games/{table.pk}/leave/")

    assert answer.status_code == 409  # the waiting room, saying why (failed before: a 302)
    assert "hosts it and cannot leave it" in answer.content.decode()
    assert table.seats.count() == 2
