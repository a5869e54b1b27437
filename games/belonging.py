"""What a game is part of beyond itself (a tournament's table, say): another app registers
a function that names it and gives its address, and the game's table and replay link it,
so that a player finds their way back; and where its players go once it is over (a
tournament's standings), which the game-over mail links instead of playing the same game
again; and what the game gave its players there (a tournament's places and points), which
the game-over mail says; and what a game over did to each of its players elsewhere (their
rating), which its table shows beside each player's final score. The games app imports
none of those apps."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from games.models import Game, Seat
from games.registries import add_once

#: A link: its words (in the active language) and its address.
Link = tuple[str, str]

#: Asked of a game: a link to what the game is part of, or None.
Finder = Callable[[Game], Link | None]

#: What a game gave its players in what it is part of: a heading, and a line per player
#: (in the active language), in the order it ranks them.
Result = tuple[str, list[str]]

#: Asked of a game that is over: its result in what it is part of, or None.
ResultFinder = Callable[[Game], Result | None]


@dataclass(frozen=True)
class SeatNote:
    """What a game over did to one player elsewhere, in the active language ("Rating:
    1,512 (+12)"), and the address of the page that says more ("": none)."""

    words: str
    link: str = ""


@dataclass(frozen=True)
class Aftermath:
    """What a game over did to its players elsewhere (their ratings): a note per seat it
    did something to, by seat number, and a note on the whole game, once ("not rated: bots
    played"; "": none)."""

    seats: dict[int, SeatNote] = field(default_factory=dict)
    note: str = ""


#: Asked of a finished game and its seats (in order, as read): what it did to its players
#: elsewhere, or None (nothing, or nothing known yet). One query for all the seats: the
#: table asks on every look at a finished game.
AftermathFinder = Callable[[Game, Sequence[Seat]], Aftermath | None]

_finders: list[Finder] = []
_next: list[Finder] = []
_results: list[ResultFinder] = []
_aftermaths: list[AftermathFinder] = []


def register_finder(finder: Finder) -> None:
    """Ask ``finder`` what each game shown is part of."""
    add_once(_finders, finder)


def part_of(game: Game) -> list[Link]:
    """Links to what ``game`` is part of, as every registered finder says."""
    return [link for finder in _finders if (link := finder(game)) is not None]


def register_next(finder: Finder) -> None:
    """Ask ``finder`` where the players of each game that ends go next (a link, or None
    for a game that is part of nothing of the app's)."""
    add_once(_next, finder)


def next_after(game: Game) -> list[Link]:
    """Where the players of ``game`` go once it is over, as every registered finder says:
    none for a game of its own, which its players may play again."""
    return [link for finder in _next if (link := finder(game)) is not None]


def register_result(finder: ResultFinder) -> None:
    """Ask ``finder`` what each game that ends gave its players in what it is part of."""
    add_once(_results, finder)


def results_of(game: Game) -> list[Result]:
    """What ``game``, over, gave its players in what it is part of, as every registered
    finder says: none for a game of its own."""
    return [result for finder in _results if (result := finder(game)) is not None]


def register_aftermath(finder: AftermathFinder) -> None:
    """Ask ``finder`` what each finished game shown did to its players elsewhere."""
    add_once(_aftermaths, finder)


def aftermath_of(game: Game, seats: Sequence[Seat]) -> list[Aftermath]:
    """What ``game`` did to its players (``seats``, in order) elsewhere, as every
    registered finder says: none for a game not finished (nothing asked)."""
    if game.status != Game.Status.FINISHED:
        return []
    return [found for finder in _aftermaths if (found := finder(game, seats)) is not None]
