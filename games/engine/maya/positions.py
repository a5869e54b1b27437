"""Building a position from a description, as python-chess builds a board from a FEN.

For tests, puzzles and demos: say who holds what, the count, the secret numbers and whose
turn it is; every card not named lies in the draw pile (box order) and every token not
named in the supply (ascending), so the 69 cards and 20 tokens are all accounted for.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.maya.cards import DECK, Card, parse_cards
from games.engine.maya.errors import NotationError
from games.engine.maya.state import EDITION, MayaConfig, MayaState, Phase, Won, new_game
from games.engine.maya.tokens import TOKENS


def arrange(
    hands: Sequence[str],
    count: int = 0,
    secrets: Sequence[int] = (),
    turn: int = 0,
    pile: str = "",
    discard: str = "",
    supply: Sequence[int] = (),
    won: Sequence[Sequence[Won]] = (),
    expert: bool = False,
    edition: int = EDITION,
) -> MayaState:
    """A position in play. ``hands`` holds one description per seat (its length is the
    number of players); ``pile`` names the top cards of the draw pile (top first) and
    ``discard`` the discard pile (bottom first); ``secrets`` default to 10, 9, 8, 7;
    ``supply`` names the top tokens of the supply; ``edition`` is the rules edition.

    >>> state = arrange(["+1 joker", "-2"], count=3, secrets=[4, 6])
    >>> [str(card) for card in state.hands[0]], len(state.pile), len(state.supply)
    (['+1', 'joker'], 66, 18)
    """
    config = MayaConfig(len(hands), expert, edition)
    seats = config.players
    secrets = tuple(secrets) or tuple(range(10, 10 - seats, -1))
    collections = tuple(tuple(w) for w in won) or ((),) * seats
    hand_cards = tuple(parse_cards(hand) for hand in hands)
    top, bottom = parse_cards(pile), parse_cards(discard)
    rest = Counter(DECK)
    rest.subtract([*(c for hand in hand_cards for c in hand), *top, *bottom])
    tokens = Counter(TOKENS)
    tokens.subtract([*secrets, *supply, *(w.number for seat in collections for w in seat)])
    if min(rest.values()) < 0 or min(tokens.values()) < 0 or len(secrets) != seats:
        raise NotationError("more cards or tokens named than the box holds, or secrets missing")
    remaining: tuple[Card, ...] = tuple(card for card in DECK for _ in range(rest.pop(card, 0)))
    return new_game(config)._replace(
        phase=Phase.PLAY,
        hands=hand_cards,
        pile=top + remaining,
        discard=bottom,
        total=count,
        turn=turn,
        secrets=secrets,
        supply=(*supply, *sorted(tokens.elements())),
        won=collections,
    )
