"""Maya mystery numbers (rule book: seeds/004; ``docs/rules-maya.md``).

Play a card to move a shared count; when the count equals your secret number on your turn,
reveal the token and draw another; the first to five tokens wins. The public surface::

    state = new_game(MayaConfig(players=3, expert=True))
    state = apply(state, CHANCE, Deal(order))     # randomness enters as recorded data
    state = apply(state, dealer, Start(-3))       # only if the deal turned up a Joker
    state = apply(state, CHANCE, Mix(tokens))
    parse_action("play temple then -2") in legal_actions(state, seat)
    state = apply(state, seat, action)            # or IllegalAction(rule=...)
    view(state, seat)                             # what that seat may know
    outcome(state)                                # once is_terminal(state)
"""

from games.engine.maya.actions import Action, Deal, Guess, Mix, Play, Played, Shuffle, Start
from games.engine.maya.bots import heuristic_action, play_random_game, random_action, random_step
from games.engine.maya.cards import DECK, Card, Kind, parse_cards
from games.engine.maya.errors import ConfigError, IllegalAction, NotationError
from games.engine.maya.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.maya.notation import action_from_json, action_to_json, action_type, parse_action
from games.engine.maya.outcome import is_terminal, outcome
from games.engine.maya.rules import apply
from games.engine.maya.ruleset import RULES
from games.engine.maya.state import (
    CHANCE,
    EDITION,
    FIRST_EDITION,
    How,
    MayaConfig,
    MayaState,
    Phase,
    Won,
    new_game,
)
from games.engine.maya.tokens import TOKENS
from games.engine.maya.view import view

__all__ = [
    "CHANCE",
    "DECK",
    "EDITION",
    "FIRST_EDITION",
    "RULES",
    "TOKENS",
    "Action",
    "ActionSpace",
    "Card",
    "ConfigError",
    "Deal",
    "Guess",
    "How",
    "IllegalAction",
    "Kind",
    "MayaConfig",
    "MayaState",
    "Mix",
    "NotationError",
    "Phase",
    "Play",
    "Played",
    "Shuffle",
    "Start",
    "Won",
    "action_from_json",
    "action_to_json",
    "action_type",
    "apply",
    "awaiting",
    "heuristic_action",
    "is_terminal",
    "legal_actions",
    "new_game",
    "outcome",
    "parse_action",
    "parse_cards",
    "play_random_game",
    "random_action",
    "random_step",
    "to_act",
    "view",
]
