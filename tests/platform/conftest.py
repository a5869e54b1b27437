"""The platform's tests play Toy (tests/toygame), a game the platform was not written for,
between the standing cast of tests/conftest.py: Alice opens games, Bob plays with her,
Mallory only watches."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User

from games.events import store
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.services import game_submit
from tests.toygame.fixtures import toy_installed
from tests.toygame.rules import RULES, Take, ToyState

__all__ = ["toy_installed"]


@pytest.fixture(autouse=True)
def _toy(toy_installed: str) -> None:
    """Every platform test runs with Toy installed."""


def state_of(game: Game) -> ToyState:
    """The game's whole state (what no page may show as such)."""
    state: ToyState = store.load(game.pk, game.rules).state
    return state


def take(game: Game, seat: int, count: int) -> None:
    """``seat`` takes ``count`` tokens through the service, as the game now stands."""
    game.refresh_from_db()
    game_submit(
        game_id=game.pk, seat=seat, action=Take(count), expected_sequence=game.last_sequence
    )


def play_to_the_end(game: Game) -> None:
    """Each seat in turn takes as many tokens as it may, until the pile is empty."""
    while not RULES.is_terminal(state := state_of(game)):
        take(game, state.turn, min(3, state.pile))
    game.refresh_from_db()


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    """A started public Toy game of 7 tokens: Alice (seat 0) against Bob (seat 1)."""
    game = game_open(
        creator=alice, name="Toy duel", rules="toy", config={"players": 2, "pile": 7}, public=True
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(3))


@pytest.fixture
def finished_duel(duel: Game) -> Game:
    """The duel, played to its end."""
    play_to_the_end(duel)
    return duel
