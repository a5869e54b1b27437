"""Turns and tricks: who acts next, when a trick ends, and what its winner may hand out."""

from __future__ import annotations

from typing import Any

from games.engine.numx.cards import Card
from games.engine.numx.rounds import end_round
from games.engine.numx.state import (
    NOBODY,
    Distributing,
    GameState,
    LastTrick,
    Phase,
    ScoreCard,
    Termination,
    Trick,
)


def advance_turn(state: GameState, seat: int, **changes: Any) -> GameState:
    """``seat``'s turn is over: the next player acts, unless everyone after the last pli has
    had their turn without covering it, in which case its owner wins the trick.

    ``changes`` are the fields the action changed, applied in the same ``_replace`` (moves
    are replayed by the thousand: one copy of the state per move, not three).
    """
    # The configuration's own field, not the players property: nearly every move asks.
    following = (seat + 1) % state.config.players
    trick = changes.get("trick", state.trick)
    if following == trick.owner:
        return end_trick(state, following, round_over=False, **changes)
    return state._replace(turn=following, **changes)


def finish_action(state: GameState, seat: int, replay: bool = False, **changes: Any) -> GameState:
    """After ``seat``'s action has fully resolved (with ``changes`` still to apply): laying
    one's last card wins the trick and ends the round; a Block lets its player act again;
    otherwise play moves on."""
    if not changes.get("hands", state.hands)[seat]:
        return end_trick(state, seat, round_over=True, **changes)
    if replay:
        return state._replace(turn=seat, **changes)
    return advance_turn(state, seat, **changes)


def eligible_cards(trick: Trick) -> tuple[Card, ...]:
    """The numbered cards of the plis that hold a Rainbow or a Shadow."""
    return tuple(
        card for pli in trick.plis if pli.eligible for card in pli.cards if card.face.is_numbered
    )


def end_trick(state: GameState, winner: int, round_over: bool, **changes: Any) -> GameState:
    """The trick is won: its winner hands out score cards if there is anything to hand out.

    ``changes`` are the fields the last action changed, applied in the copy that asks for
    the distribution, as in :func:`advance_turn`.
    """
    trick = changes.get("trick", state.trick)
    cards = eligible_cards(trick)
    # An eligible pli holds a Rainbow or a Shadow, numbered cards: no cards, no such pli.
    blank = not cards
    if blank:
        cards = tuple(card for pli in trick.plis for card in pli.cards if card.face.is_numbered)
    seats = range(state.players)
    # Most tricks lock no row: then asking each seat is wasted work.
    receivers = (
        frozenset(s for s in seats if not trick.locked(s)) if trick.locks else frozenset(seats)
    )
    if not cards or not receivers:
        return settle_trick(state._replace(**changes), winner, round_over, handed=())
    eligible = 1 if blank else len(cards)
    cap = eligible // 2 if eligible > 1 else 1
    minimum = min((eligible + 1) // 2, cap * len(receivers))
    return state._replace(
        phase=Phase.DISTRIBUTION,
        turn=winner,
        pending=Distributing(winner, cards, blank, minimum, cap, receivers, round_over),
        **changes,
    )


def settle_trick(
    state: GameState,
    winner: int,
    round_over: bool,
    handed: tuple[tuple[int, ScoreCard], ...],
    **changes: Any,
) -> GameState:
    """Clear the centre (cards not ``handed`` out go to the discard), remember the trick as
    the last one, and start the next trick, led by the winner, or end the round.

    ``handed`` are the score cards handed out, each with its receiving seat; ``changes`` are
    other fields to set in the same copy of the state (the distribution's rows), as in
    :func:`advance_turn`.
    """
    placed = {score.card for _seat, score in handed}
    plis = state.trick.plis
    leftovers = tuple(card for pli in plis for card in pli.cards if card not in placed)
    state = state._replace(
        phase=Phase.PLAY,
        trick=Trick(),
        pending=None,
        discard=state.discard + leftovers,
        turn=winner,
        tricks=state.tricks + 1,
        last_trick=LastTrick(plis, winner, handed),
        **changes,
    )
    if round_over:
        return end_round(state, Termination.LAST_CARD, winner)
    return state


def stalemate(state: GameState) -> GameState:
    """Nobody can open a trick: the round ends where it stands."""
    return end_round(state._replace(trick=Trick(), turn=NOBODY), Termination.STALEMATE, NOBODY)
