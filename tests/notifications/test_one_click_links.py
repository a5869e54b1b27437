"""The one-click links of emails live briefly and open little: a game's link signs its
recipient in on that game's pages only, for SESAME_MAX_AGE; an unsubscribe link works for
NUMX_UNSUBSCRIBE_DAYS. A forwarded or archived mail is no key to the account."""

import re
import time
from unittest import mock

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from accounts import links
from accounts.models import ApiToken
from chat.models import ChatLine
from games.lobby import game_open
from games.models import Game
from notifications.models import Notification
from notifications.tasks import send_notification

pytestmark = pytest.mark.django_db


def table_link(game: Game, user: User) -> str:
    """The one-click link of a fresh reminder about ``game`` mailed to ``user``."""
    reminder = Notification.objects.create(
        game=game, sequence=game.last_sequence + 1, recipient=user, kind="reminder"
    )
    mail.outbox.clear()
    send_notification(reminder.pk)
    (email,) = mail.outbox
    found = re.search(r"https?://[^/\s]+(/\S*sesame=\S+)", email.body)
    assert found, email.body
    return found.group(1)


def later(seconds: float) -> mock._patch:  # type: ignore[type-arg]
    return mock.patch("time.time", return_value=time.time() + seconds)


def test_a_games_link_opens_that_game_and_nothing_else_of_the_account(
    trio: Game, mallory: User
) -> None:
    """Failed before: the link signed the browser in everywhere for 7 days, and the
    session made an API token (the account's lasting key) in one POST."""
    browser = Client()
    opened = browser.get(table_link(trio, mallory), follow=True)
    assert opened.redirect_chain[-1][0] == f"/games/{trio.pk}/"
    assert "Your turn." in opened.content.decode()
    assert browser.get(f"/games/{trio.pk}/history/").status_code == 200
    for elsewhere in ("/games/", "/accounts/profile/"):
        assert browser.get(elsewhere)["Location"].startswith("/accounts/login/"), elsewhere
    assert browser.get("/api/games/").status_code in (401, 403)
    assert browser.post("/accounts/profile/api-tokens/").status_code == 302
    assert not ApiToken.objects.filter(user=mallory).exists()
    other = game_open(creator=mallory, name="Mine too", config={"players": 2})
    assert browser.get(f"/games/{other.pk}/").status_code == 404  # private, and not opened


def test_a_links_session_has_that_games_chat(trio: Game, mallory: User) -> None:
    """Failed before: the table showed, but its chat panel was a 404 and saying a line
    asked to sign in."""
    browser = Client()
    browser.get(table_link(trio, mallory))
    assert browser.get(f"/chat/{trio.pk}/").status_code == 200
    said = browser.post(f"/chat/{trio.pk}/say/", {"text": "On my way"}, HTTP_HX_REQUEST="true")
    assert said.status_code == 200 and "On my way" in said.content.decode()
    assert ChatLine.objects.get(game=trio).author == mallory
    other = game_open(creator=mallory, name="Mine too", config={"players": 2})
    assert browser.get(f"/chat/{other.pk}/").status_code == 404


def test_signing_in_with_the_password_makes_a_links_session_whole(
    trio: Game, mallory: User
) -> None:
    browser = Client()
    browser.get(table_link(trio, mallory))
    signed_in = browser.post(
        "/accounts/login/", {"login": mallory.email, "password": "mallory-password-42"}
    )
    assert signed_in.status_code == 302
    assert browser.get("/games/").status_code == 200
    assert browser.get("/accounts/profile/").status_code == 200


def test_a_link_of_one_game_opens_no_other(trio: Game, mallory: User) -> None:
    other = game_open(creator=mallory, name="Another", config={"players": 2})
    token = table_link(trio, mallory).split("?", 1)[1]
    browser = Client()
    answer = browser.get(f"/notifications/games/{other.pk}/link/?{token}")
    assert answer["Location"].startswith("/accounts/login/")
    assert browser.get(f"/games/{other.pk}/").status_code == 404


def test_a_link_signs_in_once_and_a_second_use_asks_to_sign_in(trio: Game, mallory: User) -> None:
    """Failed before: the link signed in whoever opened it, again and again for its 48
    hours: a forwarded or archived mail was a key to the game for that long."""
    link = table_link(trio, mallory)
    mine = Client()
    assert mine.get(link)["Location"] == f"/games/{trio.pk}/"

    again = Client()
    answer = again.get(link, follow=True)

    assert answer.redirect_chain[0][0].startswith("/accounts/login/?next=")
    assert "This link was used already, or has expired" in answer.content.decode()
    assert "_auth_user_id" not in again.session
    # The browser it opened stays signed in on the game, the link clicked there again too.
    assert mine.get(link)["Location"] == f"/games/{trio.pk}/"
    assert mine.get(f"/chat/{trio.pk}/say/").status_code == 405  # signed in: not a redirect


def test_a_link_used_twice_at_once_signs_in_one_browser(
    trio: Game, mallory: User, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second request marks the link used between the first one's check and its own:
    the link's one use is decided by the database, not by who looked first."""
    link = table_link(trio, mallory)
    spend = links.spend

    def raced(token: str) -> bool:
        spend(token)  # the other request's
        return spend(token)

    monkeypatch.setattr(links, "spend", raced)
    browser = Client()
    assert browser.get(link)["Location"].startswith("/accounts/login/")
    assert "_auth_user_id" not in browser.session


def test_a_link_expires_and_then_asks_to_sign_in(trio: Game, mallory: User) -> None:
    link = table_link(trio, mallory)
    with later(settings.SESAME_MAX_AGE + 60):
        answer = Client().get(link)
    assert answer["Location"].startswith("/accounts/login/?next=")
    assert f"/games/{trio.pk}/" in answer["Location"].replace("%2F", "/")
    assert settings.SESAME_MAX_AGE <= 2 * 24 * 3600


def test_a_link_never_leads_off_its_game(trio: Game, mallory: User) -> None:
    link = re.sub(r"next=[^&\s]+", "next=%2Faccounts%2Fprofile%2F", table_link(trio, mallory))
    assert Client().get(link)["Location"] == f"/games/{trio.pk}/"


def test_signing_out_ends_a_links_session(trio: Game, mallory: User) -> None:
    browser = Client()
    browser.get(table_link(trio, mallory))
    browser.post("/accounts/logout/")
    assert browser.get(f"/games/{trio.pk}/").status_code == 404


def test_an_unsubscribe_link_expires(trio: Game, bob: User) -> None:
    """Failed before: an unsubscribe link worked for ever."""
    message = next(m for m in mail.outbox if "bob@example.com" in m.to)
    path = "/" + message.extra_headers["List-Unsubscribe"].strip("<>").split("/", 3)[3]
    with later(settings.NUMX_UNSUBSCRIBE_DAYS * 24 * 3600 + 60):
        shown = Client().get(path)
        refused = Client().post(path)
    assert shown.status_code == 410 and "This link has expired" in shown.content.decode()
    assert refused.status_code == 410
    assert Client().get(path).status_code == 200  # in time, it still works
