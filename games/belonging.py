"""What a game is part of beyond itself (a tournament's table, say): another app registers
a function that names it and gives its address, and the game's table and replay link it,
so that a player finds their way back. The games app imports none of those apps."""

from __future__ import annotations

from collections.abc import Callable

from games.models import Game
from games.registries import add_once

#: A link: its words (in the active language) and its address.
Link = tuple[str, str]

#: Asked of a game: a link to what the game is part of, or None.
Finder = Callable[[Game], Link | None]

_finders: list[Finder] = []


def register_finder(finder: Finder) -> None:
    """Ask ``finder`` what each game shown is part of."""
    add_once(_finders, finder)


def part_of(game: Game) -> list[Link]:
    """Links to what ``game`` is part of, as every registered finder says."""
    return [link for finder in _finders if (link := finder(game)) is not None]
