"""What the climbing card games of the box share: NUM-X (``games.engine.numx``) and its
earlier rule set, Objectifs (``games.engine.objectifs``). Neither engine imports the other;
both import this.

- A pli is cards of one value: the value its cards give (:func:`implied_value`), or, for a
  pli of Jokers alone, the value its player names (``play joker joker as 9``:
  :func:`split_named_value`, :func:`with_named_value`).
- Malus cards print two numbers (:func:`malus_text`): ``malus+2/-1``.
- Numbers in notation are ASCII digits (:func:`ascii_int`), and a verb's words are
  counted alike (:func:`check_arity`).
- A turn's legal moves are a short list (:class:`ListedActions`), and what a seat drew
  is its own to read in the records (:func:`own_only`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from games.engine.ruleset import gettext_noop

A = TypeVar("A", covariant=True)
T = TypeVar("T")


class Valued(Protocol):
    """A card face that may carry a value (a numbered card) or not (a Joker, an Action card)."""

    @property
    def value(self) -> int | None: ...


def implied_value(faces: Iterable[Valued]) -> int | None:
    """The value a pli's cards give by themselves: the first one with a value. A Joker has
    none: it stands for the value of the cards it is laid with.

    >>> from types import SimpleNamespace as Card
    >>> implied_value([Card(value=None), Card(value=7)]), implied_value([Card(value=None)])
    (7, None)
    """
    # A loop, not next() over a generator: every pli read back from the store asks this.
    for face in faces:
        if face.value is not None:
            return face.value
    return None


#: The word before the value a pli of Jokers names.
AS = "as"


def split_named_value(words: list[str]) -> tuple[list[str], str | None]:
    """A pli's words without their trailing ``as VALUE``, and that value's word (``None``
    when the pli names none).

    >>> split_named_value(["joker", "joker", "AS", "9"])
    (['joker', 'joker'], '9')
    >>> split_named_value(["blue-7"])
    (['blue-7'], None)
    """
    if len(words) >= 2 and words[-2].lower() == AS:
        return words[:-2], words[-1]
    return words, None


def with_named_value(text: str, value: str) -> str:
    """A pli's notation followed by the value it names.

    >>> with_named_value("play joker", "9")
    'play joker as 9'
    """
    return f"{text} {AS} {value}"


def malus_text(hand: int, other: int) -> str:
    """The name of a Malus card: what it does to the target's hand (top number), then to the
    cards in front of them (bottom number), each with its sign.

    >>> malus_text(2, -1), malus_text(1, 2)
    ('malus+2/-1', 'malus+1/+2')
    """
    return f"malus{hand:+d}/{other:+d}"


def ascii_int(word: str, signed: bool = False) -> int | None:
    """The number ``word`` writes in ASCII digits (with ``signed``, after an optional ``+``
    or ``-``), or ``None``.

    ASCII only: "²" is a digit to ``str.isdigit()`` but not to ``int()``.

    >>> ascii_int("12"), ascii_int("-2"), ascii_int("-2", signed=True), ascii_int("²")
    (12, None, -2, None)
    """
    digits = word[1:] if signed and word[:1] in ("+", "-") else word
    if not (digits.isascii() and digits.isdigit()):
        return None
    return int(word)


def check_arity(args: list[str], count: int, verb: str, error: Callable[..., Exception]) -> None:
    """Raise ``error`` (the game's NotationError) unless ``verb`` has ``count`` arguments;
    its message says the count in words for one, so that neither language says
    "argument(s)".

    >>> check_arity(["all"], 1, "flip", ValueError)
    >>> check_arity([], 2, "swipe", lambda message, **values: ValueError(message % values))
    Traceback (most recent call last):
    ...
    ValueError: “swipe” takes 2 arguments, not 0
    """
    if len(args) == count:
        return
    if count == 1:
        raise error(
            gettext_noop("“%(verb)s” takes one argument, not %(got)d"), verb=verb, got=len(args)
        )
    raise error(
        gettext_noop("“%(verb)s” takes %(count)d arguments, not %(got)d"),
        verb=verb,
        count=count,
        got=len(args),
    )


def replace_at(items: tuple[T, ...], index: int, item: T) -> tuple[T, ...]:
    """``items`` with the one at ``index`` replaced: per-seat tuples change one seat at a time.

    >>> replace_at((1, 2, 3), 1, 9)
    (1, 9, 3)
    """
    return (*items[:index], item, *items[index + 1 :])


def own_only(per_seat: dict[str, Any], viewer: int | None) -> dict[str, Any]:
    """A recorded fact kept per seat (seats as JSON keys) as ``viewer`` may read it: its own
    entry, every other one hidden (``None``, or as many ``None`` as a list has items).

    >>> own_only({"0": ["blue-7"], "1": ["red-2", "joker"], "2": "pair"}, 0)
    {'0': ['blue-7'], '1': [None, None], '2': None}
    """
    return {
        who: value
        if viewer is not None and who == str(viewer)
        else [None] * len(value)
        if isinstance(value, list)
        else None
        for who, value in per_seat.items()
    }


class ListedActions(Generic[A]):
    """A short, fully listed set of legal actions, in a stable order (see
    :class:`games.engine.ruleset.Actions`).

    >>> moves = ListedActions(["pass", "draw", "pass"])
    >>> list(moves), "draw" in moves, len(moves)
    (['pass', 'draw'], True, 2)
    """

    listable = True

    def __init__(self, actions: Iterable[A]) -> None:
        # One hash an action: a move's hash walks its cards, and a large list (1,635
        # moves) took 13 % longer to build with a set beside the ordered dict.
        self._index = dict.fromkeys(actions)
        self._actions = tuple(self._index)

    def __contains__(self, action: object) -> bool:
        return action in self._index

    def __iter__(self) -> Iterator[A]:
        return iter(self._actions)

    def __len__(self) -> int:
        return len(self._actions)

    def __bool__(self) -> bool:
        return bool(self._actions)

    def sample(self, rng: random.Random) -> A:
        """One of the actions, at random."""
        return rng.choice(self._actions)

    def __repr__(self) -> str:
        return f"ListedActions({[str(a) for a in self._actions]})"
