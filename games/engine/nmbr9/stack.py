"""A player's stack: the tiles placed, their levels, and the placement rules.

A tile's level is not chosen: it is where the tile lands. Put down at a footprint, it rests
on whatever is highest there: on the table (level 0) if every square of the footprint is
free, on tiles of level ``h`` (so at level ``h + 1``) if every square is the top of a tile
of level ``h``. Anything else (part on the table and part on a tile, or on tiles of two
levels) leaves a square over a gap or a step, which :func:`settle` refuses.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.engine.nmbr9.errors import IllegalAction
from games.engine.nmbr9.tiles import TURNS, Cell, footprint

#: Where the first tile of a stack lies (the top-left corner of its turned box).
ORIGIN: Cell = (0, 0)
NEIGHBOURS: tuple[Cell, ...] = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass(frozen=True, slots=True)
class Tile:
    """A tile in a stack: its digit, the top-left corner ``x, y`` of its turned box, its
    clockwise ``turn`` in degrees, and the level it lies at."""

    digit: int
    x: int
    y: int
    turn: int
    level: int

    @property
    def cells(self) -> tuple[Cell, ...]:
        """The grid squares the tile covers."""
        return tuple((self.x + dx, self.y + dy) for dx, dy in footprint(self.digit, self.turn))

    @property
    def points(self) -> int:
        """Its digit times its level (level 0 scores nothing).

        >>> Tile(8, 0, 0, 0, 2).points
        16
        """
        return self.digit * self.level


@dataclass(frozen=True, slots=True)
class Stack:
    """The tiles a player placed, bottom to top in the order placed. Equality compares the
    tiles; the maps below are derived from them, for quick placement checks."""

    tiles: tuple[Tile, ...] = ()
    #: Each covered square's top: (its level, the index of the tile there).
    top: dict[Cell, tuple[int, int]] = field(default_factory=dict, compare=False, repr=False)
    #: The squares covered by tiles of each level (level 0 first).
    levels: tuple[frozenset[Cell], ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.top:  # given by :meth:`add`, built on the maps of the stack below
            return
        top: dict[Cell, tuple[int, int]] = {}
        levels: list[set[Cell]] = []
        for index, tile in enumerate(self.tiles):
            while len(levels) <= tile.level:
                levels.append(set())
            for cell in tile.cells:
                top[cell] = (tile.level, index)
                levels[tile.level].add(cell)
        # Frozen: the derived maps are set once, here, and never change after.
        object.__setattr__(self, "top", top)
        object.__setattr__(self, "levels", tuple(frozenset(cells) for cells in levels))

    def __hash__(self) -> int:
        return hash(self.tiles)

    def add(self, tile: Tile) -> Stack:
        """The stack with ``tile`` placed on it (unchecked: see :func:`settle`).

        Its maps are this stack's with the tile's squares added, not rebuilt from every
        tile: a replay adds each tile of a game in turn.

        >>> stack = Stack().add(Tile(0, 0, 0, 0, 0)).add(Tile(1, 3, 0, 0, 0))
        >>> stack.add(Tile(8, 1, 0, 0, 1)) == Stack((*stack.tiles, Tile(8, 1, 0, 0, 1)))
        True
        >>> added = stack.add(Tile(8, 1, 0, 0, 1))
        >>> rebuilt = Stack(added.tiles)
        >>> (added.top, added.levels) == (rebuilt.top, rebuilt.levels)
        True
        """
        cells = tile.cells
        top = dict(self.top)
        for cell in cells:
            top[cell] = (tile.level, len(self.tiles))
        levels = list(self.levels)
        while len(levels) <= tile.level:
            levels.append(frozenset())
        levels[tile.level] = levels[tile.level].union(cells)
        return Stack((*self.tiles, tile), top, tuple(levels))

    @property
    def height(self) -> int:
        """How many levels the stack has (0 when empty)."""
        return len(self.levels)

    def at_level(self, level: int) -> frozenset[Cell]:
        """The squares covered by tiles of ``level`` (none above the top level)."""
        return self.levels[level] if level < len(self.levels) else frozenset()


def settle(stack: Stack, digit: int, x: int, y: int, turn: int) -> Tile:
    """The tile ``digit`` put down with its turned box's top-left corner at ``x, y``, at the
    level it lands on, or :class:`IllegalAction` naming the placement rule it breaks.

    >>> first = Stack().add(settle(Stack(), 0, 0, 0, 0))
    >>> settle(first, 1, 3, 0, 0).level
    0
    >>> settle(first, 1, 5, 0, 0)
    Traceback (most recent call last):
    ...
    games.engine.nmbr9.errors.IllegalAction: no tile of level 0 shares an edge with it (rule ...)
    """
    if turn not in TURNS:
        raise IllegalAction(
            "nmbr9.orientation", "a tile cannot be turned by %(turn)s degrees", turn=turn
        )
    if not stack.tiles:
        if (x, y) != ORIGIN:
            raise IllegalAction(
                "nmbr9.origin", "the first tile goes at 0,0, not %(x)s,%(y)s", x=x, y=y
            )
        return Tile(digit, x, y, turn, 0)
    cells = [(x + dx, y + dy) for dx, dy in footprint(digit, turn)]
    tops = [stack.top.get(cell) for cell in cells]
    if all(top is None for top in tops):
        level = 0
    else:
        under = {top[0] if top is not None else -1 for top in tops}
        if len(under) != 1:
            raise IllegalAction("nmbr9.support", "part of the tile would lie over a gap or a step")
        level = under.pop() + 1
        covered = {top[1] for top in tops if top is not None}
        if len(covered) < 2:
            raise IllegalAction(
                "nmbr9.two-tiles", "it would cover one tile of level %(level)s", level=level - 1
            )
    same = stack.at_level(level)
    if same and not any((cx + dx, cy + dy) in same for cx, cy in cells for dx, dy in NEIGHBOURS):
        raise IllegalAction(
            "nmbr9.touch", "no tile of level %(level)s shares an edge with it", level=level
        )
    return Tile(digit, x, y, turn, level)
