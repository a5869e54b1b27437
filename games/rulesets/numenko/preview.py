"""The grid preview: a grid being built, drawn square by square with each run marked right
or wrong by the rule it breaks, and the hand it would leave, before the seat sends it.

It reads only the seat's own view (its tiles, from ``pending``), judges with the engine's
grid rules (:func:`games.engine.numenko.verdicts` and
:func:`games.engine.numenko.check_grid`), and writes nothing. Its query is the move
form's own field (``play-grid``), so the preview and the move read the same text the same
way. The table's script fills that field as the player taps tiles and squares, and asks
for the preview again; without the script, the field is written by hand and the move
sent, and a refused one comes back drawn here with its first wrong run.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from games.descriptions import unreadable_in_words
from games.engine.numenko import (
    Direction,
    Fault,
    Grid,
    IllegalAction,
    NotationError,
    Run,
    check_grid,
    parse_grid,
    verdicts,
)
from games.engine.numenko.rulebook import RULES as STATEMENTS
from games.engine.numenko.tiles import bag, spaced, tile_of, without, written
from games.engine.numenko.tiles import points as hand_points
from games.rulesets.numenko.descriptions import glyph, kind_class, printed, tile
from games.rulesets.numenko.forms import MAX_GRID, PREFIX

if TYPE_CHECKING:
    from games.presenters import Table

#: Empty squares drawn around a grid: where a tile may be laid next to it.
MARGIN = 1
#: The field a preview's query carries.
FIELD = f"{PREFIX}-grid"


@dataclass(frozen=True)
class Square:
    """One square of the grid drawn: where it is (``row`` and ``col`` as the grid's own,
    the margin at -1 and beyond its size), the notation's token for the tile on it
    (``""``: empty), what it shows, and whether it is part of a wrong run."""

    row: int
    col: int
    token: str = ""
    tile: str = ""
    face: str = ""
    down: str | None = None
    wrong: bool = False
    right: bool = False

    @property
    def kind(self) -> str:
        """Its CSS class: a number tile, a Multichoice, a Freechoice, or an empty square."""
        return kind_class(self.tile) if self.tile else "nk-free-square"

    @property
    def shown(self) -> str:
        return glyph(self.face)

    @property
    def shown_down(self) -> str:
        return glyph(self.down) if self.down else ""

    @property
    def label(self) -> str:
        """The square's accessible name: where, and what lies there."""
        where = _("row %(row)d, column %(col)d") % {"row": self.row + 1, "col": self.col + 1}
        if not self.token:
            return _("Empty square, %(where)s") % {"where": where}
        what = (
            self.shown
            if self.tile != "M"
            else _("a Multichoice showing %(sign)s") % {"sign": self.shown}
        )
        if self.tile == "F":
            what = _("a Freechoice showing %(face)s") % {"face": self.shown}
        if self.down:
            what = _("%(what)s, %(down)s down") % {"what": what, "down": self.shown_down}
        return _("%(what)s, %(where)s") % {"what": what, "where": where}


@dataclass(frozen=True)
class Verdict:
    """One run of the grid: what it reads, where, and the rule it breaks (``None``: it
    holds)."""

    text: str
    where: str
    rule: str | None
    words: str

    @property
    def right(self) -> bool:
        return self.rule is None


@dataclass(frozen=True)
class Build:
    """A grid being built: its notation, its squares drawn with a margin, its runs judged,
    and the hand it leaves."""

    #: The notation as written (what the form's field holds).
    text: str
    #: Rows of squares to draw, top to bottom, with the margin.
    rows: tuple[tuple[Square, ...], ...]
    runs: tuple[Verdict, ...]
    #: What is wrong first, as a refusal would say it (``None``: the grid keeps the rules).
    error: str | None
    #: The rule of :attr:`error` (``notation`` for text that does not read as a grid).
    rule: str | None
    #: The tiles the grid leaves in hand, one character each, in order.
    hand: str
    #: Whether the grid differs from the seat's grid as it stands.
    changed: bool
    tiles_laid: int

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0

    @property
    def points(self) -> int:
        return hand_points(tile_of(char) for char in self.hand)

    @property
    def valid(self) -> bool:
        return self.error is None

    @property
    def hand_tiles(self) -> list[tuple[str, str, str]]:
        """Each tile of the hand: its character, its words and its CSS class (a button
        each)."""
        return [(char, tile(char), kind_class(char)) for char in self.hand]

    @property
    def exchangeable(self) -> list[tuple[str, str]]:
        """The kinds of tile the hand holds, each once: what an exchange may give back."""
        return [(char, tile(char)) for char in dict.fromkeys(self.hand)]

    @property
    def may_fini(self) -> bool:
        """Every tile laid in a grid that keeps the rules: the move must say fini."""
        return self.valid and not self.hand

    @property
    def verdict(self) -> str:
        """The grid in one sentence: what is wrong first, or that it keeps the rules."""
        if self.error is not None:
            return self.error
        if not self.tiles_laid:
            return _("Your grid is empty: every tile is in your hand.")
        return _(
            "Every calculation holds: %(tiles)d tiles laid, %(points)d points left in hand."
        ) % {"tiles": self.tiles_laid, "points": self.points}


