"""Games of the site's tests, between the standing cast of tests/conftest.py."""

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User

from games.bots import play_bot_move
from games.engine.ruleset import BotLevel
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game
from tests.conftest import person

#: Runs some work, then what waits for its commit.
Committed = Callable[[Callable[[], Any]], Any]


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Any) -> Committed:
    """Run ``work`` and then what waits for its commit (the bots, the emails)."""

    def run(work: Callable[[], Any]) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return work()

    return run


@pytest.fixture
def carol(db: None) -> User:
    """A third player, for games where one leaves and two play on."""
    return person("carol")


@pytest.fixture
def duel(alice: User, bob: User) -> Game:
    """A started two-player Speed Run between Alice (seat 0) and Bob (seat 1), public:
    Mallory may watch it (tests/games/test_private_games.py has private ones)."""
    game = game_open(
        creator=alice, name="Duel", config={"players": 2, "mode": "speed-run"}, public=True
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(11))


@pytest.fixture
def against_bots(alice: User) -> Game:
    """A started three-player game: Alice and two bots (which move by themselves)."""
    game = game_open(creator=alice, name="Alice and the bots", config={"players": 3})
    game_add_bot(game=game, by=alice)
    game_add_bot(game=game, by=alice)
    return game_start(game=game, by=alice, rng=random.Random(5))


def finish(game: Game, level: BotLevel = BotLevel.RANDOM) -> Game:
    """``game`` played to its end by bots of ``level`` moving for every seat (random moves
    play the oddest games; the heuristic's end sooner, where a game is long at random)."""
    rng = random.Random(9)
    levels = dict.fromkeys(range(game.seats.count()), level)
    while Game.objects.get(pk=game.pk).status != Game.Status.FINISHED:
        assert play_bot_move(game, rng, levels=levels)
    game.refresh_from_db()
    return game
