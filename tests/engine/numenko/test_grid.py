"""The grid rules: a crossword of true calculations in one piece, and what each tile shows."""

from __future__ import annotations

import pytest

from games.engine.numenko import Direction, Grid, NotationError, Square, Tile, parse_grid, runs

from .conftest import breaks, holds


def test_digits_side_by_side_make_one_number() -> None:
    """Decision: adjacent digits read as one number (the book's 92, 13, 72, 55, 20)."""
    assert holds("12+34=46")
    assert [run.text for run in runs(parse_grid("12+34=46"))] == ["12+34=46"]


def test_a_grid_is_one_piece() -> None:
    """Decision: *un format de grille*: two calculations apart are two grids, refused."""
    assert breaks("2x4=8 / ..... / 1+1=2") == (
        "numenko.connected",
        "the grid is in 2 separate pieces",
    )
    assert holds("2x4=8 / ..+.. / ..1.. / ..=.. / ..5")


def test_a_single_tile_is_no_calculation() -> None:
    assert breaks("7") == ("numenko.lone-tile", "a single tile makes no calculation")
    assert holds("")


def test_every_run_is_judged_rows_first_then_columns() -> None:
    rule, message = breaks("2x4=9 / ..+.. / ..1.. / ..=.. / ..6")
    assert rule == "numenko.equal"
    assert message.startswith("2x4=9 (across in row 1, columns 1-5)")
    rule, message = breaks("2x4=8 / ..+.. / ..1.. / ..=.. / ..6")
    assert message.startswith("4+1=6 (down in column 3, rows 1-5)")


def test_a_sign_at_a_crossing_reads_the_same_both_ways_unless_written_twice() -> None:
    """``x`` at a crossing reads × both ways; ``[x+]`` reads × across and + down."""
    assert breaks(".6 / 2x4=8 / .7 / .= / .1 / .3")[1].startswith("6x7=13 (down")
    assert holds(".6 / 2[x+]4=8 / .7 / .= / .1 / .3")


def test_a_freechoice_stands_for_one_digit_or_a_sign() -> None:
    """Decision: as a digit, a Freechoice is one digit 0-9, the same across and down; as
    a sign it is a Multichoice, and may read differently each way."""
    assert holds("2xF4=8 / ..F+ / ..1 / ..= / ..5")
    assert holds(".2 / 2F[x+]4=8 / .6 / .= / .8")
    grid = parse_grid("F2xF4=F8")
    assert [square.tile for square in grid.squares].count(Tile.FREECHOICE) == 3
    with pytest.raises(NotationError):
        parse_grid("F")
    with pytest.raises(ValueError, match="shows one digit or a sign"):
        Square(0, 0, Tile.FREECHOICE, "12")
    with pytest.raises(ValueError, match="reads a sign down too"):
        Square(0, 0, Tile.FREECHOICE, "x", "7")


def test_a_number_tile_shows_its_digit_and_a_multichoice_a_sign() -> None:
    with pytest.raises(ValueError, match="shows its digit"):
        Square(0, 0, Tile.SEVEN, "1")
    with pytest.raises(ValueError, match="shows a sign"):
        Square(0, 0, Tile.MULTICHOICE, "7")


def test_a_grid_is_kept_in_one_normal_form() -> None:
    """Only where tiles lie relative to each other matters: a grid written with empty rows
    and columns around it is the same grid."""
    assert parse_grid(". . . / . 2x4=8 / . . .") == parse_grid("2x4=8")
    square = parse_grid(".6 / 2[x+]4=8").squares[2]
    assert (square.row, square.col, square.reads(Direction.DOWN)) == (1, 1, "+")
    with pytest.raises(ValueError, match="two tiles on one square"):
        Grid((Square(0, 0, Tile.ONE, "1"), Square(0, 0, Tile.TWO, "2")))
