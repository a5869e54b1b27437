"""A bot account's games with people are not rated, unless its owner allows it; and its
player page and API object say it is a bot."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.test import Client

from accounts.models import profile_of
from games.models import Game
from ratings.models import RatedGame, Rating
from tests.clients import token_client

pytestmark = pytest.mark.django_db

Players = Callable[[int], list[User]]
Play = Callable[..., Game]


def make_bot(user: User, rated: bool = False) -> User:
    profile = profile_of(user)
    profile.bot_account, profile.rate_bot_with_people = True, rated
    profile.save()
    return user


def test_a_bot_accounts_game_with_people_is_not_rated(
    make_players: Players, toy_game: Play
) -> None:
    """Failed before: a program playing on a member's account was rated like a person."""
    alice, bot = make_players(2)
    game = toy_game([alice, make_bot(bot)], winner=1)
    assert RatedGame.objects.get(game=game).excluded == RatedGame.Excluded.BOTS
    assert not Rating.objects.exists()


def test_its_owner_may_let_it_be_rated_with_people(make_players: Players, toy_game: Play) -> None:
    alice, bot = make_players(2)
    game = toy_game([alice, make_bot(bot, rated=True)], winner=1)
    assert RatedGame.objects.get(game=game).excluded == RatedGame.Excluded.NO
    assert Rating.objects.get(user=bot).games == Rating.objects.get(user=alice).games == 1


def test_the_player_page_and_api_say_it_is_a_bot(make_players: Players) -> None:
    alice, bot = make_players(2)
    make_bot(bot)
    page = Client().get(f"/players/{bot.pk}/").content.decode()
    assert 'class="badge bot-account"' in page
    assert 'class="badge bot-account"' not in Client().get(f"/players/{alice.pk}/").content.decode()
    reader = token_client(alice, ["read"])
    assert reader.get(f"/api/players/{bot.pk}/").json()["bot_account"] is True
    assert reader.get(f"/api/players/{alice.pk}/").json()["bot_account"] is False
