"""The text and JSON notation of actions, and their round trips."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.nmbr9 import (
    NotationError,
    Place,
    Shuffle,
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
)

places = st.builds(
    Place,
    st.integers(0, 9),
    st.integers(-99, 99),
    st.integers(-99, 99),
    st.sampled_from((0, 90, 180, 270)),
)


def test_a_placement_reads_as_the_issue_writes_it() -> None:
    assert parse_action("place 7 at 3,-2 turn 90") == Place(7, 3, -2, 90)
    assert parse_action("Place 7 AT 3 , -2 TURN 90") == Place(7, 3, -2, 90)
    assert parse_action("place 7 at +3,-2") == Place(7, 3, -2, 0)
    assert str(Place(7, 3, -2, 90)) == "place 7 at 3,-2 turn 90"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "put 7 at 3,2",
        "place 10 at 0,0",
        "place 7 at 3",
        "place 7 at 3,2 turn 45",
        "place 7 at 3,2 turn",
        "place 7 3,2",
        "shuffle 1 2 x",
    ],
)
def test_bad_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [
        {"type": "place", "digit": 7, "x": 0, "y": 0},
        {"type": "place", "digit": 7, "x": 0, "y": 0, "turn": 45},
        {"type": "place", "digit": 17, "x": 0, "y": 0, "turn": 0},
        {"type": "place", "digit": 7, "x": True, "y": 0, "turn": 0},
        {"type": "place", "digit": 7, "x": 0, "y": 0, "turn": 0, "level": 1},
        {"type": "shuffle", "order": "0011"},
        {"type": "deal"},
    ],
)
def test_bad_json_is_a_notation_error(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)


@given(places)
def test_placements_round_trip_in_text_and_json(place: Place) -> None:
    assert parse_action(str(place)) == place
    assert action_from_json(action_to_json(place)) == place
    assert action_type(place) == "place"


def test_the_shuffle_round_trips() -> None:
    shuffle = Shuffle((3, 8, 0, 1))
    assert parse_action(str(shuffle)) == shuffle
    assert action_from_json(action_to_json(shuffle)) == shuffle
    assert action_type(shuffle) == "shuffle"
