"""Controlling a table through the API as the pages do: playing a finished game again (the
table's Play again), leaving a table before it starts, resigning and calling a game off,
and the lobby's open public tables to join."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test.utils import CaptureQueriesContext
from pytest_django.fixtures import Settings
from rest_framework.test import APIClient

from accounts.models import profile_of
from games.lobby import game_invite, game_join, game_open
from games.models import Game
from games.services import SeatSpec, game_create
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def finished(alice: User, advance: Callable[..., Game]) -> Game:
    """A public NMBR 9 game of Alice against a level 0 bot, played out."""
    game = stacks(alice, SeatSpec("Bot", is_bot=True), public=True)
    Game.objects.filter(pk=game.pk).update(move_deadline=timedelta(days=3))
    return advance(game, lambda g: g.status == Game.Status.FINISHED)


def stacks(alice: User, other: SeatSpec, *, public: bool = False) -> Game:
    """An NMBR 9 game of Alice (seat 0) and ``other``, dealt."""
    return game_create(
        name="Stacks",
        rules="nmbr9",
        config={"players": 2},
        seats=[SeatSpec("Alice", user=alice), other],
        created_by=alice,
        rng=random.Random(5),
        public=public,
    )


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


def test_a_rematch_past_the_days_invitations_is_a_429_to_wait_out(
    as_alice: APIClient,
    alice: User,
    bob: User,
    advance: Callable[..., Game],
    settings: Settings,
) -> None:
    """Playing again with Bob would invite him by email, and Alice has sent the one
    invitation a day allows: 429, as the pages answer and as every limit of the API is
    answered, with how long to wait (failed before: a 409, which says the game moved on,
    and no `Retry-After`). Nothing is opened, nothing counted."""
    settings.NUMX_INVITATIONS_PER_DAY = 1
    played = stacks(alice, SeatSpec("Bob", user=bob))
    finished = advance(played, lambda g: g.status == Game.Status.FINISHED)
    elsewhere = game_open(creator=alice, name="Later", config={"players": 3})
    game_invite(game=elsewhere, by=alice, email="carol@example.com")

    answer = as_alice.post(f"/api/games/{finished.pk}/rematch/")

    assert answer.status_code == 429
    assert answer.json() == {
        "detail": "You may send 1 email invitation a day: try again tomorrow, or share the "
        "link instead."
    }
    assert 0 < int(answer["Retry-After"]) <= 24 * 3600
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
    assert twice.json()["detail"] == "You have no seat at this game."
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


# Cancelling a table -------------------------------------------------------------------------


def test_the_host_cancels_a_waiting_table_and_it_is_gone(
    as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, three: Game
) -> None:
    """Failed before: no request removed a table nobody came to (404 for cancel/)."""
    listed = as_carol.post(f"/api/games/{three.pk}/leave/")  # Carol makes room, to list it
    assert listed.status_code == 200
    answer = as_alice.post(f"/api/games/{three.pk}/cancel/")

    assert answer.status_code == 204 and answer.content == b""
    assert not Game.objects.filter(pk=three.pk).exists()
    for client in (as_alice, as_bob, as_carol):
        assert client.get(f"/api/games/{three.pk}/").status_code == 404
        assert client.get("/api/games/").json()["results"] == []
        assert three.pk not in [table["game"]["id"] for table in client.get("/api/tables/").json()]
    assert as_alice.post(f"/api/games/{three.pk}/cancel/").status_code == 404  # sent again
    assert (
        as_bob.post(
            f"/api/games/{three.pk}/join/", {"token": three.invite_token}, format="json"
        ).status_code
        == 404
    )


def test_a_table_is_cancelled_only_by_its_host_before_it_starts(
    as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, three: Game, game: Game
) -> None:
    guest = as_bob.post(f"/api/games/{three.pk}/cancel/")
    Game.objects.filter(pk=three.pk).update(is_public=True)
    outsider = as_carol.post(f"/api/games/{game.pk}/cancel/")
    started = as_alice.post(f"/api/games/{game.pk}/cancel/")

    assert guest.status_code == 403
    assert guest.json() == {"detail": "Only the player who opened this game can do that."}
    assert outsider.status_code == 403
    assert started.status_code == 409
    assert started.json()["detail"] == (
        "This game has already started: its table can no longer be cancelled."
    )
    assert started.json()["game"]["status"] == "running"
    assert three.seats.count() == 3 and game.seats.count() == 2


def test_a_tournaments_table_is_never_cancelled(as_alice: APIClient, league: Tournament) -> None:
    """A tournament's table starts as it is made (its organiser, Alice, is its creator)."""
    table = Game.objects.get(tournament_table__stage__tournament=league)

    answer = as_alice.post(f"/api/games/{table.pk}/cancel/")

    assert answer.status_code == 409
    assert answer.json()["game"]["status"] == "running"
    assert Game.objects.filter(pk=table.pk).exists()


