"""Template helpers (``{% load numenko %}``): a grid drawn square by square, a tile.

A grid is drawn as a CSS grid of squares, each showing its digit or sign (times, divided
by and minus as printed); a Multichoice and a Freechoice each have their own colour, and a
sign read differently down shows both signs. Written in one go, like the other games' tags: a table
draws every player's grid on every look.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import template
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.engine.numenko.crossword import check_grid
from games.engine.numenko.notation import parse_grid
from games.engine.numenko.view import grid_json
from games.rulesets.numenko.descriptions import glyph, kind_class, tile

register = template.Library()


@register.simple_tag
def numenko_grid(grid: Mapping[str, Any]) -> SafeString:
    """A grid of a view (``{"rows", "squares"}``) drawn, with its rows of notation as its
    accessible name (what a screen reader can follow, and a player can copy)."""
    squares = grid["squares"]
    if not squares:
        return format_html('<p class="nk-empty">{}</p>', _("No tile laid yet."))
    width = 1 + max(int(square["col"]) for square in squares)
    height = 1 + max(int(square["row"]) for square in squares)
    at = {(int(square["row"]), int(square["col"])): square for square in squares}
    html = []
    for row in range(height):
        for col in range(width):
            square = at.get((row, col))
            if square is None:
                html.append('<span class="nk-sq"></span>')
                continue
            down = square["down"]
            shown = escape(glyph(square["face"]))
            if down:
                shown = mark_safe(f"{shown}<sub>{escape(glyph(down))}</sub>")
            html.append(f'<span class="nk-sq {kind_class(square["tile"])}">{shown}</span>')
    words = ngettext(
        "A grid of %(n)d tile: %(rows)s", "A grid of %(n)d tiles: %(rows)s", len(squares)
    ) % {"n": len(squares), "rows": " / ".join(grid["rows"])}
    # Its box scrolls a wide grid: the keyboard scrolls it too, once it has the focus; a
    # shadow at an edge says more of it is hidden there (the platform's scroll_hint.js).
    return format_html(
        '<div class="scroll-hint"><div class="nk-scroll" tabindex="0"><div class="nk-grid" '
        'role="img" aria-label="{}" title="{}" '
        'style="grid-template-columns: repeat({}, var(--nk-square))">{}</div></div></div>',
        words,
        " / ".join(grid["rows"]),
        width,
        mark_safe("".join(html)),  # escaped faces and constant markup
    )


@register.simple_tag
def example_grid(rows: str) -> SafeString:
    """The grid written ``rows`` (the moves' notation), checked by the rules so that an
    example shows only a grid a player could lay, drawn as the table draws a grid."""
    grid = parse_grid(rows)
    check_grid(grid)
    return numenko_grid(grid_json(grid))


@register.simple_tag
def numenko_tile(char: str) -> SafeString:
    """A tile of a hand, drawn: its digit, or M / F in the kind's colour."""
    return format_html(
        '<span class="nk-tile {}" title="{}">{}</span>', kind_class(char), tile(char), char
    )
