"""`make run`'s demo: players to log in as, a finished game to replay, a game to play."""

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import transaction
from django.test import Client

from accounts.models import display_name
from games import demo
from games.events import store
from games.events.log import export_game, verify
from games.models import Game
from tests.members import named

pytestmark = pytest.mark.django_db


def test_the_demo_seeds_players_and_games_once() -> None:
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    games = Game.objects.count()
    call_command("numx", "demo", stdout=StringIO())
    assert Game.objects.count() == games
    finished = Game.objects.get(name=demo.FINISHED)
    playing = Game.objects.get(name=demo.PLAYING)
    assert finished.status == Game.Status.FINISHED
    assert verify(export_game(finished.pk)).summary["phase"] == "game-over"
    assert playing.status == Game.Status.RUNNING and playing.phase == "opening-pick"
    assert f"/games/{playing.pk}/" in out.getvalue() and demo.PASSWORD in out.getvalue()


def test_the_demo_names_the_address_the_site_is_reached_at(settings: Any) -> None:
    """Failed before: it said http://127.0.0.1:8000/ whatever port the site was served on
    (its links in emails, ``SITE_URL``, said the true one)."""
    settings.SITE_URL = "http://127.0.0.1:8105"
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    assert "open http://127.0.0.1:8105/ " in out.getvalue()
    assert ":8000" not in out.getvalue()


def test_the_demo_seeds_a_numenko_game_a_few_rounds_in_against_bots() -> None:
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    numenko = Game.objects.get(name=demo.NUMENKO)
    assert (numenko.rules, numenko.status) == ("numenko", Game.Status.RUNNING)
    assert [seat.is_bot for seat in numenko.seats.order_by("number")] == [False, True, True]
    view = numenko.game_type.rules.view(store.load(numenko.pk, "numenko").state, 0)
    assert view["round"] == 1 + demo.NUMENKO_ROUNDS and 0 in view["awaiting"]
    assert any(grid["squares"] for grid in view["grids"])
    assert f"/games/{numenko.pk}/" in out.getvalue()


def test_the_demo_prints_its_logins_not_the_mails_its_set_up_owes(
    settings: Any, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
    # As when the command commits for real: what waits for a commit runs at once.
    monkeypatch.setattr(transaction, "on_commit", lambda work, *args, **kwargs: work())
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    assert demo.EMAILS[0] in out.getvalue()
    assert "Content-Type" not in capsys.readouterr().out


def test_the_demo_players_log_in_and_find_their_game() -> None:
    call_command("numx", "demo", stdout=StringIO())
    client = Client()
    response = client.post("/accounts/login/", {"login": demo.EMAILS[1], "password": demo.PASSWORD})
    assert response.status_code == 302
    page = client.get("/games/").content.decode()
    assert demo.PLAYING in page and "it is your turn" in page
    assert (
        client.get(f"/games/{Game.objects.get(name=demo.FINISHED).pk}/replay/").status_code == 200
    )


def test_a_newcomer_finds_both_demo_games_on_the_home_page() -> None:
    call_command("numx", "demo", stdout=StringIO())
    page = Client().get("/").content.decode()
    for name in (demo.FINISHED, demo.PLAYING):
        assert name in page


def test_the_demo_seeds_a_site_whose_members_hold_its_players_first_names() -> None:
    """Somebody signed up as dan@example.com holds the user name "dan", and a member named
    "alice" the demo's Alice's name: make run, which seeds the demo every time, must still
    start, its Dan beside them, its Alice under a name of her own."""
    User.objects.create_user("dan", "dan@example.com", "x")
    named(User.objects.create_user("alice", "alice@example.com", "x"))

    call_command("numx", "demo", stdout=StringIO())

    assert User.objects.filter(email="dan@demo.numx").exists()
    assert User.objects.get(username="dan").email == "dan@example.com"
    demo_alice = User.objects.get(email=demo.EMAILS[0])
    assert display_name(demo_alice) == "Alice (2)"
    assert display_name(User.objects.get(username="alice")) == "alice"


def test_the_demo_has_a_game_of_objectifs_in_progress_against_bots(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # As when the command commits for real: the bots move once the game is started.
    monkeypatch.setattr(transaction, "on_commit", lambda work, *args, **kwargs: work())
    out = StringIO()
    call_command("numx", "demo", stdout=out)
    game = Game.objects.get(name=demo.OBJECTIFS_PLAYING)
    assert (game.rules, game.status, game.phase) == ("objectifs", Game.Status.RUNNING, "setup")
    seats = list(game.seats.order_by("number"))
    assert [seat.is_bot for seat in seats] == [False, False, True, True]
    assert {seat.user.email for seat in seats[:2] if seat.user} == set(demo.EMAILS)
    assert sorted(game.awaiting) == [0, 1]  # the bots have laid their malus cards
    assert f"/games/{game.pk}/" in out.getvalue()
    client = Client()
    client.post("/accounts/login/", {"login": demo.EMAILS[0], "password": demo.PASSWORD})
    page = client.get(f"/games/{game.pk}/").content.decode()
    assert "Your turn." in page and 'class="lay-form"' in page
