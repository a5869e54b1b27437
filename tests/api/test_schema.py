"""The OpenAPI schema at /api/schema/ and its docs page; and the schema describes what the
API really answers, in the states a fuzzer rarely reaches (a distribution to make, a
finished game, a conflict), each response checked against it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
import requests
import schemathesis
from django.contrib.auth.models import User
from django.test import override_settings
from rest_framework.test import APIClient
from rest_framework.throttling import UserRateThrottle

from chat.models import ChatLine
from chat.services import remove_lines, say
from games.events.consumers import dispatch
from games.lobby import game_join, game_open
from games.models import Game
from games.registry import game_ids, game_type
from tests.clients import token_client

pytestmark = pytest.mark.django_db

Check = Callable[[Any], Any]


@pytest.fixture
def openapi(as_alice: APIClient) -> dict[str, Any]:
    response = as_alice.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return json.loads(response.content)


@pytest.fixture
def conforms(openapi: dict[str, Any]) -> Check:
    """Check that a response's status is documented for its operation and its body
    matches the documented schema; give the body back."""
    schema = schemathesis.openapi.from_dict(openapi)

    def check(response: Any) -> Any:
        request = response.wsgi_request
        operation = schema.find_operation_by_path(request.method, request.path)
        assert operation is not None, f"{request.method} {request.path} is not documented"
        documented = operation.definition.raw["responses"]
        assert str(response.status_code) in documented, (request.path, response.status_code)
        operation.validate_response(
            schemathesis.Response(
                status_code=response.status_code,
                headers={name.lower(): [value] for name, value in response.headers.items()},
                content=response.content,
                request=requests.Request(request.method, request.build_absolute_uri()).prepare(),
                elapsed=0.0,
                verify=True,
            )
        )
        # A 204 (a table cancelled) has no body to give back.
        return response.json() if response.content else None

    return check


def test_the_schema_is_openapi_3_with_every_endpoint(openapi: dict[str, Any]) -> None:
    assert openapi["openapi"].startswith("3.")
    assert set(openapi["paths"]) == {
        "/api/games/",
        "/api/games/{game_id}/",
        "/api/games/{game_id}/join/",
        "/api/games/{game_id}/bots/",
        "/api/games/{game_id}/start/",
        "/api/games/{game_id}/leave/",
        "/api/games/{game_id}/cancel/",
        "/api/games/{game_id}/rematch/",
        "/api/tables/",
        "/api/games/{game_id}/legal-actions/",
        "/api/games/{game_id}/actions/",
        "/api/games/{game_id}/check/",
        "/api/games/{game_id}/resign/",
        "/api/games/{game_id}/abort/",
        "/api/games/{game_id}/chat/",
        "/api/games/{game_id}/chat/{line_id}/report/",
        "/api/games/{game_id}/events/",
        "/api/games/{game_id}/export/",
        "/api/tournaments/",
        "/api/tournaments/{tournament_id}/",
        "/api/tournaments/{tournament_id}/standings/",
        "/api/players/{player_id}/",
        "/api/webhooks/",
        "/api/webhooks/{webhook_id}/",
        "/api/webhooks/{webhook_id}/deliveries/",
        "/api/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver/",
    }
    assert {"tokenAuth", "cookieAuth"} <= openapi["components"]["securitySchemes"].keys()


def test_every_operation_documents_the_414_of_an_address_too_long(
    openapi: dict[str, Any],
) -> None:
    """The web server (gunicorn) refuses a request line over 4,094 bytes before the API
    reads it: a client sending a long query gets a 414, which every operation lists."""
    undocumented = [
        f"{method.upper()} {path}"
        for path, operations in openapi["paths"].items()
        for method, operation in operations.items()
        if "414" not in operation["responses"]
    ]
    assert undocumented == []
    answers = openapi["paths"]["/api/games/"]["get"]["responses"]
    assert "nothing was done" in answers["414"]["description"]
    assert list(answers) == sorted(answers)


RATE_LIMIT = {"RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"}


def rated(headers: Any) -> bool:
    """Whether ``headers`` (an answer's, or those a documented answer declares) hold the
    three ``RateLimit-*`` headers."""
    return set(headers) >= RATE_LIMIT


def test_the_rate_limit_headers_are_declared_where_they_are_sent(
    openapi: dict[str, Any], as_alice: APIClient, alice: User, game: Game
) -> None:
    """Failed before: every 401, and the 403 of a scope the token lacks, declared the
    `RateLimit-*` headers, which those answers never carry (the token is refused before its
    request is counted). The answers without a body carry them as the others do (a table
    cancelled, 204; a delivery sent again, 202), and say so."""
    from webhooks.models import Delivery

    declared = {
        (method.upper(), path, status): rated(answer.get("headers", {}))
        for path, operations in openapi["paths"].items()
        for method, operation in operations.items()
        for status, answer in operation["responses"].items()
    }
    scope_only = {
        (method.upper(), path)
        for path, operations in openapi["paths"].items()
        for method, operation in operations.items()
        if operation["responses"]["403"]["description"].startswith("The token lacks")
    }
    unsaid = {
        key
        for key in declared
        if key[2] in ("401", "414") or (key[2] == "403" and key[:2] in scope_only)
    }
    assert scope_only, "a request whose only 403 is for a scope the token lacks"
    assert {key for key, said in declared.items() if not said} == unsaid

    waiting = game_open(creator=alice, name="Open", config={"players": 2})
    webhook = as_alice.post("/api/webhooks/", {"url": "https://bot.example.com/"}, format="json")
    given_up = Delivery.objects.create(
        endpoint_id=webhook.json()["id"], game=game, sequence=1, kind="your_turn"
    )
    redeliver = f"/api/webhooks/{webhook.json()['id']}/deliveries/{given_up.pk}/redeliver/"
    answers = {
        ("POST", "/api/games/{game_id}/cancel/", "204"): as_alice.post(
            f"/api/games/{waiting.pk}/cancel/"
        ),
        ("POST", "/api/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver/", "202"): (
            as_alice.post(redeliver)
        ),
        ("GET", "/api/games/", "401"): APIClient().get("/api/games/"),
        ("POST", "/api/games/{game_id}/resign/", "403"): token_client(alice, ["read"]).post(
            f"/api/games/{game.pk}/resign/"
        ),
    }
    for key, answer in answers.items():
        assert str(answer.status_code) == key[2], (key, answer.status_code)
        assert rated(answer.headers) == (key[2] not in ("401", "403")), key
    assert declared[("POST", "/api/games/{game_id}/cancel/", "204")]
    assert declared[("GET", "/api/games/", "401")] is False


def test_no_component_is_described_by_the_codes_own_notes(openapi: dict[str, Any]) -> None:
    """A component without a description of its own (a Numenko round, an Objectifs malus
    card named in a pli, the body of a join) says nothing rather than the developers'
    note on how strict bodies are read, which a bot author would take for the component's
    meaning."""
    described = {
        name: component.get("description", "")
        for name, component in openapi["components"]["schemas"].items()
    }
    leaked = sorted(
        name
        for name, text in described.items()
        if ":func:" in text or "refuses keys it does not know" in text
    )
    assert leaked == []


def test_only_the_default_games_new_game_body_says_rules_may_be_left_out(
    openapi: dict[str, Any],
) -> None:
    """A body without `rules` opens the default game (NUM-X): another game's new-game
    component saying `rules` may be left out would have a bot author open a NUM-X table
    with that game's options, refused."""
    components = openapi["components"]["schemas"]
    omissible = sorted(
        name
        for name, component in components.items()
        if name.startswith("New")
        and name.endswith("GameRequest")
        and "may be left out" in component.get("description", "")
    )
    assert omissible == ["NewNumxGameRequest"]
    assert "rules" not in components["NewNumxGameRequest"]["required"]
    assert "rules" in components["NewNumenkoGameRequest"]["required"]


def test_the_dry_runs_docs_name_every_game_whose_moves_are_too_many_to_list(
    openapi: dict[str, Any],
) -> None:
    """A bot author reads at /api/docs/ what the dry run is for: trying the moves that
    legal-actions cannot list. Every game that has such moves (a ``pending`` choice) is
    named there, so that its authors know the dry run is theirs."""
    described = openapi["paths"]["/api/games/{game_id}/check/"]["post"]["description"]
    pending = [
        str(game_type(game_id).site.title)
        for game_id in game_ids()
        if game_type(game_id).site.api.pending().fields
    ]
    assert pending, "no game has a choice too large to list"
    assert [title for title in pending if title not in described] == []


def test_joining_documents_the_404_of_a_private_table_joined_with_a_wrong_token(
    openapi: dict[str, Any], as_bob: APIClient, alice: User
) -> None:
    """A bot given a mistyped invitation token is answered 404, as if the table were not
    there (a private table shows nothing to whoever it was not shown): /api/docs/ says so
    where its author looks, beside the 404, rather than only 'there is no such game'."""
    table = game_open(creator=alice, name="private", config={"players": 2})
    wrong = as_bob.post(f"/api/games/{table.pk}/join/", {"token": "mistyped"}, format="json")
    assert wrong.status_code == 404
    responses = openapi["paths"]["/api/games/{game_id}/join/"]["post"]["responses"]
    assert "token" in responses["404"]["description"]


def test_table_control_answers_match_the_schema(
    conforms: Check,
    as_alice: APIClient,
    as_bob: APIClient,
    as_carol: APIClient,
    alice: User,
    bob: User,
    game: Game,
    advance: Callable[..., Game],
) -> None:
    waiting = game_open(creator=alice, name="Open", config={"players": 3}, public=True)
    game_join(game=waiting, user=bob)
    assert conforms(as_carol.get("/api/tables/"))[0]["game"]["id"] == waiting.pk
    conforms(as_alice.post(f"/api/games/{waiting.pk}/leave/"))  # 409: the host stays
    assert conforms(as_bob.post(f"/api/games/{waiting.pk}/leave/"))["my_seat"] is None
    conforms(as_alice.post(f"/api/games/{game.pk}/rematch/"))  # 409: not over
    advance(game, lambda g: g.status == Game.Status.FINISHED)
    conforms(as_carol.post(f"/api/games/{game.pk}/rematch/"))  # 403: not a player
    assert conforms(as_alice.post(f"/api/games/{game.pk}/rematch/"))["status"] == "open"
    conforms(as_bob.post(f"/api/games/{game.pk}/rematch/"))  # 200: Bob takes his seat
    conforms(as_bob.post(f"/api/games/{waiting.pk}/cancel/"))  # 403: not the host
    conforms(as_alice.post(f"/api/games/{game.pk}/cancel/"))  # 409: started
    conforms(as_alice.post(f"/api/games/{waiting.pk}/cancel/"))  # 204
    conforms(as_alice.post(f"/api/games/{waiting.pk}/cancel/"))  # 404: gone


def test_every_answer_to_resigning_and_calling_off_matches_the_schema(
    conforms: Check,
    as_alice: APIClient,
    as_bob: APIClient,
    as_carol: APIClient,
    alice: User,
    bob: User,
    game: Game,
) -> None:
    url = f"/api/games/{game.pk}/"
    pick = conforms(as_alice.get(url + "legal-actions/"))["listed"][0]
    conforms(as_carol.post(url + "abort/"))  # 403
    assert conforms(as_alice.post(url + "abort/"))["status"] == "aborted"
    conforms(as_bob.post(url + "abort/"))  # 409
    conforms(as_bob.post(url + "resign/"))  # 409
    move = {"action": pick["action"], "expected_sequence": game.last_sequence + 1}
    conforms(as_alice.post(url + "actions/", move, format="json"))  # 409
    conforms(as_alice.post(url + "check/", {"action": pick["action"]}, format="json"))  # 409
    conforms(as_alice.get("/api/games/"))
    three = game_open(creator=alice, name="Three", config={"players": 3}, public=True)
    game_join(game=three, user=bob)
    conforms(as_alice.post(f"/api/games/{three.pk}/bots/"))
    conforms(as_alice.post(f"/api/games/{three.pk}/start/"))
    assert conforms(as_bob.post(f"/api/games/{three.pk}/resign/"))["seats"][1]["resigned"]
    conforms(as_bob.get(f"/api/games/{three.pk}/legal-actions/"))
    conforms(as_bob.post(f"/api/games/{three.pk}/actions/", move, format="json"))  # 403
    conforms(as_bob.post(f"/api/games/{three.pk}/resign/"))  # 409


def test_a_players_ratings_match_the_schema(
    conforms: Check, as_carol: APIClient, alice: User, game: Game, advance: Callable[..., Game]
) -> None:
    advance(game, lambda g: g.status == Game.Status.FINISHED)
    dispatch(game.pk)

    [speed_run] = conforms(as_carol.get(f"/api/players/{alice.pk}/"))["ratings"]
    assert speed_run["pool"] == "numx:speed-run" and speed_run["provisional"]
    conforms(as_carol.get("/api/players/999999/"))  # 404


def test_the_schema_is_public() -> None:
    assert APIClient().get("/api/schema/").status_code == 200


def test_the_docs_page_serves_its_assets_itself(client: Any) -> None:
    response = client.get("/api/docs/")

    assert response.status_code == 200
    page = response.content.decode()
    assert "/api/schema/" in page
    bundle = "/static/drf_spectacular_sidecar/swagger-ui-dist/swagger-ui-bundle.js"
    assert f'src="{bundle}"' in page
    assert "cdn." not in page and "unpkg" not in page
    assert client.get(bundle).status_code == 200


def test_what_a_player_sees_of_a_game_matches_the_schema(
    conforms: Check,
    as_alice: APIClient,
    as_bob: APIClient,
    as_carol: APIClient,
    game: Game,
    advance: Callable[..., Game],
) -> None:
    url = f"/api/games/{game.pk}/"
    for client in (as_alice, as_bob, as_carol):
        conforms(client.get(url))
        conforms(client.get(url + "events/"))
    conforms(as_alice.get("/api/games/"))
    conforms(as_alice.get(url + "legal-actions/"))
    conforms(as_carol.get(url + "legal-actions/"))  # 403

    advance(game, lambda g: g.phase == "distribution")
    winner = {0: as_alice, 1: as_bob}[game.awaiting[0]]
    assert conforms(winner.get(url + "legal-actions/"))["pending"]["kind"] == "distribution"
    assert conforms(winner.get(url))["state"]["pending"]["kind"] == "distribution"
    conforms(winner.get(url + "events/", {"after": 3, "limit": 4}))

    advance(game, lambda g: g.status == Game.Status.FINISHED)
    assert conforms(as_carol.get(url))["state"]["outcome"]["scores"]
    conforms(as_carol.get(url + "events/", {"limit": 500}))
    conforms(as_alice.get(url + "legal-actions/"))
    conforms(as_alice.get("/api/games/"))


def test_every_answer_to_a_move_matches_the_schema(
    conforms: Check, as_alice: APIClient, as_bob: APIClient, as_carol: APIClient, game: Game
) -> None:
    url = f"/api/games/{game.pk}/actions/"
    picks = conforms(as_alice.get(f"/api/games/{game.pk}/legal-actions/"))["listed"]

    def send(client: APIClient, action: Any, sequence: int = 2, key: str = "") -> Any:
        body = {"action": action, "expected_sequence": sequence}
        return client.post(url, {**body, "idempotency_key": key} if key else body, format="json")

    assert conforms(send(as_alice, picks[0]["notation"], key="k")).get("duplicate") is False
    assert conforms(send(as_alice, picks[0]["notation"], key="k"))["duplicate"] is True
    conforms(send(as_alice, picks[1]["notation"], sequence=3, key="k"))  # 422
    conforms(send(as_bob, "pass"))  # 409
    conforms(send(as_bob, "pass", sequence=3))  # 400, a rule
    conforms(send(as_bob, "fold", sequence=3))  # 400, notation
    conforms(send(as_bob, 12))  # 400, request
    conforms(as_bob.post(url, "{", content_type="application/json"))  # 400, not JSON
    conforms(as_bob.post(url, "action=pass", content_type="text/plain"))  # 415
    conforms(send(as_carol, "pass"))  # 403
    conforms(as_alice.post("/api/games/999/actions/", {}, format="json"))  # 404
    conforms(APIClient().post(url, {}, format="json"))  # 401


def test_every_lobby_answer_matches_the_schema(
    conforms: Check,
    monkeypatch: pytest.MonkeyPatch,
    as_alice: APIClient,
    as_bob: APIClient,
    alice: User,
) -> None:
    body = {"name": "g", "config": {"players": 3}}
    created = conforms(as_alice.post("/api/games/", body, format="json"))
    conforms(as_alice.post("/api/games/", {"config": {"players": 9}}, format="json"))  # 400
    conforms(as_alice.post("/api/games/", "{", content_type="application/json"))  # 400
    url = f"/api/games/{created['id']}/"
    conforms(as_bob.post(url + "join/", {}, format="json"))  # 404: a private table, unseen
    conforms(as_bob.post(url + "join/", {"token": created["invite_token"]}, format="json"))
    conforms(as_bob.post(url + "join/", {"token": created["invite_token"]}, format="json"))  # 409
    conforms(as_bob.post(url + "bots/"))  # 403
    conforms(as_alice.post(url + "start/"))  # 409
    conforms(as_alice.post(url + "bots/", "level=0", content_type="text/plain"))  # 415
    conforms(as_alice.post(url + "bots/"))
    conforms(as_alice.post(url + "bots/"))  # 409, full
    assert conforms(as_alice.post(url + "start/"))["state"]["phase"] == "opening-pick"
    opened = game_open(creator=alice, name="open", config={"players": 2})
    conforms(as_alice.get(f"/api/games/{opened.pk}/"))
    conforms(as_alice.get(f"/api/games/{opened.pk}/legal-actions/"))
    move = {"action": "pass", "expected_sequence": 0}
    conforms(as_alice.post(f"/api/games/{opened.pk}/actions/", move, format="json"))  # 409
    conforms(as_alice.get("/api/games/999/"))  # 404
    monkeypatch.setattr(UserRateThrottle, "THROTTLE_RATES", {"user": "1/minute"})
    as_alice.get("/api/games/")
    conforms(as_alice.get("/api/games/"))  # 429


def test_every_answer_to_a_dry_run_matches_the_schema(
    conforms: Check, as_alice: APIClient, as_carol: APIClient, alice: User, game: Game
) -> None:
    url = f"/api/games/{game.pk}/check/"
    picks = conforms(as_alice.get(f"/api/games/{game.pk}/legal-actions/"))["listed"]

    def check(client: APIClient, action: Any, at: str = url) -> Any:
        return conforms(client.post(at, {"action": action}, format="json"))

    assert check(as_alice, picks[0]["action"])["legal"] is True
    assert check(as_alice, "pass")["legal"] is False
    check(as_alice, "fold")  # 400, notation
    check(as_carol, "pass")  # 403
    opened = game_open(creator=alice, name="open", config={"players": 2})
    check(as_alice, "pass", f"/api/games/{opened.pk}/check/")  # 409
    stacks = game_open(creator=alice, name="stacks", rules="nmbr9", config={"players": 1})
    conforms(as_alice.post(f"/api/games/{stacks.pk}/start/"))
    card = conforms(as_alice.get(f"/api/games/{stacks.pk}/legal-actions/"))["pending"]["card"]
    place = {"type": "place", "digit": card, "x": 0, "y": 0, "turn": 0}
    assert check(as_alice, place, f"/api/games/{stacks.pk}/check/")["outlook"]["level"] == 0


def test_every_answer_of_the_chat_matches_the_schema(
    conforms: Check, as_alice: APIClient, as_carol: APIClient, game: Game
) -> None:
    url = f"/api/games/{game.pk}/chat/"
    assert conforms(as_alice.post(url, {"text": "Hello"}, format="json"))["lines"]
    conforms(as_carol.get(url))
    conforms(as_carol.post(url, {"text": "Hello"}, format="json"))  # 403
    conforms(as_alice.post(url, {"text": " "}, format="json"))  # 400
    conforms(as_alice.get("/api/games/999999/chat/"))  # 404


@override_settings(NUMX_CHAT_REPORTS_PER_DAY=1)
def test_every_answer_to_a_chat_report_matches_the_schema(
    conforms: Check, as_alice: APIClient, as_carol: APIClient, game: Game, bob: User
) -> None:
    first, second = say(game, bob, "Boo"), say(game, bob, "Boo again")
    url = f"/api/games/{game.pk}/chat/{first.pk}/report/"
    assert conforms(as_carol.post(url, {"reason": "spam"}, format="json"))["reason"] == "spam"
    conforms(as_carol.post(url, {"reason": "spam"}, format="json"))  # 200, already
    conforms(as_alice.post(url, {"reason": "rude"}, format="json"))  # 400
    conforms(as_alice.post(url, "reason=spam", content_type="text/plain"))  # 415
    conforms(
        as_carol.post(
            f"/api/games/{game.pk}/chat/{second.pk}/report/", {"reason": "spam"}, format="json"
        )
    )  # 429
    conforms(
        as_alice.post(
            f"/api/games/999999/chat/{first.pk}/report/", {"reason": "spam"}, format="json"
        )
    )  # 404
    remove_lines(ChatLine.objects.filter(pk=second.pk), by=bob)
    conforms(
        as_alice.post(
            f"/api/games/{game.pk}/chat/{second.pk}/report/", {"reason": "spam"}, format="json"
        )
    )  # 409
    conforms(token_client(bob).post(url, {"reason": "spam"}, format="json"))  # 403
    assert conforms(as_carol.get(f"/api/games/{game.pk}/chat/"))["lines"][1]["removed"] is True


def test_every_answer_of_the_webhooks_matches_the_schema(
    conforms: Check, as_alice: APIClient, as_carol: APIClient, game: Game
) -> None:
    from django.utils import timezone

    from webhooks.models import Attempt, Delivery

    made = conforms(
        as_alice.post("/api/webhooks/", {"url": "https://bot.example.com/"}, format="json")
    )
    conforms(as_alice.post("/api/webhooks/", {"url": "http://bot.example.com/"}, format="json"))
    delivery = Delivery.objects.create(
        endpoint_id=made["id"], game=game, sequence=1, kind="your_turn", next_attempt_at=None
    )
    Attempt.objects.create(delivery=delivery, at=timezone.now(), error="timeout", duration_ms=5)
    Attempt.objects.create(delivery=delivery, at=timezone.now(), status=500, duration_ms=7)
    assert conforms(as_alice.get("/api/webhooks/"))[0]["id"] == made["id"]
    conforms(as_alice.get(f"/api/webhooks/{made['id']}/"))
    (logged,) = conforms(as_alice.get(f"/api/webhooks/{made['id']}/deliveries/"))
    assert [attempt["status"] for attempt in logged["attempts"]] == [500, None]
    conforms(as_carol.get(f"/api/webhooks/{made['id']}/deliveries/"))  # 404
    again = f"/api/webhooks/{made['id']}/deliveries/{delivery.pk}/redeliver/"
    conforms(as_carol.post(again))  # 404
    assert conforms(as_alice.post(again))["next_attempt_at"] is not None  # 202, given up
    conforms(as_alice.post(again))  # 409: being tried again
    conforms(as_carol.delete(f"/api/webhooks/{made['id']}/"))  # 404
    response = as_alice.delete(f"/api/webhooks/{made['id']}/")
    assert response.status_code == 204
