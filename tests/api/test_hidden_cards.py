"""No endpoint tells anybody a card they may not know: another seat's hand, the draw pile,
the deck order, another's secret pick, another's drawn card, a face-down placement."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from rest_framework.test import APIClient

from games.engine.numx import DECK
from games.events import store
from games.events.models import Event
from games.models import Game

pytestmark = pytest.mark.django_db

#: Faces with a single copy in the deck: seeing one names exactly one card.
UNIQUE = {face for face, count in Counter(c.face.text for c in DECK).items() if count == 1}


def everything_seen(client: APIClient, game: Game, player: bool) -> dict[str, Any]:
    """What one client gets from every endpoint that shows a game."""
    seen = {
        "games": client.get("/api/games/").json(),
        "game": client.get(f"/api/games/{game.pk}/").json(),
        "events": client.get(f"/api/games/{game.pk}/events/", {"limit": 500}).json(),
    }
    if player:
        seen["legal-actions"] = client.get(f"/api/games/{game.pk}/legal-actions/").json()
    return seen


def named(text: str, faces: set[str]) -> set[str]:
    return {face for face in faces if f'"{face}"' in text}


@pytest.fixture
def midgame(game: Game, advance: Callable[..., Game]) -> Game:
    """Alice and Bob well into their game: cards drawn, tricks handed out, hands full."""

    def takers(g: Game) -> set[str]:
        facts = Event.objects.filter(game=g, payload__has_key="facts")
        return {taker for event in facts for taker in event.payload["facts"]["from_pile"]}

    advance(
        game,
        lambda g: (
            Event.objects.filter(game=g, type="distribute").count() >= 3 and takers(g) == {"0", "1"}
        ),
    )
    assert game.status == Game.Status.RUNNING
    return game


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_no_endpoint_names_a_card_of_another_hand_or_of_the_pile(
    midgame: Game, as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, viewer: int | None
) -> None:
    client = {0: as_alice, 1: as_bob, None: as_carol}[viewer]
    state = store.load(midgame.pk, midgame.rules).state
    others = {c.face.text for s, hand in enumerate(state.hands) if s != viewer for c in hand}
    pile = {c.face.text for c in state.pile}

    text = json.dumps(everything_seen(client, midgame, player=viewer is not None))

    # In a Speed Run a card in a hand or in the pile has never been shown to anyone: it
    # came from the deal or a draw, and a take-back is played at once.
    assert state.pile and all(state.hands)
    assert named(text, (others | pile) & UNIQUE) == set()
    view = json.loads(text)["game"]["state"]
    assert view["pile"] is None
    assert [hand is not None for hand in view["hands"]] == [viewer == 0, viewer == 1]


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_the_log_hides_the_deck_and_what_others_drew_or_placed_face_down(
    midgame: Game, as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, viewer: int | None
) -> None:
    client = {0: as_alice, 1: as_bob, None: as_carol}[viewer]

    entries = client.get(f"/api/games/{midgame.pk}/events/", {"limit": 500}).json()["results"]

    deal = next(e for e in entries if e["type"] == "deal")
    dealt = deal["action"].pop("hands")
    assert deal["action"] == {"type": "deal", "cards": 125}
    assert [seat for seat, hand in dealt.items() if any(hand)] == (
        [] if viewer is None else [str(viewer)]
    )
    drawn = [
        (taker, cards)
        for e in entries
        for taker, cards in e["facts"].get("from_pile", {}).items()
        if taker != str(viewer)
    ]
    assert drawn and all(card is None for _, cards in drawn for card in cards)
    face_down = [
        placement
        for e in entries
        if e["type"] == "distribute" and e["seat"] != viewer
        for placement in e["action"]["placements"]
        if not placement["face_up"]
    ]
    assert all(placement["card"] is None for placement in face_down)


def test_the_game_list_and_the_lobby_answers_carry_no_cards(
    midgame: Game, as_alice: APIClient, as_carol: APIClient
) -> None:
    listed = json.dumps(as_alice.get("/api/games/").json())
    refused = json.dumps(
        as_carol.post(
            f"/api/games/{midgame.pk}/join/", {"token": midgame.invite_token}, format="json"
        ).json()
    )

    assert not named(listed, UNIQUE)
    assert json.loads(refused)["game"]["state"]["hands"] == [None, None]
