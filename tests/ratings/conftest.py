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
from tests.platform.conftest import play_to_the_end, take
from tests.tournaments.conftest import make_players
from tests.toygame.fixtures import toy_installed

__all__ = ["make_players", "toy_installed"]

Duel = Callable[..., Game]


@pytest.fixture(autouse=True)
def _toy(toy_installed: str) -> None:
    """Every ratings test may play Toy."""


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
    """``clock_game(alice, bob)``: a Toy duel Bob wins while away: Alice takes three of the
    four tokens, and the deadline policy takes the last one for Bob."""

    def play(alice: User, bob: User) -> Game:
        game = open_game([alice, bob], "toy", {"players": 2, "pile": 4}, public=True)
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            take(game, 0, 3)
            play_for_absent(game, 1)
        return game

    return play
