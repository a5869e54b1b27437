"""The expert variant: instead of playing a card, guess an opponent's secret number.

Right, the guesser wins the opponent's token and the opponent draws a new one; wrong, the
opponent wins the guesser's token and the guesser draws a new one. Each token can be
guessed once: after a wrong guess it is safe until its owner replaces it.
"""

from __future__ import annotations

from games.engine.maya.actions import Guess
from games.engine.maya.errors import IllegalAction
from games.engine.maya.state import How, MayaState, replace_at
from games.engine.maya.tokens import MAX_SECRET, MIN_SECRET, rule_out, take_token
from games.engine.maya.turns import next_seat


def check_guess(state: MayaState, seat: int, action: Guess) -> None:
    """Refuse a guess outside the expert variant, at oneself or a seat not in the game, of
    a number no token bears, or at a token already guessed."""
    if not state.config.expert:
        raise IllegalAction("maya.expert", "this game is played without the expert variant")
    target = action.target
    if target == seat or target not in state.config.seats:
        raise IllegalAction(
            "maya.guess-target", "seat %(seat)s is not one of your opponents", seat=target
        )
    if not MIN_SECRET <= action.number <= MAX_SECRET:
        raise IllegalAction("maya.guess-number", "no token bears %(number)s", number=action.number)
    if state.guessed[target]:
        raise IllegalAction(
            "maya.guess-once", "seat %(seat)s's token has been guessed already", seat=target
        )


def guess(state: MayaState, seat: int, action: Guess) -> MayaState:
    """``seat`` guesses; the winner of the token may reach five tokens and win at once."""
    check_guess(state, seat, action)
    target = action.target
    state = state._replace(
        turn=next_seat(seat, state.direction, state.players), turns=state.turns + 1
    )
    if state.secrets[target] == action.number:
        return take_token(state, target, seat, How.GUESSED)
    state = take_token(state, seat, target, How.DEFENDED)
    if state.winner is not None:
        return state
    return rule_out(
        state._replace(guessed=replace_at(state.guessed, target, True)), target, action.number
    )
