"""A table fills while its host is away: the last player to take a seat leaves the game
waiting for the host to start it, so the host is told by email, once, in their language,
with a link to the table; not when a seat is still free, not when the host filled it
(with a bot, at the table), and not when the host turned "your turn" emails off."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail

from accounts.models import profile_of
from games.lobby import game_add_bot, game_join, game_leave, game_open, game_start
from games.models import Game
from games.presence import mark_looking
from notifications.models import Notification
from notifications.tasks import send_notification
from tests.members import speaks
from tests.notifications.conftest import sent_to

pytestmark = pytest.mark.django_db
Commit = Callable[[Callable[[], object]], object]


@pytest.fixture
def friday(alice: User) -> Game:
    """Alice's table "Friday" for three, nobody else seated yet."""
    return game_open(creator=alice, name="Friday", config={"players": 3})


def join(game: Game, user: User, commit: Commit) -> None:
    commit(lambda: game_join(game=game, user=user, token=game.invite_token))


def test_the_host_is_told_when_the_last_seat_is_taken(
    friday: Game, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Failed before: nothing told her; the game waited until she happened to look."""
    mail.outbox.clear()
    join(friday, bob, commit)
    assert mail.outbox == []  # a seat is still free: nothing to start yet
    join(friday, mallory, commit)
    (told,) = mail.outbox
    assert told.to == ["alice@example.com"]
    assert told.subject == "Friday: your table is full"
    assert "mallory took the last seat" in told.body
    assert "start the game" in told.body
    assert f"/games/{friday.pk}/" in told.body.replace("%2F", "/")
    assert "List-Unsubscribe" in told.extra_headers


def test_once_per_table_however_often_it_fills(
    friday: Game, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    for user in (bob, mallory):
        join(friday, user, commit)
    commit(lambda: game_leave(game=friday, user=mallory))
    join(friday, mallory, commit)
    assert len(sent_to("alice@example.com")) == 1


def test_in_the_hosts_language(
    friday: Game, alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    speaks(alice, "fr")
    for user in (bob, mallory):
        join(friday, user, commit)
    (told,) = sent_to("alice@example.com")
    assert told.subject == "Friday\u00a0: votre table est complète"
    assert "mallory a pris la dernière place" in told.body


def test_not_when_the_host_fills_it_is_there_or_wants_no_such_mail(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    with_bot = game_open(creator=alice, name="With a bot", config={"players": 2})
    commit(lambda: game_add_bot(game=with_bot, by=alice))
    watched = game_open(creator=alice, name="Watched", config={"players": 2})
    mark_looking(watched.pk, alice.pk)  # her waiting room is open: she sees it fill
    join(watched, bob, commit)
    profile = profile_of(alice)
    profile.email_your_turn = False
    profile.save()
    unwanted = game_open(creator=alice, name="Unwanted", config={"players": 2})
    join(unwanted, mallory, commit)
    assert sent_to("alice@example.com") == []


def test_a_mail_sent_late_is_not_sent_once_the_table_waits_for_her_no_more(
    friday: Game, alice: User, bob: User, mallory: User
) -> None:
    """The outbox may send a row late: by then the table may have started, or a seat be
    free again, and the mail would ask her to start a game that no longer waits."""
    for user in (bob, mallory):
        game_join(game=friday, user=user, token=friday.invite_token)  # no commit: unsent
    (owed,) = Notification.objects.filter(game=friday, kind="table-full")
    game_leave(game=friday, user=mallory)
    assert send_notification(owed.pk) is False
    game_join(game=friday, user=mallory, token=friday.invite_token)
    game_start(game=friday, by=alice)
    assert send_notification(owed.pk) is False
    assert sent_to("alice@example.com") == []


def test_a_name_stored_with_a_line_break_is_mailed_on_one_line(
    alice: User, bob: User, mallory: User, commit: Commit
) -> None:
    """Names were not checked for line breaks before: a table's name stored with one (or
    another control character) blocked every mail whose subject named it (a header may not
    break its line), which stayed owed for ever. Its subject reads on one line instead,
    and adds no header."""
    table = game_open(
        creator=alice, name="Nice\r\n\x07Bcc: x@evil.example\u2028club", config={"players": 3}
    )
    for user in (bob, mallory):
        join(table, user, commit)
    (told,) = mail.outbox
    assert told.subject == "Nice Bcc: x@evil.example club: your table is full"
    assert told.message()["Bcc"] is None and told.recipients() == ["alice@example.com"]
