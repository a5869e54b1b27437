"""Clients of the REST API for tests, speaking to it the way a bot would: JSON,
``Authorization: Token ...``."""

from __future__ import annotations

from django.contrib.auth.models import User
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient


def token_client(user: User) -> APIClient:
    """A client of the API signed in with ``user``'s token (made on first use)."""
    client = APIClient()
    token, _new = Token.objects.get_or_create(user=user)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client
