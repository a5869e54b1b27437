"""Clients of the REST API for tests, speaking to it the way a bot would: JSON,
``Authorization: Token ...``."""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.auth.models import User
from rest_framework.test import APIClient

from accounts.models import Scope
from accounts.tokens import issue


def api_key(user: User, scopes: Iterable[str] = tuple(Scope)) -> str:
    """The key of a new token of ``user``'s with ``scopes`` (all by default)."""
    return issue(user, "tests", scopes)[1]


def token_client(user: User, scopes: Iterable[str] = tuple(Scope)) -> APIClient:
    """A client of the API signed in with a new token of ``user``'s with ``scopes``."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key(user, scopes)}")
    return client


#: The level of the site's bots that ends a whole game soonest against a client moving at
#: random, for the tests that play one through the API: the heuristic's aim ends NUM-X,
#: Maya (its secret numbers: some 40 moves, against 400 at random) and Objectifs sooner;
#: Numenko's random bots end it sooner than its heuristic, which keeps building its grid.
QUICKEST_BOTS = {"numx": 1, "maya": 1, "objectifs": 1}


def quickest_bot_level(game: str) -> int:
    """The level of :data:`QUICKEST_BOTS` for ``game``, 0 (random) where none is given."""
    return QUICKEST_BOTS.get(game, 0)
