"""The site's other pages list and follow a Toy game like any other."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.contrib.staticfiles import finders
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


def test_toy_brings_its_templates_and_stylesheet_from_its_own_folder(
    as_user: Callable[[User], Client], alice: User, duel: Game
) -> None:
    """Its registry line (and the installed app the settings make of it) is all Toy adds:
    its table template and its stylesheet come from tests/toygame/."""
    page = as_user(alice).get(f"/games/{duel.pk}/").content.decode()
    assert 'class="pile"' in page
    assert "/static/games/toy/table.css" in page
    assert finders.find("games/toy/table.css") is not None
