"""Who may act, and with what: the legal actions of a seat, as collections supporting ``in``.

A placement is one of a few hundred to a few thousand (every square of the grid, four
turns): too many to offer one by one, so :class:`Placements` is not ``listable``. It checks
membership with the placement rules alone (a dozen squares looked up), enumerates lazily
with :func:`placements`, and samples. Chance's one move, the shuffle, is
:class:`Shuffles`.

**A player always has a legal placement.** Level 0 is unbounded: take the rightmost column
any level-0 tile reaches and one of its squares there; the new tile turned so that its
leftmost square is in that row, just right of it, lies on the table entirely to the right of
the stack and shares that edge. So ``legal_actions`` is never empty for a seat in
:func:`to_act`, and no rule is needed for a player who cannot place.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Protocol

from games.engine.nmbr9.actions import Action, Place, Shuffle
from games.engine.nmbr9.cards import DECK, DECK_COUNTS
from games.engine.nmbr9.errors import IllegalAction
from games.engine.nmbr9.stack import NEIGHBOURS, Stack, Tile, settle
from games.engine.nmbr9.state import CHANCE, Nmbr9State, Phase
from games.engine.nmbr9.tiles import TURNS, Cell, footprint


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


def awaiting(state: Nmbr9State) -> frozenset[int]:
    """The seats the game waits for: chance before the shuffle, then every seat that has not
    placed the current card. Who has placed is public (not where), so this is also
    :func:`to_act`."""
    if state.phase is Phase.SHUFFLE:
        return frozenset((CHANCE,))
    if state.phase is Phase.GAME_OVER:
        return frozenset()
    return frozenset(seat for seat, done in enumerate(state.placed) if not done)


def to_act(state: Nmbr9State) -> frozenset[int]:
    """Every seat that may act now, :data:`CHANCE` included."""
    return awaiting(state)


def legal_actions(state: Nmbr9State, seat: int) -> ActionSpace:
    """Everything ``seat`` (or :data:`CHANCE`) may do now; empty when nothing.

    >>> from games.engine.nmbr9.positions import arrange
    >>> state = arrange([["place 0 at 0,0"]], card=1)
    >>> space = legal_actions(state, 0)
    >>> space.listable, Place(1, 3, 0, 0) in space, Place(1, 9, 0, 0) in space
    (False, True, False)
    """
    if seat not in to_act(state):
        return NO_ACTIONS
    if seat == CHANCE:
        return Shuffles()
    return Placements(state, seat)


def placements(stack: Stack, digit: int, turns: Sequence[int] = TURNS) -> Iterator[Tile]:
    """Every tile ``digit`` may become on ``stack`` turned one of ``turns``, level by level
    from 0, each turn in order, anchors sorted: a stable order, so that seeded bots replay
    the same games.

    >>> from games.engine.nmbr9.positions import build
    >>> len(list(placements(Stack(), 5)))
    4
    >>> {tile.level for tile in placements(build("place 0 at 0,0", "place 0 at 3,0"), 1)}
    {0, 1}
    """
    if not stack.tiles:
        for turn in turns:
            yield Tile(digit, 0, 0, turn, 0)
        return
    yield from _on_the_table(stack, digit, turns)
    for level in range(1, stack.height + 1):
        yield from _on_level(stack, digit, level, turns)


def _on_the_table(stack: Stack, digit: int, turns: Sequence[int]) -> Iterator[Tile]:
    ground = stack.levels[0]
    border = {(x + dx, y + dy) for x, y in ground for dx, dy in NEIGHBOURS} - ground
    for turn in turns:
        shape = footprint(digit, turn)
        # Any placement touching the ground has one of its squares on the border.
        anchors = sorted({(bx - sx, by - sy) for bx, by in border for sx, sy in shape})
        for ax, ay in anchors:
            if all((ax + sx, ay + sy) not in ground for sx, sy in shape):
                yield Tile(digit, ax, ay, turn, 0)


def _on_level(stack: Stack, digit: int, level: int, turns: Sequence[int]) -> Iterator[Tile]:
    below: dict[Cell, int] = {
        cell: index for cell, (height, index) in stack.top.items() if height == level - 1
    }
    same = stack.at_level(level)
    for turn in turns:
        shape = footprint(digit, turn)
        first_x, first_y = shape[0]
        # A tile lying on level - 1 has its first square there too.
        for ax, ay in sorted({(cx - first_x, cy - first_y) for cx, cy in below}):
            cells = [(ax + sx, ay + sy) for sx, sy in shape]
            if not all(cell in below for cell in cells):
                continue
            if len({below[cell] for cell in cells}) < 2:
                continue
            if same and not any(
                (cx + dx, cy + dy) in same for cx, cy in cells for dx, dy in NEIGHBOURS
            ):
                continue
            yield Tile(digit, ax, ay, turn, level)


class Placements:
    """A seat's legal placements of the card face up: checked by the rules, listed lazily."""

    listable = False

    def __init__(self, state: Nmbr9State, seat: int) -> None:
        self._stack = state.stacks[seat]
        self._digit = state.card

    def __contains__(self, action: object) -> bool:
        if not isinstance(action, Place) or action.digit != self._digit:
            return False
        try:
            settle(self._stack, action.digit, action.x, action.y, action.turn)
        except IllegalAction:
            return False
        return True

    def __iter__(self) -> Iterator[Action]:
        assert self._digit is not None
        for tile in placements(self._stack, self._digit):
            yield Place(tile.digit, tile.x, tile.y, tile.turn)

    def __bool__(self) -> bool:
        # Never empty (see the module's docstring): level 0 always has room.
        return True

    def sample(self, rng: random.Random) -> Action:
        return rng.choice(list(self))


class Shuffles:
    """Chance's choice: every order of the 20 cards."""

    listable = False

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Shuffle) and Counter(action.order) == DECK_COUNTS

    def __iter__(self) -> Iterator[Action]:
        def extend(prefix: list[int], left: Counter[int]) -> Iterator[Action]:
            if not +left:
                yield Shuffle(tuple(prefix))
                return
            for card in sorted(+left):
                left[card] -= 1
                yield from extend([*prefix, card], left)
                left[card] += 1

        return extend([], Counter(DECK))

    def __bool__(self) -> bool:
        return True

    def sample(self, rng: random.Random) -> Action:
        order = list(DECK)
        rng.shuffle(order)
        return Shuffle(tuple(order))


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
