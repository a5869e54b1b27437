"""The greedy bot's judgement: every legal placement of a card, grouped by its value, best
first, found fast.

A placement's value is compared as a tuple: its points (digit × level); its level (a tile
high up makes the next level reachable sooner); the edges it shares with tiles of its own
level (a compact level offers more places that cover two tiles); last, how little it widens
the stack's base (minus the area of the box around the level-0 squares and the tile: a
sprawling base spreads the next levels thin).

The search bot plays whole games out with the greedy bot, so its speed decides how many
play-outs a move gets. Three things make it fast, and none changes a value or the order of
equal placements (the order of :func:`~games.engine.nmbr9.legal.placements`, on which a
seeded bot's tie-break depends; ``tests/engine/nmbr9/test_greedy.py`` compares the two):

- a placement at a higher level is worth more than any lower one (its points are at least
  as many and its level higher), so levels are judged from the top down, and a lower level
  only when the ones above offer too few placements;
- a square is one number (``x * 1024 + y``), so that shifting a tile is one addition;
- on the table (level 0), where most placements lie, the edges each position would share
  with the base and the positions overlapping it are found for all positions at once, one
  square of the tile's shape at a time, with ``map`` and set operations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from functools import cache
from itertools import chain, compress, filterfalse, repeat
from operator import add

from games.engine.nmbr9.stack import NEIGHBOURS, Stack, Tile
from games.engine.nmbr9.tiles import TURNS, footprint

#: A square ``x, y`` is the number ``x * _WIDTH + y``: one per square while
#: ``|y| < _WIDTH / 2`` (a stack of 20 tiles spans under 80 squares), ordered as the pairs.
_WIDTH = 1 << 10
_STEPS = tuple(dx * _WIDTH + dy for dx, dy in NEIGHBOURS)
#: The least x and y, the greatest x and y, of the squares at level 0.
Box = tuple[int, int, int, int]


def _shifted(squares: Iterable[int], offset: int) -> Iterator[int]:
    """``squares`` moved by ``offset`` (lazily, at C speed)."""
    return map(add, squares, repeat(offset))


def _xy(square: int) -> tuple[int, int]:
    x = (square + _WIDTH // 2) // _WIDTH
    return x, square - x * _WIDTH


@cache
def _shape(digit: int, turn: int) -> tuple[tuple[int, ...], int, int]:
    """The tile's squares as numbers (in :func:`footprint`'s order) and the right and
    bottom edges of its box."""
    cells = footprint(digit, turn)
    return (
        tuple(x * _WIDTH + y for x, y in cells),
        max(x for x, _ in cells),
        max(y for _, y in cells),
    )


class _Squares:
    """A stack's squares as numbers: the squares of each level, per level the squares
    whose top it is (with the index of the tile there), and the box around level 0."""

    def __init__(self, stack: Stack) -> None:
        self.levels: list[set[int]] = []
        self.tops: list[dict[int, int]] = []
        low_x, low_y, high_x, high_y = [], [], [], []
        for index, tile in enumerate(stack.tiles):
            offsets, right, bottom = _shape(tile.digit, tile.turn)
            if len(self.levels) == tile.level:
                self.levels.append(set())
                self.tops.append({})
            corner = tile.x * _WIDTH + tile.y
            squares = [corner + offset for offset in offsets]
            self.levels[tile.level].update(squares)
            self.tops[tile.level].update(zip(squares, repeat(index)))
            if tile.level:
                # A tile lies on squares whose top was the level below.
                below = self.tops[tile.level - 1]
                for square in squares:
                    del below[square]
            else:
                low_x.append(tile.x)
                low_y.append(tile.y)
                high_x.append(tile.x + right)
                high_y.append(tile.y + bottom)
        self.box: Box = (min(low_x), min(low_y), max(high_x), max(high_y))


def by_value(stack: Stack, digit: int) -> Iterator[list[Tile]]:
    """Every tile ``digit`` may become on ``stack`` (those
    :func:`~games.engine.nmbr9.legal.placements` lists), in groups of equal value, the best
    group first, each group in ``placements``' order. Lazy: the greedy bot reads one group,
    the search's short list a few.

    >>> from games.engine.nmbr9.positions import build
    >>> groups = by_value(build("place 9 at 0,0", "place 9 at 3,0"), 6)
    >>> [(tile.x, tile.y, tile.turn, tile.level) for tile in next(groups)]
    [(0, 0, 90, 1), (0, 1, 90, 1), (2, 0, 180, 1)]
    >>> [(tile.x, tile.y, tile.turn, tile.level) for tile in next(groups)]
    [(-3, 0, 180, 0)]
    """
    if not stack.tiles:
        # The first tile goes at 0,0, any turn; nothing to touch, the same box area.
        first = [(Tile(digit, 0, 0, turn, 0), 0) for turn in TURNS]
        yield from _grouped(first, (0, 0, 0, 0))
        return
    squares = _Squares(stack)
    for level in range(stack.height, 0, -1):
        yield from _grouped(_on_level(squares, digit, level), squares.box)
    yield from _on_the_table(squares, digit)


def _grouped(found: list[tuple[Tile, int]], box: Box) -> Iterator[list[Tile]]:
    """Placements of one level, each with the edges it shares with that level, in
    ``placements``' order, grouped by equal value, best first. Their points and level are
    the same: the most edges shared, then the least area, rank them."""
    keyed = sorted(
        (-contact, _area(box, tile), order) for order, (tile, contact) in enumerate(found)
    )
    group: list[Tile] = []
    rank: tuple[int, int] | None = None
    for contact, area, order in keyed:
        if group and rank != (contact, area):
            yield group
            group = []
        rank = contact, area
        group.append(found[order][0])
    if group:
        yield group


def _area(box: Box, tile: Tile) -> int:
    """The area of ``box`` stretched over ``tile``'s box."""
    _, right, bottom = _shape(tile.digit, tile.turn)
    low_x, low_y, high_x, high_y = box
    return (max(high_x, tile.x + right) - min(low_x, tile.x) + 1) * (
        max(high_y, tile.y + bottom) - min(low_y, tile.y) + 1
    )


