"""The notation: a move as text for the API and email replies (a grid as rows of text on
one line), its JSON form, chance's deals and draws; both round-trip, and bad input is a
NotationError saying what to write."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from games.engine.numenko import (
    RULES,
    Deal,
    Draw,
    Mode,
    NotationError,
    Play,
    Tile,
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
    parse_grid,
)

from .conftest import random_games, walk


def test_a_grid_reads_as_the_issue_writes_it() -> None:
    """Rows separated by "/", spaces free, "." an empty square."""
    grid = parse_grid("2x4=8 / 7 . 9")
    assert grid.rows() == ("2x4=8", "7.9..")
    assert parse_grid("2x4=8\n7.9") == grid
    assert parse_grid(["2x4=8", "7 . 9"]) == grid


def test_moves_read_and_print_in_one_canonical_form() -> None:
    cases = {
        "pass": Play(),
        "exchange 9": Play(exchange=Tile.NINE),
        "Exchange m": Play(exchange=Tile.MULTICHOICE),
        "fini": Play(fini=True),
        "grid": Play(grid=parse_grid("")),
        "grid 2 x 4 = 8": Play(grid=parse_grid("2x4=8")),
        "grid 2x4=8 exchange 7": Play(parse_grid("2x4=8"), Tile.SEVEN),
        "FINI grid 2*4=8 / ..×.. / ..1=4": Play(parse_grid("2x4=8 / ..x.. / ..1=4"), fini=True),
        "échange F grille 2x4=8": Play(parse_grid("2x4=8"), Tile.FREECHOICE),
        "passe": Play(),
    }
    for text, move in cases.items():
        assert parse_action(text) == move, text
    assert str(cases["grid 2x4=8 exchange 7"]) == "exchange 7 grid 2x4=8"
    assert str(cases["FINI grid 2*4=8 / ..×.. / ..1=4"]) == "fini grid 2x4=8 / ..x.. / ..1=4"
    assert str(cases["grid"]) == "grid"


def test_signs_have_their_usual_spellings() -> None:
    """× as x, X, * or ×; ÷ as : or ÷; minus as - or the minus sign."""
    assert parse_grid("8÷2=4") == parse_grid("8:2=4")
    assert parse_grid("2X4=8") == parse_grid("2*4=8") == parse_grid("2×4=8")
    assert parse_grid("5\u22121=4") == parse_grid("5-1=4")


def test_chance_reads_and_prints_its_deal_and_draws() -> None:
    deal = parse_action("deal 0123456789MMMMMMMMMM / 99999999998888888888")
    assert isinstance(deal, Deal) and len(deal.hands) == 2 and deal.hands[1][0] is Tile.NINE
    assert parse_action(str(deal)) == deal
    draw = parse_action("draw 2:78 0:MM39 1:-")
    assert draw == Draw((2, 0, 1), ((Tile.SEVEN, Tile.EIGHT), tuple(map(Tile, "MM39")), ()))
    assert str(draw) == "draw 2:78 0:MM39 1:-"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "play 2x4=8",
        "exchange",
        "exchange 12",
        "exchange 7 fini",
        "pass grid 2x4=8",
        "fini 7",
        "grid 2x4=8 grid 1+1=2",
        "grid 2y4=8",
        "grid 2[x]4=8",
        "grid 7F",
        "draw 2",
        "deal 01Z",
    ],
)
def test_bad_text_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


def test_a_bad_square_says_what_to_write() -> None:
    with pytest.raises(NotationError, match=r"row 2: “y” is no square: write a digit"):
        parse_action("grid 2x4=8 / 1y1")


@pytest.mark.parametrize(
    "data",
    [
        {"type": "play", "grid": "2x4=8"},
        {"type": "play", "exchange": 7},
        {"type": "play", "fini": "yes"},
        {"type": "play", "exchange": "7", "fini": True},
        {"type": "play", "grid": ["2x4=8 / 1"]},
        {"type": "play", "colour": "red"},
        {"type": "deal", "hands": "0123"},
        {"type": "draw", "order": [0, 1], "tiles": ["78"]},
        {"type": "draw", "order": [True], "tiles": ["78"]},
        {"type": "shuffle"},
    ],
)
def test_bad_json_is_a_notation_error(data: dict[str, object]) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)


def test_a_move_in_json_may_leave_out_what_it_keeps() -> None:
    assert action_from_json({"type": "play"}) == Play()
    assert action_from_json({"type": "play", "exchange": "9"}) == Play(exchange=Tile.NINE)


def test_every_move_of_a_player_has_the_one_type_play() -> None:
    """The event store records an action's type in the clear: one type for every move
    tells nobody what a secret move asked."""
    assert {action_type(parse_action(text)) for text in ("pass", "fini", "exchange 3")} == {"play"}
    assert action_type(parse_action("draw 0:12")) == "draw"
    assert action_type(parse_action("deal 0 / 1")) == "deal"


@random_games(8)
@given(players=st.integers(2, 6), mode=st.sampled_from(list(Mode)), seed=st.integers(0, 2**32))
def test_every_action_of_random_games_round_trips(players: int, mode: Mode, seed: int) -> None:
    rng = random.Random(seed)
    for step in walk(players, mode, seed):
        if rng.random() < 0.3:
            action = step.action
            assert parse_action(str(action)) == action
            data = action_to_json(action)
            assert action_from_json(json.loads(json.dumps(data))) == action
            assert RULES.action_from_json(RULES.action_to_json(action)) == action
