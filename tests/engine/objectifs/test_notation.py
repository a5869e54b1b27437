"""Notation: every action prints as it reads, in text and in JSON, and JSON with a key its
action does not know is refused."""

from __future__ import annotations

import random

import pytest

from games.engine.objectifs import (
    CHANCE,
    NotationError,
    ObjectifsConfig,
    action_from_json,
    action_to_json,
    action_type,
    legal_actions,
    new_game,
    parse_action,
)

SAMPLES = [
    "lay -2 joker",
    "play 7",
    "play 7 joker 7@2",
    "play joker as -2",
    "play joker joker as infinity",
    "play num-x@3",
    "play 5 5 + echange all right",
    "play 9 + malus+2/+1@1 all",
    "echange 2",
    "echange@0 all left",
    "malus+1/+1 0",
    "draw",
    "draw 7@1",
    "pass",
    "replace draw",
    "replace -1 7",
    "replace 3 draw",
]


@pytest.mark.parametrize("text", SAMPLES)
def test_each_action_reads_back_as_it_prints(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert action_from_json(action_to_json(action)) == action


def test_text_is_read_case_and_order_free_and_printed_in_one_way() -> None:
    assert str(parse_action("PLAY Joker 7@2 7")) == "play 7 joker 7@2"
    assert str(parse_action("replace draw 3")) == "replace 3 draw"
    assert str(parse_action("play 7 joker as 7")) == "play 7 joker"


def test_a_deal_reads_back_in_text_and_json() -> None:
    state = new_game(ObjectifsConfig(2))
    deal = legal_actions(state, CHANCE).sample(random.Random(1))
    assert parse_action(str(deal)) == deal
    assert action_from_json(action_to_json(deal)) == deal
    assert action_type(deal) == "deal"


@pytest.mark.parametrize(
    "text",
    ["", "hop", "play", "play 7 as", "play 7@x", "echange", "echange all up", "draw 7", "pass 2"],
)
def test_what_is_not_an_action(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "pass", "card": "7"},
        {"type": "play", "cards": ["7"], "bonus": None},
        {"type": "draw", "card": "7"},
        {"type": "replace", "cards": "7"},
        {"type": "malus", "card": "echange", "target": 1},
        {"type": "play", "cards": ["7"], "action": {"type": "pass"}},
        {"type": "hop"},
        {"cards": []},
    ],
)
def test_json_that_is_no_action_or_has_unknown_keys_is_refused(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)


def test_the_json_forms() -> None:
    assert action_to_json(parse_action("play 7 7@2 + echange all right")) == {
        "type": "play",
        "cards": ["7"],
        "rows": [{"seat": 2, "card": "7"}],
        "action": {"type": "echange", "target": "all", "direction": "right"},
    }
    assert action_to_json(parse_action("draw 3@1")) == {"type": "draw", "card": "3", "from": 1}
    assert action_to_json(parse_action("replace 3 draw")) == {
        "type": "replace",
        "cards": ["3"],
        "draws": 1,
    }
