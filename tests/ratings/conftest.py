"""Ratings' tests: Toy games (tests/toygame) between members, played to a chosen winner
with the consumers run as after a commit; and NUM-X tables played out by random moves."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User

from games.deadlines import play_for_absent
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.services import game_submit
from tests.platform.conftest import play_to_the_end
from tests.tournaments.conftest import make_players
from tests.toygame.fixtures import toy_installed
from tests.toygame.rules import Take

__all__ = ["make_players", "toy_installed"]

Duel = Callable[..., Game]


@pytest.fixture(autouse=True)
def _toy(toy_installed: str) -> None:
    """Every ratings test may play Toy."""


def take_as(game: Game, user: User, seat: int, count: int) -> None:
    """``user`` takes ``count`` tokens at ``seat``, themselves (as the table, the API or a
    mail reply record a player's own move: with the player as its actor)."""
    game.refresh_from_db()
    game_submit(
        game_id=game.pk,
        seat=seat,
        action=Take(count),
        expected_sequence=game.last_sequence,
        actor=user,
    )


def open_game(players: list[User], rules: str, config: dict[str, object], public: bool) -> Game:
    """A started game of ``rules`` with ``players`` seated in order (the first opened it)."""
    game = game_open(creator=players[0], name="Rated", rules=rules, config=config, public=public)
    for user in players[1:]:
        game_join(game=game, user=user, token=game.invite_token)
    return game_start(game=game, by=players[0], rng=random.Random(5))


@pytest.fixture
def toy_game(django_capture_on_commit_callbacks: Callable[..., object]) -> Duel:
    """``toy_game(players, winner=seat, mode=None, public=True)``: a Toy game between
    ``players`` that ``winner`` wins (each takes up to three tokens; whoever takes the last
    wins), played to its end with the consumers dispatched as the worker would."""

    def play(
        players: list[User], winner: int = 0, mode: str | None = None, public: bool = True
    ) -> Game:
        # Turns go round from seat 0, three tokens each: the last turn is the winner's.
        config: dict[str, object] = {"players": len(players), "pile": 3 * winner + 1}
        if mode is not None:
            config["mode"] = mode
        game = open_game(players, "toy", config, public)
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            play_to_the_end(game)
        assert game.seats.get(number=winner).winner
        return game

    return play


@pytest.fixture
def clock_game(django_capture_on_commit_callbacks: Callable[..., object]) -> Duel:
    """``clock_game(alice, bob)``: a Toy duel Bob wins after he left: of five tokens Alice
    takes one, Bob one himself, Alice two, and the deadline policy the last one for Bob."""

    def play(alice: User, bob: User) -> Game:
        game = open_game([alice, bob], "toy", {"players": 2, "pile": 5}, public=True)
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            take_as(game, alice, 0, 1)
            take_as(game, bob, 1, 1)
            take_as(game, alice, 0, 2)
            play_for_absent(game, 1)
        return game

    return play
