"""The end of the game: the first player with five tokens wins; scores count tokens."""

from __future__ import annotations

from games.engine.maya.state import How, MayaState, Phase
from games.engine.ruleset import Outcome, ScoreLine


def is_terminal(state: MayaState) -> bool:
    """Whether the game is over."""
    return state.phase is Phase.GAME_OVER


def outcome(state: MayaState) -> Outcome | None:
    """Each seat's tokens as its score, the seat with five as the winner, and per seat one
    line per way of winning tokens (only revealing, without the expert variant).

    >>> from games.engine.maya.positions import arrange
    >>> from games.engine.maya.state import Won
    >>> five = [Won(n, How.REVEALED, 0) for n in (1, 2, 3, 4, 5)]
    >>> over = arrange(["", ""], won=[five, []])._replace(phase=Phase.GAME_OVER, winner=0)
    >>> result = outcome(over)
    >>> result.scores, result.winners, result.resigned
    ((5, 0), frozenset({0}), frozenset())
    >>> result.breakdown
    ((ScoreLine(rule='maya.revealed', points=5),), (ScoreLine(rule='maya.revealed', points=0),))
    """
    if state.winner is None:
        return None
    ways = tuple(How) if state.config.expert else (How.REVEALED,)
    breakdown = tuple(
        tuple(ScoreLine(how.value, sum(w.how is how for w in won)) for how in ways)
        for won in state.won
    )
    scores = tuple(len(won) for won in state.won)
    return Outcome(scores, frozenset({state.winner}), breakdown)
