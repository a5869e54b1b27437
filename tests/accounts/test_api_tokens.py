"""API tokens are the account's lasting keys: several per member, named, each with its
scopes, its expiry and its revocation; making one takes the password in its form, the key is
shown once and stored as a digest, and a new password revokes them all."""

import re
from collections.abc import Callable
from datetime import timedelta
from hashlib import sha256

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from accounts.models import ApiToken
from tests.clients import token_client
from tests.migrations import migrate

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

PASSWORD = "alice-password-42"
NEW_TOKEN = {"name": "my bot", "scopes": ["read", "play"], "days": "30"}


def shown_key(page: str) -> str:
    found = re.search(r'id="new-token" type="text" readonly value="([^"]+)"', page)
    assert found, "the new key is not on the page"
    return found.group(1)


def test_making_a_token_asks_for_the_password_in_its_form(alice: User, as_user: Login) -> None:
    """Failed before: the form went to allauth's password page and was replayed from the
    session, so the page made by it lived at the password page's address (its profile form
    posted there and was lost, a reload ended on a 405) and a wrong password answered 200.
    Now the password is a field of the token's form: one POST, nothing kept aside."""
    browser = as_user(alice)
    made = browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": PASSWORD})
    assert made.status_code == 200 and shown_key(made.content.decode())
    assert ApiToken.objects.filter(user=alice, name="my bot").exists()


def test_the_profile_saved_from_the_page_of_a_new_token(alice: User, as_user: Login) -> None:
    """Failed before: that page is the answer to the token's form, at its address, and the
    profile's form, sent to the page's own address, went there and was lost."""
    browser = as_user(alice)
    address = "/accounts/profile/api-tokens/"
    page = browser.post(address, {**NEW_TOKEN, "password": PASSWORD}).content.decode()
    form_tag = page[: page.index('name="display_name"')].rsplit("<form", 1)[1].split(">")[0]
    action = re.search(r'action="([^"]*)"', form_tag)
    sent = browser.post(action.group(1) if action else address, {"display_name": "Alice B"})
    assert sent.status_code == 302
    assert browser.get("/accounts/profile/").content.decode().count('value="Alice B"') == 1


@pytest.mark.parametrize("password", ["", "not-hers"])
def test_no_token_without_the_password(alice: User, as_user: Login, password: str) -> None:
    """Failed before: a wrong password answered 200 on a page of its own. Now the form
    comes back filled in, saying what is wrong, and nothing is made, whatever signed the
    browser in (a one-click link's session, a shared computer's)."""
    browser = as_user(alice)
    refused = browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": password})
    page = refused.content.decode()
    assert refused.status_code == 400 and not ApiToken.objects.exists()
    assert 'name="name" value="my bot"' in page and 'name="days" value="30"' in page
    assert ("Incorrect password." if password else "This field is required.") in page
    assert PASSWORD not in page and "not-hers" not in page


def test_an_account_without_a_password_is_led_to_set_one_then_makes_its_token(
    as_user: Login,
) -> None:
    """Failed before: an account made without a password (by the admin, its
    "password-based authentication" disabled, or by ``createsuperuser --noinput``), which
    signs in with a code by email, was asked for a password it has not, and refused as
    "Incorrect password." whatever it typed. Now the page says to set one first and links
    allauth's page for it, which leads back to the profile."""
    dora = User.objects.create_user("dora", "dora@example.com")  # no password: unusable
    browser = as_user(dora)
    page = browser.get("/accounts/profile/").content.decode()
    assert 'href="/accounts/password/set/?next=/accounts/profile/"' in page
    assert 'name="password"' not in page
    refused = browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": "guess"})
    assert refused.status_code == 400 and not ApiToken.objects.exists()
    assert "/accounts/password/set/" in refused.content.decode()

    new_password = {"password1": "dora-passphrase-77", "password2": "dora-passphrase-77"}
    set_it = browser.post("/accounts/password/set/?next=/accounts/profile/", new_password)
    assert (set_it.status_code, set_it["Location"]) == (302, "/accounts/profile/")
    made = browser.post(
        "/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": "dora-passphrase-77"}
    )
    assert made.status_code == 200 and shown_key(made.content.decode())


def test_the_password_counts_for_one_token_only(alice: User, as_user: Login) -> None:
    browser = as_user(alice)
    browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": PASSWORD})
    again = browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "name": "stats"})
    assert again.status_code == 400 and not ApiToken.objects.filter(name="stats").exists()


