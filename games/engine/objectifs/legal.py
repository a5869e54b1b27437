"""Who may act, and with what: the legal actions of a seat, as collections supporting ``in``.

Every player's moment offers a short list (:class:`ListedActions`): the set-up's pairs of
cards, a turn's plis (with an Echange or Malus + if the player wishes), draws and pass, the
Facteur X another player may lay out of turn, the ways to complete one's malus cards.
Chance's deals are too many to list; :class:`ChanceSpace` checks, enumerates lazily and
samples.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from itertools import combinations, permutations

from games.engine.climbing import ListedActions
from games.engine.objectifs.actions import (
    ALL,
    HAND,
    Action,
    CardAction,
    Deal,
    Direction,
    Draw,
    Echange,
    Lay,
    MalusPlus,
    Pass,
    Play,
    Replace,
    Target,
)
from games.engine.objectifs.cards import DECK, DECK_COUNTS, Card, Kind
from games.engine.objectifs.errors import IllegalAction
from games.engine.objectifs.objectives import OBJECTIVES
from games.engine.objectifs.plis import plis
from games.engine.objectifs.rounds import remove, required
from games.engine.objectifs.state import CHANCE, MALUS_CARDS, ObjectifsState, Phase
from games.engine.objectifs.turns import can_open, check_last
from games.engine.ruleset import Actions

#: The legal actions of one seat at one moment (the protocol's collection of actions).
ActionSpace = Actions[Action]

NO_ACTIONS: ListedActions[Action] = ListedActions(())


def awaiting(state: ObjectifsState) -> frozenset[int]:
    """The seats the game publicly waits for: chance for a deal, the players still to lay
    their malus cards or to complete them, else the player whose turn it is."""
    phase = state.phase
    if phase is Phase.DEAL:
        return frozenset((CHANCE,))
    if phase is Phase.SETUP:
        return frozenset(seat for seat, laid in enumerate(state.laid) if laid is None)
    if phase is Phase.REPLACE:
        return frozenset(seat for seat, due in enumerate(state.due) if due)
    if phase is Phase.PLAY:
        return frozenset((state.turn,))
    return frozenset()


def to_act(state: ObjectifsState) -> frozenset[int]:
    """Every seat that may act now, chance included: besides :func:`awaiting`, every player
    who could lay a Facteur X out of turn.

    This knows who holds what: it is for the server (whom to ask), never for players, who
    see :func:`awaiting`.
    """
    seats = awaiting(state)
    if state.phase is Phase.PLAY and state.trick.top is not None:
        seats |= {
            seat
            for seat in range(state.players)
            if seat != state.turn and next(facteurs_x(state, seat), None) is not None
        }
    return seats


def facteurs_x(state: ObjectifsState, seat: int) -> Iterator[Play]:
    """The Facteurs X ``seat`` may lay out of turn on the pli on top."""
    hand = state.hands[seat]
    for play in plis(hand, state.rows, state.trick.top, False):
        if _keeps_last(hand, play.hand):
            yield play


def _keeps_last(hand: tuple[Card, ...], laid: tuple[Card, ...]) -> bool:
    """Whether laying ``laid`` from ``hand`` keeps the rule of the last card in hand."""
    if len(hand) - len(laid) > 1:
        return True  # two cards or more stay: nothing to check
    try:
        check_last(remove(hand, laid), laid)
    except IllegalAction:
        return False
    return True


def legal_actions(state: ObjectifsState, seat: int) -> ActionSpace:
    """Everything ``seat`` (or :data:`CHANCE`) may do now; empty when nothing."""
    phase = state.phase
    if seat == CHANCE:
        return ChanceSpace(state) if phase is Phase.DEAL else NO_ACTIONS
    if not 0 <= seat < state.players:
        return NO_ACTIONS
    if phase is Phase.SETUP:
        if state.laid[seat] is not None:
            return NO_ACTIONS
        return ListedActions(Lay(pair) for pair in _distinct(state.hands[seat], MALUS_CARDS))
    if phase is Phase.REPLACE:
        return ListedActions(replacements(state, seat))
    if phase is Phase.PLAY:
        if seat == state.turn:
            return ListedActions(turn_moves(state, seat))
        return ListedActions(facteurs_x(state, seat))
    return NO_ACTIONS


def _distinct(cards: Iterable[Card], size: int) -> Iterator[tuple[Card, ...]]:
    """Every choice of ``size`` of ``cards`` (copies of a face being one choice)."""
    return iter(dict.fromkeys(combinations(sorted(cards), size)))


def replacements(state: ObjectifsState, seat: int) -> Iterator[Replace]:
    """The ways ``seat`` may complete its malus cards: as many cards as it must, each from
    the hand or drawn from the pile."""
    if not state.due[seat]:
        return
    wanted = required(state, seat)
    hand = state.hands[seat]
    for from_hand in range(min(wanted, len(hand)), -1, -1):
        draws = wanted - from_hand
        if draws > len(state.pile):
            continue
        for cards in _distinct(hand, from_hand):
            yield Replace(cards, draws)


def turn_moves(state: ObjectifsState, seat: int) -> Iterator[Action]:
    """The moves of the player whose turn it is: plis (with an Echange or Malus + if the
    player wishes), an Echange or Malus + alone, draws, and a pass."""
    hand, rows = state.hands[seat], state.rows
    top = state.trick.top
    # A pli is never made of Echange or Malus + cards: the same ones may go with any pli.
    actions = list(card_actions(state, seat))
    for play in plis(hand, rows, top, True):
        if _keeps_last(hand, play.hand):
            yield play
        if play.pli_value is None:
            continue  # Num-X is laid alone
        for action in actions:
            laid = (*play.hand, action.card) if action.row == HAND else play.hand
            if _keeps_last(hand, laid):
                yield play.carrying(action)
    for action in actions:
        if _keeps_last(hand, (action.card,) if action.row == HAND else ()):
            yield action
    if state.pile:
        yield Draw()
    for owner, row in enumerate(rows):
        if owner != seat:
            for card in sorted(set(row)):
                yield Draw(owner, card)
    if top is not None or not can_open(state, seat):
        yield Pass()


def card_actions(state: ObjectifsState, seat: int) -> Iterator[CardAction]:
    """Every way ``seat`` may play an Echange or a Malus +, from its hand or from anyone's
    malus cards."""
    sources = [(HAND, card) for card in sorted(set(state.hands[seat])) if card.is_action]
    sources += [
        (owner, card)
        for owner, row in enumerate(state.rows)
        for card in sorted(set(row))
        if card.is_action
    ]
    others: list[Target] = [s for s in range(state.players) if s != seat]
    everyone: list[Target] = [*range(state.players), ALL]
    for row, card in sources:
        if card.kind is Kind.ECHANGE:
            for target in others:
                yield Echange(target, None, row)
            for direction in Direction:
                yield Echange(ALL, direction, row)
        else:
            for target in everyone:
                yield MalusPlus(card, target, row)


class ChanceSpace:
    """Chance's deals: every order of the 91 playing cards (and of the ten objectives when
    the table plays with them)."""

    listable = False

    def __init__(self, state: ObjectifsState) -> None:
        self._objectives = OBJECTIVES if state.config.objectives else ()

    def __contains__(self, action: object) -> bool:
        return (
            isinstance(action, Deal)
            and Counter(action.order) == DECK_COUNTS
            and Counter(action.objectives) == Counter(self._objectives)
        )

    def __iter__(self) -> Iterator[Action]:
        seen: set[tuple[Card, ...]] = set()
        for order in permutations(DECK):
            if order not in seen:
                seen.add(order)
                for objectives in permutations(self._objectives):
                    yield Deal(order, objectives)

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        order = list(DECK)
        rng.shuffle(order)
        objectives = list(self._objectives)
        rng.shuffle(objectives)
        return Deal(tuple(order), tuple(objectives))
