"""Consumers handle every event once, even when the wake-up after a commit is lost."""

import json
from collections.abc import Callable, Iterator, Sequence
from io import StringIO

import pytest
from django.core.management import call_command

from games.events import consumers
from games.events.models import ConsumerPosition, Event
from games.models import Game
from games.tasks import catch_up_consumers

pytestmark = pytest.mark.django_db


@pytest.fixture
def seen() -> Iterator[list[tuple[int, int]]]:
    """A consumer that writes down every (game, sequence) it handles."""
    handled: list[tuple[int, int]] = []

    def remember(game_id: int, events: Sequence[Event]) -> None:
        handled.extend((game_id, event.sequence) for event in events)

    consumers.consumer("test-recorder")(remember)
    yield handled
    consumers._CONSUMERS.pop("test-recorder")


def test_a_dispatch_hands_each_new_event_to_each_consumer_once(
    new_game: Callable[..., Game], advance: Callable[..., Game], seen: list[tuple[int, int]]
) -> None:
    game = new_game()
    consumers.dispatch(game.pk)
    consumers.dispatch(game.pk)
    assert seen == [(game.pk, 1), (game.pk, 2)]
    game = advance(game, 5)
    consumers.dispatch(game.pk)
    assert [sequence for _, sequence in seen] == list(range(1, game.last_sequence + 1))
    position = ConsumerPosition.objects.get(consumer="test-recorder", game=game)
    assert position.sequence == game.last_sequence


def test_a_lost_wake_up_delays_the_reaction_and_catch_up_delivers_it(
    new_game: Callable[..., Game], advance: Callable[..., Game], seen: list[tuple[int, int]]
) -> None:
    # In these tests nothing commits, so no wake-up ever ran: as if the process had died
    # between the commit and the enqueue of every move.
    first, second = new_game(seed=1), advance(new_game(seed=2), 4)
    assert set(consumers.lagging_games()) == {first.pk, second.pk}
    assert catch_up_consumers() == 2
    assert sorted(seen) == sorted(
        [(first.pk, n) for n in range(1, first.last_sequence + 1)]
        + [(second.pk, n) for n in range(1, second.last_sequence + 1)]
    )
    assert consumers.lagging_games() == []
    assert catch_up_consumers() == 0
    assert len(seen) == first.last_sequence + second.last_sequence


def test_a_consumer_that_fails_keeps_its_place_and_retries_the_same_events(
    new_game: Callable[..., Game],
) -> None:
    attempts: list[list[int]] = []

    def flaky(game_id: int, events: Sequence[Event]) -> None:
        attempts.append([event.sequence for event in events])
        if len(attempts) == 1:
            raise RuntimeError("mail server down")

    consumers.consumer("test-flaky")(flaky)
    try:
        game = new_game()
        with pytest.raises(RuntimeError):
            consumers.dispatch(game.pk, only=["test-flaky"])
        consumers.dispatch(game.pk, only=["test-flaky"])
    finally:
        consumers._CONSUMERS.pop("test-flaky")
    assert attempts == [[1, 2], [1, 2]]


def test_the_snapshot_consumer_is_registered() -> None:
    assert "snapshots" in consumers.consumers()


def test_the_catch_up_command_runs_the_same_check_once(
    new_game: Callable[..., Game], seen: list[tuple[int, int]]
) -> None:
    game = new_game()
    out = StringIO()
    call_command("numx", "catch-up", stdout=out)
    assert json.loads(out.getvalue()) == {"lagging_games": 1}
    assert seen == [(game.pk, 1), (game.pk, 2)]
