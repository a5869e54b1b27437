"""A stack seen from above: the top tile of each square it covers. The table's grid
(``templatetags``) and the "your turn" mail's drawing (``descriptions``) both show this."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.engine.nmbr9 import footprint

Cell = tuple[int, int]


def tops(tiles: Sequence[Mapping[str, Any]]) -> dict[Cell, tuple[int, int, int]]:
    """Each covered square's top tile: (its level, its index in ``tiles``, its digit).
    ``tiles`` is a stack in the order of placement, so a later tile covering a square
    lies above the earlier ones there.

    >>> tops([{"digit": 1, "x": 0, "y": 0, "turn": 0, "level": 0}])[(1, 3)]
    (0, 0, 1)
    """
    found: dict[Cell, tuple[int, int, int]] = {}
    for index, tile in enumerate(tiles):
        digit, level = int(tile["digit"]), int(tile["level"])
        for dx, dy in footprint(digit, int(tile["turn"])):
            found[(int(tile["x"]) + dx, int(tile["y"]) + dy)] = (level, index, digit)
    return found
