"""What makes a pli: shape rules, taking its cards from a hand, and listing the possible plis.

Checking (:func:`check_shape`) and listing (:func:`possible_plays`) state the same rules
from both sides; the tests play every listed pli and try unlisted ones to keep them agreeing.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations

from games.engine.numx.actions import Play
from games.engine.numx.cards import (
    INFINITY,
    JOKER,
    MAX_VALUE,
    NUMX,
    VALUES,
    Card,
    Colour,
    Face,
    Kind,
)
from games.engine.numx.errors import IllegalAction
from games.engine.numx.modes import BOOK_PLI_RULES, PliRules
from games.engine.numx.state import Pli

OPENING_SIZES = (1, 2, 3)


def check_shape(
    faces: Sequence[Face], value: int | None, top: Pli | None, rules: PliRules = BOOK_PLI_RULES
) -> None:
    """Raise :class:`IllegalAction` unless ``faces`` (as ``value``) may be laid on ``top``
    under the table's ``rules``: with ``every_triple``, any pli of three cards needs a
    Rainbow or a Shadow, not only a trick's first; with ``infinity_on_infinity``, an
    Infinity cuts an Infinity."""
    if not faces:
        raise IllegalAction("pli.same-value", "a pli holds at least one card")
    has_rainbow = has_shadow = False
    # One pass over the cards: this runs for every pli of every replayed game.
    for face in faces:
        kind = face.kind
        if kind is Kind.NUMBER:
            if face.value != value:
                raise IllegalAction(
                    "pli.same-value",
                    "%(first)s and %(card)s do not have the same value",
                    first=faces[0],
                    card=face,
                )
            if face.colour is Colour.RAINBOW:
                has_rainbow = True
            elif face.colour is Colour.SHADOW:
                has_shadow = True
        elif kind is Kind.INFINITY or kind is Kind.NUMX:
            _check_cut(faces, top, rules.infinity_on_infinity)
            return
        elif kind is not Kind.JOKER:
            raise IllegalAction("pli.action-card", "an Action card cannot be part of a pli")
    if value is None or not 0 <= value <= MAX_VALUE:
        raise IllegalAction("pli.joker-value", "say which value (0 to 16) the Jokers stand for")
    size = len(faces)
    if top is None:
        if size not in OPENING_SIZES:
            raise IllegalAction(
                "pli.opening-size", "a first pli holds one to three cards, not %(size)s", size=size
            )
        if size == 3 and not (has_rainbow or has_shadow):
            raise IllegalAction("pli.opening-triple", "this triple has no Rainbow or Shadow")
        return
    if top.value is None:
        raise IllegalAction("pli.higher", "only Num-X goes over %(top)s", top=top.cards[0])
    if value <= top.value:
        raise IllegalAction(
            "pli.higher", "%(value)s is not higher than %(top)s", value=value, top=top.value
        )
    if not _count_fits(size, len(top.cards), has_rainbow, has_shadow):
        raise IllegalAction(
            "pli.count",
            "this pli's number of cards (%(size)s) is not the top pli's (%(top)s)",
            size=size,
            top=len(top.cards),
        )
    if rules.every_triple and size == 3 and not (has_rainbow or has_shadow):
        raise IllegalAction("pli.triple", "at this table a triple holds a Rainbow or Shadow")


def _check_cut(faces: Sequence[Face], top: Pli | None, infinity_on_infinity: bool) -> None:
    if len(faces) != 1:
        raise IllegalAction("pli.cut", "Infinity and Num-X are laid alone")
    if top is None:
        raise IllegalAction("pli.cut", "%(card)s cuts a pli: there is none yet", card=faces[0])
    if faces[0] is INFINITY and not _infinity_cuts(top, infinity_on_infinity):
        raise IllegalAction("pli.cut", "Infinity does not cut %(top)s", top=top.cards[0])


def _infinity_cuts(top: Pli, infinity_on_infinity: bool) -> bool:
    """Whether an Infinity may be laid on ``top``: a classic pli, or an Infinity where the
    table allows it (nothing is ever laid on Num-X, which ends the trick)."""
    return top.kind is Kind.NUMBER or (infinity_on_infinity and top.kind is Kind.INFINITY)


def _rainbow_shadow(faces: Sequence[Face]) -> tuple[bool, bool]:
    return (
        any(face.is_rainbow for face in faces),
        any(face.is_shadow for face in faces),
    )


def _count_fits(size: int, previous: int, has_rainbow: bool, has_shadow: bool) -> bool:
    return (
        size == previous
        or (has_rainbow and size == previous + 1)
        or (has_shadow and size == previous - 1)
    )


def take(pool: Sequence[Card], faces: Sequence[Face]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Split ``pool`` into the cards for ``faces`` (first matching copies) and the rest."""
    used: list[Card] = []
    rest = list(pool)
    for face in faces:
        for index, card in enumerate(rest):
            if card.face is face:
                used.append(rest.pop(index))
                break
        else:
            raise IllegalAction("hand.has-cards", "no %(card)s to lay", card=face)
    return tuple(used), tuple(rest)


def possible_plays(
    pool: Sequence[Card],
    top: Pli | None,
    required: Face | None = None,
    rules: PliRules = BOOK_PLI_RULES,
) -> Iterator[Play]:
    """Every pli that can be laid from ``pool`` on ``top`` (without bonus) under the table's
    ``rules`` (see :func:`check_shape`), each once.

    With ``required``, only plis holding that face (a drawn or taken-back card).
    """
    faces = [card.face for card in pool]
    if top is not None:
        cuts = _infinity_cuts(top, rules.infinity_on_infinity)
        if INFINITY in faces and cuts and required in (None, INFINITY):
            yield Play((INFINITY,))
        if NUMX in faces and required in (None, NUMX):
            yield Play((NUMX,))
        if top.value is None:
            return
    if required is not None and not (required.is_numbered or required is JOKER):
        return
    jokers = faces.count(JOKER)
    by_value: dict[int, list[Face]] = {}
    for face in faces:
        if face.value is not None:
            by_value.setdefault(face.value, []).append(face)
    values: Sequence[int] = VALUES if jokers else sorted(by_value)
    if top is not None:
        assert top.value is not None
        values = [v for v in values if v > top.value]
    for value in values:
        if required is not None and required.value not in (None, value):
            continue
        yield from _plays_of_value(
            value, sorted(by_value.get(value, ())), jokers, top, required, rules.every_triple
        )


def _plays_of_value(
    value: int,
    numbered: list[Face],
    jokers: int,
    top: Pli | None,
    required: Face | None,
    every_triple: bool,
) -> Iterator[Play]:
    for size in range(len(numbered) + 1):
        for chosen in combinations(numbered, size):
            if required is not None and required is not JOKER and required not in chosen:
                continue
            has_rainbow, has_shadow = _rainbow_shadow(chosen)
            for extra in range(jokers + 1):
                total = size + extra
                if total == 0 or (required is JOKER and extra == 0):
                    continue
                if top is None:
                    fits = total in OPENING_SIZES and (total < 3 or has_rainbow or has_shadow)
                else:
                    fits = _count_fits(total, len(top.cards), has_rainbow, has_shadow) and not (
                        every_triple and total == 3 and not (has_rainbow or has_shadow)
                    )
                if fits:
                    yield Play((*chosen, *(JOKER,) * extra), value)


def can_open(hand: Sequence[Card]) -> bool:
    """Whether a first pli can be laid from ``hand`` (any numbered card or Joker will do)."""
    return any(card.face.is_numbered or card.face is JOKER for card in hand)
