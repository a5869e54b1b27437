"""The site's other pages list and follow a Toy game like any other."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game
from tests.platform.conftest import take

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_alices_lobby_lists_her_toy_game(as_user: Login, alice: User, duel: Game) -> None:
    answer = as_user(alice).get("/games/")
    assert answer.status_code == 200
    assert "Toy duel" in answer.content.decode()


def test_the_home_page_lists_a_finished_toy_game_to_replay(finished_duel: Game) -> None:
    answer = Client().get("/")
    assert answer.status_code == 200
    assert "Toy duel" in answer.content.decode()


def test_bobs_table_polls_and_gets_the_table_once_alice_has_moved(
    as_user: Login, bob: User, duel: Game
) -> None:
    duel.refresh_from_db()
    seen = duel.last_sequence
    bob_client = as_user(bob)
    assert bob_client.get(f"/games/{duel.pk}/poll/?seq={seen}").status_code == 204
    take(duel, 0, 2)
    answer = bob_client.get(f"/games/{duel.pk}/poll/?seq={seen}", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    assert "Tokens left: 5" in answer.content.decode()
