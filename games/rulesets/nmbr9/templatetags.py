"""Template helpers (``{% load nmbr9 %}``): stacks drawn on their grid, a tile's shape.

A stack is drawn from above as a CSS grid of squares, each showing the digit of the tile on
top there and that tile's level (a shade per level); a thick line runs where two tiles meet,
so each tile's outline shows. Rows and columns carry their coordinates, as the placement
form asks for them. Written in one go, like the other games' tags: a table is drawn on every
look, and a stack has up to a few hundred squares.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engine.nmbr9 import footprint
from games.rulesets.nmbr9.descriptions import coordinate, square

register = template.Library()

Cell = tuple[int, int]
#: Squares drawn around a stack beyond its tiles: room to see where a tile may go.
MARGIN = 1
#: Levels with a shade of their own; higher ones share the last.
SHADES = 6
_SIDES = (("t", (0, -1)), ("r", (1, 0)), ("b", (0, 1)), ("l", (-1, 0)))


def tops(tiles: Sequence[Mapping[str, Any]]) -> dict[Cell, tuple[int, int, int]]:
    """Each covered square's top tile: (its level, its index in ``tiles``, its digit).

    >>> tops([{"digit": 1, "x": 0, "y": 0, "turn": 0, "level": 0}])[(1, 3)]
    (0, 0, 1)
    """
    found: dict[Cell, tuple[int, int, int]] = {}
    for index, tile in enumerate(tiles):
        digit, level = int(tile["digit"]), int(tile["level"])
        for dx, dy in footprint(digit, int(tile["turn"])):
            found[(int(tile["x"]) + dx, int(tile["y"]) + dy)] = (level, index, digit)
    return found


def _square(cell: Cell, found: dict[Cell, tuple[int, int, int]], last: int | None) -> str:
    top = found.get(cell)
    if top is None:
        return '<span class="sq"></span>'
    level, index, digit = top
    x, y = cell
    edges = "".join(
        f" e{side}"
        for side, (dx, dy) in _SIDES
        if (found.get((x + dx, y + dy)) or (0, -1, 0))[1] != index
    )
    words = _("%(digit)d on level %(level)d at %(square)s") % {
        "digit": digit,
        "level": level,
        "square": square(x, y),
    }
    return (
        f'<span class="sq lv{min(level, SHADES - 1)}{edges}{" last" if index == last else ""}" '
        f'title="{escape(words)}">{digit}<sub>{level}</sub></span>'
    )


@register.simple_tag
def stack_grid(tiles: Sequence[Mapping[str, Any]], highlight_last: bool = False) -> SafeString:
    """``tiles`` (a view's stack) drawn on their grid with the coordinates of each row and
    column; ``highlight_last`` outlines the tile placed last."""
    if not tiles:
        return format_html('<p class="empty-stack">{}</p>', _("No tile yet."))
    found = tops(tiles)
    xs = [x for x, _y in found]
    ys = [y for _x, y in found]
    columns = range(min(xs) - MARGIN, max(xs) + MARGIN + 1)
    rows = range(min(ys) - MARGIN, max(ys) + MARGIN + 1)
    last = len(tiles) - 1 if highlight_last else None
    html = ['<span class="axis corner">y\\x</span>']
    html += [f'<span class="axis">{coordinate(x)}</span>' for x in columns]
    for y in rows:
        html.append(f'<span class="axis">{coordinate(y)}</span>')
        html += [_square((x, y), found, last) for x in columns]
    height = max(int(tile["level"]) for tile in tiles)
    label = _("A stack of %(tiles)d tiles, %(levels)d levels high, seen from above") % {
        "tiles": len(tiles),
        "levels": height + 1,
    }
    return format_html(
        '<div class="n9-scroll"><div class="n9-grid" role="img" aria-label="{}" '
        'style="grid-template-columns: repeat({}, var(--n9-square))">{}</div></div>',
        label,
        len(columns) + 1,
        mark_safe("".join(html)),  # numbers and escaped words
    )


@register.simple_tag
def tile_shape(digit: int, turn: int = 0) -> SafeString:
    """The tile ``digit`` turned clockwise by ``turn`` degrees, drawn small."""
    cells = set(footprint(digit, turn))
    width = max(x for x, _y in cells) + 1
    height = max(y for _x, y in cells) + 1
    squares = "".join(
        '<span class="on"></span>' if (x, y) in cells else "<span></span>"
        for y in range(height)
        for x in range(width)
    )
    label = _("the %(digit)d turned %(turn)d°") % {"digit": digit, "turn": turn}
    return format_html(
        '<span class="n9-tile" role="img" aria-label="{}" '
        'style="grid-template-columns: repeat({}, 0.7rem)">{}</span>',
        label,
        width,
        mark_safe(squares),  # constants
    )
