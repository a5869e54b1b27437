"""The event log: pages by event number, my view while the game runs, everything after."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.events.models import Event
from games.models import Game
from games.selectors import event_log

pytestmark = pytest.mark.django_db


def log(client: APIClient, game: Game, **params: Any) -> Any:
    return client.get(f"/api/games/{game.pk}/events/", params)


def whole_log(client: APIClient, game: Game, limit: int) -> list[dict[str, Any]]:
    """Every page, following ``next``."""
    entries: list[dict[str, Any]] = []
    after = 0
    while True:
        page = log(client, game, after=after, limit=limit).json()
        entries += page["results"]
        if page["next"] is None:
            return entries
        after = page["next"]


def test_the_log_comes_in_pages_by_event_number(
    as_alice: APIClient, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.last_sequence >= 12)

    first = log(as_alice, game, limit=5).json()
    second = log(as_alice, game, after=first["next"], limit=5).json()

    assert [e["sequence"] for e in first["results"]] == [1, 2, 3, 4, 5]
    assert first["next"] == 5 and first["last_sequence"] == game.last_sequence
    assert [e["sequence"] for e in second["results"]] == [6, 7, 8, 9, 10]
    entries = whole_log(as_alice, game, limit=5)
    assert [e["sequence"] for e in entries] == list(range(1, game.last_sequence + 1))


def test_the_last_page_has_no_next_cursor(as_alice: APIClient, game: Game) -> None:
    page = log(as_alice, game).json()

    assert [e["sequence"] for e in page["results"]] == [1, 2]
    assert page["next"] is None
    empty = {"rules": "numx", "results": [], "next": None, "last_sequence": 2}
    assert log(as_alice, game, after=2).json() == empty


def test_each_entry_is_the_redacted_record_and_its_words(as_bob: APIClient, game: Game) -> None:
    entries = log(as_bob, game).json()["results"]

    assert [{k: e[k] for k in e if k != "description"} for e in entries] == event_log(game, 1)
    assert entries[0]["type"] == "created" and entries[0]["seat"] is None
    assert entries[0]["description"] == "The table is set for Alice and Bob."
    assert entries[1]["description"] == "Chance: deal the cards."


def test_while_the_game_runs_the_deck_order_and_the_others_picks_stay_hidden(
    as_alice: APIClient,
    as_bob: APIClient,
    as_carol: APIClient,
    game: Game,
    play_first: Callable[[Game, int], None],
) -> None:
    play_first(game, 1)  # Bob picks; Alice has not yet
    bob_pick = Event.objects.get(game=game, sequence=3).payload

    for client in (as_alice, as_carol):
        deal, pick = log(client, game).json()["results"][1:3]
        assert "order" not in deal["action"] and deal["action"]["cards"] == 125
        assert deal["action"]["hands"]["1"] == [None] * 13  # Bob's hand stays hidden
        assert pick["action"] == {"type": "pick"}  # the card stays face down
        assert bob_pick["card"] not in str(pick)
    assert log(as_bob, game).json()["results"][2]["action"] == bob_pick  # his own


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_the_deal_shows_a_seat_its_own_hand_and_no_other(
    as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, game: Game, viewer: int | None
) -> None:
    client = {0: as_alice, 1: as_bob, None: as_carol}[viewer]
    # Nobody has moved since the deal: each hand is still the one dealt.
    held = client.get(f"/api/games/{game.pk}/").json()["state"]["hands"]

    deal = log(client, game).json()["results"][1]

    assert deal["type"] == "deal" and "order" not in deal["action"]
    dealt = deal["action"]["hands"]
    assert list(dealt) == ["0", "1"]
    for seat in (0, 1):
        if seat == viewer:
            assert len(dealt[str(seat)]) == 13
            assert sorted(dealt[str(seat)]) == sorted(held[seat])
        else:
            assert dealt[str(seat)] == [None] * 13


def test_after_the_end_the_whole_log_is_revealed(
    as_carol: APIClient, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.status == Game.Status.FINISHED)

    entries = whole_log(as_carol, game, limit=50)

    deal = Event.objects.get(game=game, type="deal")
    order = deal.payload["order"]
    # The full deck order, and every hand it dealt.
    assert entries[1]["action"] == {**deal.payload, "hands": {"0": order[:13], "1": order[13:26]}}
    assert len(entries[1]["action"]["order"]) == 125
    assert [e["sequence"] for e in entries] == list(range(1, game.last_sequence + 1))
    assert entries[-1]["type"] == "game-ended"


@pytest.mark.parametrize(
    "params",
    [
        {"after": -1},
        {"after": "x"},
        {"limit": 0},
        {"limit": 501},
        {"after": 2**31},
        {"after": ""},
        {"limit": ""},
    ],
)
def test_a_bad_cursor_is_refused(as_alice: APIClient, game: Game, params: dict[str, Any]) -> None:
    response = log(as_alice, game, **params)

    assert response.status_code == 400
    assert set(response.json()) <= {"after", "limit"}


def test_the_log_of_an_unknown_game_is_not_found(as_alice: APIClient) -> None:
    assert as_alice.get("/api/games/4242/events/").status_code == 404
