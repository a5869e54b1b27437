"""NMBR 9 through the API and the commands: placements in notation and in JSON, strict keys,
refusals naming their rule, the pending choice, secret placements in views and events,
export / verify / import of a finished game, and ``simulate --rules nmbr9``."""

from __future__ import annotations

import json
import random
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from games.engine.nmbr9 import Nmbr9State, Place
from games.events import store
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from games.services import SeatSpec, game_create, game_submit
from tests.clients import token_client

pytestmark = pytest.mark.django_db

NMBR9 = rule_set("nmbr9")


def nmbr9(users: list[User], seed: int = 2) -> Game:
    return game_create(
        name="Stacks",
        rules="nmbr9",
        config={"players": len(users)},
        seats=[SeatSpec(user.username, user=user) for user in users],
        created_by=users[0],
        rng=random.Random(seed),
    )


def state(game: Game) -> Nmbr9State:
    loaded: Nmbr9State = store.load(game.pk, game.rules).state
    return loaded


def submit(client: APIClient, game: Game, action: Any) -> Any:
    game.refresh_from_db()
    body = {"action": action, "expected_sequence": game.last_sequence}
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json")


def placements(game: Game, seat: int) -> list[dict[str, Any]]:
    return [
        e.payload
        for e in Event.objects.filter(game=game, seat=seat, type="place").order_by("sequence")
    ]


def test_the_api_places_a_tile_by_its_notation(alice: User, bob: User) -> None:
    game = nmbr9([alice, bob])
    card = state(game).card
    response = submit(token_client(alice), game, f"place {card} at 0,0 turn 270")
    assert response.status_code == 201, response.json()
    (payload,) = placements(game, 0)
    assert (payload["digit"], payload["x"], payload["y"], payload["turn"]) == (card, 0, 0, 270)
    assert payload["effects"] == {"card": 1, "level": 0}


def test_the_api_places_a_tile_by_its_json_form(alice: User) -> None:
    game = nmbr9([alice])
    card = state(game).card
    action = {"type": "place", "digit": card, "x": 0, "y": 0, "turn": 90}
    response = submit(token_client(alice), game, action)
    assert response.status_code == 201, response.json()
    assert {k: placements(game, 0)[0][k] for k in action} == action
    # Solo: the next card is up at once, and the answer's state shows it.
    assert response.json()["game"]["state"]["turned"] == list(state(game).deck[:2])


@pytest.mark.parametrize(
    "action",
    [
        {"type": "place", "digit": 3, "x": 0, "y": 0, "turn": 0, "level": 1},
        {"type": "place", "digit": 3, "x": 0, "y": 0, "turn": 45},
        {"type": "place", "digit": 3, "x": 0, "y": 0},
        {"type": "place", "digit": 12, "x": 0, "y": 0, "turn": 0},
        {"type": "shuffle", "order": [0] * 20},
        "place 3 at 0,0 turn 45",
        "place 3 at here",
        "put 3 at 0,0",
    ],
)
def test_the_api_refuses_unknown_keys_and_unreadable_moves(alice: User, action: Any) -> None:
    game = nmbr9([alice])
    events = Event.objects.count()
    response = submit(token_client(alice), game, action)
    assert response.status_code == 400 and response.json()["rule"] == "notation", response.json()
    assert Event.objects.count() == events


