"""The level-1 bot's grid builder: lay as many points of a hand as it can in true calculations.

A greedy crossword builder over the calculations of :mod:`games.engine.numenko.catalogue`.
From a grid, it lays one new calculation at a time across or down through a tile already
there (its *anchor*: a digit it shares, or a sign tile, which may read another sign the new
way, as the rule book's ``2 x/+ 4 = 8`` does), on squares that touch nothing else: no new
run is made by accident, so the grid stays true by construction. Each time it lays the
calculation that takes the most points from the hand (a Freechoice counts 10: laying it is
worth most), ties drawn with the ``rng``, until none fits.

:func:`solve` tries this from the seat's grid as it stands (its Freechoices used as digits
first swapped for number tiles of the hand, so that they are free for any calculation,
then put back if still unused), and, while the seat owns few tiles, from an empty grid with
every tile of the seat a few times over (each opening with a different calculation), and
keeps what leaves the fewest points in hand. The work is fixed (no clock): the same
position and ``rng`` give the same grid on any machine.

What keeps it fast (``bench/numenko_solver.py``): the catalogue's families are compared
with the hand once a build, and the calculations of those it might lay are filed by
:data:`~games.engine.numenko.catalogue.Place` (the character at an index and the room
needed on either side of it); a place through an anchor with so much room then reads only
the heads of the matching files. Tiles only leave the hand during a build, so a
calculation the hand can no longer lay never comes back: each file's head moves forward
only.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from games.engine.numenko.catalogue import (
    GUARD,
    KIND_OF,
    SIGN,
    UNIT,
    Place,
    catalogue,
    counts,
    needs,
    pack,
    place,
    short_points,
    shortfall,
)
from games.engine.numenko.grid import Direction, Grid, Square
from games.engine.numenko.tiles import DIGIT_TILES, Tile, bag, points, without

#: From-scratch builds besides the one from the grid as it stands.
RESTARTS = 3
#: The most tiles a seat may own for the solver to try grids built anew: a larger grid
#: laid again is slow (0.2 s a build for a hundred tiles) and hardly ever better than the
#: grid grown (``bench/README.md``).
SCRATCH = 32
#: Openings the from-scratch builds after the first draw among (the best by points).
OPENINGS = 20
#: The longest calculation of the catalogue is 10 characters: at most 9 on a side.
LIMIT = 9
#: The shortest is 5 (``1+1=2``).
SHORTEST = 5

Cell = tuple[int, int]
_STEPS = {Direction.ACROSS: (0, 1), Direction.DOWN: (1, 0)}


def _point(kind: int) -> int:
    return 1 if kind == SIGN else kind


@dataclass
class _File:
    """The calculations a hand might lay at one :data:`Place`, one of each family, the
    heaviest first, with how many tiles of the place's kind each family needs."""

    families: list[int] = field(default_factory=list)
    texts: list[int] = field(default_factory=list)
    anchors: list[int] = field(default_factory=list)


