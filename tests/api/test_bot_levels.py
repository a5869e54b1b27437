"""The API offers a level per bot seat, and one per table; a level that does not exist is
a 400 naming the field, and nothing is written."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.engine.ruleset import BotLevel
from games.lobby import game_open
from games.models import Game

pytestmark = pytest.mark.django_db


def test_the_api_opens_a_table_with_its_bot_level(as_alice: APIClient) -> None:
    body = {"name": "g", "config": {"players": 2}, "bot_level": 0}
    created = as_alice.post("/api/games/", body, format="json")
    assert created.status_code == 201
    assert Game.objects.get(pk=created.json()["id"]).bot_level == BotLevel.RANDOM


def test_a_table_says_its_bot_level(as_alice: APIClient) -> None:
    """Failed before: the level a table was opened with (that of the bots seated without
    one of their own, and of a resigned player's) was nowhere in its answers."""
    body = {"name": "g", "rules": "maya", "config": {"players": 2}, "bot_level": 2}
    created = as_alice.post("/api/games/", body, format="json").json()

    assert created["bot_level"] == 2
    assert as_alice.get(f"/api/games/{created['id']}/").json()["bot_level"] == 2
    assert as_alice.get("/api/games/").json()["results"][0]["bot_level"] == 2


@pytest.mark.parametrize("level", [3, -1, "clever", None])
def test_the_api_refuses_a_table_with_a_level_that_does_not_exist(
    as_alice: APIClient, level: object
) -> None:
    body = {"name": "g", "config": {"players": 2}, "bot_level": level}
    response = as_alice.post("/api/games/", body, format="json")
    assert response.status_code == 400 and "bot_level" in response.json()
    assert not Game.objects.exists()


def test_each_bot_seat_gets_the_level_asked_or_the_tables(as_alice: APIClient, alice: User) -> None:
    table = game_open(creator=alice, name="T", config={"players": 3}, bot_level=0)
    searched = as_alice.post(f"/api/games/{table.pk}/bots/", {"level": 2}, format="json")
    assert searched.status_code == 201
    default = as_alice.post(f"/api/games/{table.pk}/bots/", format="json")
    assert default.status_code == 201
    levels = [seat["bot_level"] for seat in default.json()["seats"]]
    assert levels == [None, 2, 0]


@pytest.mark.parametrize("body", [{"level": 5}, {"level": "two"}, {"levle": 1}])
def test_a_bot_of_a_level_that_does_not_exist_is_refused_and_not_seated(
    as_alice: APIClient, alice: User, body: dict[str, object]
) -> None:
    table = game_open(creator=alice, name="T", config={"players": 3})
    response = as_alice.post(f"/api/games/{table.pk}/bots/", body, format="json")
    assert response.status_code == 400
    assert table.seats.count() == 1