def _on_level(squares: _Squares, digit: int, level: int) -> list[tuple[Tile, int]]:
    """The tiles ``digit`` may become at ``level`` (above 0), with the edges each shares
    with that level, in ``placements``' order."""
    below = squares.tops[level - 1]
    if len(set(below.values())) < 2:
        return []  # a tile must lie on two
    lying: list[tuple[int, tuple[int, ...], list[int]]] = []
    for turn in TURNS:
        offsets, _, _ = _shape(digit, turn)
        # The corners putting every square of the tile on level - 1 (the hottest loop:
        # maps inline, no call to _shifted).
        corners = list(map(add, below, repeat(-offsets[0])))
        for offset in offsets[1:]:
            on = filter(below.__contains__, map(add, corners, repeat(offset)))
            corners = list(map(add, on, repeat(-offset)))
        lying.append((turn, offsets, sorted(corners)))
    if not any(corners for _, _, corners in lying):
        return []
    same = squares.levels[level] if level < len(squares.levels) else set()
    touching = Counter(chain(*(_shifted(same, step) for step in _STEPS)))
    found = []
    for turn, offsets, corners in lying:
        for corner in corners:
            covering = [corner + offset for offset in offsets]
            if len({below[square] for square in covering}) < 2:
                continue
            contact = sum(touching[square] for square in covering)
            if same and not contact:
                continue
            found.append((Tile(digit, *_xy(corner), turn, level), contact))
    return found


def _on_the_table(squares: _Squares, digit: int) -> Iterator[list[Tile]]:
    """The tiles ``digit`` may become at level 0, in groups of equal value, best first."""
    ground = squares.levels[0]
    # Each free square next to the base, once per edge it shares with it.
    edges = list(
        filterfalse(ground.__contains__, chain(*(_shifted(ground, step) for step in _STEPS)))
    )
    # Per turn, the edges each corner not overlapping the base would share with it: a
    # corner touching the base has a square of the tile on the border.
    shared: list[dict[int, int]] = []
    for turn in TURNS:
        offsets, _, _ = _shape(digit, turn)
        contacts = Counter(chain(*(_shifted(edges, -offset) for offset in offsets)))
        free = contacts.keys() - set(chain(*(_shifted(ground, -offset) for offset in offsets)))
        shared.append(dict(zip(free, map(contacts.__getitem__, free), strict=True)))
    for contact in sorted(set().union(*(contacts.values() for contacts in shared)), reverse=True):
        found = [
            (Tile(digit, *_xy(corner), turn, 0), contact)
            for turn, contacts in zip(TURNS, shared, strict=True)
            for corner in sorted(compress(contacts, map(contact.__eq__, contacts.values())))
        ]
        yield from _grouped(found, squares.box)
