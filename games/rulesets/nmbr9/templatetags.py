"""Template helpers (``{% load nmbr9 %}``): stacks drawn on their grid, a tile's shape.

A stack is drawn from above as a CSS grid of squares, each showing the digit of the tile on
top there and that tile's level (a shade per level); a thick line runs where two tiles meet,
so each tile's outline shows. Rows and columns carry their coordinates, as the placement
form asks for them. Written in one go, like the other games' tags: a table is drawn on every
look, and a stack has up to a few hundred squares.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from games.engine.nmbr9 import footprint
from games.engine.nmbr9.positions import build
from games.engine.nmbr9.view import tile_json
from games.rulesets.nmbr9.descriptions import coordinate, square
from games.rulesets.nmbr9.forms import REACH
from games.rulesets.nmbr9.preview import Preview
from games.rulesets.nmbr9.stacks import Cell, tops

register = template.Library()

#: Squares drawn around a stack beyond its tiles: room to see where a tile may go.
MARGIN = 1
#: Levels with a shade of their own; higher ones share the last.
SHADES = 6
_SIDES = (("t", (0, -1)), ("r", (1, 0)), ("b", (0, 1)), ("l", (-1, 0)))


class _Squares:
    """What each square of a stack's grid needs, worked out once per grid: the top tile of
    every covered square (:func:`tops`) and the square's words, so that drawing a square is
    a look-up and a string, not a translation."""

    def __init__(self, tiles: Sequence[Mapping[str, Any]], last: int | None = None) -> None:
        self.found = tops(tiles)
        #: The tile to outline (its index in the stack), if any.
        self.last = last
        # Escaped once: a square's notation (digits, commas, minus signs) needs no escaping.
        self.words = escape(_("%(digit)d on level %(level)d at %(square)s"))

    def draw(self, cell: Cell, tag: str = "span", attrs: str = "", mark: str = "") -> str:
        """The square ``cell`` as a ``tag`` with ``attrs`` and the classes ``mark``."""
        top = self.found.get(cell)
        if top is None:
            return f'<{tag} class="sq{mark}"{attrs}></{tag}>'
        level, index, digit = top
        x, y = cell
        found = self.found
        edges = "".join(
            f" e{side}"
            for side, (dx, dy) in _SIDES
            if (found.get((x + dx, y + dy)) or (0, -1, 0))[1] != index
        )
        words = self.words % {"digit": digit, "level": level, "square": square(x, y)}
        last = " last" if index == self.last else ""
        classes = f"sq lv{min(level, SHADES - 1)}{edges}{last}{mark}"
        return f'<{tag} class="{classes}" title="{words}"{attrs}>{digit}<sub>{level}</sub></{tag}>'


@register.simple_tag
def stack_grid(tiles: Sequence[Mapping[str, Any]], highlight_last: bool = False) -> SafeString:
    """``tiles`` (a view's stack) drawn on their grid with the coordinates of each row and
    column; ``highlight_last`` outlines the tile placed last."""
    if not tiles:
        return format_html('<p class="empty-stack">{}</p>', _("No tile yet."))
    squares = _Squares(tiles, len(tiles) - 1 if highlight_last else None)
    xs = [x for x, _y in squares.found]
    ys = [y for _x, y in squares.found]
    columns = range(min(xs) - MARGIN, max(xs) + MARGIN + 1)
    rows = range(min(ys) - MARGIN, max(ys) + MARGIN + 1)
    drawn = _drawn(columns, rows, squares.draw)
    # Its squares shrink to fit its box (nmbr9/table.css, from the columns it says it has);
    # a stack too wide even then scrolls its box, which the keyboard scrolls too, once it
    # has the focus, and a shadow at an edge says more of it is hidden there (the
    # platform's scroll_hint.js).
    return format_html(
        '<div class="scroll-hint"><div class="n9-scroll" tabindex="0"><div class="n9-grid '
        'n9-stack" role="img" aria-label="{}" style="--n9-columns: {}; '
        'grid-template-columns: repeat({}, var(--n9-square))">{}</div></div></div>',
        _stack_words(tiles),
        len(columns) + 1,
        len(columns) + 1,
        drawn,
    )


def _drawn(columns: range, rows: range, draw: Callable[[Cell], str]) -> SafeString:
    """The squares of ``columns`` × ``rows``, each drawn by ``draw``, under a row of column
    numbers and after each row's number."""
    parts = ['<span class="axis corner">y\\x</span>']
    parts += [f'<span class="axis">{coordinate(x)}</span>' for x in columns]
    for y in rows:
        parts.append(f'<span class="axis y-axis">{coordinate(y)}</span>')
        parts += [draw((x, y)) for x in columns]
    return mark_safe("".join(parts))  # numbers and escaped words


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
    for the tile with its box's top-left corner there. The grid is fitted to what there is
    to see and tap: the stack, the squares where the tile, turned as it is, may have its
    corner, and the whole previewed tile; nothing more (on a phone every column counts)."""
    grid = _PickSquares(pick, url)
    grid.legal = pick.legal_corners
    seen = [*grid.found, *grid.shape, *grid.legal]
    xs = [x for x, _y in seen]
    ys = [y for _x, y in seen]
    columns = range(max(-REACH, min(xs)), min(REACH, max(xs)) + 1)
    rows = range(max(-REACH, min(ys)), min(REACH, max(ys)) + 1)
    drawn = _drawn(columns, rows, grid.button)
    return format_html(
        '<div class="scroll-hint"><div class="n9-scroll"><div class="n9-grid n9-pick-grid" '
        'role="group" aria-label="{}" '
        'style="--n9-columns: {}; grid-template-columns: repeat({}, var(--n9-square))">{}</div>'
        "</div></div>",
        _stack_words(pick.tiles),
        len(columns) + 1,
        len(columns) + 1,
        drawn,
    )


class _PickSquares(_Squares):
    """The placement grid's squares: the stack's, plus the previewed tile's shape and the
    preview's link and words, worked out once per grid."""

    def __init__(self, pick: Preview, url: str) -> None:
        super().__init__(pick.tiles)
        self.pick = pick
        #: The squares the tile may have its corner on (:attr:`Preview.legal_corners`).
        self.legal: frozenset[Cell] = frozenset()
        self.shape = pick.cells
        self.link = escape(url)
        self.corner_words = escape(_("Top-left corner at %(square)s"))
        if pick.level is None:
            self.tile = "sq pv refused", f"{pick.digit}"
        else:
            shade = min(pick.level, SHADES - 1)
            self.tile = f"sq pv lv{shade}", f"{pick.digit}<sub>{pick.level}</sub>"

    def button(self, cell: Cell) -> str:
        """The square ``cell`` as a button asking for the tile's corner there."""
        pick = self.pick
        x, y = cell
        # A square the tile, turned as it is, may have its corner on is marked; the others
        # cannot be chosen (a screen reader says them unavailable; the turn buttons, the
        # fields and the nudges reach the other ways).
        corner = " corner-here" if x == pick.x and y == pick.y else ""
        legal = cell in self.legal
        if legal:
            corner += " legal"
        words = self.corner_words % {"square": square(x, y)}
        attrs = (
            f' type="button" hx-get="{self.link}?{html.escape(pick.query(x, y, pick.turn))}"'
            f' aria-label="{words}"{"" if legal else " disabled"}'
        )
        shape = self.shape
        if cell not in shape:
            return self.draw(cell, "button", attrs, corner)
        edges = "".join(f" e{side}" for side, (dx, dy) in _SIDES if (x + dx, y + dy) not in shape)
        classes, content = self.tile
        return f'<button class="{classes}{edges}{corner}"{attrs}>{content}</button>'


@register.simple_tag
def example_stack(*moves: str) -> SafeString:
    """The stack ``moves`` build (``place …`` notation, each checked by the rules, so an
    example shows only what a player could place), drawn as the table draws a stack."""
    return stack_grid([tile_json(tile) for tile in build(*moves).tiles])


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
