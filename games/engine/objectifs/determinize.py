"""A full state one seat cannot tell from the real one: what a search bot plays against.

Everything the seat sees stays as it is (its hand, its objective and its set-up choice,
every malus card, the plis, the discard, the sizes of hands and pile, who has laid and who
must complete, every scored round); everything it does not see is dealt again from what it
has not seen: the other hands and the draw pile from the unseen cards, the other seats'
objectives from the Objective cards it has not seen, and another seat's secret set-up
choice from its new hand.

A public fact beyond the view holds too: a seat that passed on an empty centre (``idle``)
could not open a trick, so it is dealt no classic card and no X-Joker when the unseen cards
allow it.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.objectifs.cards import Card, Kind
from games.engine.objectifs.objectives import Objective
from games.engine.objectifs.state import ObjectifsState, Phase


def determinize(state: ObjectifsState, seat: int, rng: random.Random) -> ObjectifsState:
    """A state consistent with all ``seat`` knows of ``state``, hidden cards and objectives
    drawn again with ``rng``.

    >>> from games.engine.objectifs.positions import arrange
    >>> from games.engine.objectifs.view import view
    >>> hands, rows = ["7 7 joker", "3 4", "5"], ["1 2", "9 9", "0 0"]
    >>> real = arrange(hands, rows, objectives="pair under-5 first-out")
    >>> sampled = determinize(real, 0, random.Random(7))
    >>> view(sampled, 0) == view(real, 0), [len(hand) for hand in sampled.hands]
    (True, [3, 2, 1])
    """
    if state.phase in (Phase.GAME_OVER, Phase.DEAL):
        return state
    others = [s for s in range(state.players) if s != seat]
    unseen = [card for s in others for card in state.hands[s]] + list(state.pile)
    rng.shuffle(unseen)

    def take(fits: Callable[[Card], bool]) -> Card:
        for index in range(len(unseen) - 1, -1, -1):
            if fits(unseen[index]):
                return unseen.pop(index)
        return unseen.pop()

    hands = list(state.hands)
    # The seats that could not open first, while cards that cannot open are still there.
    for s in sorted(others, key=lambda s: s not in state.trick.idle):
        fits = _cannot_open if s in state.trick.idle else _anything
        hands[s] = tuple(take(fits) for _ in state.hands[s])
    objectives = list(state.objectives)
    pool: list[Objective] = [o for s in others if (o := objectives[s]) is not None]
    pool += state.objective_pile
    rng.shuffle(pool)
    for s in others:
        if objectives[s] is not None:
            objectives[s] = pool.pop()
    laid = tuple(
        chosen if chosen is None or s == seat else tuple(rng.sample(hands[s], len(chosen)))
        for s, chosen in enumerate(state.laid)
    )
    return state._replace(
        hands=tuple(hands),
        pile=tuple(unseen),
        objectives=tuple(objectives),
        objective_pile=tuple(pool),
        laid=laid,
        drawn=(),
    )


def _anything(card: Card) -> bool:
    return True


def _cannot_open(card: Card) -> bool:
    """A card that opens no trick: neither a classic card nor an X-Joker."""
    return card.kind not in (Kind.CLASSIC, Kind.JOKER)