def test_several_named_tokens_shown_once_stored_hashed(alice: User, as_user: Login) -> None:
    """Failed before: one token per member, its key shown on every visit and stored whole."""
    browser = as_user(alice)
    made = browser.post("/accounts/profile/api-tokens/", {**NEW_TOKEN, "password": PASSWORD})
    key = shown_key(made.content.decode())
    browser.post(
        "/accounts/profile/api-tokens/",
        {"name": "stats", "scopes": ["read"], "days": "5", "password": PASSWORD},
    )
    bot, stats = ApiToken.objects.get(name="my bot"), ApiToken.objects.get(name="stats")
    assert bot.digest == sha256(key.encode()).hexdigest() and key not in str(
        list(ApiToken.objects.values())
    )
    assert bot.scopes == {"read", "play"} and stats.scopes == {"read"}
    assert timedelta(days=29) < bot.expires - timezone.now() <= timedelta(days=30)
    later = browser.get("/accounts/profile/").content.decode()
    assert key not in later and "my bot" in later and "stats" in later and key[:8] in later
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get("/api/games/").status_code == 200
    bot.refresh_from_db()
    assert bot.last_used is not None


@pytest.mark.parametrize(
    "form",
    [
        {"name": "  ", "scopes": ["read"], "days": "5"},
        {"name": "x", "scopes": ["admin"], "days": "5"},
        {"name": "x", "scopes": ["read"], "days": "0"},
        {"name": "x", "scopes": ["read"], "days": "100000"},
        {"name": "x", "scopes": [], "days": "5"},
    ],
)
def test_a_bad_token_form_is_refused(alice: User, as_user: Login, form: dict[str, str]) -> None:
    answer = as_user(alice).post("/accounts/profile/api-tokens/", {**form, "password": PASSWORD})
    assert answer.status_code == 400 and not ApiToken.objects.exists()


def test_the_default_expiry_is_the_sites(alice: User, as_user: Login) -> None:
    page = as_user(alice).get("/accounts/profile/").content.decode()
    assert f'name="days" value="{settings.NUMX_API_TOKEN_DAYS}"' in page


def test_revoking_one_token_leaves_the_others(alice: User, bob: User, as_user: Login) -> None:
    """Failed before: revoking meant the member's only token."""
    kept, revoked = token_client(alice), token_client(alice)
    first, second = ApiToken.objects.filter(user=alice).order_by("pk")
    # Another member's token is not hers to revoke.
    assert as_user(bob).post(f"/accounts/profile/api-tokens/{first.pk}/revoke/").status_code == 404
    as_user(alice).post(f"/accounts/profile/api-tokens/{second.pk}/revoke/")
    refused = revoked.get("/api/games/")
    assert refused.status_code == 401 and "revoked" in refused.json()["detail"]
    assert kept.get("/api/games/").status_code == 200
    assert "revoked" in as_user(alice).get("/accounts/profile/").content.decode()


def test_a_token_expires(alice: User, as_user: Login) -> None:
    """Failed before: a token worked for ever."""
    client = token_client(alice)
    assert client.get("/api/games/").status_code == 200
    ApiToken.objects.filter(user=alice).update(expires=timezone.now() - timedelta(minutes=1))
    refused = client.get("/api/games/")
    assert refused.status_code == 401 and "expired" in refused.json()["detail"]
    assert "expired" in as_user(alice).get("/accounts/profile/").content.decode()


def test_a_new_password_revokes_every_token(alice: User, as_user: Login) -> None:
    """Failed before: changing the password (what a player does when a key may have
    leaked) left the token working."""
    clients = [token_client(alice), token_client(alice)]
    changed = as_user(alice).post(
        "/accounts/password/change/",
        {
            "oldpassword": PASSWORD,
            "password1": "a-brand-new-passphrase-7",
            "password2": "a-brand-new-passphrase-7",
        },
    )
    assert changed.status_code == 302
    assert [client.get("/api/games/").status_code for client in clients] == [401, 401]


@pytest.mark.django_db(transaction=True)
@pytest.mark.usefixtures("flush_past_the_trigger")  # PostgreSQL's flush after the test
def test_a_drf_token_becomes_a_named_token_with_the_same_key() -> None:
    """Existing scripts go on working: the migration keeps each DRF token's key, its expiry
    and every scope, under the name "API token"."""
    before = [("accounts", "0004_named_api_tokens_and_bot_accounts")]
    migrate(before)
    executor = MigrationExecutor(connection)
    old = executor.loader.project_state(
        [*before, ("authtoken", "0004_alter_tokenproxy_options")]
    ).apps
    user = old.get_model("auth", "User").objects.create(username="carol")
    made = timezone.now() - timedelta(days=10)
    drf_tokens = old.get_model("authtoken", "Token").objects
    drf_tokens.create(key="k" * 40, user=user)
    drf_tokens.update(created=made)  # ``created`` is set on creation whatever is given
    migrate()
    token = ApiToken.objects.get(user_id=user.pk)
    assert token.name == "API token" and token.scopes == {"read", "play", "chat"}
    assert token.expires == made + timedelta(days=settings.NUMX_API_TOKEN_DAYS)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {'k' * 40}")
    assert client.get("/api/games/").status_code == 200
    assert not Token.objects.exists()
