"""The host cancels a table before it starts: each other player who had taken a seat is
told by one short email in their language; the host, the bots and whoever turned such
emails off are not, and a cancel refused tells nobody."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail

from accounts.models import profile_of
from games.lobby import (
    LobbyError,
    LobbyForbidden,
    game_add_bot,
    game_cancel,
    game_join,
    game_open,
    game_start,
)
from games.models import Game, GameMute
from notifications.cancellations import send_cancelled_table_mail
from notifications.models import CancelledTableMail
from tests.conftest import person
from tests.members import speaks
from tests.notifications.conftest import sent_to

pytestmark = pytest.mark.django_db
Commit = Callable[[Callable[[], object]], object]
NBSP = "\N{NO-BREAK SPACE}"


@pytest.fixture
def table(alice: User, bob: User, mallory: User) -> Game:
    """Alice's table "Friday" for five: Bob and Mallory seated, a bot, a seat still free."""
    game = game_open(creator=alice, name="Friday", config={"players": 5})
    for user in (bob, mallory):
        game_join(game=game, user=user, token=game.invite_token)
    game_add_bot(game=game, by=alice)
    return game


def test_each_seated_guest_is_told_once_in_their_language(
    table: Game, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Failed before: nobody was told, the table just vanished from their games."""
    speaks(bob, "fr")
    mail.outbox.clear()

    commit(lambda: game_cancel(game=table, by=alice))

    assert not Game.objects.filter(pk=table.pk).exists()
    # Only the two guests: neither the host nor the bot's seat.
    assert sorted(address for m in mail.outbox for address in m.to) == [
        "bob@example.com",
        "mallory@example.com",
    ]
    assert sent_to(alice.email) == []
    (english,) = sent_to(mallory.email)
    assert english.subject == "Friday: the table was cancelled"
    assert "alice cancelled the table “Friday” before it started." in english.body
    assert "It was to be a game of NUM-X: nothing had been played yet." in english.body
    assert "Hello mallory," in english.body
    assert "Stop these emails:" in english.body
    html = english.alternatives[0][0]  # type: ignore[attr-defined]
    assert "alice cancelled the table “Friday” before it started." in str(html)
    (french,) = sent_to(bob.email)
    assert french.subject == f"Friday{NBSP}: la table a été annulée"
    assert f"alice a annulé la table «{NBSP}Friday{NBSP}» avant qu’elle ne commence." in (
        french.body
    )
    assert "cancelled" not in french.body


def test_sending_again_sends_nothing_more(table: Game, alice: User, commit: Commit) -> None:
    mail.outbox.clear()
    commit(lambda: game_cancel(game=table, by=alice))
    rows = list(CancelledTableMail.objects.all())
    assert len(rows) == 2 and all(row.sent_at for row in rows)

    assert [send_cancelled_table_mail(row.pk) for row in rows] == [False, False]
    commit(lambda: game_cancel(game=table, by=alice))  # a double click: nothing left to do

    assert len(mail.outbox) == 2 and CancelledTableMail.objects.count() == 2


def test_a_player_who_turned_off_the_emails_of_their_games_ends_or_muted_it_is_not_told(
    table: Game, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    profile = profile_of(bob)
    profile.email_game_end = False
    profile.save()
    carol = person("carol")
    game_join(game=table, user=carol, token=table.invite_token)
    GameMute.objects.create(user=carol, game=table)
    mail.outbox.clear()

    commit(lambda: game_cancel(game=table, by=alice))

    assert sent_to(bob.email) == [] and sent_to(carol.email) == []
    assert len(sent_to(mallory.email)) == 1


def test_a_cancel_refused_tells_nobody(table: Game, alice: User, bob: User, commit: Commit) -> None:
    mail.outbox.clear()
    with pytest.raises(LobbyForbidden):
        commit(lambda: game_cancel(game=table, by=bob))
    started = game_open(creator=alice, name="Saturday", config={"players": 2})
    game_join(game=started, user=bob, token=started.invite_token)
    game_start(game=started, by=alice, rng=random.Random(3))
    with pytest.raises(LobbyError):
        commit(lambda: game_cancel(game=started, by=alice))

    assert Game.objects.filter(pk__in=(table.pk, started.pk)).count() == 2
    assert not CancelledTableMail.objects.exists()
    assert mail.outbox == []
