"""An address that only takes a form's answer, opened as a page (from the browser's
history, Back and Forward, a bookmark): a page that says so, in the site's frame, where
Django's bare 405 showed a blank page. The API keeps its JSON answer."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from games.models import Game

pytestmark = pytest.mark.django_db


def test_a_form_only_address_opened_as_a_page_says_what_to_do(
    alice: User, as_user: Callable[[User], Client], duel: Game
) -> None:
    """Failed before: the tokens' address, open again after making one, was a blank 405."""
    client = as_user(alice)
    for address in ("/accounts/profile/api-tokens/", f"/games/{duel.pk}/move/"):
        response = client.get(address)
        assert response.status_code == 405
        assert "POST" in response["Allow"]
        page = response.content.decode()
        assert "This address takes what a form sends" in page
        assert "<nav" in page  # the site's frame, its menu and a way on
    french = client.get("/accounts/profile/api-tokens/", HTTP_ACCEPT_LANGUAGE="fr")
    assert french.status_code == 405
    assert "Cette adresse reçoit ce qu’envoie un formulaire" in french.content.decode()


def test_the_api_keeps_its_json_answer(alice: User, as_user: Callable[[User], Client]) -> None:
    response = as_user(alice).delete("/api/games/")
    assert response.status_code == 405
    assert response["Content-Type"].startswith("application/json")
