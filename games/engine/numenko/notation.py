"""Reading actions and grids from text, and converting actions to and from JSON.

Both forms round-trip: ``parse_action(str(a)) == a`` and
``action_from_json(action_to_json(a)) == a``. Keywords are case-insensitive, and French
ones are read too (``échange``, ``grille``, ``passe``); see :mod:`games.engine.numenko.actions`
for the grammar. A grid is rows of text, top row first, separated by ``/`` (or new lines),
all on one line if need be (an email reply's first line). In a row every character is a
square and spaces are ignored:

- ``0`` to ``9`` a number tile; ``.`` an empty square;
- ``+ - x : =`` a Multichoice showing that sign (``*``, ``×`` and ``X`` for ×; ``÷`` for ÷;
  the minus sign for -); ``[x+]`` one that reads × across and + down;
- ``F`` (or ``f``) before a digit, a sign or a bracket: a Freechoice showing it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.numenko.actions import Action, Deal, Draw, Play
from games.engine.numenko.errors import NotationError
from games.engine.numenko.grid import SIGNS, Grid, Square
from games.engine.numenko.tiles import Tile, tile_of
from games.engine.ruleset import gettext_noop

_ALIASES = {"*": "x", "X": "x", "\u00d7": "x", "\u00f7": ":", "\u2212": "-"}
_ROWS = re.compile(r"[/\n]")
_DIGITS = "0123456789"
_EXCHANGE_OR_FINI = gettext_noop("a move exchanges a tile or says fini, not both")
_KEYWORDS = {
    "pass": "pass",
    "passe": "pass",
    "grid": "grid",
    "grille": "grid",
    "exchange": "exchange",
    "echange": "exchange",
    "\u00e9change": "exchange",
    "fini": "fini",
}


def _sign(char: str) -> str | None:
    sign = _ALIASES.get(char, char)
    return sign if sign in SIGNS else None


def _faces(row: str, start: int, number: int) -> tuple[str, str | None, int]:
    """The face (and down sign) of the square written at ``row[start:]``, and where the
    next square begins."""
    char = row[start]
    if char in _DIGITS:
        return char, None, start + 1
    sign = _sign(char)
    if sign is not None:
        return sign, None, start + 1
    if char == "[":
        close = row.find("]", start)
        inside = row[start + 1 : close] if close > 0 else ""
        signs = [_sign(mark) for mark in inside if not mark.isspace()]
        if len(signs) != 2 or None in signs:
            raise NotationError(
                gettext_noop("row %(row)d: “%(text)s”: write [x+], two signs"),
                row=number,
                text=row[start:],
            )
        across, down = signs
        assert across is not None
        return across, down, close + 1
    raise NotationError(
        gettext_noop(
            "row %(row)d: “%(char)s” is no square: write a digit, a sign (+ - x : =), [x+] "
            "for a sign read differently down, F before a Freechoice's digit or sign, and . "
            "for an empty square"
        ),
        row=number,
        char=char,
    )


#: The squares a single character writes (a number tile, or a Multichoice showing a sign),
#: read at a look-up: most squares of a grid, which a replay reads from every move's text.
_ONE_CHARACTER: dict[str, tuple[Tile, str, None]] = {
    **{digit: (tile_of(digit), digit, None) for digit in _DIGITS},
    **{
        char: (Tile.MULTICHOICE, sign, None)
        for char in (*SIGNS, *_ALIASES)
        if (sign := _sign(char))
    },
}


def parse_row(row: str, number: int = 1) -> list[tuple[Tile, str, str | None] | None]:
    """One row of a grid: each square's tile, face and down sign, ``None`` where empty.

    >>> [None if square is None else (square[0].value, *square[1:])
    ...  for square in parse_row("2 [x+] F7 .")]
    [('2', '2', None), ('M', 'x', '+'), ('F', '7', None), None]
    """
    squares: list[tuple[Tile, str, str | None] | None] = []
    at = 0
    while at < len(row):
        char = row[at]
        square = _ONE_CHARACTER.get(char)
        if square is not None:
            squares.append(square)
            at += 1
        elif char.isspace():
            at += 1
        elif char == ".":
            squares.append(None)
            at += 1
        else:
            free = char in "Ff"
            if free:
                at += 1
                if at >= len(row) or row[at].isspace():
                    raise NotationError(
                        gettext_noop("row %(row)d: F stands before the digit or sign it shows"),
                        row=number,
                    )
            face, down, at = _faces(row, at, number)
            if free:
                tile = Tile.FREECHOICE
            elif face in SIGNS:
                tile = Tile.MULTICHOICE
            else:
                tile = tile_of(face)
            squares.append((tile, face, down))
    return squares


def parse_grid(text: str | Sequence[str]) -> Grid:
    """A grid from rows of text (one string with rows separated by ``/`` or new lines, or
    a list of rows, as in JSON).

    >>> str(parse_grid(".6 / 2[x+]4=8 / .7"))
    '.6... / 2[x+]4=8 / .7...'
    >>> parse_grid("") == Grid()
    True
    """
    rows = _ROWS.split(text) if isinstance(text, str) else list(text)
    squares = []
    for row_number, row in enumerate(rows):
        if not isinstance(row, str) or "/" in row:
            raise NotationError(
                gettext_noop("a grid's row is a line of text, not %(row)s"), row=repr(row)
            )
        for col, found in enumerate(parse_row(row, row_number + 1)):
            if found is not None:
                tile, face, down = found
                try:
                    squares.append(Square(row_number, col, tile, face, down))
                except ValueError:
                    raise NotationError(
                        gettext_noop("row %(row)d: no tile shows “%(face)s” there"),
                        row=row_number + 1,
                        face=face,
                    ) from None
    return Grid(tuple(squares))


def _tiles(word: str) -> tuple[Tile, ...]:
    try:
        return tuple(tile_of(char) for char in word if not char.isspace())
    except ValueError:
        raise NotationError(
            gettext_noop("“%(word)s” is not tiles: write 0-9, M or F for each"), word=word
        ) from None


def _tile(word: str) -> Tile:
    tiles = _tiles(word)
    if len(tiles) != 1:
        raise NotationError(
            gettext_noop("“%(word)s” is not one tile: write 0-9, M or F"), word=word
        )
    return tiles[0]


def parse_action(text: str) -> Action:
    """Read one action written in Numenko notation.

    >>> parse_action("Exchange 9 grid 2x4=8")
    Play(grid=Grid(squares=(...)), exchange=<Tile.NINE: '9'>, fini=False)
    >>> str(parse_action("grille 2 x 4 = 8 / . . 7 . ."))
    'grid 2x4=8 / ..7..'
    """
    words = text.split()
    if not words:
        raise NotationError(
            gettext_noop(
                "empty action: "
                "write `pass`, `grid ROWS`, `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
                "rows separated by /"
            )
        )
    verb = words[0].lower()
    if verb == "deal":
        return Deal(tuple(_tiles(hand) for hand in " ".join(words[1:]).split("/")))
    if verb == "draw":
        return _draw(words[1:])
    return _play(words)


def _draw(words: list[str]) -> Draw:
    order, tiles = [], []
    for word in words:
        seat, colon, drawn = word.partition(":")
        if not colon or not seat.isdigit() or not seat.isascii():
            raise NotationError(
                gettext_noop("“%(word)s” is not SEAT:TILES (write 2:78, or 2:- for none)"),
                word=word,
            )
        order.append(int(seat))
        tiles.append(() if drawn == "-" else _tiles(drawn))
    return Draw(tuple(order), tuple(tiles))


def _sections(words: list[str]) -> dict[str, list[str]]:
    """The words after each keyword of a move, by keyword."""
    found: dict[str, list[str]] = {}
    current: list[str] | None = None
    for word in words:
        keyword = _KEYWORDS.get(word.lower())
        if keyword is not None:
            if keyword in found:
                raise NotationError(
                    gettext_noop(
                        "“%(word)s” is said twice: write `pass`, `grid ROWS`, "
                        "`exchange TILE [grid ROWS]` or `fini [grid ROWS]`, rows separated by /"
                    ),
                    word=keyword,
                )
            current = found[keyword] = []
        elif current is None:
            raise NotationError(
                gettext_noop(
                    "unknown action “%(word)s”: "
                    "write `pass`, `grid ROWS`, `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
                    "rows separated by /"
                ),
                word=word,
            )
        else:
            current.append(word)
    return found


def bare_grid(text: str) -> bool:
    """Whether a move says ``grid`` with nothing after it: an empty grid, every tile back
    in the hand (``grid .`` writes one on purpose).

    A full stop or an exclamation mark closing the last word is a phone's or a habit's,
    as replies are read (``Grid.`` is ``grid``); one standing alone is the grid's ``.``.

    >>> bare_grid("exchange 9 grid"), bare_grid("grille ."), bare_grid("grid 1+1=2")
    (True, False, False)
    >>> bare_grid("Grid."), bare_grid("grid!")
    (True, True)
    """
    closed = re.sub(r"(?<=\S)[.!]+$", "", text.strip()).lower()
    try:
        found = _sections(closed.split())
    except NotationError:
        return False
    return "grid" in found and not found["grid"]


def _play(words: list[str]) -> Play:
    found = _sections(words)
    if "pass" in found and (len(found) > 1 or found["pass"]):
        raise NotationError(
            gettext_noop(
                "`pass` stands alone: "
                "write `pass`, `grid ROWS`, `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
                "rows separated by /"
            )
        )
    if found.get("fini"):
        raise NotationError(
            gettext_noop(
                "`fini` takes nothing after it: "
                "write `pass`, `grid ROWS`, `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
                "rows separated by /"
            )
        )
    if "exchange" in found and "fini" in found:
        raise NotationError(_EXCHANGE_OR_FINI)
    exchange = None
    if "exchange" in found:
        if len(found["exchange"]) != 1:
            raise NotationError(
                gettext_noop(
                    "`exchange` names one tile of your hand (0-9, M or F): "
                    "write `pass`, `grid ROWS`, `exchange TILE [grid ROWS]` or `fini [grid ROWS]`, "
                    "rows separated by /"
                )
            )
        exchange = _tile(found["exchange"][0])
    grid = parse_grid(" ".join(found["grid"])) if "grid" in found else None
    return Play(grid, exchange, "fini" in found)


# JSON ------------------------------------------------------------------------------------


def action_to_json(action: Action) -> dict[str, Any]:
    """The JSON form the event store records; ``type`` names the action (one type for every
    move of a player, ``play``, so that the type tells nobody what a secret move asked).

    >>> action_to_json(parse_action("exchange 9 grid 2x4=8"))
    {'type': 'play', 'grid': ['2x4=8'], 'exchange': '9', 'fini': False}
    >>> action_to_json(parse_action("draw 1:7M 0:-"))
    {'type': 'draw', 'order': [1, 0], 'tiles': ['7M', '']}
    """
    match action:
        case Play(grid, exchange, fini):
            return {
                "type": "play",
                "grid": None if grid is None else list(grid.rows()),
                "exchange": None if exchange is None else exchange.value,
                "fini": fini,
            }
        case Deal(hands):
            return {"type": "deal", "hands": ["".join(t.value for t in hand) for hand in hands]}
        case Draw(order, tiles):
            return {
                "type": "draw",
                "order": list(order),
                "tiles": ["".join(tile.value for tile in drawn) for drawn in tiles],
            }
    raise TypeError(f"not a Numenko action: {action!r}")


def action_from_json(data: Mapping[str, Any]) -> Action:
    """Read the JSON form back; bad JSON (unknown keys too) raises :class:`NotationError`.
    A move's ``grid``, ``exchange`` and ``fini`` may be left out (kept, none, false).

    >>> action_from_json({"type": "play", "fini": True, "grid": ["2x4=8", "..x..", "..1=4"]})
    Play(grid=Grid(...), exchange=None, fini=True)
    """
    kind = data.get("type")
    keys = set(data)
    if kind == "play" and keys <= {"type", "grid", "exchange", "fini"}:
        grid, exchange, fini = data.get("grid"), data.get("exchange"), data.get("fini", False)
        if grid is not None and not isinstance(grid, list):
            raise NotationError(gettext_noop("a grid is a list of rows of text"))
        if exchange is not None and not isinstance(exchange, str):
            raise NotationError(gettext_noop("exchange names a tile: 0-9, M or F"))
        if not isinstance(fini, bool):
            raise NotationError(gettext_noop("fini is true or false"))
        if exchange is not None and fini:
            raise NotationError(_EXCHANGE_OR_FINI)
        return Play(
            None if grid is None else parse_grid(grid),
            None if exchange is None else _tile(exchange),
            fini,
        )
    if kind == "deal" and keys == {"type", "hands"} and _strings(data["hands"]):
        return Deal(tuple(_tiles(hand) for hand in data["hands"]))
    if (
        kind == "draw"
        and keys == {"type", "order", "tiles"}
        and isinstance(data["order"], list)
        and all(isinstance(s, int) and not isinstance(s, bool) for s in data["order"])
        and _strings(data["tiles"])
        and len(data["tiles"]) == len(data["order"])
    ):
        return Draw(tuple(data["order"]), tuple(_tiles(drawn) for drawn in data["tiles"]))
    raise NotationError(gettext_noop("not a Numenko action: %(data)s"), data=repr(dict(data)))


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(item, str) for item in value)


def action_type(action: Action) -> str:
    """The action's type name, as in its JSON form (``play``, ``deal``, ``draw``)."""
    if isinstance(action, Play):
        return "play"
    return "deal" if isinstance(action, Deal) else "draw"
