"""Play again: from a finished game's table, one of its players opens the same table
again (game, options, clock, bots), the other players invited, the bots seated again."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from pytest_django.fixtures import Settings

from games.lobby import (
    LobbyError,
    game_add_bot,
    game_invite,
    game_join,
    game_open,
    game_rematch,
    game_start,
    rematch_of,
)
from games.models import Game, Invitation
from notifications.emails import compose_invitation
from tests.platform.conftest import play_to_the_end

pytestmark = pytest.mark.django_db
Login = Callable[[User], Client]


@pytest.fixture
def finished_three(alice: User, bob: User) -> Game:
    """A private Toy game of Alice, Bob and a level-0 bot, with a clock, played out."""
    game = game_open(
        creator=alice,
        name="Friday toy",
        rules="toy",
        config={"players": 3, "pile": 5},
        move_deadline=timedelta(days=2),
        bot_level=2,
    )
    return _played_out(game, bob, bots=1)


def _played_out(game: Game, friend: User, *, bots: int) -> Game:
    """``game``, opened by Alice, with ``friend`` and ``bots`` level-0 bots, played out."""
    game_join(game=game, user=friend, token=game.invite_token)
    for _bot in range(bots):
        game_add_bot(game=game, by=game.created_by, level=0)
    game = game_start(game=game, by=game.created_by)
    play_to_the_end(game)
    return game


def test_play_again_opens_the_same_table_with_its_bots_and_invites_the_others(
    finished_three: Game, alice: User, bob: User, as_user: Login
) -> None:
    client = as_user(bob)
    page = client.get(f"/games/{finished_three.pk}/").content.decode()
    assert f'action="/games/{finished_three.pk}/rematch/"' in page and "Play again" in page

    answer = client.post(f"/games/{finished_three.pk}/rematch/")

    again = Game.objects.exclude(pk=finished_three.pk).get()
    assert answer.status_code == 302 and answer["Location"] == f"/games/{again.pk}/"
    assert again.status == Game.Status.OPEN and again.created_by == bob
    same = ("rules", "config", "move_deadline", "deadline_policy", "bot_level", "is_public", "name")
    assert all(getattr(again, field) == getattr(finished_three, field) for field in same)
    seats = list(again.seats.order_by("number"))
    assert [seat.user for seat in seats] == [bob, None]
    assert seats[1].is_bot and seats[1].bot_level == 0
    assert list(Invitation.objects.filter(game=again).values_list("email", flat=True)) == [
        alice.email
    ]


def test_a_name_stored_with_a_line_break_is_played_again_on_one_line(
    alice: User, bob: User
) -> None:
    """Names were not checked for line breaks before: the new table took the stored name
    as it was, which no form would take now. It takes it on one line."""
    game = game_open(
        creator=alice, name="Friday\r\ntoy", rules="toy", config={"players": 2, "pile": 5}
    )
    finished = _played_out(game, bob, bots=0)

    again = game_rematch(game=finished, by=alice)

    assert again.name == again.display_name == "Friday toy"


def test_another_player_asking_again_takes_a_seat_at_the_same_table(
    finished_three: Game, alice: User, bob: User, as_user: Login
) -> None:
    first = as_user(bob).post(f"/games/{finished_three.pk}/rematch/")
    second = as_user(alice).post(f"/games/{finished_three.pk}/rematch/")
    again = as_user(bob).post(f"/games/{finished_three.pk}/rematch/")

    assert first["Location"] == second["Location"] == again["Location"]
    table = Game.objects.exclude(pk=finished_three.pk).get()
    assert set(table.seats.values_list("user", flat=True)) == {alice.pk, bob.pk, None}
    assert table.seats.count() == 3


def test_only_a_player_of_a_finished_game_plays_it_again(
    finished_three: Game, duel: Game, alice: User, mallory: User, as_user: Login
) -> None:
    # A private game is a 404 to whoever may not watch it; a public one refuses outsiders.
    assert as_user(mallory).post(f"/games/{finished_three.pk}/rematch/").status_code == 404
    assert as_user(mallory).post(f"/games/{duel.pk}/rematch/").status_code == 403
    unfinished = as_user(alice).post(f"/games/{duel.pk}/rematch/")
    assert unfinished.status_code == 409  # its table, saying why (failed before: a 302)
    assert "once it is over" in unfinished.content.decode()
    assert 'id="table"' in unfinished.content.decode()
    assert as_user(alice).get(f"/games/{finished_three.pk}/rematch/").status_code == 405
    assert Game.objects.count() == 2


def test_a_game_against_bots_alone_starts_again_at_once(alice: User, as_user: Login) -> None:
    game = game_open(creator=alice, name="Me and the bot", rules="toy", config={"players": 2})
    game_add_bot(game=game, by=alice, level=1)
    game = game_start(game=game, by=alice)
    play_to_the_end(game)

    answer = as_user(alice).post(f"/games/{game.pk}/rematch/")

    again = Game.objects.exclude(pk=game.pk).get()
    assert answer["Location"] == f"/games/{again.pk}/"
    assert again.status == Game.Status.RUNNING
    assert not Invitation.objects.exists()


def test_playing_again_against_bots_alone_mails_no_your_turn_to_the_player_who_asked(
    alice: User, as_user: Login, django_capture_on_commit_callbacks: Any
) -> None:
    """Failed before: the button brought her to the new table, and a "your turn" mail
    followed her there."""
    game = game_open(creator=alice, name="Me and the bot", rules="toy", config={"players": 2})
    game_add_bot(game=game, by=alice, level=1)
    play_to_the_end(game_start(game=game, by=alice))
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        answer = as_user(alice).post(f"/games/{game.pk}/rematch/")

    again = Game.objects.exclude(pk=game.pk).get()
    assert answer["Location"] == f"/games/{again.pk}/"
    assert [message.subject for message in mail.outbox] == []


@pytest.fixture
def finished_two(alice: User, bob: User) -> Game:
    """A private Toy game of Alice and Bob alone, played out."""
    game = game_open(creator=alice, name="Two of us", rules="toy", config={"players": 2})
    return _played_out(game, bob, bots=0)


def test_play_again_says_what_it_does_at_this_table(
    finished_two: Game, finished_three: Game, alice: User, as_user: Login
) -> None:
    """Failed before: two friends read that "the bots" would be seated again at a table
    that had none; its button and the game-over mail's page say what it does at this one."""
    client = as_user(alice)
    for address in (f"/games/{finished_two.pk}/", f"/notifications/games/{finished_two.pk}/again/"):
        page = client.get(address).content.decode()
        assert "the other players are invited by email." in page
        assert "bots" not in page.split('class="rematch"')[1].split("</form>")[0]
    with_bots = client.get(f"/games/{finished_three.pk}/").content.decode()
    assert "the other players are invited, the bots seated again." in with_bots


