"""A token does what its scopes allow: ``read`` the games (GET), ``play`` (whatever changes
a game), ``chat`` (a game's chat); without the scope a route needs, 403 naming it. A
browser's session may do everything."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from chat.services import say
from games.models import Game
from tests.clients import token_client

pytestmark = pytest.mark.django_db

PLAY_ROUTES = [
    "/api/games/",
    "/api/games/{id}/join/",
    "/api/games/{id}/bots/",
    "/api/games/{id}/start/",
    "/api/games/{id}/actions/",
    "/api/games/{id}/check/",
    "/api/games/{id}/resign/",
    "/api/games/{id}/abort/",
]


@pytest.mark.parametrize("url", PLAY_ROUTES)
def test_a_read_token_changes_no_game(alice: User, game: Game, url: str) -> None:
    """Failed before: every token could do everything its owner can."""
    before = game.last_sequence
    answer = token_client(alice, ["read"]).post(url.format(id=game.pk), {}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"detail": "This API token lacks the “play” scope."}
    game.refresh_from_db()
    assert game.last_sequence == before and Game.objects.count() == 1


def test_a_read_token_reads(alice: User, game: Game) -> None:
    reader = token_client(alice, ["read"])
    for url in ("/api/games/", f"/api/games/{game.pk}/", f"/api/games/{game.pk}/legal-actions/"):
        assert reader.get(url).status_code == 200, url


def test_a_play_token_without_read_reads_nothing(alice: User, game: Game) -> None:
    answer = token_client(alice, ["play"]).get(f"/api/games/{game.pk}/")
    assert answer.status_code == 403 and "“read”" in answer.json()["detail"]


def test_the_chat_needs_the_chat_scope(alice: User, game: Game) -> None:
    player = token_client(alice, ["read", "play"])
    url = f"/api/games/{game.pk}/chat/"
    for answer in (player.get(url), player.post(url, {"text": "hello"}, format="json")):
        assert answer.status_code == 403 and "“chat”" in answer.json()["detail"]
    talker = token_client(alice, ["chat"])
    assert talker.post(url, {"text": "hello"}, format="json").status_code == 201
    assert talker.get(url).json()["lines"][0]["text"] == "hello"


def test_reporting_a_line_needs_the_chat_scope(alice: User, bob: User, game: Game) -> None:
    line = say(game, bob, "Boo")
    url = f"/api/games/{game.pk}/chat/{line.pk}/report/"
    refused = token_client(alice, ["read", "play"]).post(url, {"reason": "spam"}, format="json")
    assert refused.status_code == 403 and "“chat”" in refused.json()["detail"]
    filed = token_client(alice, ["chat"]).post(url, {"reason": "spam"}, format="json")
    assert filed.status_code == 201


def test_a_session_may_do_everything(alice: User, game: Game) -> None:
    browser = APIClient()
    browser.force_login(alice)
    assert browser.get(f"/api/games/{game.pk}/").status_code == 200
    said = browser.post(f"/api/games/{game.pk}/chat/", {"text": "hi"}, format="json")
    assert said.status_code == 201


def test_the_schema_names_each_operations_scope(alice: User) -> None:
    schema = token_client(alice).get("/api/schema/?format=json").json()
    move = schema["paths"]["/api/games/{game_id}/actions/"]["post"]
    assert "`play` scope" in move["description"]
    assert "`play` scope" in move["responses"]["403"]["description"]
    chat = schema["paths"]["/api/games/{game_id}/chat/"]["get"]
    assert "`chat` scope" in chat["responses"]["403"]["description"]
    assert "revoked" in chat["responses"]["401"]["description"]
