"""Applying an action: check it against the rules, then build the next state.

:func:`apply` is the only way a game moves. It never changes its input; it returns a new
state or raises :class:`~games.engine.maya.errors.IllegalAction` naming the broken rule.
"""

from __future__ import annotations

from games.engine.maya import dealing, expert, turns
from games.engine.maya.actions import Action, Deal, Guess, Mix, Play, Shuffle, Start
from games.engine.maya.errors import IllegalAction
from games.engine.maya.state import CHANCE, MayaState, Phase


def apply(state: MayaState, seat: int, action: Action) -> MayaState:
    """The state after ``seat`` (or :data:`CHANCE`) plays ``action``.

    >>> from games.engine.maya import MayaConfig, new_game, parse_action
    >>> apply(new_game(MayaConfig(2)), 0, parse_action("play +4"))
    Traceback (most recent call last):
    ...
    games.engine.maya.errors.IllegalAction: waiting for chance: deal (rule maya.phase: ...)
    """
    phase = state.phase
    if phase is Phase.GAME_OVER:
        raise IllegalAction("maya.game-over", "the game is over")
    if seat == CHANCE:
        return _chance(state, action)
    if seat not in state.config.seats:
        raise IllegalAction("maya.seat", "there is no seat %(seat)s", seat=seat)
    if phase is Phase.START:
        return _dealers_choice(state, seat, action)
    if phase is not Phase.PLAY:
        raise IllegalAction("maya.phase", "waiting for chance: %(step)s", step=phase.value)
    if seat != state.turn:
        raise IllegalAction("maya.turn", "it is seat %(seat)s's turn", seat=state.turn)
    if isinstance(action, Play):
        return turns.play(state, seat, action)
    if isinstance(action, Guess):
        return expert.guess(state, seat, action)
    raise IllegalAction("maya.phase", "players play cards or guess; chance shuffles")


def _dealers_choice(state: MayaState, seat: int, action: Action) -> MayaState:
    """A Joker turned up at the deal: the dealer, and only they, names the starting count."""
    dealer = state.config.dealer
    if seat != dealer:
        raise IllegalAction(
            "maya.turn", "the dealer, seat %(seat)s, chooses the starting count", seat=dealer
        )
    if not isinstance(action, Start):
        raise IllegalAction("maya.phase", "a Joker was turned up: choose the starting count")
    return dealing.start(state, action)


def _chance(state: MayaState, action: Action) -> MayaState:
    if state.phase is Phase.DEAL and isinstance(action, Deal):
        return dealing.deal(state, action)
    if state.phase is Phase.MIX and isinstance(action, Mix):
        return dealing.mix(state, action)
    if state.phase is Phase.RESHUFFLE and isinstance(action, Shuffle):
        return dealing.reshuffle(state, action)
    raise IllegalAction(
        "maya.phase",
        "chance does not %(action)s now (%(step)s)",
        action=type(action).__name__.lower(),
        step=state.phase.value,
    )
