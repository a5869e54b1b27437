"""What one seat (or a spectator) may know of a game: the only way hidden information leaves
the engine.

Everyone sees the count, the discard pile, whose turn it is and the direction of play, how
many cards each seat holds, how many tokens each has won (and how), which tokens were
already guessed at, and the count each seat announced last. A seat also sees its own hand and
its own secret number. Won tokens lie face up for all to see, except in the expert variant,
where they lie face down and only their owner sees their numbers (a token won on a normal
turn is shown to everyone in that turn's event, not in the view). Nobody sees another hand,
another secret, the draw pile or the token supply until the game is over (or ``reveal``).
"""

from __future__ import annotations

from typing import Any

from games.engine.maya.cards import Card
from games.engine.maya.legal import awaiting
from games.engine.maya.outcome import outcome
from games.engine.maya.state import MayaState, Phase


def _names(cards: tuple[Card, ...]) -> list[str]:
    return [str(card) for card in cards]


def view(state: MayaState, seat: int | None, reveal: bool = False) -> dict[str, Any]:
    """What ``seat`` may know of ``state`` (``None``: a spectator), JSON-ready; ``reveal``
    (replays of finished games) and the end of the game show everything.

    >>> from games.engine.maya.positions import arrange
    >>> seen = view(arrange(["+1 joker", "-2"], count=3, secrets=[4, 6]), 0)
    >>> seen["hands"], seen["secrets"], seen["count"]
    ([['+1', 'joker'], None], [4, None], 3)
    """
    shown = reveal or state.phase is Phase.GAME_OVER
    expert = state.config.expert
    result = outcome(state)
    return {
        "seat": seat,
        "config": state.config.to_json(),
        "phase": state.phase.value,
        "count": state.total,
        "turn": state.turn,
        "direction": state.direction,
        "turns": state.turns,
        "awaiting": sorted(awaiting(state)),
        "hands": [
            _names(tuple(sorted(hand))) if shown or s == seat else None
            for s, hand in enumerate(state.hands)
        ],
        "hand_sizes": [len(hand) for hand in state.hands],
        "pile_size": len(state.pile),
        "pile": _names(state.pile) if shown else None,
        "discard": _names(state.discard),
        "secrets": [
            secret if shown or s == seat else None for s, secret in enumerate(state.secrets)
        ],
        "supply_size": len(state.supply),
        "supply": list(state.supply) if shown else None,
        "won": [
            [
                {
                    "number": w.number if shown or not expert or s == seat else None,
                    "how": w.how.value,
                }
                for w in won
            ]
            for s, won in enumerate(state.won)
        ],
        "guessed": list(state.guessed),
        "left": list(state.left),
        "owed": None
        if state.owed is None
        else {"seat": state.owed.seat, "cards": state.owed.cards},
        "winner": state.winner,
        "outcome": None if result is None else result.to_json(),
    }
