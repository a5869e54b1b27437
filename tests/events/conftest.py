"""Fixtures for the event store's tests: games of bots played through the real commands."""

import random
from collections.abc import Callable

import pytest

from games.bots import bot_seats, play_bot_game, play_bot_move
from games.models import Game
from games.services import game_create


@pytest.fixture
def new_game() -> Callable[..., Game]:
    def create(players: int = 3, mode: str = "speed-run", seed: int = 1) -> Game:
        return game_create(
            name="Test game",
            config={"players": players, "mode": mode},
            seats=bot_seats(players, automatic=False),
            rng=random.Random(seed),
        )

    return create


@pytest.fixture
def finished_game() -> Callable[..., Game]:
    def play(players: int = 3, mode: str = "speed-run", seed: int = 1) -> Game:
        return play_bot_game({"players": players, "mode": mode}, random.Random(seed))

    return play


@pytest.fixture
def advance() -> Callable[[Game, int, int], Game]:
    """Play ``moves`` random bot moves in a game."""

    def play(game: Game, moves: int, seed: int = 5) -> Game:
        rng = random.Random(seed)
        for _ in range(moves):
            if not play_bot_move(game, rng):
                break
        game.refresh_from_db()
        return game

    return play
