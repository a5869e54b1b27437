"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

At a table every grid lies in plain sight and hands are held: so everyone sees every grid,
the size of every hand and of the pot, what each seat asked the pot for and whether it was
served, and the order the last requests were served in. A seat sees its own hand. Nobody
sees another's hand, the tiles in the pot, the tile another gives back in an exchange, or
the tiles another draws. In rounds mode a move is secret until every seat has moved (as the
tiles of one card in NMBR 9): the others see only that the seat has moved, and the grids as
they stood when the last round was served. Once the game is over (or ``reveal``),
everything shows.
"""

from __future__ import annotations

from typing import Any

from games.engine.numenko.actions import Request
from games.engine.numenko.grid import Grid
from games.engine.numenko.legal import awaiting, to_act
from games.engine.numenko.notation import action_to_json
from games.engine.numenko.scoring import outcome
from games.engine.numenko.state import NumenkoState, Phase, Resolution
from games.engine.numenko.tiles import points, written

#: What the move of a seat to act must keep, by rule identifier (the rulebook's).
MOVE_RULES = (
    "numenko.tiles",
    "numenko.shape",
    "numenko.one-equals",
    "numenko.operation",
    "numenko.leading-zero",
    "numenko.division",
    "numenko.equal",
    "numenko.lone-tile",
    "numenko.connected",
    "numenko.exchange",
    "numenko.fini",
    "numenko.all-placed",
)
NOTATION = "pass | grid ROWS | exchange TILE [grid ROWS] | fini [grid ROWS]"


def grid_json(grid: Grid) -> dict[str, Any]:
    """A grid as JSON: its ``rows`` of notation, and each square's ``row``, ``col``,
    ``tile`` (``0`` to ``9``, ``M``, ``F``), ``face`` and ``down`` (the sign read down where
    it differs, else ``None``).

    >>> from games.engine.numenko.notation import parse_grid
    >>> grid_json(parse_grid("1+1=2"))["squares"][1]
    {'row': 0, 'col': 1, 'tile': 'M', 'face': '+', 'down': None}
    """
    return {
        "rows": list(grid.rows()),
        "squares": [
            {
                "row": square.row,
                "col": square.col,
                "tile": square.tile.value,
                "face": square.face,
                "down": square.down,
            }
            for square in grid.squares
        ],
    }


def resolution_json(last: Resolution | None) -> dict[str, Any] | None:
    """How the last requests were served: ``round``, ``order``, what each seat
    ``asked`` (``exchange``, ``fini`` or ``None``) and whether each was ``served``."""
    if last is None:
        return None
    return {
        "round": last.round,
        "order": list(last.order),
        "asked": [None if request is None else request.value for request in last.asked],
        "served": list(last.served),
    }


def serves(state: NumenkoState, request: Request) -> bool:
    """Whether the pot, as it stands, holds enough to serve ``request``."""
    return len(state.pot) >= request.draws


def view(state: NumenkoState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (``None``: a spectator), JSON-ready; ``reveal``
    (replays of finished games) and the end of the game show everything.

    >>> from games.engine.numenko.positions import arrange
    >>> state = arrange(["2x4=8", "1+1=2"], ["79MM", "F"])
    >>> seen = view(state, 0)
    >>> seen["hand"], seen["hand_sizes"], seen["hands"], seen["grids"][1]["rows"]
    ('79MM', [4, 1], None, ['1+1=2'])
    >>> view(state, None)["hand"], "pending" in view(state, None), "pending" in seen
    (None, False, True)
    """
    shown = reveal or state.phase is Phase.GAME_OVER
    mine = seat if seat is not None and 0 <= seat < state.players else None
    result = outcome(state)
    submitted = None if mine is None else state.submitted[mine]
    seen: dict[str, Any] = {
        "seat": seat,
        "config": state.config.to_json(),
        "mode": state.config.mode.value,
        "phase": state.phase.value,
        "round": state.round,
        "pot": len(state.pot),
        "serves": {request.value: serves(state, request) for request in Request},
        "grids": [grid_json(grid) for grid in state.grids],
        "hand_sizes": [len(hand) for hand in state.hands],
        "hand": None if mine is None else written(state.hands[mine]),
        "hand_points": None if mine is None else points(state.hands[mine]),
        "hands": [written(hand) for hand in state.hands] if shown else None,
        "pot_tiles": written(state.pot) if shown else None,
        "submitted": [move is not None for move in state.submitted],
        "submission": None if submitted is None else action_to_json(submitted),
        "submissions": (
            [None if move is None else action_to_json(move) for move in state.submitted]
            if shown
            else None
        ),
        "content": list(state.content),
        "asked": [None if ask is None else ask.request.value for ask in state.asked],
        "awaiting": sorted(awaiting(state)),
        "last": resolution_json(state.last),
        "ending": None if state.ending is None else state.ending.value,
        "short": state.short,
        "outcome": None if result is None else result.to_json(),
    }
    if mine is not None and mine in to_act(state):
        seen["pending"] = {
            "notation": NOTATION,
            "grid": list(state.grids[mine].rows()),
            "hand": written(state.hands[mine]),
            "tiles": written(state.tiles_of(mine)),
            "serves": seen["serves"],
            "rules": list(MOVE_RULES),
        }
    return seen


def decision_basis(state: NumenkoState, seat: int) -> dict[str, Any]:
    """What a seat's move rests on in live mode: its own grid and hand, the moment of the
    game, and whether the pot still serves an exchange and a fini. The others' moves change
    none of these unless they empty the pot below what a request needs, or end the game.

    >>> from games.engine.numenko.positions import arrange
    >>> from games.engine.numenko.state import Mode
    >>> decision_basis(arrange(["2x4=8", ""], ["7", "F"], Mode.LIVE), 0)["serves"]
    {'exchange': True, 'fini': True}
    """
    return {
        "phase": state.phase.value,
        "grid": list(state.grids[seat].rows()),
        "hand": written(state.hands[seat]),
        "serves": {request.value: serves(state, request) for request in Request},
        "content": state.content[seat],
    }
