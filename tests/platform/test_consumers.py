"""What reacts to a Toy game's events once they are committed, as the worker would: bots
take their turns, players are emailed, the clock moves for the absent."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.utils import timezone

from games.deadlines import play_for_absent
from games.lobby import game_add_bot, game_open, game_start
from games.models import Game, Seat
from tests.platform.conftest import play_to_the_end, state_of, take

pytestmark = pytest.mark.django_db

Commit = Callable[..., object]


@pytest.fixture
def committed(django_capture_on_commit_callbacks: Commit) -> Callable[[Callable[[], object]], None]:
    """Run ``work`` and then what waits for its commit (the consumers, the emails)."""

    def run(work: Callable[[], object]) -> None:
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            work()

    return run


def test_a_bot_answers_alices_move_by_itself(alice: User, committed: Callable[..., None]) -> None:
    game = game_open(creator=alice, name="Against a bot", rules="toy", config={"players": 2})
    game_add_bot(game=game, by=alice)
    committed(lambda: game_start(game=game, by=alice, rng=random.Random(1)))

    committed(lambda: take(game, 0, 1))

    state = state_of(game)
    assert (state.turns, state.turn) == (2, 0)  # the bot took its turn: Alice's again


def test_the_players_are_emailed_when_the_game_is_over(
    duel: Game, committed: Callable[..., None]
) -> None:
    mail.outbox.clear()
    committed(lambda: play_to_the_end(duel))
    assert any("the game is over" in message.subject for message in mail.outbox)


def test_bob_is_emailed_that_it_is_his_turn(duel: Game, committed: Callable[..., None]) -> None:
    mail.outbox.clear()
    committed(lambda: take(duel, 0, 1))
    assert any("your turn" in message.subject for message in mail.outbox)


def test_when_alices_time_is_up_the_deadline_policy_moves_for_her(duel: Game) -> None:
    Seat.objects.filter(game=duel, number=0).update(
        awaited_since=timezone.now() - timedelta(days=3)
    )
    assert play_for_absent(duel, 0)
    assert state_of(duel).pile < 7
