"""Building stacks and positions from notation, and drawing them as text.

For tests, puzzles, docs and emails: :func:`build` places tiles one by one through the
placement rules (so a drawn position is always a legal one), :func:`arrange` makes a game
state around such stacks, and :func:`render` draws a stack from above, one character a
square, as the rule book's pictures show it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.engine.nmbr9.actions import Place
from games.engine.nmbr9.cards import CARDS, DECK
from games.engine.nmbr9.errors import NotationError
from games.engine.nmbr9.notation import parse_action
from games.engine.nmbr9.stack import Stack, settle
from games.engine.nmbr9.state import Nmbr9Config, Nmbr9State, Phase, new_game


def build(*moves: str) -> Stack:
    """The stack ``moves`` (``place …`` notation) build, in order, each checked by the rules.

    >>> build("place 0 at 0,0", "place 8 at 3,0 turn 180").tiles[1].level
    0
    """
    stack = Stack()
    for move in moves:
        action = parse_action(move)
        if not isinstance(action, Place):
            raise NotationError(f"{move!r} is not a placement")
        stack = stack.add(settle(stack, action.digit, action.x, action.y, action.turn))
    return stack


def render(stack: Stack, show: str = "digit") -> tuple[str, ...]:
    """The stack seen from above over its bounding box: each square shows the digit of its
    top tile (``show="digit"``) or that tile's level (``show="level"``); ``.`` is the table.

    >>> stack = build("place 9 at 0,0", "place 9 at 3,0", "place 6 at 0,0 turn 90")
    >>> render(stack)
    ('666699', '669699', '66.99.', '99.99.')
    >>> render(stack, "level")
    ('111100', '110100', '11.00.', '00.00.')
    """
    if not stack.tiles:
        return ()
    cells = stack.top
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    # Each square's character, worked out once: its top tile's digit or level.
    marks = {
        cell: str(stack.tiles[index].digit if show == "digit" else level)
        for cell, (level, index) in cells.items()
    }
    columns = range(min(xs), max(xs) + 1)
    return tuple(
        "".join([marks.get((x, y), ".") for x in columns]) for y in range(min(ys), max(ys) + 1)
    )


def arrange(stacks: Sequence[Sequence[str]], card: int, placed: Sequence[int] = ()) -> Nmbr9State:
    """A game in play: each seat's stack built from its moves, ``card`` face up, and the
    seats in ``placed`` having placed it already (their last move is that placement). The
    deck holds the digits of the longest stack, then ``card``, then the rest of the box
    (a position for tests, not necessarily one a real shuffle leads to).

    >>> state = arrange([["place 0 at 0,0"], []], card=8)
    >>> state.card, state.turned, state.placed
    (8, 2, (False, False))
    """
    built = tuple(build(*moves) for moves in stacks)
    longest = max(built, key=lambda stack: len(stack.tiles))
    before = [tile.digit for tile in longest.tiles]
    if placed:
        before = before[:-1]
    rest = Counter(DECK)
    rest.subtract([*before, card])
    deck = (*before, card, *sorted(rest.elements()))
    deck = (deck + DECK)[:CARDS]
    return new_game(Nmbr9Config(len(stacks)))._replace(
        phase=Phase.PLACE,
        deck=deck,
        turned=len(before) + 1,
        stacks=built,
        placed=tuple(seat in placed for seat in range(len(stacks))),
    )
