"""A veteran's lobby: it lists only their latest finished games, and links the page of them
all (``tests/games/test_finished_games_page.py``), so the lobby costs the same with two
thousand finished games as with a few."""

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.models import Game, Seat
from games.views.lobby import LATEST_FINISHED

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def finish_games(player: User, count: int) -> None:
    """``count`` finished two-player games of ``player``'s (their read models only: the
    lobby lists read models)."""
    now = timezone.now()
    for number in range(count):
        game = Game.objects.create(
            name=f"Old game {number}",
            config={"players": 2},
            status=Game.Status.FINISHED,
            finished_at=now - timezone.timedelta(minutes=number),
        )
        Seat.objects.create(game=game, number=0, user=player, name="me", score=number)
        Seat.objects.create(game=game, number=1, name="Bot", is_bot=True)


def my_finished_games(page: str) -> str:
    """The lobby's list of the player's own finished games (not the site's latest)."""
    mine = page.split('id="finished"', 1)[1]
    return mine.split("Recently finished on the site", 1)[0]


def test_the_lobby_lists_the_latest_finished_games_and_links_them_all(
    alice: User, as_user: Login
) -> None:
    finish_games(alice, LATEST_FINISHED + 1)
    mine = my_finished_games(as_user(alice).get("/games/").content.decode())
    assert "Old game 0<" in mine and f"Old game {LATEST_FINISHED - 1}<" in mine
    assert f"Old game {LATEST_FINISHED}<" not in mine
    assert 'href="/games/finished/"' in mine and "All my finished games" in mine


def test_the_lobby_links_no_other_page_when_it_lists_them_all(alice: User, as_user: Login) -> None:
    finish_games(alice, LATEST_FINISHED)
    mine = my_finished_games(as_user(alice).get("/games/").content.decode())
    assert f"Old game {LATEST_FINISHED - 1}<" in mine
    assert "/games/finished/" not in mine


def test_the_lobby_reads_as_much_for_a_veteran_as_for_a_newcomer(
    alice: User, bob: User, as_user: Login
) -> None:
    finish_games(alice, 3)
    finish_games(bob, 60)
    reads = []
    for player in (alice, bob):
        client = as_user(player)
        client.get("/games/")
        with CaptureQueriesContext(connection) as queries:
            assert client.get("/games/").status_code == 200
        reads.append(len(queries.captured_queries))
    assert reads[0] == reads[1]


def test_the_lobby_lists_public_games_being_played_to_watch(
    duel: Game, mallory: User, alice: User, as_user: Login
) -> None:
    """Failed before: a member's lobby listed games to replay but none to watch (only the
    home page, which a member never sees, did): a spectator could not find one."""
    page = as_user(mallory).get("/games/").content.decode()
    watch = page.split("Watch a game", 1)[1]
    assert f'href="/games/{duel.pk}/"' in watch
    # Her own games are in her lists already, and a private game is nobody's to watch.
    assert "Watch a game" not in as_user(alice).get("/games/").content.decode()
    Game.objects.filter(pk=duel.pk).update(is_public=False)
    assert f"/games/{duel.pk}/" not in as_user(mallory).get("/games/").content.decode()
