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
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from operator import attrgetter
from typing import NamedTuple

from games.engine.numenko.tiles import DIGIT_TILES, Tile, bag

#: The signs, as the notation writes them: plus, minus, times, divided by, equals.
SIGNS = ("+", "-", "x", ":", "=")
#: The operations (every sign but ``=``).
OPERATIONS = SIGNS[:4]
DIGITS = frozenset("0123456789")


#: The digit each number tile shows, as the notation writes it.
_DIGIT_OF = {tile: tile.value for tile in DIGIT_TILES}
_AT = attrgetter("row", "col")
_ROW = attrgetter("row")
_COL = attrgetter("col")
_TILE = attrgetter("tile")
_DOWN_ORDER = attrgetter("col", "row")
_FACE = attrgetter("face")


class Direction(enum.Enum):
    """Which way a run reads: across (left to right) or down (top to bottom)."""

    ACROSS = "across"
    DOWN = "down"


class _Placed(NamedTuple):
    """A square's fields: :class:`Square` checks them as it is built."""

    row: int
    col: int
    tile: Tile
    #: The digit or sign it shows (read across, and down unless ``down`` says otherwise).
    face: str
    #: The sign it shows down, where it differs from ``face`` (a sign tile at a crossing).
    down: str | None = None


class Square(_Placed):
    """A tile on the grid and what it shows.

    A named tuple, checked as it is built: a grid is many squares, built anew for every
    grid a move lays (and every grid the bots try), where a frozen dataclass cost four
    times as much to build.

    >>> Square(0, 1, Tile.MULTICHOICE, "x", "+").reads(Direction.DOWN)
    '+'
    >>> Square(0, 1, Tile.MULTICHOICE, "x", "x")
    Square(row=0, col=1, tile=<Tile.MULTICHOICE: 'M'>, face='x', down=None)
    >>> Square(0, 0, Tile.SEVEN, "3")
    Traceback (most recent call last):
    ...
    ValueError: a number tile 7 shows its digit, not 3
    """

    __slots__ = ()

    def __new__(cls, row: int, col: int, tile: Tile, face: str, down: str | None = None) -> Square:
        if down == face:
            down = None
        digit = _DIGIT_OF.get(tile)
        if digit is not None:
            if face != digit or down is not None:
                raise ValueError(f"a number tile {digit} shows its digit, not {face}")
        elif face in SIGNS:
            if down is not None and down not in SIGNS:
                raise ValueError(f"a sign tile reads a sign down too, not {down}")
        elif tile is Tile.MULTICHOICE or face not in DIGITS or down is not None:
            what = "a sign" if tile is Tile.MULTICHOICE else "one digit or a sign"
            raise ValueError(f"a {tile.name.title()} shows {what}, not {face}")
        # Built by tuple's own: the named tuple's ``__new__`` would be one more call.
        return tuple.__new__(cls, (row, col, tile, face, down))

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


class Run(NamedTuple):
    """A maximal line of two or more tiles side by side, which must be a calculation."""

    direction: Direction
    squares: tuple[Square, ...]

    @property
    def text(self) -> str:
        """The characters it reads, in order (``92x4=8``)."""
        if self.direction is Direction.ACROSS:
            return "".join(map(_FACE, self.squares))
        return "".join(
            square.face if square.down is None else square.down for square in self.squares
        )

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
    #: The tiles it holds, as a multiset: worked out once, as a grid is built (each move
    #: asks for them several times), and left out of comparisons and of its JSON form.
    tiles: tuple[Tile, ...] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.squares:
            object.__setattr__(self, "tiles", ())
            return
        top = min(map(_ROW, self.squares))
        left = min(map(_COL, self.squares))
        shifted = sorted(
            self.squares
            if top == left == 0
            else (
                Square(square.row - top, square.col - left, square.tile, square.face, square.down)
                for square in self.squares
            ),
            key=_AT,
        )
        if len(set(map(_AT, shifted))) != len(shifted):
            raise ValueError("two tiles on one square")
        # Frozen: the normal form is set once, here.
        object.__setattr__(self, "squares", tuple(shifted))
        object.__setattr__(self, "tiles", bag(map(_TILE, shifted)))

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
    # A grid's squares are in reading order already (its normal form).
    yield from _lines(grid.squares, Direction.ACROSS)
    yield from _lines(sorted(grid.squares, key=_DOWN_ORDER), Direction.DOWN)


def _lines(ordered: Sequence[Square], direction: Direction) -> Iterator[Run]:
    """The runs of squares sorted along ``direction`` (a gap or a new line ends a run)."""
    # Each square's line and place along it: (row, column) across, (column, row) down.
    place = _AT if direction is Direction.ACROSS else _DOWN_ORDER
    current: list[Square] = []
    line, last = -1, -1
    for square in ordered:
        square_line, at = place(square)
        if square_line != line or at != last + 1:
            if len(current) > 1:
                yield Run(direction, tuple(current))
            current = []
            line = square_line
        current.append(square)
        last = at
    if len(current) > 1:
        yield Run(direction, tuple(current))


def pieces(grid: Grid) -> int:
    """How many separate pieces the grid is made of (tiles joined side by side).

    >>> pieces(Grid((Square(0, 0, Tile.ONE, "1"), Square(0, 2, Tile.ONE, "1"))))
    2
    """
    # Each square as one number, row * stride + col: its neighbours are one and one stride
    # away, with no pair built per step. A stride wider than the grid keeps a row's last
    # square from touching the next row's first.
    stride = grid.width + 1
    left = {square.row * stride + square.col for square in grid.squares}
    count = 0
    while left:
        count += 1
        stack = [left.pop()]
        while stack:
            at = stack.pop()
            for near in (at + 1, at - 1, at + stride, at - stride):
                if near in left:
                    left.remove(near)
                    stack.append(near)
    return count
