"""A dry run (`POST /api/games/N/check/`): whether a move is legal now and what it would do,
or the rule it breaks, judged as a move would be and nothing written."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from games.events.models import Event
from games.lobby import game_open
from games.models import Game
from games.services import SeatSpec, game_create

pytestmark = pytest.mark.django_db


def _check(client: APIClient, game: Game, action: Any) -> Any:
    return client.post(f"/api/games/{game.pk}/check/", {"action": action}, format="json")


def test_a_legal_move_is_said_legal_with_what_it_does_and_nothing_is_written(
    as_alice: APIClient, game: Game
) -> None:
    offered = as_alice.get(f"/api/games/{game.pk}/legal-actions/").json()
    move = offered["listed"][0]
    before = Event.objects.filter(game=game).count()

    checked = _check(as_alice, game, move["action"])

    assert checked.status_code == 200
    assert checked.json() == {
        "rules": "numx",
        "sequence": offered["sequence"],
        "legal": True,
        "description": move["description"],
        "rule": None,
        "message": None,
        "statement": None,
    }
    assert _check(as_alice, game, move["notation"]).json()["legal"] is True
    assert Event.objects.filter(game=game).count() == before


def test_an_illegal_move_names_the_rule_it_breaks(as_alice: APIClient, game: Game) -> None:
    before = Event.objects.filter(game=game).count()

    checked = _check(as_alice, game, "pass").json()

    assert checked["legal"] is False and checked["description"] is None
    assert checked["rule"] and checked["message"] and checked["statement"]
    submitted = as_alice.post(
        f"/api/games/{game.pk}/actions/",
        {"action": "pass", "expected_sequence": checked["sequence"]},
        format="json",
    )
    assert submitted.status_code == 400 and submitted.json()["rule"] == checked["rule"]
    assert Event.objects.filter(game=game).count() == before


def test_what_is_no_move_or_no_move_of_mine_is_refused(
    as_alice: APIClient, as_carol: APIClient, alice: User, game: Game
) -> None:
    assert _check(as_alice, game, "fold").json()["rule"] == "notation"
    assert _check(as_alice, game, 12).status_code == 400
    extra = as_alice.post(
        f"/api/games/{game.pk}/check/",
        {"action": "pass", "expected_sequence": 2},
        format="json",
    )
    assert extra.status_code == 400 and "expected_sequence" in extra.json()["message"]
    assert _check(as_carol, game, "pass").status_code == 403
    waiting = game_open(creator=alice, name="Waiting", config={"players": 3})
    assert _check(as_alice, waiting, "pass").status_code == 409


def test_an_nmbr9_placement_is_told_where_it_would_lie_as_the_table_previews_it(
    alice: User, as_alice: APIClient
) -> None:
    game = game_create(
        name="Stacks",
        rules="nmbr9",
        config={"players": 1},
        seats=[SeatSpec("alice", user=alice)],
        created_by=alice,
        rng=random.Random(2),
    )
    card = as_alice.get(f"/api/games/{game.pk}/legal-actions/").json()["pending"]["card"]
    place = {"type": "place", "digit": card, "x": 0, "y": 0, "turn": 0}

    legal = _check(as_alice, game, place).json()
    elsewhere = _check(as_alice, game, {**place, "x": 5}).json()

    assert legal["legal"] is True
    assert legal["outlook"] == {
        "level": 0,
        "points": 0,
        "verdict": "Legal: scores 0 points (level 0).",
    }
    assert elsewhere["legal"] is False and elsewhere["outlook"] is None
    assert elsewhere["rule"].startswith("nmbr9.")
