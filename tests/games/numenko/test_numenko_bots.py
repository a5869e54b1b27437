"""The site's bots sit at a Numenko table in rounds, never at a live one: a bot moves the
moment it may, and at a live table it may at once and again, so that two bots finished a
game (93 moves) in two seconds while the person at the table had not moved."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.endings import resign
from games.events.models import Event
from games.lobby import game_open
from games.models import Game, Seat
from games.registry import rule_set
from tests.clients import token_client
from tests.members import speaks

from .tables import last, numenko_game

pytestmark = pytest.mark.django_db


def table(alice: User, mode: str) -> Game:
    return game_open(creator=alice, name="T", rules="numenko", config={"players": 3, "mode": mode})


def test_a_live_table_refuses_the_sites_bots_saying_why(alice: User) -> None:
    as_alice = token_client(alice)
    live = table(alice, "live")
    response = as_alice.post(f"/api/games/{live.pk}/bots/", format="json")
    assert response.status_code == 409
    assert "open a table in rounds" in response.json()["detail"]
    assert not Seat.objects.filter(game=live, is_bot=True).exists()


def test_a_table_in_rounds_seats_them(alice: User) -> None:
    as_alice = token_client(alice)
    rounds = table(alice, "rounds")
    assert as_alice.post(f"/api/games/{rounds.pk}/bots/", format="json").status_code == 201
    assert Seat.objects.filter(game=rounds, is_bot=True).count() == 1


def test_a_live_tables_waiting_room_offers_no_bot_and_says_why(alice: User) -> None:
    client = Client()
    client.force_login(alice)
    live = client.get(f"/games/{table(alice, 'live').pk}/").content.decode()
    assert "Give a free seat to a bot" not in live
    assert "open a table in rounds" in live
    rounds = client.get(f"/games/{table(alice, 'rounds').pk}/").content.decode()
    assert "Give a free seat to a bot" in rounds
    # The page's form, posted anyway, seats no bot either.
    game = Game.objects.filter(config__mode="live").get()
    client.post(f"/games/{game.pk}/bot/", {"level": "1"})
    assert not Seat.objects.filter(game=game, is_bot=True).exists()


def test_a_seat_resigned_at_a_live_table_is_content_and_races_no_further(
    alice: User,
    bob: User,
    carol: User,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """Bob resigns a live race: a bot takes his seat and passes (content) once, where a
    bot of the table's level would have exchanged and laid on at the server's speed,
    emptying the pot before Alice and Carol moved again."""
    game = numenko_game(alice, bob, carol, mode="live")
    assert (
        token_client(alice)
        .post(
            f"/api/games/{game.pk}/actions/",
            {"action": "pass", "expected_sequence": last(game)},
            format="json",
        )
        .status_code
        == 201
    )
    before = last(game)
    with django_capture_on_commit_callbacks(execute=True):
        resign(game=game, user=bob)
    moves = Event.objects.filter(game=game, seat=1, type="play", sequence__gt=before)
    rules = rule_set("numenko")
    # A move a bot made for a player says why beside the move itself.
    made = [{k: v for k, v in event.payload.items() if k != "reason"} for event in moves]
    assert [rules.action_from_json(move) for move in made] == [rules.parse_action("pass")]
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def _resign_question(game: Game, user: User) -> str:
    client = Client()
    client.force_login(user)
    return client.get(f"/games/{game.pk}/resign/").content.decode()


def test_before_resigning_a_live_table_a_player_reads_that_their_seat_will_pass(
    alice: User, bob: User, carol: User
) -> None:
    """No bot takes a seat resigned at a live table (it passes, content): the question
    asked before resigning says so, in French too, and the rules page says where the site's
    bots may not sit no bot takes a resigned seat either; then the table says so too. A
    table in rounds still says a bot plays on."""
    live = numenko_game(alice, bob, carol, mode="live")
    question = _resign_question(live, bob)
    assert "A bot plays your seat" not in question
    assert "No bot plays at this table: your seat passes to the end" in question
    speaks(bob, "fr")
    french = _resign_question(live, bob)
    assert "Aucun bot ne joue à cette table\u00a0: votre place passe jusqu’à la fin" in french

    client = Client()
    client.force_login(bob)
    client.post(f"/games/{live.pk}/resign/")
    table = client.get(f"/games/{live.pk}/").content.decode()
    assert "Vous avez abandonné\u00a0: votre place passe jusqu’à la fin" in table
    assert "un bot joue à votre place" not in table

    in_rounds = numenko_game(alice, bob, carol, mode="rounds")
    assert "Un bot joue à votre place jusqu’à la fin" in _resign_question(in_rounds, bob)

    rules = Client().get("/rules/numenko/").content.decode()
    assert "no bot takes a resigned seat either: it passes to the end" in rules
    assert "no bot takes a resigned seat" not in Client().get("/rules/numx/").content.decode()


def test_after_resigning_a_live_table_no_page_says_a_bot_plays_on(
    alice: User,
    bob: User,
    carol: User,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """Bob's lobby lists the live game he resigned without a bot playing his seat; once
    Carol resigns too, every seat but Alice's has passed and hers passes for her: the game
    is over at once, and her table says she won, with no bot left to finish it."""
    live = numenko_game(alice, bob, carol, mode="live")
    in_rounds = numenko_game(alice, bob, carol, mode="rounds")
    with django_capture_on_commit_callbacks(execute=True):
        resign(game=live, user=bob)
        resign(game=in_rounds, user=bob)
    client = Client()
    client.force_login(bob)
    lobby = client.get("/games/").content.decode()
    assert lobby.count("you resigned: your seat passes") == 1
    assert lobby.count("you resigned: a bot plays your seat") == 1
    speaks(bob, "fr")
    assert "vous avez abandonné\u00a0: votre place passe" in client.get("/games/").content.decode()

    with django_capture_on_commit_callbacks(execute=True):
        resign(game=live, user=carol)
    client.force_login(alice)
    table = client.get(f"/games/{live.pk}/").content.decode()
    assert "Every other player resigned: you won." in table
    assert "bots finish" not in table
    live.refresh_from_db()
    assert live.status == Game.Status.FINISHED
