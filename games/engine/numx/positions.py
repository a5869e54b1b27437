"""Building a position from a description, as python-chess builds a board from a FEN.

For tests, puzzles and demos: say who holds what and whose turn it is; every card not
named stays in the draw pile, in box order, so the 125 cards are all accounted for.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.engine.numx.cards import Card, deck, parse_cards
from games.engine.numx.errors import NotationError
from games.engine.numx.modes import GameConfig
from games.engine.numx.rounds import new_game
from games.engine.numx.state import GameState, Phase, ScoreCard

#: Prefix of a face-down card in a row description (``?red-3``).
FACE_DOWN = "?"


def arrange(
    config: GameConfig,
    hands: Sequence[str],
    rows: Sequence[str] = (),
    turn: int = 0,
    pile: str = "",
    round_no: int = 1,
) -> GameState:
    """A position in the middle of a round, at the start of a trick.

    ``hands`` and ``rows`` hold one space-separated description per seat; a row card written
    ``?red-3`` lies face down (known to nobody). ``pile`` names the top cards of the draw
    pile, top first; the rest of the pile follows in box order.

    >>> state = arrange(GameConfig(2), ["blue-1 red-2", "green-3"], ["?rainbow-4", ""])
    >>> [str(card) for card in state.hands[0]], len(state.pile)
    (['blue-1', 'red-2'], 121)
    """
    if len(hands) != config.players or len(rows) not in (0, config.players):
        raise NotationError(f"describe the hands (and rows) of all {config.players} seats")
    words = [*(" ".join(hands)).split(), *(" ".join(rows)).split(), *pile.split()]
    box = deck(config.malus_values)
    cards = iter(parse_cards((word.removeprefix(FACE_DOWN) for word in words), box))
    hand_cards = tuple(tuple(next(cards) for _ in hand.split()) for hand in hands)
    row_cards = tuple(
        tuple(ScoreCard(next(cards), not word.startswith(FACE_DOWN)) for word in row.split())
        for row in rows or [""] * config.players
    )
    top = tuple(next(cards) for _ in pile.split())
    named = {card for hand in hand_cards for card in hand}
    named |= {score.card for row in row_cards for score in row} | set(top)
    outside = sorted(str(card) for card in named if card not in set(config.deck))
    if outside:
        raise NotationError(f"not in this mode's deck: {', '.join(outside)}")
    rest: tuple[Card, ...] = tuple(card for card in config.deck if card not in named)
    return new_game(config)._replace(
        phase=Phase.PLAY,
        round_no=round_no,
        hands=hand_cards,
        rows=row_cards,
        pile=top + rest,
        turn=turn,
    )
