"""NMBR 9 (rule book: seeds/002; ``docs/rules-nmbr9.md``).

Each card turned up, every player places a tile of its digit on their own stack, secretly
and all at once; a tile scores its digit times its level. The public surface::

    state = new_game(Nmbr9Config(players=2))
    state = apply(state, CHANCE, Shuffle(order))    # randomness enters as recorded data
    parse_action("place 7 at 3,-2 turn 90") in legal_actions(state, seat)
    state = apply(state, seat, action)              # or IllegalAction(rule=...)
    view(state, seat)                               # what that seat may know
    outcome(state)                                  # once is_terminal(state)
"""

from games.engine.nmbr9.actions import Action, Place, Shuffle
from games.engine.nmbr9.bots import greedy_action, play_game, random_action
from games.engine.nmbr9.cards import CARDS, DECK, TILES_PER_DIGIT
from games.engine.nmbr9.errors import ConfigError, IllegalAction, NotationError
from games.engine.nmbr9.legal import ActionSpace, awaiting, legal_actions, placements, to_act
from games.engine.nmbr9.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.nmbr9.rules import apply
from games.engine.nmbr9.ruleset import RULES
from games.engine.nmbr9.scoring import is_terminal, outcome, score
from games.engine.nmbr9.stack import Stack, Tile, settle
from games.engine.nmbr9.state import CHANCE, Nmbr9Config, Nmbr9State, Phase, new_game
from games.engine.nmbr9.tiles import DRAWINGS, TURNS, footprint
from games.engine.nmbr9.view import view

__all__ = [
    "CARDS",
    "CHANCE",
    "DECK",
    "DRAWINGS",
    "RULES",
    "TILES_PER_DIGIT",
    "TURNS",
    "Action",
    "ActionSpace",
    "ConfigError",
    "IllegalAction",
    "Nmbr9Config",
    "Nmbr9State",
    "NotationError",
    "Phase",
    "Place",
    "Shuffle",
    "Stack",
    "Tile",
    "action_from_json",
    "action_to_json",
    "action_type",
    "apply",
    "awaiting",
    "footprint",
    "greedy_action",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "placements",
    "play_game",
    "random_action",
    "score",
    "settle",
    "to_act",
    "view",
]
