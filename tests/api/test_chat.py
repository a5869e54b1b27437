"""A game's chat through the API, as the table's panel offers it: whoever may watch reads,
a player says a line."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from chat.models import ChatLine
from chat.services import remove_lines, say
from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_player_says_a_line_and_everyone_watching_reads_it(
    as_alice: APIClient, as_carol: APIClient, game: Game
) -> None:
    url = f"/api/games/{game.pk}/chat/"

    said = as_alice.post(url, {"text": "  Good luck!  "}, format="json")

    assert said.status_code == 201
    [line] = said.json()["lines"]
    assert (line["speaker"], line["text"], line["mine"]) == ("Alice", "Good luck!", True)
    assert line["after_sequence"] == game.last_sequence
    read = as_carol.get(url).json()
    assert read["can_speak"] is False and read["hidden"] is False
    assert [(line["text"], line["mine"]) for line in read["lines"]] == [("Good luck!", False)]


def test_only_players_speak_and_a_line_must_say_something(
    as_alice: APIClient, as_carol: APIClient, game: Game, alice: User
) -> None:
    url = f"/api/games/{game.pk}/chat/"

    assert as_carol.post(url, {"text": "Hi"}, format="json").status_code == 403
    blank = as_alice.post(url, {"text": "   "}, format="json")
    assert blank.status_code == 400 and "text" in blank.json()
    assert as_alice.post(url, {"text": "x" * 501}, format="json").status_code == 400
    assert as_alice.post(url, {"text": "Hi", "loud": True}, format="json").status_code == 400
    assert as_alice.get(url).json()["lines"] == []


def test_a_private_games_chat_is_not_there_for_others(
    as_bob: APIClient, as_carol: APIClient, game: Game, alice: User
) -> None:
    game.is_public = False
    game.save(update_fields=["is_public"])
    say(game, alice, "Between us")

    assert as_carol.get(f"/api/games/{game.pk}/chat/").status_code == 404
    assert [line["text"] for line in as_bob.get(f"/api/games/{game.pk}/chat/").json()["lines"]] == [
        "Between us"
    ]


def test_a_line_the_moderators_removed_reads_so_for_everyone(
    as_bob: APIClient, as_carol: APIClient, game: Game, bob: User, alice: User
) -> None:
    line = say(game, bob, "You play like a potato")
    remove_lines(ChatLine.objects.filter(pk=line.pk), by=alice)

    for reader in (as_bob, as_carol):
        [read] = reader.get(f"/api/games/{game.pk}/chat/").json()["lines"]
        assert (read["text"], read["removed"]) == ("Message removed by the moderators.", True)
