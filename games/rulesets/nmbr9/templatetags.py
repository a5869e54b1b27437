"""Template helpers (``{% load nmbr9 %}``): stacks drawn on their grid, a tile's shape.

A stack is drawn from above as a CSS grid of squares, each showing the digit of the tile on
top there and that tile's level (a shade per level); a thick line runs where two tiles meet,
so each tile's outline shows. Rows and columns carry their coordinates, as the placement
form asks for them. Written in one go, like the other games' tags: a table is drawn on every
look, and a stack has up to a few hundred squares.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engine.nmbr9 import footprint
from games.rulesets.nmbr9.descriptions import coordinate, square
from games.rulesets.nmbr9.forms import REACH
from games.rulesets.nmbr9.preview import Preview

register = template.Library()

Cell = tuple[int, int]
#: Squares drawn around a stack beyond its tiles: room to see where a tile may go.
MARGIN = 1
#: Squares the placement grid reaches beyond a stack up and left: a tile's box is at most
#: 4 long, so a corner that far puts any tile beside the stack, turned lengthwise or not.
BEFORE = 4
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


def _square(
    cell: Cell,
    found: dict[Cell, tuple[int, int, int]],
    last: int | None,
    tag: str = "span",
    attrs: str = "",
    mark: str = "",
) -> str:
    top = found.get(cell)
    if top is None:
        return f'<{tag} class="sq{mark}"{attrs}></{tag}>'
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
    classes = f"sq lv{min(level, SHADES - 1)}{edges}{' last' if index == last else ''}{mark}"
    return (
        f'<{tag} class="{classes}" title="{escape(words)}"{attrs}>{digit}<sub>{level}</sub></{tag}>'
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
    html = _drawn(columns, rows, lambda cell: _square(cell, found, last))
    return format_html(
        '<div class="n9-scroll"><div class="n9-grid" role="img" aria-label="{}" '
        'style="grid-template-columns: repeat({}, var(--n9-square))">{}</div></div>',
        _stack_words(tiles),
        len(columns) + 1,
        html,
    )


def _drawn(columns: range, rows: range, draw: Callable[[Cell], str]) -> SafeString:
    """The squares of ``columns`` × ``rows``, each drawn by ``draw``, under a row of column
    numbers and after each row's number."""
    html = ['<span class="axis corner">y\\x</span>']
    html += [f'<span class="axis">{coordinate(x)}</span>' for x in columns]
    for y in rows:
        html.append(f'<span class="axis y-axis">{coordinate(y)}</span>')
        html += [draw((x, y)) for x in columns]
    return mark_safe("".join(html))  # numbers and escaped words


def _stack_words(tiles: Sequence[Mapping[str, Any]]) -> str:
    height = max((int(tile["level"]) for tile in tiles), default=-1)
    return _("A stack of %(tiles)d tiles, %(levels)d levels high, seen from above") % {
        "tiles": len(tiles),
        "levels": height + 1,
    }


@register.simple_tag
def pick_grid(pick: Preview, url: str) -> SafeString:
    """The seat's stack with the tile of ``pick`` drawn where it would land (at its level
    if legal, marked refused if not), each square a button asking ``url`` (the preview)
    for the tile with its box's top-left corner there. The grid reaches beyond the stack
    by a tile's length up and left (a corner that far puts the tile beside the stack) and
    one square down and right, and always shows the whole tile."""
    found = tops(pick.tiles)
    shape = pick.cells
    xs = [x for x, _y in found]
    ys = [y for _x, y in found]
    cx = [x for x, _y in shape]
    cy = [y for _x, y in shape]
    columns = range(
        max(-REACH, min([*(x - BEFORE for x in xs), *(x - 1 for x in cx)])),
        min(REACH, max(*xs, *cx) + 1) + 1,
    )
    rows = range(
        max(-REACH, min([*(y - BEFORE for y in ys), *(y - 1 for y in cy)])),
        min(REACH, max(*ys, *cy) + 1) + 1,
    )
    legal = pick.legal_corners((x, y) for x in columns for y in rows)
    html = _drawn(columns, rows, lambda cell: _pick_square(cell, found, pick, url, legal))
    return format_html(
        '<div class="n9-scroll"><div class="n9-grid n9-pick-grid" role="group" aria-label="{}" '
        'style="grid-template-columns: repeat({}, var(--n9-square))">{}</div></div>',
        _stack_words(pick.tiles),
        len(columns) + 1,
        html,
    )


def _pick_square(
    cell: Cell,
    found: dict[Cell, tuple[int, int, int]],
    pick: Preview,
    url: str,
    legal: frozenset[Cell],
) -> str:
    x, y = cell
    # A square the tile, turned as it is, may have its corner on is marked; the others
    # cannot be chosen (a screen reader says them unavailable; the turn buttons, the
    # fields and the nudges reach the other ways).
    corner = " corner-here" if cell == (pick.x, pick.y) else ""
    if cell in legal:
        corner += " legal"
    words = _("Top-left corner at %(square)s") % {"square": square(x, y)}
    attrs = (
        f' type="button" hx-get="{escape(url)}?{escape(pick.query(x, y, pick.turn))}"'
        f' aria-label="{escape(words)}"{"" if cell in legal else " disabled"}'
    )
    if cell not in pick.cells:
        return _square(cell, found, None, "button", attrs, corner)
    edges = "".join(f" e{side}" for side, (dx, dy) in _SIDES if (x + dx, y + dy) not in pick.cells)
    if pick.level is None:
        return f'<button class="sq pv refused{edges}{corner}"{attrs}>{pick.digit}</button>'
    level = pick.level
    return (
        f'<button class="sq pv lv{min(level, SHADES - 1)}{edges}{corner}"{attrs}>'
        f"{pick.digit}<sub>{level}</sub></button>"
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
