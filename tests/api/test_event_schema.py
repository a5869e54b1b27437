"""Every event a game records, as the API serves it, is what the schema says: for every
registered game, random games played to the end, each event read by every seat and by a
spectator as it is recorded (when most is hidden) and once the game is over (all shown),
and the game's exported log, validate against ``/api/schema/`` — each game's own
components, strict where they say so (``additionalProperties: false``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.contrib.auth.models import User
from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from games.bots import play_bot_move
from games.models import Game
from games.registry import game_ids, rule_set, schema_name
from games.services import SeatSpec, game_create
from tests.clients import token_client
from tests.members import named

pytestmark = pytest.mark.django_db

Schema = dict[str, Any]


def validator(openapi: Schema, component: str) -> Draft202012Validator:
    """A validator of ``component`` of the served schema, its references resolved there."""
    root = {"$ref": f"#/components/schemas/{component}", "components": openapi["components"]}
    return Draft202012Validator(root)


def errors(check: Draft202012Validator, value: Any) -> list[str]:
    """What is wrong with ``value``: where, and the likeliest reason (of a oneOf's members,
    the one it comes closest to)."""
    error = best_match(check.iter_errors(value))
    return [] if error is None else [f"{list(error.absolute_path)}: {error.message[:300]}"]


def _play(game_id: str, config: dict[str, Any], seed: int, users: list[User]) -> Game:
    seats = [SeatSpec(f"P{n}", user=users[n]) for n in range(config["players"])]
    return game_create(
        name="Typed",
        config=config,
        seats=seats,
        created_by=users[0],
        rng=random.Random(seed),
        public=True,
        rules=game_id,
    )


def _configs(game_id: str) -> list[dict[str, Any]]:
    """Two short games of a game: its first example configuration (its fewest players and
    default options) and, of its variants, the last listed with the fewest players."""
    configs = rule_set(game_id).example_configs()
    variant = min(reversed(configs[1:] or configs), key=lambda config: int(config["players"]))
    return [configs[0], variant]


GAMES = [(game_id, config) for game_id in game_ids() for config in _configs(game_id)]


@pytest.mark.parametrize(("game_id", "config"), GAMES)
def test_every_event_served_and_logged_is_as_the_schema_says(
    openapi: Schema,
    as_carol: APIClient,
    game_id: str,
    config: dict[str, Any],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Every reader reads after every move: far beyond a person's rate.
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "100000/minute"})
    page_check = validator(openapi, "EventPage")
    log_check = validator(openapi, "GameLog")
    event_check = validator(openapi, f"{schema_name(game_id)}Event")
    players = config["players"]
    users = [named(User.objects.create_user(f"p{n}", f"p{n}@example.com")) for n in range(players)]
    readers = [*(token_client(user) for user in users), as_carol]
    game = _play(game_id, config, 7, users)
    rng = random.Random(7)
    seen = [0] * len(readers)
    faults: list[str] = []
    types: set[str] = set()

    def read(reader: int, after: int) -> tuple[list[dict[str, Any]], int | None]:
        page = readers[reader].get(f"/api/games/{game.pk}/events/", {"after": after, "limit": 500})
        assert page.status_code == 200
        body = page.json()
        # Each event against its game's union first, which says which field is wrong.
        wrong = [fault for entry in body["results"] for fault in errors(event_check, entry)]
        # The page with one event says the rest: its game's union is the one checked above.
        page_alone = {**body, "results": body["results"][:1]}
        faults.extend(
            f"reader {reader}: {fault}" for fault in wrong or errors(page_check, page_alone)
        )
        assert body["rules"] == game_id
        return list(body["results"]), body["next"]

    while True:
        for reader in range(len(readers)):
            new, _ = read(reader, seen[reader])
            types.update(entry["type"] for entry in new)
            if new:
                seen[reader] = new[-1]["sequence"]
        if faults or not play_bot_move(game, rng):
            break
        game.refresh_from_db()
    for reader in range(len(readers)):  # every event again, now that all are shown
        after: int | None = 0
        while after is not None:
            after = read(reader, after)[1]
    log = as_carol.get(f"/api/games/{game.pk}/export/")
    assert log.status_code == 200
    faults += errors(log_check, log.json())

    assert not faults
    # The events are typed as this game's: each member of its union is its own component.
    members = openapi["components"]["schemas"][f"{schema_name(game_id)}Event"]
    assert {"created", "game-ended"} <= types <= set(members["discriminator"]["mapping"])