@dataclass
class _Pool:
    """What a hand might lay in one build: the families it lays with one anchor's character
    given besides, filed by :data:`Place`, and those it lays on its own (to open an empty
    grid), heaviest first."""

    files: dict[Place, _File]
    openings: list[int]

    @staticmethod
    def of(have: Sequence[int], free: int) -> _Pool:
        found = catalogue()
        guarded = pack(have) + GUARD
        files: dict[Place, _File] = {}
        openings: list[int] = []
        for number, family in enumerate(found.families):
            lacking = shortfall(guarded, family.need)
            if lacking > free + 1:
                continue
            if lacking <= free and len(openings) < OPENINGS * 4:
                openings.append(number)
            counts = family.counts
            places, texts = found.places[number]
            for key, text in zip(places, texts, strict=True):
                file = files.get(key)
                if file is None:
                    file = files[key] = _File()
                file.families.append(number)
                file.texts.append(text)
                file.anchors.append(counts[key // KIND_OF])
        return _Pool(files, openings)


@dataclass
class _Build:
    """A grid being built: its squares and what is left in hand (number tiles and
    Multichoices counted as :func:`~games.engine.numenko.catalogue.counts` does)."""

    cells: dict[Cell, Square]
    have: list[int]
    free: int
    guarded: int = 0
    #: Each file's first calculation the hand may still lay (see the module's docstring).
    heads: dict[Place, int] = field(default_factory=dict)
    #: How many tiles the hand lacks for each family, once asked (until the next lay).
    lacking: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self._changed()

    def _changed(self) -> None:
        self.guarded = pack(self.have) + GUARD
        self.lacking = {}

    def head(self, pool: _Pool, key: Place) -> tuple[int, int] | None:
        """The heaviest family of ``key``'s file the hand lays with the anchor, and the
        number of its calculation there."""
        file = pool.files.get(key)
        if file is None:
            return None
        families = catalogue().families
        have, free, lacking = self.have[key // KIND_OF], self.free, self.lacking
        index = self.heads.get(key, 0)
        count = len(file.families)
        while index < count:
            number = file.families[index]
            lack = lacking.get(number)
            if lack is None:
                lack = lacking[number] = shortfall(self.guarded, families[number].need)
            # The anchor gives one of its kind: one fewer lacking if that kind was short.
            if lack - (file.anchors[index] > have) <= free:
                break
            index += 1
        self.heads[key] = index
        return (file.families[index], file.texts[index]) if index < count else None

    def worth(self, number: int, anchor: int | None) -> int:
        """The points laying a calculation of family ``number`` takes from the hand
        (``anchor``: the kind of the anchor's character, which the hand does not give)."""
        family = catalogue().families[number]
        if anchor is None:
            return family.weight + short_points(self.guarded, family.need)
        need = family.need - UNIT[anchor]
        return family.weight - _point(anchor) + short_points(self.guarded, need)

    def lay(self, text: str, start: Cell, direction: Direction, skip: int) -> None:
        """Lay ``text`` from ``start`` going ``direction``; at index ``skip`` lies the anchor,
        which reads the character there the new way."""
        step_row, step_col = _STEPS[direction]
        for index, char in enumerate(text):
            cell = (start[0] + index * step_row, start[1] + index * step_col)
            if index == skip:
                anchor = self.cells[cell]
                if anchor.is_sign:
                    across = char if direction is Direction.ACROSS else anchor.face
                    down = char if direction is Direction.DOWN else anchor.reads(Direction.DOWN)
                    self.cells[cell] = Square(*cell, anchor.tile, across, down)
                continue
            kind = int(char) if char.isdigit() else SIGN
            if self.have[kind]:
                self.have[kind] -= 1
                tile = Tile.MULTICHOICE if kind == SIGN else DIGIT_TILES[kind]
            else:
                self.free -= 1
                tile = Tile.FREECHOICE
            self.cells[cell] = Square(*cell, tile, char)
        self._changed()

    def room(self, cell: Cell, direction: Direction, sign: int) -> int:
        """How many squares a run through ``cell`` may take beyond it, going ``direction``
        (``sign`` -1: backwards), touching no other tile and not running into one."""
        step_row, step_col = _STEPS[direction]
        step_row, step_col = step_row * sign, step_col * sign
        cells = self.cells
        row, col = cell
        length = 0
        while length < LIMIT:
            row, col = row + step_row, col + step_col
            if (
                (row, col) in cells
                or (row + step_col, col + step_row) in cells
                or (row - step_col, col - step_row) in cells
            ):
                break
            length += 1
        # The square just past the run stays empty, or the run would go on into a tile.
        if (cell[0] + (length + 1) * step_row, cell[1] + (length + 1) * step_col) in cells:
            length -= 1
        return length

    def grow(self, pool: _Pool, rng: random.Random) -> None:
        """Lay the calculation taking most points through an anchor, until none fits."""
        texts = catalogue().texts
        while True:
            best = 0
            choices: list[tuple[str, Cell, Direction, int]] = []
            for cell, square in self.cells.items():
                anchor = SIGN if square.is_sign else int(square.face)
                for direction in Direction:
                    step_row, step_col = _STEPS[direction]
                    if (cell[0] + step_row, cell[1] + step_col) in self.cells or (
                        cell[0] - step_row,
                        cell[1] - step_col,
                    ) in self.cells:
                        continue
                    before = self.room(cell, direction, -1)
                    after = self.room(cell, direction, 1)
                    for index in range(before + 1):
                        for rest in range(max(0, SHORTEST - 1 - index), after + 1):
                            found = self.head(pool, place(anchor, index, rest))
                            if found is None:
                                continue
                            number, text = found
                            worth = self.worth(number, anchor)
                            if worth < best:
                                continue
                            if worth > best:
                                best, choices = worth, []
                            start = (cell[0] - index * step_row, cell[1] - index * step_col)
                            choices.append((texts[text], start, direction, index))
            if not choices:
                return
            self.lay(*rng.choice(choices))


def _from_grid(grid: Grid, hand: tuple[Tile, ...], rng: random.Random) -> Grid:
    """The grid as it stands, grown with the hand."""
    if not grid.squares:
        return grid
    have, free = counts(hand)
    swapped = []
    cells = {square.at: square for square in grid.squares}
    for square in grid.squares:
        digit = None if square.is_sign else int(square.face)
        if square.tile is Tile.FREECHOICE and digit is not None and have[digit]:
            have[digit] -= 1
            free += 1
            cells[square.at] = Square(*square.at, DIGIT_TILES[digit], square.face)
            swapped.append(square)
    build = _Build(cells, have, free)
    build.grow(_Pool.of(have, free), rng)
    for square in swapped:
        digit = int(square.face)
        if build.free and build.have[digit]:
            # Still unused: the Freechoice goes back in its place (10 points in hand, the
            # digit fewer).
            build.have[digit] += 1
            build.free -= 1
            build.cells[square.at] = square
    return Grid(tuple(build.cells.values()))


def _from_scratch(tiles: tuple[Tile, ...], pool: _Pool, rng: random.Random, first: bool) -> Grid:
    """A grid built anew from every tile: opened with the calculation taking most points
    (``first``) or one drawn among the :data:`OPENINGS` best, then grown."""
    have, free = counts(tiles)
    build = _Build({}, have, free)
    ranked = sorted(pool.openings, key=lambda number: -build.worth(number, None))[:OPENINGS]
    if not ranked:
        return Grid()
    opening = catalogue().families[ranked[0] if first else rng.choice(ranked)]
    build.lay(
        opening.texts[0] if first else rng.choice(opening.texts), (0, 0), Direction.ACROSS, -1
    )
    build.grow(pool, rng)
    return Grid(tuple(build.cells.values()))


def laid_alone(text: str, tiles: Sequence[Tile]) -> Grid | None:
    """A grid of the one calculation ``text`` across, laid with ``tiles`` (number tiles
    and Multichoices first, Freechoices for what they lack), or ``None`` if they cannot.

    >>> from games.engine.numenko.tiles import tile_of
    >>> str(laid_alone("2x4=8", [tile_of(char) for char in "248MF"]))
    '2x4F=8'
    >>> laid_alone("2x4=8", [tile_of(char) for char in "248M"]) is None
    True
    """
    have, free = counts(tiles)
    build = _Build({}, have, free)
    if shortfall(build.guarded, needs(text)) > free:
        return None
    build.lay(text, (0, 0), Direction.ACROSS, -1)
    return Grid(tuple(build.cells.values()))


def solve(
    grid: Grid, hand: tuple[Tile, ...], rng: random.Random, restarts: int = RESTARTS
) -> tuple[Grid, tuple[Tile, ...]]:
    """The best grid found for a seat with ``grid`` and ``hand``, and the hand it leaves:
    the fewest points in hand, then the fewest tiles, then the grid grown from ``grid``.

    >>> from games.engine.numenko.notation import parse_grid
    >>> from games.engine.numenko.tiles import tile_of
    >>> hand = tuple(tile_of(char) for char in "792MM")
    >>> laid, left = solve(parse_grid("2x4=8"), hand, random.Random(1))
    >>> laid.rows(), left
    (('....9', '....x', '2x4=8', '....=', '....7', '....2'), ())
    """
    tiles = bag((*grid.tiles, *hand))
    found = [_from_grid(grid, hand, rng)]
    if len(tiles) <= SCRATCH:
        pool = _Pool.of(*counts(tiles))
        found.extend(_from_scratch(tiles, pool, rng, attempt == 0) for attempt in range(restarts))
    results = [(laid, without(tiles, laid.tiles)) for laid in found]
    return min(results, key=lambda result: (points(result[1]), len(result[1])))
