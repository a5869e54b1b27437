"""NUM-X on the ratings: each mode is its own pool, and a Teams game is rated as two sides
of partners (seats s and s + 2), from a game played out by random legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from openskill.models import PlackettLuce

from games.events.consumers import dispatch
from games.models import Game
from ratings.models import Rating
from tests.ratings.conftest import open_game
from tests.tournaments.conftest import _states_cached_at_once, play_out

__all__ = ["_states_cached_at_once"]

pytestmark = pytest.mark.django_db


def test_partners_are_rated_as_one_side_in_their_modes_pool(
    make_players: Callable[[int], list[User]],
) -> None:
    players = make_players(4)
    config = {"players": 4, "mode": "x-game", "teams": True}
    game = play_out(open_game(players, "numx", config, public=True), random.Random(8))
    assert game.status == Game.Status.FINISHED

    dispatch(game.pk)

    scores = [seat.score for seat in game.seats.order_by("number")]
    model = PlackettLuce()
    # Partners share their score, so a side's place is either partner's.
    sides = [(0, 2), (1, 3)]
    ranks = [1 + sum(other > scores[side[0]] for other in scores) for side in sides]
    expected = model.rate([[model.rating(), model.rating()] for _ in sides], ranks=ranks)
    for side, team in zip(sides, expected, strict=True):
        for seat, wanted in zip(side, team, strict=True):
            got = Rating.objects.get(user=players[seat], pool="numx:x-game")
            assert (got.mu, got.sigma) == pytest.approx((wanted.mu, wanted.sigma))
