"""The placement preview: where the seat's tile of the card turned up would land, and
whether that is legal and what it would score, before the seat sends it.

It reads only the seat's own stack in the seat's own view (which holds that seat's secret
tile and never another seat's), judges with the engine's placement rules
(:func:`games.engine.nmbr9.settle`), and writes nothing. Its query is the placement form's
own fields (``place-x``, ``place-y``, ``place-turn``), so the preview and the move read the
same thing the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.descriptions import refusal
from games.engine.nmbr9 import (
    TURNS,
    IllegalAction,
    Place,
    Stack,
    Tile,
    footprint,
    placements,
    settle,
)
from games.engine.nmbr9.greedy import by_value
from games.rulesets.nmbr9.forms import REACH, PlaceForm, SquareForm

if TYPE_CHECKING:
    from games.presenters import Table

Cell = tuple[int, int]
#: The placement form's prefix: a preview's query names its fields.
PREFIX = "place"
#: One press of the rotate button: a quarter turn clockwise.
QUARTER = 90


@dataclass(frozen=True)
class Preview:
    """The tile ``digit`` put down with its turned box's top-left corner at ``x, y``, turned
    ``turn`` degrees, on ``tiles`` (the seat's stack, as its view gives it): the level it
    would reach, or why the rules refuse it."""

    digit: int
    x: int
    y: int
    turn: int
    tiles: Sequence[Mapping[str, Any]]
    #: The level it would lie at; None when the placement is refused.
    level: int | None
    #: The broken rule in words, when refused.
    refused: str | None

    @property
    def cells(self) -> frozenset[Cell]:
        """The squares the tile would cover."""
        return frozenset((self.x + dx, self.y + dy) for dx, dy in footprint(self.digit, self.turn))

    @property
    def verdict(self) -> str:
        """Legal and what it scores, or the broken rule, in words."""
        if self.level is None:
            return self.refused or ""
        points = self.digit * self.level
        return ngettext(
            "Legal: scores %(points)d point (level %(level)d).",
            "Legal: scores %(points)d points (level %(level)d).",
            points,
        ) % {"points": points, "level": self.level}

    def query(self, x: int, y: int, turn: int) -> str:
        """The preview's query for the tile at ``x, y`` turned ``turn``: numbers only, so
        written as they are (the placement grid asks for one per square)."""
        return f"{PREFIX}-x={int(x)}&{PREFIX}-y={int(y)}&{PREFIX}-turn={int(turn)}"

    @property
    def turned(self) -> str:
        """The query of the same square, the tile turned a quarter further."""
        return self.query(self.x, self.y, (self.turn + QUARTER) % 360)

    @property
    def nudges(self) -> list[tuple[str, str, str]]:
        """The tile moved one square each way, inside the form's bounds: (arrow, words,
        query) in the order a keypad lays them out."""
        moves = (
            ("↑", _("Move up"), 0, -1),
            ("←", _("Move left"), -1, 0),
            ("→", _("Move right"), 1, 0),
            ("↓", _("Move down"), 0, 1),
        )
        return [
            (arrow, words, self.query(self.x + dx, self.y + dy, self.turn))
            for arrow, words, dx, dy in moves
            if abs(self.x + dx) <= REACH and abs(self.y + dy) <= REACH
        ]

    @property
    def legal_corners(self) -> frozenset[Cell]:
        """The squares the tile, turned as it is, may have its box's top-left corner on:
        the squares the grid marks as playable now, and the margin it draws around the
        stack."""
        # The rules' own list of placements, for this turn only: one pass over the stack,
        # not a placement tried on each square of a grid.
        return frozenset(
            (tile.x, tile.y) for tile in placements(own_stack(self.tiles), self.digit, (self.turn,))
        )

    @property
    def turns(self) -> tuple[int, ...]:
        """The four turns, for the form's radio buttons."""
        return TURNS


def own_stack(tiles: Sequence[Mapping[str, Any]]) -> Stack:
    """The engine's stack of a view's ``tiles`` (JSON, as ``view["stacks"][seat]``)."""
    return Stack(
        tuple(
            Tile(
                int(tile["digit"]),
                int(tile["x"]),
                int(tile["y"]),
                int(tile["turn"]),
                int(tile["level"]),
            )
            for tile in tiles
        )
    )


def judge(tiles: Sequence[Mapping[str, Any]], digit: int, x: int, y: int, turn: int) -> Preview:
    """The preview of ``digit`` at ``x, y`` turned ``turn`` on the stack ``tiles``."""
    try:
        tile = settle(own_stack(tiles), digit, x, y, turn)
    except IllegalAction as error:
        return Preview(digit, x, y, turn, tiles, None, refusal(error))
    return Preview(digit, x, y, turn, tiles, tile.level, None)


def seat_tiles(current: Table) -> Sequence[Mapping[str, Any]]:
    """The seat's own stack in its own view: its secret tile, nobody else's."""
    assert current.seat is not None, "a preview is the seat's"
    tiles: Sequence[Mapping[str, Any]] = current.view["stacks"][current.seat]
    return tiles


def first_choice(current: Table, digit: int) -> Preview:
    """Where the form starts: the first legal placement the engine finds (the first tile
    at 0,0; later, on the table beside the stack), so what the player sees is always a
    placement they may send."""
    tiles = seat_tiles(current)
    tile = _first_placement(tiles, digit)
    return judge(tiles, digit, tile.x, tile.y, tile.turn)


def _first_placement(tiles: Sequence[Mapping[str, Any]], digit: int) -> Tile:
    """The first legal placement of ``digit`` the engine finds on the stack of ``tiles``."""
    return next(placements(own_stack(tiles), digit))


def example(view: Mapping[str, Any]) -> str:
    """A placement the seat whose ``view`` this is may send for the card to place, written
    as a reply writes it; "" when nothing is to place. It is the one a player would see
    first on their own stack: the greedy bot's (the most points now, so up on the stack
    where it may lie there; then the highest, the most compact), among equals the first the
    engine lists, so that the same position always gives the same example."""
    pending, seat = view.get("pending"), view["seat"]
    if seat is None or pending is None:
        return ""
    digit = int(pending["card"])
    tile = next(by_value(own_stack(view["stacks"][seat]), digit))[0]
    return str(Place(digit, tile.x, tile.y, tile.turn))


def read(current: Table, query: Mapping[str, str]) -> Preview | None:
    """The preview ``query`` asks for (the placement form's fields), for the seat that must
    place the card turned up; None if the query is not a placement or nothing is pending."""
    pending = current.moves.pending if current.moves else None
    form = SquareForm(query, prefix=PREFIX)
    if not pending or not form.is_valid():
        return None
    data = form.cleaned_data
    return judge(seat_tiles(current), int(pending["card"]), data["x"], data["y"], data["turn"])


def for_form(current: Table, form: PlaceForm) -> Preview:
    """What the placement form shows on the grid: the placement it was posted with (a
    refused one, shown again with its rule), else :func:`first_choice`."""
    if form.is_bound and form.is_valid():
        data = form.cleaned_data
        return judge(seat_tiles(current), form.card, data["x"], data["y"], data["turn"])
    return first_choice(current, form.card)
