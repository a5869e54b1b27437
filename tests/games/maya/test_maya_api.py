"""Maya through the API and the commands: moves in notation and in JSON, strict keys, the
seat views, export / verify / import of a finished game, and ``simulate --rules maya``."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from games.bots import play_bot_move
from games.engine.maya import EDITION, MayaConfig
from games.events.models import Event
from games.models import Game
from games.registry import rule_set
from games.services import SeatSpec, game_create
from tests.clients import token_client

pytestmark = pytest.mark.django_db

MAYA = rule_set("maya")


def dealt(
    config: dict[str, Any], first_hand: Callable[[set[str]], bool], phase: str = "play"
) -> int:
    """The first seed whose deal (drawn as ``game_create`` draws it) leaves the game in
    ``phase`` (``start``: a Joker turned up) with seat 0 holding a hand ``first_hand``
    accepts."""
    for seed in range(500):
        rng, now = random.Random(seed), MAYA.new_game(config)
        while (action := MAYA.chance_action(now, rng)) is not None:
            now = MAYA.apply(now, -1, action)
        if now.phase.value == phase and first_hand({str(card) for card in now.hands[0]}):
            return seed
    raise AssertionError("no deal gives that hand")


def maya(
    users: list[User],
    expert: bool = False,
    hand: Callable[[set[str]], bool] = bool,
    phase: str = "play",
) -> Game:
    """A game of today's rules edition between ``users``, dealt as ``hand`` and ``phase``
    ask."""
    config = MayaConfig(len(users), expert).to_json()
    return game_create(
        name="Maya",
        rules="maya",
        config=config,
        seats=[SeatSpec(user.username, user=user) for user in users],
        created_by=users[0],
        rng=random.Random(dealt(config, hand, phase)),
    )


def submit(client: APIClient, game: Game, action: Any, **headers: str) -> Any:
    game.refresh_from_db()
    body = {"action": action, "expected_sequence": game.last_sequence}
    return client.post(f"/api/games/{game.pk}/actions/", body, format="json", **headers)


def plays(game: Game) -> list[dict[str, Any]]:
    return [e.payload for e in Event.objects.filter(game=game, seat=0).order_by("sequence")]


@pytest.mark.parametrize(
    ("needs", "notation", "recorded"),
    [
        ("+4", "play +4", [{"card": "+4"}]),
        ("joker", "play joker -3", [{"card": "joker", "as": -3}]),
        ("temple -2", "play temple then -2", [{"card": "temple"}, {"card": "-2"}]),
    ],
)
def test_the_api_plays_maya_notation(
    alice: User, bob: User, needs: str, notation: str, recorded: list[dict[str, Any]]
) -> None:
    game = maya([alice, bob], hand=lambda hand: set(needs.split()) <= hand)
    response = submit(token_client(alice), game, notation)
    assert response.status_code == 201, response.json()
    (payload,) = plays(game)
    assert payload["type"] == "play" and payload["cards"] == recorded
    assert payload["effects"]["count"] == response.json()["game"]["state"]["count"]


def test_the_api_plays_a_guess_and_the_json_form(alice: User, bob: User, mallory: User) -> None:
    game = maya([alice, bob, mallory], expert=True)
    response = submit(token_client(alice), game, "guess 2 7")
    assert response.status_code == 201, response.json()
    (payload,) = plays(game)
    assert (payload["type"], payload["target"], payload["number"]) == ("guess", 2, 7)
    game = maya([alice, bob], hand=lambda hand: "joker" in hand)
    played = {"type": "play", "cards": [{"card": "joker", "as": -3}]}
    assert submit(token_client(alice), game, played).status_code == 201
    assert plays(game)[0]["cards"] == played["cards"]


@pytest.mark.parametrize(
    "action",
    [
        {"type": "play", "cards": [{"card": "+4"}], "colour": "red"},
        {"type": "play", "cards": [{"card": "joker", "as": -3, "sign": "-"}]},
        {"type": "play", "cards": []},
        {"type": "guess", "target": 1},
        {"type": "pass"},
        "play joker",
        "play +9",
        "dance",
    ],
)
def test_the_api_refuses_unknown_keys_and_unreadable_moves(
    alice: User, bob: User, action: Any
) -> None:
    game = maya([alice, bob])
    events = Event.objects.count()
    response = submit(token_client(alice), game, action)
    assert response.status_code == 400 and response.json()["rule"] == "notation"
    assert Event.objects.count() == events


def test_an_illegal_move_through_the_api_names_its_rule(alice: User, bob: User) -> None:
    game = maya([alice, bob], hand=lambda hand: "+5" not in hand)
    response = submit(token_client(alice), game, "play +5")
    assert response.status_code == 400
    assert response.json()["rule"] == "maya.hand"
    assert response.json()["statement"] == "You play only cards you hold."
    response = submit(token_client(alice), game, "guess 1 4")
    assert response.status_code == 400 and response.json()["rule"] == "maya.expert"


def test_legal_actions_list_each_play_with_its_words(alice: User, bob: User) -> None:
    game = maya([alice, bob])
    listed = token_client(alice).get(f"/api/games/{game.pk}/legal-actions/").json()
    assert listed["rules"] == "maya" and listed["pending"] is None
    assert all(move["notation"].startswith("play ") for move in listed["listed"])
    assert all(move["description"].startswith("play ") for move in listed["listed"])
    assert token_client(bob).get(f"/api/games/{game.pk}/legal-actions/").json()["listed"] == []


def test_the_dealer_names_a_jokers_starting_count_through_the_api(alice: User, bob: User) -> None:
    game = maya([alice, bob], phase="start")
    listed = token_client(bob).get(f"/api/games/{game.pk}/legal-actions/").json()
    assert [move["notation"] for move in listed["listed"]] == [
        f"start {count:+d}" for count in (-5, -4, -3, -2, -1, 1, 2, 3, 4, 5)
    ]
    assert listed["listed"][0]["description"] == "start the count at \u22125"
    assert token_client(alice).get(f"/api/games/{game.pk}/legal-actions/").json()["listed"] == []
    response = submit(token_client(bob), game, {"type": "start", "count": 0})
    assert response.status_code == 400 and response.json()["rule"] == "maya.start"
    response = submit(token_client(bob), game, "start +4")
    assert response.status_code == 201, response.json()
    seen = response.json()["game"]["state"]
    assert (seen["phase"], seen["count"], seen["config"]["edition"]) == ("play", 4, EDITION)


def test_a_game_opened_through_the_api_plays_the_latest_edition(alice: User) -> None:
    body = {"name": "Tikal", "rules": "maya", "config": {"players": 3}}
    created = token_client(alice).post("/api/games/", body, format="json").json()
    assert created["config"] == {"players": 3, "expert": False, "edition": EDITION}
    assert Game.objects.get(pk=created["id"]).config["edition"] == EDITION


def finished(users: list[User], seed: int = 3) -> Game:
    game = maya(users, expert=True)
    rng = random.Random(seed)
    while Game.objects.get(pk=game.pk).status != Game.Status.FINISHED:
        assert play_bot_move(game, rng)
    game.refresh_from_db()
    return game


def test_a_finished_maya_game_is_exported_verified_and_imported(
    alice: User, bob: User, tmp_path: Path
) -> None:
    game = finished([alice, bob])
    path = tmp_path / "maya.json"
    call_command("numx", "export", str(game.pk), "--output", str(path), stderr=StringIO())
    log = json.loads(path.read_text())
    assert log["rules"] == "maya"
    out = StringIO()
    call_command("numx", "verify", str(path), stdout=out)
    assert json.loads(out.getvalue())["events"] == game.last_sequence
    out = StringIO()
    call_command("numx", "import", str(path), "--name", "Copy", stdout=out)
    copy = Game.objects.get(pk=json.loads(out.getvalue())["game_id"])
    assert (copy.rules, copy.name, copy.status) == ("maya", "Copy", Game.Status.FINISHED)
    # The API's export of the finished game reveals every secret.
    exported = token_client(alice).get(f"/api/games/{game.pk}/export/").json()
    mixes = [e for e in exported["events"] if e["type"] == "mix"]
    assert mixes and len(mixes[0]["payload"]["order"]) == 20


def test_simulate_plays_maya_games_to_the_end() -> None:
    out = StringIO()
    args = ["simulate", "--rules", "maya", "--games", "6", "--players", "3", "--seed", "4"]
    call_command("numx", *args, "--config", '{"expert": true}', stdout=out)
    result = json.loads(out.getvalue())
    assert (result["rules"], result["games_finished"], result["errors"]) == ("maya", 6, 0)
    assert result["config"] == {"expert": True, "players": 3}


def test_a_guess_outside_the_expert_variant_says_why_in_other_words_than_its_rule(
    alice: User, bob: User
) -> None:
    # The refusal gives the reason and the rule's statement together: the reason says what
    # of this game stands in the way, not the statement again.
    game = maya([alice, bob])
    refusal = submit(token_client(alice), game, "guess 1 4", HTTP_ACCEPT_LANGUAGE="fr").json()
    assert refusal["rule"] == "maya.expert"
    assert "sans la variante experte" in refusal["message"]
    assert "variante experte" in refusal["statement"]
