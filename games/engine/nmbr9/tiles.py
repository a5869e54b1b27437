"""The ten tile shapes, drawn on the square grid, and their four orientations.

Each digit is a polyomino inside a box 3 squares wide and 4 tall, its strokes made of unit
squares, as the published tiles draw them (the rule book's pictures are lost; see
``docs/rules-nmbr9.md``). ``#`` is a square of the tile, ``.`` none.

Coordinates: ``x`` grows to the right (east) and ``y`` downwards (south), as rows of text
and screens do, so that drawings in code, docs and tests read the same way. A tile is
turned clockwise (as seen from above, number side up) by 0, 90, 180 or 270 degrees; tiles
are never flipped, since the number side stays up.
"""

from __future__ import annotations

from functools import cache

Cell = tuple[int, int]

#: The published shapes, top row first.
DRAWINGS: dict[int, tuple[str, ...]] = {
    0: ("###", "#.#", "#.#", "###"),
    1: ("##", ".#", ".#", ".#"),
    2: (".##", ".##", "##.", "###"),
    3: ("###", "..#", ".##", "###"),
    4: (".##", ".#.", "###", ".##"),
    5: ("###", "###", "..#", "###"),
    6: ("##.", "#..", "###", "###"),
    7: ("###", ".#.", "##.", "#.."),
    8: (".##", ".##", "##.", "##."),
    9: ("###", "###", "##.", "##."),
}

DIGITS = range(10)
#: Clockwise quarter turns, in degrees.
TURNS = (0, 90, 180, 270)
BOX_WIDTH, BOX_HEIGHT = 3, 4


def _cells(drawing: tuple[str, ...]) -> tuple[Cell, ...]:
    return tuple(
        (x, y) for y, row in enumerate(drawing) for x, mark in enumerate(row) if mark == "#"
    )


@cache
def footprint(digit: int, turn: int = 0) -> tuple[Cell, ...]:
    """The squares of ``digit``'s tile turned clockwise by ``turn`` degrees, relative to
    the top-left corner of the turned tile's bounding box (so its least x and least y are
    0), sorted row by row.

    >>> footprint(1)
    ((0, 0), (1, 0), (1, 1), (1, 2), (1, 3))
    >>> footprint(1, 90)
    ((3, 0), (0, 1), (1, 1), (2, 1), (3, 1))
    """
    if turn not in TURNS:
        raise ValueError(f"a tile turns by 0, 90, 180 or 270 degrees, not {turn}")
    cells = _cells(DRAWINGS[digit])
    for _ in range(turn // 90):
        # A quarter turn clockwise with y pointing down: right goes to down, down to left.
        cells = tuple((-y, x) for x, y in cells)
    least_x = min(x for x, _ in cells)
    least_y = min(y for _, y in cells)
    return tuple(sorted(((x - least_x, y - least_y) for x, y in cells), key=lambda c: (c[1], c[0])))


def size(digit: int) -> int:
    """How many squares ``digit``'s tile covers.

    >>> [size(digit) for digit in DIGITS]
    [10, 5, 9, 9, 8, 10, 9, 7, 8, 10]
    """
    return len(footprint(digit))


def draw(cells: tuple[Cell, ...] | frozenset[Cell], mark: str = "#") -> tuple[str, ...]:
    """Cells drawn as rows of text over their bounding box (``.`` for a gap).

    >>> draw(footprint(7, 180))
    ('..#', '.##', '.#.', '###')
    """
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    present = set(cells)
    return tuple(
        "".join(mark if (x, y) in present else "." for x in range(min(xs), max(xs) + 1))
        for y in range(min(ys), max(ys) + 1)
    )
