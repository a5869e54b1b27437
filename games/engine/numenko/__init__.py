"""Numenko (rule book: seeds/003; ``docs/rules-numenko.md``).

Everyone builds a crossword grid of calculations from their own tiles at once; an exchange
gives one tile back for two, fini (every tile laid) draws four; the game stops when the pot
cannot serve, and the fewest points in hand win. By mail it is played in rounds, every seat
moving once, secretly, then the round's requests served in an order chance draws; live, each
move counts when it arrives. The public surface::

    state = new_game(NumenkoConfig(players=3))      # or mode=Mode.LIVE
    state = apply(state, CHANCE, deal)               # randomness enters as recorded data
    parse_action("exchange 9 grid 2x4=8 / ..x.. / ..1=4") in legal_actions(state, seat)
    state = apply(state, seat, action)               # or IllegalAction(rule=...)
    view(state, seat)                                # what that seat may know
    outcome(state)                                   # once is_terminal(state)
"""

from games.engine.numenko.actions import Action, Deal, Draw, Play, Request
from games.engine.numenko.bots import candidate_actions, play_game, random_action, solver_action
from games.engine.numenko.calculation import Fault
from games.engine.numenko.crossword import check_grid, is_valid, verdicts
from games.engine.numenko.errors import ConfigError, IllegalAction, NotationError
from games.engine.numenko.grid import Direction, Grid, Run, Square, runs
from games.engine.numenko.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.numenko.notation import (
    action_from_json,
    action_to_json,
    action_type,
    bare_grid,
    parse_action,
    parse_grid,
)
from games.engine.numenko.rules import apply, judge
from games.engine.numenko.ruleset import RULES
from games.engine.numenko.scoring import is_terminal, outcome
from games.engine.numenko.solver import solve
from games.engine.numenko.state import (
    CHANCE,
    Ending,
    Mode,
    NumenkoConfig,
    NumenkoState,
    Phase,
    new_game,
)
from games.engine.numenko.tiles import TOTAL, Tile
from games.engine.numenko.view import view

__all__ = [
    "CHANCE",
    "RULES",
    "TOTAL",
    "Action",
    "ActionSpace",
    "ConfigError",
    "Deal",
    "Direction",
    "Draw",
    "Ending",
    "Fault",
    "Grid",
    "IllegalAction",
    "Mode",
    "NotationError",
    "NumenkoConfig",
    "NumenkoState",
    "Phase",
    "Play",
    "Request",
    "Run",
    "Square",
    "Tile",
    "action_from_json",
    "action_to_json",
    "action_type",
    "apply",
    "awaiting",
    "bare_grid",
    "candidate_actions",
    "check_grid",
    "is_terminal",
    "is_valid",
    "judge",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_grid",
    "play_game",
    "random_action",
    "runs",
    "solve",
    "solver_action",
    "to_act",
    "verdicts",
    "view",
]
