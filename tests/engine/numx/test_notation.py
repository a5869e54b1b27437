"""Action notation: text for people and the command line, JSON for the event store."""

import pytest

from games.engine.numx.actions import Play, Resolve, Side, TakeBack
from games.engine.numx.cards import Face
from games.engine.numx.errors import NotationError
from games.engine.numx.notation import action_from_json, action_to_json, parse_action

CANONICAL = [
    "deal blue-0 joker malus-2/+2",
    "shuffle red-3 num-x",
    "pick blue-7",
    "play blue-7 rainbow-7",
    "play joker joker as 9",
    "play blue-4 joker",
    "play shadow-9 + block all",
    "play rainbow-3 shadow-3 + malus+2/-1 1",
    "play infinity",
    "play num-x",
    "complete rainbow-7",
    "pass",
    "draw",
    "take 2: play blue-7 red-7",
    "take 0: flip all",
    "flip 2",
    "swipe left 1",
    "swipe right all",
    "block 3",
    "block between",
    "eclair 2 0 3",
    "quantum 1",
    "malus-1/+1 all",
    "resolve discard blue-3 red-4 remove 0 2 place up-left down-right",
    "resolve place down-left",
    "distribute blue-7>2:up:left rainbow-7>0:down:right",
    "refill",
    "reset",
]


@pytest.mark.parametrize("text", CANONICAL)
def test_canonical_text_parses_and_prints_back(text: str) -> None:
    assert str(parse_action(text)) == text


@pytest.mark.parametrize("text", CANONICAL)
def test_every_action_survives_its_json_form(text: str) -> None:
    action = parse_action(text)
    assert action_from_json(action_to_json(action)) == action


def test_a_pli_is_the_same_action_whatever_the_order_of_its_cards() -> None:
    assert parse_action("play rainbow-7 blue-7") == parse_action("PLAY Blue-7 rainbow-7")
    assert parse_action("play rainbow-7 blue-7").value == 7


def test_jokers_with_numbered_cards_take_their_value() -> None:
    play = parse_action("play joker red-11")
    assert isinstance(play, Play) and play.value == 11
    assert action_to_json(play) == {"type": "play", "cards": ["red-11", "joker"]}


def test_a_take_back_carries_the_move_it_makes() -> None:
    action = parse_action("take 1: play blue-2")
    assert action == TakeBack(1, Play((Face.parse("blue-2"),)))


def test_resolve_sorts_its_choices() -> None:
    action = parse_action("resolve remove 3 1 discard red-4 blue-3 place up-right")
    assert action == Resolve(
        (Face.parse("blue-3"), Face.parse("red-4")), (1, 3), ((True, Side.RIGHT),)
    )


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action"),
        ("jump", "unknown action"),
        ("play", "at least one card"),
        ("play blue-3 as x", "not a pli value"),
        ("flip", "takes one argument"),
        ("flip me", "a seat or “all”"),
        ("swipe up 2", "not left or right"),
        ("block everyone", "“between”"),
        ("malus 2", "say which malus"),
        ("play shadow-3 + pass", "not an Action card"),
        ("take 1: pass", "a pli, an Action card or a completion"),
        ("distribute blue-7>2", "card>seat:up|down:left|right"),
        ("resolve blue-3", "resolve takes"),
        ("resolve place sideways", "up-left"),
        ("pass now", "takes nothing more"),
    ],
)
def test_bad_notation_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        {},
        {"type": "fly"},
        {"type": "play"},
        {"type": "play", "cards": ["blue-99"]},
        {"type": "play", "cards": ["joker"], "as": "nine"},
        {"type": "flip", "target": True},
        {"type": "eclair", "target": "1", "mine": 0, "theirs": 0},
        {"type": "malus", "card": "flip", "target": 1},
        {"type": "take", "index": 0, "play": {"type": "pass"}},
        {"type": "play", "cards": ["shadow-2"], "bonus": {"type": "draw"}},
        {"type": "distribute", "placements": [{"card": "blue-1", "seat": 0}]},
    ],
)
def test_bad_json_is_refused_as_notation(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)
