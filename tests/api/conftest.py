"""The API's standing cast: Alice and Bob play, Carol only watches; each has an API token.

Their clients speak to the API the way a bot would: JSON, ``Authorization: Token ...``.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from games.bots import play_bot_move
from games.models import Game
from games.moves import legal_moves, read_move
from games.registry import rule_set
from games.services import SeatSpec, game_create, game_submit
from tests.clients import token_client
from tests.members import named
from tournaments.models import Tournament
from tournaments.services import stage_start, tournament_create, tournament_register


@pytest.fixture(autouse=True)
def _fresh_throttles() -> None:
    """Throttle counts live in the cache: each test starts with none."""
    cache.clear()


@pytest.fixture
def client_for() -> Callable[[User], APIClient]:
    """A client of the API with ``user``'s token."""
    return token_client


@pytest.fixture
def alice() -> User:
    return named(User.objects.create_user("alice", "alice@example.com"))


@pytest.fixture
def bob() -> User:
    return named(User.objects.create_user("bob", "bob@example.com"))


@pytest.fixture
def carol() -> User:
    return named(User.objects.create_user("carol", "carol@example.com"))


@pytest.fixture
def as_alice(alice: User) -> APIClient:
    return token_client(alice)


@pytest.fixture
def as_bob(bob: User) -> APIClient:
    return token_client(bob)


@pytest.fixture
def as_carol(carol: User) -> APIClient:
    return token_client(carol)


@pytest.fixture
def openapi(as_alice: APIClient) -> dict[str, Any]:
    """The schema the site serves, as a client generator reads it."""
    response = as_alice.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return dict(json.loads(response.content))


@pytest.fixture
def game(alice: User, bob: User) -> Game:
    """A running public two-player Speed Run: Alice in seat 0, Bob in seat 1, cards
    dealt; anybody may watch it."""
    return game_create(
        name="Friday game",
        config={"players": 2, "mode": "speed-run"},
        seats=[SeatSpec("Alice", user=alice), SeatSpec("Bob", user=bob)],
        created_by=alice,
        rng=random.Random(4),
        public=True,
    )


@pytest.fixture
def advance() -> Callable[..., Game]:
    """Play random legal moves (through the commands, as bots do) until ``done(game)``."""

    def play(game: Game, done: Callable[[Game], bool], seed: int = 1) -> Game:
        rng = random.Random(seed)
        while not done(game):
            assert play_bot_move(game, rng), "the game ended first"
            game.refresh_from_db()
        return game

    return play


@pytest.fixture
def play_first() -> Callable[[Game, int], None]:
    """Let ``seat`` make its first listed legal move (through the commands)."""

    def play(game: Game, seat: int) -> None:
        moves = legal_moves(game, seat)
        action = read_move(rule_set(game.rules), moves.listed[0].action)
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=moves.sequence)
        game.refresh_from_db()

    return play


@pytest.fixture
def league(alice: User, bob: User, carol: User) -> Tournament:
    """A three-player league (tables of three) of Alice's whose first stage has started:
    Alice, Bob and Carol at its one table."""
    tournament = tournament_create(
        organiser=alice,
        name="Autumn league",
        table_size=3,
        registration_closes=timezone.now() + timedelta(days=1),
    )
    for user in (alice, bob, carol):
        tournament_register(tournament=tournament, user=user)
    stage_start(tournament=tournament, by=alice)
    return tournament
