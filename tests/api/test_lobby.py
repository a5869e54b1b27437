"""Setting a table through the API: join (by invitation or freely), seat bots, start."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.events.models import Event
from games.lobby import game_join, game_open
from games.models import Game, Invitation

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(alice: User) -> Game:
    """Alice's private three-player table, two seats free."""
    return game_open(creator=alice, name="Alice's table", config={"players": 3})


# Join -----------------------------------------------------------------------------------


def test_the_invitation_token_gives_a_seat_at_a_private_table(
    as_bob: APIClient, table: Game
) -> None:
    response = as_bob.post(
        f"/api/games/{table.pk}/join/", {"token": table.invite_token}, format="json"
    )

    assert response.status_code == 201
    joined = response.json()
    assert joined["my_seat"] == 1 and joined["free_seats"] == 1
    assert [seat["name"] for seat in joined["seats"]] == ["alice", "bob"]
    assert joined["invite_token"] == table.invite_token  # now a player, Bob may invite too


@pytest.mark.parametrize("body", [{}, {"token": "guess"}, {"token": 7, "seat": 1}])
def test_a_private_table_is_not_there_for_a_join_without_its_token(
    as_bob: APIClient, table: Game, body: dict[str, object]
) -> None:
    """Failed before: 403 (or 400 for a wrong body), where a missing game answers 404."""
    response = as_bob.post(f"/api/games/{table.pk}/join/", body, format="json")

    assert response.status_code == 404
    assert response.json() == {"detail": "Not found."}
    assert table.seats.count() == 1


def test_an_invitee_who_lost_the_token_is_told_it_is_wrong(
    as_bob: APIClient, table: Game, alice: User
) -> None:
    """Bob was invited by email: the table is his to see, so a wrong token is said to be."""
    Invitation.objects.create(game=table, email="bob@example.com", invited_by=alice)

    response = as_bob.post(f"/api/games/{table.pk}/join/", {"token": "guess"}, format="json")

    assert response.status_code == 403
    assert table.seats.count() == 1


def test_anybody_may_join_a_public_table(as_bob: APIClient, alice: User) -> None:
    public = game_open(creator=alice, name="Public", config={"players": 2}, public=True)

    response = as_bob.post(f"/api/games/{public.pk}/join/", format="json")

    assert response.status_code == 201
    assert response.json()["my_seat"] == 1


def test_a_full_table_refuses_another_player_with_the_table_as_it_is(
    as_carol: APIClient, alice: User, bob: User
) -> None:
    full = game_open(creator=alice, name="Two", config={"players": 2}, public=True)
    game_join(game=full, user=bob)

    response = as_carol.post(f"/api/games/{full.pk}/join/", format="json")

    assert response.status_code == 409
    refused = response.json()
    assert refused["detail"] == "This game has no free seat left."
    assert refused["game"]["free_seats"] == 0 and refused["game"]["my_seat"] is None


def test_joining_twice_is_refused(as_alice: APIClient, table: Game) -> None:
    response = as_alice.post(
        f"/api/games/{table.pk}/join/", {"token": table.invite_token}, format="json"
    )

    assert response.status_code == 409
    assert table.seats.count() == 1


@pytest.mark.parametrize("body", [{}, {"token": "guess"}])
def test_a_player_joining_again_without_the_token_is_told_they_have_a_seat(
    as_alice: APIClient, table: Game, body: dict[str, object]
) -> None:
    """Failed before: the table's own host, seated, was told 403 "This invitation link is
    not valid." (a bot joining again after a restart, without the link it no longer
    needs), as if they were a stranger to the table."""
    response = as_alice.post(f"/api/games/{table.pk}/join/", body, format="json")

    assert response.status_code == 409
    assert response.json()["detail"] == "You already have a seat at this table."
    assert table.seats.count() == 1


def test_a_started_game_takes_nobody_more(as_carol: APIClient, game: Game) -> None:
    response = as_carol.post(
        f"/api/games/{game.pk}/join/", {"token": game.invite_token}, format="json"
    )

    assert response.status_code == 409
    assert response.json()["game"]["status"] == "running"


def test_joining_an_unknown_game_is_not_found(as_bob: APIClient) -> None:
    assert as_bob.post("/api/games/4242/join/", format="json").status_code == 404


# Bots and start -------------------------------------------------------------------------


def test_the_creator_seats_bots_and_starts_the_game(as_alice: APIClient, table: Game) -> None:
    for expected_free in (1, 0):
        response = as_alice.post(f"/api/games/{table.pk}/bots/")
        assert response.status_code == 201
        assert response.json()["free_seats"] == expected_free
    assert [s["is_bot"] for s in response.json()["seats"]] == [False, True, True]

    response = as_alice.post(f"/api/games/{table.pk}/start/")

    assert response.status_code == 200
    started = response.json()
    assert started["status"] == "running"
    assert started["state"]["phase"] == "opening-pick"
    assert started["state"]["seat"] == 0 and len(started["state"]["hands"][0]) == 13
    assert Event.objects.filter(game=table).exists()


@pytest.mark.parametrize("command", ["bots", "start"])
def test_only_the_creator_seats_bots_or_starts(
    as_bob: APIClient, table: Game, bob: User, command: str
) -> None:
    game_join(game=table, user=bob, token=table.invite_token)

    response = as_bob.post(f"/api/games/{table.pk}/{command}/")

    assert response.status_code == 403
    assert table.seats.count() == 2 and not Event.objects.filter(game=table).exists()


def test_a_game_does_not_start_with_free_seats(as_alice: APIClient, table: Game) -> None:
    response = as_alice.post(f"/api/games/{table.pk}/start/")

    assert response.status_code == 409
    assert response.json()["detail"] == "Every seat must be taken before the game starts."
    assert not Event.objects.filter(game=table).exists()


def test_a_full_table_takes_no_bot(as_alice: APIClient, game: Game) -> None:
    response = as_alice.post(f"/api/games/{game.pk}/bots/")

    assert response.status_code == 409
    assert game.seats.count() == 2


def test_a_started_game_does_not_start_again(as_alice: APIClient, game: Game) -> None:
    events = Event.objects.filter(game=game).count()

    response = as_alice.post(f"/api/games/{game.pk}/start/")

    assert response.status_code == 409
    assert Event.objects.filter(game=game).count() == events


@pytest.mark.parametrize("command", ["bots", "start"])
def test_lobby_commands_on_an_unknown_game_are_not_found(as_alice: APIClient, command: str) -> None:
    assert as_alice.post(f"/api/games/4242/{command}/").status_code == 404


def test_a_token_that_no_invitation_could_be_is_refused_as_the_schema_says(
    as_alice: APIClient, as_bob: APIClient
) -> None:
    """Failed before: a token with a NUL was valid by the schema and refused (schemathesis)."""
    body = {"name": "g", "config": {"players": 2}, "public": True}
    created = as_alice.post("/api/games/", body, format="json").json()
    schema = as_bob.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()

    token = schema["components"]["schemas"]["JoinRequest"]["properties"]["token"]
    assert token["oneOf"][0]["pattern"] == "^[A-Za-z0-9_-]+$"  # or empty: a public game
    joined = as_bob.post(f"/api/games/{created['id']}/join/", {"token": "a\x00"}, format="json")
    assert joined.status_code == 400 and "token" in joined.json()
