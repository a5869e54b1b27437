"""The schema as a client generator reads it (openapi-python-client and the like): whatever
an answer holds parses into one class, told apart by a property that decides alone; every
enum has a name of its own that adding a game does not change; a request never requires
what the server sets; every body is a named component."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from drf_spectacular.settings import spectacular_settings

pytestmark = pytest.mark.django_db

Schema = dict[str, Any]

#: The enums drf-spectacular adds itself beside a nullable or blank choice.
SPECTACULAR_ENUMS = {"NullEnum", "BlankEnum"}


def _component(openapi: Schema, ref: str) -> Schema:
    schema: Schema = openapi["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return schema


def _nodes(openapi: Schema, roots: list[Schema]) -> Iterator[tuple[str, Schema]]:
    """Every schema reachable from ``roots`` (components followed once), with where it is."""
    seen: set[str] = set()
    stack = [("", root) for root in roots]
    while stack:
        where, node = stack.pop()
        if isinstance(node, list):
            stack.extend((where, item) for item in node)
            continue
        if not isinstance(node, dict):
            continue
        ref = node.get("$ref")
        if isinstance(ref, str):
            if ref not in seen:
                seen.add(ref)
                stack.append((ref.rsplit("/", 1)[1], _component(openapi, ref)))
            continue
        yield where, node
        stack.extend((where, value) for key, value in node.items() if key != "discriminator")


def _bodies(openapi: Schema, kind: str) -> list[Schema]:
    """The schemas of every answer (``kind`` "responses") or request body ("requestBody")."""
    found = []
    for operations in openapi["paths"].values():
        for operation in operations.values():
            if kind == "requestBody":
                answers = [operation.get("requestBody", {})]
            else:
                answers = list(operation.get("responses", {}).values())
            found += [
                media["schema"]
                for answer in answers
                for media in answer.get("content", {}).values()
                if "schema" in media
            ]
    return found


def _kind(openapi: Schema, variant: Schema) -> tuple[str, frozenset[Any] | None]:
    """What JSON values a union's member takes, as far as telling members apart goes: its
    JSON type, and for an enum or a constant its values."""
    if "$ref" in variant:
        variant = _component(openapi, variant["$ref"])
    if "const" in variant:
        return str(variant.get("type", "const")), frozenset([variant["const"]])
    if "enum" in variant:
        values = frozenset(variant["enum"])
        return ("null" if values == {None} else str(variant.get("type", "enum"))), values
    kind = variant.get("type", "object")
    if kind == "number":
        kind = "integer"  # an integer is a number: the two are told apart by nothing
    return str(kind), None


def _overlap(openapi: Schema, variants: list[Schema]) -> bool:
    """Whether one value may match two members: two of the same JSON type, unless both are
    enums whose values differ."""
    kinds = [_kind(openapi, variant) for variant in variants]
    for index, (kind, values) in enumerate(kinds):
        for other, other_values in kinds[index + 1 :]:
            if kind != other:
                continue
            if values is None or other_values is None or values & other_values:
                return True
    return False


def _decides_alone(openapi: Schema, union: Schema, variants: list[Schema]) -> str | None:
    """What keeps a union's discriminator from naming the one member a value is, or None:
    every member is mapped, and is a plain object that requires the property as the
    mapped value."""
    discriminator = union.get("discriminator")
    if discriminator is None:
        return "no discriminator"
    name, mapping = discriminator["propertyName"], discriminator.get("mapping", {})
    if sorted(mapping.values()) != sorted(variant.get("$ref", "") for variant in variants):
        return "members not mapped one to one"
    for value, ref in mapping.items():
        member = _component(openapi, ref)
        if "oneOf" in member or "anyOf" in member:
            return f"{value} maps to a union"
        fixed = member.get("properties", {}).get(name, {})
        if fixed.get("const", (fixed.get("enum") or [None, None])[-1]) != value:
            return f"{ref}'s {name} is not {value!r} alone"
        if name not in member.get("required", []):
            return f"{ref} may leave out {name}"
    return None


def test_whatever_an_answer_holds_parses_into_one_class(openapi: Schema) -> None:
    """Failed before: Maya's `play` in the legal actions parsed as NUM-X's (an anyOf of both
    without a discriminator), an NMBR 9 configuration as Maya's."""
    unclear = []
    for where, node in _nodes(openapi, _bodies(openapi, "responses")):
        for union in ("oneOf", "anyOf"):
            variants = node.get(union)
            if variants is None:
                continue
            if "discriminator" in node or _overlap(openapi, variants):
                problem = _decides_alone(openapi, node, variants)
                if problem is not None:
                    unclear.append(f"{where}: {union} {problem}")
    assert not unclear


def test_the_game_tells_apart_its_configuration_phase_view_and_actions(openapi: Schema) -> None:
    schemas = openapi["components"]["schemas"]
    for union in ("Game", "GameDetail", "LegalActions"):
        assert schemas[union]["discriminator"]["propertyName"] == "rules"
        assert set(schemas[union]["discriminator"]["mapping"]) >= {"numx", "maya", "nmbr9"}
    maya = schemas["MayaGameDetail"]["properties"]
    assert maya["config"]["allOf"][0]["$ref"].endswith("/MayaConfig")
    assert maya["state"]["oneOf"][0]["$ref"].endswith("/MayaView")
    assert maya["phase"]["oneOf"][0]["$ref"].endswith("/MayaPhaseEnum")
    move = schemas["MayaLegalActions"]["properties"]["listed"]["items"]["$ref"]
    actions = _component(openapi, _component(openapi, move)["properties"]["action"]["$ref"])
    assert actions["discriminator"] == {
        "propertyName": "type",
        "mapping": {
            "play": "#/components/schemas/MayaPlayAction",
            "start": "#/components/schemas/MayaStartAction",
            "guess": "#/components/schemas/MayaGuessAction",
        },
    }


