"""What the API promises any client, whatever the game: keys it does not know are refused
and nothing is written; its schema is valid OpenAPI 3.1 with discriminated oneOfs; a
log of a game that has ended (finished or called off) can be fetched, a running one's
cannot; and no input, however odd, makes it fail (5xx)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from typing import Any

import pytest
from django.core.management import call_command
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient

from games.events.log import verify
from games.events.models import Event
from games.models import Game

pytestmark = pytest.mark.django_db


def _events(game: Game) -> int:
    return Event.objects.filter(game_id=game.pk).count()


def _pick(client: APIClient, game: Game) -> dict[str, Any]:
    offered = client.get(f"/api/games/{game.pk}/legal-actions/").json()
    return {"move": offered["listed"][0], "sequence": offered["sequence"]}


# Unknown keys -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "misspell",
    [
        lambda action: {**action, "crad": action["card"]},  # one key too many in the action
        lambda action: {"type": "pick", "cards": [action["card"]]},  # a misspelt key
        lambda action: {"type": "pik", "card": action["card"]},  # no such action
    ],
)
def test_an_action_with_an_unknown_key_is_refused_and_nothing_is_written(
    as_alice: APIClient, game: Game, misspell: Callable[[dict[str, Any]], dict[str, Any]]
) -> None:
    offered = _pick(as_alice, game)
    before = _events(game)

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/",
        {"action": misspell(offered["move"]["action"]), "expected_sequence": offered["sequence"]},
        format="json",
    )

    assert response.status_code == 400
    refused = response.json()
    assert refused["rule"] == "notation"
    assert any(word in refused["message"] for word in ("crad", "cards", "pik"))
    assert _events(game) == before


def test_a_body_with_an_unknown_key_is_refused_and_nothing_is_written(
    as_alice: APIClient, game: Game
) -> None:
    offered = _pick(as_alice, game)
    before = _events(game)
    body = {
        "action": offered["move"]["notation"],
        "expected_sequence": offered["sequence"],
        "idempotncy_key": "k",
    }

    response = as_alice.post(f"/api/games/{game.pk}/actions/", body, format="json")

    assert response.status_code == 400 and "idempotncy_key" in response.json()["message"]
    assert _events(game) == before


def test_a_listed_move_sent_whole_is_refused_saying_what_to_send(
    as_alice: APIClient, game: Game
) -> None:
    # A bot author's likely slip: the listed move (or the `sample`) sent as the action,
    # rather than its `notation` or its `action`; it has no `type`.
    offered = _pick(as_alice, game)
    before = _events(game)

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/",
        {"action": offered["move"], "expected_sequence": offered["sequence"]},
        format="json",
    )

    assert response.status_code == 400
    refused = response.json()
    assert refused["rule"] == "notation"
    assert "None" not in refused["message"]
    assert "`notation`" in refused["message"] and "`action`" in refused["message"]
    assert _events(game) == before


@pytest.mark.parametrize("type_", [{}, {"type": None}], ids=["left out", "null"])
def test_an_action_without_a_type_is_refused_naming_the_key(
    as_alice: APIClient, game: Game, type_: dict[str, Any]
) -> None:
    offered = _pick(as_alice, game)
    action = {key: value for key, value in offered["move"]["action"].items() if key != "type"}
    action.update(type_)

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/",
        {"action": action, "expected_sequence": offered["sequence"]},
        format="json",
    )

    assert response.status_code == 400
    message = response.json()["message"]
    assert "None" not in message and "`type`" in message and "pick" in message


def test_a_new_game_of_an_odd_game_is_refused(as_alice: APIClient) -> None:
    body = {"name": "g", "rules": {"a": 1}, "config": {"players": 2}}

    assert as_alice.post("/api/games/", body, format="json").status_code == 400


def test_a_new_game_with_an_unknown_option_is_refused(as_alice: APIClient) -> None:
    body = {"name": "g", "config": {"players": 2, "mod": "family"}}

    response = as_alice.post("/api/games/", body, format="json")

    assert response.status_code == 400 and "mod" in response.json()["config"]
    assert not Game.objects.exists()


@pytest.mark.parametrize("rules", ["maya", "numx"])
def test_a_new_game_naming_its_rules_edition_is_refused(as_alice: APIClient, rules: str) -> None:
    # The server sets the edition (the latest); a request asking for another one must not
    # be answered with a game of the latest edition, as if it had been heard.
    body = {"name": "g", "rules": rules, "config": {"players": 2, "edition": 1}}

    response = as_alice.post("/api/games/", body, format="json")

    assert response.status_code == 400 and "edition" in response.json()["config"]
    assert not Game.objects.exists()


# The schema -------------------------------------------------------------------------------


@pytest.fixture
def openapi(as_alice: APIClient) -> dict[str, Any]:
    response = as_alice.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    return dict(json.loads(response.content))


def test_the_schema_is_valid_openapi_3_1(openapi: dict[str, Any]) -> None:
    assert openapi["openapi"] == "3.1.0"
    validate_schema(openapi)  # against the OpenAPI 3.1 meta-schema drf-spectacular ships
    assert '"nullable"' not in json.dumps(openapi)


def test_actions_views_and_new_games_are_discriminated_oneofs(openapi: dict[str, Any]) -> None:
    schemas = openapi["components"]["schemas"]
    for name, field, value in (
        ("NumxAction", "type", "distribute"),
        ("GameDetail", "rules", "numx"),
        ("NewGameRequest", "rules", "numx"),
    ):
        assert schemas[name]["oneOf"], name
        assert schemas[name]["discriminator"]["propertyName"] == field
        assert value in schemas[name]["discriminator"]["mapping"]
    distribute = schemas["NumxDistributeAction"]["properties"]["placements"]["items"]
    placement = schemas[distribute["$ref"].rsplit("/", 1)[1]]
    assert {"card", "seat", "face_up", "side"} <= placement["properties"].keys()


# The schema and the server agree ------------------------------------------------------------


@pytest.mark.parametrize(
    "body",
    [
        {"name": "g", "config": {"players": 2}, "public": 0},
        {"name": "g", "config": {"players": 2}, "public": "true"},
        {"name": 5, "config": {"players": 2}},
        {"name": "g", "config": {"players": "2"}},
        {"name": "g", "config": {"players": 2, "teams": 1}},
        {"name": "g", "config": {"players": 2}, "bot_level": "1"},
        {"name": "g", "config": {"players": 2}, "move_deadline_hours": 2.5},
        {"name": "g", "config": {"players": 2}, "bot_level": True},
        {"name": "g", "config": {"players": 2, "malus_values": [["3", 3]] * 5}},
    ],
)
def test_a_value_of_another_json_type_than_the_schemas_is_refused(
    as_alice: APIClient, body: dict[str, Any]
) -> None:
    """Failed before: DRF read 0 and "true" as booleans, 5 as text, "2" as an integer (in a
    list too), true as the choice 1, where the schema says boolean, string, integer; a
    client that trusts the schema is told so, and one that does not is not guessed at."""
    response = as_alice.post("/api/games/", body, format="json")

    assert response.status_code == 400, response.json()
    assert not Game.objects.exists()


def test_what_json_schema_calls_an_integer_is_read_as_one(as_alice: APIClient) -> None:
    """2.0 is an integer to JSON Schema, and the choice 1 is 1.0 too: valid by the schema,
    so accepted (schemathesis sends them)."""
    body = {"name": "g", "config": {"players": 2.0}, "move_deadline_hours": 2.0, "bot_level": 2.0}

    response = as_alice.post("/api/games/", body, format="json")

    assert response.status_code == 201, response.json()
    game = Game.objects.get()
    assert (game.config["players"], game.bot_level) == (2, 2)
    assert game.move_deadline is not None and game.move_deadline.total_seconds() == 7200


def test_the_default_game_may_be_opened_without_naming_it_and_the_schema_says_so(
    as_alice: APIClient, openapi: dict[str, Any]
) -> None:
    """Failed before: the schema required `rules`, which the server fills in."""
    schemas = openapi["components"]["schemas"]
    assert "rules" not in schemas["NewNumxGameRequest"]["required"]
    assert "rules" in schemas["NewMayaGameRequest"]["required"]
    assert schemas["NewGameRequest"]["required"] == ["config", "name"]
    body = {"name": "g", "config": {"players": 2}}
    assert as_alice.post("/api/games/", body, format="json").json()["rules"] == "numx"


def test_an_empty_notation_is_refused_by_the_schema_as_by_the_server(
    as_alice: APIClient, game: Game, openapi: dict[str, Any]
) -> None:
    """Failed before: the schema allowed "" as an action, which the server refuses."""
    notation = openapi["components"]["schemas"]["SubmitRequest"]["properties"]["action"]["oneOf"][0]
    assert notation["type"] == "string" and notation["minLength"] == 1
    response = as_alice.post(
        f"/api/games/{game.pk}/actions/", {"action": "", "expected_sequence": 2}, format="json"
    )
    assert response.status_code == 400 and response.json()["rule"] == "request"


def test_a_new_game_needs_a_body_and_the_schema_says_so(
    as_alice: APIClient, openapi: dict[str, Any]
) -> None:
    """Failed before: the schema let the body of a new game be left out."""
    assert openapi["paths"]["/api/games/"]["post"]["requestBody"]["required"] is True
    assert as_alice.post("/api/games/").status_code == 400


def test_an_empty_idempotency_key_header_is_refused_as_the_schema_says(
    as_alice: APIClient, game: Game
) -> None:
    """Failed before: an empty Idempotency-Key (the schema's minLength is 1) was read as
    none, and the game opened."""
    body = {"name": "g", "config": {"players": 2}}
    assert (
        as_alice.post("/api/games/", body, format="json", HTTP_IDEMPOTENCY_KEY="").status_code
        == 400
    )


def test_a_method_the_schema_does_not_list_is_a_405_naming_those_it_does(
    as_alice: APIClient, game: Game, openapi: dict[str, Any]
) -> None:
    """The schema says it in its description: an operation it does not list (DELETE...) is
    answered 405 with an Allow header."""
    assert "405" in openapi["info"]["description"]
    response = as_alice.delete(f"/api/games/{game.pk}/")
    assert response.status_code == 405
    assert "GET" in response["Allow"] and "DELETE" not in response["Allow"]


# Export -----------------------------------------------------------------------------------


def test_a_finished_games_log_is_exported_verified_as_the_command_writes_it(
    as_carol: APIClient, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.status == Game.Status.FINISHED)

    response = as_carol.get(f"/api/games/{game.pk}/export/")

    assert response.status_code == 200
    log = response.json()
    assert verify(log).events == len(log["events"]) == game.last_sequence
    written = io.StringIO()
    call_command("numx", "export", str(game.pk), stdout=written)
    assert log == json.loads(written.getvalue())
    chain = as_carol.get(f"/api/games/{game.pk}/").json()["chain"]
    assert chain["head"] == log["events"][-1]["hash"] == verify(log).head
    assert chain["salt"] == log["chain"]["salt"]  # revealed now that the game is over


def test_a_called_off_games_log_is_exported_verified_as_the_command_writes_it(
    as_alice: APIClient, as_carol: APIClient, game: Game
) -> None:
    assert as_alice.post(f"/api/games/{game.pk}/abort/").status_code == 200

    response = as_carol.get(f"/api/games/{game.pk}/export/")

    assert response.status_code == 200
    log = response.json()
    verified = verify(log)
    assert verified.summary["aborted"] and not verified.summary["over"]
    assert log["events"][-1]["type"] == "aborted"
    written = io.StringIO()
    call_command("numx", "export", str(game.pk), stdout=written)
    assert log == json.loads(written.getvalue())
    chain = as_carol.get(f"/api/games/{game.pk}/").json()["chain"]
    # Revealed as the export reveals them: the game has ended.
    assert (chain["salt"], chain["seed"]) == (log["chain"]["salt"], log["chain"]["seed"])


def test_a_running_games_log_stays_secret(as_alice: APIClient, game: Game) -> None:
    response = as_alice.get(f"/api/games/{game.pk}/export/")

    assert response.status_code == 409 and "ended" in response.json()["detail"]


# Odd input --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "action",
    [
        "play blue-7 as ²",
        "eclair ² 0 1",
        "take ²: pass",
        "play " + "blue-7 " * 2000,
        {"type": "take", "index": 0, "play": {"type": "take", "index": 0, "play": {}}},
        {"type": "play", "cards": ["blue-7"], "as": "²"},
        {"type": "flip", "target": True},
        {"type": {"a": 1}},
        {"type": "take", "index": 0, "play": {"type": {}, "target": 0}},
    ],
)
def test_odd_moves_are_refused_with_a_400(as_alice: APIClient, game: Game, action: Any) -> None:
    before = _events(game)

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/", {"action": action, "expected_sequence": 2}, format="json"
    )

    assert response.status_code == 400
    assert _events(game) == before


def test_a_card_taken_back_to_complete_a_pli_is_read_in_its_json_form(
    as_alice: APIClient, game: Game
) -> None:
    # The legal moves list such a move (a Rainbow taken back from one's row completes the
    # top pli); its JSON form must read as that move, refused here only by the game's rules.
    action = {"type": "take", "index": 0, "play": {"type": "complete", "card": "rainbow-7"}}

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/", {"action": action, "expected_sequence": 2}, format="json"
    )

    assert response.status_code == 400
    assert response.json()["rule"] != "notation", response.json()


def test_json_nested_too_deeply_is_a_400(as_alice: APIClient, game: Game) -> None:
    depth = 100_000
    body = '{"action": ' + "[" * depth + "]" * depth + ', "expected_sequence": 2}'

    response = as_alice.post(
        f"/api/games/{game.pk}/actions/", body, content_type="application/json"
    )

    assert response.status_code == 400


@pytest.mark.parametrize("path", ["actions", "check"])
def test_a_move_too_large_to_read_is_a_json_400_and_nothing_is_written(
    as_alice: APIClient, game: Game, settings: Any, path: str
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    offered = _pick(as_alice, game)
    before = _events(game)
    body = {"action": offered["move"]["notation"] + " " * 2000}
    if path == "actions":
        body["expected_sequence"] = offered["sequence"]

    response = as_alice.post(f"/api/games/{game.pk}/{path}/", body, format="json")

    assert response.status_code == 400
    refused = response.json()
    assert refused["rule"] == "request" and "1000" in refused["message"]
    assert _events(game) == before


def test_a_new_game_too_large_to_read_is_a_json_400(as_alice: APIClient, settings: Any) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    body = {"name": "g", "rules": "maya", "config": {"players": 2}, "x": "y" * 2000}

    response = as_alice.post("/api/games/", body, format="json")

    assert response.status_code == 400 and "1000" in response.json()["detail"]
    assert not Game.objects.exists()


def test_odd_numbers_in_a_query_are_a_400(as_alice: APIClient, game: Game) -> None:
    response = as_alice.get(f"/api/games/{game.pk}/events/", {"after": "²"})

    assert response.status_code == 400
