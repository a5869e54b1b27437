"""Who may act, and with what: the legal actions of a seat, as collections supporting ``in``.

A player's turn offers a short list (:class:`ListedActions`: its plays, and its guesses in
the expert variant). Chance's shuffles are too many to list; :class:`ChanceSpace` checks
membership with :func:`~games.engine.maya.rules.apply`, enumerates lazily and samples.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Iterator
from typing import Protocol, TypeVar

from games.engine.maya.actions import Action, Deal, Guess, Mix, Play, Played, Shuffle, Start
from games.engine.maya.cards import DECK, JOKER_VALUES, Card, Kind
from games.engine.maya.dealing import deal_names_start
from games.engine.maya.errors import IllegalAction
from games.engine.maya.rules import apply
from games.engine.maya.state import CHANCE, MayaConfig, MayaState, Phase
from games.engine.maya.tokens import MAX_SECRET, MIN_SECRET, TOKENS
from games.engine.maya.turns import continues


class ActionSpace(Protocol):
    """The legal actions of one seat at one moment."""

    #: Few enough to offer one by one (see :class:`games.engine.ruleset.Actions`).
    listable: bool

    def __contains__(self, action: object) -> bool: ...

    def __iter__(self) -> Iterator[Action]: ...

    def __bool__(self) -> bool: ...

    def sample(self, rng: random.Random) -> Action:
        """One legal action, at random."""
        ...


class ListedActions:
    """A short, fully listed set of legal actions, in a stable order."""

    listable = True

    def __init__(self, actions: Iterable[Action]) -> None:
        self._actions = tuple(dict.fromkeys(actions))
        self._set = frozenset(self._actions)

    def __contains__(self, action: object) -> bool:
        return action in self._set

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __bool__(self) -> bool:
        return bool(self._actions)

    def sample(self, rng: random.Random) -> Action:
        return rng.choice(self._actions)

    def __repr__(self) -> str:
        return f"ListedActions({[str(a) for a in self._actions]})"


NO_ACTIONS = ListedActions(())
#: What chance puts in order: cards or tokens.
T = TypeVar("T", Card, int)


def awaiting(state: MayaState) -> frozenset[int]:
    """The seats the game waits for: chance while it deals, mixes or reshuffles, the dealer
    while they choose a Joker's starting count, else the player to act. Nobody acts out of
    turn in Maya, so this is also :func:`to_act`."""
    if state.phase is Phase.PLAY:
        return frozenset((state.turn,))
    if state.phase is Phase.START:
        return frozenset((state.config.dealer,))
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    return frozenset((CHANCE,))


def to_act(state: MayaState) -> frozenset[int]:
    """Every seat that may act now, :data:`CHANCE` included."""
    return awaiting(state)


def legal_actions(state: MayaState, seat: int) -> ActionSpace:
    """Everything ``seat`` (or :data:`CHANCE`) may do now; empty when nothing.

    >>> from games.engine.maya.positions import arrange
    >>> state = arrange(["+1 -1 0 skip joker", "+2 +2", "+3 +3"])
    >>> len(legal_actions(state, 0)), len(legal_actions(state, 1))
    (14, 0)
    """
    if seat not in to_act(state):
        return NO_ACTIONS
    if seat == CHANCE:
        return ChanceSpace(state)
    if state.phase is Phase.START:
        return ListedActions(Start(count) for count in JOKER_VALUES)
    return ListedActions((*plays(state.hands[seat], state.config), *guesses(state, seat)))


def plays(hand: tuple[Card, ...], config: MayaConfig) -> Iterator[Play]:
    """Every play a hand allows: each card (a Joker as each of its ten values), and after a
    card that lets its player go on, each way of going on (a Temple may also end the move:
    its bonus card is a choice)."""
    for cards in _chains(hand, config):
        yield Play(cards)


def _chains(hand: tuple[Card, ...], config: MayaConfig) -> Iterator[tuple[Played, ...]]:
    for card in sorted(set(hand)):
        rest = list(hand)
        rest.remove(card)
        for played in _ways(card):
            goes_on = continues(card, config) and bool(rest)
            if not goes_on or card.kind is Kind.TEMPLE:
                yield (played,)
            if goes_on:
                for tail in _chains(tuple(rest), config):
                    yield (played, *tail)


def _ways(card: Card) -> tuple[Played, ...]:
    if card.kind is Kind.JOKER:
        return tuple(Played(card, value) for value in JOKER_VALUES)
    return (Played(card),)


def guesses(state: MayaState, seat: int) -> Iterator[Guess]:
    """Expert variant: every guess at an opponent's token not guessed yet."""
    if not state.config.expert:
        return
    for target in state.config.seats:
        if target != seat and not state.guessed[target]:
            for number in range(MIN_SECRET, MAX_SECRET + 1):
                yield Guess(target, number)


class ChanceSpace:
    """Chance's choices: every order of the deck (with, in a first-edition game, a turned-up
    Joker's count), of the tokens, or of the discard pile to reshuffle."""

    listable = False

    def __init__(self, state: MayaState) -> None:
        self._state = state

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, (Deal, Mix, Shuffle)):
            return False
        try:
            apply(self._state, CHANCE, action)
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        state = self._state
        if state.phase is Phase.MIX:
            yield from (Mix(order) for order in _orders(TOKENS))
        elif state.phase is Phase.RESHUFFLE:
            yield from (Shuffle(order) for order in _orders(state.discard))
        else:
            for order in _orders(DECK):
                if deal_names_start(state, order):
                    yield from (Deal(order, start) for start in JOKER_VALUES)
                else:
                    yield Deal(order)

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        state = self._state
        if state.phase is Phase.MIX:
            tokens = list(TOKENS)
            rng.shuffle(tokens)
            return Mix(tuple(tokens))
        cards = sorted(state.discard if state.phase is Phase.RESHUFFLE else DECK)
        rng.shuffle(cards)
        if state.phase is Phase.RESHUFFLE:
            return Shuffle(tuple(cards))
        # A first-edition deal draws the Joker's count after the order, as it always did:
        # a game's committed seed must draw its recorded deal again.
        names_start = deal_names_start(state, tuple(cards))
        return Deal(tuple(cards), rng.choice(JOKER_VALUES) if names_start else None)


def _orders(items: Iterable[T]) -> Iterator[tuple[T, ...]]:
    """Every distinct order of ``items`` (a multiset), lazily."""
    counts = Counter(items)
    size = sum(counts.values())

    def extend(prefix: list[T]) -> Iterator[tuple[T, ...]]:
        if len(prefix) == size:
            yield tuple(prefix)
            return
        for item in sorted(counts):
            if counts[item]:
                counts[item] -= 1
                prefix.append(item)
                yield from extend(prefix)
                prefix.pop()
                counts[item] += 1

    return extend([])
