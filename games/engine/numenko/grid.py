"""A player's grid: tiles on squares, each showing a digit or a sign, read as crossword runs.

Squares are ``row, col`` with rows growing downwards and columns to the right, as the rows
of text that write a grid. A grid is stored shifted so that its topmost row and leftmost
column are 0: only where tiles lie relative to each other matters (a player rearranges
at will), so two grids that look alike are equal.

What a tile shows (its *face*): a number tile its digit; a Multichoice a sign; a
Freechoice one digit or a sign. A sign tile where an across run crosses a down run may read
a different sign each way (the rule book's ``2 x/+ 4 = 8``, whose Multichoice is × across
and + down): ``down`` holds the sign read down when it differs from ``face``.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

from games.engine.numenko.tiles import Tile, bag

#: The signs, as the notation writes them: plus, minus, times, divided by, equals.
SIGNS = ("+", "-", "x", ":", "=")
#: The operations (every sign but ``=``).
OPERATIONS = SIGNS[:4]
DIGITS = frozenset("0123456789")


class Direction(enum.Enum):
    """Which way a run reads: across (left to right) or down (top to bottom)."""

    ACROSS = "across"
    DOWN = "down"


@dataclass(frozen=True, slots=True)
class Square:
    """A tile on the grid and what it shows.

    >>> Square(0, 1, Tile.MULTICHOICE, "x", "+").reads(Direction.DOWN)
    '+'
    >>> Square(0, 0, Tile.SEVEN, "3")
    Traceback (most recent call last):
    ...
    ValueError: a number tile 7 shows its digit, not 3
    """

    row: int
    col: int
    tile: Tile
    #: The digit or sign it shows (read across, and down unless ``down`` says otherwise).
    face: str
    #: The sign it shows down, where it differs from ``face`` (a sign tile at a crossing).
    down: str | None = None

    def __post_init__(self) -> None:
        if self.down == self.face:
            object.__setattr__(self, "down", None)
        digit = self.tile.digit
        if digit is not None:
            if self.face != str(digit) or self.down is not None:
                raise ValueError(f"a number tile {digit} shows its digit, not {self.face}")
        elif self.face in SIGNS:
            if self.down is not None and self.down not in SIGNS:
                raise ValueError(f"a sign tile reads a sign down too, not {self.down}")
        elif self.tile is Tile.MULTICHOICE or self.face not in DIGITS or self.down is not None:
            what = "a sign" if self.tile is Tile.MULTICHOICE else "one digit or a sign"
            raise ValueError(f"a {self.tile.name.title()} shows {what}, not {self.face}")

    @property
    def at(self) -> tuple[int, int]:
        return (self.row, self.col)

    @property
    def is_sign(self) -> bool:
        """Whether it shows a sign (a Multichoice, or a Freechoice used as one)."""
        return self.face in SIGNS

    def reads(self, direction: Direction) -> str:
        """The character it reads in a run going ``direction``."""
        if direction is Direction.DOWN and self.down is not None:
            return self.down
        return self.face

    def token(self) -> str:
        """How the notation writes it: the digit or sign, ``[x+]`` for a sign read
        differently down, ``F`` before a Freechoice's face.

        >>> Square(0, 0, Tile.FREECHOICE, "x", "+").token()
        'F[x+]'
        """
        shown = self.face if self.down is None else f"[{self.face}{self.down}]"
        return f"F{shown}" if self.tile is Tile.FREECHOICE else shown


@dataclass(frozen=True, slots=True)
class Run:
    """A maximal line of two or more tiles side by side, which must be a calculation."""

    direction: Direction
    squares: tuple[Square, ...]

    @property
    def text(self) -> str:
        """The characters it reads, in order (``92x4=8``)."""
        return "".join(square.reads(self.direction) for square in self.squares)

    @property
    def where(self) -> str:
        """Where it lies, for messages: rows and columns counted from 1.

        >>> grid = Grid((Square(0, 0, Tile.TWO, "2"), Square(0, 1, Tile.MULTICHOICE, "x")))
        >>> next(runs(grid)).where
        'across in row 1, columns 1-2'
        """
        first, last = self.squares[0], self.squares[-1]
        if self.direction is Direction.ACROSS:
            return f"across in row {first.row + 1}, columns {first.col + 1}-{last.col + 1}"
        return f"down in column {first.col + 1}, rows {first.row + 1}-{last.row + 1}"

    def __str__(self) -> str:
        """What it reads and where, as a refusal names it.

        >>> grid = Grid((Square(0, 0, Tile.TWO, "2"), Square(0, 1, Tile.MULTICHOICE, "x")))
        >>> str(next(runs(grid)))
        '2x (across in row 1, columns 1-2)'
        """
        return f"{self.text} ({self.where})"


@dataclass(frozen=True, slots=True)
class Grid:
    """The tiles a player has laid out, in reading order, shifted so that the top row and the
    left column are 0 (done here: any grid built is in that form).

    >>> grid = Grid((Square(5, 7, Tile.EIGHT, "8"), Square(5, 3, Tile.TWO, "2")))
    >>> [square.at for square in grid.squares]
    [(0, 0), (0, 4)]
    """

    squares: tuple[Square, ...] = ()

    def __post_init__(self) -> None:
        if not self.squares:
            return
        top = min(square.row for square in self.squares)
        left = min(square.col for square in self.squares)
        shifted = sorted(
            (
                square
                if (top, left) == (0, 0)
                else Square(
                    square.row - top, square.col - left, square.tile, square.face, square.down
                )
                for square in self.squares
            ),
            key=lambda square: square.at,
        )
        if len({square.at for square in shifted}) != len(shifted):
            raise ValueError("two tiles on one square")
        # Frozen: the normal form is set once, here.
        object.__setattr__(self, "squares", tuple(shifted))

    @property
    def tiles(self) -> tuple[Tile, ...]:
        """The tiles it holds, as a multiset."""
        return bag(square.tile for square in self.squares)

    @property
    def height(self) -> int:
        return 1 + max((square.row for square in self.squares), default=-1)

    @property
    def width(self) -> int:
        return 1 + max((square.col for square in self.squares), default=-1)

    def rows(self) -> tuple[str, ...]:
        """The grid as rows of text, ``.`` for an empty square (none for an empty grid).

        >>> Grid((Square(0, 1, Tile.SIX, "6"), Square(1, 0, Tile.TWO, "2"),
        ...       Square(1, 1, Tile.MULTICHOICE, "x", "+"))).rows()
        ('.6', '2[x+]')
        """
        at = {square.at: square for square in self.squares}
        return tuple(
            "".join(at[row, col].token() if (row, col) in at else "." for col in range(self.width))
            for row in range(self.height)
        )

    def __str__(self) -> str:
        return " / ".join(self.rows())


def runs(grid: Grid) -> Iterator[Run]:
    """Every maximal line of two or more tiles side by side: across runs row by row, then
    down runs column by column.

    >>> grid = Grid((Square(0, 0, Tile.ONE, "1"), Square(0, 1, Tile.ONE, "1"),
    ...              Square(1, 0, Tile.TWO, "2")))
    >>> [(run.direction.value, run.text) for run in runs(grid)]
    [('across', '11'), ('down', '12')]
    """
    across = sorted(grid.squares, key=lambda square: square.at)
    down = sorted(grid.squares, key=lambda square: (square.col, square.row))
    yield from _lines(across, Direction.ACROSS)
    yield from _lines(down, Direction.DOWN)


def _lines(ordered: list[Square], direction: Direction) -> Iterator[Run]:
    """The runs of squares sorted along ``direction`` (a gap or a new line ends a run)."""
    current: list[Square] = []
    for square in ordered:
        if current and not _follows(current[-1], square, direction):
            if len(current) > 1:
                yield Run(direction, tuple(current))
            current = []
        current.append(square)
    if len(current) > 1:
        yield Run(direction, tuple(current))


def _follows(previous: Square, square: Square, direction: Direction) -> bool:
    if direction is Direction.ACROSS:
        return square.row == previous.row and square.col == previous.col + 1
    return square.col == previous.col and square.row == previous.row + 1


def pieces(grid: Grid) -> int:
    """How many separate pieces the grid is made of (tiles joined side by side).

    >>> pieces(Grid((Square(0, 0, Tile.ONE, "1"), Square(0, 2, Tile.ONE, "1"))))
    2
    """
    left = {square.at for square in grid.squares}
    count = 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            row, col = stack.pop()
            for near in ((row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)):
                if near in left:
                    left.remove(near)
                    stack.append(near)
    return count