# Resigning ----------------------------------------------------------------------------------

Commit = Callable[..., Any]


@pytest.fixture
def numx_for_three(alice: User, bob: User, carol: User) -> Game:
    """A running NUM-X game of Alice, Bob and Carol (seats 0, 1, 2), cards dealt."""
    return game_create(
        name="Three",
        config={"players": 3},
        seats=[SeatSpec(user.username, user=user) for user in (alice, bob, carol)],
        created_by=alice,
        rng=random.Random(6),
        public=True,
    )


def _seat(answer: dict[str, Any], number: int) -> dict[str, Any]:
    seat: dict[str, Any] = answer["seats"][number]
    return seat


def test_a_player_who_resigns_a_two_player_game_loses_it_and_bots_finish_it(
    as_alice: APIClient,
    game: Game,
    django_capture_on_commit_callbacks: Commit,
) -> None:
    with django_capture_on_commit_callbacks(execute=True):  # the bots play once it commits
        answer = as_alice.post(f"/api/games/{game.pk}/resign/")

    assert answer.status_code == 200, answer.json()
    resigned = answer.json()
    assert _seat(resigned, 0)["resigned"] and _seat(resigned, 0)["handed_over"]
    # Bob is the last seat left: he has nothing to play for either.
    assert not _seat(resigned, 1)["resigned"] and _seat(resigned, 1)["handed_over"]
    assert not resigned["awaiting_me"]
    over = as_alice.get(f"/api/games/{game.pk}/").json()
    assert over["status"] == "finished"
    assert [seat["winner"] for seat in over["seats"]] == [False, True]
    assert over["outcome"]["winners"] == [1]
    events = as_alice.get(f"/api/games/{game.pk}/events/", {"limit": 500}).json()["results"]
    said = {event["type"]: event["description"] for event in events}
    assert said["resigned"] == "You resigned."
    bob = _seat(over, 1)["name"]
    assert bob in said["game-ended"] and _seat(over, 0)["name"] not in said["game-ended"]


def test_in_a_three_player_game_the_resigned_seat_is_never_its_players_turn(
    as_bob: APIClient, bob: User, numx_for_three: Game
) -> None:
    url = f"/api/games/{numx_for_three.pk}/"

    answer = as_bob.post(url + "resign/")

    assert answer.status_code == 200, answer.json()
    game = answer.json()
    assert game["status"] == "running"
    assert [(seat["resigned"], seat["handed_over"]) for seat in game["seats"]] == [
        (False, False),
        (True, True),
        (False, False),
    ]
    # The game still waits for Bob's seat (a bot moves for it), never for Bob.
    assert 1 in game["awaiting"] and not _seat(game, 1)["awaited"]
    assert not game["awaiting_me"] and game["my_seat"] == 1
    assert as_bob.get("/api/games/", {"awaiting": "me"}).json()["results"] == []
    offered = as_bob.get(url + "legal-actions/").json()
    assert offered["listed"] == [] and offered["pending"] is None
    assert offered["sequence"] == numx_for_three.last_sequence + 1


def test_a_player_who_resigned_moves_no_more(as_bob: APIClient, numx_for_three: Game) -> None:
    url = f"/api/games/{numx_for_three.pk}/"
    pick = as_bob.get(url + "legal-actions/").json()["listed"][0]
    as_bob.post(url + "resign/")
    move = {"action": pick["action"], "expected_sequence": numx_for_three.last_sequence + 1}

    played = as_bob.post(url + "actions/", move, format="json")
    checked = as_bob.post(url + "check/", {"action": pick["action"]}, format="json")

    refusal = "A bot plays this seat to the end of the game: it takes no more moves from you."
    assert played.status_code == 403 and played.json() == {"detail": refusal}
    assert checked.status_code == 403 and checked.json() == {"detail": refusal}
    numx_for_three.refresh_from_db()
    assert numx_for_three.last_sequence == move["expected_sequence"]


def test_a_resignation_is_refused_twice_and_to_anyone_without_a_seat(
    as_bob: APIClient, as_carol: APIClient, game: Game, numx_for_three: Game
) -> None:
    url = f"/api/games/{numx_for_three.pk}/resign/"
    as_bob.post(url)

    twice = as_bob.post(url)
    stranger = as_carol.post(f"/api/games/{game.pk}/resign/")

    assert twice.status_code == 409
    assert twice.json()["detail"] == "You have resigned already."
    assert twice.json()["game"]["id"] == numx_for_three.pk
    assert stranger.status_code == 403
    assert stranger.json() == {"detail": "You have no seat at this game."}
    assert not game.seats.filter(resigned=True).exists()


