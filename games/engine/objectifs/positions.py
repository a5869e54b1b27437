"""Building a position from a description, as python-chess builds a board from a FEN.

For tests, puzzles and demos: say who holds what, what lies in front of each player and
whose turn it is; every card not named stays in the draw pile, in box order, so the 91
cards are all accounted for (and the Objective cards not drawn lie in their pile).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.objectifs.cards import DECK_COUNTS, Card, parse_cards
from games.engine.objectifs.errors import NotationError
from games.engine.objectifs.objectives import OBJECTIVES, Objective
from games.engine.objectifs.state import ObjectifsConfig, ObjectifsState, Phase, new_game


def arrange(
    hands: Sequence[str],
    rows: Sequence[str] = (),
    turn: int = 0,
    pile: str = "",
    objectives: str = "",
    round_no: int = 1,
    infinity_four: bool = False,
) -> ObjectifsState:
    """A position in the middle of a round, at the start of a trick, with one seat a hand.

    ``hands`` and ``rows`` (the malus cards) hold one space-separated description per seat;
    ``pile`` names the top cards of the draw pile, top first; ``objectives`` names each
    seat's objective in seat order (none: a table without the Objective cards).

    >>> state = arrange(["7 joker", "3"], ["1 2", "9 9"], objectives="pair four-malus")
    >>> [str(card) for card in state.hands[0]], len(state.pile), state.objectives[1].value
    (['7', 'joker'], 84, 'four-malus')
    """
    players = len(hands)
    if len(rows) not in (0, players):
        raise NotationError(f"describe the malus cards of all {players} seats")
    held = [parse_cards(hand) for hand in hands]
    laid = [parse_cards(row) for row in rows] if rows else [()] * players
    top = parse_cards(pile)
    named = Counter([*(c for h in held for c in h), *(c for r in laid for c in r), *top])
    extra = named - DECK_COUNTS
    if extra:
        raise NotationError(f"more than the box holds: {', '.join(map(str, sorted(extra)))}")
    rest = DECK_COUNTS - named
    drawn = tuple(Objective.parse(word) for word in objectives.split())
    if drawn and len(drawn) != players:
        raise NotationError(f"name the objectives of all {players} seats")
    config = ObjectifsConfig(players, objectives=bool(drawn), infinity_four=infinity_four)
    left: tuple[Card, ...] = tuple(sorted(rest.elements()))
    return new_game(config)._replace(
        phase=Phase.PLAY,
        round_no=round_no,
        hands=tuple(held),
        rows=tuple(laid),
        pile=top + left,
        objectives=drawn or (None,) * players,
        objective_pile=tuple(o for o in OBJECTIVES if o not in drawn),
        turn=turn,
        starter=turn,
    )
