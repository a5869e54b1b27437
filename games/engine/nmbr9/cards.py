"""The box: 80 number tiles, 8 of each digit, and 20 cards, 2 of each digit.

With at most four players and two cards of a digit, a game takes at most 2 × 4 = 8 tiles of
a digit: the box never runs out, so the supply is no constraint, only a check.
"""

from __future__ import annotations

from collections import Counter

from games.engine.nmbr9.tiles import DIGITS

CARDS_PER_DIGIT = 2
TILES_PER_DIGIT = 8
#: The 20 cards in box order (0, 0, 1, 1, … 9, 9).
DECK: tuple[int, ...] = tuple(digit for digit in DIGITS for _ in range(CARDS_PER_DIGIT))
DECK_COUNTS: Counter[int] = Counter(DECK)
#: The game ends once the last card has been turned and placed.
CARDS = len(DECK)
