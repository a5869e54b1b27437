"""A lobby action the table cannot grant (a full or started table, a host leaving, a game
not over) answers with a 4xx and the page it came from saying why, nothing changed: a
browser, a test or a screen reader tells a refusal from a success, which a redirect with a
message did not. Each failed before: the answer was a 302."""

from __future__ import annotations

import html
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.http import HttpResponse
from django.test import Client

from games.events.models import Event
from games.lobby import default_config, game_join, game_open, game_open_once
from games.models import Game, Seat
from tests.members import speaks

pytestmark = pytest.mark.django_db
Login = Callable[[User], Client]


def says(answer: HttpResponse, status: int, why: str) -> None:
    """``answer`` is a page (not a redirect) with ``status``, saying ``why``."""
    assert answer.status_code == status
    assert why in html.unescape(answer.content.decode())


def seats(game: Game) -> list[tuple[int, int | None, bool]]:
    """Who sits where at ``game``, as the database has it."""
    return list(game.seats.order_by("number").values_list("number", "user_id", "is_bot"))


@pytest.fixture
def full(alice: User, bob: User) -> Game:
    """Alice's public table for two, Bob seated: full, not started."""
    game = game_open(creator=alice, name="Two", config={"players": 2}, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    return game


def test_a_seat_at_a_full_table_is_refused_on_the_invitation_page(
    full: Game, mallory: User, as_user: Login
) -> None:
    before = seats(full)
    speaks(mallory, "fr")

    answer = as_user(mallory).post(f"/games/{full.pk}/join/{full.invite_token}/")

    says(answer, 409, "Il n’y a plus de place libre dans cette partie.")
    assert "Rejoindre" in answer.content.decode()  # the invitation's page, in French
    assert seats(full) == before


def test_a_seat_at_a_started_game_is_refused(duel: Game, mallory: User, as_user: Login) -> None:
    before = seats(duel)
    answer = as_user(mallory).post(f"/games/{duel.pk}/join/")
    says(answer, 409, "This game has already started.")
    assert seats(duel) == before


def test_a_second_seat_at_the_same_table_is_refused(full: Game, bob: User, as_user: Login) -> None:
    answer = as_user(bob).post(f"/games/{full.pk}/join/")
    says(answer, 409, "You already have a seat at this table.")
    assert full.seats.filter(user=bob).count() == 1


def test_a_bot_at_a_full_table_is_refused_on_the_waiting_room(
    full: Game, alice: User, as_user: Login
) -> None:
    before = seats(full)
    answer = as_user(alice).post(f"/games/{full.pk}/bot/")
    says(answer, 409, "This game has no free seat left.")
    assert 'id="waiting-room"' in answer.content.decode()
    assert seats(full) == before


def test_starting_with_a_free_seat_is_refused(alice: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Three", config={"players": 3})
    answer = as_user(alice).post(f"/games/{game.pk}/start/")
    says(answer, 409, "Every seat must be taken before the game starts.")
    game.refresh_from_db()
    assert game.status == Game.Status.OPEN and not Event.objects.filter(game=game).exists()


def test_starting_a_started_game_again_is_refused_on_its_table(
    duel: Game, alice: User, as_user: Login
) -> None:
    """A second press of "Start the game": the table as it now is, saying so."""
    events = Event.objects.filter(game=duel).count()
    answer = as_user(alice).post(f"/games/{duel.pk}/start/")
    says(answer, 409, "This game has already started.")
    assert 'id="table"' in answer.content.decode()
    assert Event.objects.filter(game=duel).count() == events


def test_leaving_a_started_game_is_refused(duel: Game, bob: User, as_user: Login) -> None:
    before = seats(duel)
    answer = as_user(bob).post(f"/games/{duel.pk}/leave/")
    says(answer, 409, "This game has already started: its seats stay taken.")
    assert seats(duel) == before


def test_an_invitation_to_no_address_at_a_started_game_is_bad_input(
    duel: Game, alice: User, as_user: Login
) -> None:
    answer = as_user(alice).post(f"/games/{duel.pk}/invite/", {"email": "not an address"})
    says(answer, 400, "Give a valid email address.")
    assert not duel.invitations.exists()


def test_a_move_before_the_start_is_refused_on_the_waiting_room(
    full: Game, alice: User, as_user: Login
) -> None:
    host = as_user(alice)
    move = {"form": "choice", "choice-expected_sequence": "0", "choice-move": "pass"}
    answer = host.post(f"/games/{full.pk}/move/", move)
    says(answer, 409, "The game has not started: nothing was played.")
    assert 'id="waiting-room"' in answer.content.decode()
    # From the table's htmx form, the browser loads the page, which says it.
    htmx = host.post(f"/games/{full.pk}/orders/", {"pass": "on"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 409 and htmx["HX-Refresh"] == "true"
    assert "nothing was played" in host.get(f"/games/{full.pk}/").content.decode()
    assert not Event.objects.filter(game=full).exists()


def test_a_first_game_the_button_cannot_make_is_refused_on_the_lobby(
    alice: User, as_user: Login
) -> None:
    """The button's key opened another table of Alice's (a client reused it): nothing made."""
    key = "0" * 32
    game_open_once(
        creator=alice,
        idempotency_key=f"try:maya:{key}",
        name="Mine",
        rules="maya",
        config=default_config("maya"),
    )

    answer = as_user(alice).post("/games/try/maya/", {"key": key})

    says(answer, 409, "This button's page is out of date: reload it.")
    assert Game.objects.count() == 1 and Seat.objects.count() == 1
