"""A bot's choices can be reproduced: the same position of the same game gives the same
moves, while the site's secret keeps players from computing them."""

from __future__ import annotations

import pytest
from django.test import override_settings

from games.bots import bot_seats, decision_rng
from games.models import Game
from games.services import SeatSpec, game_create

pytestmark = pytest.mark.django_db


def bots_game() -> Game:
    """A Speed Run of Ann and two bots."""
    seats = [SeatSpec("Ann"), *bot_seats(2)]
    return game_create(name="Bots", config={"players": 3, "mode": "speed-run"}, seats=seats)


def draws(game: Game) -> list[float]:
    rng = decision_rng(game)
    return [rng.random() for _ in range(3)]


def test_the_same_position_gives_the_same_choices_and_a_move_others() -> None:
    game = bots_game()
    assert draws(game) == draws(Game.objects.get(pk=game.pk))
    moved = Game.objects.get(pk=game.pk)
    moved.last_sequence += 1
    assert draws(moved) != draws(game)


def test_the_choices_depend_on_the_sites_secret() -> None:
    game = bots_game()
    with override_settings(SECRET_KEY="another site's secret, as long as the real one"):
        elsewhere = draws(game)
    assert elsewhere != draws(game)
