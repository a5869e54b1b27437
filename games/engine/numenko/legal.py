"""Who may act, and with what: the legal actions of a seat, as collections supporting ``in``.

A move lays out a whole grid: the grids a hand of twenty tiles can make are far too many to
list, so :class:`Moves` is not ``listable``. It judges membership by the rules themselves
(:func:`~games.engine.numenko.rules.judge`), lists lazily a part of the moves (those that
keep the grid, then grids of one calculation of the bots' catalogue), and samples a random
move as the level-0 bot plays: an exchange, or a small grid of one calculation. The view's
``pending`` says what a move must satisfy. Chance's deals and draws are
:class:`ChanceActions`.

**A seat to move always has a legal move.** A hand is never empty when a seat is to move:
it starts with 21 or 16 tiles, an exchange adds one, fini draws four, and a grid that
would leave it empty must say fini. So keeping the grid and asking for nothing (``pass``)
is always legal, and so is exchanging any tile of the hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import permutations
from typing import Protocol

from games.engine.numenko.actions import Action, Deal, Draw, Play, Request
from games.engine.numenko.catalogue import catalogue
from games.engine.numenko.errors import IllegalAction
from games.engine.numenko.rules import deal, draw, judge
from games.engine.numenko.solver import laid_alone
from games.engine.numenko.state import CHANCE, NumenkoState, Phase
from games.engine.numenko.tiles import Tile, bag, without


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


def to_act(state: NumenkoState) -> frozenset[int]:
    """Every seat that may act now, :data:`CHANCE` included: chance to deal or draw; in
    rounds mode, every seat that has not moved this round; in live mode, every seat."""
    if state.phase in (Phase.DEAL, Phase.DRAW):
        return frozenset((CHANCE,))
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    if state.rounds:
        return frozenset(seat for seat, move in enumerate(state.submitted) if move is None)
    return frozenset(state.config.seats)


def awaiting(state: NumenkoState) -> frozenset[int]:
    """The seats the game waits for: those to act, but in live mode only the seats not
    content (a content seat may still move, out of turn: the game ends when all are)."""
    if state.phase is Phase.PLAY and not state.rounds:
        return frozenset(seat for seat, content in enumerate(state.content) if not content)
    return to_act(state)


def legal_actions(state: NumenkoState, seat: int) -> ActionSpace:
    """Everything ``seat`` (or :data:`CHANCE`) may do now; empty when nothing.

    >>> from games.engine.numenko.positions import arrange
    >>> from games.engine.numenko.notation import parse_action
    >>> state = arrange(["2x4=8", ""], ["79MM", "F"])
    >>> space = legal_actions(state, 0)
    >>> space.listable, parse_action("exchange 9") in space, parse_action("exchange 2") in space
    (False, True, False)
    """
    if seat not in to_act(state):
        return NO_ACTIONS
    if seat == CHANCE:
        return ChanceActions(state)
    return Moves(state, seat)


def _asks(hand: tuple[Tile, ...]) -> Iterator[tuple[Tile | None, bool]]:
    """The requests a hand left after the grid allows: fini when empty, else nothing or an
    exchange of each kind of tile in it."""
    if not hand:
        yield None, True
        return
    yield None, False
    for tile in dict.fromkeys(hand):
        yield tile, False


class Moves:
    """A seat's legal moves: judged by the rules, partly listed, sampled as the level-0 bot
    plays."""

    listable = False

    def __init__(self, state: NumenkoState, seat: int) -> None:
        self._state = state
        self._seat = seat

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Play):
            return False
        try:
            judge(self._state, self._seat, action)
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        """The moves keeping the grid, then the grids of one calculation of the catalogue
        the seat's tiles lay, each with every request it allows."""
        state, seat = self._state, self._seat
        for exchange, fini in _asks(state.hands[seat]):
            yield Play(None, exchange, fini)
        tiles = state.tiles_of(seat)
        for family in catalogue().families:
            for text in family.texts:
                grid = laid_alone(text, tiles)
                if grid is None:
                    break
                for exchange, fini in _asks(without(tiles, grid.tiles)):
                    yield Play(grid, exchange, fini)

    def __bool__(self) -> bool:
        # Never empty (see the module's docstring).
        return True

    def sample(self, rng: random.Random) -> Action:
        """Half the time an exchange of a tile of the hand, keeping the grid; otherwise a
        grid of one calculation drawn from the catalogue among those the seat's tiles lay
        (tried 30 times; an exchange if none comes), with fini if it takes every tile, or
        else an exchange or nothing, even odds."""
        state, seat = self._state, self._seat
        hand = state.hands[seat]
        if rng.random() < 0.5:
            return Play(exchange=rng.choice(hand))
        tiles = state.tiles_of(seat)
        families = catalogue().families
        for _ in range(30):
            grid = laid_alone(rng.choice(rng.choice(families).texts), tiles)
            if grid is not None:
                left = without(tiles, grid.tiles)
                if not left:
                    return Play(grid, fini=True)
                return Play(grid, rng.choice(left) if rng.random() < 0.5 else None)
        return Play(exchange=rng.choice(hand))


