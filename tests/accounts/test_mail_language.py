"""The language of a member's mails: the one their profile sets, else the one they last
used the site in (signing up, logging in), while their pages keep following the browser."""

import random

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from django.utils import translation

from accounts.models import profile_of
from games.events import consumers
from games.lobby import game_join, game_open, game_start

from .test_accounts import committed, sign_up

pytestmark = pytest.mark.django_db

FRENCH = "fr-FR,fr;q=0.9"


def your_turn_subject(member: User, alice: User) -> str:
    """The subject of the "your turn" mail ``member`` gets when a game with Alice starts
    (both pick their opening cards at once)."""
    game = game_open(creator=alice, name="Vendredi", config={"players": 2})
    game_join(game=game, user=member, token=game.invite_token)
    mail.outbox.clear()
    with committed():
        game_start(game=game, by=alice, rng=random.Random(3))
        consumers.dispatch(game.pk)
    (message,) = [message for message in mail.outbox if message.to == [member.email]]
    return message.subject


def said_in(language: str, words: str) -> str:
    with translation.override(language):
        return translation.gettext(words) % {"game": "Vendredi"}


def log_in(client: Client, member: User, accept_language: str) -> None:
    """``member`` logs in with their password from a browser asking for ``accept_language``."""
    member.set_password("a-long-passphrase-9")
    member.save()
    EmailAddress.objects.filter(user=member).update(verified=True)
    response = client.post(
        "/accounts/login/",
        {"login": member.email, "password": "a-long-passphrase-9"},
        HTTP_ACCEPT_LANGUAGE=accept_language,
    )
    assert response.status_code == 302


def test_a_member_who_signed_up_on_the_french_site_gets_the_your_turn_mail_in_french(
    client: Client, alice: User
) -> None:
    """Failed before: the sign-up language was stored as the profile's own, so that the
    pages of a member who had chosen nothing no longer followed their browser."""
    sign_up(client, "chloe@example.com", "Chloé", language=FRENCH)
    chloe = User.objects.get(email="chloe@example.com")
    assert profile_of(chloe).language == ""  # "Empty: your browser's language."
    client.force_login(chloe)
    page = client.get("/accounts/profile/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<html lang="en">' in page
    assert "your emails are in the language you last signed up or logged in with" in page
    assert your_turn_subject(chloe, alice) == said_in("fr", "%(game)s: your turn")
    assert "your turn" not in said_in("fr", "%(game)s: your turn")


def test_a_member_who_signed_up_in_english_gets_it_in_english(client: Client, alice: User) -> None:
    sign_up(client, "dan@example.com", "Dan", language="en-GB,en;q=0.9")
    dan = User.objects.get(email="dan@example.com")
    assert your_turn_subject(dan, alice) == "Vendredi: your turn"


def test_logging_in_on_the_french_site_turns_the_mails_french(client: Client, alice: User) -> None:
    """Failed before: only the sign-up's language was remembered."""
    sign_up(client, "dan@example.com", "Dan", language="en")
    dan = User.objects.get(email="dan@example.com")
    log_in(Client(), dan, FRENCH)
    assert your_turn_subject(dan, alice) == said_in("fr", "%(game)s: your turn")
    log_in(Client(), dan, "en")
    assert your_turn_subject(dan, alice) == "Vendredi: your turn"


def test_a_language_the_profile_sets_wins_over_the_one_last_used(
    client: Client, alice: User
) -> None:
    sign_up(client, "chloe@example.com", "Chloé", language=FRENCH)
    chloe = User.objects.get(email="chloe@example.com")
    client.force_login(chloe)
    saved = client.post(
        "/accounts/profile/",
        {"display_name": "Chloé", "time_zone": "", "language": "en", "email_your_turn": "on"},
        HTTP_ACCEPT_LANGUAGE=FRENCH,
    )
    assert saved.status_code == 302
    log_in(Client(), chloe, FRENCH)
    assert your_turn_subject(chloe, alice) == "Vendredi: your turn"
    # A code to log in, asked for from a French browser, is in her language too.
    with committed():
        Client().post("/accounts/login/code/", {"email": chloe.email}, HTTP_ACCEPT_LANGUAGE=FRENCH)
    assert "vous" not in mail.outbox[-1].body.lower(), mail.outbox[-1].body
