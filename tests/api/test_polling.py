"""What a bot that polls is given: a 304 instead of an answer it already holds, the games
awaiting it alone, and where it stands against its rate on every answer."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from games.events import store
from games.lobby import game_open
from games.models import Game

pytestmark = pytest.mark.django_db


def _again(client: APIClient, url: str, answer: Any, **params: Any) -> Any:
    """The same GET, sent with the ETag of ``answer``."""
    return client.get(url, params, HTTP_IF_NONE_MATCH=answer.headers["ETag"])


def test_a_game_its_player_already_holds_is_a_304_without_replaying_it(
    monkeypatch: pytest.MonkeyPatch,
    as_alice: APIClient,
    game: Game,
    play_first: Callable[[Game, int], None],
) -> None:
    url = f"/api/games/{game.pk}/"
    first = as_alice.get(url)
    assert first.status_code == 200 and first.headers["ETag"]

    def no_replay(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the state was rebuilt for a 304")

    with monkeypatch.context() as patched:
        patched.setattr(store, "load", no_replay)
        unchanged = _again(as_alice, url, first)
    assert unchanged.status_code == 304 and not unchanged.content
    assert unchanged.headers["ETag"] == first.headers["ETag"]

    play_first(game, game.awaiting[0])
    moved = _again(as_alice, url, first)
    assert moved.status_code == 200 and moved.headers["ETag"] != first.headers["ETag"]


def test_another_viewers_etag_gets_the_whole_answer(
    as_alice: APIClient, as_carol: APIClient, game: Game
) -> None:
    """Alice's seat and Carol, a spectator, see different things of the same game."""
    url = f"/api/games/{game.pk}/"
    alices = as_alice.get(url)

    assert _again(as_carol, url, alices).status_code == 200


def test_my_games_and_the_event_log_are_304_while_unchanged(
    as_alice: APIClient, game: Game, play_first: Callable[[Game, int], None]
) -> None:
    for url in ("/api/games/", f"/api/games/{game.pk}/events/"):
        first = as_alice.get(url)
        assert _again(as_alice, url, first).status_code == 304, url
    listed = as_alice.get("/api/games/")
    log = as_alice.get(f"/api/games/{game.pk}/events/", {"after": 1})

    play_first(game, game.awaiting[0])

    assert _again(as_alice, "/api/games/", listed).status_code == 200
    assert _again(as_alice, f"/api/games/{game.pk}/events/", log, after=1).status_code == 200


def test_awaiting_me_lists_only_the_games_awaiting_my_move(
    as_alice: APIClient, alice: User, game: Game, play_first: Callable[[Game, int], None]
) -> None:
    game_open(creator=alice, name="Waiting for players", config={"players": 3})
    assert game.awaiting == [0, 1]  # the opening pick: everyone at once

    listed = as_alice.get("/api/games/", {"awaiting": "me"}).json()
    assert as_alice.get("/api/games/").json()["count"] == 2
    assert [g["id"] for g in listed["results"]] == [game.pk]
    play_first(game, 0)
    assert as_alice.get("/api/games/", {"awaiting": "me"}).json()["results"] == []
    assert as_alice.get("/api/games/", {"awaiting": "you"}).status_code == 400
    assert as_alice.get("/api/games/", {"awaiting": ""}).status_code == 400


def test_every_answer_says_where_the_client_stands_against_its_rate(
    monkeypatch: pytest.MonkeyPatch, as_alice: APIClient, game: Game
) -> None:
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "3/minute"})
    answers = [
        as_alice.get(f"/api/games/{game.pk}/"),
        as_alice.get("/api/games/999999/"),
        as_alice.get("/api/tournaments/"),
        as_alice.get("/api/games/"),
    ]

    assert [answer.status_code for answer in answers] == [200, 404, 200, 429]
    assert [answer.headers["RateLimit-Limit"] for answer in answers] == ["3"] * 4
    assert [answer.headers["RateLimit-Remaining"] for answer in answers] == ["2", "1", "0", "0"]
    assert all(0 < int(answer.headers["RateLimit-Reset"]) <= 60 for answer in answers)
