"""When two display names are one to a reader, and the name a later holder is given.

Pure functions, without Django's models: the profile stores :func:`name_key` of its display
name in a column the database keeps unique, and the migration that made that column
unique gives later holders of a taken name :func:`free_name`, as the demo does.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable

#: The longest display name (the profile's column).
MAX_NAME_LENGTH = 40


def name_key(name: str) -> str:
    """What a display name is taken as: its compatibility form (NFKC: "Alice" in wide
    letters, or "fine" with its ligature, is "Alice", "fine"), case folded ("ALICE",
    "alice"; "Straße", "STRASSE"), without invisible format characters (a zero-width space
    reads as nothing), its runs of spaces one space. Two names with the same key look alike
    to other players.

    >>> name_key("  \uff21\uff4c\uff49\uff43\uff45\u00a0 LIDDELL ")
    'alice liddell'
    >>> name_key("Stra\u00dfe") == name_key("STRASSE") == name_key("stra\u200bsse")
    True
    >>> name_key("   ")
    ''
    """
    folded = unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())
    seen = "".join(char for char in folded if unicodedata.category(char) != "Cf")
    return " ".join(seen.split())


def free_name(name: str, taken: Callable[[str], bool]) -> str:
    """``name`` if its key is not ``taken``, else the first of "name (2)", "name (3)"…
    whose key is not, ``name`` shortened to leave its number room within
    :data:`MAX_NAME_LENGTH`. The number's brackets keep it off the forms the site keeps
    for itself ("Player 12", "Bot 2").

    >>> held = {"alice", "alice (2)"}
    >>> free_name("Alice", held.__contains__), free_name("Bob", held.__contains__)
    ('Alice (3)', 'Bob')
    >>> len(free_name("x" * 40, {"x" * 40}.__contains__))
    40
    """
    candidate, number = name, 2
    while taken(name_key(candidate)):
        suffix = f" ({number})"
        candidate = name[: MAX_NAME_LENGTH - len(suffix)].rstrip() + suffix
        number += 1
    return candidate
