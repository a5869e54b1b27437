"""A newcomer's first game: from a game's how-to page or the lobby, one click makes a
private table against bots with the game's default options, starts it, and lands on it."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from games.lobby import FIRST_GAME_BOTS, default_config
from games.models import Game
from games.registry import game_ids, game_type
from tests.games.conftest import Committed

pytestmark = pytest.mark.django_db


def button(page: str, rules: str) -> dict[str, str]:
    """The form data of the page's "Try it against bots" button for ``rules``."""
    form = re.search(rf'action="/games/try/{rules}/".*?</form>', page, re.S)
    assert form is not None, f"no button to try {rules}"
    key = re.search(r'name="key" value="(\w+)"', form.group(0))
    assert key is not None
    return {"key": key.group(1)}


def signed_in(user: User) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_one_click_on_the_how_to_page_starts_a_private_game_against_bots(alice: User) -> None:
    client = signed_in(alice)
    data = button(client.get("/rules/maya/").content.decode(), "maya")

    answer = client.post("/games/try/maya/", data)

    game = Game.objects.get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{game.pk}/"
    assert game.rules == "maya" and game.status == Game.Status.RUNNING
    assert not game.is_public and game.move_deadline is None
    assert game.config == default_config("maya")
    seats = list(game.seats.order_by("number"))
    assert seats[0].user == alice
    assert len(seats) == game.config["players"] > 1
    assert all(seat.is_bot and seat.bot_level == FIRST_GAME_BOTS for seat in seats[1:])
    assert client.get(answer["Location"]).status_code == 200
    french = Client(headers={"accept-language": "fr"})
    french.force_login(alice)
    assert "Première partie de Maya" in french.get(answer["Location"]).content.decode()


def test_a_second_press_of_the_same_button_lands_on_the_same_table(alice: User) -> None:
    client = signed_in(alice)
    data = button(client.get("/games/").content.decode(), "nmbr9")

    first = client.post("/games/try/nmbr9/", data)
    again = client.post("/games/try/nmbr9/", data)

    assert Game.objects.count() == 1
    assert again["Location"] == first["Location"]


def test_the_lobby_offers_a_first_game_of_every_game(alice: User) -> None:
    page = signed_in(alice).get("/games/").content.decode()
    for game_id in game_ids():
        assert button(page, game_id)
        assert f'href="/rules/{game_id}/"' in page


@pytest.mark.parametrize("game_id", game_ids())
def test_each_games_default_options_make_a_game_its_rules_accept(game_id: str) -> None:
    config = default_config(game_id)
    game_type(game_id).rules.new_game(config)
    assert config["players"] >= 1


def test_a_visitor_is_asked_to_sign_in_and_nothing_is_made(client: Client) -> None:
    page = client.get("/rules/numx/").content.decode()
    assert "/accounts/login/?next=/rules/numx/" in page
    assert 'action="/games/try/' not in page

    answer = client.post("/games/try/numx/", {"key": "0" * 32})

    assert answer.status_code == 302 and "/accounts/login/" in answer["Location"]
    assert not Game.objects.exists()


def test_bad_requests_are_refused_and_make_nothing(alice: User) -> None:
    client = signed_in(alice)
    assert client.post("/games/try/chess/", {"key": "0" * 32}).status_code == 404
    assert client.post("/games/try/numx/", {}).status_code == 400
    assert client.post("/games/try/numx/", {"key": "<script>"}).status_code == 400
    assert client.get("/games/try/numx/").status_code == 405
    assert not Game.objects.exists()


def test_the_player_who_pressed_the_button_gets_no_your_turn_mail(
    alice: User, committed: Committed
) -> None:
    """Failed before: each press mailed "your turn" at once, five mails for a newcomer
    trying the five games, while the button had just brought them to the table."""
    client = signed_in(alice)
    data = button(client.get("/games/").content.decode(), "maya")
    mail.outbox.clear()

    answer = committed(lambda: client.post("/games/try/maya/", data))

    assert answer.status_code == 302
    assert [message.subject for message in mail.outbox] == []
