"""The ten shapes: the published tiles, each a connected polyomino fitting a 3 × 4 box, in
four orientations and never mirrored."""

import re
from pathlib import Path

import pytest

from games.engine.nmbr9 import DRAWINGS, TURNS, footprint
from games.engine.nmbr9.cards import DECK, TILES_PER_DIGIT
from games.engine.nmbr9.tiles import BOX_HEIGHT, BOX_WIDTH, DIGITS, draw, size

DOCS = (Path(__file__).resolve().parents[3] / "docs" / "rules-nmbr9.md").read_text()


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    left = set(cells)
    todo = [cells[0]]
    left.discard(cells[0])
    while todo:
        x, y = todo.pop()
        for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if near in left:
                left.discard(near)
                todo.append(near)
    return not left


@pytest.mark.parametrize("digit", DIGITS)
def test_each_tile_is_one_connected_piece_fitting_a_3_by_4_box(digit: int) -> None:
    cells = footprint(digit)
    assert _connected(cells)
    assert max(x for x, _ in cells) < BOX_WIDTH and max(y for _, y in cells) < BOX_HEIGHT
    # Every digit but the 1 fills its box's width; every one fills its height.
    assert max(y for _, y in cells) == BOX_HEIGHT - 1
    assert max(x for x, _ in cells) == (1 if digit == 1 else BOX_WIDTH - 1)


def test_the_tiles_have_the_published_sizes() -> None:
    assert [size(digit) for digit in DIGITS] == [10, 5, 9, 9, 8, 10, 9, 7, 8, 10]


@pytest.mark.parametrize("digit", DIGITS)
def test_the_docs_draw_each_shape_as_the_engine_does(digit: int) -> None:
    """docs/rules-nmbr9.md draws each tile in a block headed by its digit."""
    block = re.search(rf"```\n{digit}:\n((?:[#.]+\n)+)```", DOCS)
    assert block is not None, f"no drawing of {digit} in the docs"
    assert tuple(block.group(1).split()) == DRAWINGS[digit] == draw(footprint(digit))


def _mirror(cells: tuple[tuple[int, int], ...]) -> frozenset[tuple[int, int]]:
    least = min(-x for x, _ in cells)
    return frozenset((-x - least, y) for x, y in cells)


@pytest.mark.parametrize("digit", DIGITS)
def test_a_turn_is_a_rotation_never_a_mirror_image(digit: int) -> None:
    """Number side up: the four turns of every tile but the 0 (mirror-symmetric) never give
    its mirror image. The 0 and the 8 look the same turned by 180 degrees."""
    turns = {frozenset(footprint(digit, turn)) for turn in TURNS}
    assert (_mirror(footprint(digit)) in turns) == (digit == 0)
    assert len(turns) == (2 if digit in (0, 8) else 4)


def test_a_quarter_turn_is_clockwise_with_y_pointing_down() -> None:
    """The 1's flag points left at turn 0; a quarter clockwise puts it on top, at the right."""
    assert draw(footprint(1, 0)) == ("##", ".#", ".#", ".#")
    assert draw(footprint(1, 90)) == ("...#", "####")
    assert draw(footprint(1, 180)) == ("#.", "#.", "#.", "##")
    assert draw(footprint(1, 270)) == ("####", "#...")


def test_the_box_holds_80_tiles_and_20_cards() -> None:
    assert TILES_PER_DIGIT * 10 == 80
    assert len(DECK) == 20 and all(DECK.count(digit) == 2 for digit in DIGITS)
