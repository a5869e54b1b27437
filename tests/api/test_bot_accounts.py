"""A bot account: a member marks their account as a bot on the profile page; it is shown
as a bot wherever its name is (the table, the waiting room, the lobby, the replay, the
API's seats); it is invited to a table like any member and plays a whole game through the
API with a token that may read and play, nothing more."""

from __future__ import annotations

import random

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.throttling import UserRateThrottle

from accounts.models import profile_of
from games.lobby import game_join, game_open
from games.models import Game
from tests.api.test_bot_client import MAX_MOVES, BotClient
from tests.clients import token_client

pytestmark = pytest.mark.django_db

BADGE = 'class="badge bot-account"'


def signed_in(user: User) -> Client:
    browser = Client()
    browser.force_login(user)
    return browser


def test_a_member_marks_their_account_as_a_bot(bob: User) -> None:
    """Failed before: the profile had no such choice."""
    answer = signed_in(bob).post(
        "/accounts/profile/",
        {"display_name": "Robo", "bot_account": "on", "rate_bot_with_people": "on"},
    )
    assert answer.status_code == 302
    profile = profile_of(bob)
    assert profile.bot_account and profile.rate_bot_with_people
    page = signed_in(bob).get("/accounts/profile/").content.decode()
    assert "this account is a bot" in page.lower()


def test_a_bot_account_is_shown_as_one(alice: User, bob: User, carol: User) -> None:
    """Failed before: nothing told a program's seat from a person's."""
    profile = profile_of(bob)
    profile.bot_account = True
    profile.save()
    table = game_open(
        creator=alice,
        name="Bots welcome",
        config={"players": 3, "mode": "speed-run"},
        public=True,
    )
    game_join(game=table, user=bob, token=table.invite_token)
    # The waiting room badges Bob's seat, not Alice's.
    room = signed_in(alice).get(f"/games/{table.pk}/").content.decode()
    assert room.count(BADGE) == 1
    # The lobby's open tables name him "BOT bob".
    assert "Seated: alice and BOT bob" in signed_in(carol).get("/games/").content.decode()
    # The API's seats say which is a bot account (and which is the site's own bot).
    seats = token_client(alice, ["read"]).get(f"/api/games/{table.pk}/").json()["seats"]
    assert [seat["bot_account"] for seat in seats] == [False, True]
    listed = token_client(alice, ["read"]).get("/api/games/").json()["results"][0]["seats"]
    assert [seat["bot_account"] for seat in listed] == [False, True]


def test_a_bot_account_is_invited_and_plays_a_whole_game_with_a_play_token(
    monkeypatch: pytest.MonkeyPatch, alice: User, bob: User
) -> None:
    """Failed before: a token could not be limited to reading and playing, and no seat
    said its player was a program."""
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "100000/minute"})
    profile = profile_of(bob)
    profile.bot_account = True
    profile.save()
    rng = random.Random(11)
    # Alice, a member, plays through the API too; her bot's token may read and play only.
    member = BotClient(token_client(alice), rng)
    bot = BotClient(token_client(bob, ["read", "play"]), rng)
    opened = member.client.post(
        "/api/games/",
        {"name": "Alice and her bot", "config": {"players": 2, "mode": "speed-run"}},
        format="json",
    )
    game_id, invitation = opened.json()["id"], opened.json()["invite_token"]
    member.game_id = bot.game_id = game_id
    # The invitation (the join link's token) seats the bot account like a member.
    joined = bot.client.post(f"/api/games/{game_id}/join/", {"token": invitation}, format="json")
    assert joined.status_code == 201
    assert [s["bot_account"] for s in joined.json()["seats"]] == [False, True]
    assert member.client.post(f"/api/games/{game_id}/start/").status_code == 200
    # Its token says nothing at the table: it has no chat scope.
    chat = bot.client.post(f"/api/games/{game_id}/chat/", {"text": "gg"}, format="json")
    assert chat.status_code == 403
    for _ in range(MAX_MOVES):
        if bot.get("")["status"] == "finished":
            break
        assert any([player.play_once() for player in (member, bot)]), "stuck"
    else:
        pytest.fail(f"no end after {MAX_MOVES} rounds of moves")
    final = bot.get("")
    assert final["status"] == "finished" and bot.moves > 10
    assert [isinstance(seat["score"], int) for seat in final["seats"]] == [True, True]
    # The replay shows the bot's badge by its name.
    replay = signed_in(alice).get(f"/games/{game_id}/replay/").content.decode()
    assert BADGE in replay


def test_the_table_badges_a_bot_account(alice: User, bob: User, game: Game) -> None:
    page = signed_in(alice).get(f"/games/{game.pk}/").content.decode()
    assert BADGE not in page
    profile = profile_of(bob)
    profile.bot_account = True
    profile.save()
    page = signed_in(alice).get(f"/games/{game.pk}/").content.decode()
    assert page.count(BADGE) == 1
