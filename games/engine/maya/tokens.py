"""The 20 secret-number tokens: drawing a new secret, and winning tokens into a collection.

The supply is mixed once, by chance, before play (:class:`~games.engine.maya.actions.Mix`);
every later draw takes its top token, so no draw needs randomness of its own.

The supply never runs out while the game goes on: while nobody has five tokens the
collections hold at most 4 × 4 = 16 tokens, and a seat that must draw holds none while the
others hold at most 3, so at least 20 - 16 - 3 = 1 token is left to draw
(``docs/rules-maya.md``, "The token supply").
"""

from __future__ import annotations

from games.engine.maya.errors import NotationError
from games.engine.maya.state import How, MayaState, Phase, Won, replace_at
from games.engine.ruleset import gettext_noop

MIN_SECRET = 1
MAX_SECRET = 10
#: Two sets of tokens 1…10.
TOKENS = tuple(sorted(list(range(MIN_SECRET, MAX_SECRET + 1)) * 2))
#: The first player with this many tokens wins.
TOKENS_TO_WIN = 5


def parse_token(word: str) -> int:
    """A token's number, as notation writes it (``7``).

    >>> parse_token("7")
    7
    """
    if not (word.isascii() and word.isdigit()):
        raise NotationError(gettext_noop("“%(word)s” is not a secret number"), word=word)
    return int(word)


def draw_secret(state: MayaState, seat: int) -> MayaState:
    """``seat`` draws the top token of the supply as its new secret number.

    A new token has not been guessed at, and nothing is known yet of where its owner plays.
    """
    secret, *supply = state.supply
    return state._replace(
        secrets=replace_at(state.secrets, seat, secret),
        supply=tuple(supply),
        guessed=replace_at(state.guessed, seat, False),
        left=replace_at(state.left, seat, None),
        ruled_out=replace_at(state.ruled_out, seat, frozenset()),
    )


def rule_out(state: MayaState, seat: int, number: int) -> MayaState:
    """The table now knows ``seat``'s current token does not bear ``number`` (a count
    announced without revealing it, a wrong guess); a count no token bears teaches nothing.

    >>> from games.engine.maya.positions import arrange
    >>> state = rule_out(rule_out(arrange(["", ""]), 1, 4), 1, 12)
    >>> state.ruled_out
    (frozenset(), frozenset({4}))
    """
    if not MIN_SECRET <= number <= MAX_SECRET:
        return state
    return state._replace(
        ruled_out=replace_at(state.ruled_out, seat, state.ruled_out[seat] | {number})
    )


def take_token(state: MayaState, loser: int, winner: int, how: How) -> MayaState:
    """``loser``'s secret token goes to ``winner``'s collection (the same seat when it
    reveals its own). A fifth token wins at once; otherwise ``loser`` draws a new one."""
    number = state.secrets[loser]
    assert number is not None  # every seat holds a token from the mix to the end
    won = replace_at(state.won, winner, (*state.won[winner], Won(number, how, loser)))
    state = state._replace(won=won, secrets=replace_at(state.secrets, loser, None))
    if len(won[winner]) >= TOKENS_TO_WIN:
        return state._replace(phase=Phase.GAME_OVER, winner=winner)
    return draw_secret(state, loser)