def _draws(pot: tuple[Tile, ...], count: int) -> Iterator[tuple[Tile, ...]]:
    """Every distinct multiset of ``count`` tiles of ``pot``, in a stable order."""
    counted = Counter(pot)
    kinds = [(tile, counted[tile]) for tile in dict.fromkeys(bag(pot))]

    def extend(at: int, left: int, taken: tuple[Tile, ...]) -> Iterator[tuple[Tile, ...]]:
        if not left:
            yield bag(taken)
            return
        if at == len(kinds):
            return
        tile, available = kinds[at]
        for number in range(min(available, left), -1, -1):
            yield from extend(at + 1, left - number, (*taken, *(tile,) * number))

    return extend(0, count, ())


class ChanceActions:
    """Chance's choices: every deal of the pot, or every order and draw for the requests
    waiting; sampled as a shuffle of the pot (chance draws blindly)."""

    listable = False

    def __init__(self, state: NumenkoState) -> None:
        self._state = state

    def __contains__(self, action: object) -> bool:
        try:
            if isinstance(action, Deal) and self._state.phase is Phase.DEAL:
                deal(self._state, action)
            elif isinstance(action, Draw) and self._state.phase is Phase.DRAW:
                draw(self._state, action)
            else:
                return False
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        state = self._state
        if state.phase is Phase.DEAL:
            yield from self._deals(state.pot, state.config.players, ())
            return
        askers = [seat for seat, ask in enumerate(state.asked) if ask is not None]
        for order in permutations(askers):
            yield from self._served(state, order, 0, ())

    def _deals(
        self, pot: tuple[Tile, ...], seats: int, hands: tuple[tuple[Tile, ...], ...]
    ) -> Iterator[Action]:
        if len(hands) == seats:
            yield Deal(hands)
            return
        for hand in _draws(pot, self._state.config.hand_size):
            yield from self._deals(without(pot, hand), seats, (*hands, hand))

    def _served(
        self,
        state: NumenkoState,
        order: tuple[int, ...],
        at: int,
        drawn: tuple[tuple[Tile, ...], ...],
    ) -> Iterator[Action]:
        """Each draw for ``order`` from ``at`` on, the pot as the earlier draws left it."""
        if at == len(order):
            yield Draw(order, drawn)
            return
        seat = order[at]
        ask = state.asked[seat]
        assert ask is not None
        if len(state.pot) < ask.request.draws:
            yield Draw(order, (*drawn, *((),) * (len(order) - at)))
            return
        pot = state.pot
        hands = state.hands
        if ask.request is Request.EXCHANGE:
            assert ask.tile is not None
            pot = bag((*pot, ask.tile))
            hands = (*hands[:seat], without(hands[seat], (ask.tile,)), *hands[seat + 1 :])
        for tiles in _draws(pot, ask.request.draws):
            after = state._replace(pot=without(pot, tiles), hands=hands)
            yield from self._served(after, order, at + 1, (*drawn, tiles))

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        state = self._state
        if state.phase is Phase.DEAL:
            pot = list(state.pot)
            rng.shuffle(pot)
            size = state.config.hand_size
            return Deal(
                tuple(bag(pot[seat * size : (seat + 1) * size]) for seat in state.config.seats)
            )
        order = [seat for seat, ask in enumerate(state.asked) if ask is not None]
        rng.shuffle(order)
        pot = list(state.pot)
        drawn: list[tuple[Tile, ...]] = []
        short = False
        for seat in order:
            ask = state.asked[seat]
            assert ask is not None
            short = short or len(pot) < ask.request.draws
            if short:
                drawn.append(())
                continue
            if ask.tile is not None:
                pot.append(ask.tile)
            rng.shuffle(pot)
            drawn.append(bag(pot[: ask.request.draws]))
            del pot[: ask.request.draws]
        return Draw(tuple(order), tuple(drawn))


class _NoActions:
    listable = True

    def __contains__(self, action: object) -> bool:
        return False

    def __iter__(self) -> Iterator[Action]:
        return iter(())

    def __bool__(self) -> bool:
        return False

    def sample(self, rng: random.Random) -> Action:
        raise IndexError("no legal action")


NO_ACTIONS = _NoActions()