def test_the_invitation_to_play_again_says_it_is_the_same_game_again(
    finished_two: Game, alice: User, bob: User
) -> None:
    """Failed before: the invitation read word for word as the first one, to a table of
    the same name, so that a friend could take it for the game they had just finished."""
    again = game_rematch(game=finished_two, by=bob)
    (invitation,) = Invitation.objects.filter(game=again)
    message = compose_invitation(invitation)
    assert message is not None
    assert message.subject == "bob asks you to play “Two of us” again"
    assert message.body.startswith("bob asks you to play “Two of us” again, the game you")
    first = compose_invitation(
        game_invite(
            game=game_open(creator=alice, name="New", rules="toy", config={"players": 2}),
            by=alice,
            email="carol@example.com",
        )
    )
    assert first is not None and "again" not in first.subject + first.body


def test_a_rematch_refused_at_the_days_invitations_spends_none_of_them(
    alice: User, bob: User, mallory: User, as_user: Login, settings: Settings
) -> None:
    """Alice may send two invitations a day and has sent one. Playing again a game of
    three would invite two: refused (429), it opens nothing, and she can still send the
    one she had left. Failed before: the refused rematch had counted Bob's invitation
    before refusing Mallory's, and the one left was gone."""
    settings.NUMX_INVITATIONS_PER_DAY = 2
    game = game_open(creator=alice, name="Three of us", rules="toy", config={"players": 3})
    game_join(game=game, user=mallory, token=game.invite_token)
    finished = _played_out(game, bob, bots=0)
    elsewhere = game_open(creator=alice, name="Later", rules="toy", config={"players": 3})
    game_invite(game=elsewhere, by=alice, email="carol@example.com")

    refused = as_user(alice).post(f"/games/{finished.pk}/rematch/")

    assert refused.status_code == 429
    assert "You may send 2 email invitations a day" in refused.content.decode()
    assert rematch_of(finished) is None
    invited = as_user(alice).post(f"/games/{elsewhere.pk}/invite/", {"email": "dave@example.com"})
    assert invited.status_code == 302
    assert set(Invitation.objects.values_list("email", flat=True)) == {
        "carol@example.com",
        "dave@example.com",
    }


def test_a_rematch_that_fails_once_counted_gives_the_invitations_back(
    finished_three: Game, alice: User, monkeypatch: pytest.MonkeyPatch, settings: Settings
) -> None:
    """Alice may send one invitation a day. Playing again her game with Bob and a bot
    counts Bob's invitation, then the bot's seat is refused (as when it is taken at the
    same moment): nothing is opened, nothing mailed, and her invitation is still hers to
    send. Failed before: the count was kept, and her next invitation was refused."""
    settings.NUMX_INVITATIONS_PER_DAY = 1

    def seat_taken(**_kwargs: object) -> Game:
        raise LobbyError("This game has no free seat left.")

    monkeypatch.setattr("games.lobby.game_add_bot", seat_taken)
    with pytest.raises(LobbyError):
        game_rematch(game=finished_three, by=alice)
    assert rematch_of(finished_three) is None and not Invitation.objects.exists()

    elsewhere = game_open(creator=alice, name="Later", rules="toy", config={"players": 2})
    game_invite(game=elsewhere, by=alice, email="carol@example.com")
    assert list(Invitation.objects.values_list("email", flat=True)) == ["carol@example.com"]
