"""Controlling a table through the API as the pages do: playing a finished game again (the
table's Play again), leaving a table before it starts, and the lobby's open public tables
to join."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.lobby import game_join, game_open
from games.models import Game
from games.services import SeatSpec, game_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(alice: User, advance: Callable[..., Game]) -> Game:
    """A public NMBR 9 game of Alice against a level 0 bot, played out."""
    game = game_create(
        name="Stacks",
        rules="nmbr9",
        config={"players": 2},
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bot", is_bot=True)],
        created_by=alice,
        rng=random.Random(5),
        public=True,
    )
    Game.objects.filter(pk=game.pk).update(move_deadline=timedelta(days=3))
    return advance(game, lambda g: g.status == Game.Status.FINISHED)


# Play again -------------------------------------------------------------------------------


def test_a_finished_game_is_played_again_at_a_new_table_once(
    as_alice: APIClient, finished: Game
) -> None:
    first = as_alice.post(f"/api/games/{finished.pk}/rematch/")
    again = as_alice.post(f"/api/games/{finished.pk}/rematch/")

    assert first.status_code == 201, first.json()
    table = first.json()
    assert table["id"] != finished.pk and first["Location"] == f"/api/games/{table['id']}/"
    assert table["rules"] == "nmbr9" and table["config"]["players"] == 2
    assert table["move_deadline_hours"] == 72 and table["is_public"]
    # Against a bot alone nobody is waited for: it starts at once, Alice in seat 0.
    assert table["status"] == "running" and table["my_seat"] == 0
    assert [seat["is_bot"] for seat in table["seats"]] == [False, True]
    assert again.status_code == 200 and again.json()["id"] == table["id"]
    assert Game.objects.count() == 2


def test_a_game_still_being_played_is_not_played_again(as_alice: APIClient, game: Game) -> None:
    answer = as_alice.post(f"/api/games/{game.pk}/rematch/")

    assert answer.status_code == 409
    assert answer.json()["detail"] == "A game is played again once it is over."
    assert answer.json()["game"]["id"] == game.pk
    assert Game.objects.count() == 1


def test_only_its_players_play_a_game_again(as_carol: APIClient, finished: Game) -> None:
    answer = as_carol.post(f"/api/games/{finished.pk}/rematch/")

    assert answer.status_code == 403
    assert answer.json() == {"detail": "Only players of this game invite others."}
    assert Game.objects.count() == 1


def test_a_private_game_is_not_there_for_others_to_play_again(
    as_carol: APIClient, alice: User
) -> None:
    private = game_open(creator=alice, name="Ours", config={"players": 2})

    assert as_carol.post(f"/api/games/{private.pk}/rematch/").status_code == 404


# Leaving a table ----------------------------------------------------------------------------


@pytest.fixture
def three(alice: User, bob: User, carol: User) -> Game:
    """Alice's public Maya table for three: Bob in seat 1, Carol in seat 2, not started."""
    table = game_open(creator=alice, name="Three", rules="maya", config={"players": 3}, public=True)
    game_join(game=table, user=bob, token=table.invite_token)
    game_join(game=table, user=carol, token=table.invite_token)
    return table


def test_a_player_leaves_a_waiting_table_and_the_seats_after_move_up(
    as_bob: APIClient, three: Game
) -> None:
    answer = as_bob.post(f"/api/games/{three.pk}/leave/")

    assert answer.status_code == 200, answer.json()
    table = answer.json()
    assert table["my_seat"] is None and table["free_seats"] == 1
    assert [(seat["number"], seat["name"]) for seat in table["seats"]] == [
        (0, "alice"),
        (1, "carol"),
    ]


def test_a_table_is_left_only_by_a_guest_before_it_starts(
    as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, three: Game, game: Game
) -> None:
    host = as_alice.post(f"/api/games/{three.pk}/leave/")
    as_carol.post(f"/api/games/{three.pk}/leave/")
    twice = as_carol.post(f"/api/games/{three.pk}/leave/")
    late = as_bob.post(f"/api/games/{game.pk}/leave/")  # Bob's seat at a running game

    assert host.status_code == 409
    assert host.json()["detail"] == "The player who opened this table hosts it and cannot leave it."
    assert twice.status_code == 409
    assert twice.json()["detail"] == "You have no seat at this table."
    assert late.status_code == 409
    assert late.json()["detail"] == "This game has already started: its seats stay taken."
    assert list(three.seats.order_by("number").values_list("name", flat=True)) == ["alice", "bob"]
    assert game.seats.filter(user__username="bob").exists()


def test_a_table_left_takes_the_next_player_in_the_last_seat(
    as_bob: APIClient, three: Game, bob: User
) -> None:
    as_bob.post(f"/api/games/{three.pk}/leave/")

    game_join(game=three, user=bob, token=three.invite_token)

    assert list(three.seats.order_by("number").values_list("name", flat=True)) == [
        "alice",
        "carol",
        "bob",
    ]


# Open tables --------------------------------------------------------------------------------


def test_the_open_public_tables_are_listed_with_the_lobbys_details(
    as_alice: APIClient, alice: User, bob: User, carol: User
) -> None:
    waiting = game_open(
        creator=bob,
        name="Bob's table",
        rules="maya",
        config={"players": 3, "expert": True},
        move_deadline=timedelta(days=2),
        public=True,
    )
    game_join(game=waiting, user=carol)
    game_open(creator=bob, name="Private", config={"players": 2})
    game_open(creator=alice, name="Mine", config={"players": 2}, public=True)

    answer = as_alice.get("/api/tables/")

    assert answer.status_code == 200
    [table] = answer.json()
    assert table["host"] == "bob"
    assert table["summary"].startswith("Maya") and "2 days per move" in table["summary"]
    game = table["game"]
    assert game["id"] == waiting.pk and game["rules"] == "maya"
    assert game["config"]["expert"] is True and game["move_deadline_hours"] == 48
    assert game["free_seats"] == 1 and [s["name"] for s in game["seats"]] == ["bob", "carol"]
    # Only players see a table's invitation secret.
    assert game["invite_token"] is None and game["my_seat"] is None


def test_a_table_i_join_leaves_the_list_and_an_unchanged_list_is_not_sent_again(
    as_alice: APIClient, alice: User, bob: User
) -> None:
    waiting = game_open(creator=bob, name="Bob's", config={"players": 2}, public=True)
    listed = as_alice.get("/api/tables/")
    assert [table["game"]["id"] for table in listed.json()] == [waiting.pk]

    unchanged = as_alice.get("/api/tables/", HTTP_IF_NONE_MATCH=listed["ETag"])
    assert as_alice.post(f"/api/games/{waiting.pk}/join/", {}, format="json").status_code == 201
    after = as_alice.get("/api/tables/", HTTP_IF_NONE_MATCH=listed["ETag"])

    assert unchanged.status_code == 304
    assert after.status_code == 200 and after.json() == []


def test_the_open_tables_are_for_members_only() -> None:
    assert APIClient().get("/api/tables/").status_code == 401
