"""Actions in text and JSON: both round-trip, and what is not an action is a NotationError."""

import pytest

from games.engine.maya import (
    DECK,
    NotationError,
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
)

CANONICAL = [
    "play +4",
    "play -3",
    "play 0",
    "play joker -3",
    "play joker +5",
    "play skip",
    "play reverse",
    "play temple then -2",
    "play temple then temple then joker +1",
    "play skip then +1",
    "start -3",
    "start +5",
    "guess 2 7",
    "mix 3 1 2",
    "shuffle +1 joker -2",
    "deal " + " ".join(str(card) for card in DECK),
    "deal " + " ".join(str(card) for card in DECK) + " start -3",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_text_notation_round_trips(text: str) -> None:
    action = parse_action(text)
    assert str(action) == text
    assert parse_action(str(action)) == action


@pytest.mark.parametrize("text", CANONICAL)
def test_json_round_trips(text: str) -> None:
    action = parse_action(text)
    data = action_to_json(action)
    assert data["type"] == action_type(action)
    assert action_from_json(data) == action


def test_notation_is_case_insensitive_and_spacing_free() -> None:
    assert parse_action("  PLAY  Temple THEN  Joker  -2 ") == parse_action(
        "play temple then joker -2"
    )


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "play",
        "play joker",
        "play joker x",
        "play +4 +3",
        "play temple then",
        "play then +1",
        "guess 2",
        "guess two 7",
        "guess 2 seven",
        "play +9",
        "start",
        "start x",
        "start -1 -2",
    ],
)
def test_what_is_no_action_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "cards": []},
        {"type": "play", "cards": [{"card": "joker"}]},
        {"type": "play", "cards": [{"card": "+4", "as": 4}]},
        {"type": "play", "cards": ["+4"]},
        {"type": "play", "cards": [{"card": "+4"}], "extra": 1},
        {"type": "guess", "target": "2", "number": 7},
        {"type": "guess", "target": True, "number": 7},
        {"type": "pass"},
        {"cards": []},
        {"type": "deal", "order": "+1"},
        {"type": "start", "count": "-3"},
        {"type": "start", "count": -3, "card": "joker"},
        {"type": "start"},
    ],
)
def test_bad_json_is_a_notation_error(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)
