"""Applying an action: check it against the rules, then build the next state.

:func:`apply` is the only way a game moves. It never changes its input; it returns a new
state or raises :class:`~games.engine.objectifs.errors.IllegalAction` naming the broken rule.
"""

from __future__ import annotations

from games.engine.objectifs import rounds, turns
from games.engine.objectifs.actions import Action, Deal, Lay, Replace
from games.engine.objectifs.errors import IllegalAction
from games.engine.objectifs.state import CHANCE, ObjectifsState, Phase

_WAITING = {
    Phase.DEAL: "waiting for the deal",
    Phase.SETUP: "every player first lays two malus cards",
    Phase.REPLACE: "the players short of malus cards are completing them",
    Phase.PLAY: "the round is being played",
}


def apply(state: ObjectifsState, seat: int, action: Action) -> ObjectifsState:
    """The state after ``seat`` (or :data:`CHANCE`) plays ``action``.

    >>> from games.engine.objectifs.notation import parse_action
    >>> from games.engine.objectifs.state import ObjectifsConfig, new_game
    >>> apply(new_game(ObjectifsConfig(2)), 0, parse_action("pass"))
    Traceback (most recent call last):
    ...
    games.engine.objectifs.errors.IllegalAction: waiting for the deal (rule game.phase: ...)
    """
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalAction("game.over", "the game is over")
    if state.drawn:
        # What the pile gave is kept for the move that drew it only (history.facts).
        state = state._replace(drawn=())
    if seat == CHANCE:
        if phase is Phase.DEAL and isinstance(action, Deal):
            return rounds.deal(state, action)
        raise IllegalAction("game.phase", "chance only deals, at the start of each round")
    if not 0 <= seat < state.players:
        raise IllegalAction("game.seat", "there is no seat %(seat)s", seat=seat)
    if phase is Phase.PLAY:
        return turns.act(state, seat, action)
    if phase is Phase.SETUP and isinstance(action, Lay):
        return rounds.lay(state, seat, action)
    if phase is Phase.REPLACE and isinstance(action, Replace):
        return rounds.replace(state, seat, action)
    raise IllegalAction("game.phase", _WAITING[phase])
