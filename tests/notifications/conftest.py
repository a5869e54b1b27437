"""Notification tests run the consumers as the worker would after each commit, and send
emails eagerly (the embedded default) into Django's test outbox."""

import random
from collections.abc import Callable, Iterator

import pytest
from django.contrib.auth.models import User
from django.core import mail

from games.events import consumers
from games.lobby import game_join, game_open, game_start
from games.models import Game
from notifications.emails import compose
from notifications.models import Notification


@pytest.fixture
def commit(
    django_capture_on_commit_callbacks: Callable[..., object],
) -> Callable[[Callable[[], object]], object]:
    """Run ``work`` and then what waits for its commit (dispatch, then sending), as in
    production; the tests' transaction never commits by itself."""

    def run(work: Callable[[], object]) -> object:
        with django_capture_on_commit_callbacks(execute=True):  # type: ignore[operator]
            result = work()
        return result

    return run


@pytest.fixture
def trio(
    alice: User, bob: User, mallory: User, commit: Callable[[Callable[[], object]], object]
) -> Iterator[Game]:
    """Alice, Bob and Mallory (here a friend of theirs) start a Speed Run together."""
    game = game_open(creator=alice, name="Friday", config={"players": 3, "mode": "speed-run"})
    for user in (bob, mallory):
        game_join(game=game, user=user, token=game.invite_token)
    commit(
        lambda: (
            game_start(game=game, by=alice, rng=random.Random(21)),
            consumers.dispatch(game.pk),
        )
    )
    yield game


def sent_to(address: str) -> list[mail.EmailMessage]:
    return [m for m in mail.outbox if address in m.to]


def game_mails(address: str) -> list[mail.EmailMessage]:
    """The game's own mails to ``address``: every one but the answers to their replies
    (a refusal, a move's confirmation: ``Auto-Submitted: auto-replied``)."""
    return [m for m in sent_to(address) if m.extra_headers.get("Auto-Submitted") != "auto-replied"]


def turn_mail_now(game: Game, seat: int) -> mail.EmailMessage:
    """The "your turn" email ``seat``'s player is owed for ``game`` as it stands, composed
    now in their language (the row the consumer wrote, or a new one)."""
    game.refresh_from_db()
    player = game.seats.get(number=seat).user
    assert player is not None
    row, _new = Notification.objects.get_or_create(
        game=game, sequence=game.last_sequence, recipient=player, kind="your-turn"
    )
    return compose(row)
