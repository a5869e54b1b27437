"""Where cards stand in the lists a table shows (a hand, a player's malus cards): the
checkboxes of the move forms are posted as those places."""

from __future__ import annotations

from collections.abc import Sequence


def places(held: Sequence[str], wanted: Sequence[str]) -> list[str]:
    """The places (``"0"``, ``"3"``...) among the cards ``held``, as the table lists them,
    of the cards ``wanted``, each copy of a card at a place of its own.

    >>> places(["3", "7", "7", "joker"], ["7", "joker", "7"])
    ['1', '3', '2']
    """
    free = list(enumerate(held))
    found = []
    for name in wanted:
        at = next(i for i, (_place, card) in enumerate(free) if card == name)
        found.append(str(free.pop(at)[0]))
    return found