def test_an_illegal_placement_through_the_api_names_its_rule(alice: User, bob: User) -> None:
    game = nmbr9([alice, bob])
    card = state(game).card
    wrong = (card + 1) % 10
    response = submit(token_client(alice), game, f"place {wrong} at 0,0")
    assert response.status_code == 400 and response.json()["rule"] == "nmbr9.wrong-digit"
    # Said with the digits bare ("a 8" read wrong): the card to place, and the tile sent.
    said = f"place the tile of the card turned up, {card}, not {wrong}"
    assert said in response.json()["message"], response.json()
    response = submit(token_client(alice), game, f"place {card} at 1,1")
    assert response.status_code == 400 and response.json()["rule"] == "nmbr9.origin"
    for user in (alice, bob):
        submit(token_client(user), game, f"place {card} at 0,0")
    assert placements(game, 1)
    events = Event.objects.count()
    card = state(game).card
    response = submit(token_client(alice), game, f"place {card} at 30,30")
    assert response.status_code == 400 and response.json()["rule"] == "nmbr9.touch"
    assert response.json()["statement"].startswith("A tile shares an edge")
    response = submit(token_client(alice), game, f"place {card} at 1,1")
    assert response.status_code == 400 and response.json()["rule"] == "nmbr9.support"
    assert Event.objects.count() == events


def test_legal_actions_give_the_card_to_place_as_pending(alice: User, bob: User) -> None:
    game = nmbr9([alice, bob])
    offered = token_client(alice).get(f"/api/games/{game.pk}/legal-actions/").json()
    card = state(game).card
    assert offered["rules"] == "nmbr9" and offered["listed"] == []
    footprints = offered["pending"].pop("footprints")
    assert offered["pending"] == {
        "card": card,
        "notation": f"place {card} at X,Y turn 0|90|180|270",
        "first": True,
    }
    assert sorted(footprints) == ["0", "180", "270", "90"]
    submit(token_client(alice), game, f"place {card} at 0,0")
    # The footprint at turn 0 is the squares the tile placed at 0,0 covers.
    drawn = token_client(alice).get(f"/api/games/{game.pk}/").json()["state"]["drawings"][0]
    covered = [[x, y] for y, row in enumerate(drawn) for x, mark in enumerate(row) if mark != "."]
    assert sorted(covered, key=lambda c: (c[1], c[0])) == footprints["0"]
    assert token_client(alice).get(f"/api/games/{game.pk}/legal-actions/").json()["pending"] is None
    assert (
        token_client(bob).get(f"/api/games/{game.pk}/legal-actions/").json()["pending"]["card"]
        == card
    )


def test_the_api_hides_a_placement_from_the_others_until_everyone_has_placed(
    alice: User, bob: User, mallory: User
) -> None:
    game = nmbr9([alice, bob, mallory])
    card = state(game).card
    submit(token_client(alice), game, f"place {card} at 0,0 turn 180")
    for user in (bob, mallory):
        seen = token_client(user).get(f"/api/games/{game.pk}/").json()["state"]
        assert seen["stacks"][0] == [] and seen["placed"] == [True, False, False]
        events = token_client(user).get(f"/api/games/{game.pk}/events/").json()["results"]
        (placed,) = [e["action"] for e in events if e["type"] == "place"]
        assert placed == {"type": "place", "digit": card, "effects": {"card": 1}}
    mine = token_client(alice).get(f"/api/games/{game.pk}/").json()["state"]
    assert mine["stacks"][0][0]["turn"] == 180
    for user in (bob, mallory):
        submit(token_client(user), game, f"place {card} at 0,0")
    seen = token_client(bob).get(f"/api/games/{game.pk}/").json()["state"]
    assert seen["stacks"][0][0]["turn"] == 180 and seen["placed"] == [False] * 3


def finished(users: list[User]) -> Game:
    game = nmbr9(users)
    while game.status != Game.Status.FINISHED:
        now = store.load(game.pk, game.rules)
        seat = min(NMBR9.awaiting(now.state))
        action = NMBR9.bot_action(now.state, seat, random.Random(seat))
        assert isinstance(action, Place)
        game_submit(game_id=game.pk, seat=seat, action=action, expected_sequence=now.sequence)
        game.refresh_from_db()
    return game


