"""The name the new-game form suggests ("Alice’s game") is written in its host's language;
kept as suggested, every reader reads it in their own, as a first game's name."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import translation

from accounts.models import profile_of
from games.lobby import SUGGESTED_NAME, game_open, game_rematch
from games.models import Game, Seat
from tests.members import speaks

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]

FORM = {"mode": "x-game", "players": "2", "deadline_policy": "pass", "public": "on"}


def open_table(client: Client, name: str) -> Game:
    response = client.post("/games/new/", {**FORM, "name": name})
    assert response.status_code == 302, response.content.decode()
    return Game.objects.latest("pk")


@pytest.fixture
def host(alice: User) -> User:
    """Alice, who reads the site in French."""
    profile = profile_of(alice)
    profile.display_name = "Alice"
    profile.save()
    return speaks(alice, "fr")


def test_a_suggested_name_kept_is_read_in_each_readers_language(
    host: User, bob: User, as_user: Login
) -> None:
    """Failed before: Bob, who reads English, saw the table named "Partie proposée par
    Alice", in its host's French."""
    game = open_table(as_user(host), "Partie proposée par Alice")
    assert "Alice’s game" in as_user(bob).get(f"/games/{game.pk}/").content.decode()
    assert "Partie proposée par Alice" in as_user(host).get(f"/games/{game.pk}/").content.decode()


def test_a_name_the_host_typed_is_shown_as_typed(host: User, bob: User, as_user: Login) -> None:
    game = open_table(as_user(host), "Partie du vendredi")
    assert "Partie du vendredi" in as_user(bob).get(f"/games/{game.pk}/").content.decode()


def test_a_suggested_name_played_again_by_another_player_stays_translated(
    host: User, bob: User
) -> None:
    """Failed before: Bob's rematch of Alice's table froze its name in Bob's language."""
    game = game_open(creator=host, name="x", config={"players": 2})
    Game.objects.filter(pk=game.pk).update(
        name_msgid=SUGGESTED_NAME, name_args={"name": "Alice"}, status=Game.Status.FINISHED
    )
    Seat.objects.create(game=game, number=1, user=bob, name="bob")
    game.refresh_from_db()

    with translation.override("en"):
        again = game_rematch(game=game, by=bob)
    again.refresh_from_db()

    with translation.override("fr"):
        assert again.display_name == "Partie proposée par Alice"
    with translation.override("en"):
        assert again.display_name == "Alice’s game"
