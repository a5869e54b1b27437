"""Two games that share a player end at the same moment, rated by two workers over real
PostgreSQL connections: the player's rating takes both games, neither update is lost."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connections, transaction
from openskill.models import PlackettLuce

from games import services as games_services
from games.events import store
from ratings import services
from ratings.models import Rating
from ratings.services import rate_game
from tests.platform.conftest import play_to_the_end
from tests.ratings.conftest import open_game

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("flush_past_the_trigger"),
]

#: How long a worker about to write a rating waits for the other to get there too: with the rows
#: locked the other never does (it waits for the lock), and the first goes on alone.
MEETING = 1.0


def test_two_games_ending_at_once_both_count_for_their_shared_player(
    make_players: Callable[[int], list[User]], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The games end here without waking the consumers: the two workers below rate them.
    monkeypatch.setattr(games_services, "react_after_commit", lambda game_id, state: None)
    alice, bob, carol = make_players(3)
    games = [
        open_game([alice, other], "toy", {"players": 2, "pile": 1}, True) for other in (bob, carol)
    ]
    for game in games:
        play_to_the_end(game)  # Alice takes the only token: she wins both
        store.CACHE.clear()
    # Players rated before (as newcomers here): the workers read rows that are there.
    for user in (alice, bob, carol):
        Rating.objects.create(
            user=user, pool="toy", mu=services.MODEL.mu, sigma=services.MODEL.sigma
        )
    meeting = threading.Barrier(2)
    update = services._update

    def update_after_meeting(*args: Any) -> None:
        # Broken when the other worker waits for the lock instead: as it should.
        with contextlib.suppress(threading.BrokenBarrierError):
            meeting.wait(MEETING)
        update(*args)

    monkeypatch.setattr(services, "_update", update_after_meeting)
    errors: list[BaseException] = []

    def worker(game_id: int) -> None:
        try:
            with transaction.atomic():
                rate_game(game_id=game_id)
        except BaseException as error:  # judged below
            errors.append(error)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=worker, args=(game.pk,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)

    assert not errors
    model = PlackettLuce()
    [[after_one], _] = model.rate([[model.rating()], [model.rating()]], ranks=[1, 2])
    [[after_two], _] = model.rate([[after_one], [model.rating()]], ranks=[1, 2])
    got = Rating.objects.get(user=alice, pool="toy")
    assert got.games == 2
    assert (got.mu, got.sigma) == pytest.approx((after_two.mu, after_two.sigma))
