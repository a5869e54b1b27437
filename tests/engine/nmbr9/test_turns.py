"""A card's placements: chance shuffles once, every seat places the card face up, secretly
and at once; when all have, the next card turns up; after the 20th the game is over."""

import pytest

from games.engine.nmbr9 import (
    CHANCE,
    DECK,
    ConfigError,
    Nmbr9Config,
    Phase,
    Place,
    Shuffle,
    apply,
    new_game,
    to_act,
)
from games.engine.nmbr9.positions import arrange

from .conftest import act, on_the_table, refused

ORDER = (3, 8, 0, 1, 2, 4, 5, 6, 7, 9, 3, 8, 0, 1, 2, 4, 5, 6, 7, 9)


def test_chance_shuffles_first_and_the_first_card_turns_up() -> None:
    state = new_game(Nmbr9Config(2))
    assert to_act(state) == {CHANCE}
    assert refused(state, 0, "place 3 at 0,0") == "nmbr9.phase"
    state = apply(state, CHANCE, Shuffle(ORDER))
    assert state.phase is Phase.PLACE and state.card == 3 and to_act(state) == {0, 1}
    assert refused(state, CHANCE, Shuffle(ORDER)) == "nmbr9.phase"


def test_the_shuffle_is_one_order_of_the_20_cards() -> None:
    state = new_game(Nmbr9Config(1))
    assert refused(state, CHANCE, Shuffle((9,) * 20)) == "nmbr9.shuffle"
    assert refused(state, CHANCE, Shuffle(DECK[:-1])) == "nmbr9.shuffle"


def test_every_seat_places_the_card_then_the_next_turns_up() -> None:
    state = apply(new_game(Nmbr9Config(3)), CHANCE, Shuffle(ORDER))
    state = act(state, 1, "place 3 at 0,0")
    assert to_act(state) == {0, 2} and state.card == 3
    assert refused(state, 1, "place 3 at 3,0") == "nmbr9.once"
    state = act(state, 0, "place 3 at 0,0 turn 90")
    state = act(state, 2, "place 3 at 0,0 turn 180")
    assert to_act(state) == {0, 1, 2} and state.card == 8 and state.turned == 2


def test_you_place_the_digit_of_the_card_turned_up() -> None:
    state = arrange([["place 0 at 0,0"]], card=8)
    assert refused(state, 0, "place 9 at 3,0") == "nmbr9.wrong-digit"


def test_there_is_no_fifth_seat() -> None:
    state = arrange([["place 0 at 0,0"]], card=8)
    assert refused(state, 1, "place 8 at 3,0") == "nmbr9.seat"


def test_a_tile_turned_by_another_angle_is_refused() -> None:
    state = arrange([[]], card=8)
    assert refused(state, 0, Place(8, 0, 0, 45)) == "nmbr9.orientation"


def test_the_game_ends_once_every_seat_has_placed_the_20th_card() -> None:
    state = apply(new_game(Nmbr9Config(1)), CHANCE, Shuffle(ORDER))
    for number, digit in enumerate(ORDER, start=1):
        assert state.turned == number
        state = act(state, 0, on_the_table(state.stacks[0], digit))
    assert state.phase is Phase.GAME_OVER and not to_act(state)
    assert refused(state, 0, "place 9 at 90,0") == "nmbr9.game-over"


def test_a_bad_configuration_is_refused() -> None:
    from games.engine.nmbr9 import RULES

    for config in ({"players": 0}, {"players": 5}, {"players": "2"}, {"players": 2, "x": 1}, {}):
        with pytest.raises(ConfigError):
            RULES.new_game(config)
    assert RULES.new_game({"players": 1}).players == 1