def test_a_finished_nmbr9_game_is_exported_verified_and_imported(
    alice: User, bob: User, tmp_path: Path
) -> None:
    game = finished([alice, bob])
    path = tmp_path / "nmbr9.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    assert json.loads(path.read_text())["rules"] == "nmbr9"
    out = StringIO()
    call_command("numx", "verify", str(path), stdout=out)
    assert json.loads(out.getvalue())["events"] == game.last_sequence
    out = StringIO()
    call_command("numx", "import", str(path), "--name", "Copy", stdout=out)
    copy = Game.objects.get(pk=json.loads(out.getvalue())["game_id"])
    assert (copy.rules, copy.status) == ("nmbr9", Game.Status.FINISHED)
    # The export of the finished game shows the shuffle's order and every placement.
    exported = token_client(alice).get(f"/api/games/{game.pk}/export/").json()
    (shuffle,) = [e for e in exported["events"] if e["type"] == "shuffle"]
    assert sorted(shuffle["payload"]["order"]) == sorted(list(range(10)) * 2)
    assert all("x" in e["payload"] for e in exported["events"] if e["type"] == "place")


def test_simulate_plays_nmbr9_games_to_the_end() -> None:
    out = StringIO()
    args = ["simulate", "--rules", "nmbr9", "--games", "3", "--players", "4", "--seed", "4"]
    call_command("numx", *args, stdout=out)
    result = json.loads(out.getvalue())
    assert (result["rules"], result["games_finished"], result["errors"]) == ("nmbr9", 3, 0)
    assert result["config"] == {"players": 4}


def test_both_seats_placing_from_the_same_card_are_both_recorded(alice: User, bob: User) -> None:
    """Both players read the game at the same event and place: the second placement is not
    stale, the first being hidden from its player and changing nothing they may do."""
    game = nmbr9([alice, bob])
    seen = game.last_sequence
    card = state(game).card
    for client in (token_client(alice), token_client(bob)):
        body = {"action": f"place {card} at 0,0", "expected_sequence": seen}
        response = client.post(f"/api/games/{game.pk}/actions/", body, format="json")
        assert response.status_code == 201, response.json()
    assert len(placements(game, 0)) == len(placements(game, 1)) == 1
    assert state(game).turned == 2  # the next card is turned up


def test_a_second_placement_from_an_old_sequence_is_stale(alice: User, bob: User) -> None:
    """A seat's own placement changes its table: another one sent from before it is a 409."""
    game = nmbr9([alice, bob])
    seen = game.last_sequence
    card = state(game).card
    client = token_client(alice)
    first = {"action": f"place {card} at 0,0", "expected_sequence": seen}
    again = {"action": f"place {card} at 5,5", "expected_sequence": seen}
    assert client.post(f"/api/games/{game.pk}/actions/", first, format="json").status_code == 201

    response = client.post(f"/api/games/{game.pk}/actions/", again, format="json")

    assert response.status_code == 409
    assert len(placements(game, 0)) == 1


def test_a_solo_game_logged_before_version_2_verifies_with_no_winner(
    alice: User, tmp_path: Path
) -> None:
    """A solo game whose end was recorded naming its lone seat the winner (version 1, before
    a solo game had none) verifies against today's rules and imports with no winner."""
    game = finished([alice])
    (ended,) = Event.objects.filter(game=game, type="game-ended")
    assert (ended.version, ended.payload["winners"]) == (2, [])
    assert not game.seats.get(number=0).winner
    path = tmp_path / "solo.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    log = json.loads(path.read_text())
    # As a log of format 1 (no chain to sign it) would hold the game recorded before.
    log["format"] = 1
    del log["chain"]
    for event in log["events"]:
        del event["hash"]
        if event["type"] == "game-ended":
            event["version"], event["payload"]["winners"] = 1, [0]
    verified = StringIO()
    old = tmp_path / "old.json"
    old.write_text(json.dumps(log))
    call_command("numx", "verify", str(old), stdout=verified)
    assert json.loads(verified.getvalue())["events"] == game.last_sequence
    out = StringIO()
    call_command("numx", "import", str(old), "--name", "Old solo", stdout=out)
    copy = Game.objects.get(pk=json.loads(out.getvalue())["game_id"])
    assert copy.status == Game.Status.FINISHED and not copy.seats.get(number=0).winner
