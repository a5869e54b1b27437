"""NUM-X, the rule set the product is built for (rule book: seeds/000).

The public surface, in the spirit of OpenSpiel's State API::

    state = new_game(GameConfig(players=4, mode=Mode.X_GAME))
    state = apply(state, CHANCE, Deal(order))       # randomness enters as recorded data
    to_act(state)                                   # who may act now (server side)
    parse_action("play blue-7 rainbow-7") in legal_actions(state, seat)
    state = apply(state, seat, action)              # or IllegalAction(rule=...)
    view(state, seat)                               # what that seat may know
    outcome(state)                                  # final scores once is_terminal(state)
"""

from games.engine.numx.actions import (
    ALL,
    BETWEEN,
    Action,
    Block,
    CardAction,
    Complete,
    Deal,
    Distribute,
    Draw,
    Eclair,
    Flip,
    Malus,
    Pass,
    Pick,
    Placement,
    Play,
    Quantum,
    Refill,
    Reset,
    Resolve,
    Shuffle,
    Side,
    Swipe,
    TakeBack,
)
from games.engine.numx.bots import play_random_game, random_action, random_step
from games.engine.numx.cards import DECK, FACES, Card, Colour, Face, Kind, parse_cards, parse_faces
from games.engine.numx.errors import ConfigError, IllegalAction, NotationError
from games.engine.numx.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.numx.modes import (
    CHOOSABLE_SCORING,
    EDITION,
    FIRST_EDITION,
    FOURTH_EDITION,
    SECOND_EDITION,
    THIRD_EDITION,
    GameConfig,
    Mode,
    TripleRule,
)
from games.engine.numx.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.numx.outcome import Outcome, is_terminal, outcome, score_sheets
from games.engine.numx.replay import ReplayError, record_to_json, replay, replay_json
from games.engine.numx.rounds import new_game
from games.engine.numx.rules import apply
from games.engine.numx.scoring import ScoreRule, ScoreSheet, score_faces
from games.engine.numx.state import CHANCE, NOBODY, GameState, Phase
from games.engine.numx.view import SeatView, view

__all__ = [
    "ALL",
    "BETWEEN",
    "CHANCE",
    "CHOOSABLE_SCORING",
    "DECK",
    "EDITION",
    "FACES",
    "FIRST_EDITION",
    "FOURTH_EDITION",
    "NOBODY",
    "SECOND_EDITION",
    "THIRD_EDITION",
    "Action",
    "ActionSpace",
    "Block",
    "Card",
    "CardAction",
    "Colour",
    "Complete",
    "ConfigError",
    "Deal",
    "Distribute",
    "Draw",
    "Eclair",
    "Face",
    "Flip",
    "GameConfig",
    "GameState",
    "IllegalAction",
    "Kind",
    "Malus",
    "Mode",
    "NotationError",
    "Outcome",
    "Pass",
    "Phase",
    "Pick",
    "Placement",
    "Play",
    "Quantum",
    "Refill",
    "ReplayError",
    "Reset",
    "Resolve",
    "ScoreRule",
    "ScoreSheet",
    "SeatView",
    "Shuffle",
    "Side",
    "Swipe",
    "TakeBack",
    "TripleRule",
    "action_from_json",
    "action_to_json",
    "action_type",
    "apply",
    "awaiting",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_cards",
    "parse_faces",
    "play_random_game",
    "random_action",
    "random_step",
    "record_to_json",
    "replay",
    "replay_json",
    "score_faces",
    "score_sheets",
    "to_act",
    "view",
]
