"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

Everyone sees the cards turned up so far (the last one is being placed), how many are left,
who has placed the current card, and every stack as it stood when the last card was
revealed. A seat also sees its own tile of the current card. Another seat's tile of the
current card shows only as "placed" (``placed``), never where, until every seat has placed
it: the placements are simultaneous and secret, then revealed together. The order of the
cards still face down never shows until the game is over (or ``reveal``).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.engine.nmbr9.cards import CARDS, TILES_PER_DIGIT
from games.engine.nmbr9.legal import awaiting
from games.engine.nmbr9.positions import render
from games.engine.nmbr9.scoring import outcome, score
from games.engine.nmbr9.stack import Stack, Tile
from games.engine.nmbr9.state import Nmbr9State, Phase
from games.engine.nmbr9.tiles import DIGITS, TURNS, footprint


def tile_json(tile: Tile) -> dict[str, int]:
    """A tile as JSON: ``digit``, ``x``, ``y``, ``turn``, ``level``, ``points``."""
    return {
        "digit": tile.digit,
        "x": tile.x,
        "y": tile.y,
        "turn": tile.turn,
        "level": tile.level,
        "points": tile.points,
    }


def visible(state: Nmbr9State, owner: int, seat: int | None, shown: bool) -> Stack:
    """``owner``'s stack as ``seat`` may see it: without the current card's tile while that
    tile is secret (placed by ``owner``, not yet revealed, and ``seat`` is someone else)."""
    stack = state.stacks[owner]
    if shown or owner == seat or not state.placed[owner]:
        return stack
    return Stack(stack.tiles[:-1])


def view(state: Nmbr9State, seat: int | None, reveal: bool = False) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (``None``: a spectator), JSON-ready; ``reveal``
    (replays of finished games) and the end of the game show everything.

    >>> from games.engine.nmbr9.positions import arrange
    >>> state = arrange([["place 0 at 0,0", "place 1 at 3,0"], ["place 0 at 0,0"]], 1, [0])
    >>> [len(view(state, seat)["stacks"][0]) for seat in (0, 1, None)]
    [2, 1, 1]
    >>> view(state, 1)["placed"], view(state, 1)["pending"]["card"]
    ([True, False], 1)
    >>> view(state, 1)["pending"]["footprints"]["90"]
    [[3, 0], [0, 1], [1, 1], [2, 1], [3, 1]]
    """
    shown = reveal or state.phase is Phase.GAME_OVER
    stacks = [visible(state, owner, seat, shown) for owner in state.config.seats]
    taken = Counter(tile.digit for stack in state.stacks for tile in stack.tiles)
    result = outcome(state)
    seen: dict[str, Any] = {
        "seat": seat,
        "config": state.config.to_json(),
        "phase": state.phase.value,
        "card": state.card,
        "turned": list(state.deck[: state.turned]),
        "cards_left": CARDS - state.turned if state.deck else CARDS,
        "deck": list(state.deck) if shown else None,
        "awaiting": sorted(awaiting(state)),
        "placed": list(state.placed),
        "stacks": [[tile_json(tile) for tile in stack.tiles] for stack in stacks],
        "drawings": [list(render(stack)) for stack in stacks],
        "heights": [list(render(stack, "level")) for stack in stacks],
        "scores": [score(stack) for stack in stacks],
        # The box is shared and open: everyone sees how many of each digit are left.
        "supply": {str(digit): TILES_PER_DIGIT - taken[digit] for digit in DIGITS},
        "outcome": None if result is None else result.to_json(),
    }
    if seat is not None and seat in awaiting(state) and state.card is not None:
        seen["pending"] = {
            "card": state.card,
            "notation": f"place {state.card} at X,Y turn 0|90|180|270",
            "first": not state.stacks[seat].tiles,
            # The tile's squares at each turn, from the top-left corner its X,Y names: what a
            # program needs to place it without redrawing the rule book's tiles.
            "footprints": {
                str(turn): [list(cell) for cell in footprint(state.card, turn)] for turn in TURNS
            },
        }
    return seen