def test_a_game_over_or_not_started_is_not_resigned(
    as_alice: APIClient, alice: User, finished: Game
) -> None:
    waiting = game_open(creator=alice, name="Soon", config={"players": 2})

    for table in (finished, waiting):
        answer = as_alice.post(f"/api/games/{table.pk}/resign/")
        assert answer.status_code == 409
        assert answer.json()["detail"] == "This game is not being played."
    assert not finished.seats.filter(resigned=True).exists()


# Calling a game off ----------------------------------------------------------------------


def test_a_game_nobody_moved_in_is_called_off_and_takes_no_move(
    as_alice: APIClient, as_bob: APIClient, game: Game
) -> None:
    url = f"/api/games/{game.pk}/"
    pick = as_alice.get(url + "legal-actions/").json()["listed"][0]

    answer = as_bob.post(url + "abort/")

    assert answer.status_code == 200, answer.json()
    called_off = answer.json()
    assert called_off["status"] == "aborted" and called_off["finished_at"]
    assert called_off["awaiting"] == [] and not any(s["awaited"] for s in called_off["seats"])
    assert called_off["outcome"] is None
    move = {"action": pick["action"], "expected_sequence": called_off["last_sequence"]}
    played = as_alice.post(url + "actions/", move, format="json")
    checked = as_alice.post(url + "check/", {"action": pick["action"]}, format="json")
    for refused in (played, checked):
        assert refused.status_code == 409
        assert refused.json()["detail"] == "This game was called off before anybody moved."
        assert refused.json()["game"]["status"] == "aborted"
    assert as_alice.get(url + "legal-actions/").json()["listed"] == []
    [listed] = as_alice.get("/api/games/").json()["results"]
    assert listed["status"] == "aborted" and not listed["awaiting_me"]
    again = as_alice.post(url + "abort/")
    assert again.status_code == 409 and again.json()["detail"] == "This game is not being played."


def test_a_game_is_not_called_off_once_a_player_moved(
    as_alice: APIClient, game: Game, play_first: Callable[[Game, int], None]
) -> None:
    play_first(game, game.awaiting[0])

    answer = as_alice.post(f"/api/games/{game.pk}/abort/")

    assert answer.status_code == 409
    assert answer.json()["detail"] == (
        "A game is called off only before anybody has moved: resign instead."
    )
    assert answer.json()["game"]["status"] == "running"


def test_only_a_player_calls_a_game_off(as_carol: APIClient, game: Game) -> None:
    answer = as_carol.post(f"/api/games/{game.pk}/abort/")

    assert answer.status_code == 403
    assert answer.json() == {"detail": "You have no seat at this game."}
    game.refresh_from_db()
    assert game.status == Game.Status.RUNNING


def test_a_tournaments_table_is_resigned_but_not_called_off(
    as_bob: APIClient, league: Tournament
) -> None:
    table = Game.objects.get(tournament_table__stage__tournament=league)
    url = f"/api/games/{table.pk}/"

    called_off = as_bob.post(url + "abort/")
    resigned = as_bob.post(url + "resign/")

    assert called_off.status_code == 409
    assert called_off.json()["detail"] == (
        "A tournament's table is not called off: you may resign instead."
    )
    assert resigned.status_code == 200
    assert resigned.json()["status"] == "running"


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


def test_a_long_list_of_open_tables_asks_no_more_than_a_short_one(
    as_alice: APIClient, bob: User, carol: User
) -> None:
    """Failed before: each table listed asked again which of its players are bot accounts
    (7 queries for 3 tables, 23 for 19, against 5 now)."""
    profile = profile_of(carol)
    profile.bot_account = True
    profile.save()
    reads = []
    for count in (3, 19):
        while Game.objects.filter(status=Game.Status.OPEN).count() < count:
            table = game_open(creator=bob, name="Bob's", config={"players": 3}, public=True)
            game_join(game=table, user=carol)
        as_alice.get("/api/tables/")  # a token's use is written down once a minute
        with CaptureQueriesContext(connection) as queries:
            listed = as_alice.get("/api/tables/").json()
        reads.append(len(queries.captured_queries))
        # Carol's seat is still told a bot account's at every table.
        seats = [[seat["bot_account"] for seat in table["game"]["seats"]] for table in listed]
        assert seats == [[False, True]] * count
    assert reads[0] == reads[1]


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
