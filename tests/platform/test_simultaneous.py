"""Toy with bids: every seat bids in secret at once. A bid sent from the table as it stood
before another seat's hidden bid is play, not a conflict, on the page and in the API; the
bids stay hidden until all are in."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from games.events.models import Event
from games.lobby import game_join, game_open, game_start
from games.models import Game
from games.selectors import event_log, game_view
from tests.clients import api_key
from tests.platform.conftest import state_of

pytestmark = pytest.mark.django_db

Login = Callable[[User], Client]


@pytest.fixture
def bidding(alice: User, bob: User) -> Game:
    """A started Toy game whose two seats bid for the first turn."""
    game = game_open(
        creator=alice,
        name="Toy bids",
        rules="toy",
        config={"players": 2, "pile": 7, "bids": True},
        public=True,
    )
    game_join(game=game, user=bob, token=game.invite_token)
    return game_start(game=game, by=alice, rng=random.Random(3))


def post_bid(client: Client, game: Game, count: int, seen: int) -> Any:
    data = {
        "form": "bid",
        "bid-expected_sequence": str(seen),
        "bid-idempotency_key": f"bid-{count}-{seen}",
        "bid-count": str(count),
    }
    return client.post(f"/games/{game.pk}/move/", data, HTTP_HX_REQUEST="true")


def api_client(user: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key(user)}")
    return client


def test_both_seats_bid_from_the_same_page_and_both_bids_count(
    as_user: Login, alice: User, bob: User, bidding: Game
) -> None:
    seen = bidding.last_sequence
    assert post_bid(as_user(alice), bidding, 1, seen).status_code == 200

    response = post_bid(as_user(bob), bidding, 3, seen)

    assert response.status_code == 200
    assert state_of(bidding).bids == (1, 3)
    assert state_of(bidding).turn == 1  # Bob bid highest: he starts
    bidding.refresh_from_db()
    assert bidding.awaiting == [1]


def test_both_seats_bid_through_the_api_from_the_same_sequence(
    alice: User, bob: User, bidding: Game
) -> None:
    seen = bidding.last_sequence
    for user, count in ((bob, 2), (alice, 3)):
        body = {"action": f"bid {count}", "expected_sequence": seen}
        response = api_client(user).post(f"/api/games/{bidding.pk}/actions/", body, format="json")
        assert response.status_code == 201, response.json()
    assert state_of(bidding).turn == 0


def test_a_second_bid_by_the_same_seat_is_stale(alice: User, bidding: Game) -> None:
    seen = bidding.last_sequence
    client = api_client(alice)
    first = client.post(
        f"/api/games/{bidding.pk}/actions/",
        {"action": "bid 1", "expected_sequence": seen},
        format="json",
    )
    assert first.status_code == 201

    again = client.post(
        f"/api/games/{bidding.pk}/actions/",
        {"action": "bid 3", "expected_sequence": seen},
        format="json",
    )

    assert again.status_code == 409
    assert Event.objects.filter(game=bidding, type="bid").count() == 1


def test_a_bid_stays_hidden_from_the_other_seat_until_all_are_in(
    as_user: Login, alice: User, bob: User, bidding: Game
) -> None:
    seen = bidding.last_sequence
    post_bid(as_user(alice), bidding, 2, seen)
    bidding.refresh_from_db()

    assert game_view(bidding, 1)["bids"] == [None, None]
    assert game_view(bidding, 1)["bids_made"] == [True, False]
    logged = [e for e in event_log(bidding, 1) if e["type"] == "bid"]
    assert [e["action"]["count"] for e in logged] == [None]
    assert "bids 2" not in as_user(bob).get(f"/games/{bidding.pk}/").content.decode()

    post_bid(as_user(bob), bidding, 1, seen)
    bidding.refresh_from_db()
    assert game_view(bidding, 1)["bids"] == [2, 1]
