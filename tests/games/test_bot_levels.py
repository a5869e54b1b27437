"""The organiser chooses how well a table's bots play (0 random, 1 the game's heuristic,
2 search), for the bots seated and for the one that moves for an absent player; a level
that does not exist is refused and nothing is written."""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.utils import timezone

from games.deadlines import apply_passed_deadlines
from games.engine.numx.cards import Card
from games.engine.ruleset import BotLevel
from games.events import store
from games.lobby import game_add_bot, game_join, game_open, game_start
from games.models import Game, Seat

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


def open_table(client: Client, bot_level: str) -> int:
    """Post the new-game form of a three-player Speed Run with ``bot_level``."""
    form = {"name": "T", "mode": "speed-run", "players": "3", "deadline_policy": "bot"}
    return client.post("/games/new/", {**form, "bot_level": bot_level}).status_code


# A deal whose hands all hold a classic card alone of its value: a hand without one leaves
# the rules of thumb no lone card to pick, so these tests deal it rather than a random one.
DEAL = 3


def highest_lone(hand: tuple[Card, ...]) -> int:
    """The highest value of the hand's classic cards alone of their value (no Rainbow,
    Shadow or other card of it in the hand)."""
    values = [card.face.value for card in hand]
    lone = [c.face.value for c in hand if c.face.is_classic and values.count(c.face.value) == 1]
    assert lone, "the deal left this hand no lone classic card: choose another DEAL"
    return max(v for v in lone if v is not None)


def test_the_new_game_form_sets_the_tables_bot_level(alice: User, as_user: Login) -> None:
    assert open_table(as_user(alice), "2") == 302
    assert Game.objects.get().bot_level == BotLevel.SEARCH


def test_the_new_game_form_refuses_a_level_that_does_not_exist(alice: User, as_user: Login) -> None:
    assert open_table(as_user(alice), "7") == 400
    assert not Game.objects.exists()


def test_a_level_1_bot_seat_picks_its_highest_lone_card(
    alice: User, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    # NUM-X's rules of thumb pick, as the first score card, the highest card of the hand
    # that belongs to no set: a choice a random bot makes only by chance.
    table = game_open(creator=alice, name="T", config={"players": 3}, bot_level=1)
    game_add_bot(game=table, by=alice)
    game_add_bot(game=table, by=alice, level=0)
    with django_capture_on_commit_callbacks(execute=True):
        game_start(game=table, by=alice, rng=random.Random(DEAL))
    loaded = store.load(table.pk, table.rules)
    picks = loaded.state.secret
    assert picks[0] is None and picks[2] is not None
    assert picks[1] is not None and picks[1].value == highest_lone(loaded.state.hands[1])


def test_the_deadline_policy_moves_for_an_absent_player_at_the_organisers_level(
    alice: User, bob: User, django_capture_on_commit_callbacks: Callable[..., object]
) -> None:
    table = game_open(
        creator=alice,
        name="T",
        config={"players": 2},
        move_deadline=timedelta(days=1),
        deadline_policy=Game.DeadlinePolicy.BOT,
        bot_level=1,
    )
    game_join(game=table, user=bob, token=table.invite_token)
    with django_capture_on_commit_callbacks(execute=True):
        game_start(game=table, by=alice, rng=random.Random(DEAL))
    Seat.objects.filter(game=table).update(vacation_days=0)
    hands = store.load(table.pk, table.rules).state.hands
    apply_passed_deadlines(timezone.now() + timedelta(days=2))
    # Both picks are in, so they lie face up, first in each row.
    rows = store.load(table.pk, table.rules).state.rows
    for seat in (0, 1):
        assert rows[seat][0].card.face.value == highest_lone(hands[seat])


def test_the_waiting_room_seats_a_bot_of_the_level_chosen_beside_the_button(
    alice: User, as_user: Login
) -> None:
    game = game_open(creator=alice, name="Bots", config={"players": 4}, bot_level=1)
    alices = as_user(alice)
    room = alices.get(f"/games/{game.pk}/").content.decode()
    assert '<option value="1" selected>' in room and 'name="level"' in room

    alices.post(f"/games/{game.pk}/bot/", {"level": "2"})
    alices.post(f"/games/{game.pk}/bot/")  # no level posted: the table's

    levels = list(game.seats.filter(is_bot=True).order_by("number").values_list("bot_level"))
    assert levels == [(BotLevel.SEARCH,), (BotLevel.HEURISTIC,)]
    assert "bot, level 2" in alices.get(f"/games/{game.pk}/").content.decode()


@pytest.mark.parametrize("level", ["7", "-1", "two", ""])
def test_the_waiting_room_refuses_a_bot_level_that_does_not_exist(
    alice: User, as_user: Login, level: str
) -> None:
    game = game_open(creator=alice, name="Bots", config={"players": 3})

    answer = as_user(alice).post(f"/games/{game.pk}/bot/", {"level": level})

    assert answer.status_code == 400
    assert "0, 1 or 2" in answer.content.decode()
    assert not game.seats.filter(is_bot=True).exists()
