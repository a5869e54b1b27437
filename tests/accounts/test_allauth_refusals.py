"""allauth's pages answer a form sent with errors as every form of the site answers bad
input: 400, the page again with what is wrong, nothing changed."""

from collections.abc import Callable

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

pytestmark = pytest.mark.django_db

PASSWORD = "alice-password-42"


def refused(response: object, words: str) -> None:
    """``response`` is the form again, 400, saying ``words``."""
    assert response.status_code == 400, response.status_code  # type: ignore[attr-defined]
    assert words in response.content.decode()  # type: ignore[attr-defined]
    assert "<form" in response.content.decode()  # type: ignore[attr-defined]


@pytest.mark.parametrize("address", ["/accounts/password/reset/", "/accounts/login/code/"])
def test_a_mail_asked_for_a_bad_address_is_refused_with_400(address: str, client: Client) -> None:
    refused(client.post(address, {"email": "not-an-address"}), "valid email address")
    assert not mail.outbox


def test_a_password_change_with_a_wrong_current_password_is_refused_with_400(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    new = "a-new-passphrase-7"
    response = as_user(alice).post(
        "/accounts/password/change/",
        {"oldpassword": "nope", "password1": new, "password2": new},
    )
    refused(response, "current password")
    alice.refresh_from_db()
    assert alice.check_password(PASSWORD) and not alice.check_password(new)


def test_a_wrong_password_to_reauthenticate_is_refused_with_400(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    refused(
        as_user(alice).post("/accounts/reauthenticate/", {"password": "nope"}),
        "Incorrect password",
    )


def test_adding_a_bad_email_address_is_refused_with_400(
    alice: User, as_user: Callable[[User], Client]
) -> None:
    response = as_user(alice).post(
        "/accounts/email/", {"email": "not-an-address", "action_add": ""}
    )
    refused(response, "valid email address")
    assert list(EmailAddress.objects.filter(user=alice).values_list("email", flat=True)) == [
        alice.email
    ]


def test_a_wrong_login_code_is_refused_with_400(alice: User, client: Client) -> None:
    client.post("/accounts/login/code/", {"email": alice.email})
    refused(client.post("/accounts/login/code/confirm/", {"code": "WRONG1"}), "Incorrect code")
    assert client.get("/games/").status_code == 302
