"""API tokens are the account's lasting key: making one takes the password again, a token
stops working NUMX_API_TOKEN_DAYS after it was made, and a new password revokes it."""

import time
from collections.abc import Callable
from datetime import timedelta
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token

from tests.clients import token_client

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def test_making_a_token_asks_for_the_password_again(alice: User, as_user: Login) -> None:
    """Failed before: any signed-in session (a one-click link's, a shared computer's) made
    a token in one POST."""
    browser = as_user(alice)
    asked = browser.post("/accounts/profile/api-token/")
    assert asked["Location"].startswith("/accounts/reauthenticate/")
    assert not Token.objects.filter(user=alice).exists()
    wrong = browser.post("/accounts/reauthenticate/", {"password": "not-hers"})
    assert wrong.status_code == 200 and not Token.objects.filter(user=alice).exists()
    # The right password sends the form on: the token is made.
    browser.post(asked["Location"], {"password": "alice-password-42"})
    assert Token.objects.filter(user=alice).exists()


def test_the_password_given_counts_for_a_few_minutes_only(alice: User, as_user: Login) -> None:
    browser = as_user(alice)
    browser.post("/accounts/reauthenticate/", {"password": "alice-password-42"})
    with mock.patch("time.time", return_value=time.time() + 3600):
        asked = browser.post("/accounts/profile/api-token/")
    assert asked["Location"].startswith("/accounts/reauthenticate/")
    assert not Token.objects.filter(user=alice).exists()


def test_revoking_a_token_takes_no_password(alice: User, as_user: Login) -> None:
    Token.objects.create(user=alice)
    as_user(alice).post("/accounts/profile/api-token/", {"revoke": "1"})
    assert not Token.objects.filter(user=alice).exists()


def test_a_token_expires(alice: User, as_user: Login) -> None:
    """Failed before: a token worked for ever."""
    client = token_client(alice)
    assert client.get("/api/games/").status_code == 200
    made = timezone.now() - timedelta(days=settings.NUMX_API_TOKEN_DAYS, minutes=1)
    Token.objects.filter(user=alice).update(created=made)
    refused = client.get("/api/games/")
    assert refused.status_code == 401 and "expired" in refused.json()["detail"]
    page = as_user(alice).get("/accounts/profile/").content.decode()
    assert "It stops working on" in page


def test_a_new_password_revokes_the_token(alice: User, as_user: Login) -> None:
    """Failed before: changing the password (what a player does when a key may have
    leaked) left the token working."""
    client = token_client(alice)
    changed = as_user(alice).post(
        "/accounts/password/change/",
        {
            "oldpassword": "alice-password-42",
            "password1": "a-brand-new-passphrase-7",
            "password2": "a-brand-new-passphrase-7",
        },
    )
    assert changed.status_code == 302
    assert client.get("/api/games/").status_code == 401
