"""NUM-X "Objectifs" (rule book: seeds/001; ``docs/rules-objectifs.md``): NUM-X's earlier
rule set, a climbing card game where each round is won with the fewest malus points, over
five rounds, each player chasing a secret objective.

The public surface::

    state = new_game(ObjectifsConfig(players=4))
    state = apply(state, CHANCE, Deal(order, objectives))   # chance as recorded data
    parse_action("play 7 7@2") in legal_actions(state, seat)
    state = apply(state, seat, action)                       # or IllegalAction(rule=...)
    view(state, seat)                                        # what that seat may know
    outcome(state)                                           # once is_terminal(state)
"""

from games.engine.objectifs.actions import (
    ALL,
    HAND,
    Action,
    Deal,
    Direction,
    Draw,
    Echange,
    Lay,
    MalusPlus,
    Pass,
    Play,
    Replace,
    RowCard,
)
from games.engine.objectifs.cards import DECK, INFINITY, Card, Kind, parse_cards
from games.engine.objectifs.errors import ConfigError, IllegalAction, NotationError
from games.engine.objectifs.heuristic import heuristic_action
from games.engine.objectifs.legal import ActionSpace, awaiting, legal_actions, to_act
from games.engine.objectifs.notation import (
    action_from_json,
    action_to_json,
    action_type,
    parse_action,
)
from games.engine.objectifs.objectives import OBJECTIVES, Objective
from games.engine.objectifs.outcome import is_terminal, outcome
from games.engine.objectifs.rules import apply
from games.engine.objectifs.ruleset import RULES
from games.engine.objectifs.state import (
    CHANCE,
    NOBODY,
    ROUNDS,
    ObjectifsConfig,
    ObjectifsState,
    Phase,
    RoundEnd,
    new_game,
)
from games.engine.objectifs.view import view

__all__ = [
    "ALL",
    "CHANCE",
    "DECK",
    "HAND",
    "INFINITY",
    "NOBODY",
    "OBJECTIVES",
    "ROUNDS",
    "RULES",
    "Action",
    "ActionSpace",
    "Card",
    "ConfigError",
    "Deal",
    "Direction",
    "Draw",
    "Echange",
    "IllegalAction",
    "Kind",
    "Lay",
    "MalusPlus",
    "NotationError",
    "ObjectifsConfig",
    "ObjectifsState",
    "Objective",
    "Pass",
    "Phase",
    "Play",
    "Replace",
    "RoundEnd",
    "RowCard",
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
    "to_act",
    "view",
]
