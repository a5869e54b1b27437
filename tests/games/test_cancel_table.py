"""The host cancels their table before it starts, from its page: the table goes (nothing
was played), and nothing that named it breaks."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client

from chat.models import ChatLine
from chat.services import say
from games.lobby import LobbyError, LobbyForbidden, game_cancel, game_invite, game_join, game_open
from games.models import Game, Invitation, Seat
from notifications.tasks import send_invitation
from tests.members import speaks

pytestmark = pytest.mark.django_db
Login = Callable[[User], Client]


@pytest.fixture
def table(alice: User, bob: User) -> Game:
    """Alice's public table for three, Bob seated, waiting for a third player."""
    game = game_open(creator=alice, name="Friday", config={"players": 3}, public=True)
    game_join(game=game, user=bob, token=game.invite_token)
    return game


def test_the_host_cancels_the_table_from_its_page_and_it_is_gone_everywhere(
    table: Game, alice: User, bob: User, as_user: Login
) -> None:
    """Failed before: the host could neither leave nor remove a table nobody came to."""
    invitation = game_invite(game=table, by=alice, email="carol@example.com")
    say(table, bob, "Ready when you are")
    host = as_user(alice)
    assert "Friday" in host.get("/games/").content.decode()  # among the host's games
    assert "Friday" in as_user(User.objects.create_user("erin")).get("/games/").content.decode()
    page = host.get(f"/games/{table.pk}/").content.decode()
    assert f'href="/games/{table.pk}/cancel/"' in page and "Cancel the table" in page
    question = host.get(f"/games/{table.pk}/cancel/").content.decode()
    assert "Cancel the table?" in question
    assert '<form method="post"' in question and "csrfmiddlewaretoken" in question

    answer = host.post(f"/games/{table.pk}/cancel/", follow=True)

    assert answer.redirect_chain == [("/games/", 302)]
    assert "You cancelled the table Friday." in answer.content.decode()
    assert not Game.objects.filter(pk=table.pk).exists()
    assert not Seat.objects.filter(game_id=table.pk).exists()
    assert not Invitation.objects.filter(game_id=table.pk).exists()
    assert not ChatLine.objects.filter(game_id=table.pk).exists()
    # Its page, its invitation link, its commands: the 404 of a game that is not there.
    guest = as_user(bob)
    for url in (
        f"/games/{table.pk}/",
        f"/games/{table.pk}/join/{table.invite_token}/",
        f"/games/{table.pk}/join/",
        f"/games/{table.pk}/cancel/",
        f"/games/{table.pk}/history/",
        f"/games/{table.pk}/replay/",
        f"/games/{table.pk}/poll/",
    ):
        assert guest.get(url).status_code == 404, url
    assert host.post(f"/games/{table.pk}/cancel/").status_code == 404  # a second click
    # Listed nowhere: the lobby of either player, the open tables, the home page.
    for client in (host, guest, as_user(User.objects.create_user("dan"))):
        lobby = client.get("/games/")
        assert lobby.status_code == 200 and "Friday" not in lobby.content.decode()
    assert "Friday" not in Client().get("/").content.decode()
    # The invitation's email, still owed, is not sent for a table that is gone.
    assert send_invitation(invitation.pk) is False and mail.outbox == []


def test_a_guest_is_neither_offered_nor_granted_cancelling(
    table: Game, bob: User, as_user: Login
) -> None:
    guest = as_user(bob)
    assert "Cancel the table" not in guest.get(f"/games/{table.pk}/").content.decode()
    # The question's old link sends a guest back to the table.
    asked = guest.get(f"/games/{table.pk}/cancel/")
    assert asked.status_code == 302 and asked["Location"] == f"/games/{table.pk}/"

    answer = guest.post(f"/games/{table.pk}/cancel/")

    assert answer.status_code == 403
    assert "Only the player who opened this game can do that." in answer.content.decode()
    assert table.seats.count() == 2


def test_an_outsider_cannot_cancel_a_public_table_nor_find_a_private_one(
    table: Game, alice: User, mallory: User, as_user: Login
) -> None:
    private = game_open(creator=alice, name="Ours", config={"players": 2})
    outsider = as_user(mallory)

    assert outsider.post(f"/games/{table.pk}/cancel/").status_code == 403
    assert outsider.post(f"/games/{private.pk}/cancel/").status_code == 404
    assert Game.objects.filter(pk__in=(table.pk, private.pk)).count() == 2


def test_a_started_game_is_not_cancelled(duel: Game, alice: User, as_user: Login) -> None:
    host = as_user(alice)
    assert "Cancel the table" not in host.get(f"/games/{duel.pk}/").content.decode()
    asked = host.get(f"/games/{duel.pk}/cancel/")
    assert asked.status_code == 302 and asked["Location"] == f"/games/{duel.pk}/"

    answer = host.post(f"/games/{duel.pk}/cancel/")

    assert answer.status_code == 409  # the table, as it now is, saying why
    assert "This game has already started: its table can no longer be cancelled." in (
        answer.content.decode()
    )
    duel.refresh_from_db()
    assert duel.status == Game.Status.RUNNING and duel.events.exists()


def test_only_the_host_cancels_and_only_before_the_start(
    table: Game, duel: Game, alice: User, bob: User
) -> None:
    with pytest.raises(LobbyForbidden, match="Only the player who opened this game"):
        game_cancel(game=table, by=bob)
    with pytest.raises(LobbyError, match="already started"):
        game_cancel(game=duel, by=alice)

    game_cancel(game=table, by=alice)
    game_cancel(game=table, by=alice)  # the same request twice: nothing left to do

    assert not Game.objects.filter(pk=table.pk).exists()
    assert Game.objects.filter(pk=duel.pk).exists()


def test_the_french_host_is_asked_in_french(table: Game, alice: User, as_user: Login) -> None:
    speaks(alice, "fr")
    host = as_user(alice)
    assert "Annuler la table" in host.get(f"/games/{table.pk}/").content.decode()
    assert "Annuler la table\u00a0?" in host.get(f"/games/{table.pk}/cancel/").content.decode()