def where(run: Run) -> str:
    """Where a run lies, in the reader's language: rows and columns counted from 1."""
    first, last = run.squares[0], run.squares[-1]
    if run.direction is Direction.ACROSS:
        return _("across in row %(row)d, columns %(first)d-%(last)d") % {
            "row": first.row + 1,
            "first": first.col + 1,
            "last": last.col + 1,
        }
    return _("down in column %(col)d, rows %(first)d-%(last)d") % {
        "col": first.col + 1,
        "first": first.row + 1,
        "last": last.row + 1,
    }


def said(fault: Fault) -> str:
    """What is wrong with a run, in the reader's language (``the left side makes 368, the
    right side 8``)."""
    return _(fault.template) % fault.values


def broken(reason: str, statement: str) -> str:
    """A broken rule in words: what is wrong, then the rule's statement, in the reader's
    language."""
    return _("%(why)s (%(rule)s)") % {"why": reason, "rule": _(statement)}


def judge(text: str, tiles: str, current: Sequence[str]) -> Build:
    """The build of the grid written ``text`` from the seat's ``tiles`` (grid and hand, one
    character each), its grid as it stands being ``current``."""
    try:
        laid = parse_grid(text)
    except NotationError as unread:
        return Build(
            text,
            _drawn(Grid(), {}),
            (),
            _("This grid cannot be read: %(why)s") % {"why": unreadable_in_words(unread)},
            "notation",
            tiles,
            True,
            0,
        )
    owned = bag(tile_of(char) for char in tiles)
    missing = Counter(laid.tiles) - Counter(owned)
    judged = verdicts(laid)
    runs = tuple(
        Verdict(
            printed(run.text),
            where(run),
            None if found is None else found.rule,
            "" if found is None else broken(said(found), STATEMENTS[found.rule]),
        )
        for run, found in judged
    )
    marks: dict[tuple[int, int], bool] = {}
    for run, found in judged:
        for square in run.squares:
            marks[square.at] = marks.get(square.at, True) and found is None
    error: str | None = None
    rule: str | None = None
    if missing:
        rule = "numenko.tiles"
        error = _("Your grid uses tiles you do not have: %(tiles)s.") % {
            "tiles": spaced(bag(missing.elements()))
        }
    else:
        try:
            check_grid(laid)
        except IllegalAction as refused:
            rule = refused.rule
            error = _first(runs, refused)
    hand = written(without(owned, laid.tiles)) if not missing else tiles
    return Build(
        " / ".join(laid.rows()),
        _drawn(laid, marks),
        runs,
        error,
        rule,
        hand,
        laid.rows() != tuple(current),
        len(laid.squares),
    )


def _first(runs: Sequence[Verdict], refused: IllegalAction) -> str:
    """What the engine refuses first, as the reader reads it: the first wrong run (rows
    first, then columns) with where it lies and its rule, or the rule of the whole grid."""
    wrong = next((run for run in runs if not run.right), None)
    if wrong is not None:
        return _("%(run)s (%(where)s): %(rule)s") % {
            "run": wrong.text,
            "where": wrong.where,
            "rule": wrong.words,
        }
    return broken(_(refused.template) % refused.values, refused.statement)


def _drawn(laid: Grid, marks: Mapping[tuple[int, int], bool]) -> tuple[tuple[Square, ...], ...]:
    at = {square.at: square for square in laid.squares}
    # An empty grid is one square to lay the first tile on; a grid has room all round.
    margin = MARGIN if laid.squares else 0
    rows = range(-margin, max(laid.height, 1) + margin)
    cols = range(-margin, max(laid.width, 1) + margin)
    drawn = []
    for row in rows:
        line = []
        for col in cols:
            found = at.get((row, col))
            if found is None:
                line.append(Square(row, col))
                continue
            mark = marks.get(found.at)
            line.append(
                Square(
                    row,
                    col,
                    found.token(),
                    found.tile.value,
                    found.face,
                    found.down,
                    wrong=mark is False,
                    right=mark is True,
                )
            )
        drawn.append(tuple(line))
    return tuple(drawn)


def seat_tiles(current: Table) -> tuple[str, tuple[str, ...]]:
    """The seat's own tiles and grid, from its own view's ``pending``: nobody else's."""
    pending = current.moves.pending if current.moves else None
    assert pending is not None, "a preview is the seat's, while it may move"
    return str(pending["tiles"]), tuple(pending["grid"])


def read(current: Table, query: Mapping[str, Any]) -> Build | None:
    """The build ``query`` asks for (the move form's field), for the seat that may move;
    None when the query carries no grid field or one too long to be a grid."""
    if FIELD not in query or len(str(query[FIELD])) > MAX_GRID:
        return None
    if not (current.moves and current.moves.pending):
        return None
    tiles, rows = seat_tiles(current)
    return judge(str(query[FIELD]).strip(), tiles, rows)


def for_form(current: Table, data: Mapping[str, Any] | None) -> Build:
    """What the move form shows: the grid it was posted with (a refused move, shown again
    with its first wrong run), else the seat's grid as it stands."""
    tiles, rows = seat_tiles(current)
    posted = data.get(FIELD) if data is not None and data.get("form") == PREFIX else None
    if isinstance(posted, str) and len(posted) <= MAX_GRID:
        return judge(posted.strip(), tiles, rows)
    return judge(" / ".join(rows), tiles, rows)
