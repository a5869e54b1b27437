"""Toy through the REST API, the way a bot client plays it: the game as my seat sees it, my
legal actions, a move sent as notation or as JSON, and a refusal naming its rule."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.api.serializers import event_records
from games.events.models import Event
from games.models import Game
from tests.clients import api_key
from tests.platform.conftest import play_to_the_end, state_of, take

pytestmark = pytest.mark.django_db


def api_client(user: User) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {api_key(user)}")
    return client


def submit(client: APIClient, game: Game, action: Any) -> Any:
    game.refresh_from_db()
    body = {"action": action, "expected_sequence": game.last_sequence}
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json")


def test_my_legal_actions_are_the_takes_the_pile_allows(alice: User, duel: Game) -> None:
    take(duel, 0, 1)
    take(duel, 1, 3)  # three left: Alice may take 1, 2 or 3
    listed = api_client(alice).get(f"/api/games/{duel.pk}/legal-actions/").json()["listed"]
    assert [move["notation"] for move in listed] == ["take 1", "take 2", "take 3"]
    assert listed[0]["action"] == {"type": "take", "count": 1}
    assert listed[0]["description"] == "takes 1"


def test_a_move_out_of_turn_is_refused_with_its_rule_and_nothing_is_written(
    bob: User, duel: Game
) -> None:
    recorded = Event.objects.filter(game=duel).count()
    answer = submit(api_client(bob), duel, "take 1")
    assert answer.status_code == 400
    assert answer.json()["rule"] == "turn.order"
    assert Event.objects.filter(game=duel).count() == recorded


def test_json_with_a_key_toy_does_not_know_is_refused_as_notation(alice: User, duel: Game) -> None:
    answer = submit(api_client(alice), duel, {"type": "take", "count": 1, "bonus": "x"})
    assert answer.status_code == 400
    assert answer.json()["rule"] == "notation"
    assert state_of(duel).pile == 7


def test_the_game_as_my_seat_sees_it_shows_my_charm_only(alice: User, duel: Game) -> None:
    hers = state_of(duel).charms[0]
    state = api_client(alice).get(f"/api/games/{duel.pk}/").json()["state"]
    assert state["charms"] == [hers, None]


def test_alice_takes_one_sent_as_notation(alice: User, duel: Game) -> None:
    answer = submit(api_client(alice), duel, "take 1")
    assert answer.status_code == 201
    assert state_of(duel).pile == 6


def test_alice_takes_one_sent_as_json(alice: User, duel: Game) -> None:
    answer = submit(api_client(alice), duel, {"type": "take", "count": 1})
    assert answer.status_code == 201
    assert state_of(duel).pile == 6


def test_the_event_log_hides_bobs_charm_from_alice_until_the_end(alice: User, duel: Game) -> None:
    hers = state_of(duel).charms[0]
    entries = api_client(alice).get(f"/api/games/{duel.pk}/events/").json()["results"]
    deal = next(entry for entry in entries if entry["type"] == "deal")
    assert deal["action"]["charms"] == [hers, None]
    assert deal["description"] == "Chance deals the lucky charms."


def test_my_games_list_a_toy_game_with_its_own_configuration(alice: User, duel: Game) -> None:
    listed = api_client(alice).get("/api/games/").json()["results"]
    assert listed[0]["config"] == {"players": 2, "pile": 7}


def test_alice_opens_a_toy_table_through_the_api(alice: User) -> None:
    body = {"name": "API tokens", "rules": "toy", "config": {"players": 2, "pile": 7}}
    answer = api_client(alice).post("/api/games/", body, format="json")
    assert answer.status_code == 201
    assert Game.objects.get(name="API tokens").rules == "toy"


def test_every_event_of_a_toy_game_is_as_its_records_say(
    alice: User, bob: User, duel: Game
) -> None:
    """Toy's records (``ApiSchema.events``) type its events as the API serves them: each
    event's ``action`` is valid as its type's record, strict, for either seat, before and
    after the game ends (its charms hidden, then shown)."""
    records = event_records("toy")
    address = f"/api/games/{duel.pk}/events/"
    clients = [api_client(alice), api_client(bob)]
    entries = [entry for client in clients for entry in client.get(address).json()["results"]]
    play_to_the_end(duel)
    entries += [entry for client in clients for entry in client.get(address).json()["results"]]
    wrong = {
        entry["sequence"]: checked.errors
        for entry in entries
        if not (checked := records[entry["type"]](data=entry["action"])).is_valid()
    }
    assert not wrong
    assert {entry["type"] for entry in entries} == {"created", "deal", "take", "game-ended"}
    assert not records["take"](data={"type": "take", "count": 1, "effects": {}}).is_valid()
