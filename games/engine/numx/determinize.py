"""A full state one seat cannot tell from the real one: what a search bot plays against.

Everything the seat sees stays as it is (its hand, every public card, the face-down score
cards it knows, the sizes of hands and pile, whose secret is in); everything it does not
see is dealt again from the cards it has not seen: the other hands, the draw pile, the
face-down score cards it does not know, a card another seat drew and must play, the cards
another Malus target drew for its row, the other seats' secret picks and choices.

Public facts beyond the view hold too: a seat that passed on an empty centre (``idle``)
could not open, so it is dealt no numbered card and no Joker; a drawn card waiting to be
played is one that can be played (``has_use``); a secret pick is a card of its hand.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from games.engine.numx.action_cards import malus_task
from games.engine.numx.cards import JOKER, Card, Face
from games.engine.numx.rounds import REFILL, RESET
from games.engine.numx.rules import has_use
from games.engine.numx.state import (
    DrawnCard,
    GameState,
    MalusResolution,
    MalusTask,
    Phase,
    ScoreCard,
)


def determinize(state: GameState, seat: int, rng: random.Random) -> GameState:
    """A state consistent with all ``seat`` knows of ``state``, hidden cards drawn from
    the cards ``seat`` has not seen (with ``rng``).

    >>> from games.engine.numx import GameConfig, view
    >>> from games.engine.numx.positions import arrange
    >>> real = arrange(GameConfig(3), ["blue-1 red-2", "green-3 joker", "rainbow-4"])
    >>> sampled = determinize(real, 0, random.Random(7))
    >>> view(sampled, 0) == view(real, 0), [len(hand) for hand in sampled.hands]
    (True, [2, 2, 1])
    """
    if state.phase is Phase.GAME_OVER:
        return state
    for _ in range(ATTEMPTS):
        try:
            return _deal_again(state, seat, rng, strict=True)
        except _NoFit:
            continue
    return _deal_again(state, seat, rng, strict=False)


#: Deals tried before a drawn card waiting to be played may be one without a use.
ATTEMPTS = 20


class _NoFit(Exception):
    """This deal left no card that fits a public fact: deal again."""


def _deal_again(state: GameState, seat: int, rng: random.Random, strict: bool) -> GameState:
    pending = state.pending
    others = [s for s in range(state.players) if s != seat]
    drawn_by = pending.seat if isinstance(pending, DrawnCard) and pending.seat != seat else None
    tasks = pending.tasks if isinstance(pending, MalusResolution) else ()
    hidden_rows = [
        (s, i)
        for s in range(state.players)
        for i, sc in enumerate(state.rows[s])
        if not sc.visible_to(seat)
    ]
    unseen: list[Card] = [card for s in others for card in state.hands[s]]
    unseen += state.pile
    unseen += [state.rows[s][i].card for s, i in hidden_rows]
    unseen += [card for task in tasks if task.seat != seat for card in task.drawn]
    rng.shuffle(unseen)

    def take(fits: Callable[[Card], bool] | None = None) -> Card:
        if fits is None:
            return unseen.pop()
        for index in range(len(unseen) - 1, -1, -1):
            if fits(unseen[index]):
                return unseen.pop(index)
        raise _NoFit

    hands = list(state.hands)
    # Constrained seats first, while the cards they need are still there.
    for s in sorted(others, key=lambda s: s not in state.trick.idle):
        kept = state.hands[s]
        size = len(kept) - (s == drawn_by)
        if s in state.trick.idle:
            hands[s] = tuple(take(_cannot_open) for _ in range(size))
        else:
            hands[s] = tuple(take() for _ in range(size))
    new_pending = pending
    if drawn_by is not None:
        before = state._replace(hands=tuple(hands), pending=None)
        # A drawn card that can be played fits the other hand it joins: a deal where
        # none does is dealt again, and after a few tries any card will do (the seat's
        # view does not show the difference).
        card = take(lambda c: has_use(before, drawn_by, c) if strict else True)
        hands[drawn_by] = (*hands[drawn_by], card)
        new_pending = DrawnCard(drawn_by, card)
    if tasks:
        new_tasks = tuple(
            task
            if task.seat == seat
            else MalusTask(task.seat, task.discard, task.remove, tuple(take() for _ in task.drawn))
            for task in tasks
        )
        assert isinstance(pending, MalusResolution)
        new_pending = MalusResolution(pending.actor, new_tasks)
    rows = [list(row) for row in state.rows]
    for s, i in hidden_rows:
        old = rows[s][i]
        rows[s][i] = ScoreCard(take(), old.face_up, old.known_to)
    secret = tuple(
        _secret(value, hands[s], rng) if s != seat else value
        for s, value in enumerate(state.secret)
    )
    pile = tuple(unseen)
    assert len(pile) == len(state.pile)
    determinized = state._replace(
        hands=tuple(hands),
        rows=tuple(tuple(row) for row in rows),
        pile=pile,
        pending=new_pending,
        secret=secret,
    )
    assert malus_task(determinized, seat) == malus_task(state, seat)
    return determinized


def _cannot_open(card: Card) -> bool:
    """A card that opens no trick: neither numbered nor a Joker."""
    return not card.face.is_numbered and card.face is not JOKER


def _secret(
    value: Face | str | None, hand: tuple[Card, ...], rng: random.Random
) -> Face | str | None:
    """Another seat's secret, drawn again: a pick is a face of its hand; a choice between
    rounds, refill or reset."""
    if value is None:
        return None
    if isinstance(value, str):
        return rng.choice((REFILL, RESET))
    return rng.choice(hand).face
