"""The versions of NMBR 9's recorded payloads, and how each old one reads in the next shape.

The store records every event with its payload's version and upcasts old payloads when it
reads them (``games.events.upcasting``); verifying a log compares each milestone it holds
with the one the rules lead to, upcast first.

Version 2 of ``game-ended`` records no winner for a solo game: the book's solo game is
played for points (« votre but est de remporter le plus de points possible »), not won.
Version 1 named the lone seat the winner; such a payload reads with no winner, as the
rules now end that game, so that a solo game recorded before verifies, and its history and
the pages reading its end say what the rules say.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

Payload = dict[str, Any]


def solo_has_no_winner(payload: Payload) -> Payload:
    """Version 1 → 2 of ``game-ended``: a game of one seat (one score) has no winner.

    >>> solo_has_no_winner({"scores": [74], "winners": [0]})
    {'scores': [74], 'winners': []}
    >>> solo_has_no_winner({"scores": [74, 80], "winners": [1]})
    {'scores': [74, 80], 'winners': [1]}
    """
    if len(payload.get("scores", ())) != 1:
        return payload
    return {**payload, "winners": []}


#: (event type, version read) → the step to the next version.
UPCASTERS: Mapping[tuple[str, int], Callable[[Payload], Payload]] = {
    ("game-ended", 1): solo_has_no_winner,
}
