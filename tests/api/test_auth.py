"""Who may call the API: token clients, a signed-in browser; nobody else. Each token has
its own request budget."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from accounts.models import ApiToken
from games.models import Game
from tests.clients import api_key

pytestmark = pytest.mark.django_db

ENDPOINTS = [
    ("get", "/api/games/"),
    ("post", "/api/games/"),
    ("get", "/api/games/{id}/"),
    ("post", "/api/games/{id}/join/"),
    ("post", "/api/games/{id}/bots/"),
    ("post", "/api/games/{id}/start/"),
    ("get", "/api/games/{id}/legal-actions/"),
    ("post", "/api/games/{id}/actions/"),
    ("get", "/api/games/{id}/events/"),
]


@pytest.mark.parametrize(("method", "url"), ENDPOINTS)
def test_every_endpoint_asks_for_credentials(method: str, url: str, game: Game) -> None:
    response = getattr(APIClient(), method)(url.format(id=game.pk), {}, format="json")

    assert response.status_code == 401
    assert response["WWW-Authenticate"] == "Token"
    assert response.json() == {"detail": "Authentication credentials were not provided."}


def test_an_unknown_or_revoked_token_is_refused(game: Game, as_alice: APIClient) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token 0123456789abcdef0123456789abcdef01234567")

    assert client.get("/api/games/").status_code == 401
    assert as_alice.get("/api/games/").status_code == 200
    ApiToken.objects.filter(user__username="alice").update(revoked=timezone.now())
    refused = as_alice.get("/api/games/")
    assert refused.status_code == 401 and "revoked" in refused.json()["detail"]


def test_the_key_may_follow_bearer_as_lichess_and_client_generators_send_it(
    alice: User, game: Game, openapi: dict[str, Any]
) -> None:
    """openapi-python-client's ``AuthenticatedClient`` writes ``Bearer`` unless told
    otherwise, as lichess's bots do: the same key after it is the same token, and the
    schema says so."""
    bearer, no_key = APIClient(), APIClient()
    bearer.credentials(HTTP_AUTHORIZATION=f"Bearer {api_key(alice)}")
    no_key.credentials(HTTP_AUTHORIZATION="Bearer")

    answer = bearer.get(f"/api/games/{game.pk}/")

    assert answer.status_code == 200 and answer.json()["my_seat"] == 0
    refused = no_key.get("/api/games/")
    assert refused.status_code == 401 and "No credentials provided" in refused.json()["detail"]
    assert "`Bearer <key>`" in openapi["components"]["securitySchemes"]["tokenAuth"]["description"]


def test_a_signed_in_browser_uses_its_session(alice: User, game: Game) -> None:
    client = APIClient()
    client.force_login(alice)

    response = client.get(f"/api/games/{game.pk}/")

    assert response.status_code == 200
    assert response.json()["my_seat"] == 0


def test_a_burst_beyond_the_rate_is_throttled_per_token(
    monkeypatch: pytest.MonkeyPatch, as_alice: APIClient, as_bob: APIClient
) -> None:
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "3/minute"})

    answers = [as_alice.get("/api/games/").status_code for _ in range(4)]

    assert answers == [200, 200, 200, 429]
    refused = as_alice.get("/api/games/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "detail" in refused.json()
    # Bob's token has its own budget.
    assert as_bob.get("/api/games/").status_code == 200


def test_a_token_and_its_owners_browser_session_have_separate_budgets(
    monkeypatch: pytest.MonkeyPatch, alice: User, as_alice: APIClient
) -> None:
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "2/minute"})
    browser = APIClient()
    browser.force_login(alice)

    assert [as_alice.get("/api/games/").status_code for _ in range(3)] == [200, 200, 429]
    assert browser.get("/api/games/").status_code == 200


def test_throttling_applies_to_moves_too(
    monkeypatch: pytest.MonkeyPatch, as_alice: APIClient, game: Game
) -> None:
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "2/minute"})
    url = f"/api/games/{game.pk}/actions/"

    answers = [
        as_alice.post(url, {"action": "pass", "expected_sequence": 2}, format="json").status_code
        for _ in range(3)
    ]

    assert answers == [400, 400, 429]