def test_every_enum_has_a_name_of_its_own(openapi: Schema) -> None:
    """Failed before: `Rules014Enum`, `Type5d0Enum` (named by a hash of their values), and a
    bot's level as `BotLevelEnum` and `LevelEnum`."""
    schemas = openapi["components"]["schemas"]
    enums = {name: schema for name, schema in schemas.items() if "enum" in schema}
    named = set(spectacular_settings.ENUM_NAME_OVERRIDES) | SPECTACULAR_ENUMS
    assert set(enums) <= named
    values = [json.dumps(sorted(map(str, schema["enum"]))) for schema in enums.values()]
    assert len(values) == len(set(values))
    assert "BotLevelEnum" in enums


def test_a_request_requires_nothing_the_server_sets(openapi: Schema) -> None:
    """Failed before: a new NUM-X game had to send its `edition`, which the server sets."""
    for where, node in _nodes(openapi, _bodies(openapi, "requestBody")):
        for name, prop in node.get("properties", {}).items():
            if isinstance(prop, dict) and prop.get("readOnly"):
                assert name not in node.get("required", []), (where, name)
    config = openapi["components"]["schemas"]["NewNumxGameRequest"]["properties"]["config"]
    assert "edition" not in _component(openapi, config["$ref"]).get("properties", {})
    assert "edition" in openapi["components"]["schemas"]["NumxConfig"]["required"]


def test_every_body_is_a_named_component(openapi: Schema) -> None:
    """Failed before: the 400 of four operations was an inline object (four classes)."""
    for kind in ("responses", "requestBody"):
        for body in _bodies(openapi, kind):
            assert "$ref" in body or "$ref" in body.get("items", {}), body
    refused = {
        answer["content"]["application/json"]["schema"]["$ref"]
        for operations in openapi["paths"].values()
        for operation in operations.values()
        for status, answer in operation["responses"].items()
        if status == "400"
    }
    assert refused == {"#/components/schemas/FieldErrors", "#/components/schemas/RuleBroken"}


def _facts_of(openapi: Schema, event: str) -> Schema:
    """The component of an event's ``facts`` (or a logged event's payload's)."""
    properties = openapi["components"]["schemas"][event]["properties"]
    if "payload" in properties:
        payload = _component(openapi, properties["payload"]["$ref"])
        facts = payload["properties"]["facts"]
        return _component(openapi, facts.get("$ref") or facts["allOf"][0]["$ref"])
    return _component(openapi, properties["facts"]["$ref"])


def test_each_type_of_event_says_what_chance_decides_during_it(openapi: Schema) -> None:
    """Failed before: every NUM-X move's facts were one `NumxFacts` whose `from_pile` was
    optional, a pass's and a deal's too, and every Maya move's might hold a deal."""
    schemas = openapi["components"]["schemas"]
    # A draw always takes a card; a play takes some only with a Malus (empty facts else).
    assert _facts_of(openapi, "NumxDrawEvent")["required"] == ["from_pile"]
    assert "required" not in _facts_of(openapi, "NumxPlayEvent")
    assert _facts_of(openapi, "NumxPlayEvent")["properties"].keys() == {"from_pile"}
    assert _facts_of(openapi, "NumxPassEvent") == schemas["NoFacts"]
    assert sorted(_facts_of(openapi, "MayaDealEvent")["required"]) == ["dealt", "start"]
    # The log leaves out facts where chance decided nothing, and has none to leave out in
    # a pass: its payload is its record.
    play = _component(openapi, schemas["NumxPlayLogEvent"]["properties"]["payload"]["$ref"])
    draw = _component(openapi, schemas["NumxDrawLogEvent"]["properties"]["payload"]["$ref"])
    assert "facts" not in play["required"] and "facts" in draw["required"]
    assert _facts_of(openapi, "NumxPlayLogEvent")["required"] == ["from_pile"]
    passed = schemas["NumxPassLogEvent"]["properties"]["payload"]["$ref"]
    assert passed.endswith("/NumxPassRecord")


def test_each_type_of_event_says_who_acts_in_it(openapi: Schema) -> None:
    """Failed before: every event's seat was an integer or null, whichever its type."""
    schemas = openapi["components"]["schemas"]
    for suffix in ("Event", "LogEvent"):
        seat = {
            kind: schemas[f"Numx{kind}{suffix}"]["properties"]["seat"]
            for kind in ("Created", "RoundEnded", "Deal", "Shuffle", "Play", "Resigned")
        }
        assert seat["Created"]["type"] == seat["RoundEnded"]["type"] == "null"
        assert seat["Deal"]["const"] == seat["Shuffle"]["const"] == -1
        assert seat["Play"]["minimum"] == seat["Resigned"]["minimum"] == 0
        assert seat["Play"]["type"] == "integer"


def test_numx_positions_say_they_count_from_0_where_the_words_count_from_1(
    openapi: Schema,
) -> None:
    """Failed before: a NUM-X move names a score card by its 0-based position (`take 0:
    …`, the JSON's `index`), which the move's `description`, the table and the emails call
    "score card 1": the schema said the one base and not the other."""
    components = openapi["components"]["schemas"]
    for name in ("NumxTakeActionRequest", "NumxEclairActionRequest"):
        description = components[name]["description"]
        assert "0-based" in description and "count the cards from 1" in description, name
