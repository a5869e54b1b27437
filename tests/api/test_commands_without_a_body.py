"""The API's commands that take no body (start, leave, cancel, play again, resign, call
off) refuse one that holds anything, as every other request refuses an unknown key: a 400
naming each key, nothing done. Nothing, or ``{}``, is still the command."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.lobby import game_join, game_open
from games.models import Game
from games.services import SeatSpec, game_create

pytestmark = pytest.mark.django_db


def waiting(alice: User, bob: User) -> Game:
    """A table Alice opened and Bob joined, not started."""
    table = game_open(creator=alice, name="Waiting", config={"players": 2}, public=True)
    game_join(game=table, user=bob)
    return table


#: Each command, whether it is sent to a table not started (else to a game being played that
#: nobody has moved in yet), who sends it (Bob: 1), and its answer when done.
COMMANDS = [
    ("start", True, 0, 200),
    ("leave", True, 1, 200),
    ("cancel", True, 0, 204),
    ("resign", False, 0, 200),
    ("abort", False, 1, 200),
]


@pytest.mark.parametrize(("command", "not_started", "seat", "done"), COMMANDS)
def test_a_command_without_a_body_refuses_keys_and_does_nothing(
    alice: User,
    bob: User,
    game: Game,
    as_alice: APIClient,
    as_bob: APIClient,
    command: str,
    not_started: bool,
    seat: int,
    done: int,
) -> None:
    if not_started:
        game = waiting(alice, bob)
    client = (as_alice, as_bob)[seat]
    url = f"/api/games/{game.pk}/{command}/"

    refused = client.post(url, {"now": True, "why": "x"}, format="json")

    assert refused.status_code == 400, refused.content
    assert refused.json() == {"now": ["Unknown field: now."], "why": ["Unknown field: why."]}
    # Nothing was done: the command is still there to do, with an empty object.
    assert client.post(url, {}, format="json").status_code == done


def test_play_again_refuses_keys_and_opens_nothing(
    alice: User, as_alice: APIClient, advance: Callable[..., Game]
) -> None:
    game = game_create(
        name="Stacks",
        rules="nmbr9",
        config={"players": 2},
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bot", is_bot=True)],
        created_by=alice,
        rng=random.Random(5),
    )
    finished = advance(game, lambda g: g.status == Game.Status.FINISHED)
    url = f"/api/games/{finished.pk}/rematch/"
    games = Game.objects.count()

    refused = as_alice.post(url, {"players": 3}, format="json")

    assert refused.status_code == 400
    assert refused.json() == {"players": ["Unknown field: players."]}
    assert Game.objects.count() == games
    assert as_alice.post(url).status_code == 201  # no body at all: opened now


def test_a_body_that_is_not_an_object_is_refused(game: Game, as_bob: APIClient) -> None:
    refused = as_bob.post(f"/api/games/{game.pk}/resign/", [1], format="json")

    assert refused.status_code == 400
    assert "non_field_errors" in refused.json()
    assert not Game.objects.get(pk=game.pk).seats.filter(resigned=True).exists()
