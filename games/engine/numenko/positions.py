"""Building positions from notation, for tests, docs and puzzles.

:func:`arrange` sets a game in play around given grids and hands, every other tile of the
box in the pot (so the 158 tiles are all somewhere). The grids are taken as written: a
position may hold a grid the rules would refuse, to show what a move must repair.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.numenko.notation import parse_grid
from games.engine.numenko.state import Mode, NumenkoConfig, NumenkoState, Phase, new_game
from games.engine.numenko.tiles import FIRST_POT, FREECHOICES, Tile, bag, tile_of, without


def arrange(
    grids: Sequence[str],
    hands: Sequence[str],
    mode: Mode = Mode.ROUNDS,
    pot: int | None = None,
) -> NumenkoState:
    """A game in play, round 1 in rounds mode: each seat's grid (rows separated by ``/``)
    and hand (a character a tile), the rest of the box in the pot, or the first ``pot``
    of it (in box order) when given, the others set aside.

    >>> state = arrange(["2x4=8", ""], ["79MM", "F"])
    >>> len(state.pot), state.hands[1], state.round
    (148, (<Tile.FREECHOICE: 'F'>,), 1)
    >>> len(arrange(["2x4=8"] * 2, ["7", "7"], pot=3).pot)
    3
    """
    laid = tuple(parse_grid(grid) for grid in grids)
    held = tuple(bag(tile_of(char) for char in hand if not char.isspace()) for hand in hands)
    box = (*FIRST_POT, *(Tile.FREECHOICE,) * FREECHOICES)
    used = [tile for grid in laid for tile in grid.tiles] + [t for hand in held for t in hand]
    rest = without(box, used)
    state = new_game(NumenkoConfig(len(grids), mode))
    return state._replace(
        phase=Phase.PLAY,
        pot=rest if pot is None else rest[:pot],
        grids=laid,
        hands=held,
        round=1 if mode is Mode.ROUNDS else 0,
    )
